"""Logging configuration: one logger per module, a rotating file in the data directory."""

from __future__ import annotations

import logging
import logging.handlers

from desktop.paths import log_file

_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def configure_logging(level: int = logging.INFO, *, to_file: bool = True) -> None:
    root = logging.getLogger()
    if getattr(root, "_foebook_configured", False):
        return
    root.setLevel(level)
    if to_file:
        try:
            handler: logging.Handler = logging.handlers.RotatingFileHandler(
                log_file(), maxBytes=1_000_000, backupCount=3, encoding="utf-8"
            )
        except OSError:
            # An unwritable profile must not stop the app; fall back to stderr.
            handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(_FORMAT))
        root.addHandler(handler)
    root._foebook_configured = True  # type: ignore[attr-defined]
