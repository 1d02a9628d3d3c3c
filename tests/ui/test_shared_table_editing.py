"""Two players type into the same unit from two windows on one PostgreSQL session: a refresh
from the other window never clears or reinterprets what is being typed, and an entry means
what it says when it is committed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.db.conftest import pg_server, pg_url  # noqa: F401  (one server for the module)
from tests.ui.real_input import click, press
from tests.ui.shared_windows import Table, editor_index
from ui.roster.roster_model import COL_NAME

pytestmark = pytest.mark.postgres


@pytest.fixture
def table(qtbot, pg_url, tmp_path):  # noqa: F811
    shared = Table(qtbot, pg_url, tmp_path)
    yield shared
    shared.close()


def texts(window) -> list[str]:
    return [e.text for e in window.session.history]


def test_a_refresh_keeps_the_half_typed_hp_entry_and_it_applies_to_the_current_hp(qtbot, table):
    a, b = table.a, table.b
    editor = table.open_hp(a, "ogre", "-")
    table.type_hp(b, "ogre", "-2")
    table.caught_up()
    assert a.roster.view.indexWidget(editor_index(a, "ogre")) is editor
    assert editor.text() == "-"
    qtbot.keyClicks(editor, "1")
    table.commit(a, editor)
    assert texts(a)[-2:] == [
        "Ogre takes 2 damage (HP 400 → 398 of 1000)",
        "Ogre takes 1 damage (HP 398 → 397 of 1000)",
    ]
    table.caught_up()
    assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (397, 1000)
    assert texts(b) == texts(a)


def test_a_typed_entry_survives_the_refresh_and_enter_saves_it(qtbot, table):
    a, b = table.a, table.b
    editor = table.open_hp(a, "ogre", "-")
    qtbot.keyClicks(editor, "2")
    table.type_hp(b, "ogre", "-5")
    table.caught_up()
    assert editor.text() == "-2"
    table.commit(a, editor)
    assert texts(a)[-1] == "Ogre takes 2 damage (HP 395 → 393 of 1000)"
    table.caught_up()
    assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (393, 1000)


def test_an_absolute_entry_sets_the_hp_whatever_the_other_window_did(qtbot, table):
    a, b = table.a, table.b
    editor = table.open_hp(a, "ogre", "=")
    table.type_hp(b, "ogre", "-5")
    table.caught_up()
    qtbot.keyClicks(editor, "7")
    table.commit(a, editor)
    assert texts(a)[-1] == "Ogre: HP 395 → 7 of 1000"
    table.caught_up()
    assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (7, 1000)


def test_an_entry_for_a_unit_defeated_meanwhile_is_refused_with_a_message(qtbot, table):
    a, b = table.a, table.b
    editor = table.open_hp(a, "ogre", "-")
    qtbot.keyClicks(editor, "5")
    table.type_hp(b, "ogre", "=0")
    table.caught_up()
    assert editor.text() == "-5"
    table.commit(a, editor)
    assert a.roster.message.text() == (
        "Ogre was defeated in another window while you typed '-5'; nothing was applied "
        "(type it again to apply it anyway)."
    )
    assert texts(a)[-1] == "Ogre: HP 400 → 0 of 1000"
    table.caught_up()
    assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (0, 1000)
    table.type_hp(a, "ogre", "-5")  # typed again for the defeated unit: meant for it
    assert texts(a)[-1] == "Ogre takes 5 damage (HP 0 → 0 of 1000; HP goes no lower than 0)"


@pytest.mark.parametrize("cell", ["hp", "initiative"])
def test_a_cell_of_a_unit_removed_meanwhile_closes_with_a_message(qtbot, table, cell):
    """Qt commits an open cell as its row goes: the commit must not run as a command in the
    middle of the roster's update, and the message says what became of the typing."""
    from desktop.tracker.commands import RemoveUnit

    a = table.a
    if cell == "hp":
        editor, typed = table.open_hp(a, "ogre", "-"), "3"
    else:
        editor, typed = table.open_initiative(a, "ogre"), "30"
    qtbot.keyClicks(editor, typed)
    entry = editor.text()
    table.other_player().execute(RemoveUnit("ogre"))
    qtbot.waitUntil(lambda: a.roster.model.row_of("ogre") < 0)
    assert a.roster.message.text() == (
        f"Ogre was removed in another window while you were editing it; '{entry}' was not applied."
    )
    assert texts(a) == ["Removed Ogre"]


def test_the_turn_moving_on_in_the_other_window_does_not_commit_the_typing(qtbot, table):
    a, b = table.a, table.b
    assert a.session.current_unit == "imp"  # the lowest initiative acts first
    editor = table.open_hp(a, "ogre", "-")
    table.qtbot.mouseClick(b.turns.next_button, Qt.MouseButton.LeftButton)
    table.caught_up()
    assert a.session.current_unit == "brute"
    assert texts(a) == ["Imp done; Brute activates"]
    assert a.roster.view.indexWidget(editor_index(a, "ogre")) is editor
    assert editor.text() == "-"
    assert a.roster.selected_unit() == "ogre"  # the selection waits for the typing
    qtbot.keyClicks(editor, "4")
    table.commit(a, editor)
    assert texts(a)[-1] == "Ogre takes 4 damage (HP 400 → 396 of 1000)"
    qtbot.waitUntil(lambda: a.roster.selected_unit() == "brute")  # then follows the turn


def test_initiative_typed_while_the_other_window_sets_it_is_what_is_saved(qtbot, table):
    a, b = table.a, table.b
    editor = table.open_initiative(a, "ogre")
    assert editor.selectedText() == "50"
    qtbot.keyClicks(editor, "30")
    table.type_initiative(b, "ogre", "60")
    table.caught_up()
    assert editor.text() == "30"
    table.commit(a, editor)
    assert texts(a)[-2] == "Ogre: initiative 50 → 60"
    assert texts(a)[-1].startswith("Ogre: initiative 60 → 30")
    table.caught_up()
    assert table.shown_initiative(a, "ogre") == table.shown_initiative(b, "ogre") == "30"


def test_an_untouched_initiative_cell_does_not_put_the_old_number_back(qtbot, table):
    a, b = table.a, table.b
    editor = table.open_initiative(a, "ogre")
    table.type_initiative(b, "ogre", "60")
    table.caught_up()
    table.commit(a, editor)
    assert texts(a) == ["Ogre: initiative 50 → 60"]
    assert table.shown_initiative(a, "ogre") == table.shown_initiative(b, "ogre") == "60"


def test_a_name_being_typed_survives_the_other_window_changing_the_unit(qtbot, table):
    """The name cell is refreshed whenever the unit's stats change (its tooltip lists them):
    a rename half-typed in one window survives the other window's new initiative."""
    a, b = table.a, table.b
    table.select_row(a, "ogre")
    press(qtbot, a.roster.rename_action)
    index = editor_index(a, "ogre").siblingAtColumn(COL_NAME)
    qtbot.waitUntil(lambda: a.roster.view.indexWidget(index) is not None)
    editor = a.roster.view.indexWidget(index)
    table.retype(editor, "Ogre chief")
    table.type_initiative(b, "ogre", "60")
    table.caught_up()
    assert editor.text() == "Ogre chief"
    table.commit(a, editor)
    assert texts(a)[-2:] == ["Ogre: initiative 50 → 60", "Renamed Ogre to Ogre chief"]
    table.caught_up()
    assert b.session.encounter.unit("ogre").name == "Ogre chief"


def test_the_markers_popup_stays_open_through_refreshes_and_toggles_what_is_there_now(qtbot, table):
    from desktop.tracker.commands import AddStatus, NextActivation

    a, b = table.a, table.b
    table.select_row(b, "ogre")
    popup = table.open_markers(a, "ogre")
    table.type_hp(b, "ogre", "-2")  # keys only: a click anywhere would close the popup
    other = table.other_player()
    other.execute(AddStatus("ogre", "disarm"))
    other.execute(NextActivation())  # the turn moves on: the windows follow the unit acting
    table.caught_up()
    assert a.roster.popup is popup and popup.isVisible()
    assert popup.item("disarm").checkState() == Qt.CheckState.Checked
    table.toggle_marker(popup, "immobilize")
    assert texts(a)[-1] == "Ogre is immobilized"
    qtbot.keyClick(popup.list, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: a.roster.selected_unit() == "brute")  # then it follows the turn
    table.caught_up()
    for window in (a, b):
        assert window.session.encounter.unit("ogre").statuses == ("disarm", "immobilize")
        assert table.shown_markers(window, "ogre") == "Disarm, Immobilize"
        assert table.shown_hp(window, "ogre") == (398, 1000)
    assert texts(b) == texts(a)


def test_the_markers_popup_of_a_unit_removed_meanwhile_closes_with_a_message(qtbot, table):
    from desktop.tracker.commands import RemoveUnit

    a = table.a
    table.open_markers(a, "ogre")
    table.other_player().execute(RemoveUnit("ogre"))
    qtbot.waitUntil(lambda: a.roster.popup is None)
    assert a.roster.message.text() == "Ogre was removed; its markers popup closed."


def test_the_unit_editor_saves_only_what_was_changed_in_it(qtbot, table):
    a, b = table.a, table.b
    dialog = table.open_unit_editor(a, "ogre")
    table.retype(dialog.name_edit, "Ogre chief")
    table.type_hp(b, "ogre", "-2")
    table.caught_up()
    assert dialog.name_edit.text() == "Ogre chief" and dialog.hp_spin.value() == 400
    click(qtbot, dialog.ok_button)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert texts(a)[-1] == "Edited Ogre chief: name Ogre → Ogre chief"
    table.caught_up()
    for window in (a, b):
        ogre = window.session.encounter.unit("ogre")
        assert (ogre.name, ogre.hp) == ("Ogre chief", 398)  # the other window's damage stays
    assert texts(b) == texts(a)


def test_the_unit_editor_shows_what_changed_meanwhile_before_it_overwrites_it(qtbot, table):
    a, b = table.a, table.b
    dialog = table.open_unit_editor(a, "ogre")
    table.retype(dialog.hp_spin, "500")
    table.type_hp(b, "ogre", "-2")
    table.caught_up()
    click(qtbot, dialog.ok_button)
    assert dialog.isVisible()
    assert dialog.message.text() == (
        "While you edited, Ogre was changed in another window: HP 400 → 398 (yours: 500). "
        "Save again to keep your values, or Cancel."
    )
    assert texts(a)[-1] == "Ogre takes 2 damage (HP 400 → 398 of 1000)"
    click(qtbot, dialog.ok_button)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert texts(a)[-1] == "Edited Ogre: HP 398 → 500"
    table.caught_up()
    assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (500, 1000)


def test_the_unit_editor_of_a_unit_removed_meanwhile_saves_nothing(qtbot, table):
    from desktop.tracker.commands import RemoveUnit

    a = table.a
    dialog = table.open_unit_editor(a, "ogre")
    table.retype(dialog.name_edit, "Ogre chief")
    table.other_player().execute(RemoveUnit("ogre"))
    table.caught_up(a)
    click(qtbot, dialog.ok_button)
    assert dialog.isVisible()
    assert dialog.message.text() == (
        "Ogre was removed in another window while you edited it; nothing was saved."
    )
    assert texts(a) == ["Removed Ogre"]
