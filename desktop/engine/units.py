"""Units on the board: enemies and player figures, with their stats, weapons and markers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from enum import StrEnum
from types import MappingProxyType
from typing import Any, cast

from desktop.engine.board import Cell


class Side(StrEnum):
    ENEMY = "enemy"
    PLAYER = "player"

    @property
    def opposing(self) -> Side:
        return Side.PLAYER if self is Side.ENEMY else Side.ENEMY


DEFAULT_WEAPON_KIND = "melee"  # a weapon without a kind, in a file or new in the editor

# The one list of a unit's own keys; a ruleset's declared fields (`guards = "boss"`) sit
# beside them, so no declared field may reuse one.
# Every unit in an encounter file may have these.
UNIT_FILE_KEYS = frozenset(
    {"id", "name", "side", "at", "hp", "max_hp", "ai", "statuses", "tags", "stats", "weapons"}
)
# A unit record (command log, storage) adds marker counters and the area attack (which files
# carry only for rulesets with area attacks).
UNIT_RECORD_KEYS = UNIT_FILE_KEYS | {"counters", "aoe", "standee"}
# What a file writes for a standee of a unit type (rulesets that declare unit types).
STANDEE_FILE_KEYS = frozenset({"type", "rank", "number"})


@dataclass(frozen=True)
class Weapon:
    """A weapon a unit attacks with: its kind (melee, ranged, ...), reach and strength."""

    name: str
    kind: str = DEFAULT_WEAPON_KIND
    range: float = 1
    strength: int | None = None
    extra: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "range": self.range}
        if self.strength is not None:
            out["strength"] = self.strength
        out.update(self.extra)
        return out


@dataclass(frozen=True)
class AreaAttack:
    """An area of effect: `kind` "melee" (hexes around the attacker) or "ranged" (placed
    within range); `hexes` are axial offsets [dq, dr]."""

    kind: str
    hexes: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "hexes": [list(h) for h in self.hexes]}


@dataclass(frozen=True)
class Standee:
    """A unit that is one standee of a unit type: "Guard 2", elite. Its type's stat line (by
    the scenario level and its rank) gives its numbers; HP, markers and place stay its own."""

    type: str  # the unit type's id in the encounter's monster book
    rank: str  # one of the ruleset's ranks ("normal", "elite")
    number: int  # 1..N among the standees of its type

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "rank": self.rank, "number": self.number}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Standee:
        return cls(str(record["type"]), str(record["rank"]), int(record["number"]))


@dataclass(frozen=True)
class Unit:
    """One figure. Immutable: changes make a new Unit (see `evolve`)."""

    id: str
    name: str
    side: Side
    at: Cell
    hp: int
    max_hp: int
    ai: str | None = None
    stats: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    statuses: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    aoe: AreaAttack | None = None
    # The fields its ruleset declares (RulesetData.unit_fields): guards, priorities...
    # Lists are tuples; an empty value is no entry at all.
    fields: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # One standee of a unit type (rulesets that declare unit types), or None.
    standee: Standee | None = None

    @property
    def is_enemy(self) -> bool:
        return self.side is Side.ENEMY

    def stat(self, name: str, default: float = 0) -> Any:
        return self.stats.get(name, default)

    def has(self, status: str) -> bool:
        return status in self.statuses

    def reference(self, name: str) -> str | None:
        """A unit-reference field (`guards`): the id it names, or None."""
        value = self.fields.get(name)
        return value if isinstance(value, str) else None

    def choices(self, name: str) -> tuple[str, ...]:
        """A list-of-choices field (`priorities`), empty when the unit has none."""
        value = self.fields.get(name)
        return value if isinstance(value, tuple) else ()

    def evolve(self, **changes: Any) -> Unit:
        if "stats" in changes and not isinstance(changes["stats"], MappingProxyType):
            changes["stats"] = MappingProxyType(dict(changes["stats"]))
        if "fields" in changes:
            changes["fields"] = unit_fields(changes["fields"])
        return replace(self, **changes)


def unit_fields(values: Mapping[str, Any]) -> MappingProxyType[str, Any]:
    """Declared field values as a Unit keeps them: lists as tuples, empty ones left out (so
    `guards = None` and no `guards` are the same unit)."""
    kept = {
        k: tuple(v) if isinstance(v, list | tuple) else v
        for k, v in values.items()
        if not is_empty(v)
    }
    return MappingProxyType(kept)


def is_empty(value: Any) -> bool:
    """No value: a field as good as absent (older records hold `guards = None`)."""
    return value is None or value == "" or (isinstance(value, list | tuple) and not value)


def make_unit(
    id: str,
    side: Side | str,
    at: Cell,
    hp: int,
    max_hp: int,
    *,
    name: str | None = None,
    stats: dict[str, Any] | None = None,
    **rest: Any,
) -> Unit:
    """Convenience constructor used by file loading and tests; a keyword that is not a Unit
    attribute (`guards=`, `priorities=`) is a declared field."""
    own = {f.name for f in dataclass_fields(Unit)}
    attributes: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in rest.items() if k in own
    }
    declared = {k: v for k, v in rest.items() if k not in own}
    if declared:
        attributes["fields"] = unit_fields({**attributes.get("fields", {}), **declared})
    elif "fields" in attributes:
        attributes["fields"] = unit_fields(attributes["fields"])
    return Unit(
        id=id,
        name=name or id,
        side=Side(side),
        at=cast(Cell, tuple(at)),
        hp=hp,
        max_hp=max_hp,
        stats=MappingProxyType(dict(stats or {})),
        **attributes,
    )
