"""Notices when an earlier run of the GUI ended without a clean exit (a crash, a kill).

Each running Foebook keeps a marker file of its own in the data directory, locked for as
long as it runs, and removes it when it exits cleanly. At start, a marker that nobody
holds locked belonged to a run that died; a locked one belongs to another Foebook that is
still running (two windows on a shared table are normal) and is left alone.
"""

from __future__ import annotations

import fcntl
import logging
import os
from pathlib import Path
from typing import TextIO

from desktop.paths import data_dir, log_file

log = logging.getLogger(__name__)
MARKER = "foebook.running"  # this run's marker is MARKER.<pid>; older Foebooks wrote MARKER
CRASH_SIGNS = ("Fatal Python error", "Segmentation fault", "Aborted")
_held: tuple[Path, TextIO] | None = None  # this run's marker, open and locked


def start() -> str | None:
    """Mark this run as running; say how an earlier run ended if it did not exit cleanly."""
    global _held
    directory = data_dir()
    previous = None
    for marker in sorted(directory.glob(MARKER + "*")):
        offset = _left_behind(marker)
        if offset is None:
            continue
        previous = _describe(offset)
        log.warning("an earlier run did not exit cleanly: %s", previous)
        try:
            marker.unlink(missing_ok=True)
        except OSError as error:  # a read-only data folder: said where the database is opened
            log.warning("cannot remove %s: %s", marker, error)
    path = directory / f"{MARKER}.{os.getpid()}"
    try:
        size = log_file().stat().st_size if log_file().exists() else 0
        handle = path.open("w", encoding="utf-8")
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        handle.write(f"{size}\n")
        handle.flush()
        _held = (path, handle)
    except OSError as error:
        log.warning("cannot write %s: %s", path, error)
    return previous


def _left_behind(marker: Path) -> int | None:
    """The log offset a dead run wrote into its marker; None while its run is alive."""
    try:
        handle = marker.open("r", encoding="utf-8")
    except OSError:
        return None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return None  # a Foebook that is running holds it
        try:
            return int(handle.read().split()[-1])
        except (OSError, ValueError, IndexError):
            return 0


def _describe(offset: int) -> str:
    """One sentence for the user, naming where the details are."""
    path = log_file()
    try:
        with path.open("rb") as handle:
            handle.seek(min(offset, path.stat().st_size))
            tail = handle.read().decode("utf-8", "replace")
    except OSError:
        tail = ""
    # Nothing is said about the sessions here: that is for the full check of the database
    # that such a start runs (desktop.app).
    if any(sign in tail for sign in CRASH_SIGNS):
        return f"Foebook crashed the last time it ran. The crash report is in {path}."
    return (
        f"Foebook did not close properly the last time it ran (it crashed or was "
        f"stopped). Details, if any, are in {path}."
    )


def clean_exit() -> None:
    global _held
    if _held is None:
        return
    path, handle = _held
    _held = None
    try:
        path.unlink(missing_ok=True)
        handle.close()
    except OSError as error:
        log.warning("cannot remove the running marker: %s", error)
