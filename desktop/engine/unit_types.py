"""Unit types: stat lines shared by standees ("Guard" at level 3, elite), as a ruleset declares
them (`[unit_types]` in its data) and a monster book fills them in.

A unit type is the roster's unit of play: one stat line per scenario level and rank, and
standees numbered 1..N that each carry their own HP, markers and place (`Standee` on the
unit). Setting the level sets every standee's numbers from its type's line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from desktop.engine.units import Unit


@dataclass(frozen=True)
class UnitTypesSpec:
    """What a ruleset declares: the scenario levels, the ranks a standee may have (in the
    order cards list them) and which rank acts first at equal initiative, the stats a stat
    line sets and the tags it may give."""

    levels: tuple[int, ...]
    ranks: tuple[str, ...]
    first: tuple[str, ...] = ()  # ranks in acting order (default: `ranks` as listed)
    stats: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    default_level: int = 0

    def acting_rank(self, rank: str) -> int:
        """Where a rank acts among standees of one type at one initiative (0 first)."""
        order = self.first or self.ranks
        return order.index(rank) if rank in order else len(order)


def unit_types_spec(raw: Mapping[str, Any]) -> UnitTypesSpec:
    """The `[unit_types]` table of a ruleset's data; ValueError naming the key at fault."""
    levels = raw.get("levels")
    ranks = raw.get("ranks")
    if not (isinstance(levels, list) and levels and all(_whole(v) for v in levels)):
        raise ValueError("levels must be a list of whole numbers, such as [0, 1, 2]")
    if len(set(levels)) != len(levels):
        raise ValueError("levels are listed twice")
    if not (isinstance(ranks, list) and ranks and all(isinstance(r, str) and r for r in ranks)):
        raise ValueError('ranks must be a list of names, such as ["normal", "elite"]')
    first = raw.get("first", [])
    if not isinstance(first, list) or set(first) - set(ranks):
        raise ValueError("first must list ranks of `ranks`")
    default = raw.get("default_level", levels[0])
    if default not in levels:
        raise ValueError(f"default_level {default!r} is not one of the levels")
    unknown = set(raw) - {"levels", "ranks", "first", "stats", "tags", "default_level"}
    if unknown:
        raise ValueError(f"unknown key '{sorted(unknown)[0]}'")
    return UnitTypesSpec(
        tuple(levels),
        tuple(ranks),
        tuple(first),
        tuple(raw.get("stats", ())),
        tuple(raw.get("tags", ())),
        default,
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class StatLine:
    """One level and rank of a unit type's stat card."""

    hp: int
    stats: MappingProxyType[str, float] = field(default_factory=lambda: MappingProxyType({}))
    tags: tuple[str, ...] = ()  # jump, flying...
    immunities: tuple[str, ...] = ()  # statuses it never gains
    conditions: tuple[str, ...] = ()  # statuses each of its attacks gives its targets
    notes: str = ""  # what the stat card says besides its numbers, in the book's words

    def stat(self, name: str, default: float = 0) -> float:
        return self.stats.get(name, default)

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"hp": self.hp, "stats": dict(self.stats)}
        for key in ("tags", "immunities", "conditions"):
            if getattr(self, key):
                record[key] = list(getattr(self, key))
        if self.notes:
            record["notes"] = self.notes
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> StatLine:
        return cls(
            int(record["hp"]),
            MappingProxyType(dict(record.get("stats") or {})),
            tuple(record.get("tags") or ()),
            tuple(record.get("immunities") or ()),
            tuple(record.get("conditions") or ()),
            str(record.get("notes") or ""),
        )


@dataclass(frozen=True)
class UnitType:
    """A stat card by level and rank, the standees it has and the ability deck it draws."""

    id: str
    name: str
    standees: int  # how many standees the game has: numbers 1..standees
    lines: MappingProxyType[tuple[int, str], StatLine]
    deck: str = ""  # the id of its ability deck in the book ("" none: cards are typed in)
    notes: str = ""

    def line(self, level: int, rank: str) -> StatLine | None:
        return self.lines.get((level, rank))

    def ranks(self) -> list[str]:
        return list(dict.fromkeys(rank for _, rank in self.lines))

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "standees": self.standees,
            "lines": [
                {"level": level, "rank": rank, **line.to_record()}
                for (level, rank), line in self.lines.items()
            ],
        }
        if self.deck:
            record["deck"] = self.deck
        if self.notes:
            record["notes"] = self.notes
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> UnitType:
        lines = {
            (int(line["level"]), str(line["rank"])): StatLine.from_record(line)
            for line in record.get("lines") or ()
        }
        return cls(
            str(record["id"]),
            str(record["name"]),
            int(record["standees"]),
            MappingProxyType(lines),
            str(record.get("deck") or ""),
            str(record.get("notes") or ""),
        )


def standee_name(unit_type: UnitType, number: int) -> str:
    """How the roster and the log call a standee: "Guard 2"."""
    return f"{unit_type.name} {number}"


def free_numbers(unit_type: UnitType, units: Iterable[Unit], count: int) -> list[int]:
    """The `count` lowest standee numbers of the type no unit has (beyond the type's
    standee count when every standee is out: the players add one more)."""
    taken = {u.standee.number for u in units if u.standee and u.standee.type == unit_type.id}
    found: list[int] = []
    number = 1
    while len(found) < count:
        if number not in taken:
            found.append(number)
        number += 1
    return found


def standees_of(units: Iterable[Unit], type_id: str) -> list[Unit]:
    return [u for u in units if u.standee is not None and u.standee.type == type_id]


def type_order(units: Iterable[Unit]) -> list[str]:
    """The unit types of the roster, in the order their first standee stands in it."""
    return list(dict.fromkeys(u.standee.type for u in units if u.standee is not None))


# -- the print data: a type's stat lines, for one card per type ------------------------------


@dataclass(frozen=True)
class StatRow:
    """One row of a type's card: a level and rank with its numbers, in the stats' order."""

    level: int
    rank: str
    hp: int
    values: tuple[tuple[str, float], ...]  # (stat, value) for each stat the card prints
    extras: tuple[str, ...]  # tags, immunities, conditions and notes, as words


def stat_rows(
    unit_type: UnitType, spec: UnitTypesSpec, levels: Iterable[int] | None = None
) -> list[StatRow]:
    """Every stat line of the type, by level then rank in the spec's order (only `levels`
    when given): what a type's reference card prints."""
    wanted = spec.levels if levels is None else tuple(levels)
    rows = []
    for level in wanted:
        for rank in spec.ranks:
            line = unit_type.line(level, rank)
            if line is None:
                continue
            values = tuple((name, line.stat(name)) for name in spec.stats if name in line.stats)
            extras = (
                *line.tags,
                *(f"immune to {s}" for s in line.immunities),
                *(f"attacks give {s}" for s in line.conditions),
                *([line.notes] if line.notes else []),
            )
            rows.append(StatRow(level, rank, line.hp, values, tuple(extras)))
    return rows
