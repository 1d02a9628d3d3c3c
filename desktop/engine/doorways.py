"""Doorways on square boards: runs of door cells in a wall, their width, sides and fan.

A doorway is a straight run of orthogonally connected door (`+`) cells. Its
wall line runs along the run: a doorway whose cells share a column (or a
single door cell with walls or the board edge above and below it) sits in a
north-south wall and is passed west-east; otherwise it sits in an east-west
wall and is passed north-south. `side` says on which side of that wall line a
cell lies (-1, 0 on the line, +1). The fan of a doorway on one side is the
cells 1 or 2 squares beyond the wall line, from one square before the run to
one square after it: what a figure on the other side can reach through it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from desktop.engine.board import Board, Cell, Terrain
from desktop.engine.board_cache import board_cache

FAN_DEPTH = 2


@dataclass(frozen=True)
class Doorway:
    cells: tuple[Cell, ...]  # sorted
    vertical_wall: bool  # True: the wall runs north-south, figures pass west-east

    @property
    def width(self) -> int:
        return len(self.cells)

    @cached_property
    def _line(self) -> int:
        return self.cells[0][0] if self.vertical_wall else self.cells[0][1]

    def side(self, cell: Cell) -> int:
        across = cell[0] if self.vertical_wall else cell[1]
        return (across > self._line) - (across < self._line)

    def fan(self, side: int, depth: int = FAN_DEPTH) -> frozenset[Cell]:
        along = [c[1] if self.vertical_wall else c[0] for c in self.cells]
        out = set()
        for d in range(1, depth + 1):
            across = self._line + side * d
            for a in range(min(along) - 1, max(along) + 2):
                out.add((across, a) if self.vertical_wall else (a, across))
        return frozenset(out)

    def in_front(self, cell: Cell) -> bool:
        """Whether `cell` lies straight across the wall line from one of the door cells."""
        along = cell[1] if self.vertical_wall else cell[0]
        span = [c[1] if self.vertical_wall else c[0] for c in self.cells]
        return min(span) <= along <= max(span)

    def beside(self) -> frozenset[Cell]:
        """Cells touching the doorway (8-way) that are not part of it."""
        out = {(c[0] + dx, c[1] + dy) for c in self.cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        return frozenset(out - set(self.cells))


def _blocked(board: Board, cell: Cell) -> bool:
    return not board.in_bounds(cell) or board.terrain(cell) is Terrain.WALL


@board_cache
def doorways(board: Board) -> tuple[Doorway, ...]:
    doors = board.cells_of(Terrain.DOOR)
    seen: set[Cell] = set()
    found: list[Doorway] = []
    for start in sorted(doors):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            cell = stack.pop()
            group.append(cell)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nxt = (cell[0] + dx, cell[1] + dy)
                if nxt in doors and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        group.sort()
        if len(group) > 1:
            vertical = len({c[0] for c in group}) == 1
        else:
            col, row = group[0]
            vertical = _blocked(board, (col, row - 1)) and _blocked(board, (col, row + 1))
        found.append(Doorway(tuple(group), vertical))
    return tuple(found)


@board_cache
def _doorway_index(board: Board) -> dict[Cell, Doorway]:
    return {c: d for d in doorways(board) for c in d.cells}


def doorway_at(board: Board, cell: Cell) -> Doorway | None:
    return _doorway_index(board).get(cell)


def cells_crossed(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """Square cells whose inside the centre-to-centre segment a-b passes, ends excluded.

    Sampled at 1/16 of a square along the line (enough to find the door squares a
    line passes; a line that only clips a cell's corner may be missed). Cached."""
    key = (a, b)
    found = _CROSSED.get(key)
    if found is None:
        if len(_CROSSED) > 100_000:
            _CROSSED.clear()
        found = _CROSSED[key] = tuple(_crossed(a, b))
    return found


_CROSSED: dict[tuple[Cell, Cell], tuple[Cell, ...]] = {}


def _crossed(a: Cell, b: Cell) -> list[Cell]:
    (ax, ay), (bx, by) = (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5)
    steps = max(1, math.ceil(max(abs(bx - ax), abs(by - ay)) * 16))
    out: list[Cell] = []
    for i in range(1, steps):
        t = i / steps
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        # Points on a cell border belong to no cell's inside.
        if abs(x - round(x)) < 1e-9 or abs(y - round(y)) < 1e-9:
            continue
        cell = (math.floor(x), math.floor(y))
        if cell not in (a, b) and (not out or out[-1] != cell):
            out.append(cell)
    return out
