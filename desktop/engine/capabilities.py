"""What a ruleset offers beyond deciding, declared so the app reads it instead of ruleset ids:
card flips, an enemy deck to draw from, reactions in the players' turn, figure sizes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from desktop.engine.decision import TraceStep
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.units import Unit


class Card(Protocol):
    """One card of an enemy deck, as the players edit it (read-only: frozen cards fit)."""

    @property
    def name(self) -> str: ...
    @property
    def effect(self) -> str: ...
    @property
    def no_effect_when(self) -> str: ...

    def to_dict(self) -> dict[str, str]: ...


class Draw(Protocol):
    """What one draw gave: the card (None: every card would do nothing), the cards set aside
    on the way, and why."""

    @property
    def card(self) -> Card | None: ...

    @property
    def set_aside(self) -> tuple[Card, ...]: ...
    @property
    def trace(self) -> tuple[TraceStep, ...]: ...


@dataclass(frozen=True)
class CardFlips:
    """Checks are card flips from a deck of playing cards (the tracker offers "Flip a card").
    `meaning(card)`: what that card means for an enemy attack ('' when nothing special)."""

    meaning: Callable[[str], str]


CardT = TypeVar("CardT", bound=Card)


@dataclass(frozen=True)
class EnemyDeck(Generic[CardT]):
    """An army-wide deck the enemy draws from each turn, which the players may replace with
    their own (saved per ruleset); the wording is the deck dialog's and the tracker's."""

    id: str  # the deck's name in the session's card log ("stratagems")
    default: tuple[CardT, ...]
    # no_effect_when key -> when a card would do nothing, in the players' words
    conditions: Mapping[str, str]
    parse: Callable[[Iterable[Mapping[str, Any]], str], tuple[CardT, ...]]  # (entries, source)
    draw: Callable[[Encounter, Dice, Iterable[CardT]], Draw]
    blank: Callable[[], CardT]  # a new card for the players to fill in
    title: str = "Enemy deck"  # the dialog's title
    intro: str = ""  # the dialog's one-line explanation
    draw_label: str = "Draw an enemy card"

    def entries(self, deck: Iterable[CardT]) -> list[dict[str, str]]:
        return [card.to_dict() for card in deck]


def one_cell(unit: Unit) -> int:
    return 1


@dataclass(frozen=True)
class Capabilities:
    """None (or the default) where a ruleset lacks the feature. A ruleset's phases are its
    data's `phases`; its helpers come from `Ruleset.helpers`."""

    card_flips: CardFlips | None = None
    deck: EnemyDeck[Any] | None = None
    # Enemies react in the players' turn (the tracker offers the players'-turn toggle).
    player_turn: bool = False
    # An enemy's choice reads who attacked it last (Memory.last_attacker): the app lets the
    # players say it (damage typed "from" a player, the unit menu's "Attacked last by").
    remembers_attacker: bool = False
    # Squares a figure spans along each side of its square footprint (large figures).
    figure_size: Callable[[Unit], int] = one_cell
