"""A skirmish-ai round as a group plays it with physical dice, by real input: Session → I roll
physical dice, the die typed for a roll group's first member, the group's others using that
roll without being asked for it again (also after an undo and a restart; Ctrl+R on one is
refused with the reason), damage typed on the figures between activations, every enemy
activated, and the log asserted line by line with its dice."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.at_the_table import (
    CTRL,
    SHIFT,
    import_by_keyboard,
    key,
    log_lines,
    redo,
    restart,
    type_dice,
    type_on_row,
    undo,
)
from tests.ui.real_input import choose, click_roster_row

# Our own encounter: three quarry raiders standing within 2" of each other (one roll group),
# a cautious foreman on his own and a hound, against Ness and Dorran.
QUARRY = """\
format = 1
ruleset = "skirmish-ai"
name = "Quarry ambush"

[board]
shape = "square"
cells = \"\"\"
. . . . . . . . . . . . . . . . . . . . . .
. c c . . . . . . . . . . . . . . . . . . .
. . . . . . . . # # . . . . . . . . . . . .
. . . . . . . . # # . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . c . . . .
. . . . . . . . . . . . . . . . . c . . . .
. . . . . . . . . . . . . . . . . . . . . .
. . . c c . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . .
\"\"\"

[[units]]
id = "raider-1"
name = "Quarry raider"
side = "enemy"
at = [1, 2]
hp = 4
max_hp = 4
ai = "tactical"
stats = { move = 6 }
weapons = [ { name = "Carbine", kind = "ranged", range = 18 } ]

[[units]]
id = "raider-2"
name = "Quarry raider"
side = "enemy"
at = [3, 2]
hp = 4
max_hp = 4
ai = "tactical"
stats = { move = 6 }
weapons = [ { name = "Carbine", kind = "ranged", range = 18 } ]

[[units]]
id = "raider-3"
name = "Quarry raider"
side = "enemy"
at = [4, 3]
hp = 4
max_hp = 4
ai = "tactical"
stats = { move = 6 }
weapons = [ { name = "Carbine", kind = "ranged", range = 18 } ]

[[units]]
id = "foreman"
name = "Foreman"
side = "enemy"
at = [2, 8]
hp = 6
max_hp = 6
ai = "cautious"
stats = { move = 5 }
weapons = [ { name = "Long rifle", kind = "ranged", range = 24 } ]

[[units]]
id = "hound"
name = "Quarry hound"
side = "enemy"
at = [10, 8]
hp = 5
max_hp = 5
ai = "beast"
stats = { move = 7 }
weapons = [ { name = "Jaws", kind = "melee", range = 1 } ]

[[units]]
id = "ness"
name = "Ness"
side = "player"
at = [18, 4]
hp = 6
max_hp = 6
weapons = [ { name = "Rifle", kind = "ranged", range = 24 } ]

[[units]]
id = "dorran"
name = "Dorran"
side = "player"
at = [19, 7]
hp = 8
max_hp = 8
weapons = [ { name = "Hammer", kind = "melee", range = 1 } ]
"""


GROUP = "group of Quarry raider 1, Quarry raider 2, Quarry raider 3"


def table_row(window) -> str:
    """What the shown decision's table roll meant ("Tactical table, row 5: ..."), as a clause
    of the log line: the row's sentence without its full stop."""
    meaning = window.decision.rolls[0].meaning
    assert meaning.endswith(".")
    return meaning[:-1]


def test_a_skirmish_round_with_a_roll_group_and_physical_dice(window, qtbot, monkeypatch, tmp_path):
    import_by_keyboard(qtbot, window, monkeypatch, tmp_path, "quarry.toml", QUARRY)
    session, panel = window.session, window.panel
    assert session.order == ("raider-1", "raider-2", "raider-3", "foreman", "hound")
    choose(qtbot, window, window.act_physical)  # Session → I roll physical dice
    assert panel.asking and panel.summary.text() == "Roll your dice"
    assert panel.rolls.text().splitlines() == [
        "Roll and type 1 die:",
        f"1. d6 — table roll (Tactical, {GROUP})",
    ]
    window.board_view.setFocus()
    key(qtbot, Qt.Key.Key_Return)  # no dice typed yet: nothing is applied
    physical = "The players roll their own dice from now on"  # this session's choice
    assert log_lines(window) == [physical] and panel.asking

    # The group's roll, typed for its first member: shown, then Enter applies it.
    type_dice(qtbot, window, "5")
    assert window.decision.rolls[0].value == 5 and window.decision.rolls[0].scripted
    first, first_row = panel.summary.text(), table_row(window)
    assert first == "Move to [5, 6] and fire at Ness"
    assert first_row.startswith("Tactical table, row 5: ")
    assert log_lines(window) == [physical]
    key(qtbot, Qt.Key.Key_Return)

    # The second raider uses that roll: no die asked for, and Ctrl+R has nothing to roll.
    assert window.selected == "raider-2" and not panel.asking
    assert panel.rolls.text() == (
        "d6 = 5 (table roll) — Tactical table, row 5 (the group's roll, by Quarry raider 1)"
    )
    second = panel.summary.text()
    assert second == "Move to [8, 4] and fire at Ness"  # row 5 too, from where it stands
    logged = log_lines(window)
    key(qtbot, Qt.Key.Key_R, CTRL)
    assert window.statusBar().currentMessage() == (
        "This decision's only die is its group's roll, kept for the whole round: there is "
        "nothing to roll again"
    )
    assert log_lines(window) == logged and window.decision.rolls[0].value == 5

    # The players resolve the first raider's shot on Ness; Enter plays the second raider.
    click_roster_row(qtbot, window, "ness")
    type_on_row(qtbot, window, "ness", "-2")
    key(qtbot, Qt.Key.Key_Return)
    assert session.encounter.unit("raider-2").at != (3, 2)

    # Undo and redo: the second raider is back, still on the group's roll, not asking.
    used = session.state.dice.used
    undo(qtbot)
    assert session.current_unit == "raider-2" and session.encounter.unit("raider-2").at == (3, 2)
    assert not panel.asking and window.decision.rolls[0].shared
    assert panel.summary.text() == second
    redo(qtbot)
    assert session.current_unit == "raider-3" and session.state.dice.used == used

    # The app restarts: the third raider still uses the group's roll, without asking.
    window = restart(qtbot, window)
    session, panel = window.session, window.panel
    assert window.act_physical.isChecked()
    assert window.selected == "raider-3" and not panel.asking
    assert "(the group's roll, by Quarry raider 1)" in panel.rolls.text()
    third = panel.summary.text()
    window.board_view.setFocus()
    key(qtbot, Qt.Key.Key_Return)

    # The foreman rolls on his own: asked, a die too many is one message, then his die.
    assert window.selected == "foreman" and panel.asking
    type_dice(qtbot, window, "2 6")
    assert panel.error.text().startswith("d6 needs 1 die (table roll (Cautious)); you typed 2")
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.current_unit == "foreman"
    type_dice(qtbot, window, "2")
    foreman, foreman_row = panel.summary.text(), table_row(window)
    assert foreman_row.startswith("Cautious table, row 2: ")
    key(qtbot, Qt.Key.Key_Return)
    click_roster_row(qtbot, window, "dorran")
    type_on_row(qtbot, window, "dorran", "-3")
    assert window.panel.rolls.text() == "No dice needed for this decision."  # the hound
    hound = panel.summary.text()
    key(qtbot, Qt.Key.Key_Return)
    assert session.current_unit is None

    # Next round: the group rolls anew, and asks for it.
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)
    assert window.selected == "raider-1" and panel.asking

    assert log_lines(window) == [
        physical,
        f"Quarry raider 1: {first}. Dice: d6 = 5 (table roll (Tactical, {GROUP})) — "
        f"{first_row}; Quarry raider 2, Quarry raider 3 share this roll for the rest of "
        "the round",
        "Ness takes 2 damage (HP 6 → 4 of 6)",
        f"Quarry raider 2: {second}. Dice: d6 = 5 (table roll (Tactical, the group's roll)) "
        f"— {first_row}; it used the group's roll of 5 rolled by Quarry raider 1",
        f"Quarry raider 3: {third}. Dice: d6 = 5 (table roll (Tactical, the group's roll)) "
        f"— {first_row}; it used the group's roll of 5 rolled by Quarry raider 1",
        f"Foreman: {foreman}. Dice: d6 = 2 (table roll (Cautious)) — {foreman_row}",
        "Dorran takes 3 damage (HP 8 → 5 of 8)",
        f"Quarry hound: {hound}",
        "Round 2 begins; Quarry raider 1 activates first",
    ]
