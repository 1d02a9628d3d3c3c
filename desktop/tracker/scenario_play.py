"""What a session playing a scenario from a monster book keeps besides the encounter: each
type's ability deck and this round's card, the monster attack modifier deck and the elements.

Every deck's order is part of the state (drawn from a shuffle seeded by the session's dice
and a count of shuffles), so undo, redo and reopening the session show the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from desktop.tracker.phrase_seed import phrase_seed

if TYPE_CHECKING:  # loaded with the first card read: a session without one shows sooner
    from desktop.engine.ability_cards import AbilityCard

STRONG, WANING = 2, 1  # an element's strength (inert elements are left out)
STRENGTH_WORDS = {STRONG: "strong", WANING: "waning", 0: "inert"}


@dataclass(frozen=True)
class TypeDeck:
    """One type's ability deck in the app: the draw pile (top first) and the discard (the
    latest last); `shuffle_due` when a card drawn this round says to shuffle."""

    draw: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    shuffle_due: bool = False

    def to_record(self) -> dict[str, Any]:
        return {"draw": list(self.draw), "discard": list(self.discard), "shuffle": self.shuffle_due}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> TypeDeck:
        return cls(
            tuple(record.get("draw") or ()),
            tuple(record.get("discard") or ()),
            bool(record.get("shuffle")),
        )


@dataclass(frozen=True)
class RoundCard:
    """A type's ability card this round: drawn from its deck in the app, or typed in."""

    card: AbilityCard
    drawn: bool

    def to_record(self) -> dict[str, Any]:
        return {"card": self.card.to_record(), "drawn": self.drawn}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> RoundCard:
        from desktop.engine.ability_cards import AbilityCard

        return cls(AbilityCard.from_record(record["card"]), bool(record.get("drawn")))


@dataclass(frozen=True)
class ModifierDeck:
    """The monsters' attack modifier deck. `physical`: the players draw their own cards and
    type them; the app's deck is then left alone."""

    draw: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    reshuffle_due: bool = False  # a null or ×2 was drawn this round
    physical: bool = False
    started: bool = False  # built and shuffled (the first draw or bless does it)

    def to_record(self) -> dict[str, Any]:
        return {
            "draw": list(self.draw),
            "discard": list(self.discard),
            "reshuffle": self.reshuffle_due,
            "physical": self.physical,
            "started": self.started,
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ModifierDeck:
        return cls(
            tuple(record.get("draw") or ()),
            tuple(record.get("discard") or ()),
            bool(record.get("reshuffle")),
            bool(record.get("physical")),
            bool(record.get("started")),
        )


@dataclass(frozen=True)
class ScenarioPlay:
    """A scenario's play state: this round's ability cards, the decks, elements and boosts."""

    cards_round: int = 0  # the round whose ability cards are in `cards` (0: none yet)
    cards: Mapping[str, RoundCard] = field(default_factory=lambda: MappingProxyType({}))
    decks: Mapping[str, TypeDeck] = field(default_factory=lambda: MappingProxyType({}))
    modifiers: ModifierDeck = field(default_factory=ModifierDeck)
    elements: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    shuffles: int = 0  # shuffles made so far: the next one's seed
    # This round: unit id -> the conditions an element it consumed adds to its attack.
    boosts: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    def card_of(self, type_id: str, round_: int) -> RoundCard | None:
        """The type's card for `round_` (None when that round's cards are not in)."""
        return self.cards.get(type_id) if self.cards_round == round_ else None

    def element(self, name: str) -> int:
        return self.elements.get(name, 0)

    def evolve(self, **changes: Any) -> ScenarioPlay:
        for key in ("cards", "decks", "elements", "boosts"):
            if key in changes and not isinstance(changes[key], MappingProxyType):
                changes[key] = MappingProxyType(dict(changes[key]))
        return replace(self, **changes)

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {}
        if self.cards_round:
            record["round"] = self.cards_round
            record["cards"] = {t: c.to_record() for t, c in self.cards.items()}
        if self.decks:
            record["decks"] = {t: d.to_record() for t, d in self.decks.items()}
        if self.modifiers != ModifierDeck():
            record["modifiers"] = self.modifiers.to_record()
        if self.elements:
            record["elements"] = dict(self.elements)
        if self.shuffles:
            record["shuffles"] = self.shuffles
        if self.boosts:
            record["boosts"] = {u: list(c) for u, c in self.boosts.items()}
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ScenarioPlay:
        return cls(
            int(record.get("round") or 0),
            MappingProxyType(
                {t: RoundCard.from_record(c) for t, c in (record.get("cards") or {}).items()}
            ),
            MappingProxyType(
                {t: TypeDeck.from_record(d) for t, d in (record.get("decks") or {}).items()}
            ),
            ModifierDeck.from_record(record.get("modifiers") or {}),
            MappingProxyType({k: int(v) for k, v in (record.get("elements") or {}).items()}),
            int(record.get("shuffles") or 0),
            MappingProxyType({u: tuple(c) for u, c in (record.get("boosts") or {}).items()}),
        )


def shuffled(items: Iterable[str], seed: int, count: int) -> tuple[str, ...]:
    """`items` in the order of the session's `count`-th shuffle (the same every time)."""
    out = list(items)
    random.Random(phrase_seed(f"{seed}:shuffle:{count}")).shuffle(out)
    return tuple(out)


def fresh_modifiers(play: ScenarioPlay, seed: int) -> ScenarioPlay:
    """The standard modifier deck built and shuffled, unless it is already."""
    deck = play.modifiers
    if deck.started:
        return play
    from desktop.engine.attack_modifiers import STANDARD_DECK

    started = replace(deck, draw=shuffled(STANDARD_DECK, seed, play.shuffles), started=True)
    return play.evolve(modifiers=started, shuffles=play.shuffles + 1)
