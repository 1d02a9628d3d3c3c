"""Adapts the plain-Python session observers to a Qt signal, and picks up other Foebook
processes' changes (shared tables) so every window stays current: at once when PostgreSQL
notifies a commit (db/change_notices.py), and by a poll as the fallback (SQLite, a lost
listen connection).

The poll reads the database on a thread of its own: a server that is slow, gone or hung
never holds up the window. What it read is taken on the GUI thread, unless the window is
waiting for a command of its own (the next poll reads again).
"""

from __future__ import annotations

import logging
import sys
import threading
from contextlib import AbstractContextManager, nullcontext, suppress

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.tracker.session import Change, Session
from desktop.tracker.store import Loaded
from ui.database_wait import waiting_for_database

log = logging.getLogger(__name__)
POLL_MS = 1000  # another process's change shows within the 2 s the shared table promises
LOOK_S = 2.0  # a poll waits this long for a server; the next one looks again


class SessionSignals(QObject):
    changed = Signal(object)  # Change
    connectionLost = Signal(object)  # the StorageError, once, when the database stops answering
    connectionBack = Signal()  # the next poll that works again
    _looked = Signal(object, object)  # (Loaded or None, error or None), from the poll's thread
    _heard = Signal(int)  # a version another Foebook committed, from the listener's thread

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._unsubscribe = session.subscribe(self.changed.emit)
        self.lost = False
        self._looking: threading.Thread | None = None  # a poll's thread reading the database
        self._again = False  # a notice came while a look was under way: look once more
        self._closed = False
        self._looked.connect(self._arrived)
        self._heard.connect(self._notified)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._timer.start()
        self._listener = _listen(session, self._hear)

    @property
    def listening(self) -> bool:
        """Another Foebook's commit is heard at once (not only at the next poll)."""
        return self._listener is not None and self._listener.listening

    def _hear(self, version: int) -> None:
        """On the listener's thread: hand the notice to the GUI thread."""
        if not self._closed:
            with suppress(RuntimeError):  # the window closed meanwhile
                self._heard.emit(version)

    def _notified(self, version: int) -> None:
        if self._closed or version <= self.session.version:
            return  # this window's own write, or one it has already taken
        if self._looking is not None:  # that look may have read the store before the commit
            self._again = True
            return
        self._poll()

    def _poll(self) -> None:
        if self._looking is not None:
            return  # the last look still waits for the database
        self._looking = threading.Thread(
            target=self._look,
            args=(self.session.store, self.session.version),
            name="foebook-poll",
            daemon=True,
        )
        self._looking.start()

    def _look(self, store, known: int) -> None:
        """On the poll's thread: the store's state when it changed since `known`."""
        loaded: Loaded | None = None
        error: Exception | None = None
        try:
            with _briefly():
                if store.version() != known:
                    loaded = store.load()
        except Exception as failed:  # reported on the GUI thread
            error = failed
        if not self._closed:
            with suppress(RuntimeError):  # the window closed meanwhile
                self._looked.emit(loaded, error)

    def _arrived(self, loaded: Loaded | None, error: Exception | None) -> None:
        self._looking = None
        if self._closed:
            return
        self._take(loaded, error)
        if self._again:
            self._again = False
            self._poll()

    def _take(self, loaded: Loaded | None, error: Exception | None) -> None:
        from db.errors import DatabaseUnreachableError

        if isinstance(error, DatabaseUnreachableError):  # a later poll looks again
            self.mark_lost(error)
            return
        if error is not None:  # nothing stops the window; the next poll tries again
            log.warning("could not check the session for changes: %s", error, exc_info=error)
            return
        if loaded is not None and not waiting_for_database():
            self.session.adopt(loaded)
        if self.lost:
            log.info("database connection back")
            self.lost = False
            self.connectionBack.emit()

    def mark_lost(self, error: Exception) -> None:
        """The database stopped answering (seen here or by a command); the poll notices
        when it is back."""
        if not self.lost:
            log.warning("database connection lost: %s", error)
            self.lost = True
            self.connectionLost.emit(error)

    def close(self) -> None:
        self._closed = True
        self._timer.stop()
        if self._listener is not None:
            self._listener.stop(wait_s=0)  # a daemon thread: it ends within WAKE_S
        self._unsubscribe()
        if self._looking is not None:  # let it give its connection back, if it is quick
            self._looking.join(LOOK_S)


def _listen(session: Session, heard):
    """The store's change notices, when it is kept on PostgreSQL (db is loaded then)."""
    if "db.repository" not in sys.modules:
        return None  # an in-memory session: nothing else writes to it
    from db.change_notices import listen

    return listen(session.store, heard)


def _briefly() -> AbstractContextManager[None]:
    """A poll's look waits LOOK_S for a server (the next poll looks again anyway)."""
    waits = sys.modules.get("db.bounded_waits")  # loaded where a server database is open
    return waits.answer_within(LOOK_S) if waits is not None else nullcontext()


__all__ = ["Change", "SessionSignals"]
