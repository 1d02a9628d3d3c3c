"""Movement costs and shortest paths on a board, for any ruleset's step rules.

Shortest paths run in python-tcod's C Dijkstra over cost arrays: a 64x64 board
resolves in well under a millisecond, which a pure-Python search cannot do
within the decide budgets. Hex boards are laid into an axial-coordinate array
so that the six hex directions become six fixed array offsets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from desktop.engine import hex_geometry
from desktop.engine.board import Board, Cell, Shape, Terrain
from desktop.engine.geometry import Neighbourhood, neighbours
from desktop.engine.square_geometry import EIGHT_WAY, ORTHOGONAL
from desktop.engine.tcod_path import CustomGraph, Pathfinder

_UNREACHED = np.iinfo(np.int32).max


@dataclass(frozen=True)
class MovementRules:
    """How a ruleset moves: neighbourhood and integer step costs in 1/scale units.

    `extra_cost` is added for each cell *entered* of that terrain (difficult
    ground, doors). Walls and hazards are never entered.
    """

    neighbourhood: Neighbourhood
    straight_cost: int = 1
    diagonal_cost: int = 1
    extra_cost: Mapping[Terrain, int] = field(default_factory=dict)
    scale: int = 1

    def step_cost(self, board: Board, start: Cell, end: Cell) -> int:
        diagonal = (
            self.neighbourhood is Neighbourhood.EIGHT_WAY
            and start[0] != end[0] and start[1] != end[1]
        )
        base = self.diagonal_cost if diagonal else self.straight_cost
        return base + self.extra_cost.get(board.terrain(end), 0)

    def _key(self) -> tuple:
        return (self.neighbourhood, self.straight_cost, self.diagonal_cost,
                tuple(sorted((t.value, c) for t, c in self.extra_cost.items())))


class _Layout:
    """Maps board cells to pathfinder array indices (identity for squares, axial for hexes)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.hex = board.shape is Shape.HEX
        self.q_offset = (board.height - 1) // 2 if self.hex else 0
        self.shape = (board.height, board.width + self.q_offset)

    def index(self, cell: Cell) -> tuple[int, int]:
        if self.hex:
            q, r = hex_geometry.to_axial(cell)
            return r, q + self.q_offset
        return cell[1], cell[0]

    def cell(self, i: int, j: int) -> Cell:
        if self.hex:
            return hex_geometry.from_axial(j - self.q_offset, i)
        return j, i


def _layout(board: Board) -> _Layout:
    layout = board.memo.get("layout")
    if layout is None:
        layout = board.memo["layout"] = _Layout(board)
    return layout


def _base_costs(board: Board, rules: MovementRules) -> list[tuple[tuple[int, int], np.ndarray]]:
    """(array offset, cost array) per direction, for terrain alone; cached per board and rules."""
    key = ("costs", rules._key())
    cached = board.memo.get(key)
    if cached is not None:
        return cached
    layout = _layout(board)
    extra = np.zeros(layout.shape, dtype=np.int32)
    enterable = np.zeros(layout.shape, dtype=bool)
    for cell in board.cells():
        terrain = board.terrain(cell)
        if terrain.passable:
            idx = layout.index(cell)
            enterable[idx] = True
            extra[idx] = rules.extra_cost.get(terrain, 0)
    straight = np.where(enterable, rules.straight_cost + extra, 0).astype(np.int32)
    diagonal = np.where(enterable, rules.diagonal_cost + extra, 0).astype(np.int32)
    edges: list[tuple[tuple[int, int], np.ndarray]] = []
    if rules.neighbourhood is Neighbourhood.HEX:
        edges = [((dr, dq), straight) for dq, dr in hex_geometry.AXIAL_DIRECTIONS]
    else:
        for dx, dy in ORTHOGONAL:
            edges.append(((dy, dx), straight))
        if rules.neighbourhood is Neighbourhood.EIGHT_WAY:
            for dx, dy in EIGHT_WAY:
                if dx and dy:
                    edges.append(((dy, dx), diagonal))
    board.memo[key] = edges
    return edges


class DistanceField:
    """Cheapest cost from the root cells to every cell, never entering a `blocked` cell."""

    def __init__(
        self,
        board: Board,
        rules: MovementRules,
        roots: Iterable[Cell],
        blocked: Iterable[Cell] = (),
    ) -> None:
        self.board = board
        self.rules = rules
        self.roots = tuple(roots)
        self._layout = _layout(board)
        blocked_idx = [self._layout.index(c) for c in blocked if board.in_bounds(c)]
        graph = CustomGraph(self._layout.shape)
        for offset, costs in _base_costs(board, rules):
            if blocked_idx:
                costs = costs.copy()
                rows, cols = zip(*blocked_idx, strict=True)
                costs[list(rows), list(cols)] = 0
            graph.add_edge(offset, 1, cost=costs)
        self._finder = Pathfinder(graph)
        for root in self.roots:
            self._finder.add_root(self._layout.index(root))
        self._finder.resolve()
        self._distance = self._finder.distance

    def raw(self, cell: Cell) -> int | None:
        """Cost in integer 1/scale units, or None when the cell cannot be reached."""
        if not self.board.in_bounds(cell):
            return None
        value = int(self._distance[self._layout.index(cell)])
        return None if value == _UNREACHED else value

    def cost(self, cell: Cell) -> float | None:
        value = self.raw(cell)
        if value is None:
            return None
        return value if self.rules.scale == 1 else value / self.rules.scale

    def reachable(self, limit: float | None = None) -> dict[Cell, float]:
        """Every reached cell (roots included) with its cost, optionally up to `limit`."""
        dist = self._distance
        mask = dist != _UNREACHED
        if limit is not None:
            mask &= dist <= round(limit * self.rules.scale)
        out: dict[Cell, float] = {}
        scale = self.rules.scale
        for i, j in zip(*np.nonzero(mask), strict=True):
            cell = self._layout.cell(int(i), int(j))
            if self.board.in_bounds(cell):
                value = int(dist[i, j])
                out[cell] = value if scale == 1 else value / scale
        return out

    def path_to(self, cell: Cell) -> list[Cell]:
        """Cells entered from the nearest root to `cell`, root excluded; [] when unreachable."""
        if self.raw(cell) is None:
            return []
        points = self._finder.path_to(self._layout.index(cell))
        return [self._layout.cell(int(i), int(j)) for i, j in points[1:]]

    def cells_on_shortest_paths(self, goals: Iterable[Cell]) -> set[Cell]:
        """Every cell on some cheapest route from a root to the cheapest of `goals`."""
        reached = [(self.raw(g), g) for g in goals]
        reached = [(d, g) for d, g in reached if d is not None]
        if not reached:
            return set()
        best = min(d for d, _ in reached)
        frontier = [g for d, g in reached if d == best]
        seen = set(frontier)
        while frontier:
            cell = frontier.pop()
            here = self.raw(cell)
            if here == 0:
                continue
            for prev in neighbours(self.board, cell, self.rules.neighbourhood):
                before = self.raw(prev)
                if before is None or prev in seen:
                    continue
                if before + self.rules.step_cost(self.board, prev, cell) == here:
                    seen.add(prev)
                    frontier.append(prev)
        return seen
