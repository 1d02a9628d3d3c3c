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


def test_enter_redraws_only_the_tokens_and_turn_order_rows_it_changed(window, qtbot):
    # On a 500-unit board, rebuilding every token and row on each command took longer
    # than the command itself.
    window.start_tutorial(AMBUSH)  # the goblin acts, the brute is next
    tokens = dict(window.scene.tokens)
    order = window.turns.order
    rows = [order.item(row) for row in range(order.count())]
    helpers = [window.turns.helpers.itemAt(i).widget() for i in range(window.turns.helpers.count())]
    assert helpers  # card-flip-rpg shows the average party level and attack bonus
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
    assert window.session.history[-1].kind == "apply-decision"
    assert window.scene.tokens["goblin"] is not tokens["goblin"]  # it acted: no longer active
    assert window.scene.tokens["brute"] is not tokens["brute"]  # now active
    unchanged = [u for u in tokens if u not in ("goblin", "brute")]
    assert unchanged and all(window.scene.tokens[u] is tokens[u] for u in unchanged)
    assert same([order.item(row) for row in range(order.count())], rows)
    assert order.item(0).text().startswith("✓") and order.item(1).text().startswith("▶")
    now = [window.turns.helpers.itemAt(i).widget() for i in range(window.turns.helpers.count())]
    assert same(now, helpers)  # the helpers did not change: not built again


def test_another_session_leaves_no_token_of_the_last_one_to_click(window, qtbot):
    """A token left behind by the last session's board answered clicks with a unit the new
    session does not have (the unit menu and the panel then failed)."""
    from tests.ui.real_input import click, start_tutorial, token_point
    from ui.board.token_item import TokenItem

    start_tutorial(qtbot, window, "monster-focus-thin-wall-archer.toml")
    archer = token_point(window, "archer")
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Home, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 0)
    start_tutorial(qtbot, window, AMBUSH)
    units = {u.id for u in window.session.encounter.units}
    drawn_tokens = [i for i in window.scene.items() if isinstance(i, TokenItem) and not i.ghost]
    assert sorted(t.unit.id for t in drawn_tokens) == sorted(units)
    # Where the archer stood: the new board's cell there (or nothing) answers, not the archer.
    click(qtbot, window.board_view.viewport(), archer)
    assert window.play.selected in units
