"""The unit editor from the keyboard and mouse: what its OK button says, problems that go away
once fixed, a new weapon's kind, and Enter in the weapons table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QComboBox, QLineEdit

from tests.ui.roster.conftest import CARD_FLIP, GRIMDARK, session_of
from ui.roster.roster_panel import RosterPanel
from ui.roster.unit_editor import W_KIND, W_NAME, W_RANGE, W_STRENGTH, UnitEditor

ENTER = (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier)
KEYPAD_ENTER = (Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)


def press(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


def type_keys(qtbot, text: str) -> None:
    for char in text:
        qtbot.keyClicks(QApplication.focusWidget(), char)


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def roster(qtbot, text: str = GRIMDARK) -> RosterPanel:
    panel = RosterPanel(session_of(text))
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    return panel


def opened(qtbot, editor: UnitEditor) -> UnitEditor:
    qtbot.waitExposed(editor)
    editor.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is editor)
    return editor


def test_the_button_says_add_unit_for_a_new_unit_and_save_for_an_edit(qtbot):
    panel = roster(qtbot)
    new = panel.add_unit()
    assert new.ok_button.text() == "Add unit" and new.windowTitle() == "Add unit"
    new.close()
    panel.select_unit("mob")
    edit = panel.edit_unit()
    assert edit.ok_button.text() == "Save" and edit.windowTitle() == "Edit unit"
    assert "Save" in edit.ok_button.accessibleName()


def test_the_dialog_opens_with_the_name_ready_for_typing(qtbot):
    panel = roster(qtbot)
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_Insert)
    editor = opened(qtbot, panel.editor)
    assert QApplication.focusWidget() is editor.name_edit
    type_keys(qtbot, "Grot")
    assert editor.name_edit.text() == "Grot" and editor.id_edit.text() == "grot"


def test_a_problem_goes_away_once_its_field_is_fixed(qtbot):
    panel = roster(qtbot)
    editor = opened(qtbot, panel.add_unit())
    editor.stat_edits["move"].setText("fast")
    click(qtbot, editor.ok_button)
    assert editor.message.isVisible()
    assert "Give the unit a name." in editor.message.text()
    assert "Stat 'move' must be a number" in editor.message.text()
    click(qtbot, editor.name_edit)
    type_keys(qtbot, "Grot")
    assert "Give the unit a name." not in editor.message.text()  # fixed: gone at once
    assert "Stat 'move' must be a number" in editor.message.text()  # still wrong: stays
    move = editor.stat_edits["move"]
    click(qtbot, move)
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_keys(qtbot, "5")
    assert not editor.message.isVisible()
    click(qtbot, editor.ok_button)
    assert panel.session.encounter.unit("grot").stats["move"] == 5


def test_problems_are_not_shown_before_the_first_ok(qtbot):
    panel = roster(qtbot)
    editor = opened(qtbot, panel.add_unit())
    click(qtbot, editor.name_edit)
    type_keys(qtbot, "G")
    press(qtbot, Qt.Key.Key_Backspace)  # empty name: a problem, but nobody asked yet
    assert not editor.message.isVisible()


GRIMDARK_KINDS = GRIMDARK  # melee, ranged
SKIRMISH = CARD_FLIP.replace('ruleset = "card-flip-rpg"', 'ruleset = "skirmish-ai"')
DUNGEON_KINDS = CARD_FLIP.replace('ruleset = "card-flip-rpg"', 'ruleset = "dungeon-crawl"')


@pytest.mark.parametrize(
    "text",
    [GRIMDARK_KINDS, SKIRMISH, DUNGEON_KINDS, CARD_FLIP],
    ids=["grimdark-solo", "skirmish-ai", "dungeon-crawl", "card-flip-rpg"],
)
def test_a_new_weapon_is_melee_with_range_1(qtbot, text):
    panel = roster(qtbot, text)
    editor = opened(qtbot, panel.add_unit())
    click(qtbot, editor.add_weapon_button)
    kind = editor.weapons.cellWidget(0, W_KIND)
    shown = (
        kind.currentText() if isinstance(kind, QComboBox) else editor.weapons.item(0, W_KIND).text()
    )
    assert shown == "melee"  # a reach-1 weapon; the first kind is "spell" or "ranged" in some
    assert editor.weapons.item(0, W_RANGE).text() == "1"


@pytest.mark.parametrize("enter", [ENTER, KEYPAD_ENTER])
def test_enter_in_the_weapons_table_keeps_the_cell_and_the_dialog(qtbot, enter):
    panel = roster(qtbot)
    session = panel.session
    editor = opened(qtbot, panel.add_unit())
    click(qtbot, editor.name_edit)
    type_keys(qtbot, "Grot")
    click(qtbot, editor.add_weapon_button)
    # The new weapon's name cell is open for typing straight away.
    assert isinstance(QApplication.focusWidget(), QLineEdit)
    assert editor.weapons.state() == QAbstractItemView.State.EditingState
    type_keys(qtbot, "Axe")
    press(qtbot, *enter)
    qtbot.waitUntil(lambda: editor.weapons.state() != QAbstractItemView.State.EditingState)
    assert editor.isVisible() and not session.encounter.has_unit("grot")
    assert editor.weapons.item(0, W_NAME).text() == "Axe"
    press(qtbot, *enter)  # Enter again on the table edits the cell; it does not submit
    assert editor.isVisible() and not session.encounter.has_unit("grot")
    press(qtbot, Qt.Key.Key_Escape)  # leaves that cell as it was; the dialog stays
    assert editor.isVisible()
    click(qtbot, editor.ok_button)
    # The ruleset's own rule for files holds in the app too: a melee weapon needs a strength.
    assert editor.isVisible() and not session.encounter.has_unit("grot")
    assert "melee weapon 'Axe' needs a strength" in editor.message.text()
    strength = editor.weapons.visualItemRect(editor.weapons.item(0, W_STRENGTH)).center()
    qtbot.mouseClick(editor.weapons.viewport(), Qt.MouseButton.LeftButton, pos=strength)
    press(qtbot, *enter)  # Enter on a cell opens it for typing
    qtbot.waitUntil(lambda: editor.weapons.state() == QAbstractItemView.State.EditingState)
    type_keys(qtbot, "4")
    press(qtbot, *enter)
    qtbot.waitUntil(lambda: editor.weapons.state() != QAbstractItemView.State.EditingState)
    click(qtbot, editor.ok_button)
    assert [w.name for w in session.encounter.unit("grot").weapons] == ["Axe"]
    assert session.encounter.unit("grot").weapons[0].strength == 4
