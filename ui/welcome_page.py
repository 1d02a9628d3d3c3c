"""The first page (File → Home returns to it): a card per rule system with a picture of its
tutorial board, the saved sessions, and buttons for a new session or an encounter file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence, QPainter, QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

THUMBNAIL = QSize(176, 120)


@dataclass(frozen=True)
class TutorialCard:
    """One rule system: its name, what kind of game it is, and its tutorials."""

    system: str
    description: str
    tutorials: tuple[tuple[str, str], ...]  # (file name, title)


def placeholder() -> QPixmap:
    """Where a tutorial's board will be, while it is drawn: the board's ground, in the theme,
    saying so."""
    from ui import palette

    pixmap = QPixmap(THUMBNAIL)
    pixmap.fill(palette.board_background())
    painter = QPainter(pixmap)
    painter.setPen(palette.grid_line().darker(140) if not palette.dark() else palette.grid_line())
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, "Drawing the board…")
    painter.end()
    return pixmap


class _Card(QFrame):
    def __init__(self, card: TutorialCard, start: Callable[[str], None]) -> None:
        super().__init__()
        self.tutorial = card
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(f"{card.system} tutorial")
        self.picture = QLabel()
        self.picture.setFixedSize(THUMBNAIL)
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setPixmap(placeholder())  # until its board is drawn, not a blank hole
        name = QLabel(card.system)
        font = QFont(name.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        name.setFont(font)
        about = QLabel(card.description.split(";")[0].split(":")[0].rstrip("."))
        about.setToolTip(card.description)
        about.setWordWrap(True)
        text = QVBoxLayout()
        text.addWidget(name)
        text.addWidget(about)
        self.buttons: list[QPushButton] = []
        for file_name, title in card.tutorials:
            label = "Start tutorial" if len(card.tutorials) == 1 else f"Start: {title}"
            button = QPushButton(label)
            button.setToolTip(
                f"Play the tutorial “{title}” ({file_name}); played before: carry on or start over"
            )
            button.clicked.connect(lambda _=False, f=file_name: start(f))
            text.addWidget(button)
            self.buttons.append(button)
        text.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(text, 1)


class WelcomePage(QWidget):
    newRequested = Signal()
    importRequested = Signal()
    openRequested = Signal(str)
    renameRequested = Signal(str)
    deleteRequested = Signal(str)
    restoreRequested = Signal(int)  # which of the deleted sessions (set_deleted's order)
    tutorialRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Foebook")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        title.setFont(font)
        subtitle = QLabel(
            "Runs the enemies of your solo and co-op games: who they attack, "
            "where they move, and why."
        )
        subtitle.setWordWrap(True)
        new = QPushButton("New session…")
        new.setToolTip("Start an empty session for a rule system (Ctrl+N)")
        new.clicked.connect(self.newRequested)
        imp = QPushButton("Import encounter file…")
        imp.setToolTip("Start a session from an encounter TOML file (Ctrl+I)")
        imp.clicked.connect(self.importRequested)
        self.recent = QListWidget()
        self.recent.setAccessibleName("Saved sessions")
        self.recent.setToolTip("Enter opens the session, F2 renames it, Delete deletes it")
        self.recent.itemActivated.connect(
            lambda item: self.openRequested.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        self.recent.setWordWrap(True)
        self.recent.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._build_list_actions()
        open_button = QPushButton("Open selected")
        open_button.clicked.connect(self._open_selected)
        self._deleted: list[str] = []
        self.restore_button = QPushButton()
        self.restore_button.setVisible(False)
        self.restore_button.setToolTip(
            "Bring back the session deleted last; deleted sessions can be brought back "
            "until Foebook closes"
        )
        self.restore_button.clicked.connect(
            lambda: self.restoreRequested.emit(len(self._deleted) - 1)
        )
        side = QGroupBox("Your sessions")
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.recent, 1)
        side_layout.addWidget(open_button)
        side_layout.addWidget(self.restore_button)
        side_layout.addSpacing(12)
        side_layout.addWidget(new)
        side_layout.addWidget(imp)
        tutorial_box = QGroupBox("Tutorials: a live example per rule system")
        self.cards_layout = QGridLayout(tutorial_box)
        self.cards: list[_Card] = []
        self._shown: list[TutorialCard] = []
        self._thumbnail: Callable[[str], QPixmap] | None = None
        self._to_draw: list[int] = []  # cards whose board is still to be drawn
        grid = QGridLayout(self)
        grid.setContentsMargins(36, 24, 36, 24)
        grid.setHorizontalSpacing(24)
        grid.addWidget(title, 0, 0, 1, 2)
        grid.addWidget(subtitle, 1, 0, 1, 2)
        grid.addWidget(tutorial_box, 2, 0)
        grid.addWidget(side, 2, 1)
        grid.setRowStretch(2, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)

    def _build_list_actions(self) -> None:
        """Rename (F2) and Delete (Del) for the selected saved session: keys on the list only,
        and the entries of its context menu."""

        def action(text: str, keys: QKeySequence | None, signal) -> QAction:
            act = QAction(text, self.recent)
            if keys is not None:
                act.setShortcut(keys)
                act.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            act.triggered.connect(lambda: self._emit_for_selected(signal))
            self.recent.addAction(act)
            return act

        self.open_action = action("&Open", None, self.openRequested)
        self.rename_action = action("&Rename…", QKeySequence(Qt.Key.Key_F2), self.renameRequested)
        self.delete_action = action(
            "&Delete…", QKeySequence(QKeySequence.StandardKey.Delete), self.deleteRequested
        )
        self.recent.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.recent.customContextMenuRequested.connect(self._list_menu)

    def selected_session(self) -> str | None:
        item = self.recent.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def _emit_for_selected(self, signal) -> None:
        name = self.selected_session()
        if name:
            signal.emit(name)

    def _list_menu(self, pos: QPoint) -> None:
        """Right-click: the session under the pointer's Open, Rename and Delete, and the
        deleted sessions that can still be brought back."""
        item = self.recent.itemAt(pos)
        on_session = item is not None and bool(item.data(Qt.ItemDataRole.UserRole))
        if item is not None and on_session:
            self.recent.setCurrentItem(item)
        menu = QMenu(self.recent)
        if on_session:
            for act in (self.open_action, self.rename_action, self.delete_action):
                menu.addAction(act)
        if self._deleted:
            menu.addSeparator()
        for index in reversed(range(len(self._deleted))):
            restore = menu.addAction(f"Restore “{self._deleted[index]}”")
            restore.triggered.connect(lambda _=False, i=index: self.restoreRequested.emit(i))
        if menu.isEmpty():
            return
        self._menu = menu  # kept: not collected while shown
        menu.popup(self.recent.viewport().mapToGlobal(pos))

    def set_sessions(self, sessions: list[tuple[str, str]], selected: str | None = None) -> None:
        """(name, description) pairs, most recent first; `selected` (else the one selected
        before, where it is still there) is selected."""
        selected = selected or self.selected_session()
        self.recent.clear()
        for name, description in sessions:
            item = QListWidgetItem(f"{name}\n{description}", self.recent)
            item.setData(Qt.ItemDataRole.UserRole, name)
            if name == selected:
                self.recent.setCurrentItem(item)
        if not sessions:
            QListWidgetItem("No sessions yet.", self.recent).setFlags(Qt.ItemFlag.NoItemFlags)

    def set_deleted(self, names: list[str]) -> None:
        """The sessions deleted since Foebook started, oldest first: they can be restored."""
        self._deleted = list(names)
        if names:
            last = names[-1] if len(names[-1]) <= 40 else names[-1][:39] + "…"
            self.restore_button.setText(f"Restore “{last}”")
        self.restore_button.setVisible(bool(names))

    def set_tutorials(
        self, cards: list[TutorialCard], thumbnail: Callable[[str], QPixmap] | None = None
    ) -> None:
        """A card per rule system; `thumbnail(file name)` draws a tutorial's board, after
        the page is shown so that opening the window does not wait for it."""
        if cards == self._shown and self.cards:
            return  # unchanged: keep the pictures already drawn
        for card in self.cards:
            card.deleteLater()
        self.cards = []
        self._shown = cards
        columns = 2
        for index, tutorial in enumerate(cards):
            card = _Card(tutorial, self.tutorialRequested.emit)
            self.cards_layout.addWidget(card, index // columns, index % columns)
            self.cards.append(card)
        for row in range(self.cards_layout.rowCount()):
            self.cards_layout.setRowStretch(row, 0)
        self.cards_layout.setRowStretch((len(cards) + columns - 1) // columns, 1)
        self._thumbnail = thumbnail
        self._draw_thumbnails()

    def _draw_thumbnails(self) -> None:
        """Draw every card's board again (new cards, a new theme), one per turn of the event
        loop while the page is on screen: whatever the window does next at start-up (going
        straight back into the last session) does not wait for six boards to load."""
        self._to_draw = list(range(len(self.cards)))
        for card in self.cards:
            card.picture.setPixmap(placeholder())  # the theme's ground until redrawn
        QTimer.singleShot(0, self._draw_next)

    def _draw_next(self) -> None:
        if not self._to_draw or self._thumbnail is None or not self.isVisible():
            return  # showEvent picks up what is left
        card = self.cards[self._to_draw.pop(0)]
        card.picture.setPixmap(self._thumbnail(card.tutorial.tutorials[0][0]))
        if self._to_draw:
            QTimer.singleShot(0, self._draw_next)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._to_draw:
            QTimer.singleShot(0, self._draw_next)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._draw_thumbnails()  # the boards follow the light or dark theme

    def _open_selected(self) -> None:
        self._emit_for_selected(self.openRequested)
