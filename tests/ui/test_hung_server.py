"""The PostgreSQL server hangs (SIGSTOP: it accepts connections and never answers) under two
windows: they keep repainting and answering keys, say within seconds that the database is not
answering, refuse edits without showing them as saved, and carry on by themselves once it
answers again."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel

from db.repository import session_log
from tests.ui.real_input import click_tool, press
from tests.ui.shared_windows import Table

pytestmark = pytest.mark.postgres


class Heartbeat(QObject):
    """A timer ticking on the GUI thread, drawing its count in the window's status bar: it
    ticks and repaints only while the event loop runs. Counts what happened while a window
    waited for the database."""

    def __init__(self, window) -> None:
        super().__init__(window)
        from ui.database_wait import waiting_for_database

        self._waiting = waiting_for_database
        self.label = QLabel("0")
        window.statusBar().addPermanentWidget(self.label)
        self.label.installEventFilter(self)
        self.ticks = self.ticks_waiting = self.paints_waiting = 0
        self.timer = QTimer(self)
        self.timer.setInterval(50)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        self.ticks += 1
        self.ticks_waiting += self._waiting()
        self.label.setText(str(self.ticks))

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint and self._waiting():
            self.paints_waiting += 1
        return False


def help_answers(qtbot, window) -> bool:
    """F1: the keyboard shortcuts open (a modal dialog), and Esc closes them."""
    seen = []

    def close_it() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, close_it)
            return
        seen.append(dialog)
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    QTimer.singleShot(0, close_it)
    press(qtbot, window.act_shortcuts)
    return bool(seen)


def texts(window) -> list[str]:
    return [e.text for e in window.session.history]


NOT_ANSWERING = "The database is not answering: edits are refused until it answers"


@pytest.mark.parametrize("hang_s", [20, pytest.param(100, marks=pytest.mark.slow)])
@pytest.mark.timeout(600)
def test_a_hung_server_leaves_both_windows_responsive(qtbot, pausable_pg, tmp_path, hang_s):
    table = Table(qtbot, pausable_pg.url, tmp_path)
    a, b = table.a, table.b
    try:
        heartbeats = [Heartbeat(a), Heartbeat(b)]
        table.type_hp(a, "ogre", "-1")
        saved = texts(a)
        table.caught_up()

        pausable_pg.hang()
        hung_at = time.monotonic()
        editor = table.open_hp(a, "ogre", "-")
        qtbot.keyClicks(editor, "2")
        table.commit(a, editor)  # it waits for the server, the windows carrying on, then fails
        assert "is not answering" in a.roster.message.text()
        assert "not saved" in a.roster.message.text()
        assert heartbeats[0].ticks_waiting > 0 and heartbeats[0].paints_waiting > 0
        assert texts(a) == saved and table.shown_hp(a, "ogre") == (399, 1000)
        qtbot.waitUntil(lambda: a.offline and b.offline)  # b's own look found it too
        for window in (a, b):
            assert window.connection_label.text().startswith(NOT_ANSWERING)
        assert help_answers(qtbot, a)
        table.type_hp(a, "ogre", "-3")  # refused at once while it does not answer
        assert "edits are refused until it answers" in a.roster.message.text()
        assert texts(a) == saved
        before = [h.ticks for h in heartbeats]
        qtbot.waitUntil(lambda: time.monotonic() - hung_at >= hang_s, timeout=(hang_s + 30) * 1000)
        assert all(h.ticks > t for h, t in zip(heartbeats, before, strict=True))
        assert a.offline and b.offline

        pausable_pg.unhang()
        qtbot.waitUntil(lambda: not a.offline and not b.offline)  # by themselves
        for window in (a, b):
            assert window.connection_label.isHidden()
        assert not a.roster.message.isVisible()  # the note went with the trouble
        table.type_hp(a, "ogre", "-2")
        table.caught_up()
        assert texts(a)[-1] == "Ogre takes 2 damage (HP 399 → 397 of 1000)"
        assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (397, 1000)
        logged = [e.text for e in session_log(table.databases[0], a.session.name)]
        assert logged == texts(a) == texts(b)
    finally:
        pausable_pg.unhang()
        table.close()


@pytest.mark.qt_no_exception_capture
def test_the_start_page_of_a_window_on_a_hung_server_says_so(qtbot, pausable_pg, tmp_path):
    """Home while the server does not answer: the start page, a message, no error box."""
    import sys

    table = Table(qtbot, pausable_pg.url, tmp_path)
    a = table.a
    escaped = []
    hook, sys.excepthook = sys.excepthook, lambda *info: escaped.append(info)
    try:
        pausable_pg.hang()
        click_tool(qtbot, a, a.act_home)
        assert a.pages.currentIndex() == 0 and not escaped
        assert "is not answering" in a.statusBar().currentMessage()
        pausable_pg.unhang()
        click_tool(qtbot, a, a.act_home)
        saved = a.welcome.recent
        assert [saved.item(r).data(Qt.ItemDataRole.UserRole) for r in range(saved.count())] == [
            a.session.name
        ]
    finally:
        sys.excepthook = hook
        pausable_pg.unhang()
        table.close()
