"""Shared tables: several Foebook processes on one session see each other's changes.

Every write bumps the session's version (see repository._bump), so watching a
session costs one tiny query per poll on any backend. `SessionWatcher.poll()`
is for a caller's own timer (the GUI's QTimer); `start()` runs a background
thread that only calls `on_change`, leaving the reload to the owner's thread.
Lost updates cannot happen: writers check the version they saw (optimistic
concurrency) and the tracker reloads and re-applies on a conflict.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from desktop.tracker.session import Session

log = logging.getLogger(__name__)

POLL_INTERVAL_S = 0.5  # well inside the 2 s a player may wait to see another's change


class SessionWatcher:
    def __init__(
        self,
        session: Session,
        interval: float = POLL_INTERVAL_S,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.session = session
        self.interval = interval
        self.on_change = on_change
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def poll(self) -> bool:
        """Reload the session if another process changed it; True when it did."""
        return self.session.refresh()

    def changed(self) -> bool:
        return self.session.store.version() != self.session.version

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="foebook-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                if self.changed() and self.on_change is not None:
                    self.on_change()
            except Exception:  # a dropped connection must not kill the watcher
                log.exception("watching the shared session failed; retrying")
