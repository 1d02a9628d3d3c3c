"""A group at the table, by real input: keys where the keyboard sends them, the log as the
dock shows it, an encounter imported through File → Import, and the app closed and opened
again on the same database."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QFileDialog

from tests.ui.real_input import click, click_roster_row, open_saved_session, press, settle
from tests.ui.showing import show_active
from ui.roster.roster_model import COL_INITIATIVE

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def key(qtbot, which: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key press where a keyboard sends it: to whichever widget has the focus now (the
    active window when nothing has)."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, "no window to type into"
    qtbot.keyClick(target, which, modifier)


def type_text(qtbot, text: str) -> None:
    for char in text:
        qtbot.keyClicks(QApplication.focusWidget(), char)


def type_dice(qtbot, window, text: str) -> None:
    """Click the decision panel's dice box, replace what is in it with `text`, Enter there."""
    click(qtbot, window.panel.typed)
    key(qtbot, Qt.Key.Key_A, CTRL)
    key(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, text)
    key(qtbot, Qt.Key.Key_Return)


def undo(qtbot) -> None:
    key(qtbot, Qt.Key.Key_Z, CTRL)


def redo(qtbot) -> None:
    key(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)


def log_lines(window) -> list[str]:
    """The log as the dock shows it, without the time stamps ("(undone)" where it says so)."""
    model = window.log_panel.model
    return [model.index(row, 0).data().split("  ", 1)[1] for row in range(model.rowCount())]


def logged_as(window) -> str:
    """The log line the decision the panel shows gets when it is applied as decided: the
    unit's name, the summary, and its dice as the panel shows them."""
    decision = window.decision
    assert decision is not None, "the panel shows no decision"
    line = f"{window.session.encounter.unit(decision.unit).name}: {window.panel.summary.text()}"
    if decision.rolls:
        line += ". Dice: " + "; ".join(r.describe() for r in decision.rolls)
    return line


def play(qtbot, window) -> str:
    """Enter, wherever the focus is: the unit acting now plays its step (in the players' turn,
    the unit the panel shows reacts). Returns the log line it should get (`logged_as`)."""
    acting = window.selected if window.player_turn else window.session.current_unit
    assert window.decision is not None and window.decision.unit == acting
    line = logged_as(window)
    key(qtbot, Qt.Key.Key_Return)
    return line


def import_by_keyboard(qtbot, window, monkeypatch, folder, file_name: str, text: str) -> None:
    """Ctrl+I (File → Import encounter file…), the file chosen in the file dialog (replaced:
    it is modal), and the session it makes on screen."""
    path = folder / file_name
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    press(qtbot, window.act_import)
    qtbot.waitUntil(lambda: window.session is not None)


def restart(qtbot, window):
    """The app closed and started again on the same database, the session reopened from the
    start page: the new main window."""
    from ui.main_window import MainWindow

    name, database = window.session.name, window.database
    window.close()
    again = MainWindow(database)
    qtbot.addWidget(again)
    again.resize(1300, 800)
    show_active(qtbot, again)
    open_saved_session(qtbot, again, name)
    # The docks come back as they were left (put back once the event loop runs): a hand
    # waits for the window to stop moving before it types.
    settle(qtbot, again)
    return again


# -- the roster, which has the keyboard focus --------------------------------------------------
def walk_roster_to(qtbot, window, unit_id: str) -> None:
    """Up or Down in the roster table until the unit's row."""
    view = window.roster.view
    assert QApplication.focusWidget() is view, "the roster does not have the keyboard focus"
    steps = window.roster.proxy.proxy_row(unit_id) - view.currentIndex().row()
    for _ in range(abs(steps)):
        key(qtbot, Qt.Key.Key_Down if steps > 0 else Qt.Key.Key_Up)
    assert window.roster.selected_unit() == unit_id


def commit_typed(qtbot, window) -> None:
    """Enter in the roster cell being typed in: the cell is committed."""
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.roster.view.state() != QAbstractItemView.State.EditingState)


def type_on_row(qtbot, window, unit_id: str, typed: str) -> None:
    """In the roster (focused): to the unit's row, type HP change (`-3`, `+2`, `=7`), Enter."""
    walk_roster_to(qtbot, window, unit_id)
    type_text(qtbot, typed)
    commit_typed(qtbot, window)


def type_initiative(qtbot, window, typed: str) -> None:
    """On the selected roster row: I, the digits, Enter."""
    key(qtbot, Qt.Key.Key_I)
    assert window.roster.view.currentIndex().column() == COL_INITIATIVE
    type_text(qtbot, typed)
    commit_typed(qtbot, window)


def type_initiatives(qtbot, window, first: str, *typed: str) -> None:
    """Click the roster row of unit `first`, then type an initiative on it and on each row
    below (I, the digits, Enter, Down), as players call them out round the table."""
    click_roster_row(qtbot, window, first)
    for index, value in enumerate(typed):
        if index:
            key(qtbot, Qt.Key.Key_Down)
        type_initiative(qtbot, window, value)
