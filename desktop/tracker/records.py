"""Plain JSON-able records of units, memory and boards, for the command log and storage."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from desktop.engine.board import Board, Shape
from desktop.engine.encounter import Memory
from desktop.engine.units import (
    UNIT_RECORD_KEYS,
    AreaAttack,
    Side,
    Standee,
    Unit,
    Weapon,
    unit_fields,
)

WEAPON_FIELDS = ("name", "kind", "range", "strength")


def record_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """The declared unit fields in a unit record (`guards`, `priorities`...)."""
    return {k: v for k, v in record.items() if k not in UNIT_RECORD_KEYS}


def weapon_from_record(record: Mapping[str, Any]) -> Weapon:
    extra = {k: v for k, v in record.items() if k not in WEAPON_FIELDS}
    return Weapon(
        record["name"],
        record.get("kind", "melee"),
        record.get("range", 1),
        record.get("strength"),
        MappingProxyType(extra),
    )


def unit_to_record(unit: Unit, counters: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Everything about a unit, its status counters included, as plain JSON values."""
    return {
        "id": unit.id,
        "name": unit.name,
        "side": unit.side.value,
        "at": [unit.at[0], unit.at[1]],
        "hp": unit.hp,
        "max_hp": unit.max_hp,
        "ai": unit.ai,
        "stats": dict(unit.stats),
        "statuses": list(unit.statuses),
        "counters": dict(counters or {}),
        "tags": list(unit.tags),
        "weapons": [w.to_dict() for w in unit.weapons],
        "aoe": unit.aoe.to_dict() if unit.aoe is not None else None,
        "standee": unit.standee.to_dict() if unit.standee is not None else None,
        **{k: list(v) if isinstance(v, tuple) else v for k, v in unit.fields.items()},
    }


def aoe_from_record(record: Mapping[str, Any] | None) -> AreaAttack | None:
    if not record:
        return None
    return AreaAttack(str(record["kind"]), tuple((int(q), int(r)) for q, r in record["hexes"]))


def unit_from_record(record: Mapping[str, Any]) -> tuple[Unit, dict[str, int]]:
    unit = Unit(
        id=record["id"],
        name=record.get("name") or record["id"],
        side=Side(record["side"]),
        at=(int(record["at"][0]), int(record["at"][1])),
        hp=int(record["hp"]),
        max_hp=int(record["max_hp"]),
        ai=record.get("ai"),
        stats=MappingProxyType(dict(record.get("stats") or {})),
        statuses=tuple(record.get("statuses") or ()),
        tags=tuple(record.get("tags") or ()),
        weapons=tuple(weapon_from_record(w) for w in record.get("weapons") or ()),
        aoe=aoe_from_record(record.get("aoe")),
        fields=unit_fields(record_fields(record)),
        standee=Standee.from_dict(record["standee"]) if record.get("standee") else None,
    )
    counters = {k: int(v) for k, v in (record.get("counters") or {}).items()}
    return unit, counters


def memory_to_record(memory: Memory) -> dict[str, Any]:
    return {
        "last_attacker": dict(memory.last_attacker),
        "shot_this_round": list(memory.shot_this_round),
        "previous_target": memory.previous_target,
    }


def memory_from_record(record: Mapping[str, Any]) -> Memory:
    return Memory(
        MappingProxyType(dict(record.get("last_attacker") or {})),
        tuple(record.get("shot_this_round") or ()),
        record.get("previous_target"),
    )


def board_to_record(board: Board) -> dict[str, Any]:
    return {
        "shape": board.shape.value,
        "rows": list(board.rows),
        "heights": [list(r) for r in board.heights] if board.heights is not None else None,
        # Each wall as its two cells, sorted, so equal boards give equal records.
        "thin_walls": sorted([list(c) for c in sorted(wall)] for wall in board.thin_walls),
    }


def board_from_record(record: Mapping[str, Any]) -> Board:
    heights = record.get("heights")
    return Board(
        Shape(record["shape"]),
        tuple(record["rows"]),
        tuple(tuple(int(h) for h in r) for r in heights) if heights is not None else None,
        frozenset(
            frozenset((int(c), int(r)) for c, r in wall) for wall in record.get("thin_walls") or ()
        ),
    )
