"""The round as a table plays it, by real input: a stunned monster's Enter applies no action,
a wound bites as the monster's turn starts (and undo takes it back), a dead monster gets
nothing applied however often Enter is pressed, HP stops at the floor, a member of a roll
group that follows base conditions has no die to roll again, and grimdark units with nothing
to do in the command phase are passed together."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.at_the_table import log_lines, type_text
from tests.ui.real_input import choose_in_unit_menu, click_roster_row, select_in_roster
from ui.roster.roster_model import COL_HP

CTRL = Qt.KeyboardModifier.ControlModifier
CAVE = "monster-focus-ice-cave.toml"  # the golem acts first, then the imp, then the heroes


def key(qtbot, window, which, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed with the board focused, as a player steps through the round."""
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, which, modifier)


def hp_cell(window, unit_id: str) -> str:
    roster = window.roster
    return roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_HP).data()


def test_a_stunned_monster_applies_no_action_on_enter(window, qtbot):
    window.start_tutorial(CAVE)
    choose_in_unit_menu(qtbot, window, "imp", "Markers", "Stun")
    assert log_lines(window)[-1] == "Flame imp is stunned"
    imp_at = window.session.encounter.unit("imp").at
    key(qtbot, window, Qt.Key.Key_Return)  # the golem's turn
    assert window.selected == "imp"
    assert window.panel.summary.text() == "Stunned: no action"
    key(qtbot, window, Qt.Key.Key_Return)
    assert log_lines(window)[-1] == "Flame imp: Stunned: no action"
    assert window.session.encounter.unit("imp").at == imp_at
    assert window.session.current_unit == "brute"
    assert not window.session.encounter.unit("imp").has("stun")  # its turn has ended


def test_a_wound_bites_as_the_monsters_turn_starts_and_undo_takes_it_back(window, qtbot):
    window.start_tutorial(CAVE)
    choose_in_unit_menu(qtbot, window, "imp", "Markers", "Wound")
    assert log_lines(window)[-1] == "Flame imp is wounded"
    assert hp_cell(window, "imp") == "4 / 4"
    key(qtbot, window, Qt.Key.Key_Return)  # the golem acts; the imp's turn begins
    assert log_lines(window)[-1].endswith(
        "; Flame imp is wounded: 1 damage at the start of its turn (HP 4 → 3 of 4)"
    )
    assert hp_cell(window, "imp") == "3 / 4" and window.selected == "imp"
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert hp_cell(window, "imp") == "4 / 4" and window.session.current_unit == "golem"
    key(qtbot, window, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)  # redo
    assert hp_cell(window, "imp") == "3 / 4"
    key(qtbot, window, Qt.Key.Key_Return)  # the imp's own turn: no second bite
    assert hp_cell(window, "imp") == "3 / 4"


def test_a_dead_monster_gets_nothing_applied_however_often_enter_is_pressed(window, qtbot):
    window.start_tutorial(CAVE)
    click_roster_row(qtbot, window, "imp")
    type_text(qtbot, "-4")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.encounter.unit("imp").hp == 0)
    select_in_roster(qtbot, window, "imp")
    # The dead imp has no decision: the panel shows the golem, acting now, and says why.
    assert window.panel.note.text() == (
        "Flame imp is out of action (HP 0): it takes no turn. Shown here: Ice golem, acting now."
    )
    assert window.decision.unit == "golem"
    logged = log_lines(window)
    for _ in range(3):
        key(qtbot, window, Qt.Key.Key_Return)  # the golem's turn, then the round's end
        assert not any("Flame imp" in line for line in log_lines(window)[len(logged) :])
    assert log_lines(window)[len(logged)].startswith("Ice golem: ")


def test_typing_a_huge_damage_on_a_hero_stops_at_zero(window, qtbot):
    window.start_tutorial(CAVE)
    click_roster_row(qtbot, window, "brute")
    type_text(qtbot, "-999")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: hp_cell(window, "brute") == "0 / 10")
    assert log_lines(window)[-1] == (
        "Brute takes 999 damage (HP 10 → 0 of 10; HP goes no lower than 0)"
    )


PAIR = """format = 1
ruleset = "skirmish-ai"
name = "Pair"
[board]
shape = "square"
cells = \"\"\"
..........................
......ccc.................
..........................
..........................
\"\"\"
[[units]]
id = "a"
name = "Raider A"
side = "enemy"
at = [10, 1]
hp = 5
max_hp = 5
ai = "aggressive"
weapons = [ { name = "Claws", kind = "melee", range = 1 } ]
[[units]]
id = "b"
name = "Raider B"
side = "enemy"
at = [8, 1]
hp = 5
max_hp = 5
ai = "aggressive"
weapons = [ { name = "Claws", kind = "melee", range = 1 } ]
[[units]]
id = "p"
name = "Vela"
side = "player"
at = [16, 1]
hp = 5
max_hp = 5
"""


def test_a_member_of_a_group_following_base_conditions_has_no_die_to_roll_again(
    window, qtbot, tmp_path: Path
):
    """Raider A can reach Vela to brawl, so the pair follows base conditions: once A has
    charged away, B rolls no table die of its own, and Ctrl+R says why."""
    path = tmp_path / "pair.toml"
    path.write_text(PAIR)
    window.import_encounter(str(path))
    assert window.session.current_unit == "a" and window.decision.rolls == ()
    key(qtbot, window, Qt.Key.Key_Return)
    assert log_lines(window)[-1] == (
        "Raider A: Move to [15, 1] and brawl Vela; Raider B follows base conditions too for "
        "the rest of the round, without a roll"
    )
    assert window.selected == "b" and window.decision.rolls == ()
    assert window.panel.rolls.text() == "No dice needed for this decision."
    logged = log_lines(window)
    key(qtbot, window, Qt.Key.Key_R, CTRL)
    assert "Its group follows base conditions this round" in window.statusBar().currentMessage()
    assert log_lines(window) == logged


def test_grimdark_units_with_nothing_to_do_in_the_command_phase_pass_with_one_enter(window, qtbot):
    window.start_tutorial("grimdark-solo-close-quarters.toml")
    session = window.session
    assert session.encounter.phase == "command" and window.selected == "captain"
    key(qtbot, window, Qt.Key.Key_Return)
    last = log_lines(window)[-1]
    assert last.startswith("Raider Captain: Use its command ability on ")
    assert last.endswith(
        "Cultist Mob (no command ability), Raider Gunners (no command ability), Warp Hounds "
        "(no command ability) and Dark Seer (no command ability) have nothing to do in the "
        "command phase: passed"
    )
    assert session.current_unit is None
    assert "Next phase: movement (Space)" in window.panel.title.text()
    key(qtbot, window, Qt.Key.Key_Z, CTRL)  # one step takes it all back
    assert session.current_unit == "captain" and session.state.pointer == 0
