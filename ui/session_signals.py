"""Adapts the plain-Python session observers to a Qt signal, and polls for other
Foebook processes' changes (shared tables) so every window stays current."""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.tracker.session import Change, Session

log = logging.getLogger(__name__)
POLL_MS = 1000  # another process's change shows within the 2 s the shared table promises


class SessionSignals(QObject):
    changed = Signal(object)  # Change
    connectionLost = Signal(str)  # why, once, when the database stops answering
    connectionBack = Signal()  # the next poll that works again

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._unsubscribe = session.subscribe(self.changed.emit)
        self.lost = False
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._timer.start()

    def _poll(self) -> None:
        from db.errors import DatabaseUnreachableError

        try:
            self.session.refresh()
        except DatabaseUnreachableError as error:  # the pool reconnects on a later tick
            self.mark_lost(str(error))
            return
        except Exception:  # a lost connection must not kill the window; try again next tick
            log.exception("could not check the session for changes")
            return
        if self.lost:
            log.info("database connection back")
            self.lost = False
            self.connectionBack.emit()

    def mark_lost(self, why: str) -> None:
        """The database stopped answering (seen here or by a command); the poll notices
        when it is back."""
        if not self.lost:
            log.warning("database connection lost: %s", why)
            self.lost = True
            self.connectionLost.emit(why)

    def close(self) -> None:
        self._timer.stop()
        self._unsubscribe()


__all__ = ["Change", "SessionSignals"]
