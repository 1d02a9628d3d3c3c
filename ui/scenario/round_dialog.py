"""Start of round: a field per character for its initiative (Tab between them) and a row per
monster type on the board: left empty, its card is drawn from its deck in the app; or the
physical card typed in one line (initiative and numbers). Enter starts the round."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from desktop.engine.ability_cards import INITIATIVE
from desktop.engine.card_line import HELP, card_from_line
from desktop.tracker.scenario_commands import DRAW, types_in_play
from desktop.tracker.session import Session


def round_to_start(session: Session) -> int:
    """The round the dialog starts: the next one once everybody has acted."""
    state = session.state
    over = bool(state.order) and state.pointer >= len(state.order)
    return state.round + 1 if over else state.round


class RoundStartDialog(QDialog):
    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        state, ruleset = session.state, session.ruleset
        book = state.encounter.book
        assert book is not None  # opened for scenario sessions only
        self.setWindowTitle(f"Start of round {round_to_start(session)}")
        form = QFormLayout(self)
        hint = QLabel(
            "Each character's initiative (Tab to the next field). A monster type's card: "
            "leave it empty to draw it from its deck in Foebook, or type the physical card "
            "in one line, such as 45 move +1 attack -1 wound. Enter starts the round."
        )
        hint.setWordWrap(True)
        form.addRow(hint)
        self.initiatives: dict[str, QLineEdit] = {}
        for unit in state.encounter.units:
            if unit.is_enemy or ruleset.is_defeated(unit):
                continue
            field = QLineEdit()
            field.setValidator(QIntValidator(0, 99, field))
            field.setMaxLength(2)
            field.setPlaceholderText(f"{int(unit.stat(INITIATIVE))} if left empty")
            field.setAccessibleName(f"{unit.name}'s initiative")
            form.addRow(f"{unit.name} initiative", field)
            self.initiatives[unit.id] = field
        self.cards: dict[str, QLineEdit] = {}
        self.drawable: set[str] = set()
        for type_id in types_in_play(state, ruleset):
            unit_type = book.unit_type(type_id)
            assert unit_type is not None  # LoadBook checked every standee's type
            field = QLineEdit()
            deck = state.play.decks.get(type_id)
            if book.deck_of(type_id) is not None:
                self.drawable.add(type_id)
            if book.deck_of(type_id) is None:
                field.setPlaceholderText("type its card: 45 move +1 attack -1")
            else:
                left = f" ({len(deck.draw)} left)" if deck is not None and deck.draw else ""
                field.setPlaceholderText(f"empty: drawn from its deck{left}")
            field.setToolTip(f"The physical card in one line: {HELP}")
            field.setMinimumWidth(field.fontMetrics().horizontalAdvance("n" * 34))
            field.setAccessibleName(f"{unit_type.name}'s card")
            form.addRow(f"{unit_type.name} card", field)
            self.cards[type_id] = field
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setVisible(False)
        form.addRow(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        start = buttons.button(QDialogButtonBox.StandardButton.Ok)
        start.setText("&Start round")
        start.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._statuses = tuple(ruleset.data.statuses)
        self.chosen_initiatives: dict[str, int] = {}
        self.chosen_cards: dict[str, Any] = {}
        first = next(iter([*self.initiatives.values(), *self.cards.values()]), None)
        if first is not None:
            first.setFocus()

    def accept(self) -> None:
        """Enter: the round starts with what was typed; a card line that cannot be read is
        named and keeps the dialog open."""
        self.chosen_initiatives = {
            unit_id: int(field.text())
            for unit_id, field in self.initiatives.items()
            if field.text()
        }
        cards: dict[str, Any] = {}
        for type_id, field in self.cards.items():
            text = field.text().strip()
            if not text and type_id not in self.drawable:
                return self._refuse(field, "it has no deck in the book: type its card in")
            if not text:
                cards[type_id] = DRAW
                continue
            try:
                cards[type_id] = card_from_line(text, self._statuses)
            except ValueError as error:
                return self._refuse(field, str(error))
        self.chosen_cards = cards
        super().accept()

    def _refuse(self, field: QLineEdit, message: str) -> None:
        self.message.setText(f"{field.accessibleName()}: {message}")
        self.message.setVisible(True)
        field.setFocus()
