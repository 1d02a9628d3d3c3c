"""View → Table display: the board alone for a second screen or projector, following live.

It shows no enemy HP numbers and no reasoning: only what the players may see, with a key
to the markers on the board's figures under it.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QMainWindow, QVBoxLayout, QWidget

from desktop.engine.encounter import Encounter
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView
from ui.board.legend import fill_key, marker_entries
from ui.flow_layout import FlowLayout

KEY_ICON = 22  # pixels: the key is read from across the table


class TableDisplay(QMainWindow):
    def __init__(self, parent=None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Foebook — table")
        self.setObjectName("TableDisplay")
        self.scene = BoardScene(self, show_hp=False)
        self.view = BoardView(self.scene)
        self.view.setInteractive(False)  # a display, not a second place to edit
        self.marker_key = QWidget()
        self.marker_key.setAccessibleName("Markers on the board")
        font = QFont(self.marker_key.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.marker_key.setFont(font)
        self.marker_row = FlowLayout(self.marker_key, 18)
        self.marker_row.setContentsMargins(8, 4, 8, 4)
        self.marker_key.setVisible(False)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.marker_key)
        self.setCentralWidget(page)
        full = QShortcut(QKeySequence("F11"), self)
        full.activated.connect(self.toggle_fullscreen)
        # Esc leaves full screen first, then closes it; F10, that opened it, closes it too
        # (the main window's F10 does not reach this window).
        leave = QShortcut(QKeySequence("Esc"), self)
        leave.activated.connect(self.leave)
        again = QShortcut(QKeySequence("F10"), self)
        again.activated.connect(self.close)
        self.resize(900, 700)

    def follow(
        self, encounter: Encounter, active: str | None, defeated: Collection[str] = ()
    ) -> None:
        first = self.scene.encounter is None
        self.scene.set_encounter(encounter, active, defeated)
        self._show_markers(encounter)
        if first:
            self.view.fit_board()

    def _show_markers(self, encounter: Encounter) -> None:
        """The markers some figure carries now, in the ruleset's order (another spelling of a
        marker reads as that marker; one the ruleset does not know is left out)."""
        statuses, looks = self.scene.statuses, self.scene.looks
        carried = {
            statuses[s].same_as or s for u in encounter.units for s in u.statuses if s in statuses
        }
        entries = [(looks[sid], spec.name) for sid, spec in statuses.items() if sid in carried]
        fill_key(self.marker_row, marker_entries(entries, KEY_ICON))
        self.marker_key.setVisible(bool(entries))

    def leave(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.close()

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.scene.encounter is not None:
            self.view.fit_board()
