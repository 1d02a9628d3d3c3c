"""The roster as a Qt table model over a tracker session: one row per unit, in roster order.

Rows follow the session: after every change the new units are compared with the
ones the model holds, so rows are inserted and removed where units came and went
(undo of a removal brings the row back in place) and `dataChanged` covers only
the cells that changed. Edits become tracker commands; a refused command is
reported through `commandFailed` and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QIcon, QPainter, QPen, QPixmap, QPolygonF

from desktop.engine.ruleset import Ruleset, StatusSpec
from desktop.engine.unit_fields import shown_fields
from desktop.engine.units import Unit
from desktop.errors import FoebookError
from desktop.tracker.display_names import display_names, last_attacker_name
from desktop.tracker.expiry_words import reminder_and_expiry
from desktop.tracker.session import RELOAD, Change, MeantFor, Session
from ui import palette
from ui.marker_looks import MarkerLook, look_of, marker_looks
from ui.roster.hp_input import HELP as HP_HELP
from ui.roster.hp_input import HpEntry, HpInputError, parse_hp_input, still_standing
from ui.scenario.standee_looks import ELITE_MARK, is_elite, standee_words

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker.commands import Command

log = logging.getLogger(__name__)
# Runs a command for the roster (the window's runner): why it was refused, or None when done.
Runner = Callable[["Command", MeantFor | None], str | None]

COL_NAME, COL_SIDE, COL_HP, COL_MARKERS, COL_AI, COL_POSITION, COL_INITIATIVE = range(7)
COLUMN_COUNT = 7
INITIATIVE = "initiative"  # the stat the Init column shows, for rulesets that have it
HEADERS = {
    COL_NAME: ("Name", "The unit's name; double-click or F2 to rename"),
    COL_SIDE: ("Side", "◆ enemy (vermilion), ● player (blue); grey when defeated"),
    COL_HP: ("HP", "Hit points: double-click or Enter, then -3 damages, +2 heals, =7 sets"),
    COL_MARKERS: ("Markers", "Status markers on the unit; hover an icon for its reminder"),
    COL_AI: ("AI", "The enemy's AI type; double-click to choose another"),
    COL_POSITION: ("At", "Cell as column, row (0, 0 is the top-left)"),
    COL_INITIATIVE: (
        "Init",
        "Initiative this round: lower acts first and wins ties; "
        "double-click or Enter to type the new round's number",
    ),
}

UNIT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
HP_FRACTION_ROLE = Qt.ItemDataRole.UserRole + 2  # hp / max_hp, may be below 0
STATUSES_ROLE = Qt.ItemDataRole.UserRole + 3  # tuple of MarkerInfo
DEFEATED_ROLE = Qt.ItemDataRole.UserRole + 4
HP_ROLE = Qt.ItemDataRole.UserRole + 5  # (hp, max_hp)
SORT_ROLE = Qt.ItemDataRole.UserRole + 6  # a number or a case-folded text per column
SIDE_ROLE = Qt.ItemDataRole.UserRole + 7  # "enemy" / "player"

_EDITABLE = {COL_NAME, COL_HP, COL_AI, COL_INITIATIVE}
SIDE_ICON = 12
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_EDIT_FLAGS = _FLAGS | Qt.ItemFlag.ItemIsEditable
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_EDIT = int(Qt.ItemDataRole.EditRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_SPOKEN = int(Qt.ItemDataRole.AccessibleTextRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_ALIGN = {
    COL_SIDE: int(Qt.AlignmentFlag.AlignCenter),
    COL_INITIATIVE: int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
    COL_POSITION: int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
}
_ANSWERED = frozenset(
    {
        _DISPLAY,
        _EDIT,
        _TOOLTIP,
        _SPOKEN,
        _FOREGROUND,
        _FONT,
        _DECORATION,
        _ALIGNMENT,
        UNIT_ID_ROLE,
        HP_FRACTION_ROLE,
        STATUSES_ROLE,
        DEFEATED_ROLE,
        HP_ROLE,
        SORT_ROLE,
        SIDE_ROLE,
    }
)


@dataclass(frozen=True)
class MarkerInfo:
    """One marker on a unit, as the markers column draws it."""

    id: str
    name: str
    reminder: str
    look: MarkerLook
    count: int | None = None
    derived: bool = False

    @property
    def label(self) -> str:
        return f"{self.name} ({self.count})" if self.count is not None else self.name


@dataclass(frozen=True)
class _Row:
    """What one roster row shows of a unit."""

    unit: Unit
    counters: Mapping[str, int]
    defeated: bool


def _changed_columns(old: _Row, new: _Row) -> tuple[int, int]:
    """The first and last column whose contents differ between two versions of a row."""
    if old.defeated != new.defeated or old.unit.side != new.unit.side:
        return 0, COLUMN_COUNT - 1  # greying and editability touch every cell
    a, b = old.unit, new.unit
    columns = []
    if (a.name, a.stats, a.tags, a.weapons, a.fields) != (
        b.name,
        b.stats,
        b.tags,
        b.weapons,
        b.fields,
    ):
        columns.append(COL_NAME)  # the name's tooltip lists the rest
    if (a.hp, a.max_hp) != (b.hp, b.max_hp):
        columns.append(COL_HP)
    if a.statuses != b.statuses or dict(old.counters) != dict(new.counters):
        columns.append(COL_MARKERS)
    if a.ai != b.ai:
        columns.append(COL_AI)
    if a.at != b.at:
        columns.append(COL_POSITION)
    if a.stats.get(INITIATIVE) != b.stats.get(INITIATIVE):
        columns.append(COL_INITIATIVE)
    if not columns:
        return -1, -1
    return min(columns), max(columns)


class RosterModel(QAbstractTableModel):
    """Units of one session; `execute` runs a command and reports refusals."""

    commandFailed = Signal(str)
    commandDone = Signal(str)

    def __init__(self, session: Session | None = None, parent=None) -> None:
        super().__init__(parent)
        self._session: Session | None = None
        self._rows: list[_Row] = []
        self._current: str | None = None
        self._syncing = False  # rows are being brought up to date (see setData)
        self._reloading = False  # ... with another window's changes
        # Held in a list the `destroyed` handler can reach without keeping `self` alive.
        self._unsubscribe: list[Callable[[], None]] = []
        holder = self._unsubscribe
        self.destroyed.connect(lambda *_: [u() for u in holder])
        self._bold = QFont()
        self._bold.setBold(True)
        # The window's one command runner (it knows the database connection); a model on
        # its own runs commands on the session itself.
        self._runner: Runner | None = None
        if session is not None:
            self.set_session(session)

    # -- the session ---------------------------------------------------------------------
    @property
    def session(self) -> Session | None:
        return self._session

    @property
    def ruleset(self) -> Ruleset | None:
        return self._session.ruleset if self._session is not None else None

    def set_session(self, session: Session | None) -> None:
        self.beginResetModel()
        while self._unsubscribe:
            self._unsubscribe.pop()()
        self._session = session
        self._rows = []
        self._current = None
        if session is not None:
            self._unsubscribe.append(session.subscribe(self._on_change))
            self._rows = self._rows_of(session)
            self._current = session.current_unit
        self.endResetModel()

    def _rows_of(self, session: Session) -> list[_Row]:
        state = session.state
        return [self._row(u, state.counters_of(u.id)) for u in state.encounter.units]

    def _row(self, unit: Unit, counters: Mapping[str, int]) -> _Row:
        assert self._session is not None
        return _Row(unit, counters or MappingProxyType({}), self._session.ruleset.is_defeated(unit))

    def _on_change(self, change: Change) -> None:
        self._reloading = change.kind == RELOAD
        try:
            self.sync()
        finally:
            self._reloading = False

    def sync(self) -> None:
        """Bring the rows up to date with the session, signalling only what changed."""
        session = self._session
        if session is None:
            return
        self._syncing = True
        try:
            self._sync(session)
        finally:
            self._syncing = False

    def _sync(self, session: Session) -> None:
        state = session.state
        units = state.encounter.units
        new_ids = [u.id for u in units]
        if new_ids != [r.unit.id for r in self._rows]:
            self._sync_rows(new_ids, {u.id: u for u in units}, state)
        for row, unit in enumerate(units):
            old = self._rows[row]
            counters = state.counters_of(unit.id)
            if old.unit is unit and old.counters == counters:
                continue
            new = self._row(unit, counters)
            self._rows[row] = new
            first, last = _changed_columns(old, new)
            if first >= 0:
                self.dataChanged.emit(self.index(row, first), self.index(row, last))
        current = session.current_unit
        if current != self._current:
            previous, self._current = self._current, current
            for unit_id in (previous, current):
                row = self.row_of(unit_id) if unit_id else -1
                if row >= 0:  # bold follows the unit now activating
                    self.dataChanged.emit(
                        self.index(row, 0),
                        self.index(row, COLUMN_COUNT - 1),
                        [Qt.ItemDataRole.FontRole],
                    )

    def _sync_rows(self, new_ids: list[str], by_id: dict[str, Unit], state) -> None:
        wanted = set(new_ids)
        # Removals, last row first so earlier row numbers stay valid; contiguous runs at once.
        row = len(self._rows) - 1
        while row >= 0:
            if self._rows[row].unit.id in wanted:
                row -= 1
                continue
            last = row
            while row - 1 >= 0 and self._rows[row - 1].unit.id not in wanted:
                row -= 1
            self.beginRemoveRows(QModelIndex(), row, last)
            del self._rows[row : last + 1]
            self.endRemoveRows()
            row -= 1
        # Insertions at their place in the new order (what is left is a subsequence of it).
        have = {r.unit.id for r in self._rows}
        position = 0
        while position < len(new_ids):
            if new_ids[position] in have:
                position += 1
                continue
            end = position
            while end + 1 < len(new_ids) and new_ids[end + 1] not in have:
                end += 1
            self.beginInsertRows(QModelIndex(), position, end)
            self._rows[position:position] = [
                self._row(by_id[i], state.counters_of(i)) for i in new_ids[position : end + 1]
            ]
            self.endInsertRows()
            position = end + 1
        if [r.unit.id for r in self._rows] != new_ids:
            self._reorder(new_ids)

    def _reorder(self, new_ids: list[str]) -> None:
        """The same units in another order: a layout change that keeps persistent indexes."""
        self.layoutAboutToBeChanged.emit()
        old_row = {r.unit.id: i for i, r in enumerate(self._rows)}
        by_id = {r.unit.id: r for r in self._rows}
        self._rows = [by_id[i] for i in new_ids]
        new_row = {unit_id: i for i, unit_id in enumerate(new_ids)}
        old_ids = {i: unit_id for unit_id, i in old_row.items()}
        persistent = self.persistentIndexList()
        moved = [self.index(new_row[old_ids[p.row()]], p.column()) for p in persistent]
        self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()

    # -- lookups -------------------------------------------------------------------------
    def unit_at(self, row: int) -> Unit:
        return self._rows[row].unit

    def row_of(self, unit_id: str) -> int:
        for row, r in enumerate(self._rows):
            if r.unit.id == unit_id:
                return row
        return -1

    def unit(self, unit_id: str) -> Unit | None:
        row = self.row_of(unit_id)
        return self._rows[row].unit if row >= 0 else None

    def defeated(self, row: int) -> bool:
        return self._rows[row].defeated

    def markers(self, row: int) -> tuple[MarkerInfo, ...]:
        r = self._rows[row]
        specs = self.ruleset.data.statuses if self.ruleset is not None else {}
        looks = marker_looks(specs)
        out = []
        for status in r.unit.statuses:
            known = specs.get(status)
            spec = known or StatusSpec(status, status, "", icon=status)
            # The reminder tooltip also says when the marker goes, for markers the ruleset knows.
            reminder = reminder_and_expiry(known) if known is not None else ""
            out.append(
                MarkerInfo(
                    status,
                    spec.name,
                    reminder,
                    look_of(looks, status),
                    r.counters.get(status),
                    spec.derived,
                )
            )
        return tuple(out)

    # -- commands ------------------------------------------------------------------------
    def set_runner(self, runner: Runner) -> None:
        self._runner = runner

    def attempt(self, command: Command, meant_for: MeantFor | None = None) -> str | None:
        """Run a command (checked with `meant_for`, see Session.execute); the sentence saying
        why it was refused (nothing changed), or None."""
        if self._session is None:
            return "No session is open."
        if self._runner is not None:
            error = self._runner(command, meant_for)
        else:
            try:
                self._session.execute(command, meant_for)
                error = None
            except FoebookError as refused:
                error = str(refused)
        if error is not None:
            log.info("refused %s: %s", command.kind, error)
            return sentence(error)
        return None

    def execute(self, command: Command, meant_for: MeantFor | None = None) -> bool:
        """Run a command on the session; a refusal is reported, never raised."""
        error = self.attempt(command, meant_for)
        if error is not None:
            self.commandFailed.emit(error)
            return False
        if self._session is not None:
            self.commandDone.emit(self._session.history[-1].text)
        return True

    # -- QAbstractTableModel -------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or section not in HEADERS:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADERS[section][1]
        return None

    def index(
        self, row: int, column: int, parent: QModelIndex | QPersistentModelIndex | None = None
    ) -> QModelIndex:
        # In Python so a view's many index() calls do not each call back into
        # rowCount() and columnCount() through the binding.
        if (parent is not None and parent.isValid()) or not (
            0 <= row < len(self._rows) and 0 <= column < COLUMN_COUNT
        ):
            return QModelIndex()
        return self.createIndex(row, column)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return _NO_FLAGS
        column = index.column()
        unit = self._rows[index.row()].unit
        if column == COL_INITIATIVE:
            return _EDIT_FLAGS if self.has_initiative(unit) else _FLAGS
        if column in _EDITABLE and (column != COL_AI or unit.is_enemy):
            return _EDIT_FLAGS
        return _FLAGS

    def initiative_stat(self) -> Any:
        """The ruleset's initiative stat (None when its units have none)."""
        ruleset = self.ruleset
        return ruleset.data.stats.get(INITIATIVE) if ruleset is not None else None

    def has_initiative(self, unit: Unit) -> bool:
        spec = self.initiative_stat()
        return spec is not None and spec.applies_to in ("all", unit.side.value)

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        # Called several times per painted cell: roles are compared as plain ints, and
        # roles the roster does not answer return at once.
        role = int(role)
        if role not in _ANSWERED or not index.isValid() or self._session is None:
            return None
        row, column = index.row(), index.column()
        r = self._rows[row]
        unit = r.unit
        if role == _DISPLAY:
            return self._display(row, column)
        if role == _FOREGROUND:
            return palette.DEFEATED if r.defeated else None
        if role == _FONT:
            return self._bold if unit.id == self._current else None
        if role == _ALIGNMENT:
            return _ALIGN.get(column)
        if role == _DECORATION:
            return side_icon(unit.is_enemy, r.defeated) if column == COL_SIDE else None
        if role == HP_ROLE:
            return (unit.hp, unit.max_hp)
        if role == DEFEATED_ROLE:
            return r.defeated
        if role == STATUSES_ROLE:
            return self.markers(row)
        if role == _SPOKEN:
            return self._display(row, column, spoken=True)
        if role == _EDIT:
            if column == COL_NAME:
                return unit.name
            if column == COL_HP:
                return unit.hp
            if column == COL_AI:
                return unit.ai or ""
            return self._display(row, column)
        if role == _TOOLTIP:
            return self._tooltip(row, column)
        if role == UNIT_ID_ROLE:
            return unit.id
        if role == HP_FRACTION_ROLE:
            return unit.hp / unit.max_hp if unit.max_hp else 0.0
        if role == SIDE_ROLE:
            return unit.side.value
        if role == SORT_ROLE:
            return self._sort_key(row, column)
        return None

    def _ai_name(self, unit: Unit) -> str:
        if not unit.ai:
            return ""
        spec = self.ruleset.data.ai_types.get(unit.ai) if self.ruleset else None
        name = spec.name if spec else unit.ai
        # Its kind beside it (a zombie's "runner"): two figures of one AI that act
        # differently never read the same.
        specs = self.ruleset.data.unit_fields if self.ruleset else {}
        kinds = [value for _label, value in shown_fields(specs, unit.fields, unit.is_enemy)]
        return f"{name} ({', '.join(kinds)})" if kinds else name

    def _display(self, row: int, column: int, spoken: bool = False) -> str:
        r = self._rows[row]
        unit = r.unit
        if column == COL_NAME:
            elite = (" (elite)" if spoken else ELITE_MARK) if is_elite(unit) else ""
            return unit.name + elite + (" (defeated)" if spoken and r.defeated else "")
        if column == COL_SIDE:  # shown as a shape and colour; spoken as a word
            return ("Enemy" if unit.is_enemy else "Player") if spoken else ""
        if column == COL_HP:
            return f"{unit.hp} of {unit.max_hp} HP" if spoken else f"{unit.hp} / {unit.max_hp}"
        if column == COL_MARKERS:
            labels = ", ".join(m.label for m in self.markers(row))
            return labels or ("no markers" if spoken else "")
        if column == COL_AI:
            return self._ai_name(unit)
        if column == COL_POSITION:
            return (
                f"column {unit.at[0]}, row {unit.at[1]}"
                if spoken
                else (f"{unit.at[0]}, {unit.at[1]}")
            )
        if column == COL_INITIATIVE:
            if not self.has_initiative(unit):
                return ""
            value = unit.stats.get(INITIATIVE, self.initiative_stat().default)
            text = "" if value is None else _number(value)
            return f"initiative {text}" if spoken and text else text
        return ""

    def _tooltip(self, row: int, column: int) -> str:
        r = self._rows[row]
        unit = r.unit
        if column == COL_HP:
            state = " — defeated" if r.defeated else ""
            return (
                f"{unit.name}: {unit.hp} of {unit.max_hp} HP{state}\n"
                f"Double-click or press Enter, then {HP_HELP}.\n"
                "- and + on the table take or give 1 HP."
            )
        if column == COL_MARKERS:
            markers = self.markers(row)
            if not markers:
                return f"{unit.name} has no markers. Markers… (M) puts one on."
            return "\n".join(f"{m.label}: {m.reminder}" if m.reminder else m.label for m in markers)
        if column == COL_AI:
            if not unit.is_enemy:
                return "Player units have no AI type."
            spec = self.ruleset.data.ai_types.get(unit.ai or "") if self.ruleset else None
            summary = f"{spec.name}: {spec.summary}" if spec else (unit.ai or "")
            return summary + "\nDouble-click to choose another AI type."
        if column == COL_SIDE:
            side = "Enemy" if unit.is_enemy else "Player"
            return f"{side}{' — defeated' if r.defeated else ''}"
        if column == COL_INITIATIVE:
            if not self.has_initiative(unit):
                return f"{unit.name} has no initiative of its own here."
            return (
                f"{unit.name}'s initiative this round: {self._display(row, column)}. "
                "Lower acts first and wins the monsters' focus ties.\n"
                "Double-click or press Enter to type this round's number."
            )
        if column == COL_POSITION:
            return (
                f"{unit.name} stands at column {unit.at[0]}, row {unit.at[1]} (0, 0 is the "
                "top-left cell); move it on the board."
            )
        return self._unit_summary(r)

    def _unit_summary(self, r: _Row) -> str:
        unit = r.unit
        lines = [
            f"{unit.name} ({unit.id}), {unit.side.value}" + (" — defeated" if r.defeated else ""),
            *standee_words(unit),
        ]
        if unit.stats:
            lines.append("Stats: " + ", ".join(f"{k} {_number(v)}" for k, v in unit.stats.items()))
        for weapon in unit.weapons:
            bits = [weapon.kind, f"range {_number(weapon.range)}"]
            if weapon.strength is not None:
                bits.append(f"strength {weapon.strength}")
            lines.append(f"Weapon: {weapon.name} ({', '.join(bits)})")
        if unit.tags:
            lines.append("Tags: " + ", ".join(unit.tags))
        specs = self.ruleset.data.unit_fields if self.ruleset is not None else {}
        for spec in specs.values():
            value = unit.fields.get(spec.name)
            if value:
                text = " → ".join(value) if isinstance(value, tuple) else str(value)
                lines.append(f"{spec.label}: {text}")
        session = self._session
        if (
            session is not None
            and unit.is_enemy
            and session.ruleset.capabilities.remembers_attacker
        ):
            lines.append(f"Attacked last by: {last_attacker_name(session.encounter, unit.id)}")
        if unit.id == self._current:
            lines.append("Activating now.")
        return "\n".join(lines)

    def _sort_key(self, row: int, column: int) -> Any:
        unit = self._rows[row].unit
        if column == COL_HP:
            return unit.hp
        if column == COL_MARKERS:
            return len(unit.statuses)
        if column == COL_POSITION:
            return unit.at[1] * 100_000 + unit.at[0]  # reading order: row, then column
        if column == COL_INITIATIVE:
            value = unit.stats.get(INITIATIVE) if self.has_initiative(unit) else None
            return float("inf") if value is None else float(value)
        if column == COL_SIDE:
            return unit.side.value
        return self._display(row, column).casefold()

    def setData(
        self,
        index: QModelIndex | QPersistentModelIndex,
        value: Any,
        role: int = Qt.ItemDataRole.EditRole,
    ) -> bool:
        from desktop.tracker.commands import RenameUnit, SetAi

        if (
            role != Qt.ItemDataRole.EditRole
            or not index.isValid()
            or not self.flags(index) & Qt.ItemFlag.ItemIsEditable
        ):
            return False
        unit = self._rows[index.row()].unit
        if self._syncing:
            # Qt commits an open cell whose row goes away (its unit was removed): what was
            # typed is not applied, and the user is told.
            self.commandFailed.emit(self._not_applied(unit, value))
            return False
        column = index.column()
        text = "" if value is None else str(value)
        if column == COL_NAME:
            if text.strip() == unit.name:
                return False  # nothing to change; no log entry
            return self.execute(RenameUnit(unit.id, text))
        if column == COL_AI:
            if text == unit.ai:
                return False
            return self.execute(SetAi(unit.id, text))
        if column == COL_INITIATIVE:
            return self._set_initiative(unit, text)
        if column == COL_HP:
            # Typed into the cell (HpEntry), or a value: an HP to set.
            if isinstance(value, HpEntry):
                entry = value
            elif isinstance(value, int) and not isinstance(value, bool):
                entry = HpEntry(f"={value}")
            else:
                entry = HpEntry(text)
            try:
                command = parse_hp_input(entry.text, unit, self._shown_names())
            except HpInputError as error:
                self.commandFailed.emit(sentence(str(error)))
                return False
            # Interpreted on the state it is applied to: "-2" takes 2 from the HP then, but
            # nothing is applied to a unit defeated since the cell opened.
            standing = (
                still_standing(self._session.ruleset, unit, entry.text)
                if entry.typed_for_standing and self._session is not None
                else None
            )
            return self.execute(command, standing)
        return False

    def _shown_names(self) -> dict[str, str]:
        """Unit id -> the name the table shows (who dealt damage is typed by it)."""
        return display_names(self._session.encounter.units) if self._session else {}

    def _not_applied(self, unit: Unit, value: Any) -> str:
        typed = str(value.text if isinstance(value, HpEntry) else value).strip()
        session = self._session
        if session is not None and not session.encounter.has_unit(unit.id):
            where = " in another window" if self._reloading else ""
            what = f"{unit.name} was removed{where} while you were editing it"
        else:
            what = f"{unit.name} changed while you were editing it"
        return f"{what}; '{typed}' was not applied."

    def _set_initiative(self, unit: Unit, text: str) -> bool:
        from desktop.tracker.commands import SetStat

        text = text.strip()
        if text == self._display(self.row_of(unit.id), COL_INITIATIVE):
            return False  # nothing to change; no log entry
        try:
            value = float(text)
        except ValueError:
            self.commandFailed.emit(
                f"{unit.name}: initiative must be a number such as 25, not '{text}'."
            )
            return False
        number = int(value) if value.is_integer() else value
        return self.execute(SetStat(unit.id, INITIATIVE, number))


@cache
def side_icon(enemy: bool, defeated: bool) -> QIcon:
    """Enemy a diamond, player a circle: the side reads without telling colours apart."""
    colour = palette.DEFEATED if defeated else (palette.ENEMY if enemy else palette.PLAYER)
    icon = QIcon()
    for ratio in (1.0, 2.0, 3.0):
        size = round(SIDE_ICON * ratio)
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(colour.darker(140), ratio))
        painter.setBrush(colour)
        inset = ratio
        box = QRectF(inset, inset, size - 2 * inset, size - 2 * inset)
        if enemy:
            c = box.center()
            painter.drawPolygon(
                QPolygonF(
                    [
                        QPointF(c.x(), box.top()),
                        QPointF(box.right(), c.y()),
                        QPointF(c.x(), box.bottom()),
                        QPointF(box.left(), c.y()),
                    ]
                )
            )
        else:
            painter.drawEllipse(box.adjusted(ratio, ratio, -ratio, -ratio))
        painter.end()
        pixmap.setDevicePixelRatio(ratio)
        icon.addPixmap(pixmap)
    return icon


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
