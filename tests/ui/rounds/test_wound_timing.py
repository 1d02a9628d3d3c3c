"""A monster-focus wound bites as the figure's turn starts, whatever starts it, by real input:
Enter on the figure before it (the turn passed on by applying), Space (Next) past a stunned
figure, and Ctrl+Shift+N when the wounded figure is first in the new round, also when it is
the first unit of the session; undo takes each bite back with the step that dealt it and
redo deals it once again; the log asserted line by line."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.at_the_table import (
    CTRL,
    SHIFT,
    import_by_keyboard,
    key,
    log_lines,
    redo,
    type_initiatives,
    undo,
)
from tests.ui.real_input import choose_in_unit_menu
from tests.ui.rounds.test_monster_focus_round import JETTY, hp


def test_a_wound_bites_once_as_the_turn_starts_by_enter_next_or_next_round(
    window, qtbot, monkeypatch, tmp_path
):
    import_by_keyboard(qtbot, window, monkeypatch, tmp_path, "jetty.toml", JETTY)
    session = window.session
    type_initiatives(qtbot, window, "warden", "20", "45", "70")
    assert session.order[:2] == ("archer", "warden") and session.current_unit == "archer"
    # The archer, first of the session, is wounded before anyone acts: the wound bites
    # when its turn is taken (Enter), in that same step, once.
    choose_in_unit_menu(qtbot, window, "archer", "Markers", "Wound")
    assert hp(window, "archer") == 4
    key(qtbot, Qt.Key.Key_Return)
    assert hp(window, "archer") == 3 and session.current_unit == "warden"
    key(qtbot, Qt.Key.Key_Space)  # the Warden's turn, played at the table
    assert session.current_unit == "guard-1" and hp(window, "guard-2") == 6
    # Guard 1 is stunned: the players pass it with Space; guard 2's wound bites then.
    key(qtbot, Qt.Key.Key_Space)
    assert session.current_unit == "guard-2" and hp(window, "guard-2") == 5
    undo(qtbot)
    assert session.current_unit == "guard-1" and hp(window, "guard-2") == 6
    redo(qtbot)
    assert session.current_unit == "guard-2" and hp(window, "guard-2") == 5
    key(qtbot, Qt.Key.Key_Return)  # guard 2 acts: no second bite in its own turn
    assert hp(window, "guard-2") == 5
    key(qtbot, Qt.Key.Key_Space)  # the Alchemist
    key(qtbot, Qt.Key.Key_Space)  # the Seer
    assert session.current_unit is None and hp(window, "archer") == 3

    # Next round: the archer is first, and its wound bites as the round begins.
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)
    assert session.current_unit == "archer" and hp(window, "archer") == 2
    undo(qtbot)
    assert session.round == 1 and hp(window, "archer") == 3
    redo(qtbot)
    assert session.round == 2 and hp(window, "archer") == 2
    key(qtbot, Qt.Key.Key_Return)
    assert hp(window, "archer") == 2

    wounded = "is wounded: 1 damage at the start of its turn"
    assert log_lines(window) == [
        "Warden: initiative 99 → 20; the round's order is sorted again; Jetty archer "
        "activates first",
        "Alchemist: initiative 99 → 45",
        "Seer: initiative 99 → 70",
        "Jetty archer is wounded",
        f"Jetty archer {wounded} (HP 4 → 3 of 4); Jetty archer: Attack Alchemist "
        "(disadvantage on Alchemist: next to it)",
        "Warden done; Jetty guard 1 activates",
        f"Jetty guard 1 done; Jetty guard 2 activates; Jetty guard 2 {wounded} (HP 6 → 5 of 6)",
        "Jetty guard 2: Attack Seer from [7, 4]",
        "Alchemist done; Seer activates",
        "Seer done; every unit has acted in round 1",
        f"Round 2 begins; Jetty archer activates first; Jetty archer {wounded} (HP 3 → 2 of 4)",
        "Jetty archer: Attack Alchemist from [4, 4]",
    ]
