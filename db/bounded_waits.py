"""PostgreSQL connections that never wait for the server without end.

A stopped or hung server (a frozen machine, SIGSTOP) accepts connections and reads what it is
sent, but never answers; TCP keepalives and the server's own statement timeout cannot see
that. So every wait of a connection for the server is bounded here, on the client: after
ANSWER_S seconds without an answer the connection is closed and NotAnswering raised, which
the pool treats as a lost connection (the next use opens a fresh one).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import psycopg
from psycopg import errors

ANSWER_S = 3.0  # a healthy server answers Foebook's small statements in milliseconds
MIGRATION_S = 120.0  # a schema migration may rewrite a large table
CONNECT_S = 10  # the longest connect_timeout (libpq: whole seconds, at least 2)

# The server's own limits, and TCP keepalives for a peer that vanished from the network: a
# session never holds locks or a transaction for long when its Foebook stopped mid-way.
# (libpq's connect_timeout follows the wait allowed where the connection is made.)
CONNECT_ARGS: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 3,
    "keepalives_count": 3,
    "options": (
        f"-c statement_timeout={int(MIGRATION_S * 1000)} -c lock_timeout=10000 "
        "-c idle_in_transaction_session_timeout=60000"
    ),
}

# How long a wait may last in this context.
_answer_within: ContextVar[float] = ContextVar("answer_within", default=ANSWER_S)


class NotAnswering(psycopg.OperationalError):
    """The server did not answer within ANSWER_S seconds; the connection was closed."""


@contextmanager
def answer_within(seconds: float) -> Iterator[None]:
    """Waits in this block end after `seconds`: longer for schema migrations when a database
    opens, shorter for a look that runs again soon anyway."""
    token = _answer_within.set(seconds)
    try:
        yield
    finally:
        _answer_within.reset(token)


class BoundedConnection(psycopg.Connection):
    """A psycopg connection whose every wait for the server ends within ANSWER_S seconds."""

    def wait(self, gen, interval: float = 0.1, timeout: float | None = None):
        limit = _answer_within.get()
        if timeout is not None:  # psycopg's own limit (a cancellation, notifies)
            return super().wait(gen, interval=interval, timeout=timeout)
        try:
            return super().wait(gen, interval=interval, timeout=limit)
        except errors._WaitTimeout:  # psycopg's own "timeout expired", private in 3.3
            # Half-way through the protocol: the connection cannot be used again.
            self.pgconn.finish()
            raise NotAnswering(f"the server did not answer within {limit:g} s") from None


def connect(*args: Any, **kwargs: Any) -> BoundedConnection:
    """For SQLAlchemy's do_connect event: a bounded connection with the same arguments."""
    kwargs["connect_timeout"] = min(CONNECT_S, max(2, math.ceil(_answer_within.get())))
    return BoundedConnection.connect(*args, **kwargs)
