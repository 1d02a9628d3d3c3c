"""The log dock: every command with its time and sentence; undone entries greyed."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QHBoxLayout, QListView, QPushButton, QVBoxLayout, QWidget

from desktop.tracker.history import HistoryEntry

Index = QModelIndex | QPersistentModelIndex


class LogModel(QAbstractListModel):
    EntryRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._entries: list[HistoryEntry] = []

    def set_entries(self, entries: list[HistoryEntry]) -> None:
        self.beginResetModel()
        self._entries = list(entries)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._entries)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            stamp = entry.time.astimezone().strftime("%H:%M:%S")
            mark = "  (undone)" if entry.undone else ""
            return f"{stamp}  {entry.text}{mark}"
        if role == Qt.ItemDataRole.ForegroundRole and entry.undone:
            return QBrush(QColor("#8A8A8A"))
        if role == Qt.ItemDataRole.FontRole and entry.undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"#{entry.seq} {entry.kind}: {entry.text}"
        if role == self.EntryRole:
            return entry
        return None


class LogPanel(QWidget):
    def __init__(self, undo_action, redo_action, parent=None) -> None:
        super().__init__(parent)
        self.model = LogModel(self)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setAccessibleName("Session log")
        # A line longer than the dock is wide wraps: the log is read at the table, and an
        # entry cut off at "Raider Captain: Move 6" toward obj…" says nothing. Laid out in
        # batches, so a long evening's log still opens at once.
        self.view.setWordWrap(True)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setLayoutMode(QListView.LayoutMode.Batched)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QHBoxLayout()
        for action in (undo_action, redo_action):
            button = QPushButton(action.text().replace("&", ""))
            button.clicked.connect(action.trigger)
            action.changed.connect(
                lambda b=button, a=action: (b.setEnabled(a.isEnabled()), b.setToolTip(a.toolTip()))
            )
            button.setEnabled(action.isEnabled())
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)

    def sizeHint(self) -> QSize:
        return QSize(600, 130)

    def show_entries(self, entries: list[HistoryEntry]) -> None:
        self.model.set_entries(entries)
        self.view.scrollToBottom()
