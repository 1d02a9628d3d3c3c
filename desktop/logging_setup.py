"""Logging configuration: one logger per module, a rotating file in the data directory."""

from __future__ import annotations

import faulthandler
import logging
import os

from desktop.errors import FoebookError
from desktop.paths import log_file

_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


MAX_BYTES = 1_000_000  # then the log moves to foebook.log.1, and so on
KEPT = 3  # foebook.log.1 to .3; the oldest goes


class _LogFile(logging.FileHandler):
    """The rotating log; native crash traces (faulthandler) follow it to each new file.

    Built on the plain file handler: the standard rotating one's module (logging.handlers)
    also loads sockets, pickle and queues, ~7 ms of every start."""

    crash_traces = False

    def __init__(self, path: str, max_bytes: int, kept: int) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes, self.kept = max_bytes, kept

    def emit(self, record: logging.LogRecord) -> None:
        # Called with the handler's lock held (Handler.handle).
        if self.stream is not None and self.stream.tell() >= self.max_bytes:
            try:
                self._rotate()
            except OSError:  # e.g. another process holds a file: keep writing this one
                if self.stream is None:
                    self.stream = self._open()
        super().emit(record)

    def _rotate(self) -> None:
        if self.stream is not None:
            self.stream.close()
        self.stream = None
        for number in range(self.kept - 1, 0, -1):
            older = f"{self.baseFilename}.{number}"
            if os.path.exists(older):
                os.replace(older, f"{self.baseFilename}.{number + 1}")
        os.replace(self.baseFilename, f"{self.baseFilename}.1")
        self.stream = self._open()
        if self.crash_traces:
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
            handler: logging.Handler = _LogFile(str(log_file()), MAX_BYTES, KEPT)
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
