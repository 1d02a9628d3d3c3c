"""Notices when the SQLite file at a database's path is no longer the file Foebook opened.

A file deleted, moved away, or replaced by another (moved or copied over it) while Foebook
runs must not take another write: SQLite would go on writing into the old file (lost at
exit), or mix this file's journal into the other one (damaging it). Before each write the
path is checked against what was opened: the device and inode (delete, mv) and a random
stamp Foebook keeps in the file's header (cp over it keeps the inode). The stamp is SQLite's
"user version" field, which Foebook uses for nothing else: a new number per file.

Once tripped, the file's connections are quarantined: never closed, not even when the
process ends (closing the last one would checkpoint its journal into whatever the inode
now holds, and delete the journal files at the path, which may be another file's by then).
"""

from __future__ import annotations

import ctypes
import logging
import secrets
import sqlite3
import weakref
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from sqlalchemy import Engine, event, text

from db.errors import DatabaseReplacedError

log = logging.getLogger(__name__)

STAMP_OFFSET = 60  # the header's 4-byte big-endian "user version"
_READS = ("SELECT", "PRAGMA", "WITH", "EXPLAIN")
_CHECKED = "foebook_file_checked"  # in a connection's info: checked in this transaction


class GuardedConnection(sqlite3.Connection):
    """The SQLite connection of Foebook's engines (their `factory`): one that can be
    quarantined, after which closing it does nothing and it is never freed."""

    def __init__(self, database, *args, **kwargs) -> None:
        super().__init__(database, *args, **kwargs)
        self.file = str(database)
        self.quarantined = False
        _open.add(self)

    def close(self) -> None:
        if not self.quarantined:
            super().close()

    def quarantine(self) -> None:
        if not self.quarantined:
            self.quarantined = True
            # One reference nobody gives back: the object is never freed, so its file is
            # never closed by SQLite, at exit neither; the system closes it with the process.
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(self))


_open: weakref.WeakSet[GuardedConnection] = weakref.WeakSet()


def new_stamp() -> int:
    """A random non-zero stamp (SQLite stores the user version as a signed 32-bit int)."""
    return secrets.randbelow(2**31 - 1) + 1


def stamp_file(connection: sqlite3.Connection) -> None:
    """Give the file behind `connection` a stamp of its own (a new database, a backup copy)."""
    connection.execute(f"PRAGMA user_version = {new_stamp()}")
    connection.commit()


def _stamp(path: Path) -> int:
    """The header stamp of the file at `path` as it is now.

    The file is never opened by Foebook's own code: closing any descriptor of a file drops
    every POSIX lock this process holds on it, SQLite's among them (other Foebooks could
    then write under SQLite's feet). SQLite defers such closes; so the header is read
    through a SQLite connection of its own, `immutable` so that it reads the file itself,
    not this database's journal.

    Another Foebook may be checkpointing into the file meanwhile: it writes the first page,
    whose header counts the file's pages, before the pages that make the file that long.
    SQLite takes such a file for a damaged one ("malformed"), unless `writable_schema` is on:
    then it believes the file's size, and reads the header all the same. This connection
    only reads, and only the header.
    """
    reader = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True)
    try:
        reader.execute("PRAGMA writable_schema = ON")
        return reader.execute("PRAGMA user_version").fetchone()[0]
    finally:
        reader.close()


def _unchanged_key(status) -> tuple[int, int, int]:
    """What changes whenever the file's bytes do (the change time, which no one can set)."""
    return status.st_size, status.st_mtime_ns, status.st_ctime_ns


def _side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


@dataclass
class FileIdentity:
    """What was opened at `path`, and whether it is still there."""

    path: Path
    device: int
    inode: int
    stamp: int
    wal: tuple[int, int] | None  # device and inode of this file's -wal journal
    stamp_on_disk: bool  # the header shows the stamp (it reaches the file at a checkpoint)
    tripped: DatabaseReplacedError | None = field(default=None)
    _checked: tuple[int, int, int] | None = field(default=None)  # the file when last checked

    @classmethod
    def adopt(cls, engine: Engine, path: Path) -> FileIdentity:
        """Record the file just opened through `engine`, stamping it first if it has no stamp
        yet (a database made by an older Foebook). Two Foebooks opening it at once agree on
        one stamp: the write lock orders them and the second finds the first's."""
        with engine.connect() as conn:
            stamp = conn.execute(text("PRAGMA user_version")).scalar() or 0
            if not stamp:
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                stamp = conn.execute(text("PRAGMA user_version")).scalar() or 0
                if not stamp:
                    stamp = new_stamp()
                    conn.exec_driver_sql(f"PRAGMA user_version = {stamp}")
                conn.exec_driver_sql("COMMIT")
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        opened = path.stat()
        on_disk = _stamp(path)
        wal = _side(path, "-wal")
        try:
            status = wal.stat()
            wal_id: tuple[int, int] | None = (status.st_dev, status.st_ino)
        except OSError:
            wal_id = None
        identity = cls(path, opened.st_dev, opened.st_ino, stamp, wal_id, on_disk == stamp)
        identity._watch(engine)
        return identity

    def _watch(self, engine: Engine) -> None:
        @event.listens_for(engine, "do_connect")
        def _before_connecting(_dialect, _record, _args, _kwargs) -> None:
            self.check()  # a new connection would open whatever file is at the path now

        @event.listens_for(engine, "before_cursor_execute")
        def _before_writing(conn, _cursor, statement: str, *_rest) -> None:
            # Once per transaction, at its first write.
            if _CHECKED not in conn.info and not statement.lstrip()[:7].upper().startswith(_READS):
                self.check(conn.connection.driver_connection)
                conn.info[_CHECKED] = True

        @event.listens_for(engine, "commit")
        @event.listens_for(engine, "rollback")
        def _transaction_ended(conn) -> None:
            conn.info.pop(_CHECKED, None)

        @event.listens_for(engine, "checkin")
        def _back_in_the_pool(_dbapi_connection, record) -> None:
            record.info.pop(_CHECKED, None)  # however its transaction ended

    def check(self, connection: sqlite3.Connection | None = None) -> None:
        """Raise DatabaseReplacedError when the file at the path is not the one opened
        (`connection`, one of the file's open connections, completes a moved file). One
        stat when the file's bytes did not change since the last check; its header is read
        again when they did (a checkpoint, or another file copied over it)."""
        if self.tripped is not None:
            raise self.tripped
        try:
            status = self.path.stat()
        except FileNotFoundError:
            how = "deleted"
        except OSError as error:
            log.warning("cannot check %s: %s", self.path, error)
            return  # unreadable for a moment; the write itself will say what is wrong
        else:
            if (status.st_dev, status.st_ino) != (self.device, self.inode):
                how = "replaced by another file"
            elif _unchanged_key(status) == self._checked:
                return
            else:
                try:
                    stamp: int | None = _stamp(self.path)
                except sqlite3.Error:  # not even a database any more
                    stamp = None
                if stamp == self.stamp or (stamp == 0 and not self.stamp_on_disk):
                    self.stamp_on_disk = self.stamp_on_disk or stamp == self.stamp
                    self._checked = _unchanged_key(status)
                    return
                how = "overwritten with another file's contents"
        self._trip(how, connection)

    def _trip(self, how: str, connection: sqlite3.Connection | None) -> None:
        same_inode = how.startswith("overwritten")
        error = DatabaseReplacedError(
            f"{self.path} was {how} while Foebook had it open: this change was not saved, "
            "and no further change can be. Save the open session to a new file "
            "(File → Save session to a new file…)",
            self.path,
            kept=not same_inode,
        )
        self.tripped = error
        log.warning("%s was %s while open; its database is quarantined", self.path, how)
        if not same_inode and connection is not None:
            # The open file is the old one, wherever it went: complete it from the journal,
            # so a file only moved away holds every change, and a copy can be read from it.
            try:
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as failure:
                log.warning("could not complete the old file from its journal: %s", failure)
        self._move_journal_aside()
        for connection_open in list(_open):
            if connection_open.file == str(self.path):
                connection_open.quarantine()
        raise error

    def open_connection(self) -> GuardedConnection | None:
        """One of the opened file's connections, still open (quarantined ones stay so)."""
        return next((c for c in list(_open) if c.file == str(self.path)), None)

    def _move_journal_aside(self) -> None:
        """This file's -wal/-shm at the path would be applied to whatever file is there now
        by the next program to open it: they go aside (the open connections keep them)."""
        wal = _side(self.path, "-wal")
        try:
            status = wal.stat()
        except OSError:
            return
        if self.wal is not None and (status.st_dev, status.st_ino) != self.wal:
            return  # another file's journal by now
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        for side in (wal, _side(self.path, "-shm")):
            aside = side.with_name(f"{side.name}.replaced-{stamp}")
            try:
                side.replace(aside)
                log.warning("moved %s aside to %s", side, aside)
            except OSError as error:
                log.warning("could not move %s aside: %s", side, error)
