"""The log model: one row per command, undone entries marked; checked by qtmodeltester."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt

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
