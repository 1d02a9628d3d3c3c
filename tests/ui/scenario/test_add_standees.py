"""Session → Add standees… by hand: a type and how many normal and elite standees in the
dialog, then a click per hex on the board (elites first; Esc ends early with those placed);
the standees take the lowest free numbers, in one step undone at once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.at_the_table import key, log_lines, type_text, undo
from tests.ui.modal import when_up
from tests.ui.real_input import cell_point, choose, click
from tests.ui.scenario.test_scenario_views import open_briar_road
from ui.scenario.add_standees import AddStandeesDialog


def fill_in(qtbot, type_letter: str, normal: str, elite: str) -> list[str]:
    """Once the dialog is up: the type by its first letter, the counts, Enter."""

    def act(dialog) -> None:
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
        type_text(qtbot, type_letter)
        for count in (normal, elite):
            key(qtbot, Qt.Key.Key_Tab)
            key(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            type_text(qtbot, count)
        key(qtbot, Qt.Key.Key_Return)

    return when_up(qtbot, AddStandeesDialog, act)


def click_hex(qtbot, window, cell) -> None:
    click(qtbot, window.board_view.viewport(), cell_point(window, cell))


def test_standees_placed_by_a_click_per_hex(qtbot, window):
    open_briar_road(qtbot, window)
    said = fill_in(qtbot, "W", "2", "1")
    choose(qtbot, window, window.scenario.act_standees)
    qtbot.waitUntil(lambda: window.scenario.placing is not None)
    assert said == ["Add standees"]
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert window.statusBar().currentMessage() == (
        "Click a hex for a Wisp (elite): 3 to place; Esc ends placing"
    )
    for cell in ((0, 4), (1, 4), (8, 7)):
        click_hex(qtbot, window, cell)
    qtbot.waitUntil(lambda: window.scenario.placing is None)
    assert log_lines(window)[-1] == (
        "Added Wisp 1 (elite) at [0, 4], Wisp 2 at [1, 4] and Wisp 3 at [8, 7]"
    )
    wisp = window.session.encounter.unit("wisp-1")
    assert (wisp.standee.rank, wisp.max_hp) == ("elite", 6)  # the level 1 elite line
    # Two more Cutthroats asked for, one placed, then Esc: the one placed is added, as 3.
    fill_in(qtbot, "C", "2", "0")
    choose(qtbot, window, window.scenario.act_standees)
    qtbot.waitUntil(lambda: window.scenario.placing is not None)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    click_hex(qtbot, window, (8, 2))
    key(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.scenario.placing is None)
    assert log_lines(window)[-1] == "Added Cutthroat 3 at [8, 2]"
    # The roster keeps a type's standees together: the new one stands after Cutthroat 2.
    proxy = window.roster.proxy
    assert proxy.proxy_row("cutthroat-3") == proxy.proxy_row("cutthroat-2") + 1
    undo(qtbot)
    qtbot.waitUntil(lambda: "cutthroat-3" not in {u.id for u in window.session.encounter.units})
