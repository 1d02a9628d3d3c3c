"""Shortest-path search in python-tcod's C Dijkstra over cost arrays, for large boards.

A 64x64 board resolves in well under a millisecond, which a pure-Python search
cannot do within the decide budgets. Hex boards are laid into an axial-coordinate
array so that the six hex directions become six fixed array offsets. numpy and
tcod are imported only when a board is large enough to need this backend (they
cost ~150 ms of process start-up that a small `foebook decide` should not pay).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
from tcod.path import CustomGraph, Pathfinder

from desktop.engine import hex_geometry
from desktop.engine.board import Board, Cell, Shape, Terrain
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.geometry import Neighbourhood
from desktop.engine.movement_rules import MovementRules
from desktop.engine.square_geometry import EIGHT_WAY, ORTHOGONAL

_UNREACHED = np.iinfo(np.int32).max


class _Layout:
    """Maps board cells to array indices (identity for squares, axial for hexes)."""

    def __init__(self, board: Board) -> None:
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


@dataclass(frozen=True)
class _TerrainCosts:
    layout: _Layout
    enterable: np.ndarray  # bool per array cell: passable terrain inside the board
    extra: np.ndarray  # extra cost for entering each cell
    directions: tuple[tuple[tuple[int, int], int], ...]  # (array offset, base step cost)


# MovementRules.cache_key() -> the board's terrain costs under those rules
_COSTS: BoardCache[dict[tuple[object, ...], _TerrainCosts]] = BoardCache(
    "tcod terrain costs", empty_dict
)


def _terrain_costs(board: Board, rules: MovementRules) -> _TerrainCosts:
    """Terrain-only cost data, cached per board and rules (boards are immutable)."""
    key = rules.cache_key()
    cached = _COSTS(board).get(key)
    if cached is not None:
        return cached
    layout = _Layout(board)
    chars = np.array([list(row) for row in board.rows], dtype="<U1")
    passable = np.zeros(chars.shape, dtype=bool)
    extra_grid = np.zeros(chars.shape, dtype=np.int32)
    for terrain in Terrain:
        here = chars == terrain.value
        passable |= here & terrain.passable
        extra_grid[here] = rules.extra_cost.get(terrain, 0)
    rows, cols = np.indices(chars.shape)
    if layout.hex:
        # odd-r column -> axial q, shifted so every index is >= 0
        cols = cols - (rows - (rows & 1)) // 2 + layout.q_offset
    extra = np.zeros(layout.shape, dtype=np.int32)
    enterable = np.zeros(layout.shape, dtype=bool)
    enterable[rows, cols] = passable
    extra[rows, cols] = extra_grid
    if rules.neighbourhood is Neighbourhood.HEX:
        directions = [((dr, dq), rules.straight_cost) for dq, dr in hex_geometry.AXIAL_DIRECTIONS]
    else:
        directions = [((dy, dx), rules.straight_cost) for dx, dy in ORTHOGONAL]
        if rules.neighbourhood is Neighbourhood.EIGHT_WAY:
            directions += [((dy, dx), rules.diagonal_cost) for dx, dy in EIGHT_WAY if dx and dy]
    found = _COSTS(board)[key] = _TerrainCosts(layout, enterable, extra, tuple(directions))
    return found


def _shifted(array: np.ndarray, di: int, dj: int) -> np.ndarray:
    """out[i, j] = array[i - di, j - dj], zero where that falls outside."""
    out = np.zeros_like(array)
    h, w = array.shape
    out[max(di, 0) : h + min(di, 0), max(dj, 0) : w + min(dj, 0)] = array[
        max(-di, 0) : h + min(-di, 0), max(-dj, 0) : w + min(-dj, 0)
    ]
    return out


def _edge_maps(
    directions: Iterable[tuple[tuple[int, int], int]],
) -> list[tuple[int, np.ndarray]]:
    """3x3 edge maps (centre = the cell itself), one per distinct base step cost."""
    maps: dict[int, np.ndarray] = {}
    for (di, dj), base in directions:
        maps.setdefault(base, np.zeros((3, 3), dtype=np.int8))[di + 1, dj + 1] = 1
    return list(maps.items())


class TcodSearch:
    """One Dijkstra run; costs in integer 1/scale units, `limit` bounds them."""

    def __init__(
        self,
        board: Board,
        rules: MovementRules,
        roots: tuple[Cell, ...],
        blocked: frozenset[Cell],
        limit: int | None,
        reverse: bool,
    ) -> None:
        terrain = _terrain_costs(board, rules)
        self._board = board
        self._layout = layout = terrain.layout
        self._limit = limit
        enterable = terrain.enterable.copy()
        for cell in blocked:
            if board.in_bounds(cell):
                enterable[layout.index(cell)] = False
        i0, j0, i1, j1 = 0, 0, *layout.shape
        if limit is not None and roots:
            # Any route within the allowance stays inside this window around the roots.
            reach = limit // min(base for _, base in terrain.directions) + 1
            root_idx = [layout.index(r) for r in roots]
            i0 = max(0, min(i for i, _ in root_idx) - reach)
            i1 = min(i1, max(i for i, _ in root_idx) + reach + 1)
            j0 = max(0, min(j for _, j in root_idx) - reach)
            j1 = min(j1, max(j for _, j in root_idx) + reach + 1)
        self._origin = (i0, j0)
        window = (slice(i0, i1), slice(j0, j1))
        enterable = enterable[window]
        extra = terrain.extra[window]
        graph = CustomGraph(enterable.shape)
        if reverse and extra.any():
            # Reverse search charges a step by the cell the forward mover would enter,
            # which is the cell the reverse search comes *from*: shift the extras.
            for (di, dj), base in terrain.directions:
                step_extra = _shifted(extra, di, dj)
                graph.add_edge(
                    (di, dj), 1, cost=np.where(enterable, base + step_extra, 0).astype(np.int32)
                )
        else:
            # One rule per step cost (straight, diagonal): tcod compiles each rule per
            # search, so two edge maps are much cheaper than eight single edges.
            for base, edge_map in _edge_maps(terrain.directions):
                graph.add_edges(
                    edge_map=edge_map, cost=np.where(enterable, base + extra, 0).astype(np.int32)
                )
        self._finder = Pathfinder(graph)
        for root in roots:
            i, j = layout.index(root)
            self._finder.add_root((i - i0, j - j0))
        self._finder.resolve()
        self._distance = self._finder.distance
        self._grid: list[list[int]] | None = None
        self._bound = _UNREACHED - 1 if limit is None else limit

    def raw(self, cell: Cell) -> int | None:
        # Rules ask for thousands of single cells per decision: reading a Python list is
        # several times cheaper than indexing the numpy array each time.
        grid = self._grid
        if grid is None:
            grid = self._grid = self._distance.tolist()
        if self._layout.hex:
            i, j = self._layout.index(cell)
        else:
            i, j = cell[1], cell[0]
        i -= self._origin[0]
        j -= self._origin[1]
        if 0 <= i < len(grid) and 0 <= j < len(grid[0]):
            value = grid[i][j]
            return value if value <= self._bound else None
        return None

    def items(self) -> Iterator[tuple[Cell, int]]:
        dist = self._distance
        mask = dist != _UNREACHED
        if self._limit is not None:
            mask &= dist <= self._limit
        i0, j0 = self._origin
        rows, cols = np.nonzero(mask)
        values = dist[rows, cols].tolist()
        if not self._layout.hex:
            # Square arrays map one-to-one onto the board: convert the indices in bulk.
            cells = zip((cols + j0).tolist(), (rows + i0).tolist(), strict=True)
            yield from zip(cells, values, strict=True)
            return
        for i, j, value in zip(rows.tolist(), cols.tolist(), values, strict=True):
            cell = self._layout.cell(i + i0, j + j0)
            if self._board.in_bounds(cell):
                yield cell, value
