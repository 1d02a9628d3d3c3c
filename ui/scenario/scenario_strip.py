"""The strip above the board in a scenario session: the level, each type's card this round,
the monster modifier deck (cards to draw and discarded, bless and curse buttons, or the
players drawing their own) and the six elements (click to infuse; click a strong one to use
it up)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QFrame, QLabel, QLineEdit, QToolButton

from desktop.engine.ability_cards import ELEMENTS
from desktop.engine.attack_modifiers import BLESS, CURSE, STANDARD_DECK
from desktop.tracker.scenario_play import STRENGTH_WORDS, STRONG, WANING
from desktop.tracker.scenario_turns import in_deck
from desktop.tracker.session import Session
from ui.flow_layout import FlowLayout

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker.commands import Command

# The elements' colours: strong filled, waning pale, inert grey.
ELEMENT_COLOURS = {
    "fire": "#d9472b",
    "ice": "#4aa3df",
    "air": "#9aa7b0",
    "earth": "#6b8e23",
    "light": "#e0b000",
    "dark": "#4b3b73",
}


class ScenarioStrip(QFrame):
    """`run(command)` runs a command the strip's buttons ask for; `level()` opens the level's
    dialog."""

    def __init__(self, run: Callable[[Command], object], level: Callable[[], None]) -> None:
        super().__init__()
        self.setObjectName("scenarioStrip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._run = run
        layout = FlowLayout(self, h_spacing=8, v_spacing=4)
        layout.setContentsMargins(6, 4, 6, 4)
        self.level_button = QToolButton()
        self.level_button.setToolTip("The scenario level: click to change it")
        self.level_button.clicked.connect(level)
        layout.addWidget(self.level_button)
        self.cards = QLabel()
        self.cards.setToolTip("Each monster type's ability card this round")
        layout.addWidget(self.cards)
        self.modifiers = QLabel()
        layout.addWidget(self.modifiers)
        self.bless = self._button("+ Bless", "Shuffle a bless card into the monster deck")
        self.bless.clicked.connect(lambda: self._add_modifier(BLESS))
        self.curse = self._button("+ Curse", "Shuffle a curse card into the monster deck")
        self.curse.clicked.connect(lambda: self._add_modifier(CURSE))
        layout.addWidget(self.bless)
        layout.addWidget(self.curse)
        self.own_deck = QCheckBox("We draw the modifier cards")
        self.own_deck.setToolTip(
            "The players draw the monsters' modifier cards from their own deck: Foebook says "
            "each attack's value before the card"
        )
        self.own_deck.clicked.connect(self._use_own_deck)
        layout.addWidget(self.own_deck)
        # The players' own deck: the card they drew for each attack just applied, typed.
        self.drawn_label = QLabel()
        self.drawn = QLineEdit()
        self.drawn.setPlaceholderText("+1, -1, 0, x2, null, bless, curse")
        self.drawn.setMaximumWidth(self.drawn.fontMetrics().horizontalAdvance("n" * 30))
        self.drawn_label.setBuddy(self.drawn)
        layout.addWidget(self.drawn_label)
        layout.addWidget(self.drawn)
        self.attacks: list[tuple[str, str, str]] = []  # (attacker id, target id, words)
        self._show_attack()
        self.elements: dict[str, QToolButton] = {}
        for element in ELEMENTS:
            button = self._button(element.capitalize(), "")
            button.clicked.connect(lambda _=False, e=element: self._toggle(e))
            layout.addWidget(button)
            self.elements[element] = button
        self._strengths: dict[str, int] = {}

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setAccessibleName(text)
        if tip:
            button.setToolTip(tip)
        return button

    def add_attacks(self, attacks: list[tuple[str, str, str]]) -> None:
        """Attacks whose modifier card the players draw from their own deck, to type."""
        self.attacks += attacks
        self._show_attack()

    def _show_attack(self) -> None:
        pending = bool(self.attacks)
        self.drawn_label.setVisible(pending)
        self.drawn.setVisible(pending)
        if pending:
            self.drawn_label.setText(f"&Their card, {self.attacks[0][2]}:")
            self.drawn.setAccessibleName(f"Modifier card drawn, {self.attacks[0][2]}")

    def _add_modifier(self, card: str) -> None:
        from desktop.tracker.scenario_commands import AddModifier

        self._run(AddModifier(card, 1))

    def _use_own_deck(self, on: bool) -> None:
        from desktop.tracker.scenario_commands import UseOwnModifierDeck

        self._run(UseOwnModifierDeck(bool(on)))

    def type_drawn(self) -> None:
        """Enter in the card field (the window's Enter brings it here)."""
        from desktop.tracker.scenario_commands import TypedModifier

        if not self.attacks:
            return
        attacker, target, _ = self.attacks[0]
        if self._run(TypedModifier(attacker, target, self.drawn.text().strip())):
            self.attacks.pop(0)
            self.drawn.clear()
            self._show_attack()

    def _toggle(self, element: str) -> None:
        """Inert or waning: infused (strong); strong: used up (inert)."""
        from desktop.tracker.scenario_commands import SetElement

        strong = self._strengths.get(element, 0) == STRONG
        self._run(SetElement(element, "inert" if strong else "strong"))

    def show_session(self, session: Session | None) -> None:
        """Shown for a session playing a scenario from a monster book, with its state now."""
        book = session.encounter.book if session is not None else None
        self.setVisible(book is not None)
        if session is None or book is None:
            return
        state = session.state
        self.level_button.setText(f"Level {state.encounter.level}…")
        cards = []
        for type_id, played in state.play.cards.items():
            if state.play.cards_round != state.round:
                break
            unit_type = book.unit_type(type_id)
            name = unit_type.name if unit_type is not None else type_id
            how = "" if played.drawn or not played.card.name else " (typed)"
            cards.append(f"{name}: {played.card.title} {played.card.initiative}{how}")
        self.cards.setText("; ".join(cards) or "Cards: not in for this round yet")
        deck = state.play.modifiers
        if deck.physical:
            self.modifiers.setText("Modifier cards: the players draw them")
        else:
            left = len(deck.draw) if deck.started else len(STANDARD_DECK)
            extra = [
                f"{in_deck(deck, card)} {card}"
                for card in (BLESS, CURSE)
                if deck.started and in_deck(deck, card)
            ]
            blessed = f" ({', '.join(extra)})" if extra else ""
            shuffle = "; shuffled at the round's end" if deck.reshuffle_due else ""
            self.modifiers.setText(
                f"Modifier deck: {left} to draw{blessed}, {len(deck.discard)} discarded{shuffle}"
            )
        self.bless.setEnabled(not deck.physical)
        self.curse.setEnabled(not deck.physical)
        self.own_deck.setChecked(deck.physical)
        if not deck.physical and self.attacks:
            self.attacks.clear()
            self._show_attack()
        self._strengths = dict(state.play.elements)
        for element, button in self.elements.items():
            strength = self._strengths.get(element, 0)
            button.setText(element.capitalize())  # its look says how strong it is
            button.setAccessibleName(f"{element.capitalize()}, {STRENGTH_WORDS[strength]}")
            button.setToolTip(
                f"{element.capitalize()} is {STRENGTH_WORDS[strength]}: click to "
                + ("use it up" if strength == STRONG else "infuse it (strong)")
            )
            button.setStyleSheet(_element_style(element, strength))


def _element_style(element: str, strength: int) -> str:
    colour = ELEMENT_COLOURS[element]
    if strength == STRONG:
        return f"QToolButton {{ background: {colour}; color: white; font-weight: bold; }}"
    if strength == WANING:
        return f"QToolButton {{ border: 2px solid {colour}; color: {colour}; }}"
    return ""
