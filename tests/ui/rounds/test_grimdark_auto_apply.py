"""Auto-apply (Ctrl+Return) through a grimdark-solo enemy turn, by real input, with physical
dice: it goes on from phase to phase by itself, stops where the players must roll (saying
whose dice), goes on once they are typed, applies nothing twice (also after an undo and a
restart in the middle) and stops, saying so, when the enemy's last phase is over; the log
asserted line by line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.at_the_table import CTRL, key, log_lines, restart, type_dice
from tests.ui.real_input import choose, start_tutorial

CLOSE_QUARTERS = "grimdark-solo-close-quarters.toml"  # captain, mob, gunners, hounds, seer


def auto_apply(qtbot, window) -> str:
    """Ctrl+Return, and what the status bar says once auto-apply stops."""
    window.auto_apply.timer.setInterval(10)  # the pace players follow, shortened
    key(qtbot, Qt.Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: not window.act_auto.isChecked())
    return window.statusBar().currentMessage()


def roll(qtbot, window, dice: str) -> None:
    """The players type the dice they rolled, and Enter plays the turn with them."""
    type_dice(qtbot, window, dice)
    key(qtbot, Qt.Key.Key_Return)


# The Session menu is a popup: it grabs the keyboard, which the offscreen platform cannot.
@pytest.mark.qt_log_ignore("This plugin does not support grabbing")
def test_auto_apply_plays_the_enemy_turn_phase_after_phase_and_waits_for_the_dice(window, qtbot):
    start_tutorial(qtbot, window, CLOSE_QUARTERS)
    choose(qtbot, window, window.act_physical)
    session = window.session
    paused = "Auto-apply paused: roll {}'s dice and type them (Enter)"
    assert auto_apply(qtbot, window) == paused.format("Raider Captain")
    assert (session.encounter.phase, session.current_unit) == ("command", "captain")
    roll(qtbot, window, "1")  # the command ability's recipient

    # On through movement, psychic and shooting by itself, up to the captain's charge roll.
    assert auto_apply(qtbot, window) == paused.format("Raider Captain")
    assert (session.encounter.phase, session.current_unit) == ("charge", "captain")
    # The players take the charge phase's start back (Edit → Undo: the dice box has the
    # keys, and its own Ctrl+Z): the shooting phase is over again.
    choose(qtbot, window, window.act_undo)
    assert session.encounter.phase == "shooting" and session.current_unit is None
    assert auto_apply(qtbot, window) == paused.format("Raider Captain")
    assert (session.encounter.phase, session.current_unit) == ("charge", "captain")
    roll(qtbot, window, "3 3")
    assert auto_apply(qtbot, window) == paused.format("Warp Hounds")

    # The app closes and starts again: auto-apply waits for the same dice, applies nothing.
    before = log_lines(window)
    window = restart(qtbot, window)
    session = window.session
    assert log_lines(window) == before
    assert auto_apply(qtbot, window) == paused.format("Warp Hounds")
    assert log_lines(window) == before
    roll(qtbot, window, "5 5")
    done = (
        "Auto-apply done: every unit has acted in the fight phase; the players' turn "
        "follows (Ctrl+T)"
    )
    assert auto_apply(qtbot, window) == done
    assert session.current_unit is None and session.encounter.phase == "fight"
    fought = log_lines(window)
    assert auto_apply(qtbot, window) == done and log_lines(window) == fought  # nothing twice

    passed = "have nothing to do in the {} phase: passed"
    assert log_lines(window) == [
        "The players roll their own dice from now on",
        "Raider Captain: Use its command ability on Raider Gunners. Dice: d2 = 1 (Raider "
        "Captain: command ability recipient (1 of 2)); Cultist Mob (no command ability), "
        "Raider Gunners (no command ability), Warp Hounds (no command ability) and Dark Seer "
        f"(no command ability) {passed.format('command')}",
        "The movement phase begins; Raider Captain activates first",
        'Raider Captain: Move 6" toward objective at [17, 4] and stop; Cultist Mob (in combat '
        "with Guard Squad) has nothing to do in the movement phase: passed; Raider Gunners "
        "activates",
        'Raider Gunners: Move 6" toward cover at [3, 2] and stop',
        'Warp Hounds: Move 6.5" toward Guard Squad and stop',
        'Dark Seer: Move 2.5" toward cover at [3, 2] and stop',
        "The psychic phase begins; Raider Captain (not a psyker), Cultist Mob (not a psyker), "
        "Raider Gunners (not a psyker) and Warp Hounds (not a psyker) "
        f"{passed.format('psychic')}; Dark Seer activates first",
        "Dark Seer: No psychic action",
        "The shooting phase begins; Raider Captain activates first",
        "Raider Captain: Shoot Librarian; Cultist Mob (no ranged weapon) has nothing to do in "
        "the shooting phase: passed; Raider Gunners activates",
        "Raider Gunners: Shoot Guard Squad; Warp Hounds (no ranged weapon) and Dark Seer (no "
        f"ranged weapon) {passed.format('shooting')}",
        "The charge phase begins; Raider Captain activates first  (undone)",
        "The charge phase begins; Raider Captain activates first",
        'Raider Captain: Charge Guard Squad (6"). Dice: 2d6 = 6 (Raider Captain: charge '
        'distance (2D6")) — charges 6" to [12, 5], beside Guard Squad; Cultist Mob (already '
        "in combat with Guard Squad) and Raider Gunners (no melee weapon) "
        f"{passed.format('charge')}; Warp Hounds activates",
        'Warp Hounds: Charge Librarian (10"). Dice: 2d6 = 10 (Warp Hounds: charge distance '
        '(2D6")) — charges 10" to [17, 3], beside Librarian; Dark Seer (no melee weapon) has '
        "nothing to do in the charge phase: passed",
        "The fight phase begins; Raider Captain activates first",
        "Raider Captain: Fight Guard Squad with Power sword",
        "Raider Captain: Consolidate in place",
        "Cultist Mob: Fight Guard Squad with Blades",
        "Cultist Mob: Consolidate in place; Raider Gunners (not in combat) has nothing to do "
        "in the fight phase: passed; Warp Hounds activates",
        "Warp Hounds: Fight Librarian with Fangs",
        "Warp Hounds: Consolidate in place; Dark Seer (not in combat) has nothing to do in the "
        "fight phase: passed",
    ]
