"""Another Foebook's change reaches a window through PostgreSQL's change notices, without the
poll: with the poll an hour apart, two windows on one session take turns changing the ogre
(HP, initiative, undo) and each sees the other's change; a dropped listen connection is
made again and heard through as before."""

from __future__ import annotations

import psycopg
import pytest

from db.change_notices import CHANNEL
from tests.db.conftest import pg_server, pg_url  # noqa: F401  (one server for the module)
from tests.ui.real_input import press
from tests.ui.shared_windows import Table
from ui import session_signals

pytestmark = pytest.mark.postgres

AN_HOUR_MS = 3_600_000  # longer than any wait below: only a notice can bring a change


@pytest.fixture
def table(qtbot, pg_url, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setattr(session_signals, "POLL_MS", AN_HOUR_MS)
    shared = Table(qtbot, pg_url, tmp_path)
    listening(qtbot, shared.a, shared.b)
    yield shared
    shared.close()


def listening(qtbot, *windows) -> None:
    """Wait until each window's LISTEN is in place (a commit before it would be missed)."""
    qtbot.waitUntil(lambda: all(w.runner.signals.listening for w in windows))


def texts(window) -> list[str]:
    return [e.text for e in window.session.history]


def test_each_windows_change_shows_in_the_other_without_the_poll(qtbot, table):
    a, b = table.a, table.b
    table.type_hp(b, "ogre", "-7")
    qtbot.waitUntil(lambda: table.shown_hp(a, "ogre") == (393, 1000))
    table.type_initiative(a, "ogre", "12")
    qtbot.waitUntil(lambda: table.shown_initiative(b, "ogre") == "12")
    table.type_hp(a, "ogre", "+3")
    qtbot.waitUntil(lambda: table.shown_hp(b, "ogre") == (396, 1000))
    b.activateWindow()
    qtbot.waitUntil(b.isActiveWindow)
    press(qtbot, b.act_undo)
    qtbot.waitUntil(lambda: table.shown_hp(a, "ogre") == (393, 1000))
    assert texts(a) == texts(b)
    assert [e.status for e in a.session.history][-1] == "undone"
    assert texts(a)[-3:] == [
        "Ogre takes 7 damage (HP 400 → 393 of 1000)",
        "Ogre: initiative 50 → 12; the round's order is sorted again; Ogre activates first",
        "Ogre heals 3 (HP 393 → 396 of 1000)",
    ]


def test_a_dropped_listen_connection_is_made_again_and_heard_through(qtbot, table, pg_url):  # noqa: F811
    a, b = table.a, table.b
    with psycopg.connect(pg_url.replace("+psycopg", ""), autocommit=True) as admin:
        dropped = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = %s",
            (f"LISTEN {CHANNEL}",),
        ).fetchone()
    assert dropped == (2,)
    qtbot.waitUntil(lambda: not a.runner.signals.listening)
    listening(qtbot, a, b)
    table.type_hp(b, "ogre", "-5")
    qtbot.waitUntil(lambda: table.shown_hp(a, "ogre") == (395, 1000))
