"""A card-flip-rpg round from its tutorial as a group plays it, by real input: Enter for each
enemy, a tie the rules leave to the players settled in the panel, damage typed between
activations, a card flipped, an undo and redo, the app restarted, and the next round; the
log asserted line by line."""

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

AMBUSH = "card-flip-goblin-ambush.toml"  # goblin archer, goblin brute, kobold (1 HP)


def choose_in_panel(qtbot, window, row: int) -> None:
    """Click a choice in the decision panel's list (the board follows it)."""
    choices = window.panel.choices
    assert choices.isVisible()
    click(qtbot, choices.viewport(), choices.visualItemRect(choices.item(row)).center())
    assert choices.currentRow() == row


def test_a_card_flip_round_with_a_choice_typing_undo_and_a_restart(window, qtbot):
    start_tutorial(qtbot, window, AMBUSH)
    session = window.session
    assert (session.round, session.order) == (2, ("goblin", "brute", "kobold"))
    archer = play(qtbot, window)

    # The heroes' blows land on the brute, typed in the roster; its turn comes next and the
    # rules leave the square it moves to to the players: they pick the third.
    click_roster_row(qtbot, window, "brute")
    type_on_row(qtbot, window, "brute", "-4")
    assert window.decision.unit == "brute"  # the panel shows the unit acting now
    assert window.panel.choices.item(2).text() == "Choice 3: Move to [8, 3]"
    choose_in_panel(qtbot, window, 2)
    brute = window.panel.summary.text()  # the panel reads as the square picked
    key(qtbot, Qt.Key.Key_Return)
    assert session.encounter.unit("brute").at == (8, 3)
    undo(qtbot)  # taken back: the brute stands where it was, its turn again
    assert session.current_unit == "brute" and session.encounter.unit("brute").at == (9, 1)
    redo(qtbot)  # and made again as the players chose it
    assert session.encounter.unit("brute").at == (8, 3) and session.current_unit == "kobold"
    kobold = play(qtbot, window)
    click(qtbot, window.turns.flip_button)  # a card flipped for a hero's check
    flipped = session.state.cards[-1].card

    # The app closes and starts again; the next round goes on from where it was left.
    before = log_lines(window)
    window = restart(qtbot, window)
    session = window.session
    assert log_lines(window) == before and session.current_unit is None
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)  # Next round
    assert session.current_unit == "goblin"
    second = [play(qtbot, window)]
    assert second[0] == "Goblin Archer: Attack Bram"  # Bram came within its range
    click_roster_row(qtbot, window, "bram")
    type_on_row(qtbot, window, "bram", "-3")
    second += [play(qtbot, window), play(qtbot, window)]  # the brute, the kobold
    assert session.current_unit is None

    assert log_lines(window) == [
        archer,
        "Goblin Brute takes 4 damage (HP 12 → 8 of 12)",
        f"Goblin Brute: {brute} (players' choice 3)",
        kobold,
        f"Drew {flipped} from cards",
        "Round 3 begins; Goblin Archer activates first",
        second[0],
        "Bram takes 3 damage (HP 9 → 6 of 20)",
        *second[1:],
    ]
    assert [line.split(": ")[0] for line in (archer, kobold, *second)] == [
        "Goblin Archer",
        "Kobold Sneak",
        "Goblin Archer",
        "Goblin Brute",
        "Kobold Sneak",
    ]


def test_a_step_that_decides_reads_applies_until_enter_applies_the_decision(window, qtbot):
    # The panel's steps say which rule decides ("✔ applies"), not "applied": nothing is on
    # the board until Enter, and then the log says what was done.
    start_tutorial(qtbot, window, AMBUSH)
    marks = [c.outcome.text() for c in window.panel.steps.cards]
    assert "✔ applies" in marks and "✔ applied" not in marks
    assert all(m in ("✔ applies", "– skipped") for m in marks)
    summary = window.panel.summary.text()
    archer = window.session.encounter.unit("goblin").at
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.encounter.unit("goblin").at != archer
    assert log_lines(window)[-1] == f"Goblin Archer: {summary}"
