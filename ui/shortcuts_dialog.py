"""Help → Keyboard shortcuts: every action that has one, read from the window's menus."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QTableWidget, QTableWidgetItem
from PySide6.QtWidgets import QVBoxLayout as _VBox


def shortcut_rows(menus: list[QMenu]) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for menu in menus:
        for action in menu.actions():
            if action.menu() is not None:
                rows += shortcut_rows([cast(QMenu, action.menu())])
                continue
            keys = [s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts()]
            if keys:
                rows.append(
                    (menu.title().replace("&", ""), action.text().replace("&", ""), ", ".join(keys))
                )
    return rows


class ShortcutsDialog(QDialog):
    """`extra` rows are (place, action, keys) for keys that live on a panel, not a menu."""

    def __init__(
        self, menus: list[QMenu], parent=None, extra: Sequence[tuple[str, str, str]] = ()
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        rows = shortcut_rows(menus) + list(extra)
        table = QTableWidget(len(rows), 3)
        table.setHorizontalHeaderLabels(["Menu", "Action", "Keys"])
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(text))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.verticalHeader().setVisible(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = _VBox(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
        self.table = table
        # Wide enough for every column (no sideways scrolling), within the screen.
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        width = (
            table.horizontalHeader().length()
            + table.verticalScrollBar().sizeHint().width()
            + 2 * table.frameWidth()
            + layout.contentsMargins().left()
            + layout.contentsMargins().right()
            + 8
        )
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(min(max(width, 420), screen.width() - 40), min(600, screen.height() - 80))
