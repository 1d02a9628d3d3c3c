"""Session → Add standees…: a type and how many normal and elite standees, then a click per
hex on the board (elites first; Esc ends early and adds those placed). One AddStandees
command: the standees take the lowest free numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from desktop.engine.board import Board, Cell
from ui.board.cell_shapes import cell_at
from ui.scenario.standee_looks import ELITE

if TYPE_CHECKING:  # loaded with the first session that has a monster book
    from desktop.engine.monster_book import MonsterBook

NORMAL = "normal"
MOST_AT_ONCE = 12


class AddStandeesDialog(QDialog):
    def __init__(self, book: MonsterBook, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add standees")
        form = QFormLayout(self)
        self.type_box = QComboBox()
        for type_id, unit_type in book.types.items():
            self.type_box.addItem(unit_type.name, type_id)
        self.type_box.setAccessibleName("Monster type")
        self.normal = QSpinBox()
        self.elite = QSpinBox()
        for box, rank in ((self.normal, NORMAL), (self.elite, ELITE)):
            box.setRange(0, MOST_AT_ONCE)
            box.setAccessibleName(f"How many {rank}")
        self.normal.setValue(1)
        form.addRow("Type", self.type_box)
        form.addRow("Normal", self.normal)
        form.addRow("Elite", self.elite)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Place on the board")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def chosen(self) -> tuple[str, dict[str, int]]:
        counts = {ELITE: self.elite.value(), NORMAL: self.normal.value()}
        return str(self.type_box.currentData()), {k: v for k, v in counts.items() if v}


class StandeePlacing(QObject):
    """Clicks on the board's hexes while standees are being placed: one hex each, elites
    first; `done(cells)` with the hexes clicked once every standee has one or Esc ends it
    (`say(text)` tells the players what the next click is for)."""

    def __init__(
        self,
        view,
        board_of: Callable[[], Board],
        ranks: list[str],
        name: str,
        say: Callable[[str], None],
        done: Callable[[list[Cell]], None],
    ) -> None:
        super().__init__(view)
        self.view, self.board_of, self.ranks, self.name = view, board_of, ranks, name
        self.say, self.done = say, done
        self.cells: list[Cell] = []
        view.viewport().installEventFilter(self)
        self._prompt()

    def _prompt(self) -> None:
        rank = self.ranks[len(self.cells)]
        left = len(self.ranks) - len(self.cells)
        self.say(f"Click a hex for a {self.name} ({rank}): {left} to place; Esc ends placing")

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress:
            if event.button() == Qt.MouseButton.LeftButton:
                cell = cell_at(self.board_of(), self.view.mapToScene(event.position().toPoint()))
                if cell is not None and cell not in self.cells:
                    self.cells.append(cell)
                    if len(self.cells) == len(self.ranks):
                        self.finish()
                    else:
                        self._prompt()
            return True  # no selecting or dragging while placing
        return False

    def finish(self) -> None:
        """Esc, or the last hex clicked: the standees placed so far are added."""
        self.view.viewport().removeEventFilter(self)
        cells, self.cells = self.cells, []
        self.done(cells)
        self.deleteLater()


def counts_for(ranks: list[str], placed: int) -> dict[str, int]:
    """How many of each rank the first `placed` hexes hold (elites are placed first)."""
    counts: dict[str, int] = {}
    for rank in ranks[:placed]:
        counts[rank] = counts.get(rank, 0) + 1
    return counts
