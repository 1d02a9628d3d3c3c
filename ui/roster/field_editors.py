"""Editors for the unit fields a ruleset declares: a ticked, ordered list for choices (an enemy
card's tactics), a unit picker for a unit reference (a guardian's ward), a drop-down for
one-of (a zombie's kind), a number box for a number, a line for text; each shows its own
problem beneath it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.encounter import Encounter
from desktop.engine.unit_fields import CHOICES, NUMBER, ONE_OF, UNIT, UnitFieldSpec


def error_style(widget: QWidget) -> str:
    """A red that reads on the widget's background, light theme or dark."""
    dark = widget.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return f"color: {'#FF8A80' if dark else '#B3261E'};"


class FieldEditor(QGroupBox):
    """One declared field: `value()` as a record holds it, `set_value()` from a record."""

    changed = Signal()

    def __init__(self, spec: UnitFieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec.label, parent)
        self.spec = spec
        self.setToolTip(spec.help)
        self.setAccessibleName(spec.label)
        self.body = QHBoxLayout()
        outer = QVBoxLayout(self)
        outer.addLayout(self.body)
        self.problem = QLabel()
        self.problem.setAccessibleName(f"{spec.label} problem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.hide()
        outer.addWidget(self.problem)

    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def show_problem(self, message: str | None) -> None:
        self.problem.setStyleSheet(error_style(self))
        self.problem.setText(message or "")
        self.problem.setVisible(bool(message))


class ChoicesEditor(FieldEditor):
    """Tick the choices that apply; their order in the list is their order in the field."""

    def __init__(self, spec: UnitFieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.list = QListWidget()
        self.list.setAccessibleName(spec.label)
        self.list.setToolTip(f"{spec.help} Tick them; drag or use Up/Down to put them in order.")
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.itemChanged.connect(lambda _item: self.changed.emit())
        self.body.addWidget(self.list)
        buttons = QVBoxLayout()
        self.up_button = QPushButton("Up")
        self.up_button.setAccessibleName(f"Move {spec.item} up")
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button = QPushButton("Down")
        self.down_button.setAccessibleName(f"Move {spec.item} down")
        self.down_button.clicked.connect(lambda: self.move_current(1))
        buttons.addWidget(self.up_button)
        buttons.addWidget(self.down_button)
        buttons.addStretch(1)
        self.body.addLayout(buttons)
        self.set_value([])

    def set_value(self, value: Any) -> None:
        """Tick `value` and put it first, in that order; a value not among the choices stays
        visible, so the check can name it."""
        chosen = [str(v) for v in value or ()]
        order = chosen + [c for c in self.spec.choices if c not in chosen]
        self.list.blockSignals(True)
        self.list.clear()
        for choice in dict.fromkeys(order):
            item = QListWidgetItem(choice)
            item.setData(Qt.ItemDataRole.UserRole, choice)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if choice in chosen else Qt.CheckState.Unchecked
            )
            self.list.addItem(item)
        self.list.blockSignals(False)

    def value(self) -> list[str]:
        return [
            self.list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]

    def move_current(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.list.setCurrentRow(target)
        self.changed.emit()


class UnitReferenceEditor(FieldEditor):
    """Nobody, or one of the encounter's other units."""

    def __init__(
        self,
        spec: UnitFieldSpec,
        encounter: Encounter,
        editing: str | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(spec, parent)
        self.combo = QComboBox()
        self.combo.setAccessibleName(spec.label)
        self.combo.setToolTip(spec.help)
        self.combo.addItem("(nobody)", None)
        for unit in encounter.units:
            if unit.id != editing:
                self.combo.addItem(f"{unit.name} ({unit.id})", unit.id)
        self.combo.currentIndexChanged.connect(lambda _index: self.changed.emit())
        self.body.addWidget(self.combo, 1)

    def set_value(self, value: Any) -> None:
        index = self.combo.findData(value)
        if index < 0 and value:
            self.combo.addItem(str(value), value)  # a unit since removed: kept to be named
            index = self.combo.count() - 1
        self.combo.setCurrentIndex(max(0, index))

    def value(self) -> str | None:
        return self.combo.currentData()


class OneOfEditor(FieldEditor):
    """One of the field's choices; the default one when the unit gives none."""

    def __init__(self, spec: UnitFieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.combo = QComboBox()
        self.combo.setAccessibleName(spec.label)
        self.combo.setToolTip(spec.help)
        for choice in spec.choices:
            said = f"{choice} (default)" if choice == spec.default else choice
            self.combo.addItem(said, choice)
        self.combo.currentIndexChanged.connect(lambda _index: self.changed.emit())
        self.body.addWidget(self.combo, 1)

    def set_value(self, value: Any) -> None:
        index = self.combo.findData(spec_value(self.spec, value))
        self.combo.setCurrentIndex(max(0, index))

    def value(self) -> str | None:
        chosen = self.combo.currentData()
        return None if chosen == self.spec.default else chosen  # the default is not written


class NumberEditor(FieldEditor):
    """A whole number within the field's limits."""

    def __init__(self, spec: UnitFieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.spin = QSpinBox()
        self.spin.setAccessibleName(spec.label)
        self.spin.setToolTip(spec.help)
        self.spin.setRange(spec.least, spec.most)
        self.spin.valueChanged.connect(lambda _value: self.changed.emit())
        self.body.addWidget(self.spin, 1)

    def set_value(self, value: Any) -> None:
        self.spin.setValue(int(spec_value(self.spec, value) or self.spec.least))

    def value(self) -> int | None:
        number = self.spin.value()
        return None if number == self.spec.default else number


def spec_value(spec: UnitFieldSpec, value: Any) -> Any:
    return spec.default if value is None else value


class TextEditor(FieldEditor):
    def __init__(self, spec: UnitFieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.edit = QLineEdit()
        self.edit.setAccessibleName(spec.label)
        self.edit.setToolTip(spec.help)
        self.edit.textChanged.connect(lambda _text: self.changed.emit())
        self.body.addWidget(self.edit, 1)

    def set_value(self, value: Any) -> None:
        self.edit.setText("" if value is None else str(value))

    def value(self) -> str:
        return self.edit.text().strip()


def field_editor(
    spec: UnitFieldSpec, encounter: Encounter, editing: str | None, parent: QWidget | None = None
) -> FieldEditor:
    if spec.kind == CHOICES:
        return ChoicesEditor(spec, parent)
    if spec.kind == UNIT:
        return UnitReferenceEditor(spec, encounter, editing, parent)
    if spec.kind == ONE_OF:
        return OneOfEditor(spec, parent)
    if spec.kind == NUMBER:
        return NumberEditor(spec, parent)
    return TextEditor(spec, parent)
