"""Cover on square inch boards, and the cover-seeking moves the skirmish rules share.

A figure is *in cover* when it stands on a cover cell (`c`) or next to one
(8-way) or next to a wall (`#`). A *terrain feature* is one 8-connected patch
of cover and wall cells; a cell is covered *by* every feature it stands on or
touches. The three movement ideas every table of the skirmish rules refers to
are defined here once:

- the next forward position: the nearest terrain feature (by movement cost)
  that the figure is not already sheltering at, offering a covered cell that
  is closer to the nearest opponent than the figure is now;
- using cover: a cell qualifies when it is in cover or out of sight of every
  opponent;
- manoeuvring within cover: the cells covered by the same feature(s) as the
  figure's current cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from desktop.engine.board import LEGEND, Board, Cell, Terrain
from desktop.engine.board_cache import board_cache
from desktop.engine.square_geometry import EIGHT_WAY, inches

_SHELTER = (Terrain.COVER, Terrain.WALL)
_SELF_AND_AROUND = ((0, 0), *EIGHT_WAY)  # a cover cell covers itself (it is open ground)


@dataclass(frozen=True)
class CoverMap:
    """Terrain features of a board and the features that cover each cell."""

    features: tuple[frozenset[Cell], ...]
    covering: Mapping[Cell, frozenset[int]]  # only cells in cover appear

    def features_at(self, cell: Cell) -> frozenset[int]:
        return self.covering.get(cell, frozenset())


@board_cache
def cover_map(board: Board) -> CoverMap:
    """Built once per board (boards are immutable) and kept with it."""
    shelter = set(board.cells_of(Terrain.COVER)) | set(board.cells_of(Terrain.WALL))
    feature_of: dict[Cell, int] = {}
    features: list[frozenset[Cell]] = []
    for start in sorted(shelter, key=lambda c: (c[1], c[0])):
        if start in feature_of:
            continue
        index = len(features)
        patch = {start}
        stack = [start]
        feature_of[start] = index
        while stack:
            x, y = stack.pop()
            for dx, dy in EIGHT_WAY:
                nxt = (x + dx, y + dy)
                if nxt in shelter and nxt not in feature_of:
                    feature_of[nxt] = index
                    patch.add(nxt)
                    stack.append(nxt)
        features.append(frozenset(patch))
    # The rows read directly: a 200x200 table has thousands of shelter cells, each with 8
    # neighbours to test (Board.passable per cell cost the first decision ~0.1 s). Nearly
    # every covered cell is covered by one feature: it shares that feature's one-element
    # set, and a set is made only where a second feature touches the cell (a set built per
    # cell, then frozen, was most of the map's ~50 ms at the limits).
    rows, width, height = board.rows, board.width, board.height
    cover = Terrain.COVER.value
    open_ground = {char for char, terrain in LEGEND.items() if terrain.passable}
    alone = [frozenset((index,)) for index in range(len(features))]
    covering: dict[Cell, frozenset[int]] = {}
    for cell, index in feature_of.items():
        x, y = cell
        mine = alone[index]
        for dx, dy in _SELF_AND_AROUND if rows[y][x] == cover else EIGHT_WAY:
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height and rows[ny][nx] in open_ground:
                near = (nx, ny)
                have = covering.get(near)
                if have is None:
                    covering[near] = mine
                elif index not in have:
                    covering[near] = have | mine
    return CoverMap(tuple(features), covering)


def in_cover(board: Board, cell: Cell) -> bool:
    return cell in cover_map(board).covering


def uses_cover(
    board: Board, cell: Cell, watchers: Iterable[Cell], sees: Callable[[Cell, Cell], bool]
) -> bool:
    """The "use cover" test for an end cell: in cover, or seen by none of `watchers`."""
    if in_cover(board, cell):
        return True
    return not any(sees(w, cell) for w in watchers)


def manoeuvre_cells(board: Board, start: Cell, cells: Iterable[Cell]) -> list[Cell]:
    """The cells among `cells` covered by a feature that covers `start` ([] when start is open)."""
    cmap = cover_map(board)
    mine = cmap.features_at(start)
    if not mine:
        return []
    return [c for c in cells if cmap.features_at(c) & mine]


def nearest_distance(cell: Cell, others: Sequence[Cell]) -> float:
    return min((inches(cell, o) for o in others), default=float("inf"))


@dataclass(frozen=True)
class ForwardPosition:
    features: tuple[int, ...]  # more than one: equally near features, a choice for the players
    cells: tuple[Cell, ...]  # covered cells of those features closer to the opponents than start
    cost: float  # movement cost to the cheapest of them
    ahead: float  # the start's distance to its nearest opponent, for explanations


def next_forward_position(
    board: Board,
    start: Cell,
    costs: Mapping[Cell, float],
    opponents: Sequence[Cell],
    distance: Callable[[Cell], float] | None = None,
) -> ForwardPosition | None:
    """The next terrain feature ahead, or None. `costs`: reachable cells and their cost.
    `distance(cell)`, when given, is the caller's (remembered) nearest_distance to the
    same opponents."""
    if not opponents:
        return None
    cmap = cover_map(board)
    if distance is None:

        def distance(cell: Cell) -> float:
            return nearest_distance(cell, opponents)

    here = distance(start)
    mine = cmap.features_at(start)
    best: dict[int, float] = {}
    ahead_cells: dict[int, list[Cell]] = {}
    for cell, cost in costs.items():
        ids = cmap.covering.get(cell)
        if not ids or distance(cell) >= here:
            continue
        for index in ids - mine:
            ahead_cells.setdefault(index, []).append(cell)
            if cost < best.get(index, float("inf")):
                best[index] = cost
    if not best:
        return None
    cheapest = min(best.values())
    nearest = tuple(sorted(i for i, c in best.items() if c == cheapest))
    cells = sorted({c for i in nearest for c in ahead_cells[i]})
    return ForwardPosition(nearest, tuple(cells), cheapest, here)
