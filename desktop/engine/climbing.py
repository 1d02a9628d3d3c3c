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

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from desktop.engine.board import LEGEND, Board, Cell, Shape, Terrain
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.grid_search import CLOSED, FORBIDDEN, UNSEEN, Dial, settle
from desktop.engine.square_geometry import EIGHT_WAY
from desktop.engine.visibility import sees

SCALE = 2  # costs in half inches
# Half inches a whole-board search settles at a time while it looks for a cell not reached yet
_FARTHER = 16


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

    def longest_leap(self, diagonal: bool) -> int:
        """The most cells of gap leapt in one straight or diagonal line."""
        return int(self.leap // (1.5 if diagonal else 1.0))


# (index entered, half inches) of every leap from one cell, in the fixed edge order
_Leaps = tuple[tuple[int, int], ...]


class _InchGrid:
    """The board laid out flat for one movement profile (see grid_search.py), with a closed
    border as wide as the longest leap.

    A plain step's cost depends only on the cell entered when the board has no heights, so
    the four straight and the four diagonal steps then share one cost list each; with
    heights it depends on where the step starts, so each direction has its own. Leaps are
    few (they need a gap of hazard cells) and kept per cell, both ways: from where they
    start (for the search) and where they land (to walk a route back).
    """

    def __init__(self, board: Board, moves: InchMoves) -> None:
        self.pad = pad = moves.longest_leap(diagonal=False) + 1
        self.width = width = board.width + 2 * pad
        size = (board.height + 2 * pad) * width
        self.template = template = [CLOSED] * size
        hazard = [False] * size
        extra = [0] * size
        heights = [0] * size if board.heights is not None else None
        extra_of = {
            Terrain.DIFFICULT: moves.difficult_extra,
            Terrain.DOOR: moves.door_extra,
            Terrain.WINDOW: moves.window_extra,
        }
        for y, row in enumerate(board.rows):
            start = (y + pad) * width + pad
            for x, char in enumerate(row):
                terrain = LEGEND[char]
                if terrain.passable:
                    template[start + x] = UNSEEN
                hazard[start + x] = terrain is Terrain.HAZARD
                extra[start + x] = extra_of.get(terrain, 0)
            if heights is not None and board.heights is not None:
                heights[start : start + board.width] = board.heights[y]
        passable = [value == UNSEEN for value in template]
        climb = moves.climb_cost
        plain: list[tuple[int, list[int]]] = []
        entering: dict[int, list[int]] = {}
        for dx, dy in EIGHT_WAY:
            delta = dy * width + dx
            base = moves.diagonal if dx and dy else moves.straight
            if heights is None:
                costs = entering.get(base)
                if costs is None:
                    costs = entering[base] = [
                        base + e if ok else FORBIDDEN for ok, e in zip(passable, extra, strict=True)
                    ]
            else:
                costs = [FORBIDDEN] * size
                for to in range(max(0, delta), size + min(0, delta)):
                    if passable[to] and passable[to - delta]:
                        costs[to] = base + extra[to] + climb(heights[to - delta], heights[to])
            plain.append((delta, costs))
        self.plain = tuple(plain)
        leaps_from: dict[int, list[tuple[int, int, int]]] = {}
        leaps_into: dict[int, list[tuple[int, int, int]]] = {}
        for gap in (i for i, is_gap in enumerate(hazard) if is_gap):
            for order, (dx, dy) in enumerate(EIGHT_WAY):
                delta = dy * width + dx
                source = gap - delta
                if not passable[source]:
                    continue
                span = 2
                landing = gap + delta
                while hazard[landing] and span <= moves.longest_leap(bool(dx and dy)):
                    span += 1
                    landing += delta
                if span > moves.longest_leap(bool(dx and dy)) + 1 or not passable[landing]:
                    continue
                base = moves.diagonal if dx and dy else moves.straight
                cost = base * span + extra[landing]
                if heights is not None:
                    cost += climb(heights[source], heights[landing])
                leaps_from.setdefault(source, []).append((span * 8 + order, landing, cost))
                leaps_into.setdefault(landing, []).append((span * 8 + order, source, cost))
        # Each gap cell next to a source is seen once per direction: keep one of each leap.
        self.leaps_from: dict[int, _Leaps] = {
            i: tuple((to, c) for _, to, c in sorted(set(found))) for i, found in leaps_from.items()
        }
        self.leaps_into: dict[int, _Leaps] = {
            i: tuple((at, c) for _, at, c in sorted(set(found))) for i, found in leaps_into.items()
        }
        self.dearest = max(
            [c for _, costs in plain for c in set(costs) if c != FORBIDDEN]
            + [c for found in self.leaps_from.values() for _, c in found],
            default=1,
        )

    def index(self, cell: Cell) -> int:
        return (cell[1] + self.pad) * self.width + cell[0] + self.pad

    def cell(self, index: int) -> Cell:
        row, col = divmod(index, self.width)
        return col - self.pad, row - self.pad


_INCH_GRIDS: BoardCache[dict[InchMoves, _InchGrid]] = BoardCache("inch grids", empty_dict)


def _toward(
    grid: _InchGrid, moves: InchMoves, dist: list[int], start: int, goals: list[int]
) -> tuple[int | None, list[int]]:
    """A search aimed at `goals` (A* on Dial's buckets). Each cell is keyed by its cost plus
    a bound on the cost on from it: king moves to the box around the goals, never more than
    a route there costs, nor more than a step costs plus the bound where the step ends.
    Settling every cell keyed at most the cheapest goal's cost settles every cell on a
    cheapest route to a cheapest goal: a narrow band, where a search of the whole board
    settles a disc. Returns that cost (None: no goal is reached) and the cells settled,
    whose costs in `dist` are then final."""
    width = grid.width
    rows, cols = [g // width for g in goals], [g % width for g in goals]
    x0, x1, y0, y1 = min(cols), max(cols), min(rows), max(rows)
    # The least a step may cost per king move, and a diagonal move's share beyond that (two
    # straight steps go there as well).
    straight = min(moves.straight, moves.diagonal)
    slant = max(0, min(moves.diagonal, 2 * moves.straight) - straight)

    def least(index: int) -> int:
        y, x = divmod(index, width)
        dx = x0 - x if x < x0 else x - x1 if x > x1 else 0
        dy = y0 - y if y < y0 else y - y1 if y > y1 else 0
        return straight * dx + slant * dy if dx > dy else straight * dy + slant * dx

    # A step's cost plus the change of the bound is at most twice the step's cost.
    ring = 2 * grid.dearest + 1
    buckets: list[list[int]] = [[] for _ in range(ring)]
    aim = least(start)
    dist[start] = 0
    buckets[aim % ring].append(start)
    pending = 1
    targets = set(goals)
    steps, jumps = grid.plain, grid.leaps_from
    settled: list[int] = []
    best: int | None = None
    while pending and (best is None or aim <= best):
        slot = aim % ring
        while buckets[slot]:  # a step may keep the same aim: the bucket refills
            bucket = buckets[slot]
            buckets[slot] = []
            pending -= len(bucket)
            for cell in bucket:
                cost = dist[cell]
                if cost + least(cell) != aim:  # reached more cheaply since it was queued
                    continue
                settled.append(cell)
                if best is None and cell in targets:
                    best = cost
                for delta, costs in steps:
                    there = cell + delta
                    total = cost + costs[there]
                    if total < dist[there]:
                        dist[there] = total
                        buckets[(total + least(there)) % ring].append(there)
                        pending += 1
                for there, step in jumps.get(cell, ()):
                    total = cost + step
                    if total < dist[there]:
                        dist[there] = total
                        buckets[(total + least(there)) % ring].append(there)
                        pending += 1
        aim += 1
    return best, settled


def _inch_grid(board: Board, moves: InchMoves) -> _InchGrid:
    grids = _INCH_GRIDS(board)
    found = grids.get(moves)
    if found is None:
        found = grids[moves] = _InchGrid(board, moves)
    return found


class _Settled(dict[int, int]):
    """The costs a windowed search settled: any other cell reads as unreached."""

    def __missing__(self, key: int) -> int:
        return UNSEEN


class InchField:
    """Cheapest movement cost (half inches) from `root` to every cell, avoiding `blocked`.

    With `window` set, only cells within that many cells (king moves) of the root are
    searched: every cost up to `window` inches is then exact (no step costs under 1"),
    and `exact_up_to` says so; farther cells may be reported unreachable or dearer.

    A whole-board field searches only as far as its questions need: a decision asks about
    the cells a move, a dash or the way to the nearest opponents cost, seldom the far side
    of the table. The cheapest of far goals, and the routes to them, come from a search
    aimed at them (`_toward`). Every answer is the one a search of the whole board gives (a
    cell's cost is read once every cheaper cost is settled, see grid_search.Dial).
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
        self._box = (x0, y0, x1, y1)
        self._grid = grid = _inch_grid(board, moves)
        if whole:
            dist = grid.template.copy()
        else:  # only the window is open
            dist = [CLOSED] * len(grid.template)
            for y in range(y0, y1):
                first, last = grid.index((x0, y)), grid.index((x1, y))
                dist[first:last] = grid.template[first:last]
        # figures are never entered nor passed
        self._closed = [
            grid.index(cell)
            for cell in blocked
            if x0 <= cell[0] < x1 and y0 <= cell[1] < y1 and cell != root
        ]
        for index in self._closed:
            dist[index] = CLOSED
        start = grid.index(root)
        # The whole board's search, while it has not settled everything it can reach.
        self._search: Dial | None = None
        leaps = grid.leaps_from or None
        if not board.passable(root):  # a figure standing where it could not move never leaves it
            dist[start] = 0
            self._reached = [start]
        elif whole:
            self._search = Dial(dist, [start], grid.plain, grid.dearest, UNSEEN - 1, leaps)
            self._reached = self._search.reached
        else:
            self._reached = settle(dist, [start], grid.plain, grid.dearest, UNSEEN - 1, leaps)
        # searches aimed at goals (cells by index) -> their cheapest cost and settled costs
        self._aimed: dict[frozenset[int], tuple[int | None, _Settled]] = {}
        # the first so many cells reached -> the same in row-major order
        self._row_major: dict[int, list[int]] = {}
        # A window's field keeps only what it settled: a session caches hundreds of them.
        self._dist: list[int] | _Settled = (
            dist
            if whole
            else _Settled(zip(self._reached, map(dist.__getitem__, self._reached), strict=True))
        )

    def _settle(self, upto: int) -> None:
        """Settles every cost up to `upto` (the whole field's search; a window is settled)."""
        search = self._search
        if search is not None and search.cost <= upto:
            search.run(upto)
            if search.done:
                self._search = None

    def _final(self, index: int) -> int:
        """The cost of the cell at `index` (UNSEEN: never reached), searching as far as it
        takes. A cost found is final once every cheaper cost is settled."""
        dist = self._dist
        value = dist[index]
        while self._search is not None and value >= self._search.cost:
            self._settle(value if value < UNSEEN else self._search.cost + _FARTHER)
            value = dist[index]
        return value

    def raw(self, cell: Cell) -> int | None:
        x0, y0, x1, y1 = self._box
        if x0 <= cell[0] < x1 and y0 <= cell[1] < y1:
            index = self._grid.index(cell)
            value = self._dist[index]
            if self._search is not None and value >= self._search.cost:
                value = self._final(index)
            if 0 <= value < UNSEEN:
                return value
        return None

    def cost(self, cell: Cell) -> float | None:
        value = self.raw(cell)
        return None if value is None else value / SCALE

    def reachable(self, limit: float | None = None) -> dict[Cell, float]:
        """Reached cells (the root included) with their cost in inches, up to `limit`."""
        bound = UNSEEN if limit is None else round(limit * SCALE)
        self._settle(bound)
        dist, reached = self._dist, self._reached
        # The search reached cells in order of cost: those within the bound come first.
        count = bisect_right(reached, bound, key=dist.__getitem__)
        found = self._row_major.get(count)
        if found is None:  # row by row, as callers have always seen them
            found = self._row_major[count] = sorted(reached[:count])
        width, pad = self._grid.width, self._grid.pad
        return {(i % width - pad, i // width - pad): dist[i] / SCALE for i in found}

    def _predecessors(self, index: int) -> Iterable[tuple[int, int]]:
        """(cell, step cost) of every step that may end at `index`, in the fixed edge order:
        clockwise from north, plain steps before leaps (shorter first)."""
        for delta, costs in self._grid.plain:
            yield index - delta, costs[index]
        yield from self._grid.leaps_into.get(index, ())

    def path_to(self, cell: Cell) -> list[Cell]:
        """Cells entered from the root to `cell` (a leap enters only its landing cell).

        Among equally cheap routes the same one is always chosen: walking back from
        `cell`, each step goes to the first cell (in the fixed edge order) from which
        a cheapest route arrives.
        """
        if self.raw(cell) is None:
            return []
        dist = self._dist
        i = self._grid.index(cell)
        here = dist[i]
        points = [i]
        while here:
            for before, step in self._predecessors(i):
                if dist[before] >= 0 and dist[before] + step == here:
                    i = before
                    here -= step
                    points.append(i)
                    break
            else:  # cannot happen for a consistent field; never loop forever
                raise RuntimeError(f"no cheapest predecessor for {cell}")
        return [self._grid.cell(j) for j in reversed(points[:-1])]

    def cheapest(self, goals: Iterable[Cell]) -> tuple[float, list[Cell]] | None:
        """The cost (inches) of the cheapest of `goals`, and those of them that cost it (in
        the order given); None when none is reached."""
        found = self._cheapest(list(goals))
        return None if found is None else (found[0] / SCALE, found[1])

    def _cheapest(self, goals: list[Cell]) -> tuple[int, list[Cell], list[int] | _Settled] | None:
        """The cheapest of `goals`: its raw cost, the goals that cost it, and costs to read
        every cheapest route to them in (the field's own, or those of a search aimed at
        them: a far goal is found without searching every cell as near as it)."""
        x0, y0, x1, y1 = self._box
        search, index = self._search, self._grid.index
        inside = [g for g in goals if x0 <= g[0] < x1 and y0 <= g[1] < y1]
        aimed = {i for g in inside if self._dist[i := index(g)] >= 0}
        if search is not None and any(self._dist[i] >= search.cost for i in aimed):
            found = self._aimed_at(aimed)
            if found is None:
                return None
            best, costs = found
            return best, [g for g in inside if costs[index(g)] == best], costs
        reached = [(d, g) for g in goals if (d := self.raw(g)) is not None]
        if not reached:
            return None
        best = min(d for d, _ in reached)
        return best, [g for d, g in reached if d == best], self._dist

    def _aimed_at(self, goals: set[int]) -> tuple[int, _Settled] | None:
        """A search aimed at `goals` (by index): the cheapest one's cost and the costs it
        settled. One aimed at more goals serves when one of these is among the cheapest."""
        for among, (best, costs) in self._aimed.items():
            if goals <= among and any(costs[i] == best for i in goals):
                return None if best is None else (best, costs)
        if not goals:
            return None
        dist = self._grid.template.copy()
        for i in self._closed:
            dist[i] = CLOSED
        start = self._grid.index(self.root)
        best, settled = _toward(self._grid, self.moves, dist, start, sorted(goals))
        costs = _Settled(zip(settled, map(dist.__getitem__, settled), strict=True))
        self._aimed[frozenset(goals)] = (best, costs)
        return None if best is None else (best, costs)

    def cells_on_shortest_paths(self, goals: Iterable[Cell]) -> set[Cell]:
        """Every cell on some cheapest route from the root to the cheapest of `goals`."""
        found = self._cheapest(list(goals))
        if found is None:
            return set()
        _, cheapest, dist = found
        frontier = [self._grid.index(g) for g in cheapest]
        seen = set(frontier)
        while frontier:
            i = frontier.pop()
            here = dist[i]
            if here == 0:
                continue
            for before, step in self._predecessors(i):
                if dist[before] >= 0 and dist[before] + step == here and before not in seen:
                    seen.add(before)
                    frontier.append(before)
        return {self._grid.cell(i) for i in seen}


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
