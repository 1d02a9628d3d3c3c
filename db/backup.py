"""A rotating copy of the SQLite file per day of use, taken before anything writes to it."""

from __future__ import annotations

import logging
import sqlite3
from datetime import date
from pathlib import Path

log = logging.getLogger(__name__)

KEEP_DAYS = 7


def backup_dir(database: Path) -> Path:
    return database.parent / "backups"


def backups(database: Path) -> list[Path]:
    """Existing backups of `database`, oldest first (the names sort by date)."""
    folder = backup_dir(database)
    if not folder.is_dir():
        return []
    return sorted(folder.glob(f"{database.stem}-????-??-??{database.suffix}"))


def daily_backup(database: Path, today: date | None = None, keep: int = KEEP_DAYS) -> Path | None:
    """Copy `database` once per day of use; keep the newest `keep` copies. Returns the new copy.

    Uses SQLite's online backup, so a copy taken while another Foebook writes is consistent.
    """
    if not database.is_file() or database.stat().st_size == 0:
        return None
    day = (today or date.today()).isoformat()
    target = backup_dir(database) / f"{database.stem}-{day}{database.suffix}"
    if target.exists():
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    source = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
        finally:
            copy.close()
    finally:
        source.close()
    partial.replace(target)
    for old in backups(database)[:-keep] if keep > 0 else []:
        old.unlink()
        log.info("removed old backup %s", old)
    log.info("backed up %s to %s", database, target)
    return target
