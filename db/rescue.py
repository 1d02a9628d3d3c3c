"""Saving the open session to a new file when its database file was deleted or replaced
under the app, so that nothing of the game is lost."""

from __future__ import annotations

from pathlib import Path

from db.backup import copy_database
from db.engine import Database, open_database
from db.errors import StorageError
from db.repository import create_session, list_sessions
from desktop.storage_url import sqlite_url
from desktop.tracker.state import TrackerState


def save_elsewhere(database: Database, name: str, state: TrackerState, target: Path) -> bool:
    """Write session `name` to the new database file `target`; True when its history came
    along. A file deleted or moved away is intact where it went (still open here): it is
    copied whole, every session with its history. One another file was copied over holds a
    mixture now: only the open session's current state, kept in memory, can be saved."""
    if target.exists():
        raise StorageError(f"{target} exists already: choose a name for a new file")
    tripped = database.identity.tripped if database.identity is not None else None
    source = database.identity.open_connection() if database.identity is not None else None
    if tripped is not None and tripped.kept and source is not None:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            copy_database(source, target, keep_existing=True)
        except OSError as error:
            raise StorageError(f"cannot write {target}: {error.strerror or error}") from None
        copy = open_database(sqlite_url(target), backup=False)
        try:
            if name in {info.name for info in list_sessions(copy)}:
                return True
        finally:
            copy.close()
        # The copy lacks the session (made after the last write that reached the file).
    copy = open_database(sqlite_url(target), backup=False)
    try:
        create_session(copy, name, state)
    finally:
        copy.close()
    return False
