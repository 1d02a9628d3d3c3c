"""A monster book: unit types (stat lines by level and rank) and the ability decks they draw,
as plain data a session carries (docs/monster-book.md is the file format)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from desktop.engine.ability_cards import AbilityDeck
from desktop.engine.unit_types import UnitType


@dataclass(frozen=True)
class MonsterBook:
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
