"""Database work the GUI thread has to wait for, done so the windows stay alive meanwhile.

A server database call runs on a worker thread while the GUI thread waits in a local event
loop: the windows repaint and timers run, but the user's keys and clicks wait until the call
is done (so no second command starts half-way through the first). Every wait for a server is
bounded (db/bounded_waits.py), so the call always ends. SQLite calls stay plain calls: they
are quick, and the file is on this computer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QEventLoop, QMetaObject, Qt

if TYPE_CHECKING:
    from concurrent.futures import Future

T = TypeVar("T")
_waiting = 0  # nested waits of the GUI thread under way


def waiting_for_database() -> bool:
    """Whether the GUI thread is waiting for a database call (in a local event loop)."""
    return _waiting > 0


class ResponsiveWait:
    """`database.run` for a server database used by a window (see db.engine.Database.run)."""

    def __init__(self) -> None:
        # Loaded here: only a server database needs it, not a start on SQLite.
        from concurrent.futures import ThreadPoolExecutor

        self._worker = ThreadPoolExecutor(1, thread_name_prefix="foebook-database")

    def __call__(self, work: Callable[[], T]) -> T:
        global _waiting
        if threading.current_thread() is not threading.main_thread() or _waiting:
            return work()  # a poll's own thread, or a call inside a call: already off the GUI
        loop = QEventLoop()
        future: Future[T] = self._worker.submit(work)
        # Posted to the loop (thread-safe): it ends the wait even when the work was done
        # before the loop started.
        future.add_done_callback(
            lambda _future: QMetaObject.invokeMethod(
                loop, "quit", Qt.ConnectionType.QueuedConnection
            )
        )
        _waiting += 1
        try:
            loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            _waiting -= 1
        return future.result()

    def close(self) -> None:
        self._worker.shutdown(wait=False)


def keep_responsive(database) -> None:
    """Make a window's database calls to a server wait this way (SQLite ones stay plain)."""
    if (
        database is not None
        and not database.is_sqlite
        and not isinstance(database.run, ResponsiveWait)
    ):
        database.run = ResponsiveWait()
