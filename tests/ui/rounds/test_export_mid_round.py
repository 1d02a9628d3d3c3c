"""An exported session imported again goes on where the round stood, by real input: a
Gloomhaven-style round played up to a wounded guard's turn (its wound dealt as its turn
began), File → Export, File → Import of that file, and the round finished in the new
session: the same unit acting, nobody acting twice, the wound not dealt again; the log of
each session asserted line by line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tests.ui.at_the_table import (
    CTRL,
    SHIFT,
    import_by_keyboard,
    key,
    log_lines,
    type_initiatives,
    type_on_row,
)
from tests.ui.real_input import press
from tests.ui.rounds.test_monster_focus_round import JETTY, hp


def test_an_exported_session_imported_again_goes_on_where_the_round_stood(
    window, qtbot, monkeypatch, tmp_path
):
    import_by_keyboard(qtbot, window, monkeypatch, tmp_path, "jetty.toml", JETTY)
    type_initiatives(qtbot, window, "warden", "12", "45", "70")
    key(qtbot, Qt.Key.Key_Space)  # the Warden's turn, played at the table
    key(qtbot, Qt.Key.Key_Return)  # the archer shoots
    type_on_row(qtbot, window, "alchemist", "-2")
    key(qtbot, Qt.Key.Key_Return)  # guard 1 is stunned; guard 2's wound bites as its turn begins
    session = window.session
    assert session.current_unit == "guard-2" and hp(window, "guard-2") == 5
    order = session.order
    first = log_lines(window)

    # File → Export encounter file, then File → Import encounter file of the same file.
    exported = tmp_path / "jetty-mid-round.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(exported), ""))
    press(qtbot, window.act_export)
    assert window.statusBar().currentMessage() == (
        f"Saved {exported} (round 1, 3 of 6 units done: importing it goes on from there)"
    )
    state_lines = exported.read_text(encoding="utf-8").split("[state]\n", 1)[1].splitlines()
    assert state_lines[:3] == [
        "round = 1",
        'acted = ["warden", "archer", "guard-1"]',
        'started = ["warden", "archer", "guard-1", "guard-2"]',
    ]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(exported), ""))
    press(qtbot, window.act_import)
    qtbot.waitUntil(lambda: window.session is not session)
    again = window.session
    assert again.name != session.name and log_lines(window) == []

    # The same round, at the same turn: guard 2 acts, its wound not dealt a second time.
    assert (again.round, again.order, again.current_unit) == (1, order, "guard-2")
    assert window.selected == "guard-2" and hp(window, "guard-2") == 5
    assert window.panel.summary.text() == "Attack Seer from [7, 4]"
    key(qtbot, Qt.Key.Key_Return)
    type_on_row(qtbot, window, "seer", "-3")
    key(qtbot, Qt.Key.Key_Space)  # the Alchemist's turn
    key(qtbot, Qt.Key.Key_Return)  # the Seer's
    assert again.current_unit is None
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)
    assert again.round == 2 and again.current_unit == "warden"

    assert first == [
        "Warden: initiative 99 → 12; the round's order is sorted again; Warden activates first",
        "Alchemist: initiative 99 → 45",
        "Seer: initiative 99 → 70",
        "Warden done; Jetty archer activates",
        "Jetty archer: Attack Alchemist (disadvantage on Alchemist: next to it)",
        "Alchemist takes 2 damage (HP 8 → 6 of 8)",
        "Jetty guard 1: Stunned: no action; Jetty guard 2 is wounded: 1 damage at the start "
        "of its turn (HP 6 → 5 of 6)",
    ]
    assert log_lines(window) == [
        "Jetty guard 2: Attack Seer from [7, 4]",
        "Seer takes 3 damage (HP 6 → 3 of 6)",
        "Alchemist done; Seer activates",
        "Seer done; every unit has acted in round 1",
        "Round 2 begins; Warden activates first",
    ]
