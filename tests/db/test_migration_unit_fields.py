"""Migration 0004: a database at 0003 holding guards and priorities keeps them, in `fields`."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy import create_engine, inspect

from db import migrate
from db.engine import normalise_url


def _unit(pk: int, unit_id: str, **columns) -> dict:
    return {
        "id": pk,
        "session_id": 1,
        "unit_id": unit_id,
        "position": pk,
        "name": unit_id,
        "side": "enemy",
        "col": pk,
        "row": 0,
        "hp": 3,
        "max_hp": 3,
        "ai": None,
        "stats": {},
        "tags": [],
        "weapons": [],
        "guards": None,
        "priorities": [],
        **columns,
    }


def _units(engine) -> dict:
    units = sa.Table("units", sa.MetaData(), autoload_with=engine)
    with engine.connect() as conn:
        return {row.unit_id: row._asdict() for row in conn.execute(sa.select(units))}


def test_upgrade_moves_guards_and_priorities_into_fields(db_url):
    engine = create_engine(normalise_url(db_url))
    try:
        migrate.upgrade_to(engine, "0003")
        now = datetime.now(UTC)
        meta = sa.MetaData()
        sessions = sa.Table("sessions", meta, autoload_with=engine)
        units = sa.Table("units", meta, autoload_with=engine)
        with engine.begin() as conn:
            conn.execute(
                sa.insert(sessions).values(
                    id=1,
                    name="old",
                    ruleset="skirmish-ai",
                    created_at=now,
                    updated_at=now,
                    version=1,
                    encounter_name="Old",
                    board_shape="square",
                    round=1,
                    pointer=0,
                    activation_order=[],
                    ties=[],
                    memory={},
                    cards={},
                    dice={},
                )
            )
            conn.execute(
                sa.insert(units),
                [
                    _unit(1, "boss"),
                    _unit(2, "guard", guards="boss"),
                    _unit(3, "orc", priorities=["shoot-new", "fight-closest"]),
                ],
            )
        migrate.upgrade(engine, "test database")
        columns = {c["name"] for c in inspect(engine).get_columns("units")}
        assert "fields" in columns and not {"guards", "priorities"} & columns
        after = _units(engine)
        assert after["boss"]["fields"] == {}
        assert after["guard"]["fields"] == {"guards": "boss"}
        assert after["orc"]["fields"] == {"priorities": ["shoot-new", "fight-closest"]}
        assert after["orc"]["name"] == "orc" and after["guard"]["col"] == 2
    finally:
        engine.dispose()
