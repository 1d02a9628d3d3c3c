"""A monster's area attack in the unit editor, by mouse and keyboard: the ice golem's pattern
is shown, a clicked hex changes the board's decision, Ctrl+Z brings the old area back, and
characters and rule systems without area attacks get no such group."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QGroupBox

from tests.ui.real_input import select_in_roster, settle
from tests.ui.roster.conftest import GRIMDARK
from tests.ui.roster.test_unit_editor import click, opened, press, roster, type_keys
from ui.roster.unit_editor import UnitEditor

GOLEM_AREA = [(1, 0), (0, 1)]


def _cave(window, qtbot) -> None:
    window.start_tutorial("monster-focus-ice-cave.toml")
    qtbot.waitUntil(lambda: window.session is not None)
    settle(qtbot, window)


def _edit(window, qtbot, unit_id: str) -> UnitEditor:
    """Click the unit's row in the roster, then Edit..."""
    roster_panel = window.roster
    select_in_roster(qtbot, window, unit_id)
    click(qtbot, roster_panel.edit_button)
    qtbot.waitUntil(lambda: roster_panel.editor is not None)
    return opened(qtbot, roster_panel.editor)


def _click_hex(qtbot, editor: UnitEditor, offset: tuple[int, int]) -> None:
    picker = editor.area_box.picker
    centre = picker.hex_centre(offset)
    qtbot.mouseClick(
        picker, Qt.MouseButton.LeftButton, pos=QPoint(round(centre.x()), round(centre.y()))
    )


def _save(qtbot, editor: UnitEditor) -> None:
    click(qtbot, editor.ok_button)
    qtbot.waitUntil(lambda: not editor.isVisible())


def _shaded(window) -> int:
    area = window.scene.highlights.area_item
    return 0 if area is None else len(area.polygons)


def test_a_clicked_hex_changes_the_golems_attack_and_ctrl_z_brings_it_back(window, qtbot):
    _cave(window, qtbot)
    assert window.selected == "golem"
    assert len(window.decision.outcome.area) == 2 and _shaded(window) == 2
    editor = _edit(window, qtbot, "golem")
    box = editor.area_box
    assert box.isVisible() and box.kind_buttons["melee"].isChecked()
    assert box.picker.hexes() == GOLEM_AREA
    assert box.count_label.text() == "2 hexes"
    _click_hex(qtbot, editor, (-1, 1))  # the hex south-west of the golem
    assert box.count_label.text() == "3 hexes"
    _save(qtbot, editor)
    assert window.session.history[-1].text == "Edited Ice golem: area attack"
    assert len(window.decision.outcome.area) == 3 and _shaded(window) == 3
    # The window manager gives the main window the keyboard back once the dialog has gone.
    with qtbot.waitActive(window):
        window.activateWindow()
    # Ctrl+Z in the roster, where the keyboard is once the editor has closed.
    qtbot.keyClick(window.roster.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.session.encounter.unit("golem").aoe.hexes == tuple(GOLEM_AREA))
    assert len(window.decision.outcome.area) == 2 and _shaded(window) == 2
    editor = _edit(window, qtbot, "golem")
    assert editor.area_box.picker.hexes() == GOLEM_AREA  # the editor shows the old area again


def test_clicking_a_chosen_hex_takes_it_out_and_the_own_hex_cannot_be_chosen(window, qtbot):
    _cave(window, qtbot)
    editor = _edit(window, qtbot, "golem")
    box = editor.area_box
    _click_hex(qtbot, editor, (0, 0))  # the golem's own hex: never part of a melee area
    assert box.picker.hexes() == GOLEM_AREA
    _click_hex(qtbot, editor, (0, 1))
    assert box.picker.hexes() == [(1, 0)] and box.count_label.text() == "1 hex"
    _save(qtbot, editor)
    assert window.session.encounter.unit("golem").aoe.hexes == ((1, 0),)
    assert len(window.decision.outcome.area) == 1 and _shaded(window) == 1


def test_the_keyboard_moves_the_focus_hex_and_space_toggles_it(window, qtbot):
    _cave(window, qtbot)
    editor = _edit(window, qtbot, "golem")
    picker = editor.area_box.picker
    _click_hex(qtbot, editor, (0, 0))  # a click on the own hex only gives the picker focus
    assert QApplication.focusWidget() is picker
    assert picker.accessibleName() == "Area hexes"
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Left):  # from [1, 0] over the golem to [-1, 0]
        qtbot.keyClick(picker, key)
    qtbot.keyClick(picker, Qt.Key.Key_Space)
    assert picker.hexes() == [*GOLEM_AREA, (-1, 0)]
    assert picker.accessibleDescription() == "3 hexes; hex [-1, 0] in the area"
    qtbot.keyClick(picker, Qt.Key.Key_Right)  # the golem's own hex: Space does nothing
    qtbot.keyClick(picker, Qt.Key.Key_Space)
    assert "the monster's own hex" in picker.accessibleDescription()
    qtbot.keyClick(picker, Qt.Key.Key_Down)  # the row below: [0, 1], in the area
    qtbot.keyClick(picker, Qt.Key.Key_Space)
    assert picker.hexes() == [(1, 0), (-1, 0)]
    _save(qtbot, editor)
    assert window.session.encounter.unit("golem").aoe.hexes == ((1, 0), (-1, 0))


def test_a_ranged_area_may_use_its_centre_and_none_clears_the_area(window, qtbot):
    _cave(window, qtbot)
    editor = _edit(window, qtbot, "golem")
    box = editor.area_box
    click(qtbot, box.kind_buttons["ranged"])
    assert "reference hex" in box.hint.text()
    _click_hex(qtbot, editor, (0, 0))  # only a reference: a hex like the others
    assert box.count_label.text() == "3 hexes"
    range_edit = editor.stat_edits["range"]  # a ranged area needs a range
    click(qtbot, range_edit)
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_keys(qtbot, "3")
    _save(qtbot, editor)
    aoe = window.session.encounter.unit("golem").aoe
    assert aoe.kind == "ranged" and set(aoe.hexes) == {(1, 0), (0, 1), (0, 0)}
    assert len(window.decision.outcome.area) == 3
    editor = _edit(window, qtbot, "golem")
    assert editor.area_box.kind_buttons["ranged"].isChecked()
    click(qtbot, editor.area_box.kind_buttons["none"])
    assert not editor.area_box.picker.isEnabled()
    assert not editor.area_box.count_label.isVisible()
    _save(qtbot, editor)
    assert window.session.encounter.unit("golem").aoe is None
    assert window.decision.outcome.area == () and _shaded(window) == 0


def test_an_area_kind_without_a_hex_is_named_in_the_problems(window, qtbot):
    _cave(window, qtbot)
    click(qtbot, window.roster.add_button)
    qtbot.waitUntil(lambda: window.roster.editor is not None)
    editor = opened(qtbot, window.roster.editor)
    type_keys(qtbot, "Yeti")
    box = editor.area_box
    assert box.kind_buttons["none"].isChecked() and box.picker.hexes() == []
    click(qtbot, box.kind_buttons["melee"])
    click(qtbot, editor.ok_button)
    assert editor.isVisible()
    assert "a melee area needs at least one hex" in editor.message.text()
    _click_hex(qtbot, editor, (1, 0))
    assert not editor.message.isVisible()  # fixed: the problem goes at once
    _save(qtbot, editor)
    assert window.session.encounter.unit("yeti").aoe.hexes == ((1, 0),)


def _area_groups(editor: UnitEditor) -> list[QGroupBox]:
    return [
        g for g in editor.findChildren(QGroupBox) if g.title() == "Area attack" and g.isVisible()
    ]


def test_a_character_has_no_area_attack_group(window, qtbot):
    _cave(window, qtbot)
    editor = _edit(window, qtbot, "brute")
    assert _area_groups(editor) == []
    editor.close()
    select_in_roster(qtbot, window, "golem")  # Add... with a monster selected: a new monster
    click(qtbot, window.roster.add_button)
    qtbot.waitUntil(lambda: window.roster.editor is not None)
    new = opened(qtbot, window.roster.editor)
    assert len(_area_groups(new)) == 1
    click(qtbot, new.side_combo)
    press(qtbot, Qt.Key.Key_Down)  # the list's next side: Player
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: new.side == "player")
    assert _area_groups(new) == []


def test_a_rule_system_without_area_attacks_shows_no_group(qtbot):
    panel = roster(qtbot, GRIMDARK)
    panel.select_unit("boss")
    click(qtbot, panel.edit_button)
    editor = opened(qtbot, panel.editor)
    assert editor.area_box is None and _area_groups(editor) == []
    click(qtbot, editor.ok_button)  # nothing changed: the record carries no area attack
    assert "aoe" not in editor.record()


def test_the_editor_opens_tall_enough_to_show_the_area_picker_unscrolled(window, qtbot):
    _cave(window, qtbot)
    editor = _edit(window, qtbot, "golem")
    viewport = editor.fields.parentWidget()  # the scroll area's viewport
    box = editor.area_box
    top_left = box.mapTo(viewport, QPoint(0, 0))
    assert viewport.rect().contains(top_left)
    assert viewport.rect().contains(top_left + QPoint(box.width() - 1, box.height() - 1))
    assert editor.height() <= editor.screen().availableGeometry().height()
