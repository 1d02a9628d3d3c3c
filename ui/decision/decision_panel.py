"""Shows one decision: the result in words, each step with its reason, the choices the
rules leave to the players, the dice used and what they meant, and Apply. A player who
rolls physical dice is asked for them before the outcome shows."""

from __future__ import annotations

import re

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.decision import (
    Decision,
    Outcome,
    choice_label,
    choice_words,
)
from desktop.engine.dice import Roll
from desktop.tracker.typed_dice import dice_in
from ui.decision.step_list import StepList


def parse_rolls(text: str) -> list[int]:
    """'4 2, 6' -> [4, 2, 6]; raises ValueError naming the first bad entry."""
    values = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        if not token.isdigit() or int(token) < 1:
            raise ValueError(f"'{token}' is not a die result (whole numbers from 1)")
        values.append(int(token))
    return values


def _each_die(roll: Roll) -> str:
    count = dice_in(roll)
    return "" if count == 1 else f" (type each of its {count} dice)"


def dice_request(needed: list[Roll], typed: int) -> str:
    """What the player is asked to roll: how many dice (one number each), which, what for."""
    count = sum(dice_in(r) for r in needed)
    dice = "1 die" if count == 1 else f"{count} dice, in this order"
    head = f"Roll and type {dice}:"
    if typed:
        head = (
            f"Your {typed} typed {'die is' if typed == 1 else 'dice are'} in; "
            f"now roll and type {dice}:"
        )
    lines = [f"{n}. {r.die}{_each_die(r)} — {r.purpose}" for n, r in enumerate(needed, start=1)]
    return "\n".join([head, *lines])


def group_roll_text(roll: Roll, rolled_by: str) -> str:
    """'shares the group's roll of 4 rolled by Trooper 1'."""
    return f"shares the group's roll of {roll.value} rolled by {rolled_by}"


def _roll_line(roll: Roll, rolled_by: str) -> str:
    if roll.shared:
        return f"{roll.describe()} ({group_roll_text(roll, rolled_by)})"
    return roll.describe() + (_yours(roll) if roll.scripted else "")


def _yours(roll: Roll) -> str:
    return " (your dice)" if dice_in(roll) > 1 else " (your die)"


def _short_roll_line(roll: Roll, rolled_by: str) -> str:
    """One short line per die: what it was for and what it meant in a few words ("d6 = 3
    (table roll) — Tactical table, row 3"). The reasoning above already tells the whole
    outcome, and a narrow panel must not need a scroll bar; the full lines are the tooltip."""
    purpose = roll.purpose.split(" (", 1)[0]
    meaning = roll.meaning.split(": ", 1)[0]
    text = f"{roll.die} = {roll.value} ({purpose})" + (f" — {meaning}" if meaning else "")
    if roll.shared:
        return f"{text} (the group's roll, by {rolled_by})"
    return text + (_yours(roll) if roll.scripted else "")


def _show(widget: QWidget, visible: bool) -> None:
    # Showing or hiding relayouts the panel; skip it when nothing changes.
    if widget.isHidden() == visible:
        widget.setVisible(visible)


class DecisionPanel(QWidget):
    applyRequested = Signal(int)  # the chosen outcome: 0 = as decided, n = alternatives[n-1]
    choiceChanged = Signal(int)
    rollsEntered = Signal(list)  # dice the players typed: evaluate again with them
    rerollRequested = Signal()
    phaseChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decision: Decision | None = None
        self.names: dict[str, str] = {}
        self.asking = False  # waiting for the player's physical dice; the outcome is hidden
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        self.title = QLabel("Select an enemy to see what it does and why.")
        self.title.setWordWrap(True)
        # Why the panel shows the unit acting now rather than the one selected.
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setAccessibleName("Selection")
        self.note.setVisible(False)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("Decision summary")
        font = QFont(self.summary.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.summary.setFont(font)
        # A drop-down, not tabs: six phases never fit a side panel's width as tabs.
        self.phases = QComboBox()
        self.phases.setVisible(False)
        self.phases.setAccessibleName("Phase")
        self.phases.setToolTip("Preview what this enemy does in another phase")
        self.phases.currentIndexChanged.connect(self._phase_changed)
        self.steps = StepList()
        self.choices_label = QLabel("The rules leave this to the players — pick one:")
        self.choices_label.setWordWrap(True)
        self.choices = QListWidget()
        self.choices.setAccessibleName("Players' choices")
        self.choices.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.choices.setWordWrap(True)  # a narrow panel wraps a choice, never scrolls sideways
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.choices.currentRowChanged.connect(self._choice_changed)
        self.rolls = QLabel()
        self.rolls.setWordWrap(True)
        self.rolls.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("Type the dice you rolled, e.g. 4 2")
        self.typed.setAccessibleName("Typed dice")
        self.typed.returnPressed.connect(self._use_typed)
        self.use_button = use = QPushButton("Use my dice")
        use.clicked.connect(self._use_typed)
        self.roll_button = QPushButton("Roll again")
        self.roll_button.setToolTip("Set these dice aside and roll fresh ones (Ctrl+R)")
        self.roll_button.clicked.connect(self.rerollRequested)
        # The field has a row of its own: beside the two buttons a side panel at 1366 px
        # left it 70 px, and its hint read "Type the…".
        dice_row = QHBoxLayout()
        dice_row.addWidget(use, 1)
        dice_row.addWidget(self.roll_button, 1)
        self.error = QLabel()
        self.error.setStyleSheet("color: #B00020;")
        self.error.setWordWrap(True)
        self.error.setVisible(False)
        # What Enter does while the panel previews a unit that is not the one acting now.
        self.enter_line = QLabel()
        self.enter_line.setWordWrap(True)
        self.enter_line.setAccessibleName("What Enter does")
        bold = QFont(self.enter_line.font())
        bold.setBold(True)
        self.enter_line.setFont(bold)
        self.enter_line.setVisible(False)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Carry out this decision (Enter)")
        self.apply_button.clicked.connect(self._apply)
        self.apply_button.setEnabled(False)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addWidget(self.phases)
        layout.addWidget(self.summary)
        layout.addWidget(self.steps, 1)
        layout.addWidget(self.choices_label)
        layout.addWidget(self.choices)
        layout.addWidget(QLabel("Dice"))
        layout.addWidget(self.rolls)
        layout.addWidget(self.typed)
        layout.addLayout(dice_row)
        layout.addWidget(self.error)
        layout.addWidget(self.enter_line)
        layout.addWidget(self.apply_button)
        self.show_decision(None)

    def sizeHint(self) -> QSize:
        return QSize(380, 560)

    # -- content ---------------------------------------------------------------------------
    def set_phases(self, phases: tuple[str, ...], current: str | None) -> None:
        self.phases.blockSignals(True)
        self.phases.clear()
        for phase in phases:
            self.phases.addItem(f"{phase.capitalize()} phase")
        if current in phases:
            self.phases.setCurrentIndex(phases.index(current))
        self.phases.setVisible(bool(phases))
        self._phase_ids = phases
        self.phases.blockSignals(False)

    def show_message(self, text: str) -> None:
        self.show_decision(None)
        self.title.setText(text)

    def show_context(self, note: str, enter: str, out_of_turn: bool) -> None:
        """Around what the panel shows: `note`, why it is the unit acting now and not the
        selection; `enter`, what Enter does while it previews another unit (`out_of_turn`:
        its Apply button then makes the previewed unit act before its turn)."""
        self.note.setText(note)
        _show(self.note, bool(note))
        self.enter_line.setText(enter)
        _show(self.enter_line, bool(enter))
        if out_of_turn and self.decision is not None:
            self.apply_button.setText("Apply out of turn")
            self.apply_button.setToolTip(
                "This unit acts now, before its turn (Enter plays the unit acting now)"
            )
        else:
            self.apply_button.setText("Apply")
            self.apply_button.setToolTip("Carry out this decision (Enter)")

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        _show(self.error, bool(text))

    def clear_typed(self) -> None:
        """Forget typed dice (another unit, round or session: they were rolled for before)."""
        self.typed.clear()
        self.show_error("")

    def _roll_button_asks(self, asking: bool) -> None:
        self.asking = asking
        if asking:
            self.roll_button.setText("Roll for me")
            self.roll_button.setToolTip("Let Foebook roll these dice this time")
        else:
            self.roll_button.setText("Roll again")
            self.roll_button.setToolTip("Set these dice aside and roll fresh ones (Ctrl+R)")

    def ask_for_dice(
        self,
        needed: list[Roll],
        typed: int,
        unit_name: str,
        ai: str | None,
        shared: tuple[Roll, str] | None = None,
    ) -> None:
        """Physical dice: say which dice the decision needs; the outcome waits for them.
        `shared` is the group's roll the unit uses (not rolled again) and who rolled it."""
        self.show_decision(None)
        self.title.setText(f"<b>{unit_name}</b> — AI {ai}: your dice, please")
        self.summary.setText("Roll your dice")
        request = dice_request(needed, typed)
        if shared is not None:
            roll, rolled_by = shared
            request = (
                f"{unit_name} {group_roll_text(roll, rolled_by)} ({roll.purpose}).\n" + request
            )
        self.rolls.setText(request)
        self._dice_row(True)
        self._roll_button_asks(True)
        if not _typing_elsewhere(self):
            self.typed.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_decision(
        self,
        decision: Decision | None,
        unit_name: str = "",
        names: dict[str, str] | None = None,
        rolled_by: str = "",
    ) -> None:
        """`rolled_by` names who rolled the group's roll the decision shares, if it does."""
        self.decision = decision
        self.names = names or {}
        options = decision.options if decision is not None else ()
        multiple = len(options) > 1
        if (self.choices.hasFocus() and not multiple) or (
            self.apply_button.hasFocus() and decision is None
        ):
            self._park_focus(decision is not None)
        self.choices.blockSignals(True)
        self.choices.clear()
        self.choices.blockSignals(False)
        self.show_error("")
        self._roll_button_asks(False)
        if decision is None:
            self.steps.show_steps(())
            self.summary.setText("")
            self.rolls.setText("")
            _show(self.choices_label, False)
            _show(self.choices, False)
            self.apply_button.setEnabled(False)
            self._dice_row(False)
            return
        head = f"<b>{unit_name}</b> — AI {decision.ai}"
        if decision.phase:
            head += f", {decision.phase} phase"
        self.title.setText(head)
        self.summary.setText(decision.summary)
        self.steps.show_steps(decision.trace)
        _show(self.choices_label, multiple)
        _show(self.choices, multiple)
        if multiple:
            self.choices.blockSignals(True)
            words = choice_words(options, self.names)
            for index, said in enumerate(words):
                QListWidgetItem(f"{choice_label(index)}: {said}", self.choices)
            self.choices.setCurrentRow(0)
            self.choices.setMaximumHeight(min(160, 26 * len(options) + 8))
            self.choices.blockSignals(False)
        if decision.rolls:
            self.rolls.setText("\n".join(_short_roll_line(r, rolled_by) for r in decision.rolls))
            self.rolls.setToolTip("\n".join(_roll_line(r, rolled_by) for r in decision.rolls))
        else:
            self.rolls.setText("No dice needed for this decision.")
            self.rolls.setToolTip("")
        self._dice_row(bool(decision.rolls))
        self.apply_button.setEnabled(True)

    def _dice_row(self, on: bool) -> None:
        """Typing, using and rolling dice only where there are dice: not for a decision that
        rolls none, a player's turn or a message."""
        if not on and self.typed.hasFocus():
            self._park_focus(self.decision is not None)
        for widget in (self.typed, self.use_button, self.roll_button):
            widget.setEnabled(on)

    def chosen(self) -> int:
        return max(0, self.choices.currentRow()) if not self.choices.isHidden() else 0

    def chosen_outcome(self) -> Outcome | None:
        if self.decision is None:
            return None
        return self.decision.option(min(self.chosen(), len(self.decision.alternatives)))

    def typed_dice(self) -> list[int]:
        """The dice typed in the box ([] when empty); ValueError names a bad entry."""
        return parse_rolls(self.typed.text())

    def _park_focus(self, can_apply: bool) -> None:
        """The focused choices list is about to hide (or the focused Apply button to be
        disabled); Qt would pass the focus on to the dice box, where the next Enter would
        mean "use these dice" instead of "apply". The Apply button takes it instead (the
        panel when there is nothing to apply)."""
        if can_apply:
            self.apply_button.setEnabled(True)
            self.apply_button.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- slots ------------------------------------------------------------------------------
    def _choice_changed(self, row: int) -> None:
        if row >= 0:
            self._show_choice(row)
            self.choiceChanged.emit(row)

    def _show_choice(self, choice: int) -> None:
        """The summary and the reasoning as they read with outcome `choice` taken."""
        if self.decision is None:
            return
        self.summary.setText(self.decision.summary_of(choice, self.names))
        self.steps.show_steps(self.decision.trace_of(choice))

    def _use_typed(self) -> None:
        try:
            values = self.typed_dice()
        except ValueError as error:
            self.show_error(str(error))
            return
        self.show_error("")
        self.rollsEntered.emit(values)

    def _apply(self) -> None:
        if self.decision is not None:
            self.applyRequested.emit(self.chosen())

    def _phase_changed(self, index: int) -> None:
        if 0 <= index < len(getattr(self, "_phase_ids", ())):
            self.phaseChosen.emit(self._phase_ids[index])


def _typing_elsewhere(panel: QWidget) -> bool:
    """The keyboard is in a table or a field outside the panel (the roster, where the
    players type damage between activations): asking for dice does not take it away."""
    focus = QApplication.focusWidget()
    return (
        focus is not None
        and not panel.isAncestorOf(focus)
        and isinstance(focus, (QAbstractItemView, QLineEdit, QAbstractSpinBox))
    )
