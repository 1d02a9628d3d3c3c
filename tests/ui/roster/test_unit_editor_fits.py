"""The Add-unit dialog fits its fields (within the screen) also after the side changes: an
enemy shows more of them (a monster's stats and area attack) than a player."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from tests.ui.real_input import click_roster_row, pick_in_combo
from tests.ui.start_page import start_tutorial_by_hand
from ui.roster.unit_editor import UnitEditor

ICE_CAVE = "monster-focus-ice-cave.toml"  # "brute" is a player character there


def inside(widget, dialog) -> bool:
    corner = widget.mapTo(dialog, widget.rect().topLeft())
    return dialog.rect().contains(QRect(corner, widget.size()))


def test_switching_a_new_unit_to_enemy_fits_its_fields(window, qtbot):
    start_tutorial_by_hand(qtbot, window, ICE_CAVE)
    click_roster_row(qtbot, window, "brute")
    qtbot.keyClick(window.roster.view, Qt.Key.Key_Insert)  # Add unit…
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), UnitEditor))
    editor = QApplication.activeWindow()
    assert editor.side == "player" and not editor.area_box.isVisible()
    before = editor.size()

    pick_in_combo(qtbot, editor.side_combo, editor.side_combo.findData("enemy"))
    assert editor.side == "enemy" and editor.area_box.isVisible()
    assert editor.height() > before.height() and editor.width() > before.width()
    screen = editor.screen().availableGeometry()
    assert screen.contains(editor.frameGeometry())
    scroll = editor.findChild(QScrollArea)
    qtbot.waitUntil(lambda: scroll.viewport().width() >= editor.fields.sizeHint().width())
    assert not scroll.horizontalScrollBar().isVisible()
    if scroll.verticalScrollBar().isVisible():  # only where the screen has no more room
        assert editor.height() >= int(screen.height() * 0.9) - 1
    else:
        assert inside(editor.area_box, editor)
    editor.close()
