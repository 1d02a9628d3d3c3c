"""The turn flow as players drive it with keys and the mouse: Enter applies and passes the
turn in one undo step, acted units are not decided again, defeated units are skipped,
grimdark-solo phases flow, and board drags and brush strokes are one undo step each."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.engine.board import Terrain
from tests.ui.real_input import choose, drag, settle
from ui.board.cell_shapes import cell_centre

AMBUSH = "card-flip-goblin-ambush.toml"  # enemies in order: goblin, brute, kobold (1 HP)
CLOSE_QUARTERS = "grimdark-solo-close-quarters.toml"


@pytest.fixture
def window(window, qtbot):
    """The main window, active: window shortcuts (Enter, Ctrl+Z) reach it on any display."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def enter(qtbot, window) -> None:
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)


def click_cell(qtbot, window, cell, button=Qt.MouseButton.LeftButton) -> None:
    shape = window.session.encounter.board.shape
    spot = window.board_view.mapFromScene(cell_centre(shape, cell))
    qtbot.mouseClick(window.board_view.viewport(), button, pos=spot)


def order_texts(window) -> list[str]:
    return [window.turns.order.item(i).text() for i in range(window.turns.order.count())]


def test_after_enter_applies_a_unit_the_panel_says_it_has_acted(window, qtbot):
    window.start_tutorial(AMBUSH)
    goblin = window.session.encounter.unit("goblin")
    enter(qtbot, window)
    assert window.session.current_unit == "brute" and window.selected == "brute"
    click_cell(qtbot, window, window.session.encounter.unit("goblin").at)
    assert window.selected == "goblin"
    assert window.panel.note.text() == (
        f"{goblin.name} has acted this round. Shown here: Goblin Brute, acting now."
    )
    assert window.decision.unit == "brute"  # it is not decided again ...
    enter(qtbot, window)  # ... and Enter plays the turn in progress: the brute's
    assert [e.text.split(":")[0] for e in window.session.history] == [
        "Goblin Archer",
        "Goblin Brute",
    ]
    assert order_texts(window)[0].startswith("✓ 1. Goblin Archer")


def test_one_ctrl_z_undoes_the_whole_apply(window, qtbot):
    window.start_tutorial(AMBUSH)
    start = window.session.encounter.unit("goblin").at
    summary = window.panel.summary.text()
    enter(qtbot, window)
    assert window.session.encounter.unit("goblin").at != start
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.encounter.unit("goblin").at == start
    assert window.session.current_unit == "goblin" and window.selected == "goblin"
    assert window.panel.summary.text() == summary and window.act_apply.isEnabled()
    assert not window.session.can_undo  # the move and the turn passing were one step


def test_a_unit_defeated_mid_round_is_skipped(window, qtbot):
    window.start_tutorial(AMBUSH)
    click_cell(qtbot, window, window.session.encounter.unit("kobold").at)
    assert window.roster.selected_unit() == "kobold"
    qtbot.mouseClick(window.roster.hp_buttons[-1], Qt.MouseButton.LeftButton)
    assert window.session.encounter.unit("kobold").hp == 0
    assert window.session.order == ("goblin", "brute")
    assert not any("Kobold" in text for text in order_texts(window))
    assert window.scene.tokens["kobold"].defeated
    enter(qtbot, window)
    enter(qtbot, window)
    assert window.session.current_unit is None
    applied = [e.text for e in window.session.history if e.kind == "apply-decision"]
    assert len(applied) == 2 and not any(t.startswith("Kobold") for t in applied)


def test_grimdark_phases_advance_with_every_unit_ready(window, qtbot):
    window.start_tutorial(CLOSE_QUARTERS)
    session = window.session
    phases = session.ruleset.data.phases
    everyone = session.order
    for index, phase in enumerate(phases):
        assert session.encounter.phase == phase and session.order == everyone
        assert window.turns.phase.currentData() == phase
        assert window.panel.phases.currentIndex() == index
        # Units with nothing to do in the phase (no command ability, not a psyker) were
        # passed as it began: the first with something to do is shown.
        first = session.current_unit
        assert first == next(u for u in everyone if not session.state.has_acted(u))
        assert window.selected == first and window.decision.phase == phase
        assert window.scene.tokens[first].active
        for _ in range(2 * len(everyone)):  # a unit that fights also consolidates
            if session.current_unit is None:
                break
            enter(qtbot, window)
        assert session.current_unit is None
        following = phases[index + 1] if index + 1 < len(phases) else None
        expected = f"Next phase: {following}" if following else "Next round"
        assert window.turns.next_button.text() == expected
        qtbot.mouseClick(window.turns.next_button, Qt.MouseButton.LeftButton)
    assert (session.round, session.encounter.phase) == (3, "command")
    assert window.turns.round_label.text() == "Round 3"
    assert window.panel.phases.currentIndex() == 0 and window.selected == everyone[0]


def test_a_board_drag_is_one_move(window, qtbot):
    window.start_tutorial(AMBUSH)
    start = window.session.encounter.unit("aria").at
    drag(qtbot, window, [start, (6, 5), (7, 5), (8, 5)])
    assert window.session.encounter.unit("aria").at == (8, 5)
    assert [e.kind for e in window.session.history] == ["move-unit"]
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.encounter.unit("aria").at == start


def test_a_brush_stroke_is_one_undo_step(window, qtbot):
    window.start_tutorial(AMBUSH)
    board = window.session.encounter.board
    cells = [(6, 0), (7, 0), (8, 0), (8, 1)]
    assert all(board.terrain(c) is Terrain.OPEN for c in cells)
    choose(qtbot, window, window.brush_actions[Terrain.WALL])  # Edit > Terrain brush
    settle(qtbot, window)
    view, shape = window.board_view, board.shape
    spots = [view.mapFromScene(cell_centre(shape, c)) for c in cells]
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=spots[0])
    for spot in spots[1:]:
        qtbot.mouseMove(view.viewport(), spot)
    # While dragging the stroke is only previewed: nothing is committed yet.
    assert window.scene._stroke_item is not None and not window.session.history
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=spots[-1])
    assert window.scene._stroke_item is None
    assert all(window.session.encounter.board.terrain(c) is Terrain.WALL for c in cells)
    assert [e.text for e in window.session.history] == [
        "Painted wall on 4 cells: [6, 0], [7, 0], [8, 0], [8, 1]"
    ]
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.encounter.board == board


def test_in_the_players_turn_an_enemy_that_acted_still_reacts(window, qtbot):
    window.start_tutorial(CLOSE_QUARTERS)
    session = window.session
    enter(qtbot, window)  # the captain's command ability; the others have none: passed
    click_cell(qtbot, window, session.encounter.unit("captain").at)
    assert window.panel.title.text() == (
        "Raider Captain has acted in the command phase. Every unit has: Next phase: "
        "movement (Space)."
    )
    qtbot.keyClick(window.board_view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert window.player_turn and window.act_apply.isEnabled()
    enter(qtbot, window)  # a reaction: the enemies' order does not move
    assert session.history[-1].text.startswith("Raider Captain: ")
    assert (session.pointer, session.current_unit) == (5, None)
