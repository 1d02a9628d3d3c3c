"""Logging configuration: one logger per module, a rotating file in the data directory."""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers

from desktop.errors import FoebookError
from desktop.paths import log_file

_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class _LogFile(logging.handlers.RotatingFileHandler):
    """The rotating log; native crash traces (faulthandler) follow it to each new file."""

    crash_traces = False

    def doRollover(self) -> None:
        super().doRollover()
        if self.crash_traces and self.stream is not None:
            faulthandler.enable(self.stream, all_threads=True)


def configure_logging(level: int = logging.INFO, *, to_file: bool = True) -> None:
    root = logging.getLogger()
    if getattr(root, "_foebook_configured", False):
        return
    root.setLevel(level)
    # Its INFO lines (a dozen plug-ins set up, each migration) bury the evening's own.
    logging.getLogger("alembic").setLevel(max(level, logging.WARNING))
    if to_file:
        try:
            handler: logging.Handler = _LogFile(
                log_file(), maxBytes=1_000_000, backupCount=3, encoding="utf-8"
            )
        except (OSError, FoebookError):
            # An unwritable profile must not stop the app; fall back to stderr, for errors
            # only: the warnings that matter are the app's own messages to the user, and a
            # terminal must not fill with the rest.
            handler = logging.StreamHandler()
            handler.setLevel(logging.ERROR)
        handler.setFormatter(logging.Formatter(_FORMAT))
        root.addHandler(handler)
    root._foebook_configured = True  # type: ignore[attr-defined]


def send_crash_traces_to_log() -> None:
    """A segfault in Qt or a C extension prints Python's stack into the log file rather than
    into a terminal nobody has open (stderr when the log file cannot be written)."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, _LogFile) and handler.stream is not None:
            handler.crash_traces = True
            faulthandler.enable(handler.stream, all_threads=True)
            return
    faulthandler.enable(all_threads=True)
