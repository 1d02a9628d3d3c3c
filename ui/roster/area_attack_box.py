"""The unit editor's "Area attack" group: none, melee or ranged, and the hexes it hits."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.area_attacks import AOE_KINDS
from ui.roster.area_picker import AreaPicker, hex_count

NONE = "none"
CLICK = "Click a hex (or move with the arrow keys and press Space) to add or remove it."
HINTS = {
    NONE: "No area attack: it attacks single targets.",
    "melee": "Hexes around the monster (the dot), for range 0; the area may be rotated or "
    "mirrored. " + CLICK,
    "ranged": "Hexes around a reference hex (the cross), placed within the monster's range "
    "(1 or more); the area may be rotated or mirrored. " + CLICK,
}


class AreaAttackBox(QGroupBox):
    """`value()` is the record's `aoe` ({kind, hexes} or None); `problem()` what is wrong."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Area attack", parent)
        self.setAccessibleName("Area attack")
        layout = QHBoxLayout(self)
        choices = QVBoxLayout()
        self.kind_group = QButtonGroup(self)
        self.kind_buttons: dict[str, QRadioButton] = {}
        for kind, label in ((NONE, "N&one"), ("melee", "&Melee"), ("ranged", "&Ranged")):
            button = QRadioButton(label)
            button.setAccessibleName(f"Area attack: {label.replace('&', '')}")
            self.kind_group.addButton(button)
            self.kind_buttons[kind] = button
            choices.addWidget(button)
            button.toggled.connect(self._kind_toggled)
        self.count_label = QLabel()
        self.count_label.setAccessibleName("Area size")
        choices.addSpacing(6)
        choices.addWidget(self.count_label)
        choices.addStretch(1)
        layout.addLayout(choices)
        self.picker = AreaPicker()
        self.picker.changed.connect(self._picked)
        layout.addWidget(self.picker, 0, Qt.AlignmentFlag.AlignTop)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.hint, 1)
        self.kind_buttons[NONE].setChecked(True)
        self._show_kind()

    @property
    def kind(self) -> str:
        return next((k for k, b in self.kind_buttons.items() if b.isChecked()), NONE)

    def set_value(self, aoe: dict[str, Any] | None) -> None:
        kind = aoe.get("kind") if aoe else None
        kind = kind if kind in AOE_KINDS else NONE
        hexes = [tuple(h) for h in (aoe or {}).get("hexes") or ()]
        self.picker.set_area(kind != "ranged", hexes)
        self.kind_buttons[kind].setChecked(True)
        self._show_kind()

    def value(self) -> dict[str, Any] | None:
        if self.kind == NONE:
            return None
        return {"kind": self.kind, "hexes": [list(h) for h in self.picker.hexes()]}

    def problem(self) -> str | None:
        if self.kind != NONE and not self.picker.hexes():
            return (
                f"Area attack: a {self.kind} area needs at least one hex; click the hexes "
                "it hits, or choose None."
            )
        return None

    def _kind_toggled(self, checked: bool) -> None:
        if checked:  # each change toggles two buttons; act once
            self._show_kind()
            self.changed.emit()

    def _picked(self) -> None:
        self._show_count()
        self.changed.emit()

    def _show_kind(self) -> None:
        kind = self.kind
        self.picker.setEnabled(kind != NONE)
        if kind != NONE:
            self.picker.blockSignals(True)  # the kind's own signal reports this change
            self.picker.set_melee(kind == "melee")
            self.picker.blockSignals(False)
        self.hint.setText(HINTS[kind])
        self._show_count()

    def _show_count(self) -> None:
        shown = hex_count(len(self.picker.hexes())) if self.kind != NONE else ""
        self.count_label.setText(shown)
        self.count_label.setVisible(bool(shown))
