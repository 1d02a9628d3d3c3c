"""A whole game night, driven as a player would: new session, units, damage, markers,
turns, undo — then the app restarts on the same database and finds everything."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox

from tests.ui.real_input import (
    choose_in_unit_menu,
    click,
    click_roster_row,
    click_tool,
    open_saved_session,
    press,
)
from tests.ui.showing import show_active
from ui.board.cell_shapes import cell_centre
from ui.main_window import MainWindow
from ui.new_session_dialog import NewSessionDialog


def _new_session(qtbot, window, monkeypatch, name: str, ruleset: str) -> None:
    # The dialog is modal: its exec is replaced by filling it in (not the behaviour here).
    def fill_and_accept(dialog: NewSessionDialog) -> int:
        dialog.name.setText(name)
        dialog.ruleset.setCurrentIndex(dialog.ruleset.findData(ruleset))
        dialog.width_box.setValue(16)
        dialog.height_box.setValue(12)
        dialog._accept()
        return int(dialog.result())

    monkeypatch.setattr(NewSessionDialog, "exec", fill_and_accept)
    press(qtbot, window.act_new)  # Ctrl+N


def _add(qtbot, window, side: str, name: str, at: tuple[int, int], max_hp: int) -> str:
    click(qtbot, window.roster.add_button)
    editor = window.roster.editor
    editor.side_combo.setCurrentIndex(editor.side_combo.findData(side))
    editor.name_edit.clear()
    qtbot.keyClicks(editor.name_edit, name)
    editor.col_spin.setValue(at[0])
    editor.row_spin.setValue(at[1])
    editor.max_hp_spin.setValue(max_hp)
    if side == "enemy":
        editor.add_weapon({"name": "Rifle", "kind": "ranged", "range": 24})
    unit_id = editor.id_edit.text()
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    return unit_id


def test_a_game_night_survives_a_restart(qtbot, database, monkeypatch):
    QSettings().clear()  # a first start: no "I roll physical dice" left by another test
    window = MainWindow(database)
    qtbot.addWidget(window)
    show_active(qtbot, window)
    _new_session(qtbot, window, monkeypatch, "Friday raid", "skirmish-ai")
    assert window.windowTitle().startswith("Friday raid")
    raider = _add(qtbot, window, "enemy", "Raider", (2, 2), 6)
    hero = _add(qtbot, window, "player", "Vela", (12, 9), 8)
    session = window.session
    assert {u.id for u in session.encounter.units} == {raider, hero}

    # Damage and healing from the roster, by button.
    click_roster_row(qtbot, window, raider)
    click(qtbot, window.roster.hp_buttons[-1])
    click(qtbot, window.roster.hp_buttons[-1])
    assert session.encounter.unit(raider).hp == 4
    click(qtbot, window.roster.hp_buttons[1])
    assert session.encounter.unit(raider).hp == 5

    # A marker from the board's menu; stunned wears off once the raider has activated.
    choose_in_unit_menu(qtbot, window, raider, "Markers", "Stunned")
    assert session.encounter.unit(raider).has("stunned")

    # Round 1 of the new session holds the units added to it: the raider activates first.
    assert (session.round, session.order, session.current_unit) == (1, (raider,), raider)
    assert window.turns.order.item(0).text().startswith("▶ 1. Raider")
    spot = window.board_view.mapFromScene(cell_centre(session.encounter.board.shape, (2, 2)))
    qtbot.mouseClick(window.board_view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert window.selected == raider and window.decision is not None
    press(qtbot, window.act_apply)  # Enter applies its decision and moves on, in one step
    assert not session.encounter.unit(raider).has("stunned")
    assert session.current_unit is None
    assert window.panel.title.text() == (
        "Raider has acted this round. Every unit has: Next round (Ctrl+Shift+N)."
    )

    # Undo the apply and the marker, redo the marker.
    press(qtbot, window.act_undo)
    assert session.current_unit == raider
    assert session.encounter.unit(raider).has("stunned")
    press(qtbot, window.act_undo)
    assert not session.encounter.unit(raider).has("stunned")
    press(qtbot, window.act_redo)
    assert session.encounter.unit(raider).has("stunned")
    final_units = session.encounter.units
    final_history = [(e.text, e.undone) for e in session.history]
    window.close()

    again = MainWindow(database)
    qtbot.addWidget(again)
    show_active(qtbot, again)
    open_saved_session(qtbot, again, "Friday raid")
    assert again.session.encounter.units == final_units
    assert [(e.text, e.undone) for e in again.session.history] == final_history
    assert again.log_panel.model.rowCount() == len(final_history)
    click_tool(qtbot, again, again.act_redo)  # the redo still waiting from before the restart
    assert again.session.current_unit is None
    assert again.roster.model.rowCount() == 2


def test_new_session_dialog_refuses_a_taken_or_empty_name(qtbot, database):
    dialog = NewSessionDialog({"Friday raid"})
    qtbot.addWidget(dialog)
    show_active(qtbot, dialog)
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    click(qtbot, ok)
    assert dialog.error.text() == "Give the session a name."
    qtbot.keyClicks(dialog.name, "Friday raid")
    click(qtbot, ok)
    assert "already exists" in dialog.error.text()
    assert dialog.result() == 0


def test_importing_a_bad_file_says_why_and_opens_nothing(window, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nruleset = "chess"\n')
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(bad), ""))
    press(qtbot, window.act_import)  # Ctrl+I, and the file chosen in the (replaced) file dialog
    assert window.session is None
    assert shown and "unknown ruleset 'chess'" in shown[0]
