"""Movement on a square inch grid with heights: climbing, free short drops, leaps, jumps.

One cell is one inch. Costs are kept in half inches (scale 2) so that a
straight step (1") and a diagonal step (1.5") stay whole numbers. Where a
board gives per-cell heights, stepping up costs the height gained and
stepping down more than `free_drop` inches costs the height lost (climbing
down); a figure may also jump down instead, which costs nothing but ends its
activation and hurts from 3" (see `jump_landings`, `fall_damage`). Gaps of
impassable hazard cells (`~`) up to `leap` inches wide are leapt as part of
the move. Figures are never passed through. The field has the same queries
as `movement.DistanceField`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from tcod.path import CustomGraph, Pathfinder

from desktop.engine.board import Board, Cell, Shape, Terrain
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.square_geometry import EIGHT_WAY
from desktop.engine.visibility import sees

SCALE = 2  # costs in half inches
_UNREACHED = np.iinfo(np.int32).max


@dataclass(frozen=True)
class InchMoves:
    """A figure's movement profile on an inch grid (costs in half inches)."""

    straight: int = 2
    diagonal: int = 3
    difficult_extra: int = 1  # +0.5" per difficult cell entered
    door_extra: int = 2  # +1" to open a door
    window_extra: int = 4  # +2" to climb through a window or hole
    free_drop: int = 1  # inches of descent taken for free
    climb_allowance: int = 0  # inches of every climb not paid for (1 for skulkers)
    leap: float = 2  # widest gap leapt, in inches (4 for swift figures)

    def climb_cost(self, here: int, there: int) -> int:
        """Half inches paid for the height change of one step (0 without heights)."""
        if there > here:
            return SCALE * max(0, there - here - self.climb_allowance)
        drop = here - there
        if drop <= self.free_drop:
            return 0
        return SCALE * max(0, drop - self.climb_allowance)


@dataclass(frozen=True)
class _Rule:
    """Edges sharing one cost array (indexed by the cell entered): one tcod rule."""

    offsets: tuple[tuple[int, int], ...]  # (d_row, d_col) of every edge of the rule
    costs: np.ndarray  # half inches to enter each cell along these edges, 0 = not allowed


_Edges = list[tuple[tuple[int, int], np.ndarray]]
# per movement profile: the board's rules, and the whole board's tcod graph with its edges
_INCH_RULES: BoardCache[dict[InchMoves, tuple[_Rule, ...]]] = BoardCache("inch rules", empty_dict)
_INCH_GRAPHS: BoardCache[dict[InchMoves, tuple[CustomGraph, _Edges]]] = BoardCache(
    "inch graphs", empty_dict
)


def _rules(board: Board, moves: InchMoves) -> tuple[_Rule, ...]:
    """The board's movement rules, built once per board and profile.

    Plain steps without heights cost the same whatever the direction they come
    from, so the four straight and the four diagonal steps each share one cost
    array (two tcod rules instead of eight: tcod compiles every rule per search).
    With heights a step's cost depends on where it starts, so each direction
    keeps its own array; leaps always do, as each needs its own gap cells.
    """
    cached = _INCH_RULES(board).get(moves)
    if cached is not None:
        return cached
    h, w = board.height, board.width
    passable = np.zeros((h, w), dtype=bool)
    hazard = np.zeros((h, w), dtype=bool)
    extra = np.zeros((h, w), dtype=np.int32)
    for row, line in enumerate(board.rows):
        for col, ch in enumerate(line):
            terrain = Terrain(ch)
            passable[row, col] = terrain.passable
            hazard[row, col] = terrain is Terrain.HAZARD
            if terrain is Terrain.DIFFICULT:
                extra[row, col] = moves.difficult_extra
            elif terrain is Terrain.DOOR:
                extra[row, col] = moves.door_extra
            elif terrain is Terrain.WINDOW:
                extra[row, col] = moves.window_extra
    heights = np.array(board.heights, dtype=np.int32) if board.heights is not None else None
    rules: list[_Rule] = []
    if heights is None:
        # A step is only ever taken from a reached cell, which is passable: the cost of
        # entering the cell is all that matters, whichever side the step comes from.
        for diagonal, base in ((False, moves.straight), (True, moves.diagonal)):
            offsets = tuple((dy, dx) for dx, dy in EIGHT_WAY if bool(dx and dy) == diagonal)
            rules.append(_Rule(offsets, np.where(passable, base + extra, 0).astype(np.int32)))
    for dx, dy in EIGHT_WAY:
        base = moves.diagonal if dx and dy else moves.straight
        width_per_cell = 1.5 if dx and dy else 1.0
        longest = int(moves.leap // width_per_cell)
        first = 1 if heights is not None else 2
        for span in range(first, longest + 2):  # span 1 = a plain step, more = a leap
            ox, oy = dx * span, dy * span
            ok = passable.copy()
            # The source of the edge into (row, col) is (row - oy, col - ox).
            src_ok = np.zeros((h, w), dtype=bool)
            _shift(src_ok, passable, ox, oy)
            ok &= src_ok
            for between in range(1, span):  # every cell leapt over must be a gap
                gap = np.zeros((h, w), dtype=bool)
                _shift(gap, hazard, ox - dx * between, oy - dy * between)
                ok &= gap
            if not ok.any():
                continue
            cost = (base * span + extra).astype(np.int32)
            if heights is not None:
                src_h = np.zeros((h, w), dtype=np.int32)
                _shift(src_h, heights, ox, oy)
                up = heights - src_h
                climb = np.where(up > 0, SCALE * np.maximum(0, up - moves.climb_allowance), 0)
                drop = -up
                climb = np.where(
                    drop > moves.free_drop,
                    SCALE * np.maximum(0, drop - moves.climb_allowance),
                    climb,
                )
                cost = cost + climb.astype(np.int32)
            rules.append(_Rule(((oy, ox),), np.where(ok, cost, 0).astype(np.int32)))
    found = _INCH_RULES(board)[moves] = tuple(rules)
    return found


def _graph(
    board: Board,
    moves: InchMoves,
    rules: tuple[_Rule, ...],
    x0: int,
    y0: int,
    x1: int,
    y1: int,
    cache: bool = True,
) -> tuple[CustomGraph, _Edges]:
    """A tcod graph of the rules inside the window, and every edge's (offset, costs)."""
    graph = CustomGraph((y1 - y0, x1 - x0))
    edges: list[tuple[tuple[int, int], np.ndarray]] = []
    for rule in rules:
        costs = rule.costs[y0:y1, x0:x1]
        for offset in rule.offsets:
            edges.append((offset, costs))
            # Edges given the same cost array compile into one tcod rule.
            graph.add_edge(offset, 1, cost=costs)
    if cache:
        _INCH_GRAPHS(board)[moves] = (graph, edges)
    return graph, edges


def _shift(out: np.ndarray, src: np.ndarray, ox: int, oy: int) -> None:
    """out[r, c] = src[r - oy, c - ox] where that is on the board (else out keeps its value)."""
    h, w = src.shape
    rs, re = max(0, oy), min(h, h + oy)
    cs, ce = max(0, ox), min(w, w + ox)
    if rs < re and cs < ce:
        out[rs:re, cs:ce] = src[rs - oy : re - oy, cs - ox : ce - ox]


class InchField:
    """Cheapest movement cost (half inches) from `root` to every cell, avoiding `blocked`.

    With `window` set, only cells within that many cells (king moves) of the root are
    searched: every cost up to `window` inches is then exact (no step costs under 1"),
    and `exact_up_to` says so; farther cells may be reported unreachable or dearer.
    """

    scale = SCALE

    def __init__(
        self,
        board: Board,
        moves: InchMoves,
        root: Cell,
        blocked: Iterable[Cell] = (),
        window: int | None = None,
    ) -> None:
        if board.shape is not Shape.SQUARE:
            raise ValueError("inch movement is played on square boards")
        self.board = board
        self.moves = moves
        self.root = root
        if window is None:
            x0, y0, x1, y1 = 0, 0, board.width, board.height
        else:
            x0, y0 = max(0, root[0] - window), max(0, root[1] - window)
            x1 = min(board.width, root[0] + window + 1)
            y1 = min(board.height, root[1] + window + 1)
        whole = (x0, y0, x1, y1) == (0, 0, board.width, board.height)
        self.exact_up_to = float("inf") if whole else float(window or 0)
        self._origin = (x0, y0)
        self._size = (x1 - x0, y1 - y0)
        blocked_idx = [
            (c[1] - y0, c[0] - x0)
            for c in blocked
            if x0 <= c[0] < x1 and y0 <= c[1] < y1 and c != root
        ]
        # A figure standing where it could not move (an impassable cell) never leaves it.
        rules = _rules(board, moves) if board.passable(root) else ()
        if whole and rules:
            # The whole board's graph holds terrain only: built once per board and profile.
            graph, self._edges = _INCH_GRAPHS(board).get(moves) or _graph(
                board, moves, rules, 0, 0, x1, y1
            )
        else:
            graph, self._edges = _graph(board, moves, rules, x0, y0, x1, y1, cache=False)
        finder = Pathfinder(graph)
        if blocked_idx:
            # Figures are never entered nor passed: their cells start out "already settled"
            # below any real cost, so the search never improves on them, then read unreached.
            rows, cols = zip(*blocked_idx, strict=True)
            finder.distance[list(rows), list(cols)] = -1
        finder.add_root((root[1] - y0, root[0] - x0))
        finder.resolve()
        self._distance = finder.distance
        if blocked_idx:
            self._distance[list(rows), list(cols)] = _UNREACHED
        self._as_flat: tuple[list[int], int, int, list[tuple[int, list[int]]]] | None = None

    def _index(self, cell: Cell) -> tuple[int, int] | None:
        col, row = cell[0] - self._origin[0], cell[1] - self._origin[1]
        if 0 <= col < self._size[0] and 0 <= row < self._size[1]:
            return row, col
        return None

    def raw(self, cell: Cell) -> int | None:
        index = self._index(cell)
        if index is None:
            return None
        value = int(self._distance[index])
        return None if value == _UNREACHED else value

    def cost(self, cell: Cell) -> float | None:
        value = self.raw(cell)
        return None if value is None else value / SCALE

    def reachable(self, limit: float | None = None) -> dict[Cell, float]:
        """Reached cells (the root included) with their cost in inches, up to `limit`."""
        dist = self._distance
        mask = dist != _UNREACHED
        if limit is not None:
            mask &= dist <= round(limit * SCALE)
        rows, cols = np.nonzero(mask)
        values = dist[rows, cols]
        x0, y0 = self._origin
        return {
            (c + x0, r + y0): v / SCALE
            for r, c, v in zip(rows.tolist(), cols.tolist(), values.tolist(), strict=True)
        }

    def _flat(self) -> tuple[list[int], int, int, list[tuple[int, list[int]]]]:
        """Distances and edge costs as flat Python lists (fast to read one at a time).

        The window is padded with unreachable cells as wide as the longest edge, so a
        step back from any cell lands inside the lists. Returns (distances, padded width,
        padding, [(index offset, costs of entering each cell along that edge)]), with
        the edges in a fixed order: clockwise from north, plain steps before leaps.
        """
        if self._as_flat is None:
            edges = sorted(self._edges, key=_edge_order)
            pad = max((max(abs(oy), abs(ox)) for (oy, ox), _ in edges), default=1)
            width = self._size[0] + 2 * pad
            shared: dict[int, list[int]] = {}
            steps = []
            for (oy, ox), costs in edges:
                found = shared.get(id(costs))
                if found is None:
                    found = shared[id(costs)] = _padded(costs, pad, 0)
                steps.append((oy * width + ox, found))
            self._as_flat = (_padded(self._distance, pad, _UNREACHED), width, pad, steps)
        return self._as_flat

    def _flat_index(self, cell: Cell, width: int, pad: int) -> int:
        return (cell[1] - self._origin[1] + pad) * width + cell[0] - self._origin[0] + pad

    def _cell_at(self, index: int, width: int, pad: int) -> Cell:
        row, col = divmod(index, width)
        return col - pad + self._origin[0], row - pad + self._origin[1]

    def _cells_at(self, indices: Iterable[int], width: int, pad: int) -> set[Cell]:
        x0, y0 = self._origin[0] - pad, self._origin[1] - pad
        return {(i % width + x0, i // width + y0) for i in indices}

    def path_to(self, cell: Cell) -> list[Cell]:
        """Cells entered from the root to `cell` (a leap enters only its landing cell).

        Among equally cheap routes the same one is always chosen: walking back from
        `cell`, each step goes to the first cell (in the fixed edge order) from which
        a cheapest route arrives.
        """
        if self.raw(cell) is None:
            return []
        dist, width, pad, steps = self._flat()
        i = self._flat_index(cell, width, pad)
        here = dist[i]
        points = [i]
        while here:
            for delta, costs in steps:
                step = costs[i]
                if step and dist[i - delta] + step == here:
                    i -= delta
                    here -= step
                    points.append(i)
                    break
            else:  # cannot happen for a consistent field; never loop forever
                raise RuntimeError(f"no cheapest predecessor for {cell}")
        return [self._cell_at(j, width, pad) for j in reversed(points[:-1])]

    def cells_on_shortest_paths(self, goals: Iterable[Cell]) -> set[Cell]:
        """Every cell on some cheapest route from the root to the cheapest of `goals`."""
        reached = [(d, g) for g in goals if (d := self.raw(g)) is not None]
        if not reached:
            return set()
        dist, width, pad, steps = self._flat()
        best = min(d for d, _ in reached)
        frontier = [self._flat_index(g, width, pad) for d, g in reached if d == best]
        seen = set(frontier)
        while frontier:
            i = frontier.pop()
            here = dist[i]
            if here == 0:
                continue
            for delta, costs in steps:
                step = costs[i]
                if step and dist[i - delta] + step == here and i - delta not in seen:
                    seen.add(i - delta)
                    frontier.append(i - delta)
        return self._cells_at(seen, width, pad)


def _padded(array: np.ndarray, pad: int, fill: int) -> list[int]:
    """`array` inside a border `pad` cells wide of `fill`, flattened to a list."""
    h, w = array.shape
    out = np.full((h + 2 * pad, w + 2 * pad), fill, dtype=array.dtype)
    out[pad : pad + h, pad : pad + w] = array
    return out.ravel().tolist()


def _edge_order(edge: tuple[tuple[int, int], np.ndarray]) -> tuple[int, int]:
    (oy, ox), _ = edge
    span = max(abs(oy), abs(ox))
    return span, EIGHT_WAY.index((ox // span, oy // span))


def jump_landings(
    board: Board, field: InchField, limit: float, blocked: Iterable[Cell] = ()
) -> dict[Cell, tuple[Cell, int]]:
    """Cells reached by moving (within `limit`) to an edge and jumping down more than the free
    drop: landing -> (edge cell, drop in inches). A jump costs no movement but ends the round."""
    if board.heights is None:
        return {}
    taken = set(blocked)
    out: dict[Cell, tuple[Cell, int]] = {}
    for cell in field.reachable(limit):
        if cell in taken and cell != field.root:
            continue
        for dx, dy in EIGHT_WAY:
            land = (cell[0] + dx, cell[1] + dy)
            if not board.passable(land) or land in taken:
                continue
            drop = board.height_at(cell) - board.height_at(land)
            if drop > field.moves.free_drop and (land not in out or drop < out[land][1]):
                out[land] = (cell, drop)
    return out


def glide_landings(board: Board, start: Cell, blocked: Iterable[Cell] = ()) -> dict[Cell, int]:
    """Where a gliding figure may be placed from `start`: landing -> drop in inches.

    A landing is lower than the start and no farther away (straight-line inches between
    cell centres) than the height it loses; it must be free, passable ground, and the
    glide may not pass through a wall (the start must see the landing). Gliding is a
    figure's whole movement action. Boards without heights offer no glide.
    """
    from_height = board.height_at(start)
    if from_height <= 0:
        return {}
    taken = set(blocked)
    x, y = start
    out: dict[Cell, int] = {}
    for dy in range(-from_height, from_height + 1):
        for dx in range(-from_height, from_height + 1):
            cell = (x + dx, y + dy)
            if cell == start or cell in taken or not board.passable(cell):
                continue
            drop = from_height - board.height_at(cell)
            if drop > 0 and dx * dx + dy * dy <= drop * drop and sees(board, start, cell):
                out[cell] = drop
    return out


def fall_damage(drop: int) -> int | None:
    """Damage bonus of the hit a jump or fall of `drop` inches inflicts (None: no hit).
    3" or more inflicts a +0 hit, +1 for every further full 2"."""
    if drop < 3:
        return None
    return (drop - 3) // 2
