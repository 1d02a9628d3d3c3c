"""Turn tracker: round, activation order (ties reordered by drag), Next, ruleset helpers."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.capabilities import Capabilities
from desktop.engine.ruleset import Helper
from desktop.tracker.display_names import display_names
from desktop.tracker.state import TrackerState
from desktop.tracker.turns import NEXT_ROUND
from ui import palette
from ui.rich_text import escape

DRAW_TIP = (
    "Draw this turn's army-wide stratagem; cards that would do nothing are set aside and redrawn"
)


class _WholeLabel(QLabel):
    """A wrapped label that asks for the height its words need at its width, so that a short
    panel squeezes the activation order rather than cutting the card's last line."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.wordWrap() and self.width() > 0 and self.text():
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.updateGeometry()  # another width may need another number of lines


class _HelperLines(QScrollArea):
    """The ruleset's helper lines (one per player in some rule systems): as tall as they are
    up to a few lines, scrolling beyond them, so a big party never makes the panel, and with it
    the window, taller than the screen; the activation order keeps the room."""

    SHOWN = 6  # lines shown at least (all of them when there are no more): then it scrolls

    def __init__(self, lines: QWidget) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Rule system helpers")
        self.setWidget(lines)
        lines.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Lines come and go (a player added, another session): the room asked for follows.
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def _height(self) -> int:
        lines = self.widget()
        content = lines.sizeHint() if lines is not None else QSize(0, 0)
        return min(content.height(), self.SHOWN * (self.fontMetrics().lineSpacing() + 6))

    def sizeHint(self) -> QSize:
        lines = self.widget()
        width = lines.sizeHint().width() if lines is not None else 0
        return QSize(width + self.verticalScrollBar().sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self._height())


class TurnTracker(QWidget):
    nextRequested = Signal()
    nextRoundRequested = Signal()
    orderSettled = Signal(list)
    unitChosen = Signal(str)
    phaseChosen = Signal(str)
    cardFlipRequested = Signal()
    stratagemRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.round_label = QLabel()
        font = QFont(self.round_label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.round_label.setFont(font)
        self.order = QListWidget()
        self.order.setAccessibleName("Activation order")
        self.order.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.order.setToolTip("Drag to settle the ties the rules leave to the players")
        # One line per unit: the list need not measure every row again when one changes.
        self.order.setUniformItemSizes(True)
        self.order.model().rowsMoved.connect(self._reordered)
        self.order.itemClicked.connect(
            lambda item: self.unitChosen.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        self.ties_label = QLabel()
        self.ties_label.setWordWrap(True)
        self.next_button = QPushButton("Next activation")
        self.next_button.setToolTip("The active unit is done; the next one activates (Space)")
        self.next_button.clicked.connect(self.nextRequested)
        self.round_button = QPushButton("Next round")
        self.round_button.setToolTip("Start the next round (Ctrl+Shift+N)")
        self.round_button.clicked.connect(self.nextRoundRequested)
        self.phase = QComboBox()
        self.phase.setAccessibleName("Phase")
        self.phase.activated.connect(lambda i: self.phaseChosen.emit(self.phase.itemData(i)))
        self.flip_button = QPushButton("Flip a card")
        self.flip_button.setToolTip("Flip a card from the deck for an enemy attack")
        self.flip_button.clicked.connect(self.cardFlipRequested)
        self.stratagem_button = QPushButton("Draw the enemy stratagem")
        self.stratagem_button.setToolTip(DRAW_TIP)
        self.stratagem_button.clicked.connect(self.stratagemRequested)
        # What the card drawn this round does, where the players look for it (not only the
        # name on the button: they must not have to know the deck by heart).
        self.drawn_card = _WholeLabel()
        self.drawn_card.setAccessibleName("Drawn card")
        self.drawn_card.setWordWrap(True)
        self.drawn_card.setTextFormat(Qt.TextFormat.RichText)
        self.drawn_card.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.drawn_card.setFrameShape(QFrame.Shape.StyledPanel)
        self.drawn_card.setContentsMargins(6, 4, 6, 4)
        self.helpers = QFormLayout()
        self.helpers.setContentsMargins(0, 0, 0, 0)
        helpers_box = QWidget()
        helpers_box.setLayout(self.helpers)
        self.helpers_scroll = _HelperLines(helpers_box)
        buttons = QHBoxLayout()
        buttons.addWidget(self.next_button)
        buttons.addWidget(self.round_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.round_label)
        layout.addWidget(self.phase)
        layout.addWidget(self.order, 1)
        layout.addWidget(self.ties_label)
        layout.addLayout(buttons)
        layout.addWidget(self.helpers_scroll)
        layout.addWidget(self.flip_button)
        layout.addWidget(self.stratagem_button)
        layout.addWidget(self.drawn_card)
        self._ids: list[str] = []
        self._rows: list[tuple[str, str, int]] = []  # what the order list shows (_show_rows)
        self._helpers: list[Helper] = []  # what the helper rows show
        self._updating = False
        self.phase.setVisible(False)
        self.flip_button.setVisible(False)
        self.stratagem_button.setVisible(False)
        self.drawn_card.setVisible(False)
        self.next_button.setEnabled(False)
        self.round_button.setEnabled(False)
        self.round_label.setText("No session open")

    def sizeHint(self) -> QSize:
        return QSize(300, 360)

    ROWS_WANTED = 10  # the default layout shows this many units of the order at most

    def room_wanted(self) -> int:
        """The height that shows the whole activation order (up to ROWS_WANTED units) with
        the rest of the panel, and room for the card the enemy draws from its deck before
        it is drawn, so the order keeps its rows once the card shows."""
        order = self.order
        row = order.sizeHintForRow(0) if order.count() else order.fontMetrics().height() + 4
        rows = min(max(order.count(), 3), self.ROWS_WANTED)
        layout = self.layout()
        assert layout is not None  # made with the panel
        others = layout.sizeHint().height() - order.sizeHint().height()
        card = 0
        if self.stratagem_button.isVisibleTo(self) and not self.drawn_card.isVisibleTo(self):
            lines = 3  # a card's name and effect, wrapped in the panel's width
            card = lines * self.drawn_card.fontMetrics().lineSpacing() + 8 + layout.spacing()
        return others + rows * row + 2 * order.frameWidth() + card

    def show_state(
        self,
        state: TrackerState,
        phases: tuple[str, ...],
        helpers: list[Helper],
        capabilities: Capabilities,
        last_card: str = "",
        last_draw: str = "",
        next_label: str | None = None,
        drawn_text: str = "",
    ) -> None:
        """`capabilities` decide which of flip and draw are offered; `next_label` says what
        Next does now (turns.next_label); None disables it. `last_draw` is the card drawn
        from the ruleset's deck this round and `drawn_text` what it says."""
        self._updating = True
        enc = state.encounter
        self.round_label.setText(f"Round {state.round}")
        self.phase.setVisible(bool(phases))
        self.phase.clear()
        for p in phases:
            self.phase.addItem(f"Phase: {p}", p)
        if enc.phase in phases:
            self.phase.setCurrentIndex(phases.index(enc.phase))
        self._ids = list(state.order)
        tied = {u for group in state.ties for u in group}
        names = display_names(enc.units)
        rows = []
        for index, unit_id in enumerate(state.order):
            if not enc.has_unit(unit_id):
                continue
            marker = "▶ " if index == state.pointer else ("✓ " if index < state.pointer else "   ")
            text = f"{marker}{index + 1}. {names[unit_id]}" + ("  ⇅" if unit_id in tied else "")
            stage = (index > state.pointer) - (index < state.pointer)  # done -1, now 0, next 1
            rows.append((unit_id, text, stage))
        self._show_rows(rows)
        if state.ties:
            self.ties_label.setText("⇅ The rules leave the order of these to you: drag to reorder.")
        else:
            self.ties_label.setText("")
        self.ties_label.setVisible(bool(state.ties))  # no empty line's room taken from the order
        self.round_button.setEnabled(True)
        # When Next itself starts the next round, it is the one Next round button.
        self.round_button.setVisible(next_label != NEXT_ROUND)
        self.next_button.setText(next_label or "Next activation")
        self.next_button.setEnabled(next_label is not None)
        self.next_button.setDefault(next_label is not None)
        # Rebuilt only when they change: the relayout cost a 500-unit session ~40 ms a command.
        if helpers != self._helpers:
            self._helpers = list(helpers)
            self._show_helpers(helpers)
        self.flip_button.setVisible(capabilities.card_flips is not None)
        if last_card:
            self.flip_button.setText(f"Flip a card (last: {last_card})")
        else:
            self.flip_button.setText("Flip a card")
        deck = capabilities.deck
        self.stratagem_button.setVisible(deck is not None)
        if deck is not None:
            # The card drawn shows below, named: the button keeps its short label, so the
            # panel (and the board beside it) keeps its width.
            self.stratagem_button.setText(deck.draw_label)
        shown = deck is not None and bool(last_draw)
        self.drawn_card.setVisible(shown)
        self.drawn_card.setText(
            f"<b>{escape(last_draw)}</b>" + (f": {escape(drawn_text)}" if drawn_text else "")
            if shown
            else ""
        )
        self.drawn_card.setToolTip(f"{last_draw}: {drawn_text}" if shown and drawn_text else "")
        self._updating = False

    def refuse_draw(self, why: str) -> None:
        """The enemy's draw is refused for now (`why`, e.g. it drew this turn's card): the
        button is disabled and its tooltip says why; '' offers it again."""
        self.stratagem_button.setEnabled(not why)
        self.stratagem_button.setToolTip(f"{why[:1].upper()}{why[1:]}." if why else DRAW_TIP)

    def _show_helpers(self, helpers: list[Helper]) -> None:
        while self.helpers.rowCount():
            self.helpers.removeRow(0)
        for helper in helpers:
            value = QLabel(f"<b>{helper.value}</b>")
            value.setToolTip(helper.explanation)
            label = QLabel(helper.label)
            label.setToolTip(helper.explanation)
            self.helpers.addRow(label, value)

    def _show_rows(self, rows: list[tuple[str, str, int]]) -> None:
        """(unit id, text, -1 done / 0 acting / 1 to come) per row. Only rows that changed
        are touched: with 500 units, rebuilding the list on every command took longer
        than the rest of the command."""
        role = Qt.ItemDataRole.UserRole
        shown = [self.order.item(i).data(role) for i in range(self.order.count())]
        # A drag moves the items before the order is settled (or refused): rebuild then.
        if shown != [r[0] for r in rows] or shown != [r[0] for r in self._rows]:
            self.order.clear()
            self._rows = []
        for index, row in enumerate(rows):
            if index < len(self._rows):
                if self._rows[index] == row:
                    continue
                item = self.order.item(index)
                item.setText(row[1])
            else:
                item = QListWidgetItem(row[1], self.order)
                item.setData(role, row[0])
            acting, done = row[2] == 0, row[2] < 0
            # Colours, not brushes: Qt paints a colour as its solid brush, and PySide's QBrush
            # would make the gradient and image types' ~250 enums before the first paint.
            item.setData(Qt.ItemDataRole.BackgroundRole, palette.ACTIVE if acting else None)
            foreground = "#111111" if acting else "#8A8A8A" if done else None
            item.setData(Qt.ItemDataRole.ForegroundRole, QColor(foreground) if foreground else None)
        self._rows = rows

    def _reordered(self, *args) -> None:
        if self._updating:
            return
        order = [
            self.order.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.order.count())
        ]
        if order != self._ids:
            self.orderSettled.emit(order)
