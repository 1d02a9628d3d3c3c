"""Opening a database: URL checks, safety checks, SQLite pragmas, backup, migrations."""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from db.backup import daily_backup
from db.errors import CorruptDatabaseError, StorageError
from db.migrate import inspect_schema, upgrade

log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 10


@dataclass
class Database:
    url: URL
    engine: Engine
    make_session: sessionmaker[Session]

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @property
    def sqlite_path(self) -> Path | None:
        return Path(self.url.database) if self.is_sqlite and self.url.database else None

    def describe(self) -> str:
        return str(self.sqlite_path) if self.is_sqlite else self.url.render_as_string()

    def close(self) -> None:
        self.engine.dispose()


def normalise_url(raw: str) -> URL:
    """Parse a SQLAlchemy URL; plain PostgreSQL URLs use psycopg 3."""
    try:
        url = make_url(raw)
    except ArgumentError:
        raise StorageError(f"'{raw}' is not a database URL (examples: sqlite:///path/to/"
                           "foebook.sqlite3, postgresql://user@host/dbname)") from None
    backend = url.get_backend_name()
    if backend in ("postgres", "postgresql"):
        url = url.set(drivername="postgresql+psycopg")
    elif backend == "sqlite":
        if not url.database or url.database == ":memory:":
            raise StorageError("an in-memory SQLite database would lose everything on exit; "
                               "give a file: sqlite:///path/to/foebook.sqlite3")
        url = url.set(drivername="sqlite+pysqlite")
    return url


def check_sqlite_file(path: Path) -> None:
    """Refuse a damaged or foreign file before anything can write to it."""
    if not path.exists() or path.stat().st_size == 0:
        return
    if path.is_dir():
        raise StorageError(f"{path} is a directory, not a database file")
    with path.open("rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise CorruptDatabaseError(
            f"{path} is not a SQLite database (damaged, or some other kind of file); it was "
            "left untouched. Start with a new file: --db sqlite:///path/to/new.sqlite3")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            result = conn.execute("PRAGMA quick_check").fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise CorruptDatabaseError(f"{path} is damaged ({error}); it was left untouched. "
                                   "A daily backup may be in its backups folder") from None
    if result != [("ok",)]:
        problem = result[0][0] if result else "unknown problem"
        raise CorruptDatabaseError(f"{path} is damaged ({problem}); it was left untouched. "
                                   "A daily backup may be in its backups folder")


def _check_untouched(path: Path, where: str) -> None:
    """Check the file is a healthy Foebook database of a known version, only reading it.

    A read-only look at a WAL-mode file makes SQLite create empty -wal/-shm side
    files; when the file is refused, those are removed again so that nothing is left
    behind that was not there before.
    """
    sides = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = [side.exists() for side in sides]
    try:
        check_sqlite_file(path)
        ro = create_engine(f"sqlite+pysqlite:///{path.resolve().as_uri()}?mode=ro&uri=true")
        try:
            with ro.connect() as conn:
                inspect_schema(conn, where)
        finally:
            ro.dispose()
    except StorageError:
        wal, _ = sides
        if not any(existed) and (not wal.exists() or wal.stat().st_size == 0):
            for side in sides:
                side.unlink(missing_ok=True)
        raise


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    # In WAL mode NORMAL never corrupts and keeps every commit across a process crash;
    # FULL also survives power loss, at the price of an fsync per command.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
    cursor.close()


def make_engine(url: URL) -> Engine:
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 10})


def open_database(raw_url: str | URL, *, migrate: bool = True, backup: bool = True) -> Database:
    """Open (creating or upgrading as needed) the database at `raw_url`."""
    url = normalise_url(raw_url) if isinstance(raw_url, str) else raw_url
    path = Path(url.database) if url.get_backend_name() == "sqlite" else None
    where = str(path) if path else url.render_as_string()
    if path is not None:
        if path.exists():
            _check_untouched(path, where)
            if backup:
                daily_backup(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = make_engine(url)
    except (NoSuchModuleError, ImportError) as error:
        raise StorageError(f"cannot use {where}: no database driver for it ({error}); "
                           "Foebook supports SQLite and PostgreSQL") from None
    try:
        if migrate:
            upgrade(engine, where)
    except OperationalError as error:
        engine.dispose()
        raise StorageError(f"cannot open the database {where}: {error.orig}") from None
    except BaseException:
        engine.dispose()
        raise
    return Database(url, engine, sessionmaker(engine, expire_on_commit=False))
