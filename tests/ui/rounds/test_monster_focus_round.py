"""A Gloomhaven-style round as a group plays it, by real input: an invented encounter
imported through File → Import, the characters' initiatives typed on the roster, Enter for
each monster and Space or Enter for the characters' turns, damage typed between
activations, an undo and redo in the middle, the app restarted on the same database, and
the round finished and the next begun; the log asserted line by line."""

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
    type_initiatives,
    type_on_row,
    undo,
    walk_roster_to,
)
from tests.ui.real_input import click_roster_row

# Our own encounter on an open hex board: three characters (no initiative yet: they type
# it), two jetty guards and an archer. Guard 1 starts stunned, guard 2 wounded, and the
# archer, next to the Alchemist, immobilized: it shoots from where it stands.
JETTY = """\
format = 1
ruleset = "monster-focus"
name = "Smugglers' jetty"

[rules]
variant = "gloomhaven"

[board]
shape = "hex"
cells = \"\"\"
.........
.........
.........
.........
.........
.........
.........
\"\"\"

[[units]]
id = "warden"
name = "Warden"
side = "player"
at = [1, 5]
hp = 10
max_hp = 10

[[units]]
id = "alchemist"
name = "Alchemist"
side = "player"
at = [4, 6]
hp = 8
max_hp = 8

[[units]]
id = "seer"
name = "Seer"
side = "player"
at = [7, 5]
hp = 6
max_hp = 6

[[units]]
id = "guard-1"
name = "Jetty guard"
side = "enemy"
at = [1, 1]
hp = 6
max_hp = 6
statuses = ["stun"]
stats = { move = 2, range = 0, targets = 1, initiative = 30 }

[[units]]
id = "guard-2"
name = "Jetty guard"
side = "enemy"
at = [6, 3]
hp = 6
max_hp = 6
statuses = ["wound"]
stats = { move = 2, range = 0, targets = 1, initiative = 30 }

[[units]]
id = "archer"
name = "Jetty archer"
side = "enemy"
at = [4, 5]
hp = 4
max_hp = 4
statuses = ["immobilize"]
stats = { move = 2, range = 3, targets = 1, initiative = 16 }
"""


def trace(window) -> list[str]:
    return [f"{t.step}: {t.detail}" for t in window.decision.trace]


def hp(window, unit_id: str) -> int:
    return window.session.encounter.unit(unit_id).hp


def test_a_gloomhaven_style_round_with_conditions_typing_undo_and_a_restart(
    window, qtbot, monkeypatch, tmp_path
):
    import_by_keyboard(qtbot, window, monkeypatch, tmp_path, "jetty.toml", JETTY)
    # The characters' initiatives, typed one row after another (I, digits, Enter, Down).
    type_initiatives(qtbot, window, "warden", "12", "45", "70")
    session = window.session
    assert session.order == ("warden", "archer", "guard-1", "guard-2", "alchemist", "seer")
    assert session.current_unit == "warden"

    # The Warden's turn, played at the table: it hits guard 2 for 2, then Enter passes the
    # turn on (a monster selected: Enter still plays the Warden's turn, not the guard's).
    type_on_row(qtbot, window, "guard-2", "-2")
    assert window.decision.unit == "guard-2"  # previewed
    assert window.panel.enter_line.text() == (
        "Enter passes Warden's turn on (the players play it)."
    )
    key(qtbot, Qt.Key.Key_Return)
    assert window.selected == "archer"

    # The archer, immobilized next to the Alchemist, shoots from where it stands: a ranged
    # attack on a neighbour, at disadvantage.
    assert window.panel.summary.text() == "Attack Alchemist (disadvantage on Alchemist: next to it)"
    assert trace(window)[-1].endswith(
        "Alchemist stands next to it: a ranged attack on a neighbour has disadvantage."
    )
    assert trace(window)[0].startswith("Conditions: Immobilized: it finds its focus")
    assert "2. Move: Immobilized: it stays on [4, 5]." in trace(window)
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.encounter.unit("archer").at == (4, 5)
    assert not window.session.encounter.unit("archer").has("immobilize")  # its turn is over

    # The arrow's damage typed on the Alchemist; then the players look at guard 2 (the
    # wounded one) while guard 1, stunned, is the monster acting now.
    type_on_row(qtbot, window, "alchemist", "-2")
    walk_roster_to(qtbot, window, "guard-2")
    assert window.decision.unit == "guard-2"
    assert window.panel.enter_line.text() == (
        "Enter plays Jetty guard 1's turn (acting now): Stunned: no action"
    )
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.encounter.unit("guard-1").at == (1, 1)
    assert window.selected == "guard-2" and hp(window, "guard-2") == 3  # the wound bit

    # Undo and redo in the middle: the wound is taken back and dealt again, once.
    undo(qtbot)
    assert window.session.current_unit == "guard-1" and hp(window, "guard-2") == 4
    assert window.panel.summary.text() == "Stunned: no action"
    redo(qtbot)
    assert window.session.current_unit == "guard-2" and hp(window, "guard-2") == 3

    # The app is closed and started again on the same database, in guard 2's turn: the
    # wound has bitten and does not bite again when its turn is played.
    before = log_lines(window)
    window = restart(qtbot, window)
    assert log_lines(window) == before
    assert window.session.current_unit == "guard-2" == window.selected
    assert hp(window, "guard-2") == 3
    assert window.panel.summary.text() == "Attack Seer from [7, 4]"
    assert "→ focus Seer." in trace(window)[0]
    key(qtbot, Qt.Key.Key_Return)
    assert hp(window, "guard-2") == 3  # no second bite in its own turn
    click_roster_row(qtbot, window, "seer")
    type_on_row(qtbot, window, "seer", "-3")
    assert window.session.current_unit == "alchemist"
    undo(qtbot)  # the players miscounted the Seer's damage: 4, not 3
    type_on_row(qtbot, window, "seer", "-4")
    key(qtbot, Qt.Key.Key_Space)  # the Alchemist's turn
    key(qtbot, Qt.Key.Key_Return)  # the Seer's
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)  # Next round

    # Round 2: the stun and the immobilize are spent, the wound bites again, once.
    key(qtbot, Qt.Key.Key_Space)  # the Warden's turn
    assert window.selected == "archer"
    archer = window.panel.summary.text()
    assert archer.startswith("Attack Alchemist from ")  # free to step away now
    key(qtbot, Qt.Key.Key_Return)
    guard = window.panel.summary.text()
    assert window.selected == "guard-1" and guard != "Stunned: no action"
    key(qtbot, Qt.Key.Key_Return)
    assert hp(window, "guard-2") == 2

    assert log_lines(window) == [
        "Warden: initiative 99 → 12; the round's order is sorted again; Warden activates first",
        "Alchemist: initiative 99 → 45",
        "Seer: initiative 99 → 70",
        "Jetty guard 2 takes 2 damage (HP 6 → 4 of 6)",
        "Warden done; Jetty archer activates",
        "Jetty archer: Attack Alchemist (disadvantage on Alchemist: next to it)",
        "Alchemist takes 2 damage (HP 8 → 6 of 8)",
        "Jetty guard 1: Stunned: no action; Jetty guard 2 is wounded: 1 damage at the start "
        "of its turn (HP 4 → 3 of 6)",
        "Jetty guard 2: Attack Seer from [7, 4]",
        "Seer takes 3 damage (HP 6 → 3 of 6)  (undone)",
        "Seer takes 4 damage (HP 6 → 2 of 6)",
        "Alchemist done; Seer activates",
        "Seer done; every unit has acted in round 1",
        "Round 2 begins; Warden activates first",
        "Warden done; Jetty archer activates",
        f"Jetty archer: {archer}",
        f"Jetty guard 1: {guard}; Jetty guard 2 is wounded: 1 damage at the start of its turn "
        "(HP 3 → 2 of 6)",
    ]
