"""Real pointer and key input on the main window's board, as a user's hand makes it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence, QWheelEvent
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from desktop.engine.board import Cell
from ui.board.cell_shapes import cell_centre
from ui.roster.roster_model import COL_NAME

USER_ROLE = Qt.ItemDataRole.UserRole


def settle(qtbot, window) -> None:
    """Wait until the board stops moving on screen (docks appear and the board refits once
    a session opens): a hand aims at what is drawn, not at where it will be."""
    view = window.board_view

    def placement():
        return (
            view.viewport().size(),
            view.transform(),
            view.horizontalScrollBar().value(),
            view.verticalScrollBar().value(),
        )

    last = None
    for _ in range(50):
        now = placement()
        if now == last:
            return
        last = now
        qtbot.wait(20)
    raise AssertionError("the board kept moving for a second")


def docks_settled(qtbot, window) -> None:
    """Wait until the docks have the sizes queued for them as they showed (the default sizes,
    or a saved layout's), and keep them."""
    qtbot.waitUntil(lambda: not window.placement.arranging)
    last = None
    for _ in range(50):
        now = tuple(d.size() for d in (window.roster_dock, window.turn_dock))
        if now == last:
            return
        last = now
        qtbot.wait(40)
    raise AssertionError("the docks kept changing size for two seconds")


def scene_point(window, scene_pos: QPointF) -> QPoint:
    """Where a scene position is on the board view's viewport."""
    return window.board_view.mapFromScene(scene_pos)


def token_point(window, unit_id: str) -> QPoint:
    return scene_point(window, window.scene.tokens[unit_id].scenePos())


def cell_point(window, cell: Cell) -> QPoint:
    return scene_point(window, cell_centre(window.session.encounter.board.shape, cell))


def wheel(widget, pos: QPoint, steps: int) -> None:
    """Turn the mouse wheel by `steps` notches over `pos` (QTest has no wheel helper)."""
    local = QPointF(pos)
    event = QWheelEvent(
        local,
        QPointF(widget.mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def free_cell_near(encounter, cell: Cell) -> Cell:
    """The nearest open cell nobody stands on (to drag a unit to)."""
    board = encounter.board
    taken = {u.at for u in encounter.units}
    candidates = [
        c for c in board.cells() if board.passable(c) and c not in taken and board.height_at(c) == 0
    ]
    return min(candidates, key=lambda c: (abs(c[0] - cell[0]) + abs(c[1] - cell[1]), c))


def drag(qtbot, window, cells) -> None:
    """Press on the first cell, move over the others, release on the last."""
    settle(qtbot, window)
    viewport = window.board_view.viewport()
    spots = [cell_point(window, c) for c in cells]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=spots[0])
    for spot in spots[1:]:
        qtbot.mouseMove(viewport, spot)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=spots[-1])


def click(qtbot, widget: QWidget, pos: QPoint | None = None) -> None:
    """A left click on a widget a user can see (its centre unless told where)."""
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos or widget.rect().center())


def press(qtbot, action: QAction) -> None:
    """Type the action's own first shortcut where a keyboard sends it: to the focused widget
    (the active window when nothing has focus). An action without a shortcut fails here:
    reach it through its menu (`choose`) or its toolbar button (`click_tool`) instead."""
    keys = action.shortcut()
    assert not keys.isEmpty(), f"{action.text()!r} has no shortcut to press"
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, f"no active window to type {keys.toString()} into"
    combo = keys[0]
    qtbot.keyClick(target, combo.key(), combo.keyboardModifiers())


def click_tool(qtbot, window, action: QAction) -> None:
    """Click the action's button on the main window's toolbar."""
    button = window.menus.toolbar.widgetForAction(action)
    assert button is not None and button.isVisible(), f"{action.text()!r} is not on the toolbar"
    click(qtbot, button)


def _path_to(menu: QMenu, action: QAction) -> list[QAction] | None:
    """The entries to walk through, from inside `menu`, to reach `action`."""
    for entry in menu.actions():
        if entry is action:
            return [entry]
        if entry.menu() is not None:
            rest = _path_to(entry.menu(), action)
            if rest is not None:
                return [entry, *rest]
    return None


def _popup(qtbot, menu: QMenu) -> QMenu:
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    return menu


def _move_to(qtbot, menu: QMenu, entry: QAction) -> None:
    """In an open menu, move down to `entry` with the arrow keys."""
    for _ in range(len(menu.actions()) + 1):
        if menu.activeAction() is entry:
            break
        qtbot.keyClick(menu, Qt.Key.Key_Down)
    assert menu.activeAction() is entry, f"{entry.text()!r} cannot be reached by keyboard"


def walk_menu(qtbot, menu: QMenu, path: list[QAction]) -> None:
    """In an open menu, move down to each entry of `path` with the arrow keys: Right opens a
    submenu, Return chooses the last entry."""
    for entry in path[:-1]:
        menu = open_submenu(qtbot, menu, entry)
    _move_to(qtbot, menu, path[-1])
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)


def open_submenu(qtbot, menu: QMenu, entry: QAction) -> QMenu:
    """In an open menu, move down to the submenu `entry` and open it with Right."""
    _move_to(qtbot, menu, entry)
    qtbot.keyClick(menu, Qt.Key.Key_Right)
    return _popup(qtbot, entry.menu())


def choose(qtbot, window, action: QAction) -> None:
    """Choose a menu bar entry by keyboard: Alt and the menu's letter, then the arrows."""
    for title in window.menuBar().actions():
        path = _path_to(title.menu(), action)
        if path is not None:
            break
    else:
        raise AssertionError(f"{action.text()!r} is in no menu of the menu bar")
    letter = QKeySequence.mnemonic(title.text())
    assert not letter.isEmpty(), f"the {title.text()!r} menu has no Alt+letter"
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, letter[0].key(), letter[0].keyboardModifiers())
    walk_menu(qtbot, _popup(qtbot, title.menu()), path)


def open_unit_menu(qtbot, window, unit_id: str) -> QMenu:
    """Right-click the unit's token, once the board has settled; the menu that pops up."""
    settle(qtbot, window)
    qtbot.mouseClick(
        window.board_view.viewport(), Qt.MouseButton.RightButton, pos=token_point(window, unit_id)
    )
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    return QApplication.activePopupWidget()


def choose_in_unit_menu(qtbot, window, unit_id: str, *texts: str) -> None:
    """Right-click the unit's token and walk its menu by keyboard to the entry `texts` names
    (a submenu's title, then the entry inside it)."""
    menu = open_unit_menu(qtbot, window, unit_id)
    path, inside = [], menu
    for text in texts:
        entry = next((a for a in inside.actions() if a.text() == text), None)
        assert entry is not None, f"no {text!r} in the menu of {unit_id}"
        path.append(entry)
        inside = entry.menu()
    walk_menu(qtbot, menu, path)


def select_on_board(qtbot, window, unit_id: str) -> None:
    """Click the unit's token on the board, as a player picks whose decision to see."""
    settle(qtbot, window)
    click(qtbot, window.board_view.viewport(), token_point(window, unit_id))
    qtbot.waitUntil(lambda: window.selected == unit_id)


def click_roster_row(qtbot, window, unit_id: str) -> None:
    """Click the unit's name in the roster table; the table then has the keyboard focus."""
    roster = window.roster
    index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_NAME)
    click(qtbot, roster.view.viewport(), roster.view.visualRect(index).center())
    qtbot.waitUntil(lambda: QApplication.focusWidget() is roster.view)


def select_in_roster(qtbot, window, unit_id: str) -> None:
    """Click the unit's row in the roster and wait until the window has it selected (the
    keyboard focus may stay elsewhere, as after a dialog closes)."""
    roster = window.roster
    index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_NAME)
    click(qtbot, roster.view.viewport(), roster.view.visualRect(index).center())
    qtbot.waitUntil(lambda: window.selected == unit_id)


def pick_in_combo(qtbot, combo, row: int) -> None:
    """Click the drop-down open, go to the row with the arrow keys, Enter."""
    click(qtbot, combo)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    for _ in range(row):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible() and combo.currentIndex() == row)


def import_encounter_text(qtbot, window, folder, text: str):
    """Save `text` as an encounter file in `folder`, import it as File → Import does once
    the file is chosen, and make the window active for the keys that follow."""
    path = folder / "encounter.toml"
    path.write_text(text, encoding="utf-8")
    window.import_encounter(str(path))
    qtbot.waitUntil(lambda: window.session is not None)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def start_tutorial(qtbot, window, file_name: str) -> None:
    """On the start page, click the Start button of the tutorial in `file_name` (its tooltip
    names the file) and wait until its session is on screen."""
    button = next(
        (b for c in window.welcome.cards for b in c.buttons if f"({file_name})" in b.toolTip()),
        None,
    )
    assert button is not None, f"no tutorial {file_name!r} on the start page"
    click(qtbot, button)
    qtbot.waitUntil(lambda: window.session is not None)
    settle(qtbot, window)


def open_saved_session(qtbot, window, name: str) -> None:
    """On the start page, click the saved session in "Your sessions" and press Enter."""
    saved = window.welcome.recent
    item = next(
        (saved.item(r) for r in range(saved.count()) if saved.item(r).data(USER_ROLE) == name),
        None,
    )
    assert item is not None, f"{name!r} is not among the saved sessions on the start page"
    click(qtbot, saved.viewport(), saved.visualItemRect(item).center())
    qtbot.keyClick(saved, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session is not None and window.session.name == name)


def click_when_shown(qtbot, label: str, seen: list[str]) -> None:
    """Click the button `label` of the modal message box once it is up (it runs its own
    loop, so this is set going before whatever opens it); its text and buttons' texts go
    into `seen`."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    box = QApplication.activeModalWidget()
    if not isinstance(box, QMessageBox):
        QTimer.singleShot(20, lambda: click_when_shown(qtbot, label, seen))
        return
    seen.append(box.text())
    seen.extend(b.text() for b in box.buttons())
    button = next(b for b in box.buttons() if b.text() == label)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
