"""Opening a database: URL checks, safety checks, SQLite pragmas, backup, migrations."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker

from db.backup import backup_day, backups, daily_backup, restore_hint
from db.errors import CorruptDatabaseError, MissingDatabaseError, StorageError
from db.failures import access_problem, one_line, translate
from db.failures import install as install_translation
from db.file_identity import FileIdentity, GuardedConnection
from db.migrate import inspect_schema, upgrade, upgrade_to
from desktop.atomic_write import atomic_path

log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 10


def _call_here(work: Callable[[], Any]) -> Any:
    return work()


@dataclass
class Database:
    url: URL
    engine: Engine
    make_session: sessionmaker[Session]
    # How the repository's calls are made (each is one user action's database work): here and
    # now by default; a window swaps in a way that keeps it responsive while a server takes
    # its time (ui/database_wait.py).
    run: Callable[[Callable[[], Any]], Any] = field(default=_call_here)
    identity: FileIdentity | None = None  # a SQLite file: what was opened at its path

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @property
    def sqlite_path(self) -> Path | None:
        return Path(self.url.database) if self.is_sqlite and self.url.database else None

    def describe(self) -> str:
        return str(self.sqlite_path) if self.is_sqlite else self.url.render_as_string()

    @property
    def replaced(self) -> bool:
        """The file at the path is no longer the one opened: nothing more is written."""
        return self.identity is not None and self.identity.tripped is not None

    def close(self) -> None:
        closing = getattr(self.run, "close", None)
        if closing is not None:
            closing()
        self.engine.dispose()  # a replaced file's connections stay open (file_identity)


def hide_password(raw: str) -> str:
    """`raw` with the password of its user:password@ part replaced, for messages; works on
    text too broken to parse (a password may hold any character but the last @)."""
    scheme, separator, rest = raw.partition("://")
    credentials, at, host = rest.rpartition("@")
    user, colon, _ = credentials.partition(":")
    if not separator or not at or not colon:
        return raw
    return f"{scheme}://{user}:***@{host}"


def normalise_url(raw: str) -> URL:
    """Parse a SQLAlchemy URL; plain PostgreSQL URLs use psycopg 3."""
    try:
        url = make_url(raw)
    except ArgumentError:
        raise StorageError(
            f"'{hide_password(raw)}' is not a database URL (examples: "
            "sqlite:///path/to/foebook.sqlite3, postgresql://user@host/dbname)"
        ) from None
    except ValueError as error:  # make_url checks the port only as an int() of it
        raise StorageError(
            f"'{hide_password(raw)}' is not a valid database URL ("
            f"{'the port must be a number' if 'int()' in str(error) else error})"
        ) from None
    backend = url.get_backend_name()
    if backend in ("postgres", "postgresql"):
        url = url.set(drivername="postgresql+psycopg")
    elif backend == "sqlite":
        if not url.database or url.database == ":memory:":
            raise StorageError(
                "an in-memory SQLite database would lose everything on exit; "
                "give a file: sqlite:///path/to/foebook.sqlite3"
            )
        url = url.set(drivername="sqlite+pysqlite")
    return url


def _unusable(path: Path, what: str) -> CorruptDatabaseError:
    """The refusal of a file that is not a usable database, with the way back if any."""
    hint = (
        restore_hint(path)
        if backups(path)
        else "Start with a new file: --db sqlite:///path/to/new.sqlite3"
    )
    return CorruptDatabaseError(f"{path} {what}; it was left untouched. {hint}", path)


def check_sqlite_file(path: Path, thorough: bool = False) -> None:
    """Refuse an empty, damaged or foreign file before anything can write to it.

    An empty file is refused too: Foebook never leaves one (a new database appears
    complete, see _create_sqlite_file), so an empty file means something truncated it.
    `thorough` (after a run that did not end cleanly) checks every index entry against its
    table (SQLite's integrity_check), which the quick check skips.
    """
    check = "integrity_check" if thorough else "quick_check"
    if path.is_dir():
        raise StorageError(f"{path} is a directory, not a database file")
    if path.stat().st_size == 0:
        raise _unusable(path, "is empty (0 bytes: something truncated it)")
    with path.open("rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise _unusable(path, "is not a SQLite database (damaged, or some other kind of file)")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            result = conn.execute(f"PRAGMA {check}").fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorname", "").startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            log.warning("%s: %s", path, error)
            raise _unusable(path, f"is damaged ({one_line(error)})") from None
        raise translate(error, str(path), busy_timeout_s=BUSY_TIMEOUT_S) or StorageError(
            f"{path} cannot be checked ({one_line(error)})"
        ) from None
    if result != [("ok",)]:
        report = "\n".join(str(row[0]) for row in result)
        log.warning("%s failed SQLite's %s:\n%s", path, check, report)
        problems = sum(1 for line in report.splitlines() if not line.startswith("***"))
        raise _unusable(
            path,
            f"is damaged (SQLite's check found {problems} problem"
            f"{'s' if problems != 1 else ''}; the details are in the log)",
        )


def _check_untouched(path: Path, where: str, thorough: bool = False) -> None:
    """Check the file is a healthy Foebook database of a known version, only reading it.

    A read-only look at a WAL-mode file makes SQLite create empty -wal/-shm side
    files; when the file is refused, those are removed again so that nothing is left
    behind that was not there before.
    """
    sides = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = [side.exists() for side in sides]
    try:
        check_sqlite_file(path, thorough)
        # A URL object, not text: SQLAlchemy would decode the file URI's %23 back into a "#"
        # that SQLite then reads as the URI's end ("campaign #3" opening "campaign ").
        ro = create_engine(
            URL.create(
                "sqlite+pysqlite",
                database=path.resolve().as_uri(),
                query={"mode": "ro", "uri": "true"},
            )
        )
        install_translation(ro, where, BUSY_TIMEOUT_S)
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
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
    cursor.close()


def make_engine(url: URL, where: str | None = None) -> Engine:
    """An engine whose driver errors arrive as one-line StorageErrors (db.failures)."""
    where = where or (
        (url.database or ":memory:")  # a SQLite URL without a file is an in-memory database
        if url.get_backend_name() == "sqlite"
        else url.render_as_string()
    )
    if url.get_backend_name() == "sqlite":
        engine = create_engine(
            url, connect_args={"timeout": BUSY_TIMEOUT_S, "factory": GuardedConnection}
        )
        event.listen(engine, "connect", _sqlite_pragmas)
    elif url.get_driver_name() == "psycopg":
        from db import bounded_waits

        # Every wait for the server is bounded (a hung server answers nothing, ever).
        engine = create_engine(
            url, pool_pre_ping=True, connect_args=dict(bounded_waits.CONNECT_ARGS)
        )
        event.listen(
            engine,
            "do_connect",
            lambda _dialect, _record, cargs, cparams: bounded_waits.connect(*cargs, **cparams),
        )
    else:
        engine = create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 10})
    install_translation(engine, where, BUSY_TIMEOUT_S)
    return engine


def _create_sqlite_file(path: Path) -> None:
    """Make a new database: built in a temporary file beside `path`, then linked into place.

    No other Foebook ever sees a half-made or empty file, and when several start on a
    missing file at once, the first complete one wins and the others use it.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(path, keep_existing=True) as temporary:
            engine = make_engine(URL.create("sqlite+pysqlite", database=str(temporary)), str(path))
            try:
                upgrade_to(engine, "head")
            finally:
                engine.dispose()
    except OSError as error:
        raise access_problem(path) or StorageError(
            f"cannot create the database {path}: {error.strerror or error}"
        ) from None


JOURNALS = ("-wal", "-shm", "-journal")


def _move_journal_aside(path: Path) -> list[Path]:
    """A journal left without its database (the file was deleted while it was open) would
    be applied by SQLite to a new file made at the same path, damaging it: it goes aside.
    Empty side files (a read-only look leaves them) hold nothing to apply: they are removed."""
    sides = [path.with_name(path.name + suffix) for suffix in JOURNALS]
    sizes = {side: _size(side) for side in sides}
    # In this order: another Foebook making the file at this moment links the file first
    # and opens its journal after, so a journal seen while the file is still missing
    # afterwards is not that Foebook's.
    if path.exists() or all(size is None for size in sizes.values()):
        return []
    if not any(sizes[side] for side in sides if not side.name.endswith("-shm")):
        for side, size in sizes.items():
            if size is not None and not path.exists():
                side.unlink(missing_ok=True)
        return []
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    moved = []
    for side, size in sizes.items():
        if size is None or path.exists():
            continue
        aside = side.with_name(f"{side.name}.orphaned-{stamp}")
        try:
            side.replace(aside)
        except OSError as error:
            raise StorageError(
                f"{path} is missing but its journal {side.name} is left, and it cannot "
                f"be moved aside ({error.strerror or error}); move it away by hand"
            ) from None
        log.warning("moved %s aside to %s: its database is missing", side, aside)
        moved.append(aside)
    return moved


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


def _refuse_missing(path: Path) -> None:
    """A missing file with traces left (its journal, its backups) was deleted or moved:
    a new empty database in its place, made without a word, would hide that."""
    moved = _move_journal_aside(path)
    found = backups(path)
    if not moved and not found:
        return
    journal = (
        f"; what was left of its journal was moved aside ({', '.join(p.name for p in moved)}) "
        "so that it is never applied to another file"
        if moved
        else ""
    )
    hint = (
        f"The newest backup is from {backup_day(found[-1])}: to restore it, copy "
        f"{found[-1]} to {path}"
        if found
        else "There is no backup of it"
    )
    raise MissingDatabaseError(
        f"{path} is missing: it was deleted or moved away{journal}. {hint}. No new empty "
        "database is made in its place unless you ask for one (on the command line, give "
        "another file with --db)",
        path,
    )


def _backup(path: Path) -> None:
    """Today's backup; failing to take one is logged, never a reason to refuse the data."""
    try:
        daily_backup(path)
    except (OSError, sqlite3.Error) as error:
        log.warning("could not back up %s: %s", path, error)


def _patient(url: URL) -> AbstractContextManager[None]:
    if url.get_driver_name() != "psycopg":
        return nullcontext()
    from db.bounded_waits import MIGRATION_S, answer_within

    return answer_within(MIGRATION_S)


def open_database(
    raw_url: str | URL,
    *,
    migrate: bool = True,
    backup: bool = True,
    thorough: bool = False,
    start_over: bool = False,
) -> Database:
    """Open (creating or upgrading as needed) the database at `raw_url`.

    `thorough`: check a SQLite file in full (after a run that did not end cleanly).
    `start_over`: make a new empty file where a missing one left backups or a journal (the
    user asked for it; the journal still goes aside)."""
    url = normalise_url(raw_url) if isinstance(raw_url, str) else raw_url
    path = None
    if url.get_backend_name() == "sqlite":
        # normalise_url refuses a SQLite URL without a file; a URL passed in is one it made.
        assert url.database is not None
        path = Path(url.database)
    where = str(path) if path else url.render_as_string()
    if path is not None:
        if path.exists():
            problem = access_problem(path)
            if problem is not None:
                raise problem
            _check_untouched(path, where, thorough)
            if backup:
                _backup(path)
        else:
            if start_over:
                _move_journal_aside(path)
            else:
                _refuse_missing(path)
            _create_sqlite_file(path)
    try:
        engine = make_engine(url, where)
    except (NoSuchModuleError, ImportError) as error:
        raise StorageError(
            f"cannot use {where}: no database driver for it ({error}); "
            "Foebook supports SQLite and PostgreSQL"
        ) from None
    try:
        if migrate:
            with _patient(url):  # a migration may take long on a large database
                upgrade(engine, where)
        identity = FileIdentity.adopt(engine, path) if path is not None else None
    except BaseException:
        engine.dispose()
        raise
    return Database(url, engine, sessionmaker(engine, expire_on_commit=False), identity=identity)
