"""The markers popup: the ruleset's hand-set markers as a checkable list; ticking one puts it
on the unit, unticking takes it off. It stays open for several toggles; Esc closes it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPoint, QSize, Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from desktop.engine.ruleset import Ruleset
from desktop.engine.units import Unit
from desktop.tracker.expiry_words import reminder_and_expiry
from ui.marker_looks import marker_looks
from ui.rich_text import escape
from ui.roster.status_icons import ICON_SIZE, status_icon

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker.commands import Command


class MarkerPopup(QFrame):
    """`execute(command) -> bool` runs a toggle; the list is re-read from the unit after."""

    closed = Signal()

    def __init__(
        self,
        ruleset: Ruleset,
        rules: Mapping[str, Any],
        unit: Unit,
        unit_of: Callable[[str], Unit | None],
        execute: Callable[[Command], bool],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("markerPopup")
        self.setAccessibleName(f"Markers of {unit.name}")
        self._unit_id = unit.id
        self.unit_name = unit.name
        self._unit_of = unit_of
        self._execute = execute
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.title = QLabel(f"Markers on <b>{escape(unit.name)}</b>")
        layout.addWidget(self.title)
        self.list = QListWidget()
        self.list.setAccessibleName("Markers")
        self.list.setIconSize(QSize(ICON_SIZE, ICON_SIZE))
        self.list.setFrameShape(QFrame.Shape.NoFrame)
        looks = marker_looks(ruleset.data.statuses)
        for spec in ruleset.data.hand_set(rules):
            item = QListWidgetItem(status_icon(looks[spec.id]), spec.name)
            item.setData(Qt.ItemDataRole.UserRole, spec.id)
            item.setToolTip(f"{spec.name}: {reminder_and_expiry(spec)}")
            # Not user-checkable: a click anywhere on the row (or Space/Enter) toggles it,
            # through a command, and the tick is then read back from the unit.
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            self.list.addItem(item)
        layout.addWidget(self.list)
        self.refresh()
        self.list.itemClicked.connect(self._clicked)
        self.list.installEventFilter(self)
        rows = max(1, self.list.count())
        self.list.setFixedHeight(
            rows * max(self.list.sizeHintForRow(0), ICON_SIZE + 6) + 2 * self.list.frameWidth() + 2
        )
        self.list.setMinimumWidth(self.list.sizeHintForColumn(0) + 24)
        if self.list.count():
            self.list.setCurrentRow(0)

    @property
    def unit_id(self) -> str:
        return self._unit_id

    def item(self, status: str) -> QListWidgetItem | None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == status:
                return item
        return None

    def refresh(self) -> None:
        """Ticks as the unit has them now (after a toggle, a refusal, an undo)."""
        unit = self._unit_of(self._unit_id)
        if unit is None:
            self.close()
            return
        for row in range(self.list.count()):
            item = self.list.item(row)
            on = unit.has(item.data(Qt.ItemDataRole.UserRole))
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, "on" if on else "off")

    def toggle(self, status: str) -> bool:
        from desktop.tracker.commands import AddStatus, RemoveStatus

        unit = self._unit_of(self._unit_id)
        if unit is None:
            return False
        command = RemoveStatus(unit.id, status) if unit.has(status) else AddStatus(unit.id, status)
        done = self._execute(command)
        self.refresh()
        return done

    def _clicked(self, item: QListWidgetItem) -> None:
        self.toggle(item.data(Qt.ItemDataRole.UserRole))

    def eventFilter(self, watched, event) -> bool:
        if (
            watched is self.list
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            item = self.list.currentItem()
            if item is not None:
                self.toggle(item.data(Qt.ItemDataRole.UserRole))
            return True
        return super().eventFilter(watched, event)

    def show_below(self, anchor: QWidget) -> None:
        self.adjustSize()
        self.move(anchor.mapToGlobal(QPoint(0, anchor.height())))
        self.show()
        self.list.setFocus()

    def hideEvent(self, event) -> None:
        super().hideEvent(event)
        self.closed.emit()
