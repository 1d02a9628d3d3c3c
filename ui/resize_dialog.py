"""Edit → Resize board…: a new width and height; cells added are open ground."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox

from desktop.engine.board import Board


class ResizeBoardDialog(QDialog):
    def __init__(self, board: Board, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Resize board")
        self.width_box = QSpinBox()
        self.width_box.setRange(1, 200)
        self.width_box.setValue(board.width)
        self.width_box.setAccessibleName("Board width")
        self.height_box = QSpinBox()
        self.height_box.setRange(1, 200)
        self.height_box.setValue(board.height)
        self.height_box.setAccessibleName("Board height")
        note = QLabel(
            f"Now {board.width} x {board.height}. Cells added on the right and at "
            "the bottom are open ground; cells cut must be empty of units."
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(note)
        form.addRow("Width (columns)", self.width_box)
        form.addRow("Height (rows)", self.height_box)
        form.addRow(buttons)

    def size_chosen(self) -> tuple[int, int]:
        return self.width_box.value(), self.height_box.value()
