"""The reasoning as a column of steps: outcome mark, step name, and its reason with the
numbers, wrapped to the panel's width. Click a step to fold or unfold its reason."""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFont, QPalette, QTextDocument, QTextOption
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from desktop.engine.decision import APPLIED, SKIPPED, TraceStep
from ui.own_viewport import own_viewport

_NUMBER = re.compile(r"^\d+[a-z]?\.\s*")
_COLOURS = {APPLIED: "#007A5A", SKIPPED: "#767676"}
_MARKS = {APPLIED: "✔", SKIPPED: "–"}
# How the panel words a step's outcome: a rule that "applies" decides, before anything is
# applied to the board (the Apply button does that, and the log then says what was done).
_SAID = {APPLIED: "applies"}
QWIDGETSIZE = (1 << 24) - 1  # Qt's QWIDGETSIZE_MAX: wide enough for any line unwrapped
CARD_MARGINS = (6, 4, 6, 4)  # a card's, around its title and reason
COLUMN_MARGIN, COLUMN_SPACING = 2, 4  # around the column, between its cards


class _Reason(QLabel):
    """A step's reason: word-wrapped and selectable, its height for a width remembered
    while its text, font and margins stay as they are. A selectable label lays out its whole
    text twice for every height asked, and the panel's layouts ask the same few widths
    again and again (a 4,000-character reason at the documented limits: ~30 ms of an
    Enter). That height depends on nothing else: its wrapping, alignment and indent are
    set once, in StepCard. Its size hints are worked out here too, for the same reason."""

    def __init__(self) -> None:
        super().__init__()
        self._heights: dict[int, int] = {}  # width -> height, for `_measured_as`
        self._minimum: QSize | None = None  # minimumSizeHint, for `_measured_as`
        self._measured_as: tuple[str, str, tuple[int, int, int, int]] | None = None
        self._document: QTextDocument | None = None  # its plain text laid out, for both

    def _measuring(self) -> None:
        """What was measured is forgotten once its text, font or margins changed."""
        margins = self.contentsMargins()
        shown = (
            self.text(),
            self.font().key(),
            (margins.left(), margins.top(), margins.right(), margins.bottom()),
        )
        if shown != self._measured_as:
            self._measured_as = shown
            self._heights.clear()
            self._minimum = None
            self._document = None

    def _plain_document(self) -> QTextDocument | None:
        """Its text as QLabel lays it out (_text_document), when that is plain text; None
        for QLabel's own rules (rich text, no text)."""
        if self._document is None:
            text = self.text()
            if text and not GuiQt.mightBeRichText(text):
                self._document = _text_document(text, self.font(), self.alignment())
        return self._document

    def heightForWidth(self, width: int) -> int:
        """QLabel's height for `width`, from one layout of its text: QLabel's own lays out
        its text control's document at that width, then again at the width it had (and
        makes the control first), for a card the column may never scroll into view."""
        self._measuring()
        height = self._heights.get(width)
        if height is None:
            document = self._plain_document()
            if document is None:
                height = super().heightForWidth(width)
            else:
                margins = self.contentsMargins()
                document.setTextWidth(max(0, width - margins.left() - margins.right()))
                height = math.ceil(document.size().height()) + margins.top() + margins.bottom()
            self._heights[width] = height
        return height

    def sizeHint(self) -> QSize:
        """Its width now and the height its reason needs there (remembered above). QLabel's
        own hint lays the text out at widths the panel never shows it at: a "nice" width
        of its own, then the card's and the column's hints at theirs, each a whole layout
        of the text, twice. Nothing the panel shows reads those hints: the column's heights
        are heights for its width, widths come from the panel, minimum sizes from
        minimumSizeHint, and the scroll area keeps the hint it read for its empty column."""
        width = self.width()
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        """QLabel's own: as wide as its widest word, as tall as its lines unwrapped. QLabel
        works out its size hint first (a search for a "nice" width: several layouts of the
        text, each undone by one more), then each of these, twice; here each is one layout
        (one document laid out twice), for every new reason of a reused card."""
        self.ensurePolished()
        self._measuring()
        if self._minimum is None:
            document = self._plain_document()
            if document is None:  # QLabel's own rules for rich text or none
                self._minimum = super().minimumSizeHint()
            else:
                margins = self.contentsMargins()
                widest, tall = _least_room(document)
                self._minimum = QSize(
                    widest + margins.left() + margins.right(),
                    tall + margins.top() + margins.bottom(),
                )
        return QSize(self._minimum)


def _text_document(text: str, font: QFont, alignment: Qt.AlignmentFlag) -> QTextDocument:
    """A selectable word-wrapped QLabel's plain text as QLabel sets up its document: the
    label's font and alignment, wrapping at words, no margin."""
    document = QTextDocument()
    document.setDefaultFont(font)
    option = document.defaultTextOption()
    option.setAlignment(alignment)
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    document.setDefaultTextOption(option)
    document.setDocumentMargin(0)
    document.setPlainText(text)
    return document


def _least_room(document: QTextDocument) -> tuple[int, int]:
    """(widest word, height unwrapped) of a label's text (_text_document): laid out as
    narrow as it goes, then as wide."""
    document.setTextWidth(0)
    widest = math.ceil(document.size().width())
    document.setTextWidth(QWIDGETSIZE)
    return widest, math.ceil(document.size().height())


class StepCard(QFrame):
    def __init__(self, step: TraceStep, number: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.outcome = QLabel()
        self.outcome.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.detail = _Reason()
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setContentsMargins(14, 0, 0, 0)
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.title, 1)
        header.addWidget(self.outcome)
        self._column = layout = QVBoxLayout(self)
        layout.setContentsMargins(*CARD_MARGINS)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(self.detail)
        self.setToolTip("Click to fold or unfold the reason")
        self.shows: tuple[TraceStep, int] | None = None
        self.show_step(step, number)

    def show_step(self, step: TraceStep, number: int = 0) -> bool:
        """Show `step` as the panel's `number`th (a card is kept for the next decision's
        steps: making widgets is what a long reasoning column spends its time on). True
        when it changed."""
        if self.shows == (step, number):
            return False
        self.shows = (step, number)
        self.step = step
        applied = step.outcome != SKIPPED
        colour = _COLOURS.get(step.outcome, "#1F4E9A")
        self.setFrameShape(QFrame.Shape.StyledPanel if applied else QFrame.Shape.NoFrame)
        # Each chain numbers its own steps from 1; the panel numbers the whole column.
        name = _NUMBER.sub("", step.step)
        self.title.setText(f"{number}. {name}" if number else name)
        font = QFont(self.title.font())
        font.setBold(applied)
        self.title.setFont(font)
        said = _SAID.get(step.outcome, step.outcome)
        self.outcome.setText(f"{_MARKS.get(step.outcome, '•')} {said}")
        # Palettes, not style sheets: a style sheet per label costs milliseconds to apply.
        tint = self.outcome.palette()
        tint.setColor(QPalette.ColorRole.WindowText, QColor(colour))
        self.outcome.setPalette(tint)
        bold = QFont(self.outcome.font())
        bold.setBold(True)
        self.outcome.setFont(bold)
        self.detail.setText(step.detail)
        self.setAccessibleName(f"{step.step}: {said}")
        self.setAccessibleDescription(step.detail)
        return True

    def sizeHint(self) -> QSize:
        """Its width now and the height it needs there, as its reason's (_Reason.sizeHint).
        Qt's own asks its layout that height at its layout's hint width plus its frame: a
        width the column never gives it (its title's "nice" width, a frame wider), so each
        time the column's hint was read (the scroll area does on every resize) every reason
        was laid out again, at a width it is never shown at."""
        width = self.width()
        return QSize(width, self.heightForWidth(width))

    def take_width(self, width: int) -> None:
        """Sized as a column whose cards are `width` wide lays it out, before anything
        measures it: a new widget is 640 px wide, and its reason would be laid out at widths
        it is never shown at (each a whole layout of the text, twice)."""
        self.resize(width, self.height())
        margins = self._column.contentsMargins()
        inside = self.contentsRect().width() - margins.left() - margins.right()
        self.detail.resize(inside, self.detail.height())

    @property
    def skipped(self) -> bool:
        return self.step.outcome == SKIPPED

    def fold(self, folded: bool) -> bool:
        """True when it was not folded so already."""
        if self.detail.isHidden() == folded:
            return False
        self.detail.setVisible(not folded)
        self.setToolTip(
            f"{self.step.detail}\n(click to unfold)"
            if folded
            else "Click to fold or unfold the reason"
        )
        return True

    def mousePressEvent(self, event) -> None:
        self.fold(self.detail.isVisible())
        super().mousePressEvent(event)


class StepList(QScrollArea):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)
        self.setWidgetResizable(True)
        self.setAccessibleName("Reasoning steps")
        self._inner = QWidget()
        self._layout = QVBoxLayout(self._inner)
        self._layout.setContentsMargins(*(COLUMN_MARGIN,) * 4)
        self._layout.setSpacing(COLUMN_SPACING)
        self._layout.addStretch(1)
        self.setWidget(self._inner)
        self.cards: list[StepCard] = []  # those shown, in order
        self._pool: list[StepCard] = []  # every card made, the shown ones first
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def show_steps(self, steps: tuple[TraceStep, ...]) -> None:
        """The cards of the last steps shown are shown again with these (hidden when there
        are fewer): one Enter rebuilds no widget for a column as long as the last one."""
        pool = self._pool
        # The column is hidden while cards are shown or unfolded: each of those in a shown
        # column lays out every card up to the main window, once per card. (New text alone
        # is laid out once, when the event loop gets to it.)
        changed: list[StepCard] = []  # cards with new text, measured before the fit
        hiding = len(steps) > len(self.cards) or any(c.detail.isHidden() for c in self.cards)
        if hiding:
            self._inner.hide()
        self._keep_bar(len(steps))
        width = self.viewport().width() - 2 * COLUMN_MARGIN  # the cards'
        for number, step in enumerate(steps, start=1):
            if number > len(pool):
                card = StepCard(step, number)
                card.take_width(width)
                self._layout.insertWidget(self._layout.count() - 1, card)
                pool.append(card)
                changed.append(card)
            elif pool[number - 1].show_step(step, number):
                changed.append(pool[number - 1])
                if pool[number - 1].width() != width:  # the bar came or went
                    pool[number - 1].take_width(width)
        for card in pool[len(steps) :]:
            card.hide()
        self.cards = pool[: len(steps)]
        for card in self.cards:
            card.show()
        self.fit(changed)
        if hiding:
            self._inner.show()

    def _keep_bar(self, count: int) -> None:
        """The scroll bar stays shown while `count` cards cannot fit without it, whatever
        their reasons (each card is at least its title's line tall): shown before they are
        measured, their reasons are laid out at the width they are shown at, not at the
        width without the bar, then again when it appears and again for each of Qt's checks
        of whether it is still needed (each a whole layout of the text, twice, for every
        card of a long column). Otherwise it shows as needed."""
        least = self.fontMetrics().height() + CARD_MARGINS[1] + CARD_MARGINS[3]
        column = 2 * COLUMN_MARGIN + count * least + max(0, count - 1) * COLUMN_SPACING
        policy = (
            Qt.ScrollBarPolicy.ScrollBarAlwaysOn
            if column > self.viewport().height()
            else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        if policy != self.verticalScrollBarPolicy():
            self.setVerticalScrollBarPolicy(policy)
            # The column takes the new width now, while its cards are being shown.
            self._inner.resize(self.viewport().width(), self._inner.height())

    def fit(self, changed: list[StepCard] | None = None) -> None:
        """Fold the reasons of steps that did not apply, only while the column is taller
        than the panel: players glance at the panel, so what applied stays in view without
        scrolling; a folded reason is one click (or a hover) away."""
        width = self.viewport().width()
        room = self.viewport().height()
        for card in self.cards:
            if card.fold(False) or (changed and card in changed):
                _measured(card)
        # Skipped steps first, then the notes around the chain ("group", "not rolled");
        # the step that applied always keeps its reason.
        for card in [c for c in self.cards if c.skipped] + [
            c for c in self.cards if not c.skipped and c.step.outcome != APPLIED
        ]:
            if self._inner.heightForWidth(width) <= room:
                return
            if card.fold(True):
                _measured(card)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._keep_bar(len(self.cards))
        self.fit()


def _measured(card: StepCard) -> None:
    """The column measures `card` as it is now. Shown, a change lays it out at once; in a
    hidden column (show_steps) its layout waits for the event loop, so it is done here."""
    layout = card.layout()
    if layout is not None:
        layout.activate()
