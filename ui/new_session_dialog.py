"""File → New session: a name, a rule system and a board size."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
)

from desktop.engine.board import Board
from desktop.engine.encounter import Encounter
from desktop.rulesets.registry import available_rulesets, get_ruleset


class NewSessionDialog(QDialog):
    def __init__(self, taken: set[str], parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New session")
        self.taken = taken
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Friday crypt crawl")
        self.name.setAccessibleName("Session name")
        self.ruleset = QComboBox()
        self.ruleset.setAccessibleName("Rule system")
        # Names from the data files (no ruleset code imported); a broken plug-in is left out.
        for data in available_rulesets()[0]:
            self.ruleset.addItem(f"{data.name} ({data.id})", data.id)
        self.width_box = QSpinBox()
        self.width_box.setRange(2, 120)
        self.width_box.setValue(12)
        self.height_box = QSpinBox()
        self.height_box.setRange(2, 120)
        self.height_box.setValue(10)
        self.error = QLabel()
        self.error.setStyleSheet("color: #B00020;")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Rule system", self.ruleset)
        form.addRow("Board width", self.width_box)
        form.addRow("Board height", self.height_box)
        form.addRow(self.error)
        form.addRow(buttons)

    def _accept(self) -> None:
        name = self.name.text().strip()
        if not name:
            self.error.setText("Give the session a name.")
            return
        if name in self.taken:
            self.error.setText(f"A session named '{name}' already exists; choose another name.")
            return
        self.accept()

    def encounter(self) -> Encounter:
        ruleset = get_ruleset(self.ruleset.currentData())
        board = Board.blank(
            ruleset.data.board_shape, self.width_box.value(), self.height_box.value()
        )
        phase = ruleset.data.phases[0] if ruleset.data.phases else None
        return Encounter(
            ruleset=ruleset.id, board=board, units=(), name=self.name.text().strip(), phase=phase
        )
