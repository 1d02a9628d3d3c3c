"""A hex-quest round from its tutorial as a group plays it, by real input: Enter for each
enemy (its combat dice in the log), the damage those dice say typed on the heroes between
activations (a hero who falls is no longer a target), an undo and redo that replay the same
dice, the app restarted, and the next round; the log asserted line by line."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.at_the_table import (
    CTRL,
    SHIFT,
    key,
    log_lines,
    play,
    redo,
    restart,
    type_on_row,
    undo,
)
from tests.ui.real_input import click_roster_row, start_tutorial

CRYPT_GATE = "hex-quest-crypt-gate.toml"  # lich (quest unit), ghoul, two skeleton archers


def test_a_hex_quest_round_with_dice_typing_undo_and_a_restart(window, qtbot):
    start_tutorial(qtbot, window, CRYPT_GATE)
    session = window.session
    assert (session.round, session.order) == (1, ("lich", "ghoul", "archer-a", "archer-b"))
    lich = play(qtbot, window)
    ghoul_roll = window.decision.rolls[0]
    assert ghoul_roll.purpose == "Combat dice for Ghoul, resolved against Wren"
    ghoul = play(qtbot, window)

    # The players resolve the ghoul's blow on Wren as its die says: she falls.
    assert ghoul_roll.value == 4 and session.encounter.unit("wren").hp == 4
    click_roster_row(qtbot, window, "wren")
    type_on_row(qtbot, window, "wren", "-4")
    first_archer_roll = window.decision.rolls[0]
    first_archer = play(qtbot, window)
    click_roster_row(qtbot, window, "sera")
    type_on_row(qtbot, window, "sera", f"-{first_archer_roll.value}")

    # Undo the damage and the archer's attack, then redo both: the same die comes back.
    undo(qtbot)
    undo(qtbot)
    assert session.current_unit == "archer-a" and window.decision.rolls[0] == first_archer_roll
    redo(qtbot)
    redo(qtbot)
    assert session.current_unit == "archer-b"
    second_archer = window.decision
    assert second_archer.targets and "wren" not in second_archer.targets  # she is down

    # The app closes and starts again: the second archer's decision and dice are the same.
    before = log_lines(window)
    window = restart(qtbot, window)
    session = window.session
    assert log_lines(window) == before
    assert window.selected == "archer-b" and window.decision == second_archer
    second = play(qtbot, window)
    assert session.current_unit is None
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)  # Next round: the lich first again
    assert session.current_unit == "lich" and window.selected == "lich"

    sera = session.encounter.unit("sera")
    assert [line.split(": ")[0] for line in (lich, ghoul, first_archer, second)] == [
        "Crypt Lich",
        "Ghoul",
        "Skeleton Archer 1",
        "Skeleton Archer 2",
    ]
    assert log_lines(window) == [
        lich,
        ghoul,
        "Wren takes 4 damage (HP 4 → 0 of 10)",
        first_archer,
        f"Sera takes {first_archer_roll.value} damage (HP 9 → {sera.hp} of {sera.max_hp})",
        second,
        "Round 2 begins; Crypt Lich activates first",
    ]
