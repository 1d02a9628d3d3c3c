"""A dungeon-crawl round from its tutorial as a group plays it, by real input: Enter for each
enemy, the blows typed on the heroes between activations, an undo and redo, the app
restarted, the players' choice of the archer's target picked in the panel by keyboard, and
the next round with its order worked out again; the log asserted line by line."""

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
from tests.ui.real_input import click, click_roster_row, start_tutorial

GUARD_ROOM = "dungeon-crawl-guard-room.toml"  # an ogre, two goblins, an orc archer


def test_a_dungeon_crawl_round_with_typing_undo_a_restart_and_a_choice(window, qtbot):
    start_tutorial(qtbot, window, GUARD_ROOM)
    session = window.session
    assert session.order == ("ogre", "goblin-b", "goblin-a", "orc-archer")
    ogre = play(qtbot, window)
    gang = play(qtbot, window)  # the second goblin joins the fight on the Barbarian
    assert gang == "Goblin 2: Move 4 squares, then fight Barbarian"
    click_roster_row(qtbot, window, "barbarian")
    type_on_row(qtbot, window, "barbarian", "-1")
    fight = play(qtbot, window)  # the first goblin, already beside him
    assert fight == "Goblin 1: Fight Barbarian"
    type_on_row(qtbot, window, "barbarian", "-2")

    # Undo the blow and the goblin's fight, redo both.
    undo(qtbot)
    undo(qtbot)
    assert session.current_unit == "goblin-a" and session.encounter.unit("barbarian").hp == 7
    redo(qtbot)
    redo(qtbot)
    assert session.current_unit == "orc-archer" and session.encounter.unit("barbarian").hp == 5

    # The app closes and starts again; the players take the archer's other shot.
    before = log_lines(window)
    window = restart(qtbot, window)
    session = window.session
    assert log_lines(window) == before and window.selected == "orc-archer"
    decided_shot = window.panel.summary.text()
    choices = window.panel.choices
    assert [choices.item(i).text() for i in range(choices.count())] == [
        "Choice 1 (as decided): Shoot Dwarf from [10, 5]",
        "Choice 2: Shoot Elf from [10, 2]",
    ]
    click(qtbot, choices.viewport(), choices.visualItemRect(choices.item(0)).center())
    key(qtbot, Qt.Key.Key_Down)  # the second choice, by keyboard in the list
    assert choices.currentRow() == 1
    archer = window.panel.summary.text()  # the panel reads as the shot picked
    assert "Dwarf" in decided_shot and "Elf" in archer and "Dwarf" not in archer
    key(qtbot, Qt.Key.Key_Return)
    assert session.encounter.unit("orc-archer").at == (10, 2)
    assert session.current_unit is None

    # Next round: the order is worked out again from where they stand now.
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)
    first = session.order[0]
    assert window.selected == first
    next_round = play(qtbot, window)

    assert log_lines(window) == [
        ogre,
        gang,
        "Barbarian takes 1 damage (HP 8 → 7 of 8)",
        fight,
        "Barbarian takes 2 damage (HP 7 → 5 of 8)",
        f"Orc Archer: {archer} (players' choice 2)",
        f"Round 2 begins; {session.encounter.unit(first).name} activates first",
        next_round,
    ]
    assert ogre.startswith("Ogre: ") and next_round.startswith(
        f"{session.encounter.unit(first).name}: "
    )
