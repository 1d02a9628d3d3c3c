"""Storage problems reported to the user as one clear message."""

from __future__ import annotations

from desktop.errors import FoebookError


class StorageError(FoebookError):
    """The database cannot be used as asked (bad URL, unreachable server, no such session)."""


class CorruptDatabaseError(StorageError):
    """The file is damaged or not a database at all; it is left exactly as it was."""


class ForeignDatabaseError(StorageError):
    """A database that some other program made; Foebook never writes to it."""


class NewerDatabaseError(StorageError):
    """A database written by a newer Foebook; this version refuses to touch it."""
