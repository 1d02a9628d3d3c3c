"""A monster book: unit types (stat lines by level and rank) and the ability decks they draw,
as plain data a session carries (docs/monster-book.md is the file format)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from desktop.engine.ability_cards import INITIATIVE, AbilityCard, AbilityDeck, round_stats
from desktop.engine.board import Cell
from desktop.engine.unit_types import StatLine, UnitType, standee_name
from desktop.engine.units import Side, Standee, Unit


@dataclass(frozen=True)
class MonsterBook:
    """The monster types and ability decks a scenario's monsters are drawn from."""

    name: str
    types: MappingProxyType[str, UnitType] = field(default_factory=lambda: MappingProxyType({}))
    decks: MappingProxyType[str, AbilityDeck] = field(default_factory=lambda: MappingProxyType({}))

    def unit_type(self, type_id: str) -> UnitType | None:
        return self.types.get(type_id)

    def deck_of(self, type_id: str) -> AbilityDeck | None:
        unit_type = self.types.get(type_id)
        return self.decks.get(unit_type.deck) if unit_type is not None else None

    def to_record(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "types": [t.to_record() for t in self.types.values()],
            "decks": [d.to_record() for d in self.decks.values()],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> MonsterBook:
        types = (UnitType.from_record(t) for t in record.get("types") or ())
        decks = (AbilityDeck.from_record(d) for d in record.get("decks") or ())
        return cls(
            str(record.get("name") or ""),
            MappingProxyType({t.id: t for t in types}),
            MappingProxyType({d.id: d for d in decks}),
        )


def standee_unit(
    unit_type: UnitType,
    line: StatLine,
    rank: str,
    number: int,
    at: Cell,
    unit_id: str,
    ai: str | None,
    card: AbilityCard | None = None,
) -> Unit:
    """A new standee of `unit_type` at full HP, with its stat line's numbers (and this
    round's card, when its type has one)."""
    unit = Unit(
        id=unit_id,
        name=standee_name(unit_type, number),
        side=Side.ENEMY,
        at=at,
        hp=line.hp,
        max_hp=line.hp,
        ai=ai,
        standee=Standee(unit_type.id, rank, number),
    )
    return with_round_numbers(unit, line, card)


def with_round_numbers(unit: Unit, line: StatLine, card: AbilityCard | None) -> Unit:
    """The standee with its numbers for the round: its stat line's with the card applied
    (initiative kept when there is no card), the line's tags plus a card's jump, and the
    card's area attack (none without a card or an attack)."""
    stats = round_stats(line.stats, card)
    if card is None and INITIATIVE in unit.stats:
        stats[INITIATIVE] = unit.stats[INITIATIVE]
    tags = (*line.tags, *(("jump",) if card is not None and card.jump else ()))
    area = card.area if card is not None and card.attack is not None else None
    return unit.evolve(stats=stats, tags=tuple(dict.fromkeys(tags)), aoe=area)
