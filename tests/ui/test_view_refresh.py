"""Views redraw only what a change touched: a note leaves the board, the turn order and the
decision's highlight alone; a moved unit redraws the tokens but not the terrain; a painted
wall redraws the terrain but not the turn order; undo redraws what it gave back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog

from desktop.engine.board import Terrain
from tests.ui.real_input import choose, drag

AMBUSH = "card-flip-goblin-ambush.toml"
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(window, qtbot):
    """The main window, active: window shortcuts (Ctrl+M, Ctrl+Z) reach it on any display."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def add_note(qtbot, window, text: str) -> None:
    """Ctrl+M, type the note into the dialog that opens, Enter."""
    typed = []

    def type_it() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog):
            QTimer.singleShot(20, type_it)
            return
        qtbot.keyClicks(dialog.focusWidget(), text)
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)
        typed.append(text)

    QTimer.singleShot(0, type_it)
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_M, CTRL)
    assert typed == [text]


def drawn(window) -> list:
    """The items drawn for the session: a token per unit, the terrain, the turn order's rows
    and the board's highlight of the decision."""
    scene, order = window.scene, window.turns.order
    return [
        *scene.tokens.values(),
        scene.terrain_item,
        *(order.item(row) for row in range(order.count())),
        *scene.highlights.items,
    ]


def same(now: list, before: list) -> bool:
    return len(now) == len(before) and all(a is b for a, b in zip(now, before, strict=True))


def test_a_note_and_its_undo_redraw_only_the_log(window, qtbot):
    window.start_tutorial(AMBUSH)
    before = drawn(window)
    assert window.scene.highlights.items  # the goblin's decision is shown on the board
    add_note(qtbot, window, "The goblins look nervous")
    assert window.session.history[-1].text.endswith("The goblins look nervous")
    assert window.log_panel.model.rowCount() == 1
    assert same(drawn(window), before)
    window.activateWindow()  # back from the note's dialog
    qtbot.waitUntil(window.isActiveWindow)
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, CTRL)
    assert window.session.history[-1].undone
    assert same(drawn(window), before)


def test_a_moved_unit_redraws_the_tokens_not_the_terrain_and_undo_puts_it_back(window, qtbot):
    window.start_tutorial(AMBUSH)
    terrain = window.scene.terrain_item
    start = window.session.encounter.unit("aria").at
    drag(qtbot, window, [start, (6, 5), (7, 5)])
    assert window.scene.tokens["aria"].unit.at == (7, 5)
    assert window.scene.terrain_item is terrain
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, CTRL)
    assert window.scene.tokens["aria"].unit.at == start
    assert window.scene.terrain_item is terrain


def test_a_painted_wall_redraws_the_terrain_and_undo_restores_it(window, qtbot):
    window.start_tutorial(AMBUSH)
    terrain = window.scene.terrain_item
    order = [window.turns.order.item(row) for row in range(window.turns.order.count())]
    choose(qtbot, window, window.brush_actions[Terrain.WALL])  # Edit > Terrain brush
    drag(qtbot, window, [(6, 0), (7, 0)])
    assert window.scene.terrain_item is not terrain
    assert window.scene.encounter.board.terrain((6, 0)) is Terrain.WALL
    assert same([window.turns.order.item(r) for r in range(len(order))], order)  # not its part
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, CTRL)
    assert window.scene.encounter.board.terrain((6, 0)) is Terrain.OPEN
