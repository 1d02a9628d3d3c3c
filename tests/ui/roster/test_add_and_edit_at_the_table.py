"""Adding and editing units during a round, by real input: a right-click on an empty cell
adds a unit there (a wall cell refuses), Insert adds one on the first free cell, Tab walks
the fields in reading order, Enter confirms, Esc cancels, a wrong value is refused with a
message naming the field, the dialog fits a 1366x768 screen, the new unit is selected; with
activations played between, an undo and a restart, the log asserted line by line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from tests.ui.at_the_table import CTRL, key, log_lines, restart, undo
from tests.ui.real_input import cell_point, click_roster_row, settle, start_tutorial
from tests.ui.showing import show_active
from ui.roster.unit_editor import UnitEditor

ICE_CAVE = "monster-focus-ice-cave.toml"  # golem 15, imp 25, then the characters


def right_click_cell(qtbot, window, cell) -> QMenu:
    settle(qtbot, window)
    view = window.board_view.viewport()
    qtbot.mouseClick(view, Qt.MouseButton.RightButton, pos=cell_point(window, cell))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    return QApplication.activePopupWidget()


def opened_editor(qtbot) -> UnitEditor:
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), UnitEditor))
    editor = QApplication.activeWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor.name_edit)
    return editor


def focus_name() -> str:
    widget = QApplication.focusWidget()
    return widget.accessibleName() or type(widget).__name__


def fits_a_laptop_screen(editor: UnitEditor) -> bool:
    """Every field is reachable (it scrolls rather than grow past 90% of the screen), so on
    a 1366x768 screen it is no taller than 691 pixels."""
    screen = editor.screen().availableGeometry()
    return screen.contains(editor.frameGeometry()) and editor.height() <= int(screen.height() * 0.9)


def rename_by_keyboard(qtbot, window, name: str, last: Qt.Key) -> None:
    """Ctrl+E on the selected unit, its name replaced by `name`, then `last` (Enter, Esc);
    back in the main window once the dialog closes (the window manager's part on Xvfb)."""
    key(qtbot, Qt.Key.Key_E, CTRL)
    editor = opened_editor(qtbot)
    assert fits_a_laptop_screen(editor)
    key(qtbot, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(editor.name_edit, name)
    key(qtbot, last)
    qtbot.waitUntil(lambda: not editor.isVisible())
    show_active(qtbot, window)


def test_units_added_where_clicked_or_on_a_free_cell_and_edited_during_a_round(window, qtbot):
    start_tutorial(qtbot, window, ICE_CAVE)
    session = window.session
    board = session.encounter.board
    wall = next(c for c in board.cells() if not board.passable(c))
    empty = next(
        c
        for c in board.cells()
        if board.passable(c) and c not in session.encounter.occupied() and c[0] > 3
    )

    # A wall cell: the menu says no unit can stand there.
    menu = right_click_cell(qtbot, window, wall)
    (entry,) = menu.actions()
    assert not entry.isEnabled() and entry.text().endswith("no unit can stand here")
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible())

    # An empty cell: Add unit there, the fields walked with Tab, Enter adds it.
    menu = right_click_cell(qtbot, window, empty)
    (entry,) = menu.actions()
    assert entry.text() == f"Add unit at [{empty[0]}, {empty[1]}]…"
    qtbot.keyClick(menu, Qt.Key.Key_Down)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    editor = opened_editor(qtbot)
    assert (editor.col_spin.value(), editor.row_spin.value()) == empty
    assert fits_a_laptop_screen(editor)
    walked = [focus_name()]
    key(qtbot, Qt.Key.Key_Tab)
    while focus_name() != "Name" and len(walked) < 60:  # once round, back to the name
        walked.append(focus_name())
        key(qtbot, Qt.Key.Key_Tab)
    assert walked[:9] == [
        "Name",
        "Unit id",
        "Side",
        "Column",
        "Row",
        "HP",
        "Max HP",
        "AI type",
        "Tags",
    ]
    assert walked[-2:] == ["Add unit", "Cancel"]  # then the name again: no blind stop
    assert "QScrollArea" not in walked
    qtbot.keyClicks(editor.name_edit, "Frost imp")
    key(qtbot, Qt.Key.Key_Tab)
    key(qtbot, Qt.Key.Key_Tab)
    key(qtbot, Qt.Key.Key_Tab)  # the column
    key(qtbot, Qt.Key.Key_Tab)
    key(qtbot, Qt.Key.Key_Tab)  # HP
    key(qtbot, Qt.Key.Key_Tab)  # max HP: a wrong value is refused, naming the field
    assert focus_name() == "Max HP"
    key(qtbot, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(QApplication.focusWidget(), "0")
    key(qtbot, Qt.Key.Key_Return)
    assert editor.isVisible()
    assert editor.message.text() == "Max HP must be more than 0 (it is 0)."
    key(qtbot, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(QApplication.focusWidget(), "3")
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not editor.isVisible())
    imp = session.encounter.unit("frost-imp")
    assert imp.at == empty and (imp.hp, imp.max_hp) == (3, 3)
    assert window.selected == "frost-imp" == window.roster.selected_unit()

    # The round goes on; Insert adds another on the first free cell, Esc takes it back.
    show_active(qtbot, window)  # the window manager's part once a dialog closes (Xvfb)
    assert session.order[-1] == "frost-imp"  # added before anyone acted: it joins the round
    key(qtbot, Qt.Key.Key_Return)  # the golem's turn: its choices shown first ...
    assert window.selected == "golem"
    key(qtbot, Qt.Key.Key_Return)  # ... and played
    assert session.current_unit == "imp"
    click_roster_row(qtbot, window, "golem")
    key(qtbot, Qt.Key.Key_Insert)
    editor = opened_editor(qtbot)
    first_free = (editor.col_spin.value(), editor.row_spin.value())
    assert first_free not in session.encounter.occupied() and board.passable(first_free)
    qtbot.keyClicks(editor.name_edit, "Lost scout")
    key(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not editor.isVisible())
    assert not session.encounter.has_unit("lost-scout")
    show_active(qtbot, window)

    # Ctrl+E edits the selected unit: Esc changes nothing, Enter saves.
    click_roster_row(qtbot, window, "frost-imp")
    rename_by_keyboard(qtbot, window, "Rime imp", Qt.Key.Key_Escape)
    assert session.encounter.unit("frost-imp").name == "Frost imp"
    rename_by_keyboard(qtbot, window, "Rime imp", Qt.Key.Key_Return)
    assert session.encounter.unit("frost-imp").name == "Rime imp"
    undo(qtbot)
    assert session.encounter.unit("frost-imp").name == "Frost imp"

    before = log_lines(window)
    window = restart(qtbot, window)
    assert log_lines(window) == before
    assert window.session.encounter.unit("frost-imp").at == empty
    assert log_lines(window) == [
        f"Added Frost imp (enemy) at [{empty[0]}, {empty[1]}]",
        "Ice golem: Attack Brute from [3, 4]",
        "Edited Rime imp: name Frost imp → Rime imp  (undone)",
    ]
