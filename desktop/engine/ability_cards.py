"""Ability cards: what a unit type does this round (its initiative, move and attack changes,
range, targets, area, conditions, elements) and the numbers that gives each standee.

A card's move and attack change the stat line's (`move = 1` is "Move +1"); range, targets and
area replace it; shield and retaliate add to it for the round. The numbers a standee acts on
this round are its stat line's with the card applied (`round_stats`), written into its stats,
so a ruleset's decision reads them as it reads any unit's stats.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from desktop.display_text import listed, shown
from desktop.engine.area_attacks import area_attack_from
from desktop.engine.limits import MAX_ID_LENGTH, MAX_LIST_ITEMS, MAX_STAT
from desktop.engine.units import AreaAttack
from desktop.engine.value_checks import (
    Fail,
    check_choice,
    check_list,
    check_text,
    check_whole,
    check_words,
)

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
        """Its name, or "typed card" for a card typed in without one."""
        return self.name or "typed card"

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
    """A monster type's deck of ability cards, as a monster book lists it."""

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


# -- a card as a user wrote it (a monster book, a card typed in at the table) --------------

CARD_NUMBERS = {  # key -> (lowest, highest)
    "move": (-MAX_STAT, MAX_STAT),
    "attack": (-MAX_STAT, MAX_STAT),
    "range": (0, MAX_STAT),
    "range_change": (-MAX_STAT, MAX_STAT),
    "targets": (1, MAX_STAT),
    "shield": (0, MAX_STAT),
    "retaliate": (0, MAX_STAT),
    "heal": (0, MAX_STAT),
}
CARD_KEYS = (
    "id",
    "name",
    "initiative",
    "shuffle",
    *CARD_NUMBERS,
    "area",
    "jump",
    "conditions",
    "infuse",
    "consume",
    "text",
)
CONSUME_STATS = tuple(s for s in CARD_STATS if s != INITIATIVE)
CONSUME_KEYS = ("element", *CONSUME_STATS, "conditions", "heal", "text")
LONGEST_TEXT = 1000  # a card's or a stat card's words
_ID = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")


def card_from_raw(raw: Any, default_id: str, statuses: Collection[str], fail: Fail) -> AbilityCard:
    """The card `raw` (plain data: a book's [[decks.cards]] table, a card typed in) describes,
    each mistake refused through `fail(field, message)`; `statuses`: the conditions known."""
    if not isinstance(raw, dict):
        raise fail("", "expected a table of the card's fields")
    unknown = sorted(set(raw) - set(CARD_KEYS))
    if unknown:
        raise fail(unknown[0], f"unknown field (known: {listed(CARD_KEYS)})")
    card_id = raw.get("id", default_id)
    if not (isinstance(card_id, str) and len(card_id) <= MAX_ID_LENGTH and _ID.match(card_id)):
        raise fail("id", f"is {shown(card_id)}; expected lower-case letters, digits, '-' or '_'")
    name = check_text(raw.get("name", ""), "name", fail)
    if "initiative" not in raw:
        raise fail("initiative", "missing; expected the card's initiative (0-99)")
    initiative = check_whole(raw["initiative"], "initiative", fail, 0, 99)
    numbers = {
        key: check_whole(raw[key], key, fail, low, high)
        for key, (low, high) in CARD_NUMBERS.items()
        if key in raw
    }
    if "range" in numbers and "range_change" in numbers:
        raise fail("range_change", "a card gives its range or a change to it, not both")
    flags = {key: _flag(raw, key, fail) for key in ("shuffle", "jump")}
    area = None
    if "area" in raw:
        try:
            area = area_attack_from(raw["area"])
        except ValueError as error:
            raise fail("area", str(error)) from None
        if area.kind == "melee" and numbers.get("range", 0) > 0:
            raise fail("area", "a melee area needs range 0 (or no range)")
        if area.kind == "ranged" and numbers.get("range") == 0:
            raise fail("area", "a ranged area needs a range of 1 or more")
        if area.kind == "melee":
            numbers["range"] = 0  # a melee area is a melee attack, whatever the stat card's
    conditions = check_words(raw.get("conditions", []), "conditions", fail, statuses, "status")
    infuse = [
        check_choice(e, "infuse", fail, ELEMENTS, "element")
        for e in check_list(raw.get("infuse", []), "infuse", fail, MAX_LIST_ITEMS)
    ]
    uses = check_list(raw.get("consume", []), "consume", fail, MAX_LIST_ITEMS)
    consume = tuple(_element_use(use, i, statuses, fail) for i, use in enumerate(uses))
    return AbilityCard(
        card_id,
        name,
        initiative,
        flags["shuffle"],
        numbers.get("move"),
        numbers.get("attack"),
        numbers.get("range"),
        numbers.get("range_change", 0),
        numbers.get("targets"),
        area,
        flags["jump"],
        conditions,
        tuple(dict.fromkeys(infuse)),
        consume,
        numbers.get("shield", 0),
        numbers.get("retaliate", 0),
        numbers.get("heal", 0),
        check_text(raw.get("text", ""), "text", fail, LONGEST_TEXT),
    )


def _flag(raw: dict[str, Any], key: str, fail: Fail) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise fail(key, f"is {shown(value)}; expected true or false")
    return value


def _element_use(raw: Any, index: int, statuses: Collection[str], fail: Fail) -> ElementUse:
    where = f"consume[{index}]"
    if not isinstance(raw, dict):
        example = '{ element = "fire", attack = 1 }'
        raise fail("consume", f"{where}: expected a table such as {example}")

    def inner(key: str, message: str) -> Any:
        return fail("consume", f"{where} {shown(key)} {message}")

    unknown = sorted(set(raw) - set(CONSUME_KEYS))
    if unknown:
        known = listed(CONSUME_KEYS)
        raise inner(unknown[0], f"is not a key of a consumed element (known: {known})")
    elements = (*ELEMENTS, ANY_ELEMENT)
    element = check_choice(raw.get("element"), "element", inner, elements, "element")
    changes = {
        key: check_whole(raw[key], key, inner, -MAX_STAT, MAX_STAT)
        for key in CONSUME_STATS
        if key in raw
    }
    conditions = check_words(raw.get("conditions", []), "conditions", inner, statuses, "status")
    heal = check_whole(raw.get("heal", 0), "heal", inner, 0, MAX_STAT)
    text = check_text(raw.get("text", ""), "text", inner, LONGEST_TEXT)
    return ElementUse(element, MappingProxyType(changes), conditions, heal, text)
