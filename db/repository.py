"""Sessions in the database: the tracker's SessionStore over SQLAlchemy, and session management.

One SQLAlchemy session (one transaction) per user action: every command, undo
or redo is committed before the tracker shows it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

from db.change_notices import notify
from db.engine import Database
from db.errors import StorageError
from db.limits import check_values, shown
from db.models import Base, LogRow, SessionRow, StatusRow, TerrainRow, UnitRow
from db.session_rows import SESSION_SCALARS, sections_from_rows
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import Ruleset
from desktop.tracker.errors import ConflictError
from desktop.tracker.history import DROPPED, UNDONE, HistoryEntry, LogEntry
from desktop.tracker.records import record_fields
from desktop.tracker.session import Session, exported_encounter, initial_state
from desktop.tracker.state import Sections, TrackerState, full_sections, state_from_sections
from desktop.tracker.store import Loaded

RulesetLookup = Callable[[str], Ruleset]
F = TypeVar("F", bound=Callable[..., Any])


def _run_by(database_of: Callable[[Any], Database]) -> Callable[[F], F]:
    """Make a function's database work go through its database's `run` (a window keeps
    repainting while a server takes its time to answer)."""

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def wrapper(first, *args, **kwargs):
            return database_of(first).run(lambda: function(first, *args, **kwargs))

        return cast(F, wrapper)

    return decorate


_waited = _run_by(lambda database: database)  # for functions taking the Database first
_store_waited = _run_by(lambda store: store.database)  # for SqlSessionStore's methods


@dataclass(frozen=True)
class SessionInfo:
    name: str
    ruleset: str
    round: int
    units: int
    entries: int
    updated_at: datetime


def _default_rulesets(ruleset_id: str) -> Ruleset:
    from desktop.rulesets.registry import get_ruleset

    return get_ruleset(ruleset_id)


# -- rows <-> sections ------------------------------------------------------------------------


def _table(model: type[Base]) -> Table:
    """The model's Core table (declarative types `__table__` as the wider FromClause)."""
    return cast(Table, model.__table__)


_units = _table(UnitRow)
_statuses = _table(StatusRow)
_terrain = _table(TerrainRow)
_sessions = _table(SessionRow)
_log = _table(LogRow)
# Statements built once with bind parameters: the write path runs on every command.
_UNIT_COLUMNS = (
    "name",
    "side",
    "col",
    "row",
    "hp",
    "max_hp",
    "ai",
    "stats",
    "tags",
    "weapons",
    "fields",
    "aoe",
    "standee",
)
_UPDATE_UNIT = (
    update(_units)
    .where((_units.c.session_id == bindparam("s_pk")) & (_units.c.unit_id == bindparam("u_id")))
    .values({c: bindparam(c) for c in _UNIT_COLUMNS})
    .returning(_units.c.id)
)
_INSERT_UNIT = (
    insert(_units)
    .values(
        session_id=bindparam("s_pk"),
        unit_id=bindparam("u_id"),
        position=bindparam("pos"),
        **{c: bindparam(c) for c in _UNIT_COLUMNS},
    )
    .returning(_units.c.id)
)
_DELETE_UNIT = delete(_units).where(
    (_units.c.session_id == bindparam("s_pk")) & (_units.c.unit_id == bindparam("u_id"))
)
_DELETE_STATUSES = delete(_statuses).where(_statuses.c.unit_pk == bindparam("u_pk"))
_UNIT_POSITION = (
    update(_units)
    .where((_units.c.session_id == bindparam("s_pk")) & (_units.c.unit_id == bindparam("u_id")))
    .values(position=bindparam("pos"))
)
_DROP_REDO = (
    update(_log)
    .where((_log.c.session_id == bindparam("s_pk")) & (_log.c.status == UNDONE))
    .values(status=DROPPED)
)
_SET_LOG_STATUS = (
    update(_log)
    .where((_log.c.session_id == bindparam("s_pk")) & (_log.c.seq == bindparam("seq_")))
    .values(status=bindparam("status_"))
)


def _unit_values(record: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "name": record["name"],
        "side": record["side"],
        "col": record["at"][0],
        "row": record["at"][1],
        "hp": record["hp"],
        "max_hp": record["max_hp"],
        "ai": record.get("ai"),
        "stats": record.get("stats") or {},
        "tags": record.get("tags") or [],
        "weapons": record.get("weapons") or [],
        "fields": record_fields(record),
        "aoe": record.get("aoe"),
        "standee": record.get("standee"),
    }


def _write_sections(
    conn: Connection, session_pk: int, sections: Sections, roster: list[str]
) -> dict[str, Any]:
    """Rewrite the rows behind `sections`; returns the column values for the session row."""
    values = {column: sections[key] for key, column in SESSION_SCALARS.items() if key in sections}
    if "board" in sections:
        board = sections["board"]
        values["board_shape"] = board["shape"]
        values["thin_walls"] = board.get("thin_walls") or []
        conn.execute(delete(_terrain).where(_terrain.c.session_id == session_pk))
        heights = board.get("heights")
        rows = [
            {
                "session_id": session_pk,
                "row": i,
                "cells": cells,
                "heights": "".join(map(str, heights[i])) if heights is not None else None,
            }
            for i, cells in enumerate(board["rows"])
        ]
        for row in rows:
            check_values(_terrain, row, "the board")
        conn.execute(insert(_terrain), rows)
    check_values(_sessions, values, "the session")
    positions = {unit_id: i for i, unit_id in enumerate(roster)}
    for unit_id, record in (sections.get("units") or {}).items():
        keys = {"s_pk": session_pk, "u_id": unit_id}
        if record is None:
            conn.execute(_DELETE_UNIT, keys)
            continue
        what = f"unit '{shown(unit_id)}'"
        unit_values = _unit_values(record)
        check_values(_units, {"unit_id": unit_id, **unit_values}, what)
        params = {**keys, **unit_values}
        pk = conn.execute(_UPDATE_UNIT, params).scalar()
        if pk is None:
            pk = conn.execute(
                _INSERT_UNIT, {**params, "pos": positions.get(unit_id, 0)}
            ).scalar_one()
        else:
            conn.execute(_DELETE_STATUSES, {"u_pk": pk})
        counters = record.get("counters") or {}
        if record.get("statuses"):
            statuses = [
                {"unit_pk": pk, "status": s, "position": i, "counter": counters.get(s)}
                for i, s in enumerate(record["statuses"])
            ]
            for status in statuses:
                check_values(_statuses, status, what)
            conn.execute(insert(_statuses), statuses)
    if "roster" in sections and positions:  # an empty roster (a new session) has no rows
        conn.execute(
            _UNIT_POSITION,
            [{"s_pk": session_pk, "u_id": u, "pos": p} for u, p in positions.items()],
        )
    return values


_BUMP = (
    update(_sessions)
    .where((_sessions.c.id == bindparam("s_pk")) & (_sessions.c.version == bindparam("v")))
    .values(version=_sessions.c.version + 1, updated_at=bindparam("now"))
)


def _bump(conn: Connection, session_pk: int, expected: int, values: dict[str, Any]) -> int:
    """The optimistic check: only the writer who saw the current version may write."""
    params = {"s_pk": session_pk, "v": expected, "now": datetime.now(UTC)}
    statement = _BUMP.values(**values) if values else _BUMP
    result = conn.execute(statement, params)
    if result.rowcount != 1:
        raise ConflictError("the session was changed by another Foebook")
    notify(conn, session_pk, expected + 1)  # heard by other windows once this commits
    return expected + 1


class SqlSessionStore:
    """The tracker's SessionStore for one session row."""

    def __init__(self, database: Database, session_pk: int) -> None:
        self.database = database
        self.session_pk = session_pk

    @_store_waited
    def version(self) -> int:
        with self.database.make_session() as db:
            found = db.execute(
                select(SessionRow.version).where(SessionRow.id == self.session_pk)
            ).scalar()
        if found is None:
            raise StorageError("the session was deleted by another Foebook")
        return found

    @_store_waited
    def load(self) -> Loaded:
        with self.database.make_session() as db, db.begin():
            row = (
                db.execute(select(_sessions).where(_sessions.c.id == self.session_pk))
                .mappings()
                .one_or_none()
            )
            if row is None:
                raise StorageError("the session was deleted by another Foebook")
            terrain = db.execute(
                select(TerrainRow.cells, TerrainRow.heights)
                .where(TerrainRow.session_id == self.session_pk)
                .order_by(TerrainRow.row)
            ).all()
            units = (
                db.execute(
                    select(_units)
                    .where(_units.c.session_id == self.session_pk)
                    .order_by(_units.c.position)
                )
                .mappings()
                .all()
            )
            statuses = db.execute(
                select(StatusRow.unit_pk, StatusRow.status, StatusRow.counter)
                .join(UnitRow, UnitRow.id == StatusRow.unit_pk)
                .where(UnitRow.session_id == self.session_pk)
                .order_by(StatusRow.unit_pk, StatusRow.position)
            ).all()
            history = [
                HistoryEntry(seq, created, kind, text, status)
                for seq, created, kind, text, status in db.execute(
                    select(LogRow.seq, LogRow.created_at, LogRow.kind, LogRow.text, LogRow.status)
                    .where(LogRow.session_id == self.session_pk)
                    .order_by(LogRow.seq)
                )
            ]
        ruleset, version = row["ruleset"], row["version"]
        sections = sections_from_rows(row, terrain, units, statuses)
        return Loaded(state_from_sections(ruleset, sections), history, version)

    @_store_waited
    def append(self, log: LogEntry, after: TrackerState, expected_version: int) -> int:
        entry = log.entry
        with self.database.engine.begin() as conn:
            # The version check goes first: it takes the write lock before anything else.
            version = _bump(conn, self.session_pk, expected_version, {})
            values = _write_sections(
                conn, self.session_pk, log.after, [u.id for u in after.encounter.units]
            )
            if values:
                conn.execute(
                    update(_sessions).where(_sessions.c.id == self.session_pk).values(**values)
                )
            conn.execute(_DROP_REDO, {"s_pk": self.session_pk})
            row = {
                "session_id": self.session_pk,
                "seq": entry.seq,
                "created_at": entry.time,
                "kind": entry.kind,
                "text": entry.text,
                "status": entry.status,
                "payload": log.payload,
                "before": log.before,
                "after": log.after,
            }
            check_values(_log, row, "the log entry")
            try:
                conn.execute(insert(_log), row)
            except IntegrityError:
                raise ConflictError("another Foebook logged a command at the same time") from None
        return version

    @_store_waited
    def set_status(
        self, seq: int, status: str, changes: Sections, after: TrackerState, expected_version: int
    ) -> int:
        with self.database.engine.begin() as conn:
            version = _bump(conn, self.session_pk, expected_version, {})
            values = _write_sections(
                conn, self.session_pk, changes, [u.id for u in after.encounter.units]
            )
            if values:
                conn.execute(
                    update(_sessions).where(_sessions.c.id == self.session_pk).values(**values)
                )
            conn.execute(_SET_LOG_STATUS, {"s_pk": self.session_pk, "seq_": seq, "status_": status})
        return version

    @_store_waited
    def changes(self, seq: int) -> tuple[Sections, Sections]:
        with self.database.make_session() as db:
            row = db.execute(
                select(LogRow.before, LogRow.after).where(
                    (LogRow.session_id == self.session_pk) & (LogRow.seq == seq)
                )
            ).one()
        return row.before, row.after


# -- managing sessions ------------------------------------------------------------------------


def _session_pk(db: DbSession, name: str) -> int:
    pk = db.execute(select(SessionRow.id).where(SessionRow.name == name)).scalar()
    if pk is None:
        known = db.execute(select(SessionRow.name).order_by(SessionRow.name)).scalars().all()
        raise StorageError(f"no session named '{name}' (sessions: {', '.join(known) or 'none'})")
    return pk


@_waited
def create_session(database: Database, name: str, state: TrackerState) -> int:
    """Store a new session with `state` as its starting point; returns its row id."""
    name = name.strip()
    if not name:
        raise StorageError("a session needs a name")
    now = datetime.now(UTC)
    sections = full_sections(state)
    taken = _taken(name)
    try:
        with database.engine.begin() as db:
            pk = _create(db, name, state, sections, now)
    except IntegrityError:
        raise taken from None
    if pk is None:
        raise taken
    return pk


def _create(
    db: Connection, name: str, state: TrackerState, sections: Sections, now: datetime
) -> int | None:
    check_values(
        _sessions, {"name": name, "ruleset": state.encounter.ruleset}, f"session '{shown(name)}'"
    )
    if db.execute(select(SessionRow.id).where(SessionRow.name == name)).scalar():
        return None
    pk = db.execute(
        insert(_sessions)
        .values(
            name=name,
            ruleset=state.encounter.ruleset,
            created_at=now,
            updated_at=now,
            version=0,
            board_shape=state.encounter.board.shape.value,
            encounter_name="",
            round=1,
            pointer=0,
            activation_order=[],
            ties=[],
            memory={},
            cards=[],
            dice={},
            thin_walls=[],
            rules={},
            held={},
            scenario={},
        )
        .returning(_sessions.c.id)
    ).scalar_one()
    values = _write_sections(db, pk, sections, sections["roster"])
    db.execute(update(_sessions).where(_sessions.c.id == pk).values(**values))
    return pk


def new_session(
    database: Database,
    name: str,
    encounter: Encounter,
    rulesets: RulesetLookup = _default_rulesets,
    physical_dice: bool = False,
) -> Session:
    """`physical_dice`: the new session's dice are the players' own (see SessionDice)."""
    ruleset = rulesets(encounter.ruleset)
    create_session(database, name, initial_state(encounter, ruleset, physical_dice=physical_dice))
    return open_session(database, name, rulesets)


@_waited
def open_session(
    database: Database, name: str, rulesets: RulesetLookup = _default_rulesets
) -> Session:
    with database.make_session() as db:
        pk = _session_pk(db, name)
        # The row _session_pk just found (scalar() is typed Optional for a missing one).
        ruleset_id = cast(
            str, db.execute(select(SessionRow.ruleset).where(SessionRow.id == pk)).scalar()
        )
    return Session(rulesets(ruleset_id), SqlSessionStore(database, pk), name)


@_waited
def list_sessions(database: Database) -> list[SessionInfo]:
    units = (
        select(UnitRow.session_id, func.count().label("n")).group_by(UnitRow.session_id).subquery()
    )
    entries = (
        select(LogRow.session_id, func.count().label("n")).group_by(LogRow.session_id).subquery()
    )
    with database.make_session() as db:
        rows = db.execute(
            select(
                SessionRow.name,
                SessionRow.ruleset,
                SessionRow.round,
                func.coalesce(units.c.n, 0),
                func.coalesce(entries.c.n, 0),
                SessionRow.updated_at,
            )
            .outerjoin(units, units.c.session_id == SessionRow.id)
            .outerjoin(entries, entries.c.session_id == SessionRow.id)
            .order_by(SessionRow.name)
        ).all()
    return [SessionInfo(*row) for row in rows]


@_waited
def delete_session(database: Database, name: str) -> None:
    with database.make_session() as db, db.begin():
        pk = _session_pk(db, name)
        db.execute(delete(SessionRow).where(SessionRow.id == pk))


def _taken(name: str) -> StorageError:
    return StorageError(f"a session named '{shown(name)}' already exists; choose another name")


@_waited
def rename_session(database: Database, name: str, new_name: str) -> str:
    """Give the session another name; returns the name as stored (spaces trimmed). Its
    rows, log and undo history stay as they are: they hang on its row id, not its name."""
    new_name = new_name.strip()
    if not new_name:
        raise StorageError("a session needs a name")
    check_values(_sessions, {"name": new_name}, f"session '{shown(new_name)}'")
    try:
        with database.make_session() as db, db.begin():
            pk = _session_pk(db, name)
            if new_name == name:
                return name
            if db.execute(select(SessionRow.id).where(SessionRow.name == new_name)).scalar():
                raise _taken(new_name)
            db.execute(update(_sessions).where(_sessions.c.id == pk).values(name=new_name))
    except IntegrityError:  # another Foebook took the name at the same moment
        raise _taken(new_name) from None
    return new_name


@dataclass(frozen=True)
class DeletedSession:
    """A deleted session's rows, kept (in memory) so that it can be put back."""

    name: str
    session: dict[str, Any]
    units: tuple[dict[str, Any], ...]  # each with its status rows under "statuses"
    terrain: tuple[dict[str, Any], ...]
    log: tuple[dict[str, Any], ...]


def _rows(db: DbSession, table: Table, where, order) -> list[dict[str, Any]]:
    return [dict(row._mapping) for row in db.execute(select(table).where(where).order_by(order))]


@_waited
def take_session(database: Database, name: str) -> DeletedSession:
    """Delete the session and return its rows, which `restore_session` puts back. The
    deletion is committed at once: should the program end before a restore, the session
    stays deleted, as its user confirmed."""
    with database.make_session() as db, db.begin():
        pk = _session_pk(db, name)
        [session] = _rows(db, _sessions, _sessions.c.id == pk, _sessions.c.id)
        units = _rows(db, _units, _units.c.session_id == pk, _units.c.position)
        for unit in units:
            unit["statuses"] = _rows(
                db, _statuses, _statuses.c.unit_pk == unit["id"], _statuses.c.position
            )
        terrain = _rows(db, _terrain, _terrain.c.session_id == pk, _terrain.c.row)
        log = _rows(db, _log, _log.c.session_id == pk, _log.c.seq)
        db.execute(delete(SessionRow).where(SessionRow.id == pk))
    return DeletedSession(name, session, tuple(units), tuple(terrain), tuple(log))


@_waited
def restore_session(database: Database, deleted: DeletedSession, name: str | None = None) -> str:
    """Put a deleted session back, under its own name or `name` (when another session has
    taken its name since); its rows get new ids. Returns the name it has now."""
    name = (name or deleted.name).strip()
    check_values(_sessions, {"name": name}, f"session '{shown(name)}'")

    def without_ids(row: Mapping[str, Any], *drop: str) -> dict[str, Any]:
        return {k: v for k, v in row.items() if k not in ("id", *drop)}

    try:
        with database.engine.begin() as db:
            if db.execute(select(_sessions.c.id).where(_sessions.c.name == name)).scalar():
                raise _taken(name)
            pk = db.execute(
                insert(_sessions)
                .values({**without_ids(deleted.session), "name": name})
                .returning(_sessions.c.id)
            ).scalar_one()
            for unit in deleted.units:
                unit_pk = db.execute(
                    insert(_units)
                    .values({**without_ids(unit, "statuses"), "session_id": pk})
                    .returning(_units.c.id)
                ).scalar_one()
                statuses = [{**without_ids(s), "unit_pk": unit_pk} for s in unit["statuses"]]
                if statuses:
                    db.execute(insert(_statuses), statuses)
            for table, rows in ((_terrain, deleted.terrain), (_log, deleted.log)):
                if rows:
                    db.execute(insert(table), [{**without_ids(r), "session_id": pk} for r in rows])
    except IntegrityError:
        raise _taken(name) from None
    return name


@_waited
def session_log(database: Database, name: str) -> list[HistoryEntry]:
    with database.make_session() as db:
        pk = _session_pk(db, name)
    return SqlSessionStore(database, pk).load().history


@_waited
def export_encounter(database: Database, name: str) -> Encounter:
    """The session's current state as an encounter (for `save_encounter`)."""
    with database.make_session() as db:
        pk = _session_pk(db, name)
    return exported_encounter(SqlSessionStore(database, pk).load().state)
