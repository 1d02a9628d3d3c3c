"""The log model: one row per command, undone entries marked; checked by qtmodeltester."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

from desktop.tracker.history import HistoryEntry
from ui.log_panel import LogModel


def test_log_model_rows_and_undone_marking(qtmodeltester):
    model = LogModel()
    now = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
    model.set_entries(
        [
            HistoryEntry(1, now, "damage", "Orc takes 3 damage"),
            HistoryEntry(2, now, "heal", "Orc heals 1", status="undone"),
        ]
    )
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    first = model.data(model.index(0), Qt.ItemDataRole.DisplayRole)
    second = model.data(model.index(1), Qt.ItemDataRole.DisplayRole)
    assert first.endswith("Orc takes 3 damage")
    assert second.endswith("Orc heals 1  (undone)")
    assert model.data(model.index(1), Qt.ItemDataRole.FontRole).strikeOut()
    assert model.data(model.index(0), Qt.ItemDataRole.FontRole) is None


def test_a_long_entry_wraps_in_the_docked_log_instead_of_being_cut_off(window, qtbot):
    """At the table the log is read in its dock beside the board: an entry longer than the
    dock is wide is shown whole, over several lines, with no sideways scrolling."""
    from tests.ui.real_input import click, start_tutorial

    start_tutorial(qtbot, window, "grimdark-solo-close-quarters.toml")
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)  # the captain's command ability
    tabs = [b for b in window.findChildren(QTabBar) if "Log" in _tab_texts(b)]
    bar = tabs[0]
    click(qtbot, bar, bar.tabRect(_tab_texts(bar).index("Log")).center())
    view = window.log_panel.view
    qtbot.waitUntil(view.isVisible)
    last = view.model().index(view.model().rowCount() - 1, 0)
    text = last.data()
    line = view.fontMetrics().lineSpacing()
    assert view.fontMetrics().horizontalAdvance(text) > view.viewport().width()
    rect = view.visualRect(last)
    assert rect.height() >= 2 * line  # wrapped, not cut off
    assert rect.width() <= view.viewport().width()
    assert not view.horizontalScrollBar().isVisible()
    assert rect.bottom() <= view.viewport().height()  # the newest entry is in view


def _tab_texts(bar) -> list[str]:
    return [bar.tabText(i) for i in range(bar.count())]
