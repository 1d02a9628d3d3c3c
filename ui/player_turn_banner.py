"""The bar over the board while the players' turn is on (Session → Players' turn): the
decision panel then shows how enemies react, not what they do in their own turn."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from ui import palette


class PlayerTurnBanner(QFrame):
    endRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerTurnBanner")
        self.setAccessibleName("Players' turn")
        # The players' colour, with light text: the same on the light and the dark theme.
        self.setStyleSheet(
            f"#playerTurnBanner {{ background: {palette.PLAYER.name()}; }}"
            "#playerTurnBanner QLabel { color: white; }"
        )
        self.label = QLabel(
            "<b>Players' turn</b>: the decision shows how the selected enemy reacts "
            "(deny, heroic intervention, fighting back)."
        )
        self.label.setWordWrap(True)
        self.end_button = QPushButton("End players' turn (Ctrl+T)")
        self.end_button.setToolTip("Back to the enemies' own turn")
        self.end_button.clicked.connect(self.endRequested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.end_button)
