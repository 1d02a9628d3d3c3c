"""Where Foebook keeps its files: user data directory, log file, default database."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from desktop import APP_NAME, ORG_NAME
from desktop.errors import FoebookError

DATA_DIR_VAR = "FOEBOOK_DATA_DIR"


class DataFolderError(FoebookError):
    """The data folder cannot be made (a read-only home, a read-only disk)."""


def data_dir() -> Path:
    """The per-user data directory (created on first use).

    FOEBOOK_DATA_DIR overrides it so tests and portable installs never touch
    the real profile.
    """
    override = os.environ.get(DATA_DIR_VAR)
    if override:
        path = Path(override)
    else:  # imported only here: a headless command looking for rule packs pays for it then
        from platformdirs import user_data_path

        path = user_data_path(APP_NAME, ORG_NAME)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _cannot_create(path, error, bool(override)) from None
    return path


def _cannot_create(path: Path, error: OSError, overridden: bool) -> DataFolderError:
    # Which folder refused, and why in words; no chmod hint: the folder that refuses is
    # often not the user's to change (a read-only home or disk).
    where = f" for {error.filename}" if error.filename and error.filename != str(path) else ""
    why = {
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "read-only file system",
    }.get(error.errno or 0, error.strerror or str(error))
    if overridden:
        return DataFolderError(
            f"cannot create Foebook's data folder {path}, which {DATA_DIR_VAR} names "
            f"({why}{where}); set {DATA_DIR_VAR} to a folder you can write to"
        )
    return DataFolderError(
        f"cannot create Foebook's data folder {path} ({why}{where}); "
        f"set {DATA_DIR_VAR} to a folder you can write to"
    )


def log_file() -> Path:
    return data_dir() / "foebook.log"


def default_database_path() -> Path:
    return data_dir() / "foebook.sqlite3"
