"""A card-flip-rpg round from its tutorial as a group plays it, by real input: Enter for each
enemy, a tie the rules leave to the players settled in the panel, damage typed between
activations, a card flipped, an undo and redo, the app restarted, and the next round; the
log asserted line by line."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.at_the_table import (
    CTRL,
    SHIFT,
    import_by_keyboard,
    key,
    log_lines,
    play,
    redo,
    restart,
    type_on_row,
    undo,
)
from tests.ui.real_input import (
    choose_in_unit_menu,
    click,
    click_roster_row,
    open_unit_menu,
    start_tutorial,
)
from ui.roster.roster_model import COL_NAME

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


# Two heroes the same distance from the orc's bow, equal in HP: the lower Lift (Bram) is its
# target unless it remembers who attacked it last. The wolf heads for one of them the same way.
GATE = """\
format = 1
ruleset = "card-flip-rpg"
name = "Orc gate"

[board]
shape = "square"
cells = \"\"\"
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
\"\"\"

[[units]]
id = "orc"
name = "Orc Archer"
side = "enemy"
at = [3, 2]
hp = 8
max_hp = 8
stats = { move = 3, range = 3, level = 2 }

[[units]]
id = "wolf"
name = "Wolf"
side = "enemy"
at = [3, 0]
hp = 6
max_hp = 6
stats = { move = 1, range = 1, level = 1 }

[[units]]
id = "aria"
name = "Aria"
side = "player"
at = [1, 2]
hp = 10
max_hp = 10
stats = { move = 4, level = 3, lift = 3 }

[[units]]
id = "bram"
name = "Bram"
side = "player"
at = [5, 2]
hp = 10
max_hp = 10
stats = { move = 3, level = 3, lift = 1 }
"""


def test_the_last_attacker_typed_with_the_damage_or_chosen_in_the_menu_decides_the_target(
    window, qtbot, monkeypatch, tmp_path
):
    import_by_keyboard(qtbot, window, monkeypatch, tmp_path, "gate.toml", GATE)
    session = window.session
    assert session.order == ("orc", "wolf") and window.decision.unit == "orc"
    assert window.panel.summary.text() == "Attack Bram"  # the lower Lift, nobody remembered

    # The heroes' turn: Aria's arrow hits the orc, typed with her name.
    click_roster_row(qtbot, window, "orc")
    type_on_row(qtbot, window, "orc", "-2 zed")  # nobody of that name: refused, said why
    assert window.roster.message.text() == (
        "Orc Archer: no unit is called 'zed' to have dealt the damage (units: Aria, Bram, Wolf)."
    )
    assert session.encounter.unit("orc").hp == 8 and log_lines(window) == []
    type_on_row(qtbot, window, "orc", "-2 ar")  # the start of her name will do
    assert window.panel.summary.text() == "Attack Aria"
    assert any("attacked it last" in t.detail for t in window.decision.trace)
    roster = window.roster
    name = roster.proxy.index(roster.proxy.proxy_row("orc"), COL_NAME)
    assert "Attacked last by: Aria" in name.data(Qt.ItemDataRole.ToolTipRole)
    orc = play(qtbot, window)
    assert orc == "Orc Archer: Attack Aria"

    # The wolf was hit by Aria too, in a way the players do not type as damage (a shove):
    # the unit menu says who attacked it last, and undo and redo take it back and forth.
    assert window.panel.summary.text() == "Move 1 square toward Bram"
    choose_in_unit_menu(qtbot, window, "wolf", "Attacked last by: nobody", "Aria")
    assert window.panel.summary.text() == "Move 1 square toward Aria"
    undo(qtbot)
    assert window.panel.summary.text() == "Move 1 square toward Bram"
    redo(qtbot)
    assert window.panel.summary.text() == "Move 1 square toward Aria"

    # The app closes and starts again: the wolf still remembers, and its menu says so.
    before = log_lines(window)
    window = restart(qtbot, window)
    session = window.session
    assert log_lines(window) == before
    menu = open_unit_menu(qtbot, window, "wolf")
    titles = [a.text() for a in menu.actions()]
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible())
    assert "Attacked last by: Aria" in titles
    wolf = play(qtbot, window)
    assert wolf == "Wolf: Move 1 square toward Aria"
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)  # Next round: the memory outlasts the round
    assert window.panel.summary.text() == "Attack Aria"
    # Bram hits the orc next: now he is the one it turns on.
    click_roster_row(qtbot, window, "orc")
    type_on_row(qtbot, window, "orc", "-1 from Bram")
    assert window.panel.summary.text() == "Attack Bram"

    assert log_lines(window) == [
        "Orc Archer takes 2 damage (HP 8 → 6 of 8) from Aria",
        orc,
        "Wolf was attacked last by Aria",
        wolf,
        "Round 2 begins; Orc Archer activates first",
        "Orc Archer takes 1 damage (HP 6 → 5 of 8) from Bram",
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
