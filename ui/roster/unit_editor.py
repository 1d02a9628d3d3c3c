"""The unit editor: a dialog for a new unit's name, side, cell, HP, AI, stats, tags, weapons,
area attack and the fields its ruleset declares (priorities, guards), validated with messages
shown in the dialog (a declared field's problem also beside that field)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.limits import ID_PATTERN
from desktop.engine.ruleset import Ruleset
from desktop.engine.unit_fields import check_unit_fields
from desktop.engine.units import DEFAULT_WEAPON_KIND
from desktop.tracker.commands import AddUnit, Command, UpdateUnit
from desktop.tracker.records import unit_to_record
from desktop.tracker.session import MeantFor, Session
from desktop.tracker.unit_edits import (
    Collision,
    collisions,
    differences,
    flat,
    unchanged_since,
    unit_fields_of,
    update_of,
)
from ui.roster.area_attack_box import AreaAttackBox
from ui.roster.field_editors import FieldEditor, error_style, field_editor
from ui.roster.new_units import free_cells, slug, unique_id

log = logging.getLogger(__name__)

# Runs the command (checked with the MeantFor, see Session.execute); an error message, or None.
Apply = Callable[[Command, MeantFor | None], str | None]
W_NAME, W_KIND, W_RANGE, W_STRENGTH = range(4)
HP_LIMIT = 99_999


def _number(text: str) -> int | float | None:
    """A whole or decimal number from text; None when it is not one."""
    text = text.strip().replace(",", ".")
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _spin(low: int, high: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setAccessibleName(name)
    return spin


class UnitEditor(QDialog):
    """Builds an AddUnit command (or UpdateUnit when `editing` names an existing unit);
    `apply` runs it, and a refusal is shown here, not raised.

    `template` (a unit record, e.g. a copy of another unit) fills the fields.
    """

    def __init__(
        self,
        session: Session,
        apply: Apply,
        template: dict | None = None,
        parent: QWidget | None = None,
        editing: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.ruleset: Ruleset = session.ruleset
        self._apply = apply
        self.editing = editing
        self._id_edited = False
        self._hp_follows_max = True
        # Editing a unit another window may change meanwhile: what the fields held when the
        # dialog opened (the user's changes are the fields that differ from it), and the
        # unit as the user last saw it (the window's changes are those made since).
        self._opened: dict[str, Any] = {}
        self._seen: dict[str, Any] = {}
        if editing is not None:
            unit = session.encounter.unit(editing)
            template = unit_to_record(unit)
            self._seen = unit_fields_of(unit)
        self.setWindowTitle("Edit unit" if editing else "Add unit")
        self.setObjectName("UnitEditor")
        self.setAccessibleName("Unit editor")
        self._build()
        self._fill(template or {})
        self._side_changed()
        if editing is not None:
            # The id names the unit in the log and the side decides its turns: both stay.
            self.id_edit.setEnabled(False)
            self.side_combo.setEnabled(False)
            self._opened = self._collect()[0]
            self._field_problems.clear()  # shown only once the user asks to save
        self._watch_fields()
        self._fit_to_screen()
        # Another side shows other fields (a monster's stats and area attack): fit them.
        self.side_combo.currentIndexChanged.connect(self._fit_to_screen)
        # Typing starts in the name (the scroll area would otherwise take the focus).
        self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def _fit_to_screen(self, *_: Any) -> None:
        """Open tall enough to show every field at once where the screen allows (on a small
        screen the fields scroll): nothing, such as an area picker, hides below the fold.
        Again when the fields change (another side), and kept on the screen."""
        screen = (self.parentWidget() or self).screen().availableGeometry()
        layout = self.layout()
        assert layout is not None  # built in _build
        margins = layout.contentsMargins()
        chrome = margins.top() + margins.bottom() + layout.spacing()
        content = self.fields.sizeHint()
        width = max(self.sizeHint().width(), content.width() + 40)
        height = content.height() + self.buttons.sizeHint().height() + chrome + 8
        self.resize(min(width, int(screen.width() * 0.9)), min(height, int(screen.height() * 0.9)))
        if self.isVisible():  # grown in place: its bottom or right edge may be off the screen
            frame = self.frameGeometry()
            x = max(screen.left(), min(frame.x(), screen.right() + 1 - frame.width()))
            y = max(screen.top(), min(frame.y(), screen.bottom() + 1 - frame.height()))
            self.move(x, y)

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        data = self.ruleset.data
        board = self.session.encounter.board
        dialog_layout = QVBoxLayout(self)
        # The fields scroll, so a ruleset with many stats and tactics still fits 1366x768.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        # Tab goes from field to field (the area scrolls to the focused one), not to the
        # scroll area itself, a stop that shows nothing.
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.fields = fields = QWidget()
        outer = QVBoxLayout(fields)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll.setWidget(fields)
        dialog_layout.addWidget(scroll, 1)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)

        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName("Name")
        self.name_edit.setPlaceholderText("e.g. Goblin Archer")
        self.name_edit.textChanged.connect(self._name_edited)
        form.addRow("&Name:", self.name_edit)

        self.id_edit = QLineEdit()
        self.id_edit.setAccessibleName("Unit id")
        self.id_edit.setToolTip(
            "Short id used in the log and in files: lower-case letters, "
            "digits, '-' or '_'. Made from the name unless you change it."
        )
        self.id_edit.textEdited.connect(self._id_typed)
        form.addRow("&Id:", self.id_edit)

        self.side_combo = QComboBox()
        self.side_combo.setAccessibleName("Side")
        self.side_combo.addItem("Enemy", "enemy")
        self.side_combo.addItem("Player", "player")
        self.side_combo.currentIndexChanged.connect(self._side_changed)
        form.addRow("&Side:", self.side_combo)

        self.col_spin = _spin(0, board.width - 1, "Column")
        self.row_spin = _spin(0, board.height - 1, "Row")
        cell = QHBoxLayout()
        cell.addWidget(QLabel("column"))
        cell.addWidget(self.col_spin)
        cell.addWidget(QLabel("row"))
        cell.addWidget(self.row_spin)
        cell.addStretch(1)
        at_label = QLabel("&At:")
        at_label.setBuddy(self.col_spin)
        form.addRow(at_label, cell)

        self.hp_spin = _spin(-HP_LIMIT, HP_LIMIT, "HP")
        self.max_hp_spin = _spin(-HP_LIMIT, HP_LIMIT, "Max HP")
        self.hp_spin.valueChanged.connect(self._hp_changed)
        self.max_hp_spin.valueChanged.connect(self._max_changed)
        hp = QHBoxLayout()
        hp.addWidget(self.hp_spin)
        hp.addWidget(QLabel("of max"))
        hp.addWidget(self.max_hp_spin)
        hp.addStretch(1)
        hp_label = QLabel("&HP:")
        hp_label.setBuddy(self.hp_spin)
        form.addRow(hp_label, hp)

        self.ai_combo = QComboBox()
        self.ai_combo.setAccessibleName("AI type")
        for ai_type in data.ai_types.values():
            self.ai_combo.addItem(ai_type.name, ai_type.id)
            self.ai_combo.setItemData(
                self.ai_combo.count() - 1, ai_type.summary, Qt.ItemDataRole.ToolTipRole
            )
        self.ai_label = QLabel("&AI type:")
        self.ai_label.setBuddy(self.ai_combo)
        form.addRow(self.ai_label, self.ai_combo)

        self.tags_edit = QLineEdit()
        self.tags_edit.setAccessibleName("Tags")
        self.tags_edit.setPlaceholderText("comma-separated, e.g. psyker, character")
        form.addRow("&Tags:", self.tags_edit)
        outer.addLayout(form)

        # Stats: one field per stat of the ruleset; empty means the ruleset's default.
        self.stat_edits: dict[str, QLineEdit] = {}
        self.stat_labels: dict[str, QLabel] = {}
        if data.stats:
            box = QGroupBox("Stats")
            stats_form = QFormLayout(box)
            for name, stat in data.stats.items():
                edit = QLineEdit()
                edit.setAccessibleName(f"Stat {name}")
                edit.setToolTip(stat.description)
                if stat.default is not None:
                    edit.setPlaceholderText(f"default {_shown(stat.default)}")
                label = QLabel(f"{name.replace('_', ' ').capitalize()}:")
                label.setToolTip(stat.description)
                label.setBuddy(edit)
                stats_form.addRow(label, edit)
                self.stat_edits[name] = edit
                self.stat_labels[name] = label
            outer.addWidget(box)

        # A monster's area attack, where the ruleset has them; it changes with each round's
        # ability card, so it is edited here rather than only in the encounter file.
        self.area_box: AreaAttackBox | None = None
        if data.extra.get("area_attacks"):
            self.area_box = AreaAttackBox()
            outer.addWidget(self.area_box)
        outer.addWidget(self._weapons_box())
        # One box per field the ruleset declares, built from its spec.
        self.field_editors: dict[str, FieldEditor] = {}
        for spec in data.unit_fields.values():
            editor = field_editor(spec, self.session.encounter, self.editing, self)
            outer.addWidget(editor)
            self.field_editors[spec.name] = editor
        self._field_problems: dict[str, str] = {}

        self.message = QLabel()
        self.message.setObjectName("editorMessage")
        self.message.setAccessibleName("Problems")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.hide()
        dialog_layout.addWidget(self.message)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Save" if self.editing else "Add unit")
        self.ok_button.setAccessibleName("Save the unit" if self.editing else "Add unit")
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAccessibleName("Cancel")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        dialog_layout.addWidget(self.buttons)

    def _weapons_box(self) -> QGroupBox:
        box = QGroupBox("Weapons")
        layout = QVBoxLayout(box)
        self.weapons = _WeaponsTable(0, 4)
        self.weapons.setAccessibleName("Weapons")
        self.weapons.setHorizontalHeaderLabels(["Name", "Kind", "Range", "Strength"])
        self.weapons.verticalHeader().hide()
        header = self.weapons.horizontalHeader()
        header.setSectionResizeMode(W_NAME, QHeaderView.ResizeMode.Stretch)
        for column in (W_KIND, W_RANGE, W_STRENGTH):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.weapons.setMinimumHeight(90)
        layout.addWidget(self.weapons)
        row = QHBoxLayout()
        self.add_weapon_button = QPushButton("Add weapon")
        self.add_weapon_button.setAccessibleName("Add weapon")
        self.add_weapon_button.clicked.connect(self._new_weapon)
        self.remove_weapon_button = QPushButton("Remove weapon")
        self.remove_weapon_button.setAccessibleName("Remove weapon")
        self.remove_weapon_button.clicked.connect(self._remove_weapon)
        row.addWidget(self.add_weapon_button)
        row.addWidget(self.remove_weapon_button)
        row.addStretch(1)
        layout.addLayout(row)
        return box

    # -- filling -------------------------------------------------------------------------
    def _fill(self, record: dict) -> None:
        enc = self.session.encounter
        taken = [u.id for u in enc.units if u.id != self.editing]
        name = record.get("name") or ""
        self.name_edit.blockSignals(self.editing is not None)
        self.name_edit.setText(name)
        self.name_edit.blockSignals(False)
        wanted = record.get("id") or (slug(name) if name else "")
        self.id_edit.setText(unique_id(wanted, taken) if wanted else "")
        self._id_edited = bool(record.get("id"))
        side = record.get("side", "enemy")
        self.side_combo.setCurrentIndex(max(0, self.side_combo.findData(side)))
        at = record.get("at")
        if at is None:
            cells = free_cells(enc)
            at = cells[0] if cells else (0, 0)
        self.col_spin.setValue(int(at[0]))
        self.row_spin.setValue(int(at[1]))
        max_hp = int(record.get("max_hp", 10))
        self.max_hp_spin.setValue(max_hp)
        self.hp_spin.setValue(int(record.get("hp", max_hp)))
        self._hp_follows_max = self.hp_spin.value() == self.max_hp_spin.value()
        ai = record.get("ai")
        if ai:
            self.ai_combo.setCurrentIndex(max(0, self.ai_combo.findData(ai)))
        self.tags_edit.setText(", ".join(record.get("tags") or []))
        for stat, value in (record.get("stats") or {}).items():
            if stat in self.stat_edits:
                self.stat_edits[stat].setText(_shown(value))
        for weapon in record.get("weapons") or []:
            self.add_weapon(weapon)
        for name, editor in self.field_editors.items():
            editor.set_value(record.get(name))
        if self.area_box is not None:
            self.area_box.set_value(record.get("aoe"))

    def add_weapon(self, weapon: dict[str, Any]) -> int:
        row = self.weapons.rowCount()
        self.weapons.insertRow(row)
        self.weapons.setItem(row, W_NAME, QTableWidgetItem(str(weapon.get("name", ""))))
        kinds = list(self.ruleset.data.extra.get("weapon_kinds") or [])
        kind = str(weapon.get("kind", self._default_kind(kinds)))
        if kinds:
            combo = QComboBox()
            combo.setAccessibleName("Weapon kind")
            combo.addItems(kinds)
            if kind not in kinds:
                combo.addItem(kind)  # kept visible so the check can name it
            combo.setCurrentText(kind)
            combo.currentTextChanged.connect(self._recheck)
            self.weapons.setCellWidget(row, W_KIND, combo)
        else:
            self.weapons.setItem(row, W_KIND, QTableWidgetItem(kind))
        self.weapons.setItem(row, W_RANGE, QTableWidgetItem(_shown(weapon.get("range", 1))))
        strength = weapon.get("strength")
        self.weapons.setItem(
            row, W_STRENGTH, QTableWidgetItem("" if strength is None else str(strength))
        )
        self._extra_weapon_keys = getattr(self, "_extra_weapon_keys", {})
        self._extra_weapon_keys[row] = {
            k: v for k, v in weapon.items() if k not in ("name", "kind", "range", "strength")
        }
        return row

    @staticmethod
    def _default_kind(kinds: list[str]) -> str:
        """What a weapon without a kind is in a file (melee, range 1), where the ruleset has
        that kind; else its first kind."""
        return DEFAULT_WEAPON_KIND if not kinds or DEFAULT_WEAPON_KIND in kinds else kinds[0]

    def _new_weapon(self) -> None:
        """Add weapon: a new row, its name cell open for typing."""
        row = self.add_weapon({})
        item = self.weapons.item(row, W_NAME)
        assert item is not None  # add_weapon filled the row
        self.weapons.setCurrentItem(item)
        self.weapons.scrollToItem(item)
        self.weapons.editItem(item)

    def _remove_weapon(self) -> None:
        row = self.weapons.currentRow()
        if row < 0:
            row = self.weapons.rowCount() - 1
        if row >= 0:
            self.weapons.removeRow(row)
            extra = getattr(self, "_extra_weapon_keys", {})
            self._extra_weapon_keys = {
                (r if r < row else r - 1): v for r, v in extra.items() if r != row
            }
            self._recheck()

    # -- live behaviour ------------------------------------------------------------------
    def _watch_fields(self) -> None:
        """Once problems are shown, every change checks again, so a fixed problem goes."""
        for edit in (self.name_edit, self.id_edit, self.tags_edit, *self.stat_edits.values()):
            edit.textChanged.connect(self._recheck)
        for spin in (self.col_spin, self.row_spin, self.hp_spin, self.max_hp_spin):
            spin.valueChanged.connect(self._recheck)
        for combo in (self.side_combo, self.ai_combo):
            combo.currentIndexChanged.connect(self._recheck)
        self.weapons.itemChanged.connect(self._recheck)
        for editor in self.field_editors.values():
            editor.changed.connect(self._recheck)
        if self.area_box is not None:
            self.area_box.changed.connect(self._recheck)

    def _recheck(self, *_: Any) -> None:
        if not self.message.isHidden():
            self.show_problems(self.problems())

    def _name_edited(self, text: str) -> None:
        if not self._id_edited:
            taken = [u.id for u in self.session.encounter.units]
            self.id_edit.setText(unique_id(slug(text), taken) if text.strip() else "")

    def _id_typed(self, _text: str) -> None:
        self._id_edited = True

    def _hp_changed(self, value: int) -> None:
        self._hp_follows_max = value == self.max_hp_spin.value()

    def _max_changed(self, value: int) -> None:
        if self._hp_follows_max:  # a fresh unit usually starts at full HP
            self.hp_spin.blockSignals(True)
            self.hp_spin.setValue(value)
            self.hp_spin.blockSignals(False)

    def _side_changed(self, *_: Any) -> None:
        enemy = self.side == "enemy"
        self.ai_combo.setEnabled(enemy)
        self.ai_label.setEnabled(enemy)
        for editor in self.field_editors.values():
            editor.setEnabled(editor.spec.applies_to in ("all", self.side))
        if self.area_box is not None:  # characters' attacks are the players' own business
            self.area_box.setVisible(enemy)
        for name, spec in self.ruleset.data.stats.items():
            applies = spec.applies_to in ("all", self.side)
            self.stat_edits[name].setVisible(applies)
            self.stat_labels[name].setVisible(applies)

    @property
    def side(self) -> str:
        return self.side_combo.currentData()

    # -- the result ----------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Everything wrong with the fields, one clear sentence each (empty when fine)."""
        try:
            self.record()
        except _Problems as problems:
            return problems.messages
        return []

    def record(self) -> dict[str, Any]:
        record, problems = self._collect()
        if problems:
            raise _Problems(problems)
        return record

    def _collect(self) -> tuple[dict[str, Any], list[str]]:
        """The fields as a unit record, and what is wrong with them."""
        problems: list[str] = []
        enc = self.session.encounter
        data = self.ruleset.data
        name = self.name_edit.text().strip()
        if not name:
            problems.append("Give the unit a name.")
        unit_id = self.id_edit.text().strip()
        if not unit_id:
            problems.append("Give the unit an id (lower-case letters, digits, '-' or '_').")
        elif not ID_PATTERN.match(unit_id):
            problems.append(
                f"The id '{unit_id}' may only use lower-case letters, digits, '-' "
                "and '_', starting with a letter or digit."
            )
        elif enc.has_unit(unit_id) and unit_id != self.editing:
            problems.append(
                f"The id '{unit_id}' is taken by {enc.unit(unit_id).name}; choose another."
            )
        max_hp = self.max_hp_spin.value()
        hp = self.hp_spin.value()
        if max_hp <= 0:
            problems.append(f"Max HP must be more than 0 (it is {max_hp}).")
        elif hp > max_hp:
            problems.append(f"HP {hp} is above max HP {max_hp}.")
        cell = (self.col_spin.value(), self.row_spin.value())
        board = enc.board
        if not board.passable(cell):
            problems.append(
                f"Cell {cell[0]}, {cell[1]} is {board.terrain(cell).label}; "
                "no unit can stand there."
            )
        elif cell != tuple(self._opened.get("at", ())):  # where it stood is not news
            other = enc.unit_at(cell)
            if other is not None and other.id != self.editing:
                problems.append(f"Cell {cell[0]}, {cell[1]} is taken by {other.name}.")
        stats: dict[str, int | float] = {}
        for stat, edit in self.stat_edits.items():
            spec = data.stats[stat]
            if spec.applies_to not in ("all", self.side):
                continue
            text = edit.text().strip()
            if not text:
                if spec.default is not None:
                    stats[stat] = spec.default
                continue
            value = _number(text)
            if value is None:
                problems.append(f"Stat '{stat}' must be a number, not '{text}'.")
            else:
                stats[stat] = value
        tags = [t.strip() for t in self.tags_edit.text().split(",") if t.strip()]
        weapons = self._weapon_records(problems)
        record: dict[str, Any] = {
            "id": unit_id,
            "name": name,
            "side": self.side,
            "at": list(cell),
            "hp": hp,
            "max_hp": max_hp,
            "stats": stats,
            "tags": tags,
            "weapons": weapons,
        }
        if self.side == "enemy":
            record["ai"] = self.ai_combo.currentData()
            if self.area_box is not None:
                record["aoe"] = self.area_box.value()
                area_problem = self.area_box.problem()
                if area_problem:
                    problems.append(area_problem)
        fields = {
            name: editor.value()
            for name, editor in self.field_editors.items()
            if editor.spec.applies_to in ("all", self.side)
        }
        record.update(fields)
        # The same check as the encounter reader's and the tracker's, shown by the field.
        self._field_problems = {
            p.field: p.message
            for p in check_unit_fields(
                data.unit_fields, fields, unit_id, data.id, [u.id for u in enc.units]
            )
        }
        problems += [
            f"{data.unit_fields[name].label}: {message}"
            for name, message in self._field_problems.items()
        ]
        return record, problems

    def _weapon_records(self, problems: list[str]) -> list[dict[str, Any]]:
        kinds = self.ruleset.data.extra.get("weapon_kinds")
        extra = getattr(self, "_extra_weapon_keys", {})
        out = []
        for row in range(self.weapons.rowCount()):

            def text(column: int, row: int = row) -> str:
                item = self.weapons.item(row, column)
                return item.text().strip() if item is not None else ""

            where = f"Weapon {row + 1}"
            name = text(W_NAME)
            if not name:
                problems.append(f"{where} has no name; name it or remove it.")
            else:
                where = f"Weapon {row + 1} ({name})"
            combo = self.weapons.cellWidget(row, W_KIND)
            kind = combo.currentText() if isinstance(combo, QComboBox) else text(W_KIND)
            kind = kind or DEFAULT_WEAPON_KIND
            if kinds is not None and kind not in kinds:
                problems.append(
                    f"{where}: the kind must be one of {', '.join(kinds)}, not '{kind}'."
                )
            reach = _number(text(W_RANGE) or "1")
            if reach is None or reach < 0:
                problems.append(
                    f"{where}: the range must be a number of 0 or more, not '{text(W_RANGE)}'."
                )
            strength_text = text(W_STRENGTH)
            strength = _number(strength_text) if strength_text else None
            if strength_text and not isinstance(strength, int):
                problems.append(
                    f"{where}: the strength must be a whole number (or empty), "
                    f"not '{strength_text}'."
                )
            weapon: dict[str, Any] = {
                **extra.get(row, {}),
                "name": name,
                "kind": kind,
                "range": reach if reach is not None else 1,
            }
            if isinstance(strength, int):
                weapon["strength"] = strength
            out.append(weapon)
        return out

    def command(self) -> Command:
        """The command for the fields; raises ValueError listing the problems. For a unit
        being edited, only the fields the user changed, applied to the unit as it is now."""
        record = self.record()
        if self.editing is not None:
            current = self.session.encounter.unit(self.editing)
            return UpdateUnit(self.editing, update_of(self._mine(record), current))
        return AddUnit(record)

    def _mine(self, record: dict[str, Any]) -> dict[str, Any]:
        """The fields the user changed since the dialog opened."""
        return differences(flat(self._opened), flat(record))

    def _meanwhile(self) -> str | None:
        """Whether saving must wait: the unit was removed, or a field the user changed was
        also changed in another window since the user last looked (said once; the next Save
        keeps the user's values)."""
        assert self.editing is not None
        encounter = self.session.encounter
        if not encounter.has_unit(self.editing):
            name = self._opened.get("name", self.editing)
            return f"{name} was removed in another window while you edited it; nothing was saved."
        now = unit_fields_of(encounter.unit(self.editing))
        clashes = collisions(self._mine(self.record()), self._seen, now)
        self._seen = now  # shown now: the next Save keeps the user's values
        if not clashes:
            return None
        return (
            f"While you edited, {encounter.unit(self.editing).name} was changed in another "
            f"window: {'; '.join(_clash_text(c) for c in clashes)}. Save again to keep your "
            "values, or Cancel."
        )

    def show_problems(self, messages: list[str]) -> None:
        for name, editor in self.field_editors.items():
            editor.show_problem(self._field_problems.get(name) if messages else None)
        self.message.setStyleSheet(error_style(self))
        self.message.setText("\n".join(messages))
        self.message.setVisible(bool(messages))

    def accept(self) -> None:
        problems = self.problems()
        if problems:
            self.show_problems(problems)
            return
        meant_for = None
        if self.editing is not None:
            waiting = self._meanwhile()
            if waiting:
                self.show_problems([waiting])
                return
            name = self.session.encounter.unit(self.editing).name
            mine = self._mine(self.record())
            meant_for = unchanged_since(self.editing, name, self._seen, mine.keys())
        error = self._apply(self.command(), meant_for)
        if error:
            self.show_problems([error])
            return
        self.show_problems([])
        super().accept()


class _WeaponsTable(QTableWidget):
    """Enter never submits the dialog from here: it commits the cell being typed in (the
    editor takes it), and on a cell not being edited it opens that cell, as F2 does; a
    half-typed weapon is never sent off by a stray Enter."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.state() != QAbstractItemView.State.EditingState
        ):
            current = self.currentIndex()
            if current.isValid() and self.indexWidget(current) is None:
                self.edit(current)
            event.accept()
            return
        super().keyPressEvent(event)


class _Problems(ValueError):
    def __init__(self, messages: list[str]) -> None:
        super().__init__("; ".join(messages))
        self.messages = messages


_FIELD_WORDS = {"at": "cell", "hp": "HP", "max_hp": "max HP", "ai": "AI type", "aoe": "area"}


def _clash_text(clash: Collision) -> str:
    field = clash.field.removeprefix("stats.")
    what = _FIELD_WORDS.get(field, field.replace("_", " "))
    return f"{what} {_value(clash.seen)} → {_value(clash.now)} (yours: {_value(clash.mine)})"


def _value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, dict):
        return str(value.get("name") or value.get("kind") or value)
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value) or "none"
    return _shown(value)


def _shown(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
