"""The start page's saved sessions: rename (F2, context menu), delete (Delete key, context
menu; a confirmation names the session; the open one is closed first), restore until the
app closes; a tutorial played again carries on or starts over in its own place."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication, QInputDialog, QMenu, QMessageBox

from db.repository import list_sessions, open_session
from tests.ui.modal import click_button, type_over, when_up
from tests.ui.real_input import click, open_saved_session, press, walk_menu
from tests.ui.start_page import go_home, start_tutorial_by_hand
from ui.shortcuts_dialog import ShortcutsDialog

USER_ROLE = Qt.ItemDataRole.UserRole
AMBUSH = "card-flip-goblin-ambush.toml"
AMBUSH_NAME = "Tutorial: Goblin ambush"
HEDGEROW = "skirmish-ai-hedgerow.toml"
HEDGEROW_NAME = "Tutorial: Hedgerow"


def listed(window) -> list[str]:
    saved = window.welcome.recent
    return [n for r in range(saved.count()) if (n := saved.item(r).data(USER_ROLE))]


def stored(database) -> list[str]:
    return [i.name for i in list_sessions(database)]


def _item_point(window, name: str):
    saved = window.welcome.recent
    row = listed(window).index(name)
    return saved.visualItemRect(saved.item(row)).center()


def settle_list(qtbot, window) -> None:
    """Wait until the list stops moving (the start page takes the room the docks leave): a
    hand aims at what is drawn."""
    viewport = window.welcome.recent.viewport()
    last = None
    for _ in range(50):
        now = (viewport.mapTo(window, QPoint(0, 0)), viewport.size())
        if now == last:
            return
        last = now
        qtbot.wait(20)
    raise AssertionError("the list of sessions kept moving for a second")


def select_saved(qtbot, window, name: str) -> None:
    """Click the saved session in "Your sessions" (the list then has the keyboard focus)."""
    saved = window.welcome.recent
    settle_list(qtbot, window)
    click(qtbot, saved.viewport(), _item_point(window, name))
    qtbot.waitUntil(lambda: window.welcome.selected_session() == name)


def right_click(qtbot, window, name: str | None) -> QMenu:
    """Move the pointer onto the saved session (None: the list's empty space below the
    sessions) and right-click it; the menu that pops up."""
    saved = window.welcome.recent
    settle_list(qtbot, window)
    spot = QPoint(10, saved.viewport().height() - 10) if name is None else _item_point(window, name)
    # Through the window system, as a mouse's events come: Qt makes the context menu event
    # of a right-click there, for the widget the pointer moved onto last (QTest's events
    # sent straight to a widget skip that step).
    hand, target = window.windowHandle(), saved.viewport().mapTo(window, spot)
    qtbot.mouseMove(hand, QPoint(1, 1))
    qtbot.mouseMove(hand, target)
    qtbot.mouseClick(hand, Qt.MouseButton.RightButton, pos=target)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    return QApplication.activePopupWidget()


def menu_entry(menu: QMenu, text: str):
    entry = next((a for a in menu.actions() if a.text().replace("&", "") == text), None)
    assert entry is not None, f"no {text!r} in {[a.text() for a in menu.actions()]}"
    return entry


def play_one_decision(qtbot, window) -> None:
    """Enter applies the shown decision: the session has something in its log."""
    before = len(window.session.history)
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
    assert len(window.session.history) == before + 1


def played_then_home(qtbot, window) -> list:
    """Start the ambush tutorial, apply a decision, go back to the start page: the
    session's log so far."""
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    play_one_decision(qtbot, window)
    history = window.session.history
    go_home(qtbot, window)
    return history


def test_f2_and_the_context_menu_rename_a_saved_session(window, qtbot, database):
    history = played_then_home(qtbot, window)
    select_saved(qtbot, window, AMBUSH_NAME)
    asked = when_up(qtbot, QInputDialog, type_over(qtbot, "Friday game"))
    qtbot.keyClick(window.welcome.recent, Qt.Key.Key_F2)
    assert asked and "“Tutorial: Goblin ambush”" in asked[0]
    assert listed(window) == stored(database) == ["Friday game"]
    assert window.welcome.selected_session() == "Friday game"
    assert window.session.name == "Friday game"  # the open session follows
    assert QSettings().value("session/last") == "Friday game"  # and opens at the next start

    menu = right_click(qtbot, window, "Friday game")
    assert [a.text() for a in menu.actions()][:3] == ["&Open", "&Rename…", "&Delete…"]
    when_up(qtbot, QInputDialog, type_over(qtbot, "Saturday game"))
    walk_menu(qtbot, menu, [menu_entry(menu, "Rename…")])
    assert listed(window) == ["Saturday game"]

    # A name another session has is refused, in one message, and nothing changes.
    start_tutorial_by_hand(qtbot, window, HEDGEROW)
    go_home(qtbot, window)
    select_saved(qtbot, window, "Saturday game")
    warned = when_up(qtbot, QMessageBox, click_button(qtbot, "OK"))
    when_up(qtbot, QInputDialog, type_over(qtbot, HEDGEROW_NAME))
    qtbot.keyClick(window.welcome.recent, Qt.Key.Key_F2)
    qtbot.waitUntil(lambda: bool(warned) and QApplication.activeModalWidget() is None)
    assert f"a session named '{HEDGEROW_NAME}' already exists" in warned[0]
    assert sorted(stored(database)) == ["Saturday game", HEDGEROW_NAME]

    open_saved_session(qtbot, window, "Saturday game")
    assert window.session.history == history
    assert window.windowTitle().startswith("Saturday game — ")


def test_the_delete_key_asks_naming_the_session_and_restore_brings_it_back(window, qtbot, database):
    history = played_then_home(qtbot, window)
    start_tutorial_by_hand(qtbot, window, HEDGEROW)
    go_home(qtbot, window)
    restore = window.welcome.restore_button
    assert not restore.isVisible()

    select_saved(qtbot, window, AMBUSH_NAME)
    asked = when_up(qtbot, QMessageBox, click_button(qtbot, "Cancel"))
    qtbot.keyClick(window.welcome.recent, Qt.Key.Key_Delete)
    assert asked and "“Tutorial: Goblin ambush”" in asked[0]
    assert sorted(stored(database)) == [AMBUSH_NAME, HEDGEROW_NAME]  # cancelled

    when_up(qtbot, QMessageBox, click_button(qtbot, "Delete"))
    qtbot.keyClick(window.welcome.recent, Qt.Key.Key_Delete)
    assert listed(window) == stored(database) == [HEDGEROW_NAME]
    assert window.session.name == HEDGEROW_NAME  # another session than the open one
    assert restore.isVisible() and restore.text() == "Restore “Tutorial: Goblin ambush”"
    assert "Deleted “Tutorial: Goblin ambush”" in window.statusBar().currentMessage()

    click(qtbot, restore)
    assert sorted(stored(database)) == [AMBUSH_NAME, HEDGEROW_NAME]
    assert not restore.isVisible()
    assert window.welcome.selected_session() == AMBUSH_NAME
    open_saved_session(qtbot, window, AMBUSH_NAME)
    assert window.session.history == history
    assert open_session(database, AMBUSH_NAME).state == window.session.state


def test_deleting_the_open_session_closes_it_and_the_menu_restores_it(window, qtbot, database):
    history = played_then_home(qtbot, window)  # the session waits behind the start page

    menu = right_click(qtbot, window, AMBUSH_NAME)
    when_up(qtbot, QMessageBox, click_button(qtbot, "Delete"))
    walk_menu(qtbot, menu, [menu_entry(menu, "Delete…")])
    assert window.session is None and stored(database) == [] and listed(window) == []
    assert window.roster.session is None and window.log_panel.model.rowCount() == 0
    assert QSettings().value("session/last") is None  # the next start shows the start page
    qtbot.keyClick(window.welcome.recent, Qt.Key.Key_Space)  # Next does nothing now
    assert window.pages.currentIndex() == 0

    menu = right_click(qtbot, window, None)  # no session under the pointer: restore only
    assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
        "Restore “Tutorial: Goblin ambush”"
    ]
    walk_menu(qtbot, menu, [menu_entry(menu, "Restore “Tutorial: Goblin ambush”")])
    assert listed(window) == [AMBUSH_NAME]
    open_saved_session(qtbot, window, AMBUSH_NAME)
    assert window.session.history == history
    play_one_decision(qtbot, window)  # it plays on where it was
    assert open_session(database, AMBUSH_NAME).history == window.session.history


def test_a_tutorial_started_again_carries_on_or_starts_over_in_its_own_place(
    window, qtbot, database
):
    history = played_then_home(qtbot, window)

    asked = when_up(qtbot, QMessageBox, click_button(qtbot, "Carry on"))
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    assert asked and "“Tutorial: Goblin ambush”" in asked[0]
    assert window.pages.currentIndex() == 1
    assert window.session.name == AMBUSH_NAME and window.session.history == history
    go_home(qtbot, window)

    when_up(qtbot, QMessageBox, click_button(qtbot, "Cancel"))
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    assert window.pages.currentIndex() == 0 and stored(database) == [AMBUSH_NAME]

    when_up(qtbot, QMessageBox, click_button(qtbot, "Start over"))
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    assert window.pages.currentIndex() == 1
    assert window.session.name == AMBUSH_NAME and window.session.history == []
    assert stored(database) == [AMBUSH_NAME]  # no "Tutorial: Goblin ambush (2)"
    go_home(qtbot, window)
    assert listed(window) == [AMBUSH_NAME]
    # The game it replaced can still be brought back (under a name of its own).
    click(qtbot, window.welcome.restore_button)
    assert sorted(stored(database)) == [AMBUSH_NAME, f"{AMBUSH_NAME} (2)"]
    assert open_session(database, f"{AMBUSH_NAME} (2)").history == history


def test_the_keyboard_shortcuts_list_the_saved_sessions_keys(window, qtbot):
    rows: list[list[str]] = []

    def read_and_close(sheet) -> None:
        table = sheet.table
        rows.extend([table.item(r, c).text() for c in range(3)] for r in range(table.rowCount()))
        sheet.reject()

    when_up(qtbot, ShortcutsDialog, read_and_close)
    press(qtbot, window.act_shortcuts)  # F1
    assert ["Start page (saved sessions)", "Rename session", "F2"] in rows
    assert ["Start page (saved sessions)", "Delete session", "Del"] in rows
