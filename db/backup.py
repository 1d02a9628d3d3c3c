"""A rotating copy of the SQLite file per day of use, taken before anything writes to it."""

from __future__ import annotations

import logging
import shutil
import sqlite3
from datetime import date, datetime
from pathlib import Path

from db.errors import StorageError
from db.file_identity import stamp_file
from desktop.atomic_write import atomic_path

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
    # A temporary file of its own: two Foebooks starting at once each write their own copy
    # and the last complete one wins (both are consistent).
    source = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True)
    try:
        copy_database(source, target)
    finally:
        source.close()
    for old in backups(database)[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)  # another Foebook may have removed it already
        log.info("removed old backup %s", old)
    log.info("backed up %s to %s", database, target)
    return target


def copy_database(source: sqlite3.Connection, target: Path, *, keep_existing: bool = False) -> None:
    """Copy the database open as `source` to `target` whole (SQLite's online backup, so it
    is consistent while others write), through a temporary file; the copy gets a stamp of
    its own (db.file_identity). `keep_existing`: never replace a file already there."""
    with atomic_path(target, keep_existing=keep_existing) as partial:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
            stamp_file(copy)
        finally:
            copy.close()


def backup_day(backup: Path) -> str:
    """The day a backup was taken (YYYY-MM-DD), from its name."""
    return backup.stem[-10:]


def restore_hint(database: Path) -> str:
    """How to get back to the newest backup, for a message about an unusable file."""
    found = backups(database)
    if not found:
        return "There is no backup of it in its backups folder."
    newest = found[-1]
    return (
        f"The newest backup is from {backup_day(newest)}: to restore it, move {database.name} "
        f"aside and copy {newest} in its place"
    )


def restore_backup(database: Path, backup: Path) -> Path:
    """Put `backup` in place of `database`; the unusable file is kept beside it, renamed.

    Returns where the old file went. Its -wal/-shm side files go with it: they belong
    to the old file and would otherwise be applied to the restored copy.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = database.with_name(f"{database.name}.unusable-{stamp}")
    try:
        with atomic_path(database) as fresh:
            shutil.copyfile(backup, fresh)
            if database.exists():
                database.replace(aside)
                for suffix in ("-wal", "-shm"):
                    side = database.with_name(database.name + suffix)
                    if side.exists():
                        side.replace(aside.with_name(aside.name + suffix))
    except OSError as error:
        raise StorageError(
            f"cannot restore {backup} to {database}: {error.strerror or error}"
        ) from None
    log.warning("restored %s from %s; the old file is now %s", database, backup, aside)
    return aside
