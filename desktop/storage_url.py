"""Which database to use: `--db URL`, else the FOEBOOK_DB variable, else the default SQLite file.

A value without "://" is taken as a path to a SQLite file. Nothing here imports
SQLAlchemy, so the CLI can resolve the URL cheaply.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from desktop.paths import default_database_path

ENV_VAR = "FOEBOOK_DB"


def sqlite_url(path: str | Path) -> str:
    """The URL of the SQLite file at `path`, whatever its name holds: SQLAlchemy reads "?" as
    the start of options and decodes "%XX", so every character but "/" is percent-encoded
    (it decodes them back; "a b#c?d e" stays that folder, not "a b#c")."""
    return "sqlite:///" + quote(str(Path(path).expanduser().resolve()), safe="/")


def resolve_database_url(cli_value: str | None = None) -> str:
    value = cli_value or os.environ.get(ENV_VAR) or ""
    value = value.strip()
    if not value:
        return sqlite_url(default_database_path())
    if "://" not in value:
        return sqlite_url(value)
    return value
