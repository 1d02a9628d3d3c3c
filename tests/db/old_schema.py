"""Rows as an older Foebook wrote them, for the migration tests: the table is read from the
database at its old revision, so no test keeps a copy of an old model."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa


def insert_old_session(
    engine: sa.Engine, name: str, ruleset: str, board_shape: str, **columns: Any
) -> None:
    """A session row with the columns every revision has; `columns` add or override (such
    as `dice`, which only schema 0002 and later have)."""
    sessions = sa.Table("sessions", sa.MetaData(), autoload_with=engine)
    now = datetime.now(UTC)
    row = {
        "name": name,
        "ruleset": ruleset,
        "board_shape": board_shape,
        "encounter_name": "",
        "created_at": now,
        "updated_at": now,
        "version": 0,
        "round": 1,
        "pointer": 0,
        "activation_order": [],
        "ties": [],
        "memory": {},
        "cards": [],
        **columns,
    }
    with engine.begin() as conn:
        conn.execute(sa.insert(sessions).values(**row))
