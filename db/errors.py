"""Storage problems reported to the user as one clear message."""

from __future__ import annotations

from pathlib import Path

from desktop.errors import FoebookError


class StorageError(FoebookError):
    """The database cannot be used as asked (bad URL, unreachable server, no such session)."""


class CorruptDatabaseError(StorageError):
    """The file is damaged or not a database at all; it is left exactly as it was."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path  # the unusable file, when it is a SQLite file (its backups sit beside)


class ForeignDatabaseError(StorageError):
    """A database that some other program made; Foebook never writes to it."""


class NewerDatabaseError(StorageError):
    """A database written by a newer Foebook; this version refuses to touch it."""


class DatabaseBusyError(StorageError):
    """Another process holds the database's lock longer than Foebook waits."""


class DatabaseAccessError(StorageError):
    """The file or its folder cannot be read or written (permissions, read-only disk)."""


class DatabaseUnreachableError(StorageError):
    """The database server cannot be reached, or the connection to it was lost."""


class DatabaseNotAnsweringError(DatabaseUnreachableError):
    """The database server is there but does not answer (hung, overloaded, frozen)."""


class UnstorableValueError(StorageError):
    """A value does not fit the database's columns; nothing of the change was written."""


class DatabaseReplacedError(StorageError):
    """The SQLite file at the database's path is no longer the file Foebook opened (deleted,
    moved, or another file moved or copied over it); nothing more is written to either."""

    def __init__(self, message: str, path: Path, *, kept: bool) -> None:
        super().__init__(message)
        self.path = path
        self.kept = kept  # the file opened is intact (elsewhere or unlinked), and readable


class MissingDatabaseError(CorruptDatabaseError):
    """The database file is gone but traces of it are left (backups, its journal): a new
    empty file is not made in its place without the user's word."""
