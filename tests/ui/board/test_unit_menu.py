"""The board's right-click menu lists the markers the roster's markers popup lists: another
spelling of a status (monster-focus's Muddled, read as Muddle) is not offered twice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.real_input import (
    click,
    open_submenu,
    open_unit_menu,
    select_in_roster,
    start_tutorial,
)


def markers_offered(qtbot, window, unit_id: str) -> tuple[list[str], list[str]]:
    """The markers the unit's board menu offers (right-click, Markers) and the ones the
    roster's markers popup lists (select the row, click Markers...), each closed by Esc."""
    menu = open_unit_menu(qtbot, window, unit_id)
    markers = next(a for a in menu.actions() if a.text() == "Markers")
    submenu = open_submenu(qtbot, menu, markers)
    in_menu = [a.text() for a in submenu.actions()]
    qtbot.keyClick(submenu, Qt.Key.Key_Escape)
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    select_in_roster(qtbot, window, unit_id)
    click(qtbot, window.roster.markers_button)
    popup = window.roster.popup
    qtbot.waitUntil(lambda: popup is not None and popup.isVisible())
    in_popup = [popup.list.item(i).text() for i in range(popup.list.count())]
    qtbot.keyClick(popup.list, Qt.Key.Key_Escape)
    return in_menu, in_popup


def test_the_markers_menu_offers_each_marker_once_as_the_markers_popup_does(window, qtbot):
    start_tutorial(qtbot, window, "monster-focus-ice-cave.toml")
    in_menu, in_popup = markers_offered(qtbot, window, "imp")

    assert "Muddle" in in_menu and "Muddled" not in in_menu
    assert in_menu == in_popup


@pytest.mark.parametrize("variant", ["gloomhaven", "frosthaven"])
def test_frosthaven_conditions_are_offered_only_in_a_frosthaven_session(
    window, qtbot, tmp_path, variant
):
    """Brittle, ward, bane, impair and regenerate exist under the frosthaven variant only:
    elsewhere neither the board's menu, the markers popup nor the legend offers them."""
    from desktop.samples import sample_path
    from tests.ui.real_input import import_encounter_text

    text = sample_path("monster-focus-ice-cave.toml").read_text(encoding="utf-8")
    assert 'variant = "gloomhaven"' in text
    import_encounter_text(qtbot, window, tmp_path, text.replace("gloomhaven", variant))
    in_menu, in_popup = markers_offered(qtbot, window, "imp")

    frosthaven = {"Brittle", "Ward", "Bane", "Impair", "Regenerate"}
    assert {"Stun", "Wound"} <= set(in_menu)
    assert in_menu == in_popup
    in_legend = set(window.legend.entries())
    if variant == "frosthaven":
        assert frosthaven <= set(in_menu) and frosthaven <= in_legend
    else:
        assert not frosthaven & set(in_menu) and not frosthaven & in_legend
