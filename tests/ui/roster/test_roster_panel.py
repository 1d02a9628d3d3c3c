"""The roster panel driven like a player would: buttons, keys, typing in cells, the markers
popup, add / duplicate / remove; refusals appear in the panel and change nothing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QMessageBox,
    QStyleOptionViewItem,
    QToolTip,
)

from desktop.tracker.commands import AddStatus, Damage, SetHp
from tests.ui.showing import show_active
from ui.roster.roster_model import COL_AI, COL_HP, COL_NAME
from ui.roster.roster_panel import SHORTCUTS, RosterPanel


@pytest.fixture
def panel(qtbot, session):
    widget = RosterPanel(session)
    qtbot.addWidget(widget)
    widget.resize(420, 600)
    show_active(qtbot, widget)
    return widget


def hp(session, unit_id: str) -> int:
    return session.encounter.unit(unit_id).hp


def click_row(qtbot, panel, unit_id: str, column: int = COL_NAME) -> None:
    index = panel.proxy.index(panel.proxy.proxy_row(unit_id), column)
    qtbot.mouseClick(
        panel.view.viewport(), Qt.MouseButton.LeftButton, pos=panel.view.visualRect(index).center()
    )


def type_into_editor(qtbot, panel, text: str) -> None:
    assert panel.view.state() == QAbstractItemView.State.EditingState
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # The delegate commits through a queued call once the key is handled.
    qtbot.waitUntil(lambda: panel.view.state() != QAbstractItemView.State.EditingState)


def test_clicking_a_row_selects_and_signals_the_unit(qtbot, panel):
    with qtbot.waitSignal(panel.unitSelected) as signal:
        click_row(qtbot, panel, "mob")
    assert signal.args == ["mob"]
    assert panel.selected_unit() == "mob"


def test_select_unit_shows_it_without_signalling(qtbot, panel):
    panel.side_filter.setCurrentIndex(panel.side_filter.findData("player"))
    with qtbot.assertNotEmitted(panel.unitSelected):
        assert panel.select_unit("seer") is True  # hidden by the filter: shows all again
    assert panel.side_filter.currentData() == "all"
    assert panel.selected_unit() == "seer"
    assert panel.select_unit("nobody") is False


def test_quick_hp_buttons(qtbot, panel, session):
    panel.select_unit("mob")
    qtbot.mouseClick(panel.hp_buttons[-5], Qt.MouseButton.LeftButton)
    assert hp(session, "mob") == 5
    qtbot.mouseClick(panel.hp_buttons[-1], Qt.MouseButton.LeftButton)
    assert hp(session, "mob") == 4
    qtbot.mouseClick(panel.hp_buttons[1], Qt.MouseButton.LeftButton)
    assert hp(session, "mob") == 5
    qtbot.mouseClick(panel.hp_buttons[5], Qt.MouseButton.LeftButton)
    assert hp(session, "mob") == 10
    assert not panel.hp_buttons[1].isEnabled()  # full HP: nothing to heal
    assert panel.model.index(1, COL_HP).data() == "10 / 10"


def press(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key press where a keyboard sends it: to whichever widget has the focus now."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


def type_keys(qtbot, text: str) -> None:
    """Typing, one key at a time, each to the widget that has the focus at that moment."""
    for char in text:
        qtbot.keyClicks(QApplication.focusWidget(), char)


ENTER = (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier)
KEYPAD_ENTER = (Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)


@pytest.mark.parametrize(
    ("typed", "enter", "expected"),
    [
        ("-3", ENTER, 2),
        ("-3", KEYPAD_ENTER, 2),
        ("+2", ENTER, 7),
        ("=7", KEYPAD_ENTER, 7),
        ("=1", ENTER, 1),
        ("-", ENTER, 4),
        ("--", KEYPAD_ENTER, 3),
        ("+", ENTER, 6),
    ],
)
def test_typing_an_hp_change_on_a_selected_row(qtbot, panel, session, typed, enter, expected):
    session.execute(SetHp("mob", 5))
    click_row(qtbot, panel, "mob")
    history = len(session.history)
    type_keys(qtbot, typed)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == typed  # no key was lost
    assert hp(session, "mob") == 5  # nothing happens before Enter
    press(qtbot, *enter)
    qtbot.waitUntil(lambda: panel.view.state() != QAbstractItemView.State.EditingState)
    assert hp(session, "mob") == expected
    assert len(session.history) == history + 1
    assert QApplication.focusWidget() is panel.view  # ready for the next row
    assert not panel.message.isVisible()


def test_keypad_minus_and_digits_damage_too(qtbot, panel, session):
    click_row(qtbot, panel, "mob")
    keypad = Qt.KeyboardModifier.KeypadModifier
    press(qtbot, Qt.Key.Key_Minus, keypad)
    press(qtbot, Qt.Key.Key_4, keypad)
    press(qtbot, Qt.Key.Key_Enter, keypad)
    qtbot.waitUntil(lambda: hp(session, "mob") == 6)


def test_escape_cancels_a_typed_hp_change(qtbot, panel, session):
    click_row(qtbot, panel, "mob")
    history = len(session.history)
    type_keys(qtbot, "-3")
    press(qtbot, Qt.Key.Key_Escape)
    assert panel.view.state() != QAbstractItemView.State.EditingState
    assert hp(session, "mob") == 10 and len(session.history) == history
    assert QApplication.focusWidget() is panel.view
    type_keys(qtbot, "-2")  # the next change starts afresh
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: hp(session, "mob") == 8)


def test_equals_opens_the_hp_cell_ready_to_set(qtbot, panel, session):
    click_row(qtbot, panel, "squad")
    qtbot.keyClicks(panel.view, "=")
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "="
    qtbot.keyClicks(editor, "7")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: hp(session, "squad") == 7)


def test_double_click_on_the_hp_cell_edits_it(qtbot, panel, session):
    index = panel.proxy.index(panel.proxy.proxy_row("mob"), COL_HP)
    rect = panel.view.visualRect(index)
    qtbot.mouseClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    type_into_editor(qtbot, panel, "-3")
    assert hp(session, "mob") == 7


@pytest.mark.parametrize(
    ("typed", "words"), [("=abc", "'=abc' is not an HP change"), ("=-", "'=-' is not an HP change")]
)
def test_bad_hp_text_is_explained_and_changes_nothing(qtbot, panel, session, typed, words):
    click_row(qtbot, panel, "mob")
    history = len(session.history)
    type_keys(qtbot, typed)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.view.state() != QAbstractItemView.State.EditingState)
    assert panel.message.isVisible()
    assert words in panel.message.text() and "-3" in panel.message.text()
    assert hp(session, "mob") == 10 and len(session.history) == history
    type_keys(qtbot, "-")  # the next change that works clears it
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: hp(session, "mob") == 9)
    assert not panel.message.isVisible()


def test_a_refused_command_is_shown_not_raised(qtbot, panel, session):
    click_row(qtbot, panel, "libby")
    history = len(session.history)
    type_keys(qtbot, "+")  # already at full HP
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.view.state() != QAbstractItemView.State.EditingState)
    assert panel.message.isVisible()
    assert "already at full HP" in panel.message.text()
    assert len(session.history) == history


def test_f2_renames(qtbot, panel, session):
    click_row(qtbot, panel, "seer", COL_HP)
    qtbot.keyClick(panel.view, Qt.Key.Key_F2)
    assert panel.view.currentIndex().column() == COL_NAME
    type_into_editor(qtbot, panel, "Farseer")
    assert session.encounter.unit("seer").name == "Farseer"


def test_ai_type_from_the_combo(qtbot, panel, session):
    index = panel.proxy.index(panel.proxy.proxy_row("mob"), COL_AI)
    panel.view.setCurrentIndex(index)
    panel.view.edit(index)
    combo = panel.view.indexWidget(index) or QApplication.focusWidget()
    assert isinstance(combo, QComboBox)
    assert [combo.itemData(i) for i in range(combo.count())] == list(session.ruleset.data.ai_types)
    row = combo.findData("skittish")
    combo.setCurrentIndex(row)
    combo.activated.emit(row)
    assert session.encounter.unit("mob").ai == "skittish"


# A popup grabs the keyboard; the offscreen test platform says it cannot.
OFFSCREEN_POPUP = pytest.mark.qt_log_ignore(
    "This plugin does not support grabbing", "This plugin does not support raise"
)


@OFFSCREEN_POPUP
def test_markers_popup_toggles_markers(qtbot, panel, session):
    panel.select_unit("mob")
    popup = panel.open_markers()
    assert popup is not None and popup.isVisible()
    labels = [popup.list.item(i).text() for i in range(popup.list.count())]
    assert labels == ["Advanced", "Fought", "Denied"]
    item = popup.item("fought")
    rect = popup.list.visualItemRect(item)
    qtbot.mouseClick(popup.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert session.encounter.unit("mob").statuses == ("fought",)
    assert item.checkState() == Qt.CheckState.Checked
    popup.list.setCurrentItem(popup.item("advanced"))
    qtbot.keyClick(popup.list, Qt.Key.Key_Space)
    assert session.encounter.unit("mob").statuses == ("fought", "advanced")
    qtbot.mouseClick(popup.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert session.encounter.unit("mob").statuses == ("advanced",)
    assert item.checkState() == Qt.CheckState.Unchecked
    session.undo()  # undo elsewhere: the ticks follow
    assert popup.item("fought").checkState() == Qt.CheckState.Checked
    qtbot.keyClick(popup.list, Qt.Key.Key_Escape)
    assert panel.popup is None


def test_markers_button_is_off_for_rulesets_whose_markers_follow_hp(qtbot, card_session):
    widget = RosterPanel(card_session)
    qtbot.addWidget(widget)
    widget.show()
    widget.select_unit("goblin")
    assert not widget.markers_button.isEnabled()
    assert "follow HP" in widget.markers_button.toolTip()


def test_marker_chips_show_in_the_table(panel, session):
    session.execute(AddStatus("seer", "denied"))
    session.execute(AddStatus("seer", "fought", counter=2))
    index = panel.proxy.index(panel.proxy.proxy_row("seer"), 3)
    assert index.data() == "Denied, Fought (2)"
    option = QStyleOptionViewItem()
    option.font = panel.view.font()
    assert panel.markers_delegate.sizeHint(option, index).width() >= 2 * 16 + 3


def test_hovering_a_marker_chip_says_what_it_does_and_when_it_goes(qtbot, panel, session):
    session.execute(AddStatus("seer", "denied"))
    index = panel.proxy.index(panel.proxy.proxy_row("seer"), 3)
    rect = panel.view.visualRect(index)
    chip = rect.topLeft() + QPoint(4 + 8, rect.height() // 2)  # the first chip's icon
    viewport = panel.view.viewport()
    for _attempt in range(4):  # X may fold a motion into the next: a hand moves again
        qtbot.mouseMove(viewport, chip + QPoint(-2, -1))
        qtbot.mouseMove(viewport, chip)
        try:
            qtbot.waitUntil(QToolTip.isVisible)
            break
        except qtbot.TimeoutError:
            continue
    assert QToolTip.text() == (
        "Denied: This psyker has already tried to deny a power this phase. "
        "Lasts until the end of the phase."
    )
    QToolTip.hideText()


def test_duplicate_with_ctrl_d(qtbot, panel, session):
    session.execute(Damage("boss", 2))
    click_row(qtbot, panel, "boss")
    with qtbot.waitSignal(panel.unitSelected) as signal:
        qtbot.keyClick(panel.view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    copy = session.encounter.unit("boss-2")
    assert signal.args == ["boss-2"]
    assert copy.name == "Warlord 2" and copy.hp == copy.max_hp == 6
    assert copy.weapons == session.encounter.unit("boss").weapons
    assert panel.selected_unit() == "boss-2"


def test_delete_asks_then_removes_and_undo_restores(qtbot, panel, session, monkeypatch):
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    asked: list[str] = []

    def question(_parent, _title, text, *_args):
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    click_row(qtbot, panel, "mob")
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    assert session.encounter.has_unit("mob")  # "No" keeps it
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    assert not session.encounter.has_unit("mob")
    assert "Brute Mob" in asked[0] and "Undo" in asked[0]
    assert panel.model.rowCount() == 4
    assert panel.selected_unit() == "seer"  # the next unit, ready for the next key
    session.undo()
    assert panel.model.rowCount() == 5
    assert panel.proxy.index(1, COL_NAME).data() == "Brute Mob"


def test_add_unit_through_the_editor(qtbot, panel, session):
    panel.select_unit("squad")
    editor = panel.add_unit()
    assert editor is not None and editor.isVisible()
    assert editor.side == "player"  # starts on the selected unit's side
    editor.side_combo.setCurrentIndex(editor.side_combo.findData("enemy"))
    qtbot.keyClicks(editor.name_edit, "Gretchin Mob")
    assert editor.id_edit.text() == "gretchin-mob"
    editor.col_spin.setValue(2)
    editor.row_spin.setValue(3)
    editor.max_hp_spin.setValue(4)
    assert editor.hp_spin.value() == 4  # full HP follows max HP
    editor.stat_edits["move"].setText("5")
    editor.tags_edit.setText("grot, expendable")
    row = editor.add_weapon({"name": "Blasta", "kind": "ranged", "range": 18})
    assert row == 0
    with qtbot.waitSignal(panel.unitSelected):
        qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    unit = session.encounter.unit("gretchin-mob")
    assert unit.at == (2, 3) and unit.max_hp == 4 and unit.ai == "tactical"
    assert unit.stats["move"] == 5 and unit.stats["toughness"] == 4  # default filled in
    assert unit.tags == ("grot", "expendable")
    assert unit.weapons[0].name == "Blasta" and unit.weapons[0].range == 18
    assert panel.selected_unit() == "gretchin-mob"
    assert panel.editor is None


@pytest.mark.parametrize(
    ("fill", "words"),
    [
        (lambda e: e.max_hp_spin.setValue(-3), "Max HP must be more than 0 (it is -3)."),
        (lambda e: e.hp_spin.setValue(40), "HP 40 is above max HP 10."),
        (lambda e: e.name_edit.clear(), "Give the unit a name."),
        (lambda e: e.id_edit.setText("Bad Id"), "The id 'Bad Id' may only use"),
        (lambda e: e.id_edit.setText("mob"), "The id 'mob' is taken by Brute Mob"),
        (lambda e: (e.col_spin.setValue(2), e.row_spin.setValue(1)), "is wall"),
        (lambda e: (e.col_spin.setValue(1), e.row_spin.setValue(0)), "is taken by Brute Mob"),
        (lambda e: e.stat_edits["move"].setText("fast"), "Stat 'move' must be a number"),
        (lambda e: e.add_weapon({"name": "Gun", "range": -1}), "the range must be a number of 0"),
        (lambda e: e.add_weapon({"name": "", "range": 1}), "Weapon 1 has no name"),
        (lambda e: e.add_weapon({"name": "Gun", "strength": 2.5}), "strength must be a whole"),
    ],
)
def test_editor_problems_are_shown_in_the_dialog_and_add_nothing(
    qtbot, panel, session, fill, words
):
    editor = panel.add_unit()
    editor.name_edit.setText("Grot")
    editor.id_edit.setText("grot")
    fill(editor)
    history = len(session.history)
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert editor.isVisible() and editor.message.isVisible()
    assert words in editor.message.text()
    assert len(session.history) == history and panel.model.rowCount() == 5


def test_editor_priorities_for_rulesets_with_enemy_cards(qtbot, dungeon_session):
    widget = RosterPanel(dungeon_session)
    qtbot.addWidget(widget)
    widget.show()
    editor = widget.add_unit()
    priorities = editor.field_editors["priorities"]
    editor.name_edit.setText("Archer")
    tactics = priorities.list
    first = next(
        tactics.item(i) for i in range(tactics.count()) if tactics.item(i).text() == "fight-gang"
    )
    second = next(
        tactics.item(i)
        for i in range(tactics.count())
        if tactics.item(i).text() == "shoot-furthest"
    )
    first.setCheckState(Qt.CheckState.Checked)
    second.setCheckState(Qt.CheckState.Checked)
    assert priorities.value() == ["shoot-furthest", "fight-gang"]  # list order
    tactics.setCurrentItem(first)
    while tactics.row(first) > tactics.row(second):
        qtbot.mouseClick(priorities.up_button, Qt.MouseButton.LeftButton)
    assert tactics.currentItem() is first
    assert priorities.value() == ["fight-gang", "shoot-furthest"]
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert dungeon_session.encounter.unit("archer").choices("priorities") == (
        "fight-gang",
        "shoot-furthest",
    )


def test_editor_has_no_declared_fields_where_the_ruleset_has_none(panel):
    assert panel.add_unit().field_editors == {}


def test_every_control_has_an_accessible_name(panel):
    for widget in panel.findChildren(QAbstractButton) + panel.findChildren(QComboBox):
        if widget.isVisibleTo(panel):
            assert widget.accessibleName(), widget
    assert panel.view.accessibleName() and panel.message.accessibleName()
    editor = panel.add_unit()
    for widget in (
        editor.findChildren(QLineEdit)
        + editor.findChildren(QComboBox)
        + editor.findChildren(QAbstractSpinBox)
        + editor.findChildren(QAbstractButton)
    ):
        if isinstance(widget.parent(), QComboBox | QAbstractSpinBox):
            continue  # the line edit inside a combo or spin box
        if widget.isVisibleTo(editor):
            assert widget.accessibleName(), widget


def test_shortcut_sheet_lists_the_table_keys():
    keys = [k for k, _ in SHORTCUTS]
    assert {"-", "+", "=", "F2", "Delete", "Ctrl+D", "Ctrl+E", "M", "Insert"} <= set(keys)
    assert "Enter" not in keys  # Enter applies the decision, even from the roster
    minus = dict(SHORTCUTS)["-"]
    assert "-3" in minus and "Enter" in minus


def test_no_session_means_nothing_to_do(qtbot):
    widget = RosterPanel()
    qtbot.addWidget(widget)
    widget.show()
    assert not widget.add_button.isEnabled() and not widget.remove_button.isEnabled()
    assert widget.change_hp(-1) is False and widget.add_unit() is None


def test_panel_renders(panel, session):
    session.execute(AddStatus("mob", "fought"))
    session.execute(SetHp("seer", 0))
    image = panel.grab().toImage()
    assert image.width() >= 420 and not image.isNull()


def test_edit_an_existing_unit_through_the_editor(qtbot, panel, session):
    panel.select_unit("mob")
    before = session.encounter.unit("mob")
    editor = panel.edit_unit()
    assert editor.windowTitle() == "Edit unit"
    assert editor.name_edit.text() == before.name and not editor.id_edit.isEnabled()
    assert not editor.side_combo.isEnabled()
    editor.stat_edits["move"].setText("9")
    editor.tags_edit.setText("veteran")
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    after = session.encounter.unit("mob")
    assert after.stats["move"] == 9 and after.tags == ("veteran",)
    assert after.at == before.at and after.statuses == before.statuses
    assert session.history[-1].text.startswith(f"Edited {before.name}:")
    session.undo()
    assert session.encounter.unit("mob") == before


def test_editing_onto_a_wall_is_explained_and_changes_nothing(qtbot, panel, session):
    panel.select_unit("mob")
    before = session.encounter.unit("mob")
    editor = panel.edit_unit()
    editor.col_spin.setValue(2)
    editor.row_spin.setValue(1)
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert "is wall" in editor.message.text()
    assert session.encounter.unit("mob") == before
    editor.close()
