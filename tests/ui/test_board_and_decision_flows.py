"""Select an enemy, see why it acts on the board, apply it, undo it — as a player would."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from desktop.engine.board import Terrain
from desktop.samples import list_samples, sample_path
from tests.ui.real_input import (
    choose,
    choose_in_unit_menu,
    click,
    click_roster_row,
    click_tool,
    drag,
    open_saved_session,
    pick_in_combo,
    press,
    select_on_board,
    settle,
)
from tests.ui.showing import show_active
from ui import palette
from ui.board.cell_shapes import cell_centre, token_radius

AMBUSH = "card-flip-goblin-ambush.toml"
CRYPT = "hex-quest-crypt-gate.toml"


def cli_decision(sample: str, unit: str) -> dict:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "desktop",
            "decide",
            str(sample_path(sample)),
            "--unit",
            unit,
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_opening_a_session_shows_the_active_enemys_decision(window):
    window.start_tutorial(AMBUSH)
    assert window.windowTitle().startswith("Tutorial: Goblin ambush")
    assert window.selected == "goblin"  # first in the activation order
    assert window.panel.summary.text() == "Move 3 squares toward Bram"
    assert window.act_apply.isEnabled()


def test_panel_matches_the_command_line_and_the_path_is_drawn(window, qtbot):
    window.start_tutorial(AMBUSH)
    select_on_board(qtbot, window, "brute")
    expected = cli_decision(AMBUSH, "brute")
    assert window.decision.to_dict() == expected
    assert [list(c) for c in window.scene.highlights.path_cells] == expected["path"]
    ghost = window.scene.ghost
    assert ghost is not None
    assert ghost.pos() == cell_centre(
        window.session.encounter.board.shape, tuple(expected["destination"])
    )
    titles = [card.step.step for card in window.panel.steps.cards]
    assert titles == [t["step"] for t in expected["trace"]]


def test_choosing_an_alternative_moves_the_highlight(window, qtbot):
    window.start_tutorial(AMBUSH)
    select_on_board(qtbot, window, "kobold")
    first = window.scene.highlights.path_cells
    choices = window.panel.choices
    assert choices.isVisible()
    assert choices.count() == 1 + len(window.decision.alternatives)
    click(qtbot, choices.viewport(), choices.visualItemRect(choices.item(2)).center())
    alternative = window.decision.alternatives[1]
    assert window.scene.highlights.path_cells == alternative.path != first
    assert window.scene.ghost.pos() == cell_centre(
        window.session.encounter.board.shape, alternative.destination
    )


def test_apply_moves_the_unit_logs_it_and_undo_restores_it(window, qtbot):
    window.start_tutorial(AMBUSH)
    start = window.session.encounter.unit("goblin").at
    destination = window.decision.destination
    press(qtbot, window.act_apply)  # Enter
    assert window.session.encounter.unit("goblin").at == destination
    assert window.session.current_unit == "brute"
    assert window.selected == "brute"  # the next enemy is shown at once
    texts = [e.text for e in window.session.history]
    assert texts[0] == "Goblin Archer: Move 3 squares toward Bram"
    assert window.log_panel.model.rowCount() == 1  # the move and the turn passing: one step
    press(qtbot, window.act_undo)  # Ctrl+Z
    assert window.session.encounter.unit("goblin").at == start
    assert window.session.current_unit == "goblin"
    assert window.selected == "goblin"  # its turn again: its decision is shown
    click_tool(qtbot, window, window.act_redo)
    assert window.session.encounter.unit("goblin").at == destination


def test_enter_steps_through_a_whole_enemy_turn(window, qtbot):
    window.start_tutorial(AMBUSH)
    window.board_view.setFocus()
    for _ in range(3):
        qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
    assert window.session.current_unit is None
    kinds = [e.kind for e in window.session.history]
    assert kinds.count("apply-decision") == 3
    assert not window.turns.next_button.isEnabled()


def test_typed_dice_change_the_decision(window, qtbot):
    window.start_tutorial(CRYPT)
    select_on_board(qtbot, window, "ghoul")
    rolled = [r.value for r in window.decision.rolls]
    assert rolled, "the ghoul's engage rolls a die"
    other = 1 if rolled[0] != 1 else 2
    panel = window.panel
    click(qtbot, panel.typed)
    qtbot.keyClicks(panel.typed, str(other))
    click(qtbot, panel.use_button)
    assert window.decision.rolls[0].value == other
    assert str(other) in panel.rolls.text()
    click(qtbot, panel.typed)
    qtbot.keyClick(panel.typed, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(panel.typed, "four")
    click(qtbot, panel.use_button)
    assert "'four' is not a die result" in window.panel.error.text()


def _render(scene, rect: QRectF) -> QImage:
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painter.end()
    return image


def test_the_target_ring_is_drawn_at_the_targets_cell(window, qtbot):
    window.start_tutorial(CRYPT)
    select_on_board(qtbot, window, "ghoul")
    target = window.session.encounter.unit(window.decision.targets[0])
    shape = window.session.encounter.board.shape
    centre = cell_centre(shape, target.at)
    r = token_radius(shape) + 6
    rect = QRectF(centre.x() - 2 * r, centre.y() - 2 * r, 4 * r, 4 * r)
    image = _render(window.scene, rect)
    # The ring passes through the point r to the left of the target's centre.
    sample = image.pixelColor(int(2 * r - r), int(2 * r))
    assert sample.name() == palette.TARGET.name()
    # ... and nothing orange is drawn there when another unit is shown.
    select_on_board(qtbot, window, target.id)
    assert (
        _render(window.scene, rect).pixelColor(int(r), int(2 * r)).name() != palette.TARGET.name()
    )


def test_painting_terrain_and_dragging_a_unit_are_undoable(window, qtbot):
    window.start_tutorial(AMBUSH)
    view = window.board_view
    shape = window.session.encounter.board.shape
    choose(qtbot, window, window.brush_actions[Terrain.WALL])  # Edit > Terrain brush
    settle(qtbot, window)
    spot = view.mapFromScene(cell_centre(shape, (9, 5)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert window.session.encounter.board.terrain((9, 5)) is Terrain.WALL
    press(qtbot, window.act_undo)
    assert window.session.encounter.board.terrain((9, 5)) is Terrain.OPEN
    press(qtbot, window.brush_actions[None])  # Esc: no brush, select and move again
    start = window.session.encounter.unit("aria").at
    drag(qtbot, window, [start, (6, 5)])
    assert window.session.encounter.unit("aria").at == (6, 5)
    click_tool(qtbot, window, window.act_undo)
    assert window.session.encounter.unit("aria").at == start


def test_dragging_onto_a_wall_is_refused_with_a_message(window, qtbot):
    window.start_tutorial(AMBUSH)
    settle(qtbot, window)
    drag(qtbot, window, [(5, 5), (2, 1)])  # (2, 1) is a wall
    assert window.session.encounter.unit("aria").at == (5, 5)
    assert "wall" in window.statusBar().currentMessage()


def test_table_display_follows_the_session_without_hp(window, qtbot):
    window.start_tutorial(AMBUSH)
    press(qtbot, window.act_table)  # F10
    table = window.table_display
    qtbot.waitExposed(table)
    assert not table.scene.show_hp
    show_active(qtbot, window)  # back to the main window, where the game master plays
    settle(qtbot, window)
    drag(qtbot, window, [window.session.encounter.unit("aria").at, (6, 5)])
    token = table.scene.tokens["aria"]
    assert token.pos() == cell_centre(window.session.encounter.board.shape, (6, 5))
    assert not token.show_hp


def test_overlays_can_be_switched_off(window, qtbot):
    window.start_tutorial(AMBUSH)
    groups = window.scene.highlights.groups
    assert groups["move"].isVisible()
    press(qtbot, window.overlay_actions["move"])  # Ctrl+1
    assert not groups["move"].isVisible()
    select_on_board(qtbot, window, "brute")  # a new decision keeps the user's choice
    assert not window.scene.highlights.groups["move"].isVisible()


def test_session_survives_a_restart(qtbot, database):
    from ui.main_window import MainWindow

    first = MainWindow(database)
    qtbot.addWidget(first)
    show_active(qtbot, first)
    first.start_tutorial(AMBUSH)
    click_tool(qtbot, first, first.act_apply)
    moved = first.session.encounter.unit("goblin").at
    name = first.session.name
    first.close()
    second = MainWindow(database)
    qtbot.addWidget(second)
    show_active(qtbot, second)
    open_saved_session(qtbot, second, name)
    assert second.session.encounter.unit("goblin").at == moved
    assert second.session.current_unit == "brute"
    assert second.selected == "brute"
    press(qtbot, second.act_undo)  # one undo takes back the whole apply
    assert second.session.encounter.unit("goblin").at != moved
    assert second.session.current_unit == "goblin"


def test_phase_tabs_for_phased_rulesets(window, qtbot):
    window.start_tutorial("grimdark-solo-hold-the-relay.toml")
    assert window.panel.phases.isVisible()
    assert window.panel.phases.count() == 6
    assert window.decision.phase == window.session.encounter.phase
    pick_in_combo(qtbot, window.panel.phases, 5)  # fight
    assert window.decision.phase == "fight"
    assert window.session.encounter.phase != "fight"  # a preview, not a change


def test_keyboard_shortcuts_sheet_lists_the_frequent_actions(window):
    from ui.shortcuts_dialog import shortcut_rows

    rows = shortcut_rows(window.menus.menus())
    actions = {action for _, action, _ in rows}
    for wanted in (
        "Apply decision",
        "Next activation",
        "Undo",
        "Redo",
        "Fit board",
        "Table display",
        "Import encounter file…",
    ):
        assert wanted in actions


def test_context_menu_damages_a_unit(window, qtbot):
    window.start_tutorial(AMBUSH)
    choose_in_unit_menu(qtbot, window, "bram", "Damage 1")
    assert window.session.encounter.unit("bram").hp == 8


def test_auto_apply_steps_through_every_enemy_and_can_be_cancelled(window, qtbot):
    window.auto_apply.timer.setInterval(10)
    window.start_tutorial(AMBUSH)
    view, ctrl = window.board_view, Qt.KeyboardModifier.ControlModifier
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return, ctrl)
    # The brute's square is the players' choice: auto-apply waits for it, saying so.
    qtbot.waitUntil(lambda: not window.act_auto.isChecked())
    assert window.session.current_unit == "brute"
    assert window.statusBar().currentMessage() == (
        "Auto-apply paused: the rules leave the players a choice for Goblin Brute "
        "(pick one, then Enter)"
    )
    qtbot.keyClick(view, Qt.Key.Key_Return)  # the players take the first choice
    qtbot.keyClick(view, Qt.Key.Key_Return, ctrl)
    qtbot.waitUntil(lambda: not window.act_auto.isChecked())
    assert window.session.current_unit == "kobold"  # its square is theirs to choose too
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert window.session.current_unit is None
    qtbot.keyClick(view, Qt.Key.Key_Return, ctrl)  # nothing left: it says so and stops
    assert not window.act_auto.isChecked()
    assert window.statusBar().currentMessage() == (
        "Auto-apply done: every unit has acted in round 2"
    )
    kinds = [e.kind for e in window.session.history]
    assert kinds.count("apply-decision") == 3
    started = window.session.round
    qtbot.keyClick(view, Qt.Key.Key_N, ctrl | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.round == started + 1
    qtbot.keyClick(view, Qt.Key.Key_Return, ctrl)  # applies the first enemy at once ...
    qtbot.keyClick(view, Qt.Key.Key_Return, ctrl)  # ... and the second press cancels
    assert [e.kind for e in window.session.history].count("apply-decision") == 4
    qtbot.wait(50)
    assert [e.kind for e in window.session.history].count("apply-decision") == 4


def test_print_cards_opens_the_dialog_for_the_session(window, qtbot, monkeypatch):
    from ui.cards.print_dialog import PrintCardsDialog

    shown = []
    monkeypatch.setattr(PrintCardsDialog, "exec", lambda self: shown.append(self) or 0)
    window.start_tutorial(AMBUSH)
    press(qtbot, window.act_cards)  # Ctrl+P
    assert len(shown) == 1
    assert shown[0].windowTitle() == "Print cards"


def test_roster_and_board_select_the_same_unit(window, qtbot):
    window.start_tutorial(AMBUSH)
    select_on_board(qtbot, window, "kobold")
    assert window.roster.selected_unit() == "kobold"
    click_roster_row(qtbot, window, "brute")
    assert window.selected == "brute"
    assert window.panel.summary.text().startswith("Move")
    from ui.other_windows import roster_shortcut_rows
    from ui.shortcuts_dialog import ShortcutsDialog

    sheet = ShortcutsDialog([window.menus.session_menu], window, roster_shortcut_rows())
    texts = [sheet.table.item(r, 1).text() for r in range(sheet.table.rowCount())]
    assert "Duplicate the selected unit" in texts and "Apply decision" in texts


def test_grimdark_stratagem_draw_is_recorded(window, qtbot):
    window.start_tutorial("grimdark-solo-hold-the-relay.toml")
    assert window.turns.stratagem_button.isVisibleTo(window.turns)
    click(qtbot, window.turns.stratagem_button)
    drawn = [c for c in window.session.state.cards if c.deck == "stratagems"]
    assert len(drawn) == 1
    # The card drawn shows under the button, named; the button keeps its short label.
    assert window.turns.drawn_card.isVisible()
    assert drawn[0].card in window.turns.drawn_card.text()
    effect = next(c.effect for c in window.session.ruleset.deck if c.name == drawn[0].card)
    assert window.session.history[-1].text == f"Drew {drawn[0].card} from stratagems: {effect}"


def test_card_flip_draws_are_logged_with_their_meaning(window, qtbot):
    window.start_tutorial(AMBUSH)
    assert not window.turns.stratagem_button.isVisibleTo(window.turns)
    click(qtbot, window.turns.flip_button)
    card = window.session.state.cards[-1].card
    assert window.session.history[-1].text == f"Drew {card} from cards"
    assert card in window.turns.flip_button.text()


def test_resizing_the_board_is_undoable_and_refuses_to_cut_off_units(window, qtbot, monkeypatch):
    from ui.resize_dialog import ResizeBoardDialog

    window.start_tutorial(AMBUSH)
    size = [14, 8]
    monkeypatch.setattr(
        ResizeBoardDialog,
        "exec",
        lambda self: (self.width_box.setValue(size[0]), self.height_box.setValue(size[1]), 1)[-1],
    )
    choose(qtbot, window, window.act_resize)  # Edit > Resize board…
    board = window.session.encounter.board
    assert (board.width, board.height) == (14, 8)
    assert window.scene.terrain_item.board.width == 14  # the board view was rebuilt
    press(qtbot, window.act_undo)
    assert window.session.encounter.board.width == 10
    size[:] = [4, 4]
    choose(qtbot, window, window.act_resize)
    assert window.session.encounter.board.width == 10
    assert "would leave out" in window.statusBar().currentMessage()


@pytest.mark.parametrize("sample", [s.file_name for s in list_samples()])
def test_every_tutorial_steps_through_a_whole_enemy_turn_with_enter(window, qtbot, sample):
    """Enter applies each enemy's turn; a player's turn in the order (monster-focus) is
    passed on with Space (or Enter) once the players have played it."""
    window.start_tutorial(sample)
    session = window.session
    enemies = [u for u in session.order if session.encounter.unit(u).is_enemy]
    window.board_view.setFocus()
    for _ in range(len(session.order)):
        current = session.current_unit
        if current is None:
            break
        if session.encounter.unit(current).is_enemy:
            assert window.decision is not None, window.panel.title.text()
            qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
        else:
            assert window.decision is None
            assert window.panel.title.text().endswith("then Enter or Space passes the turn on.")
            qtbot.keyClick(window.board_view, Qt.Key.Key_Space)
        assert session.current_unit != current
    assert session.current_unit is None
    assert all(session.state.has_acted(u) for u in enemies)
    applied = [e for e in session.history if e.kind == "apply-decision"]
    # One Enter per enemy, save those with nothing to do in the phase (grimdark-solo's
    # command phase): they are passed with the enemy before them.
    idle = [e for e in applied if "have nothing to do" in e.text or "has nothing to do" in e.text]
    assert len(applied) == len(enemies) if not idle else len(applied) < len(enemies)


def test_the_dice_row_is_there_only_when_a_decision_rolls_dice(window, qtbot):
    window.start_tutorial("skirmish-ai-outpost-raid.toml")  # its troopers roll on a table
    panel = window.panel
    assert window.decision is not None and window.decision.rolls
    assert panel.roll_button.isEnabled() and panel.typed.isEnabled()
    window.start_tutorial("monster-focus-ice-cave.toml")  # no dice in monster-focus
    assert window.decision is not None and not window.decision.rolls
    assert not panel.roll_button.isEnabled() and not panel.typed.isEnabled()
    entries = len(window.session.history)
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert len(window.session.history) == entries
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)  # the golem
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)  # the imp; now the Brute's turn
    assert window.session.current_unit == "brute" and window.decision is None
    assert not panel.use_button.isEnabled() and not panel.apply_button.isEnabled()


def test_auto_apply_pauses_at_a_characters_turn_and_says_so(window, qtbot):
    window.auto_apply.timer.setInterval(10)
    window.start_tutorial("monster-focus-ice-cave.toml")  # golem 15, imp 25, then characters
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.act_auto.isChecked())
    assert window.session.current_unit == "golem"  # where it goes is the players' choice
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.act_auto.isChecked())
    assert window.session.current_unit == "brute"
    assert [e.kind for e in window.session.history].count("apply-decision") == 2
    assert window.statusBar().currentMessage() == (
        "Auto-apply paused: Brute's turn is the players' (Space)"
    )


def test_the_table_display_closes_with_f10_or_esc_and_reopens_following_the_session(window, qtbot):
    window.start_tutorial(AMBUSH)
    press(qtbot, window.act_table)  # F10 in the main window opens it
    table = window.table_display
    qtbot.waitExposed(table)
    _activate(qtbot, table)
    qtbot.keyClick(table, Qt.Key.Key_F10)  # F10 again, typed in the table window
    assert not table.isVisible()
    _activate(qtbot, window)
    press(qtbot, window.act_table)
    qtbot.waitExposed(table)
    _activate(qtbot, window)  # the game master goes on in the main window
    press(qtbot, window.act_table)  # and F10 there closes it too
    assert not table.isVisible()
    press(qtbot, window.act_table)
    qtbot.waitExposed(table)
    _activate(qtbot, table)
    qtbot.keyClick(table, Qt.Key.Key_F11)
    assert table.isFullScreen()
    qtbot.keyClick(table, Qt.Key.Key_Escape)  # out of full screen first
    assert table.isVisible() and not table.isFullScreen()
    qtbot.keyClick(table, Qt.Key.Key_Escape)  # then closed
    assert not table.isVisible()
    # Opened again, it shows the board as it is now, not as it was when it closed.
    _activate(qtbot, window)
    settle(qtbot, window)
    drag(qtbot, window, [window.session.encounter.unit("aria").at, (6, 5)])
    press(qtbot, window.act_table)
    qtbot.waitExposed(table)
    assert table.scene.tokens["aria"].pos() == cell_centre(
        window.session.encounter.board.shape, (6, 5)
    )


def _activate(qtbot, shown) -> None:
    """Make a window already on screen the active one (the keys go to its shortcuts)."""
    shown.raise_()
    shown.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is shown)
