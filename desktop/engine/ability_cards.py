"""Ability cards: what a unit type does this round (its initiative, move and attack changes,
range, targets, area, conditions, elements) and the numbers that gives each standee.

A card's move and attack change the stat line's (`move = 1` is "Move +1"); range, targets and
area replace it; shield and retaliate add to it for the round. The numbers a standee acts on
this round are its stat line's with the card applied (`round_stats`), written into its stats,
so a ruleset's decision reads them as it reads any unit's stats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from desktop.engine.units import AreaAttack

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
ANY_ELEMENT = "any"  # a card that consumes whichever element is there
# The stats a card's numbers go to (the stat names of rulesets with ability cards).
MOVE, ATTACK, RANGE, TARGETS = "move", "attack", "range", "targets"
SHIELD, RETALIATE, INITIATIVE = "shield", "retaliate", "initiative"
CARD_STATS = (MOVE, ATTACK, RANGE, TARGETS, SHIELD, RETALIATE, INITIATIVE)
# Changes written with a sign on a card; the others are plain numbers.
SIGNED = (MOVE, ATTACK, SHIELD, RETALIATE)


def signed(value: float) -> str:
    """+1, -2, +0."""
    number = int(value) if float(value).is_integer() else value
    return f"+{number}" if value >= 0 else f"{number}"


@dataclass(frozen=True)
class ElementUse:
    """What consuming an element adds to the card (`consume` on a card): changes to its
    numbers, conditions, a heal, words."""

    element: str  # one of ELEMENTS, or ANY_ELEMENT
    changes: MappingProxyType[str, int] = field(default_factory=lambda: MappingProxyType({}))
    conditions: tuple[str, ...] = ()
    heal: int = 0
    text: str = ""

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"element": self.element, **self.changes}
        if self.conditions:
            record["conditions"] = list(self.conditions)
        if self.heal:
            record["heal"] = self.heal
        if self.text:
            record["text"] = self.text
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ElementUse:
        changes = {k: int(v) for k, v in record.items() if k in CARD_STATS}
        return cls(
            str(record["element"]),
            MappingProxyType(changes),
            tuple(record.get("conditions") or ()),
            int(record.get("heal") or 0),
            str(record.get("text") or ""),
        )

    def describe(self) -> str:
        parts = [f"{stat} {signed(v) if stat in SIGNED else v}" for stat, v in self.changes.items()]
        parts += list(self.conditions)
        if self.heal:
            parts.append(f"heal {self.heal}")
        if self.text:
            parts.append(self.text)
        return ", ".join(parts) or "no change"


@dataclass(frozen=True)
class AbilityCard:
    """One card of a type's ability deck, or one typed in from a physical card."""

    id: str
    name: str
    initiative: int
    shuffle: bool = False  # the deck is shuffled at the end of the round it is drawn
    move: int | None = None  # change to the stat line's move; None: no move this round
    attack: int | None = None  # change to the stat line's attack; None: no attack
    range: int | None = None  # the attack's range (0 melee); None: the stat line's
    range_change: int = 0  # or a change to the stat line's range
    targets: int | None = None  # None: the stat line's
    area: AreaAttack | None = None
    jump: bool = False  # this round's move is a jump
    conditions: tuple[str, ...] = ()  # statuses the attack gives its targets
    infuse: tuple[str, ...] = ()  # elements made strong at the end of its turn
    consume: tuple[ElementUse, ...] = ()
    shield: int = 0  # added to the stat line's for the round
    retaliate: int = 0
    heal: int = 0  # each standee heals itself this much
    text: str = ""  # what else the card says, in the book's words

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"id": self.id, "name": self.name, "initiative": self.initiative}
        defaults = AbilityCard("", "", 0)
        for key in (
            "shuffle",
            "move",
            "attack",
            "range",
            "range_change",
            "targets",
            "jump",
            "shield",
            "retaliate",
            "heal",
            "text",
        ):
            value = getattr(self, key)
            if value != getattr(defaults, key):
                record[key] = value
        if self.area is not None:
            record["area"] = self.area.to_dict()
        for key in ("conditions", "infuse"):
            if getattr(self, key):
                record[key] = list(getattr(self, key))
        if self.consume:
            record["consume"] = [use.to_record() for use in self.consume]
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> AbilityCard:
        area = record.get("area")

        def number(key: str) -> int | None:
            value = record.get(key)
            return None if value is None else int(value)

        return cls(
            str(record.get("id") or ""),
            str(record.get("name") or ""),
            int(record["initiative"]),
            bool(record.get("shuffle", False)),
            number("move"),
            number("attack"),
            number("range"),
            int(record.get("range_change") or 0),
            number("targets"),
            AreaAttack(str(area["kind"]), tuple((int(q), int(r)) for q, r in area["hexes"]))
            if area
            else None,
            bool(record.get("jump", False)),
            tuple(record.get("conditions") or ()),
            tuple(record.get("infuse") or ()),
            tuple(ElementUse.from_record(u) for u in record.get("consume") or ()),
            int(record.get("shield") or 0),
            int(record.get("retaliate") or 0),
            int(record.get("heal") or 0),
            str(record.get("text") or ""),
        )

    @property
    def title(self) -> str:
        """Its name, or "a typed card" for a card typed in without one."""
        return self.name or "a typed card"

    def describe(self) -> str:
        """The card in one line: "initiative 24: move +1, attack +0, range 3; shuffle"."""
        parts = []
        if self.move is not None:
            parts.append(f"move {signed(self.move)}" + (" (jump)" if self.jump else ""))
        if self.attack is not None:
            parts.append(f"attack {signed(self.attack)}")
            if self.range is not None:
                parts.append(f"range {self.range}" if self.range else "melee")
            elif self.range_change:
                parts.append(f"range {signed(self.range_change)}")
            if self.targets is not None:
                parts.append(f"{self.targets} targets")
            if self.area is not None:
                parts.append(f"{self.area.kind} area of {len(self.area.hexes)} hexes")
            parts += list(self.conditions)
        for key in ("shield", "retaliate", "heal"):
            if getattr(self, key):
                parts.append(f"{key} {getattr(self, key)}")
        parts += [f"infuse {e}" for e in self.infuse]
        parts += [f"consume {u.element}: {u.describe()}" for u in self.consume]
        if self.text:
            parts.append(self.text)
        text = f"initiative {self.initiative}: " + (", ".join(parts) or "no action")
        return text + ("; shuffle" if self.shuffle else "")


@dataclass(frozen=True)
class AbilityDeck:
    id: str
    name: str
    cards: tuple[AbilityCard, ...]

    def card(self, card_id: str) -> AbilityCard | None:
        return next((c for c in self.cards if c.id == card_id), None)

    def to_record(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "cards": [c.to_record() for c in self.cards]}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> AbilityDeck:
        return cls(
            str(record["id"]),
            str(record.get("name") or record["id"]),
            tuple(AbilityCard.from_record(c) for c in record.get("cards") or ()),
        )


def round_stats(base: Mapping[str, float], card: AbilityCard | None) -> dict[str, float]:
    """A standee's numbers this round: its stat line's (`base`) with the card applied. No
    card: the stat line's own. A card without an attack gives 0 targets (no attack); one
    without a move, move 0."""
    stats = {k: v for k, v in base.items() if k in CARD_STATS and k != INITIATIVE}
    if card is None:
        return stats
    stats[MOVE] = max(0, base.get(MOVE, 0) + card.move) if card.move is not None else 0
    if card.attack is None:
        stats[TARGETS] = 0
    else:
        stats[ATTACK] = max(0, base.get(ATTACK, 0) + card.attack)
        if card.range is not None:
            stats[RANGE] = card.range
        else:
            stats[RANGE] = max(0, base.get(RANGE, 0) + card.range_change)
        stats[TARGETS] = card.targets if card.targets is not None else base.get(TARGETS, 1)
    for key in (SHIELD, RETALIATE):
        if getattr(card, key) or key in base:
            stats[key] = base.get(key, 0) + getattr(card, key)
    stats[INITIATIVE] = card.initiative
    return stats


def with_element(stats: Mapping[str, float], use: ElementUse) -> dict[str, float]:
    """`stats` with what consuming an element adds (its changes to move, attack...)."""
    out = dict(stats)
    for key, change in use.changes.items():
        out[key] = max(0, out.get(key, 0) + change)
    return out
