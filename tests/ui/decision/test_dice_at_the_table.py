"""Dice at the table, as players use them: random per session, replayed by undo, redo and a
restart, rolled again with Ctrl+R, typed in from physical dice, and named in the log."""

from __future__ import annotations

import itertools
import re

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from desktop.engine.decide import decide
from tests.ui.at_the_table import type_dice
from tests.ui.modal import click_button, when_up
from tests.ui.real_input import import_encounter_text, open_saved_session
from tests.ui.showing import show_active
from ui.decision.step_list import StepCard
from ui.roster.roster_model import COL_NAME

RAID = "skirmish-ai-outpost-raid.toml"
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch):
    """New sessions take their dice seeds from a fixed sequence: random-looking, repeatable."""
    seeds = itertools.count(1000)
    monkeypatch.setattr("desktop.tracker.session.new_seed", lambda: next(seeds))


def pending(window, unit_id=None):
    session = window.session
    return decide(
        session.encounter,
        unit_id or session.current_unit,
        session.ruleset,
        session.state.dice.dice(),
    )


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, key, modifier)


def click_unit(qtbot, window, unit_id: str) -> None:
    roster = window.roster
    index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_NAME)
    qtbot.mouseClick(
        roster.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=roster.view.visualRect(index).center(),
    )


def applied_texts(window) -> list[str]:
    return [e.text for e in window.session.history if e.kind == "apply-decision"]


def test_enter_through_several_sessions_rolls_every_face_not_only_ones(window, qtbot):
    rolled = []
    for again in range(8):
        if again:  # played before: start it over, a fresh session with dice of its own
            when_up(qtbot, QMessageBox, click_button(qtbot, "Start over"))
        window.start_tutorial(RAID)
        while window.session.current_unit is not None:
            press(qtbot, window, Qt.Key.Key_Return)
        rolled += [
            int(v) for text in applied_texts(window) for v in re.findall(r"\bd6 = (\d)", text)
        ]
    assert len(rolled) >= 12
    assert len(set(rolled)) >= 4
    assert rolled.count(1) < len(rolled) / 3


def test_the_panel_and_the_log_say_what_the_table_roll_meant(window, qtbot):
    window.start_tutorial(RAID)
    decision = window.decision
    table = decision.rolls[0]
    assert re.match(r"Tactical table, row \d: ", table.meaning)
    # The panel shows one short line per die; its tooltip has the whole of it.
    assert (
        f"d6 = {table.value} (table roll) — Tactical table, row {table.value}"
        in window.panel.rolls.text()
    )
    assert f"d6 = {table.value} (table roll (Tactical" in window.panel.rolls.toolTip()
    row = table.meaning.removesuffix(".")  # one clause of a line, "; " may follow it
    assert row in window.panel.rolls.toolTip()
    press(qtbot, window, Qt.Key.Key_Return)
    assert row in applied_texts(window)[0]
    assert row in window.log_panel.model.index(0).data()


def test_undo_and_redo_with_the_keyboard_replay_the_same_rolls(window, qtbot):
    window.start_tutorial(RAID)
    first_rolls = window.panel.rolls.text()
    first = window.decision
    press(qtbot, window, Qt.Key.Key_Return)
    second_rolls = window.panel.rolls.text()
    second = window.decision
    assert window.session.state.dice.used == 1
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.session.state.dice.used == 0
    click_unit(qtbot, window, first.unit)
    assert window.decision == first and window.panel.rolls.text() == first_rolls
    press(qtbot, window, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    press(qtbot, window, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    click_unit(qtbot, window, second.unit)
    assert window.decision == second and window.panel.rolls.text() == second_rolls


def test_a_restart_shows_the_same_pending_decision_and_rolls(qtbot, database, window):
    from ui.main_window import MainWindow

    window.start_tutorial(RAID)
    press(qtbot, window, Qt.Key.Key_R, CTRL)  # a draw used up: the restart must keep it
    shown, text, name = window.decision, window.panel.rolls.text(), window.session.name
    assert shown.rolls and window.session.state.dice.used == 1
    window.close()
    second = MainWindow(database)
    qtbot.addWidget(second)
    show_active(qtbot, second)
    open_saved_session(qtbot, second, name)
    assert second.decision == shown
    assert second.panel.rolls.text() == text


def test_ctrl_r_rolls_again_logs_the_set_aside_dice_and_undo_brings_them_back(window, qtbot):
    window.start_tutorial(RAID)
    first, first_text = window.decision, window.panel.rolls.text()
    press(qtbot, window, Qt.Key.Key_R, CTRL)
    last = window.session.history[-1]
    assert last.kind == "roll-again"
    assert f"setting aside d6 = {first.rolls[0].value}" in last.text
    assert window.session.state.dice.used == 1
    assert window.decision == pending(window)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.decision == first and window.panel.rolls.text() == first_text


def choose_physical_dice_in_the_menu(qtbot, window) -> None:
    bar = window.menuBar()
    qtbot.mouseClick(
        bar,
        Qt.MouseButton.LeftButton,
        pos=bar.actionGeometry(window.menus.session_menu.menuAction()).center(),
    )
    menu = window.menus.session_menu
    qtbot.waitUntil(menu.isVisible)
    qtbot.mouseClick(
        menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(window.act_physical).center()
    )
    qtbot.waitUntil(lambda: not menu.isVisible())


# The Session menu is a popup: it grabs the keyboard, which the offscreen platform cannot.
@pytest.mark.qt_log_ignore("This plugin does not support grabbing")
def test_physical_dice_are_asked_for_before_the_outcome_shows(window, qtbot):
    window.start_tutorial(RAID)
    choose_physical_dice_in_the_menu(qtbot, window)
    assert QSettings().value("dice/physical", type=bool) is True
    panel = window.panel
    assert panel.summary.text() == "Roll your dice"
    assert "Roll and type 1 die:" in panel.rolls.text()
    assert "1. d6 — table roll (Tactical" in panel.rolls.text()
    assert window.decision is None and not panel.apply_button.isEnabled()
    assert not any(card.isVisible() for card in panel.findChildren(StepCard))
    press(qtbot, window, Qt.Key.Key_Return)
    assert applied_texts(window) == []  # nothing to apply before the dice are in
    qtbot.keyClicks(panel.typed, "4")
    qtbot.keyClick(panel.typed, Qt.Key.Key_Return)
    assert window.decision is not None
    assert "d6 = 4 (table roll) — Tactical table, row 4 (your die)" in panel.rolls.text()
    assert "d6 = 4 (table roll (Tactical" in panel.rolls.toolTip()
    assert "Tactical table, row 4: " in panel.rolls.toolTip()
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    logged = applied_texts(window)[0]
    assert "d6 = 4 (table roll (Tactical" in logged and "Tactical table, row 4: " in logged
    assert panel.typed.text() == ""  # those dice are used up


def test_roll_for_me_shows_the_sessions_dice_while_physical_dice_are_asked(window, qtbot):
    QSettings().setValue("dice/physical", True)
    from ui.main_window import MainWindow

    physical = MainWindow(window.database)
    qtbot.addWidget(physical)
    physical.show()
    assert physical.act_physical.isChecked()
    physical.start_tutorial(RAID)
    assert physical.panel.asking and physical.decision is None
    qtbot.mouseClick(physical.panel.roll_button, Qt.MouseButton.LeftButton)
    assert physical.decision == pending(physical)
    assert "(your die)" not in physical.panel.rolls.text()


def test_the_typed_dice_box_clears_on_another_unit_round_or_session(window, qtbot):
    window.start_tutorial(RAID)
    typed = window.panel.typed
    qtbot.keyClicks(typed, "5")
    click_unit(qtbot, window, "sniper")
    assert window.selected == "sniper" and typed.text() == ""
    qtbot.keyClicks(typed, "2 3")
    press(qtbot, window, Qt.Key.Key_N, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.round == 3 and typed.text() == ""
    qtbot.keyClicks(typed, "6")
    window.start_tutorial("hex-quest-crypt-gate.toml")
    assert typed.text() == ""


def test_enter_on_the_first_trooper_gives_the_second_the_groups_table_roll(window, qtbot):
    window.start_tutorial(RAID)
    first = window.decision
    assert first.unit == "trooper-1" and first.shares_roll_with == ("trooper-2",)
    value = first.rolls[0].value
    assert (
        f"d6 = {value} (table roll (Tactical, group of Trooper 1, Trooper 2))"
        in window.panel.rolls.toolTip()
    )
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.selected == "trooper-2" and window.decision.rolls[0].shared
    assert "(the group's roll, by Trooper 1)" in window.panel.rolls.text()
    shown = window.panel.rolls.toolTip()
    assert f"d6 = {value} (table roll (Tactical, the group's roll))" in shown
    assert f"shares the group's roll of {value} rolled by Trooper 1" in shown
    assert "(your die)" not in shown
    press(qtbot, window, Qt.Key.Key_Return)
    assert f"it used the group's roll of {value} rolled by Trooper 1" in applied_texts(window)[1]
    press(qtbot, window, Qt.Key.Key_Z, CTRL)  # the second apply (one step with its turn)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)  # the first apply
    click_unit(qtbot, window, "trooper-2")
    assert not any(r.shared for r in window.decision.rolls)  # undone: the group rolls anew


@pytest.mark.qt_log_ignore("This plugin does not support grabbing")
def test_physical_dice_are_not_asked_again_for_the_groups_roll(window, qtbot):
    window.start_tutorial(RAID)
    choose_physical_dice_in_the_menu(qtbot, window)
    panel = window.panel
    assert "1. d6 — table roll (Tactical, group of Trooper 1, Trooper 2)" in panel.rolls.text()
    qtbot.keyClicks(panel.typed, "4")
    qtbot.keyClick(panel.typed, Qt.Key.Key_Return)
    assert window.decision.rolls[0].value == 4
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.selected == "trooper-2"
    assert "(the group's roll, by Trooper 1)" in panel.rolls.text()
    assert "shares the group's roll of 4 rolled by Trooper 1" in panel.rolls.toolTip()
    assert not panel.asking  # its one die is the group's: the outcome shows at once
    logged = len(window.session.history)
    press(qtbot, window, Qt.Key.Key_R, CTRL)  # the group's roll is not rolled again
    assert len(window.session.history) == logged
    assert "only die is its group's roll" in window.statusBar().currentMessage()
    assert window.decision.rolls[0].value == 4 and window.decision.rolls[0].shared
    assert "Tactical table, row 4: " in panel.rolls.toolTip()


# An ogre next to Sera rolls two dice at once (Combat 2); an imp rolls one.
BRAWL = """\
format = 1
ruleset = "hex-quest"
name = "Brawl"

[board]
shape = "hex"
cells = \"\"\"
. . . . .
. . . . .
. . . . .
\"\"\"

[[units]]
id = "ogre"
name = "Ogre"
side = "enemy"
at = [1, 1]
hp = 10
max_hp = 10
ai = "strongest"
stats = { move = 2, range = 1, level = 3, combat = 2 }

[[units]]
id = "imp"
name = "Imp"
side = "enemy"
at = [4, 0]
hp = 3
max_hp = 3
ai = "weakest"
stats = { move = 2, range = 1, level = 1 }

[[units]]
id = "sera"
name = "Sera"
side = "player"
at = [2, 1]
hp = 12
max_hp = 12
"""
TOO_MANY_OR_FEW = "type one number per die, or clear the box to let Foebook roll."


@pytest.fixture
def brawl(window, qtbot, tmp_path):
    import_encounter_text(qtbot, window, tmp_path, BRAWL)
    assert window.selected == "ogre" and window.decision.rolls[0].die == "2d6"
    return window


def test_a_2d6_takes_both_dice_as_typed_one_by_one(brawl, qtbot):
    type_dice(qtbot, brawl, "4 4")
    assert brawl.decision.rolls[0].value == 8 and brawl.decision.rolls[0].scripted
    assert brawl.panel.rolls.text() == (
        "2d6 = 8 (Combat dice for Ogre, resolved against Sera) — 8 damage to Sera (your dice)"
    )
    assert brawl.session.history == []
    qtbot.keyClick(brawl.panel.typed, Qt.Key.Key_Return)
    assert applied_texts(brawl)[0].startswith("Ogre: Engage Sera")
    assert "2d6 = 8 (Combat dice for Ogre, resolved against Sera)" in applied_texts(brawl)[0]


def test_too_few_or_too_many_dice_is_one_message_and_nothing_is_applied(brawl, qtbot):
    panel = brawl.panel
    type_dice(qtbot, brawl, "4")
    assert panel.error.text() == (
        "2d6 needs 2 dice (Combat dice for Ogre, resolved against Sera); you typed 1: "
        + TOO_MANY_OR_FEW
    )
    qtbot.keyClick(panel.typed, Qt.Key.Key_Return)  # Enter again: still nothing applied
    type_dice(qtbot, brawl, "4 4 2")
    assert "2d6 needs 2 dice (Combat dice for Ogre, resolved against Sera); you typed 3" in (
        panel.error.text()
    )
    qtbot.keyClick(panel.typed, Qt.Key.Key_Return)
    assert brawl.session.history == []
    type_dice(qtbot, brawl, "6 5")  # right: used, and the next Enter applies it
    assert panel.error.isHidden() and brawl.decision.rolls[0].value == 11
    qtbot.keyClick(panel.typed, Qt.Key.Key_Return)
    assert len(applied_texts(brawl)) == 1 and brawl.selected == "imp"
    type_dice(qtbot, brawl, "3 5")  # the imp rolls one die: the 5 is not silently dropped
    assert panel.error.text() == (
        "1d6 needs 1 die (Combat dice for Imp, resolved against Sera); you typed 2: "
        + TOO_MANY_OR_FEW
    )
    qtbot.keyClick(panel.typed, Qt.Key.Key_Return)
    assert len(applied_texts(brawl)) == 1


@pytest.mark.qt_log_ignore("This plugin does not support grabbing")
def test_physical_dice_for_a_2d6_ask_for_each_die(brawl, qtbot):
    choose_physical_dice_in_the_menu(qtbot, brawl)
    panel = brawl.panel
    assert panel.rolls.text().splitlines() == [
        "Roll and type 2 dice, in this order:",
        "1. 2d6 (type each of its 2 dice) — Combat dice for Ogre, resolved against Sera",
    ]
    type_dice(qtbot, brawl, "5")
    assert panel.error.text().startswith("2d6 needs 2 dice (Combat dice for Ogre")
    assert brawl.decision is None
    type_dice(qtbot, brawl, "5 2")
    assert brawl.decision.rolls[0].value == 7
    qtbot.keyClick(panel.typed, Qt.Key.Key_Return)
    assert "2d6 = 7 (Combat dice for Ogre" in applied_texts(brawl)[0]
