"""Physical dice are each session's own choice: one session played with the players' dice and
one with Foebook's keep theirs across switching between them and a restart, by real input
(Session → I roll physical dice, Alt+Home, the start page's saved sessions)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.at_the_table import key, log_lines, restart, type_dice
from tests.ui.real_input import choose, open_saved_session, press, select_in_roster, start_tutorial

RAID = "skirmish-ai-outpost-raid.toml"  # its troopers roll a d6 on their table
HEDGEROW = "skirmish-ai-hedgerow.toml"  # its first decisions roll no dice
PHYSICAL = "The players roll their own dice from now on"


def go_home_and_open(qtbot, window, name: str) -> None:
    press(qtbot, window.act_home)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 0)
    open_saved_session(qtbot, window, name)


def dice_are_asked(qtbot, window) -> bool:
    """The sniper (who shares no roll) asks for its die before it shows an outcome."""
    select_in_roster(qtbot, window, "sniper")
    return window.panel.asking and window.decision is None


# The Session menu is a popup: it grabs the keyboard, which the offscreen platform cannot.
@pytest.mark.qt_log_ignore("This plugin does not support grabbing")
def test_two_sessions_keep_their_own_dice_across_switching_and_a_restart(window, qtbot):
    start_tutorial(qtbot, window, RAID)
    raid = window.session.name
    choose(qtbot, window, window.act_physical)  # this table rolls its own dice
    assert window.act_physical.isChecked() and window.panel.asking
    type_dice(qtbot, window, "3")
    key(qtbot, Qt.Key.Key_Return)  # the first trooper plays with the die typed
    assert log_lines(window)[0] == PHYSICAL and len(log_lines(window)) == 2
    assert dice_are_asked(qtbot, window)

    # A second session starts as the last choice was made, and is switched to Foebook's dice.
    press(qtbot, window.act_home)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == 0)
    start_tutorial(qtbot, window, HEDGEROW)
    hedgerow = window.session.name
    assert window.act_physical.isChecked() and log_lines(window) == []
    choose(qtbot, window, window.act_physical)
    assert not window.act_physical.isChecked()
    assert window.decision is not None and not window.panel.asking
    assert log_lines(window) == ["Foebook rolls the dice from now on"]

    # Back and forth: each session shows and plays with its own dice.
    go_home_and_open(qtbot, window, raid)
    assert window.act_physical.isChecked() and dice_are_asked(qtbot, window)
    go_home_and_open(qtbot, window, hedgerow)
    assert not window.act_physical.isChecked() and window.decision is not None
    assert not window.play.physical

    # The app closes and starts again: still each its own.
    window = restart(qtbot, window)
    assert window.session.name == hedgerow
    assert not window.act_physical.isChecked() and window.decision is not None
    assert not window.play.physical
    go_home_and_open(qtbot, window, raid)
    assert window.act_physical.isChecked() and dice_are_asked(qtbot, window)
    assert log_lines(window)[0] == PHYSICAL

    # Undo takes the choice back with the rest of the session's history.
    go_home_and_open(qtbot, window, hedgerow)
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.act_physical.isChecked() and window.play.physical
    assert log_lines(window) == ["Foebook rolls the dice from now on  (undone)"]
