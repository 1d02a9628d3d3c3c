"""Notices when the previous run of the GUI ended without a clean exit (a crash, a kill)."""

from __future__ import annotations

import logging
import os

from desktop.paths import data_dir, log_file

log = logging.getLogger(__name__)
# Written when the GUI starts, removed when it exits cleanly: still there at the next start
# means that run crashed or was killed.
MARKER = "foebook.running"
CRASH_SIGNS = ("Fatal Python error", "Segmentation fault", "Aborted")


def start() -> str | None:
    """Mark this run as running; say how the previous run ended if it did not exit cleanly."""
    marker = data_dir() / MARKER
    previous = None
    if marker.exists():
        try:
            offset = int(marker.read_text(encoding="utf-8").split()[1])
        except (OSError, ValueError, IndexError):
            offset = 0
        previous = _describe(offset)
        log.warning("the previous run did not exit cleanly: %s", previous)
    try:
        size = log_file().stat().st_size if log_file().exists() else 0
        marker.write_text(f"{os.getpid()} {size}\n", encoding="utf-8")
    except OSError as error:
        log.warning("cannot write %s: %s", marker, error)
    return previous


def _describe(offset: int) -> str:
    """One sentence for the user, naming where the details are."""
    path = log_file()
    try:
        with path.open("rb") as handle:
            handle.seek(min(offset, path.stat().st_size))
            tail = handle.read().decode("utf-8", "replace")
    except OSError:
        tail = ""
    if any(sign in tail for sign in CRASH_SIGNS):
        return (f"Foebook crashed the last time it ran. Your sessions are safe: every change "
                f"was saved as it happened. The crash report is in {path}.")
    return (f"Foebook did not close properly the last time it ran (it crashed or was "
            f"stopped). Your sessions are safe: every change was saved as it happened. "
            f"Details, if any, are in {path}.")


def clean_exit() -> None:
    try:
        (data_dir() / MARKER).unlink(missing_ok=True)
    except OSError as error:
        log.warning("cannot remove the running marker: %s", error)
