"""The PostgreSQL server goes away while the window is open: it says so, refuses edits until
the server is back, reconnects by itself, and everything it showed as saved is there."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt

from db.engine import open_database
from db.repository import session_log
from tests.ui.real_input import click_roster_row
from tests.ui.showing import show_active

pytestmark = pytest.mark.postgres

AMBUSH = "card-flip-goblin-ambush.toml"


def test_the_window_survives_a_lost_server(qtbot, pausable_pg):
    from ui.main_window import MainWindow

    database = open_database(pausable_pg.url)
    QSettings().clear()
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.resize(1300, 800)
    window.show()
    qtbot.waitExposed(window)
    try:
        window.start_tutorial(AMBUSH)
        next_button = window.turns.next_button  # "Next activation": one saved command
        qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
        saved = [e.text for e in window.session.history]
        assert len(saved) == 1 and not window.offline

        pausable_pg.pause()
        qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
        assert window.offline
        assert window.connection_label.text().startswith("Connection to the database lost")
        assert "lost the connection" in window.statusBar().currentMessage()
        qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)  # refused while it is gone
        assert "edits are refused until it is back" in window.statusBar().currentMessage()
        assert [e.text for e in window.session.history] == saved

        pausable_pg.resume()
        qtbot.waitUntil(lambda: not window.offline)  # the poll reconnects
        qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
        texts = [e.text for e in window.session.history]
        assert texts[:1] == saved and len(texts) == 2
        assert [e.text for e in session_log(database, window.session.name)] == texts
    finally:
        window.close()
        database.close()


@pytest.mark.qt_no_exception_capture
def test_roster_edits_meet_the_lost_server_with_a_message_not_an_error(qtbot, pausable_pg):
    """The roster runs its commands through the window's one runner: a lost server is a
    message in the roster's line, the window turns offline, and nothing escapes."""
    import sys

    from ui.main_window import MainWindow

    escaped = []
    database = open_database(pausable_pg.url)
    QSettings().clear()
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.resize(1300, 800)
    show_active(qtbot, window)
    hook, sys.excepthook = sys.excepthook, lambda *info: escaped.append(info)
    try:
        window.start_tutorial(AMBUSH)
        click_roster_row(qtbot, window, "goblin")
        minus_one = window.roster.hp_buttons[-1]
        pausable_pg.pause()
        qtbot.mouseClick(minus_one, Qt.MouseButton.LeftButton)
        assert window.offline and not escaped
        assert "lost the connection" in window.roster.message.text().lower()
        qtbot.mouseClick(minus_one, Qt.MouseButton.LeftButton)  # refused while it is gone
        assert "edits are refused until it is back" in window.roster.message.text()
        assert window.session.history == []
        pausable_pg.resume()
        qtbot.waitUntil(lambda: not window.offline)
        qtbot.mouseClick(minus_one, Qt.MouseButton.LeftButton)
        assert [e.kind for e in session_log(database, window.session.name)] == ["damage"]
    finally:
        sys.excepthook = hook
        window.close()
        database.close()
