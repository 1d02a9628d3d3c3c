"""Session → Edit stratagem deck…: the enemy's army-wide deck in the players' words.

Each card has a name, its effect, and when it would do nothing (then it is set aside and
another is drawn). The deck is checked card by card before it is saved. The ruleset's deck
capability supplies the default deck, the conditions, the check and the wording.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from desktop.engine.capabilities import Card, EnemyDeck
from desktop.errors import FoebookError

NAME, EFFECT, WHEN = range(3)
EFFECT_WIDTH = 420  # pixels: an effect reads in one or two lines


class DeckDialog(QDialog):
    def __init__(self, capability: EnemyDeck, deck: tuple[Card, ...], parent=None) -> None:
        super().__init__(parent)
        self.capability = capability
        self.setWindowTitle(capability.title)
        self.default = capability.default
        self.result_deck: tuple[Card, ...] | None = None
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Name", "Effect (your words)", "Does nothing when"])
        # The name and the drop-downs keep their whole width; the effect takes the rest.
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(EFFECT, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(WHEN, QHeaderView.ResizeMode.Fixed)
        self.table.setColumnWidth(WHEN, self.when_width())
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setAccessibleName("Stratagem cards")
        self.table.setWordWrap(True)
        add = QPushButton("Add card")
        add.clicked.connect(lambda: self.add_card(capability.blank()))
        remove = QPushButton("Remove card")
        remove.clicked.connect(self.remove_card)
        restore = QPushButton("Restore the default deck")
        restore.clicked.connect(lambda: self.fill(self.default))
        row = QHBoxLayout()
        for button in (add, remove, restore):
            row.addWidget(button)
        row.addStretch(1)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #C62828;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(capability.intro))
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.fill(deck)
        margins = layout.contentsMargins()
        self.resize(self._fitting_width(margins.left() + margins.right()), 480)

    def _when_combo(self) -> QComboBox:
        when = QComboBox()
        for key, reason in self.capability.conditions.items():
            when.addItem(reason if key != "never" else "never (always does something)", key)
        return when

    def when_width(self) -> int:
        """Room for the longest condition in a drop-down and for the column's header."""
        probe = self._when_combo()
        header = self.table.horizontalHeader().sectionSizeHint(WHEN)
        return max(probe.sizeHint().width(), header) + 4

    def _fitting_width(self, margins: int) -> int:
        """Wide enough for every column whole and a readable effect (and the layout's
        `margins`), within the screen."""
        table = self.table
        table.resizeColumnToContents(NAME)
        wanted = (
            table.verticalHeader().sizeHint().width()
            + table.columnWidth(NAME)
            + EFFECT_WIDTH
            + table.columnWidth(WHEN)
            + table.verticalScrollBar().sizeHint().width()
            + 2 * table.frameWidth()
        )
        wanted += margins
        screen = self.screen().availableGeometry().width() if self.screen() else wanted
        return min(max(820, wanted), screen)

    def fill(self, deck) -> None:
        self.table.setRowCount(0)
        for card in deck:
            self.add_card(card)

    def add_card(self, card: Card) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, NAME, QTableWidgetItem(card.name))
        self.table.setItem(row, EFFECT, QTableWidgetItem(card.effect))
        when = self._when_combo()
        when.setCurrentIndex(max(0, when.findData(card.no_effect_when)))
        self.table.setCellWidget(row, WHEN, when)

    def remove_card(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)

    def entries(self) -> list[dict[str, str]]:
        out = []
        for row in range(self.table.rowCount()):

            def text(column: int, row: int = row) -> str:
                item = self.table.item(row, column)
                return item.text().strip() if item is not None else ""

            out.append(
                {
                    "name": text(NAME),
                    "effect": text(EFFECT),
                    "no_effect_when": cast(
                        QComboBox, self.table.cellWidget(row, WHEN)
                    ).currentData(),
                }
            )
        return out

    def accept(self) -> None:
        try:
            self.result_deck = self.capability.parse(self.entries(), "the deck")
        except FoebookError as error:
            self.error.setText(str(error)[:1].upper() + str(error)[1:])
            return
        super().accept()
