"""Where Foebook keeps its files: user data directory, log file, default database."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from desktop import APP_NAME, ORG_NAME


def data_dir() -> Path:
    """The per-user data directory (created on first use).

    FOEBOOK_DATA_DIR overrides it so tests and portable installs never touch
    the real profile.
    """
    override = os.environ.get("FOEBOOK_DATA_DIR")
    path = Path(override) if override else user_data_path(APP_NAME, ORG_NAME)
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_file() -> Path:
    return data_dir() / "foebook.log"


def default_database_path() -> Path:
    return data_dir() / "foebook.sqlite3"
