"""The roster panel (left dock): the unit table, a side filter, quick HP buttons, the markers
popup and add / duplicate / remove, all usable from the keyboard.

Every change goes through a tracker command; a refused command is shown in the
panel's message line and changes nothing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSizePolicy,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.chain import plural
from desktop.engine.units import Unit
from desktop.tracker.session import MeantFor, Session
from ui.marker_looks import UNKNOWN
from ui.own_viewport import own_viewport
from ui.roster.ai_delegate import AiDelegate
from ui.roster.field_editors import error_style
from ui.roster.hp_delegate import HpDelegate, MarkersDelegate, SideDelegate
from ui.roster.kept_editors import CellDelegate
from ui.roster.new_units import duplicate_record
from ui.roster.roster_model import (
    COL_AI,
    COL_HP,
    COL_INITIATIVE,
    COL_MARKERS,
    COL_NAME,
    COL_POSITION,
    COL_SIDE,
    UNIT_ID_ROLE,
    RosterModel,
    Runner,
    sentence,
)
from ui.roster.roster_proxy import RosterProxy, SideFilter
from ui.roster.status_icons import ICON_SIZE, status_icon

if TYPE_CHECKING:  # loaded when first opened (its dialog)
    from desktop.tracker.commands import Command
    from ui.roster.marker_popup import MarkerPopup
    from ui.roster.unit_editor import UnitEditor

log = logging.getLogger(__name__)

QUICK_HP = (-5, -1, 1, 5)
FOCUS_FRAME_MARGIN = 2  # Fusion's (QStyle.PixelMetric.PM_FocusFrameHMargin)
HP_SIGNS = ("-", "+", "=")  # on a selected row, each opens the HP cell with itself typed
# (keys, what they do) for the Help → Keyboard shortcuts sheet; active in the roster table.
# Enter is not here: it applies the decision everywhere, and commits a cell being typed in.
SHORTCUTS = (
    ("-", "Damage the selected unit: type -3 then Enter (- then Enter is 1 damage; Esc cancels)"),
    ("+", "Heal the selected unit: type +2 then Enter (+ then Enter heals 1)"),
    ("=", "Set the selected unit's HP: type =7 then Enter"),
    ("F2", "Rename the selected unit"),
    ("M", "Markers of the selected unit"),
    (
        "I",
        "Type the selected character's initiative for this round, then Enter "
        "(rule systems with initiative)",
    ),
    ("Ctrl+D", "Duplicate the selected unit"),
    ("Ctrl+E", "Edit the selected unit (stats, weapons, tags, priorities)"),
    ("Insert", "Add a unit"),
    ("Delete", "Remove the selected unit (asks first)"),
)
_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class RosterView(QTableView):
    """The table. '-', '+' and '=' (also on the keypad) open the selected unit's HP cell with
    that sign typed, so the digits that follow go into it: "-3" then Enter is 3 damage, and
    "-" then Enter is 1."""

    hpEditRequested = Signal(str)
    # A cell stopped being typed in (committed or cancelled); True when a click on the table
    # ended it (the click chooses what is selected next).
    editorClosed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)
        self._pressing = False

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressing = True
        try:
            super().mousePressEvent(event)
        finally:
            self._pressing = False

    def closeEditor(self, editor: QWidget, hint: QAbstractItemDelegate.EndEditHint) -> None:
        super().closeEditor(editor, hint)
        self.editorClosed.emit(self._pressing)

    def event(self, event: QEvent) -> bool:
        # While a cell is being typed in, Enter commits it: the window's Enter (apply the
        # decision) must not take the key away from the editor. (Esc already reaches it.)
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and self.state() == QAbstractItemView.State.EditingState
            and cast(QKeyEvent, event).key() in _ENTER_KEYS  # a ShortcutOverride is a key event
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.state() == QAbstractItemView.State.EditingState:
            super().keyPressEvent(event)
            return
        modifiers = event.modifiers() & ~(
            Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier
        )
        text = event.text()
        if event.key() == Qt.Key.Key_Minus:
            text = "-"
        elif event.key() == Qt.Key.Key_Plus:
            text = "+"
        if modifiers == Qt.KeyboardModifier.NoModifier and text in HP_SIGNS:
            self.hpEditRequested.emit(text)
            return
        super().keyPressEvent(event)


def _button(text: str, name: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setAccessibleName(name)
    button.setToolTip(tip)
    button.setAutoDefault(False)
    return button


class RosterPanel(QWidget):
    """Roster of one session. `unitSelected(id)` is emitted when the user selects a unit
    (not by `select_unit`, so two views can follow each other without echoing)."""

    unitSelected = Signal(str)

    def __init__(
        self,
        session: Session | None = None,
        parent: QWidget | None = None,
        runner: Runner | None = None,
    ) -> None:
        """`runner` runs the panel's commands (the window's one runner), if given."""
        super().__init__(parent)
        self.setObjectName("rosterPanel")
        self.setAccessibleName("Roster")
        self.model = RosterModel(parent=self)
        if runner is not None:
            self.model.set_runner(runner)
        self.proxy = RosterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.popup: MarkerPopup | None = None
        self.editor: UnitEditor | None = None
        self._selected: str | None = None
        self._quiet = False  # selecting programmatically: no unitSelected
        # A unit to select once the user stops typing in a cell or the markers popup: a
        # refresh must not commit or close what is being typed (see select_unit).
        self._waiting_selection: tuple[str | None] | None = None
        self._build()
        self.model.commandFailed.connect(self.show_message)
        self.model.commandDone.connect(lambda _text: self.show_message(""))
        for signal in (
            self.model.dataChanged,
            self.model.rowsInserted,
            self.model.rowsRemoved,
            self.model.modelReset,
            self.model.layoutChanged,
        ):
            signal.connect(self._model_changed)
        self.set_session(session)

    # -- building ------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)

        top = QHBoxLayout()
        show = QLabel("Sho&w:")  # Alt+S opens the Session menu
        self.side_filter = QComboBox()
        self.side_filter.setAccessibleName("Show units of side")
        for side in SideFilter:
            self.side_filter.addItem(side.label, side.value)
        self.side_filter.currentIndexChanged.connect(
            lambda _i: self.proxy.set_side_filter(self.side_filter.currentData())
        )
        show.setBuddy(self.side_filter)
        self.counts = QLabel()
        self.counts.setAccessibleName("Unit counts")
        self.counts.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top.addWidget(show)
        top.addWidget(self.side_filter)
        top.addStretch(1)
        top.addWidget(self.counts)
        layout.addLayout(top)

        self.view = RosterView()
        self.view.setObjectName("rosterTable")
        self.view.setAccessibleName("Units")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # roster order until asked
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.verticalHeader().hide()
        self.view.setItemDelegate(CellDelegate(self.view))  # name and Init
        self.hp_delegate = HpDelegate(self.view)
        self.markers_delegate = MarkersDelegate(self.view)
        self.ai_delegate = AiDelegate(lambda: self.model.ruleset, self.view)
        self.side_delegate = SideDelegate(self.view)
        self.view.setItemDelegateForColumn(COL_SIDE, self.side_delegate)
        self.view.setItemDelegateForColumn(COL_HP, self.hp_delegate)
        self.view.setItemDelegateForColumn(COL_MARKERS, self.markers_delegate)
        self.view.setItemDelegateForColumn(COL_AI, self.ai_delegate)
        fm = self.view.fontMetrics()
        self.view.verticalHeader().setDefaultSectionSize(max(fm.height() + 10, ICON_SIZE + 8))
        header = self.view.horizontalHeader()
        header.setHighlightSections(False)
        header.setMinimumSectionSize(fm.horizontalAdvance("M") * 3)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._header_menu)
        self.view.hpEditRequested.connect(self.edit_hp)
        self.view.editorClosed.connect(self._stopped_typing)
        self.view.doubleClicked.connect(self._double_clicked)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        layout.addWidget(self.view, 1)

        self.message = QLabel()
        self.message.setObjectName("rosterMessage")
        self.message.setAccessibleName("Roster message")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.message.hide()
        layout.addWidget(self.message)

        hp_row = QHBoxLayout()
        hp_row.setSpacing(3)
        hp_label = QLabel("HP:")
        hp_row.addWidget(hp_label)
        self.hp_buttons: dict[int, QPushButton] = {}
        for amount in QUICK_HP:
            text = f"−{-amount}" if amount < 0 else f"+{amount}"
            what = f"{-amount} damage" if amount < 0 else f"heal {amount}"
            button = _button(
                text,
                f"HP {text}: {what}",
                f"The selected unit takes {-amount} damage"
                if amount < 0
                else f"The selected unit heals {amount} (never above max HP)",
            )
            button.setMinimumWidth(fm.horizontalAdvance("+00") + 16)
            button.setMaximumWidth(fm.horizontalAdvance("+00") + 28)
            button.clicked.connect(lambda _c=False, a=amount: self.change_hp(a))
            hp_row.addWidget(button)
            self.hp_buttons[amount] = button
        hp_row.addStretch(1)
        self.markers_button = QToolButton()
        self.markers_button.setText("Markers…")
        self.markers_button.setIcon(status_icon(UNKNOWN))
        self.markers_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.markers_button.setAccessibleName("Markers of the selected unit")
        self.markers_button.clicked.connect(self.open_markers)
        hp_row.addWidget(self.markers_button)
        layout.addLayout(hp_row)

        # Two by two, so the roster dock stays narrow enough for small screens.
        unit_row = QGridLayout()
        unit_row.setSpacing(3)
        self.add_button = _button("Add…", "Add unit", "Add a unit (Insert)")
        self.add_button.clicked.connect(self.add_unit)
        self.edit_button = _button(
            "Edit…",
            "Edit unit",
            "Edit the selected unit's stats, weapons, tags and more (Ctrl+E on the table)",
        )
        self.edit_button.clicked.connect(self.edit_unit)
        self.duplicate_button = _button(
            "Duplicate",
            "Duplicate unit",
            "Add a fresh copy of the selected unit next to it (Ctrl+D)",
        )
        self.duplicate_button.clicked.connect(self.duplicate_unit)
        self.remove_button = _button(
            "Remove", "Remove unit", "Remove the selected unit; undo brings it back (Delete)"
        )
        self.remove_button.clicked.connect(self.remove_unit)
        for index, button in enumerate(
            (self.add_button, self.edit_button, self.duplicate_button, self.remove_button)
        ):
            unit_row.addWidget(button, index // 2, index % 2)
        unit_row.setColumnStretch(2, 1)
        layout.addLayout(unit_row)
        self._build_actions()

    def _build_actions(self) -> None:
        def action(text: str, keys, slot, name: str) -> QAction:
            act = QAction(text, self.view)
            act.setObjectName(name)
            if keys is not None:
                act.setShortcut(QKeySequence(keys))
                act.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            act.triggered.connect(slot)
            self.view.addAction(act)
            return act

        # Shortcuts live on the table only, so typing in an editor never removes a unit.
        self.rename_action = action("Rename", Qt.Key.Key_F2, self.rename_selected, "rename")
        self.damage_action = action("Take 1 damage", None, lambda: self.change_hp(-1), "damage1")
        self.heal_action = action("Heal 1", None, lambda: self.change_hp(1), "heal1")
        self.set_hp_action = action("Change HP…\t- + =", None, lambda: self.edit_hp(""), "editHp")
        self.markers_action = action("Markers…", Qt.Key.Key_M, self.open_markers, "markers")
        self.initiative_action = action(
            "Set initiative…", Qt.Key.Key_I, self.edit_initiative, "initiative"
        )
        self.duplicate_action = action(
            "Duplicate", QKeySequence("Ctrl+D"), self.duplicate_unit, "duplicate"
        )
        self.add_action = action("Add unit…", Qt.Key.Key_Insert, self.add_unit, "addUnit")
        self.edit_action = action("Edit unit…", QKeySequence("Ctrl+E"), self.edit_unit, "editUnit")
        self.remove_action = action(
            "Remove…", QKeySequence.StandardKey.Delete, self.remove_unit, "remove"
        )
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    # -- session -------------------------------------------------------------------------
    def set_session(self, session: Session | None) -> None:
        if self.popup is not None:
            self.popup.close()
        self._selected = None
        self.model.set_session(session)
        # The Init column only for rule systems whose figures have an initiative stat.
        self.view.setColumnHidden(COL_INITIATIVE, self.model.initiative_stat() is None)
        self._size_columns()
        self.show_message("")
        self._update_actions()

    @property
    def session(self) -> Session | None:
        return self.model.session

    def _size_columns(self) -> None:
        """Widths from the font and the ruleset (its longest AI name, how many markers a
        unit can carry), so nothing is clipped at the dock's usual width."""
        fm = self.view.fontMetrics()
        header = self.view.horizontalHeader()
        hfm = header.fontMetrics()
        # Fusion's focus frame margin (2 px) each side, and room: asking the style would make
        # PySide build QStyle's ~570 enums before the first paint (ui/roster/hp_delegate.py).
        pad = 2 * FOCUS_FRAME_MARGIN + 12

        def titled(column: int, content: int) -> int:
            title = self.model.headerData(column, Qt.Orientation.Horizontal) or ""
            return max(content, hfm.horizontalAdvance(title) + 20)  # room for the sort arrow

        ruleset = self.model.ruleset
        ai_names = [s.name for s in ruleset.data.ai_types.values()] if ruleset else []
        markers = len(ruleset.data.statuses) if ruleset else 1
        chips = (
            min(max(markers, 1), 4) * (ICON_SIZE + 3) - 3 + fm.horizontalAdvance("2") + 2 + 2 * 4
        )
        widths = {
            COL_SIDE: titled(COL_SIDE, 12 + pad),
            COL_HP: titled(COL_HP, fm.horizontalAdvance("00 / 00") + 22),
            COL_MARKERS: titled(COL_MARKERS, chips),
            COL_AI: titled(
                COL_AI,
                min(
                    max((fm.horizontalAdvance(n) for n in ai_names), default=0) + pad,
                    fm.horizontalAdvance("M") * 9,
                ),
            ),
            COL_POSITION: titled(COL_POSITION, fm.horizontalAdvance("00, 00") + pad),
            COL_INITIATIVE: titled(COL_INITIATIVE, fm.horizontalAdvance("00") + pad),
        }
        for column, width in widths.items():
            self.view.setColumnWidth(column, width)

    def _header_menu(self, pos) -> None:
        """Right-click on the header: show or hide columns (the name always stays)."""
        menu = QMenu(self)
        for column in range(self.model.columnCount()):
            if column == COL_NAME:
                continue
            title = self.model.headerData(column, Qt.Orientation.Horizontal)
            act = menu.addAction(title)
            act.setCheckable(True)
            act.setChecked(not self.view.isColumnHidden(column))
            act.toggled.connect(lambda on, c=column: self.view.setColumnHidden(c, not on))
        menu.exec(self.view.horizontalHeader().mapToGlobal(pos))

    # -- selection -----------------------------------------------------------------------
    def selected_unit(self) -> str | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return rows[0].data(UNIT_ID_ROLE)

    def _selected_unit_object(self) -> Unit | None:
        unit_id = self.selected_unit()
        return self.model.unit(unit_id) if unit_id else None

    def select_unit(self, unit_id: str | None) -> bool:
        """Select and show a unit (switching the side filter to all units if it hides it);
        False when there is no such unit. Does not emit unitSelected.

        While the user types in a cell or has the markers popup open, the selection waits
        until they are done: moving it would commit the half-typed cell or close the popup
        (the turn moving on in another window selects the unit now acting)."""
        if self.view.state() == QAbstractItemView.State.EditingState or self.popup is not None:
            self._waiting_selection = (unit_id,)
            return unit_id is None or self.model.row_of(unit_id) >= 0
        self._waiting_selection = None
        self._quiet = True
        try:
            return self._select(unit_id)
        finally:
            self._quiet = False

    def _select(self, unit_id: str | None) -> bool:
        selection = self.view.selectionModel()
        if unit_id is None:
            selection.clearSelection()
            return True
        if self.model.row_of(unit_id) < 0:
            return False
        row = self.proxy.proxy_row(unit_id)
        if row < 0:
            self.side_filter.setCurrentIndex(self.side_filter.findData(SideFilter.ALL.value))
            row = self.proxy.proxy_row(unit_id)
        index = self.proxy.index(row, COL_NAME)
        selection.setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.view.scrollTo(index)
        return True

    def _stopped_typing(self, by_click: bool = False) -> None:
        """The selection that waited is made now, unless a click on the table ended the
        typing: the row clicked is the user's choice."""
        waiting, self._waiting_selection = self._waiting_selection, None
        if waiting is not None and not by_click:
            self.select_unit(waiting[0])

    def _selection_changed(self, *_args) -> None:
        unit_id = self.selected_unit()
        if unit_id != self._selected:
            self._selected = unit_id
            if unit_id is not None and not self._quiet:
                self._waiting_selection = None  # the user's own choice wins
                self.unitSelected.emit(unit_id)
        if self.popup is not None and self.popup.unit_id != unit_id:
            self.popup.close()
        self._update_actions()

    # -- feedback ------------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        """A refusal or a problem, in words; empty hides the line."""
        self.message.setStyleSheet(error_style(self))
        self.message.setText(text)
        self.message.setVisible(bool(text))
        if text:
            log.debug("roster message: %s", text)

    def drop_notes(self, notes: list[str]) -> None:
        """Hide the message line if it shows one of these notes (trouble that is over)."""
        if self.message.text() in {sentence(note) for note in notes}:
            self.show_message("")

    def _model_changed(self, *_args) -> None:
        self._update_actions()
        if self.popup is not None:
            self.popup.refresh()

    def _update_actions(self) -> None:
        session = self.session
        unit = self._selected_unit_object()
        has = unit is not None
        for amount, button in self.hp_buttons.items():
            button.setEnabled(unit is not None and (amount < 0 or unit.hp < unit.max_hp))
        hand_set = (
            session.ruleset.data.hand_set(session.encounter.rules) if session is not None else []
        )
        self.markers_button.setEnabled(has and bool(hand_set))
        if session is not None and not hand_set:
            self.markers_button.setToolTip(
                f"{session.ruleset.data.name} has no markers to put "
                "on by hand; its markers follow HP"
            )
        else:
            self.markers_button.setToolTip("Put markers on the selected unit or take them off (M)")
        self.markers_action.setEnabled(has and bool(hand_set))
        self.initiative_action.setEnabled(unit is not None and self.model.has_initiative(unit))
        for act in (
            self.rename_action,
            self.damage_action,
            self.heal_action,
            self.set_hp_action,
            self.duplicate_action,
            self.remove_action,
            self.edit_action,
        ):
            act.setEnabled(has)
        self.duplicate_button.setEnabled(has)
        self.edit_button.setEnabled(has)
        self.remove_button.setEnabled(has)
        self.add_button.setEnabled(session is not None)
        self.add_action.setEnabled(session is not None)
        self.side_filter.setEnabled(session is not None)
        if session is None:
            self.counts.setText("")
            return
        units = session.encounter.units
        enemies = sum(1 for u in units if u.is_enemy)
        players = len(units) - enemies
        self.counts.setText(f"{plural(enemies, 'enemy')} · {plural(players, 'player')}")

    # -- actions -------------------------------------------------------------------------
    def execute(self, command: Command) -> bool:
        return self.model.execute(command)

    def change_hp(self, amount: int) -> bool:
        from desktop.tracker.commands import Damage, Heal

        unit = self._selected_unit_object()
        if unit is None or amount == 0:
            return False
        command = Damage(unit.id, -amount) if amount < 0 else Heal(unit.id, amount)
        return self.execute(command)

    def edit_hp(self, initial: str = "") -> None:
        """Open the selected unit's HP cell for typing "-3", "+2" or "=7"."""
        unit_id = self.selected_unit()
        if unit_id is None:
            return
        index = self.proxy.index(self.proxy.proxy_row(unit_id), COL_HP)
        self.hp_delegate.pending_text = initial
        self.view.setCurrentIndex(index)
        self.view.edit(index)
        editor = self.view.indexWidget(index)
        if isinstance(editor, QLineEdit):
            editor.deselect()  # the view selects all; the next key must add to the sign
            editor.end(False)

    def edit_initiative(self) -> None:
        """Open the selected unit's Init cell, its number selected so typing replaces it."""
        unit = self._selected_unit_object()
        if unit is None or not self.model.has_initiative(unit):
            return
        self.view.setColumnHidden(COL_INITIATIVE, False)
        index = self.proxy.index(self.proxy.proxy_row(unit.id), COL_INITIATIVE)
        self.view.setCurrentIndex(index)
        self.view.edit(index)

    def rename_selected(self) -> None:
        unit_id = self.selected_unit()
        if unit_id is None:
            return
        index = self.proxy.index(self.proxy.proxy_row(unit_id), COL_NAME)
        self.view.setCurrentIndex(index)
        self.view.edit(index)

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.column() == COL_MARKERS:  # not editable in place: the popup edits markers
            self.open_markers()

    def open_markers(self) -> MarkerPopup | None:
        session = self.session
        unit = self._selected_unit_object()
        if session is None or unit is None:
            return None
        if not session.ruleset.data.hand_set(session.encounter.rules):
            self.show_message(
                f"{session.ruleset.data.name} has no markers to put on by hand; "
                "its markers follow HP."
            )
            return None
        from ui.roster.marker_popup import MarkerPopup  # loaded when first opened

        if self.popup is not None:
            self.popup.close()
        self.popup = MarkerPopup(
            session.ruleset, session.encounter.rules, unit, self.model.unit, self.execute, self
        )
        self.popup.closed.connect(self._popup_closed)
        self.popup.show_below(self.markers_button)
        return self.popup

    def _popup_closed(self) -> None:
        popup, self.popup = self.popup, None
        if popup is not None:
            session = self.session
            if session is not None and not session.encounter.has_unit(popup.unit_id):
                self.show_message(f"{popup.unit_name} was removed; its markers popup closed.")
            popup.deleteLater()
        self.view.setFocus()
        self._stopped_typing()

    def add_unit(self) -> UnitEditor | None:
        """Open the unit editor for a new unit (non-blocking); it adds the unit on OK, on
        the first free cell, on the selected unit's side."""
        return self.add_unit_at(None)

    def add_unit_at(self, cell: tuple[int, int] | None) -> UnitEditor | None:
        """The unit editor for a new unit standing on `cell` (the board's cell the user
        chose; None: the first free one)."""
        if self.session is None:
            return None
        template: dict = {}
        unit = self._selected_unit_object()
        if unit is not None:
            template = {"side": unit.side.value}
        if cell is not None:
            template["at"] = list(cell)
        return self._open_editor(template)

    def edit_unit(self) -> UnitEditor | None:
        """Open the unit editor on the selected unit (its stats, weapons, tags, ...)."""
        unit = self._selected_unit_object()
        if self.session is None or unit is None:
            return None
        return self._open_editor({}, editing=unit.id)

    def _open_editor(self, template: dict, editing: str | None = None) -> UnitEditor:
        if self.editor is not None:
            self.editor.close()
        assert self.session is not None
        from ui.roster.unit_editor import UnitEditor  # a dialog: loaded when first opened

        self.editor = UnitEditor(
            self.session, self._apply_from_editor, template, self, editing=editing
        )
        self.editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.editor.finished.connect(self._editor_finished)
        self.editor.open()
        return self.editor

    def _apply_from_editor(self, command: Command, meant_for: MeantFor | None) -> str | None:
        from desktop.tracker.commands import AddUnit

        error = self.model.attempt(command, meant_for)
        if error is not None:
            return error
        self.show_message("")
        if isinstance(command, AddUnit):
            self._select(command.unit.get("id"))
        return None

    def _editor_finished(self, _result: int) -> None:
        self.editor = None
        self.view.setFocus()

    def duplicate_unit(self) -> bool:
        from desktop.tracker.commands import AddUnit

        session = self.session
        unit = self._selected_unit_object()
        if session is None or unit is None:
            return False
        record = duplicate_record(unit, session.encounter)
        if record is None:
            self.show_message(f"No free cell on the board for a copy of {unit.name}.")
            return False
        if not self.execute(AddUnit(record)):
            return False
        self._select(record["id"])
        return True

    def remove_unit(self) -> bool:
        from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

        from desktop.tracker.commands import RemoveUnit

        unit = self._selected_unit_object()
        if unit is None:
            return False
        answer = QMessageBox.question(
            self,
            "Remove unit",
            f"Remove {unit.name} from the session?\nUndo (Ctrl+Z) brings it back.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
        row = self.view.currentIndex().row()
        if not self.execute(RemoveUnit(unit.id)):
            return False
        if self.proxy.rowCount():  # keep a unit selected for the next key press
            next_id = self.proxy.unit_id(min(row, self.proxy.rowCount() - 1))
            self._select(next_id)
        return True
