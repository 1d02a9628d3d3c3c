"""A grimdark-solo round as a group plays it, by real input: the enemy stratagem drawn (and a
second draw refused), every phase of the enemy's turn from command to fight with Enter and
Space, the units with nothing to do in a phase passed together, damage typed between
activations, an undo and redo, the app restarted mid-turn, the players' turn (Ctrl+T) with
the enemies' reactions, and the next round; the log asserted line by line."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from tests.ui.at_the_table import (
    CTRL,
    key,
    log_lines,
    play,
    redo,
    restart,
    type_on_row,
    undo,
)
from tests.ui.real_input import (
    click,
    click_roster_row,
    pick_in_combo,
    select_on_board,
    start_tutorial,
)

CLOSE_QUARTERS = "grimdark-solo-close-quarters.toml"  # captain, mob, gunners, hounds, seer


@pytest.fixture(autouse=True)
def stratagem_dice():
    """The stratagem draw's dice (random per draw) from a fixed seed too."""
    random.seed(22)


def test_a_grimdark_round_through_every_phase_and_the_players_turn(window, qtbot):
    start_tutorial(qtbot, window, CLOSE_QUARTERS)
    session = window.session
    assert (session.round, session.encounter.phase) == (2, "command")
    assert session.order == ("captain", "mob", "gunners", "hounds", "seer")

    # The enemy's stratagem for this turn; the button then says why there is no second.
    button = window.turns.stratagem_button
    click(qtbot, button)
    drawn = session.state.cards[-1]
    assert not button.isEnabled()
    assert button.toolTip().startswith(f"{drawn.card} is this turn's draw from the stratagems")

    # Command: the captain's ability; the four without one are passed in the same step.
    lines = [play(qtbot, window)]
    assert window.panel.title.text().endswith("Next phase: movement (Space).")
    key(qtbot, Qt.Key.Key_Space)
    moves = [play(qtbot, window) for _ in range(3)]  # captain, mob, gunners
    gunners_at = session.encounter.unit("gunners").at
    undo(qtbot)  # the gunners' move taken back ...
    assert session.current_unit == "gunners" and session.encounter.unit("gunners").at == (3, 10)
    redo(qtbot)  # ... and made again
    assert session.encounter.unit("gunners").at == gunners_at
    moves += [play(qtbot, window) for _ in range(2)]  # hounds, seer
    key(qtbot, Qt.Key.Key_Space)  # psychic: only the seer is a psyker
    assert session.current_unit == "seer"
    psychic = play(qtbot, window)
    key(qtbot, Qt.Key.Key_Space)

    # Shooting, with the damage typed on the targets between activations.
    shooting = [play(qtbot, window)]  # the captain shoots the Librarian
    click_roster_row(qtbot, window, "lib")
    type_on_row(qtbot, window, "lib", "-2")
    shooting += [play(qtbot, window) for _ in range(2)]  # the mob (nothing), the gunners
    click_roster_row(qtbot, window, "guard")
    type_on_row(qtbot, window, "guard", "-1")
    shooting += [play(qtbot, window) for _ in range(2)]  # the hounds, the seer
    key(qtbot, Qt.Key.Key_Space)
    charges = [play(qtbot, window) for _ in range(5)]

    # The app closes and starts again in the middle of the turn.
    before = log_lines(window)
    window = restart(qtbot, window)
    session = window.session
    assert log_lines(window) == before
    assert session.encounter.phase == "charge" and session.current_unit is None
    assert not window.turns.stratagem_button.isEnabled()  # still this turn's draw
    key(qtbot, Qt.Key.Key_Space)
    fights = [play(qtbot, window), play(qtbot, window)]  # the captain fights, consolidates
    click_roster_row(qtbot, window, "guard")
    type_on_row(qtbot, window, "guard", "-3")
    while session.current_unit is not None:
        fights.append(play(qtbot, window))
    assert window.panel.title.text().endswith("Every unit has: Next round (Space).")

    # The players' turn: the enemies' reactions, each applied with Enter.
    key(qtbot, Qt.Key.Key_T, CTRL)
    assert window.player_turn
    phases = session.ruleset.data.phases
    reactions = []
    for phase, unit in (("psychic", "seer"), ("charge", "captain")):
        pick_in_combo(qtbot, window.panel.phases, phases.index(phase))
        select_on_board(qtbot, window, unit)
        reactions.append(play(qtbot, window))
    key(qtbot, Qt.Key.Key_T, CTRL)
    assert not window.player_turn
    key(qtbot, Qt.Key.Key_Space)
    assert (session.round, session.encounter.phase) == (3, "command")
    assert window.turns.stratagem_button.isEnabled()  # a new turn: a new draw

    def who(lines: list[str]) -> list[str]:
        return [line.split(": ", 1)[0] for line in lines]

    order = ["Raider Captain", "Cultist Mob", "Raider Gunners", "Warp Hounds", "Dark Seer"]
    assert who(moves) == who(shooting) == who(charges) == order
    # The two that charged home fight and consolidate in one activation each.
    assert who(fights) == [
        order[0],
        order[0],
        order[1],
        order[1],
        order[2],
        order[3],
        order[3],
        order[4],
    ]
    assert fights[0].startswith("Raider Captain: Fight Guard Squad with ")
    assert fights[1] == "Raider Captain: Consolidate in place"
    assert reactions[0].startswith("Dark Seer: Ready to deny Librarian")
    assert log_lines(window) == [
        f"Drew {drawn.card} from stratagems: {drawn.text}",
        lines[0] + "; Cultist Mob (no command ability), Raider Gunners (no command ability), "
        "Warp Hounds (no command ability) and Dark Seer (no command ability) have nothing to "
        "do in the command phase: passed",
        "The movement phase begins; Raider Captain activates first",
        *moves,
        "The psychic phase begins; Raider Captain activates first; Raider Captain (not a "
        "psyker), Cultist Mob (not a psyker), Raider Gunners (not a psyker) and Warp Hounds "
        "(not a psyker) have nothing to do in the psychic phase: passed; Dark Seer activates",
        psychic,
        "The shooting phase begins; Raider Captain activates first",
        shooting[0],
        "Librarian takes 2 damage (HP 5 → 3 of 5)",
        *shooting[1:3],
        "Guard Squad takes 1 damage (HP 6 → 5 of 10)",
        *shooting[3:],
        "The charge phase begins; Raider Captain activates first",
        *charges,
        "The fight phase begins; Raider Captain activates first",
        *fights[:2],
        "Guard Squad takes 3 damage (HP 5 → 2 of 10)",
        *fights[2:],
        *reactions,
        "Round 3 begins; Raider Captain activates first",
    ]
