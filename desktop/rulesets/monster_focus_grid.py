"""monster-focus: the hex grid of a board as numbers (cells, neighbours, walls, hex counts).

Cells are numbered `row * width + col`. Directions are counter-clockwise from east:
those of hex_geometry.HEX_SIDES (E, NE, NW, W, SW, SE). Corners are kept in an integer
frame (x in units of half a hex width, y in units of half a hex side), an affine image of
the real board: it keeps straight lines, crossings and ratios along a line exact.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from desktop.engine.board import Board, Cell, Terrain
from desktop.engine.board_cache import board_cache
from desktop.engine.hex_geometry import hex_step

FAR = 10**6  # "cannot get there"
Corner = tuple[int, int]  # a hex corner in the integer frame
Segment = tuple[Corner, Corner]

# Corner k sits at 60k + 30 degrees (y up); edge d joins corners d - 1 and d.
CORNER_OFFSETS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))


def centre(cell: Cell) -> Corner:
    col, row = cell
    return (2 * col + (row & 1), -3 * row)


def corner(cell: Cell, k: int) -> Corner:
    x, y = centre(cell)
    dx, dy = CORNER_OFFSETS[k]
    return (x + dx, y + dy)


@dataclass(frozen=True)
class Grid:
    """What the rules read from a board, precomputed once per board."""

    width: int
    height: int
    terrain: tuple[str, ...]  # legend character per cell
    neighbours: tuple[tuple[int, ...], ...]  # per cell, per direction: cell or -1
    thin: tuple[tuple[bool, ...], ...]  # a thin wall on that side (board edge included)
    walled_corners: frozenset[Corner]  # corners touching any wall
    occluders: tuple[Segment, ...]  # segments that block sight
    _rows: list[tuple[int, ...] | None]  # hexes_from, filled on first use
    memo: dict[Any, Any]  # other facts about this board, kept by the modules that derive them

    def hexes_from(self, start: int) -> tuple[int, ...]:
        """Hexes from `start` to every cell, never entering a wall hex or crossing a thin
        wall (figures, obstacles and traps do not lengthen it): range and proximity."""
        row = self._rows[start]
        if row is None:
            row = self._rows[start] = _hex_counts(start, self.terrain, self.neighbours, self.thin)
        return row

    def index(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        return (index % self.width, index // self.width)

    def is_wall(self, index: int) -> bool:
        return self.terrain[index] == Terrain.WALL.value

    def adjacent(self, a: int, b: int) -> bool:
        """Neighbours with no wall between them (melee reach, disadvantage)."""
        return b in self.neighbours[a] and self.hexes_from(a)[b] == 1


@board_cache
def grid_of(board: Board) -> Grid:
    width, height = board.width, board.height
    cells = [(c, r) for r in range(height) for c in range(width)]
    terrain = tuple(board.rows[r][c] for c, r in cells)
    wall = Terrain.WALL.value
    neighbours = []
    for cell in cells:
        row = []
        for d in range(6):
            n = hex_step(cell, d)
            row.append(n[1] * width + n[0] if board.in_bounds(n) else -1)
        neighbours.append(tuple(row))
    thin = [[False] * 6 for _ in cells]
    for pair in board.thin_walls:
        a, b = tuple(pair)
        for x, y in ((a, b), (b, a)):
            if board.in_bounds(x):
                d = next(d for d in range(6) if hex_step(x, d) == y)
                thin[x[1] * width + x[0]][d] = True
    # Corners touching a wall: ends of a thin wall, corners of a wall hex.
    walled: set[Corner] = set()
    occluders: list[Segment] = []
    for i, cell in enumerate(cells):
        if terrain[i] == wall:
            walled.update(corner(cell, k) for k in range(6))
            # A wall hex blocks sight through its three long diagonals (a line that
            # enters the hex crosses one of them; one that grazes it touches one).
            occluders += [(corner(cell, k), corner(cell, k + 3)) for k in range(3)]
        for d in range(6):
            if thin[i][d]:
                ends = (corner(cell, (d - 1) % 6), corner(cell, d))
                walled.update(ends)
                j = neighbours[i][d]
                beside_wall = j >= 0 and terrain[j] == wall
                if terrain[i] != wall and not beside_wall and (j < 0 or j > i):
                    occluders.append(ends)
    return Grid(
        width,
        height,
        terrain,
        tuple(neighbours),
        tuple(tuple(t) for t in thin),
        frozenset(walled),
        tuple(occluders),
        [None] * len(cells),
        {},
    )


def _hex_counts(
    start: int,
    terrain: tuple[str, ...],
    neighbours: tuple[tuple[int, ...], ...],
    thin: tuple[tuple[bool, ...], ...],
) -> tuple[int, ...]:
    wall = Terrain.WALL.value
    dist = [FAR] * len(terrain)
    dist[start] = 0
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        nxt = dist[cur] + 1
        for d, n in enumerate(neighbours[cur]):
            if n >= 0 and not thin[cur][d] and dist[n] == FAR and terrain[n] != wall:
                dist[n] = nxt
                queue.append(n)
    return tuple(dist)
