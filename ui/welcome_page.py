"""The first page: start a new session, open a recent one, import a file, or try a tutorial."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class WelcomePage(QWidget):
    newRequested = Signal()
    importRequested = Signal()
    openRequested = Signal(str)
    tutorialRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Foebook")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        title.setFont(font)
        subtitle = QLabel("Runs the enemies of your solo and co-op games: who they attack, "
                          "where they move, and why.")
        subtitle.setWordWrap(True)
        new = QPushButton("New session…")
        new.setToolTip("Start an empty session for a rule system (Ctrl+N)")
        new.clicked.connect(self.newRequested)
        imp = QPushButton("Import encounter file…")
        imp.setToolTip("Start a session from an encounter TOML file (Ctrl+I)")
        imp.clicked.connect(self.importRequested)
        self.recent = QListWidget()
        self.recent.setAccessibleName("Saved sessions")
        self.recent.itemActivated.connect(
            lambda item: self.openRequested.emit(item.data(Qt.ItemDataRole.UserRole)))
        open_button = QPushButton("Open selected")
        open_button.clicked.connect(self._open_selected)
        self.tutorials = QListWidget()
        self.tutorials.setAccessibleName("Tutorial sessions")
        self.tutorials.itemActivated.connect(
            lambda item: self.tutorialRequested.emit(item.data(Qt.ItemDataRole.UserRole)))
        try_button = QPushButton("Start tutorial")
        try_button.clicked.connect(self._tutorial_selected)
        start = QGroupBox("Start")
        start_layout = QVBoxLayout(start)
        start_layout.addWidget(new)
        start_layout.addWidget(imp)
        start_layout.addStretch(1)
        recent_box = QGroupBox("Your sessions")
        recent_layout = QVBoxLayout(recent_box)
        recent_layout.addWidget(self.recent)
        recent_layout.addWidget(open_button)
        tutorial_box = QGroupBox("Tutorials: a live example per rule system")
        tutorial_layout = QVBoxLayout(tutorial_box)
        tutorial_layout.addWidget(self.tutorials)
        tutorial_layout.addWidget(try_button)
        grid = QGridLayout(self)
        grid.setContentsMargins(48, 36, 48, 36)
        grid.setHorizontalSpacing(24)
        grid.addWidget(title, 0, 0, 1, 3)
        grid.addWidget(subtitle, 1, 0, 1, 3)
        grid.addWidget(start, 2, 0)
        grid.addWidget(recent_box, 2, 1)
        grid.addWidget(tutorial_box, 2, 2)
        grid.setRowStretch(2, 1)
        grid.setColumnStretch(1, 2)
        grid.setColumnStretch(2, 3)
        for listing in (self.recent, self.tutorials):
            listing.setWordWrap(True)
            listing.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def set_sessions(self, sessions: list[tuple[str, str]]) -> None:
        """(name, description) pairs, most recent first."""
        self.recent.clear()
        for name, description in sessions:
            item = QListWidgetItem(f"{name}\n{description}", self.recent)
            item.setData(Qt.ItemDataRole.UserRole, name)
        if not sessions:
            QListWidgetItem("No sessions yet.", self.recent).setFlags(Qt.ItemFlag.NoItemFlags)

    def set_tutorials(self, tutorials: list[tuple[str, str]]) -> None:
        """(file name, title) pairs."""
        self.tutorials.clear()
        for file_name, title in tutorials:
            item = QListWidgetItem(title, self.tutorials)
            item.setData(Qt.ItemDataRole.UserRole, file_name)
            item.setToolTip(file_name)

    def _open_selected(self) -> None:
        item = self.recent.currentItem()
        if item is not None and item.data(Qt.ItemDataRole.UserRole):
            self.openRequested.emit(item.data(Qt.ItemDataRole.UserRole))

    def _tutorial_selected(self) -> None:
        item = self.tutorials.currentItem() or self.tutorials.item(0)
        if item is not None:
            self.tutorialRequested.emit(item.data(Qt.ItemDataRole.UserRole))
