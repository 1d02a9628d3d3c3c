"""monster-focus area attacks: the twelve ways a pattern can lie (six turns, each mirrored)."""

from __future__ import annotations

from collections.abc import Iterable

from desktop.engine.hex_geometry import from_axial, to_axial
from desktop.rulesets.monster_focus.grid import Grid

Offset = tuple[int, int]  # axial (dq, dr)


def _turn(offset: Offset) -> Offset:
    """A sixth of a turn about the origin (cube (x, y, z) -> (-z, -x, -y))."""
    q, r = offset
    return (-r, q + r)


def _mirror(offset: Offset) -> Offset:
    q, r = offset
    return (q, -q - r)


def orientations(hexes: Iterable[Offset]) -> list[tuple[Offset, ...]]:
    """The pattern in each of its twelve orientations about the origin (repeats kept)."""
    base = tuple(hexes)
    out = []
    for flipped in (base, tuple(_mirror(h) for h in base)):
        shape = flipped
        for _ in range(6):
            out.append(shape)
            shape = tuple(_turn(h) for h in shape)
    return out


def melee_placements(grid: Grid, attacker: int, hexes: Iterable[Offset]) -> list[list[int]]:
    """The cells a melee area covers in each orientation around the attacker's own hex."""
    pattern = [h for h in hexes if h != (0, 0)]
    return _placed(grid, attacker, orientations(pattern))


def ranged_shapes(hexes: Iterable[Offset]) -> list[tuple[Offset, ...]]:
    """Every distinct shape of a ranged area with one of its hexes at the origin."""
    base = list(hexes)
    seen = set()
    for pin_q, pin_r in base:
        pinned = [(q - pin_q, r - pin_r) for q, r in base]
        for shape in orientations(pinned):
            seen.add(tuple(sorted(shape)))
    return sorted(seen)


def ranged_placements(grid: Grid, anchor: int, shapes: list[tuple[Offset, ...]]) -> list[list[int]]:
    """The cells of every placement of a ranged area that covers `anchor` (off-board parts
    dropped)."""
    return _placed(grid, anchor, shapes)


def _placed(grid: Grid, anchor: int, shapes: Iterable[Iterable[Offset]]) -> list[list[int]]:
    """Each shape's cells with its origin on `anchor`, those off the board left out."""
    q0, r0 = to_axial(grid.cell(anchor))
    out = []
    for shape in shapes:
        cells = []
        for dq, dr in shape:
            col, row = from_axial(q0 + dq, r0 + dr)
            if 0 <= col < grid.width and 0 <= row < grid.height:
                cells.append(row * grid.width + col)
        out.append(cells)
    return out
