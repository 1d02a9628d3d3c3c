"""Driver errors (SQLite, psycopg) turned into one-line StorageErrors saying what to do.

`install(engine, where)` hooks SQLAlchemy's handle_error event, so every statement
and connection attempt of that engine raises a StorageError subclass instead of a raw
SQLAlchemy error with its SQL dump. Integrity errors are left alone: the repository
turns those into their own messages (a taken session name, a concurrent command).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
from pathlib import Path

from sqlalchemy import Engine, event

from db.errors import (
    CorruptDatabaseError,
    DatabaseAccessError,
    DatabaseBusyError,
    DatabaseNotAnsweringError,
    DatabaseUnreachableError,
    StorageError,
    UnstorableValueError,
)

log = logging.getLogger(__name__)


def one_line(text: object) -> str:
    """The first non-empty line of a driver's message (they often add hints and SQL)."""
    return next((line.strip() for line in str(text).splitlines() if line.strip()), "")


def _not_yours(path: Path) -> str | None:
    """Why changing `path`'s mode cannot help the current user, if it cannot: it is on a
    read-only file system, or it belongs to someone else."""
    try:
        if os.statvfs(path).f_flag & os.ST_RDONLY:
            return "it is on a read-only file system"
        owner = path.stat().st_uid
    except OSError:
        return None
    if owner == os.geteuid():
        return None
    try:
        import pwd

        name = pwd.getpwuid(owner).pw_name
    except (ImportError, KeyError):
        name = f"user {owner}"
    return f"it belongs to {name}"


def access_problem(path: Path) -> DatabaseAccessError | None:
    """Why the current user cannot use `path` (read it, write it, write beside it), if so;
    chmod is suggested only where the user can use it."""
    if path.exists() and not os.access(path, os.R_OK):
        hint = _not_yours(path)
        return DatabaseAccessError(
            f"{path} cannot be read (permission denied): "
            + (
                f"{hint}; choose another file with --db"
                if hint
                else "give your user read and write access to it (chmod u+rw), "
                "or choose another file with --db"
            )
        )
    if path.exists() and not os.access(path, os.W_OK):
        hint = _not_yours(path)
        return DatabaseAccessError(
            f"{path} is read-only: Foebook saves every change at once, so it must be able to "
            + (
                f"write to it, and {hint}; copy it somewhere you can write and use the copy "
                "with --db"
                if hint
                else "write to it; make it writable (chmod u+w), or choose another file with --db"
            )
        )
    if path.parent.is_dir() and not os.access(path.parent, os.W_OK | os.X_OK):
        hint = _not_yours(path.parent)
        return DatabaseAccessError(
            f"the folder {path.parent} is read-only: Foebook keeps its journal and backups "
            f"beside {path.name}, so it must be able to write there"
            + (
                f", and {hint}; move the database to a folder you can write to"
                if hint
                else "; make the folder writable (chmod u+w), or move the database"
            )
        )
    return None


def _sqlite_error(error: sqlite3.Error, where: str, busy_timeout_s: float) -> StorageError:
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return DatabaseBusyError(
            f"{where} is in use: another Foebook (or another program) holds it and did not "
            f"let go within {busy_timeout_s:g} s; close it there, or wait, and try again"
        )
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return access_problem(Path(where)) or DatabaseAccessError(
            f"{where} cannot be opened for writing ({one_line(error)})"
        )
    if name == "SQLITE_FULL":
        return StorageError(
            f"the disk holding {where} is full: free some space and try "
            "again (the last change was not saved)"
        )
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return CorruptDatabaseError(
            f"{where} is damaged ({one_line(error)}); stop using it "
            "and restore a backup from its backups folder"
        )
    if name.startswith("SQLITE_IOERR"):
        return StorageError(
            f"{where}: the disk reported an error while writing "
            f"({one_line(error)}); is it full or removed? The last change "
            "was not saved"
        )
    return StorageError(f"{where}: {one_line(error)}")


def _server_error(
    error: BaseException, where: str, connected: bool, disconnect: bool
) -> StorageError | None:
    import psycopg

    if isinstance(error, psycopg.IntegrityError):
        return None
    if isinstance(error, psycopg.DataError):
        return UnstorableValueError(
            f"{where} cannot store a value ({one_line(error)}); nothing of the change was written"
        )
    from db.bounded_waits import NotAnswering

    if isinstance(error, NotAnswering) or (
        connected and isinstance(error, psycopg.errors.ConnectionTimeout)
    ):
        return DatabaseNotAnsweringError(
            f"{where} is not answering ({one_line(error)}); the last change was not saved. "
            "Foebook carries on by itself once it answers"
        )
    if isinstance(error, psycopg.errors.QueryCanceled | psycopg.errors.LockNotAvailable):
        return DatabaseBusyError(
            f"{where} is busy: it gave up waiting ({one_line(error)}); the last change was "
            "not saved, try again"
        )
    if not connected:
        return DatabaseUnreachableError(
            f"cannot connect to {where}: {one_line(error)}; is the server running and reachable?"
        )
    if disconnect or isinstance(error, psycopg.OperationalError):
        return DatabaseUnreachableError(
            f"lost the connection to {where} ({one_line(error)}); the last change was not "
            "saved. Foebook reconnects by itself once the server is back"
        )
    return StorageError(f"{where}: {one_line(error)}")


def translate(
    error: BaseException,
    where: str,
    *,
    connected: bool = True,
    disconnect: bool = False,
    busy_timeout_s: float = 0,
) -> StorageError | None:
    """The StorageError for a driver error, or None to leave it as it is."""
    if isinstance(error, sqlite3.IntegrityError):
        return None
    if isinstance(error, sqlite3.Error):
        return _sqlite_error(error, where, busy_timeout_s)
    if _is_server_error(error):
        return _server_error(error, where, connected, disconnect)
    return None


def _is_server_error(error: BaseException) -> bool:
    psycopg = sys.modules.get("psycopg")  # only loaded where a server is used
    return psycopg is not None and isinstance(error, psycopg.Error)


def _not_answering(error: BaseException) -> bool:
    if not _is_server_error(error):
        return False
    from db.bounded_waits import NotAnswering

    return isinstance(error, NotAnswering)


def install(engine: Engine, where: str, busy_timeout_s: float) -> None:
    # Once a connection has worked, failing to get one means the server went away.
    worked = False

    @event.listens_for(engine, "connect")
    def _connected(_dbapi_connection, _record) -> None:
        nonlocal worked
        worked = True

    @event.listens_for(engine, "handle_error")
    def _raise_storage_error(context) -> None:
        # The pool reconnects after a failed ping by itself; but a server that did not
        # answer the ping would only keep the caller waiting once more for the connection.
        if context.is_pre_ping and not _not_answering(context.original_exception):
            return
        translated = translate(
            context.original_exception,
            where,
            connected=worked,
            disconnect=context.is_disconnect,
            busy_timeout_s=busy_timeout_s,
        )
        if translated is not None:
            log.warning("database error on %s: %s", where, context.original_exception)
            raise translated
