"""The session shown at start, read with the standard library's sqlite3 before SQLAlchemy
loads, so the window shows it at once; its store waits for the database (opened with every
check right after the first paint) for anything but that first read, and the file, the
truth, is read again then: what differs is shown and no edit goes by the first read."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from db.errors import StorageError
from db.schema_revisions import APPLICATION_ID, SCHEMA_REVISIONS
from db.session_rows import sections_from_rows
from desktop.tracker.errors import ConflictError
from desktop.tracker.history import HistoryEntry, LogEntry
from desktop.tracker.state import Sections, TrackerState, state_from_sections
from desktop.tracker.store import Loaded

if TYPE_CHECKING:  # SQLAlchemy loads after the first paint
    from db.engine import Database
    from db.repository import SqlSessionStore

log = logging.getLogger(__name__)

_PLAIN_SQLITE = "sqlite:///"
_WAL_HEADER = b"\x02\x02"  # the header's read and write versions (bytes 18-19) in WAL mode
_SESSION_JSON = (
    "activation_order",
    "ties",
    "memory",
    "cards",
    "dice",
    "thin_walls",
    "rules",
    "held",
    "book",
    "scenario",
)
_UNIT_JSON = ("stats", "tags", "weapons", "fields", "aoe", "standee")


@dataclass(frozen=True)
class FirstRead:
    """A session read from the database file before SQLAlchemy has loaded."""

    path: Path
    name: str
    session_pk: int
    ruleset: str
    loaded: Loaded


def sqlite_file(url: str) -> Path | None:
    """The file of a plain `sqlite:///path` URL (as desktop.storage_url writes them); None
    for anything else (a server, a URL with options): those open the normal way."""
    if not url.startswith(_PLAIN_SQLITE) or "?" in url or "#" in url:
        return None
    return Path(unquote(url[len(_PLAIN_SQLITE) :]))


def _read_only_uri(path: Path) -> str | None:
    """How to read the file leaving nothing behind: a WAL-mode file without its side files
    (Foebook closed cleanly, nobody has it open) is read as immutable, since a read-only
    connection would create them; one with both (another Foebook has it open) is read
    through them. None for anything else (a side file alone): the normal open decides."""
    sides = [path.with_name(path.name + suffix).exists() for suffix in ("-wal", "-shm")]
    with path.open("rb") as handle:
        header = handle.read(20)
    uri = path.resolve().as_uri()
    if header[18:20] != _WAL_HEADER or all(sides):
        return f"{uri}?mode=ro"
    return None if any(sides) else f"{uri}?immutable=1"


def _decoded(row: sqlite3.Row, columns: tuple[str, ...]) -> dict[str, Any]:
    values = dict(zip(row.keys(), tuple(row), strict=True))
    for column in columns:
        if values[column] is not None:
            values[column] = json.loads(values[column])
    return values


def _utc(stored: str) -> datetime:
    """A timestamp as SQLAlchemy stores it in SQLite (UTC, without its zone)."""
    return datetime.fromisoformat(stored).replace(tzinfo=UTC)


def read_first(path: Path, name: str) -> FirstRead | None:
    """The session `name` in the Foebook database at `path`, only read; None when it cannot
    be read this way (no such file or session, not a database of this Foebook's schema,
    anything SQLite refuses): the normal open, with its checks and messages, then decides."""
    try:
        uri = _read_only_uri(path) if path.is_file() else None
        if uri is None:
            return None
        conn = sqlite3.connect(uri, uri=True)
        try:
            conn.row_factory = sqlite3.Row
            return _read(conn, path, name)
        finally:
            conn.close()
    except (OSError, sqlite3.Error, ValueError, KeyError, TypeError) as error:
        log.info("first read of %s skipped: %s", path, error)
        return None


def _read(conn: sqlite3.Connection, path: Path, name: str) -> FirstRead | None:
    conn.execute("BEGIN")  # one snapshot for every row below
    info = dict(conn.execute("SELECT key, value FROM foebook_info").fetchall())
    revision = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    if info.get("application") != APPLICATION_ID or revision is None:
        return None
    if revision[0] != SCHEMA_REVISIONS[-1]:
        return None  # an upgrade first: the normal open does it
    found = conn.execute("SELECT * FROM sessions WHERE name = ?", (name,)).fetchone()
    if found is None:
        return None
    session = _decoded(found, _SESSION_JSON)
    pk = session["id"]
    terrain = conn.execute(
        "SELECT cells, heights FROM terrain WHERE session_id = ? ORDER BY row", (pk,)
    ).fetchall()
    units = [
        _decoded(row, _UNIT_JSON)
        for row in conn.execute("SELECT * FROM units WHERE session_id = ? ORDER BY position", (pk,))
    ]
    statuses = conn.execute(
        "SELECT s.unit_pk, s.status, s.counter FROM statuses s "
        "JOIN units u ON u.id = s.unit_pk WHERE u.session_id = ? "
        "ORDER BY s.unit_pk, s.position",
        (pk,),
    ).fetchall()
    history = [
        HistoryEntry(seq, _utc(created), kind, text, status)
        for seq, created, kind, text, status in conn.execute(
            "SELECT seq, created_at, kind, text, status FROM log_entries "
            "WHERE session_id = ? ORDER BY seq",
            (pk,),
        )
    ]
    sections = sections_from_rows(session, terrain, units, statuses)
    state = state_from_sections(session["ruleset"], sections)
    loaded = Loaded(state, history, session["version"])
    return FirstRead(path, name, pk, session["ruleset"], loaded)


class FirstReadStore:
    """The store of the session shown from the first read. Its first load is that read;
    what writes or reads the log waits for the database: `open_now()` opens it (with every
    check) when that has not happened yet, and the app then hands it over (`attach`)."""

    def __init__(self, first: FirstRead, open_now: Callable[[], object]) -> None:
        self.first = first
        self._open_now = open_now
        self._unread: Loaded | None = first.loaded
        self._store: SqlSessionStore | None = None
        self.differed = False  # the file held something else than the first read showed
        self._stale = False  # ... and the session has not loaded it since

    @property
    def database(self) -> Database | None:
        return self._store.database if self._store is not None else None

    def attach(self, database: Database) -> bool:
        """Use `database` (the first read's file, opened) from now on; True when the session
        there is not what the first read showed (the window then shows it again)."""
        from db.repository import SqlSessionStore

        self._store = SqlSessionStore(database, self.first.session_pk)
        truth = self._store.load()
        first = self.first.loaded
        self.differed = self._stale = (truth.version, truth.history, truth.state) != (
            first.version,
            first.history,
            first.state,
        )
        if self.differed:
            log.warning("the session changed since the first read at start: shown again")
        return self.differed

    def _real(self) -> SqlSessionStore:
        if self._store is None and threading.current_thread() is threading.main_thread():
            self._open_now()  # an edit made before the database opened: it opens now
        if self._store is None:
            raise StorageError("the database is not open; nothing was changed")
        return self._store

    def load(self) -> Loaded:
        if self._unread is not None:
            loaded, self._unread = self._unread, None
            return loaded
        loaded = self._real().load()
        self._stale = False
        return loaded

    def version(self) -> int:
        # Nothing newer is known before the database opens (a poll asks from its thread).
        return self.first.loaded.version if self._store is None else self._store.version()

    def _writable(self) -> SqlSessionStore:
        opening = self._store is None  # this edit opens the database
        store = self._real()
        if self._stale or (opening and self.differed):
            # The edit was made on the first read: Session reloads (load above) and makes
            # it again on what the file holds.
            raise ConflictError("the session was changed before the database opened")
        return store

    def append(self, log_entry: LogEntry, after: TrackerState, expected_version: int) -> int:
        return self._writable().append(log_entry, after, expected_version)

    def set_status(
        self, seq: int, status: str, changes: Sections, after: TrackerState, expected_version: int
    ) -> int:
        return self._writable().set_status(seq, status, changes, after, expected_version)

    def changes(self, seq: int) -> tuple[Sections, Sections]:
        return self._real().changes(seq)
