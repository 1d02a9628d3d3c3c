"""View → Table display: the board alone for a second screen or projector, following live.

It shows no enemy HP numbers and no reasoning: only what the players may see.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QMainWindow

from desktop.engine.encounter import Encounter
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView


class TableDisplay(QMainWindow):
    def __init__(self, parent=None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Foebook — table")
        self.setObjectName("TableDisplay")
        self.scene = BoardScene(self, show_hp=False)
        self.view = BoardView(self.scene)
        self.view.setInteractive(False)  # a display, not a second place to edit
        self.setCentralWidget(self.view)
        full = QShortcut(QKeySequence("F11"), self)
        full.activated.connect(self.toggle_fullscreen)
        leave = QShortcut(QKeySequence("Esc"), self)
        leave.activated.connect(self.showNormal)
        self.resize(900, 700)

    def follow(
        self, encounter: Encounter, active: str | None, defeated: Collection[str] = ()
    ) -> None:
        first = self.scene.encounter is None
        self.scene.set_encounter(encounter, active, defeated)
        if first:
            self.view.fit_board()

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.scene.encounter is not None:
            self.view.fit_board()
