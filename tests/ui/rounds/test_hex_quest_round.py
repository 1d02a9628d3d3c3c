"""A hex-quest round from its tutorial as a group plays it, by real input: Enter for each
enemy (its combat dice in the log), the damage those dice say typed on the heroes between
activations (a hero who falls is no longer a target), an undo and redo that replay the same
dice, the app restarted, and the next round; the log asserted line by line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.at_the_table import (
    CTRL,
    SHIFT,
    key,
    log_lines,
    play,
    redo,
    restart,
    type_dice,
    type_on_row,
    undo,
)
from tests.ui.real_input import choose, choose_in_unit_menu, click_roster_row, start_tutorial

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


def test_damage_typed_on_the_heroes_and_the_monsters_lands_on_the_unit_typed_on(window, qtbot):
    """Between activations the heroes' blows are typed on the monsters (the two Skeleton
    Archers share a name: the table numbers them), walking the roster with Up and Down past
    a monster just put out of action, with the hero who dealt each; the unit menu's damage
    goes to the token clicked; the log names each unit hit, and says when the blow ends the
    turn of the monster acting."""
    start_tutorial(qtbot, window, CRYPT_GATE)
    session = window.session
    lich = play(qtbot, window)
    ghoul = play(qtbot, window)
    assert session.current_unit == "archer-a"

    # The heroes strike back before the archers act: Doran fells archer 1, Sera wounds 2.
    click_roster_row(qtbot, window, "archer-a")
    type_on_row(qtbot, window, "archer-a", "-5 Doran")
    assert session.encounter.unit("archer-a").hp == 0
    assert session.current_unit == "archer-b"  # out of action: it takes no turn
    assert window.roster.selected_unit() == "archer-a"  # the selection stays where typed
    key(qtbot, Qt.Key.Key_Down)
    type_on_row(qtbot, window, "archer-b", "-2 sera")
    assert window.roster.selected_unit() == "archer-b"
    key(qtbot, Qt.Key.Key_Down)
    type_on_row(qtbot, window, "ghoul", "-3")
    choose_in_unit_menu(qtbot, window, "archer-b", "Damage 1")
    undo(qtbot)  # a miscount: the archer took no extra blow
    hp = {u: session.encounter.unit(u).hp for u in ("archer-a", "archer-b", "ghoul")}
    assert hp == {"archer-a": 0, "archer-b": 3, "ghoul": 5}
    archer = play(qtbot, window)
    assert archer.startswith("Skeleton Archer 2: ")
    assert session.current_unit is None

    assert log_lines(window) == [
        lich,
        ghoul,
        "Skeleton Archer 1 takes 5 damage (HP 5 → 0 of 5) from Doran; Skeleton Archer 1 is "
        "out of action: its turn is over; Skeleton Archer 2 activates",
        "Skeleton Archer 2 takes 2 damage (HP 5 → 3 of 5) from Sera",
        "Ghoul takes 3 damage (HP 8 → 5 of 8)",
        "Skeleton Archer 2 takes 1 damage (HP 3 → 2 of 5)  (undone)",
        archer,
    ]


# The Session menu is a popup: it grabs the keyboard, which the offscreen platform cannot.
@pytest.mark.qt_log_ignore("This plugin does not support grabbing")
def test_damage_typed_on_a_hero_while_the_next_monster_asks_for_its_dice_lands_on_the_hero(
    window, qtbot
):
    """With physical dice the acting monster asks for its dice; a click on a hero's row and
    the damage typed there go to the hero, not into the dice box."""
    start_tutorial(qtbot, window, CRYPT_GATE)
    choose(qtbot, window, window.act_physical)
    session = window.session
    lich = play(qtbot, window)  # nobody in range: no dice
    type_dice(qtbot, window, "4")
    key(qtbot, Qt.Key.Key_Return)  # the ghoul's blow on Wren, with the die typed
    assert session.current_unit == "archer-a" and window.panel.asking
    click_roster_row(qtbot, window, "wren")
    type_on_row(qtbot, window, "wren", "-4 ghoul")
    assert window.panel.typed.text() == "" and window.panel.asking
    assert session.encounter.unit("wren").hp == 0
    assert log_lines(window)[:2] == ["The players roll their own dice from now on", lich]
    assert log_lines(window)[3:] == ["Wren takes 4 damage (HP 4 → 0 of 10) from Ghoul"]
