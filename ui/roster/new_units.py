"""Ids, free cells and copies for the units the roster adds (plain Python, no Qt)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from desktop.engine.board import Cell, Shape
from desktop.engine.encounter import Encounter
from desktop.engine.hex_geometry import hex_distance
from desktop.engine.limits import ID_PATTERN
from desktop.engine.square_geometry import chebyshev
from desktop.engine.units import Unit
from desktop.tracker.records import unit_to_record

_NOT_ID = re.compile(r"[^a-z0-9_-]+")
_NUMBERED = re.compile(r"^(?P<base>.*?)(?:[-_ ]?(?P<n>\d+))?$")


def slug(name: str) -> str:
    """A unit id made from a name: "Goblin Archer" -> "goblin-archer"."""
    text = _NOT_ID.sub("-", name.strip().lower()).strip("-_")
    return text if text and ID_PATTERN.match(text) else "unit"


def unique_id(wanted: str, taken: Iterable[str]) -> str:
    """`wanted`, or `wanted-2`, `wanted-3`... whichever is free."""
    used = set(taken)
    if wanted not in used:
        return wanted
    numbered = _NUMBERED.match(wanted)
    assert numbered is not None  # the pattern matches every string
    base = numbered["base"].rstrip("-_") or wanted
    n = 2
    while f"{base}-{n}" in used:
        n += 1
    return f"{base}-{n}"


def next_name(name: str, taken: Iterable[str]) -> str:
    """ "Goblin" -> "Goblin 2"; "Goblin 2" -> "Goblin 3" (skipping names in use)."""
    used = set(taken)
    match = _NUMBERED.match(name.strip())
    assert match is not None  # the pattern matches every string
    base = (match["base"] or name).rstrip(" -_") or name
    n = int(match["n"]) + 1 if match["n"] else 2
    while f"{base} {n}" in used:
        n += 1
    return f"{base} {n}"


def free_cells(encounter: Encounter, near: Cell | None = None) -> list[Cell]:
    """Cells a new unit may stand on, nearest to `near` first (else in reading order)."""
    board = encounter.board
    taken = encounter.occupied()
    cells = [c for c in board.cells() if board.passable(c) and c not in taken]
    if near is None:
        return sorted(cells, key=lambda c: (c[1], c[0]))
    measure = hex_distance if board.shape is Shape.HEX else chebyshev
    return sorted(cells, key=lambda c: (measure(near, c), c[1], c[0]))


def duplicate_record(unit: Unit, encounter: Encounter) -> dict | None:
    """A fresh copy of `unit` (full HP, no markers) next to it; None when the board is full."""
    cells = free_cells(encounter, unit.at)
    if not cells:
        return None
    record = unit_to_record(unit)
    record.update(
        id=unique_id(unit.id, (u.id for u in encounter.units)),
        name=next_name(unit.name, (u.name for u in encounter.units)),
        at=list(cells[0]),
        hp=unit.max_hp,
        statuses=[],
        counters={},
    )
    return record
