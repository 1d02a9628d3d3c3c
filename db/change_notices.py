"""Change notices on PostgreSQL: every committed write of a session NOTIFYs, and a window
LISTENs on a connection of its own, so another Foebook's change shows at once.

The notice is sent inside the writing transaction: PostgreSQL delivers it when that commits
and never when it rolls back. A listener that loses its connection says so (`listening`)
and connects again; the window's poll stays as the fallback meanwhile, and on SQLite.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, text

from db.engine import Database

log = logging.getLogger(__name__)

CHANNEL = "foebook_session_changed"
WAKE_S = 0.25  # how often the listening thread looks whether it should stop
RETRY_S = 2.0  # after a lost listen connection, the next attempt
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def notify(conn: Connection, session_pk: int, version: int) -> None:
    """In the writing transaction: tell listeners session `session_pk` is now at `version`."""
    if conn.dialect.name == "postgresql":
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{session_pk}:{version}"})


def parse(payload: str) -> tuple[int, int] | None:
    """(session pk, version) of a notice; None for one that is not ours."""
    pk, _, version = payload.partition(":")
    try:
        return int(pk), int(version)
    except ValueError:
        return None


class ChangeListener:
    """LISTENs on a thread for commits to session `session_pk`; `heard(version)` is called
    on that thread for each (the caller hands it to its own thread)."""

    def __init__(self, database: Database, session_pk: int, heard: Callable[[int], Any]) -> None:
        from db.bounded_waits import CONNECT_ARGS, CONNECT_S

        self.session_pk = session_pk
        self.heard = heard
        url = database.url.set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._connect_args = {**CONNECT_ARGS, "connect_timeout": CONNECT_S}
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="foebook-listen", daemon=True)

    @property
    def listening(self) -> bool:
        """The LISTEN is in place: a commit from now on is heard."""
        return self._listening.is_set()

    def start(self) -> ChangeListener:
        self._thread.start()
        return self

    def stop(self, wait_s: float = 1.0) -> None:
        self._stop.set()
        self._thread.join(wait_s)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen()
            except Exception as error:  # the poll carries on; listen again in a moment
                if not self._stop.is_set():
                    log.info("listening for other Foebooks' changes stopped: %s", error)
            finally:
                self._listening.clear()
            self._stop.wait(RETRY_S)

    def _listen(self) -> None:
        import psycopg

        with psycopg.connect(self._conninfo, autocommit=True, **self._connect_args) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            self._listening.set()
            while not self._stop.is_set():
                for notice in conn.notifies(timeout=WAKE_S):
                    found = parse(notice.payload)
                    if found is not None and found[0] == self.session_pk:
                        self.heard(found[1])


def listen(store: object, heard: Callable[[int], Any]) -> ChangeListener | None:
    """A started listener for the session `store` keeps, when it is kept on PostgreSQL."""
    from db.repository import SqlSessionStore

    if not isinstance(store, SqlSessionStore) or store.database.is_sqlite:
        return None
    return ChangeListener(store.database, store.session_pk, heard).start()
