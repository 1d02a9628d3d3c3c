"""Shortest-path search over a board laid out as one flat list with a closed border.

Every search in the engine runs here, in plain Python: a whole 200x200 board
resolves in tens of milliseconds, in the time a C library's import alone would
take (numpy and tcod cost a one-shot `foebook decide` ~0.35 s before any work).

A board is laid out row by row in a list padded with a border of closed cells,
so a neighbour is `index + delta` with no bounds check, and the costs of
entering each cell along each direction are lists indexed the same way (hex
boards are laid out in axial coordinates, where the six directions are six
fixed deltas). A search copies the board's template of open and closed cells,
closes the blocked cells and settles costs outward: a breadth-first flood when
every step costs the same, else a bucket queue (Dial's algorithm: costs are
small integers, so the cheapest open cell is found without a heap). A whole board's
flood read cell by cell rather than in order runs on bits: each step's cells at once as
one number (flood_bits).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import compress

from desktop.engine import hex_geometry
from desktop.engine.board import LEGEND, Board, Cell
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.cell_bits import cell_values, flag_bits, flags_of, index_bits
from desktop.engine.geometry import Neighbourhood
from desktop.engine.movement_rules import MovementRules
from desktop.engine.square_geometry import EIGHT_WAY, ORTHOGONAL

UNSEEN = 1 << 60  # an open cell not reached (yet)
FAR_ROUTE = 12  # steps from which GridSearch.onward walks one route back before searching
CLOSED = -1  # a cell never entered: terrain, a figure in the way, the border
# The cost of a step that may not be taken: no search ever settles anything this dear.
FORBIDDEN = UNSEEN
# From this many cells in the layout, a whole board's flood asked for by_cell runs on bits.
BIT_FLOOD_CELLS = 4096
# A step on bits is a few operations on a layout-sized number, however few cells it
# settles: about what `flood` pays for one cell per BIT_STEP_SPAN cells of the layout.
# Steps settling fewer (a maze's corridors) go faster a cell at a time: flood_bits counts
# its cells every BIT_FLOOD_CHECK steps and switches.
BIT_STEP_SPAN = 2048
BIT_FLOOD_CHECK = 16

# (delta to the cell entered, cost of entering each cell that way, indexed by that cell)
Steps = tuple[tuple[int, Sequence[int]], ...]
# cell -> (cell entered, cost) of the few steps that only some cells have (leaps)
Jumps = Mapping[int, tuple[tuple[int, int], ...]]


def flood(
    dist: list[int], roots: Sequence[int], deltas: Sequence[int], step: int, limit: int
) -> list[int]:
    """Breadth-first: every step costs `step`. Settles `dist` in place (cells marked UNSEEN
    are open, anything lower is closed or settled) and returns the indices reached, roots
    first, in order of cost; nothing dearer than `limit` is settled."""
    frontier = []
    for root in roots:
        if dist[root] != 0:
            dist[root] = 0
            frontier.append(root)
    reached = list(frontier)
    cost = 0
    if len(deltas) == 8:  # squares, 8-way: the neighbours spelled out (a whole board's loop)
        return _flood_eight(dist, frontier, reached, deltas, step, limit)
    while frontier:
        cost += step
        if cost > limit:
            break
        found = []
        for cell in frontier:
            for delta in deltas:
                there = cell + delta
                if dist[there] == UNSEEN:
                    dist[there] = cost
                    found.append(there)
        reached += found
        frontier = found
    return reached


class Dial:
    """Dial's algorithm for small positive step costs (at most `dearest`, or FORBIDDEN),
    plus the `jumps` some cells have, run as far as asked: `run(upto)` settles every cell
    of cost up to `upto` and may be called again to go farther. Nothing dearer than
    `limit` is ever settled.

    After `run(upto)` every cell costing at most `upto` holds its final cost in `dist` and
    is in `reached` (in order of cost); any other value is dearer than `upto` (a cost
    found so far, not yet final, or UNSEEN)."""

    __slots__ = ("_buckets", "_jumps", "_limit", "_ring", "_steps", "cost", "dist", "reached")

    def __init__(
        self,
        dist: list[int],
        roots: Sequence[int],
        steps: Steps,
        dearest: int,
        limit: int,
        jumps: Jumps | None = None,
    ) -> None:
        self.dist, self._steps, self._limit, self._jumps = dist, steps, limit, jumps
        self._ring = ring = dearest + 1
        self._buckets: list[list[int]] | None = [[] for _ in range(ring)]
        for root in roots:
            if dist[root] != 0:
                dist[root] = 0
                self._buckets[0].append(root)
        self.reached: list[int] = []
        self.cost = 0  # the cheapest cost not settled yet

    @property
    def done(self) -> bool:
        """Whether every cell it can reach is settled."""
        return self._buckets is None

    def run(self, upto: int) -> None:
        buckets = self._buckets
        if buckets is None:
            return
        dist, steps, jumps = self.dist, self._steps, self._jumps
        limit, ring, reached = self._limit, self._ring, self.reached
        pending = sum(map(len, buckets))
        cost = self.cost
        while pending and cost <= upto:
            slot = cost % ring
            bucket = buckets[slot]
            if bucket:
                buckets[slot] = []
                pending -= len(bucket)
                for cell in bucket:
                    if dist[cell] != cost:  # reached more cheaply since it was queued
                        continue
                    reached.append(cell)
                    for delta, costs in steps:
                        there = cell + delta
                        total = cost + costs[there]
                        if total < dist[there] and total <= limit:
                            dist[there] = total
                            buckets[total % ring].append(there)
                            pending += 1
                    if jumps is not None and cell in jumps:
                        for there, step in jumps[cell]:
                            total = cost + step
                            if total < dist[there] and total <= limit:
                                dist[there] = total
                                buckets[total % ring].append(there)
                                pending += 1
            cost += 1
        self.cost = cost
        if not pending:
            self._buckets = None


def _flood_eight(
    dist: list[int],
    frontier: list[int],
    reached: list[int],
    deltas: Sequence[int],
    step: int,
    limit: int,
    cost: int = 0,
) -> list[int]:
    """`flood` with eight neighbours, each written out: the same cells in the same order
    (`frontier` the cells settled at `cost`)."""
    d0, d1, d2, d3, d4, d5, d6, d7 = deltas
    while frontier:
        cost += step
        if cost > limit:
            break
        found: list[int] = []
        add = found.append
        for cell in frontier:
            there = cell + d0
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
            there = cell + d1
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
            there = cell + d2
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
            there = cell + d3
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
            there = cell + d4
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
            there = cell + d5
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
            there = cell + d6
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
            there = cell + d7
            if dist[there] == UNSEEN:
                dist[there] = cost
                add(there)
        reached += found
        frontier = found
    return reached


class Settled:
    """The cells a search settled, in the order it settled them (`cells`, roots first, in
    order of cost). A flood run on bits keeps no order: its cells are listed a step at a
    time as far as they are read (`grow`), each step's in the order `flood` finds them
    from those of the step before, so whoever reads a short way pays for that only."""

    __slots__ = (
        "_by_cost",
        "_deltas",
        "_dist",
        "_last",
        "_marks",
        "_settled",
        "_step",
        "_tail",
        "cells",
    )

    def __init__(self, cells: list[int]) -> None:
        self.cells = cells
        self._deltas: Sequence[int] | None = None  # None: every cell listed
        self._dist: list[int] = []
        self._step = 0
        self._last = 0  # where the last step's cells start in `cells`
        self._marks = bytearray()
        self._settled = 0
        self._tail: list[int] = []
        self._by_cost: list[int] | None = cells

    @classmethod
    def lazily(
        cls,
        dist: list[int],
        roots: list[int],
        deltas: Sequence[int],
        step: int,
        settled: int,
        tail: list[int],
    ) -> Settled:
        """The order of a flood that settled `dist` from `roots`: the cells of `settled`
        (bits), then those of `tail`, dearer, in order of cost."""
        order = cls(roots)
        order._dist, order._deltas, order._step = dist, deltas, step
        order._settled, order._tail = settled, tail
        order._by_cost = None
        return order

    def grow(self) -> bool:
        """List the cells of the next step; False when there are none."""
        deltas, cells = self._deltas, self.cells
        if deltas is None or self._last == len(cells):
            return False
        dist = self._dist
        if not self._marks:
            self._marks = bytearray(len(dist))
        marks = self._marks
        cost = dist[cells[self._last]] + self._step
        found = []
        for cell in cells[self._last :]:
            for delta in deltas:
                there = cell + delta
                if dist[there] == cost and not marks[there]:
                    marks[there] = 1
                    found.append(there)
        if not found:
            self._deltas = None
            return False
        self._last = len(cells)
        cells += found
        return True

    def by_cost(self) -> list[int]:
        """Every settled cell in order of cost; in one step, in some fixed order (not
        necessarily the one `cells` lists)."""
        if self._by_cost is None:
            dist = self._dist
            every = compress(range(len(dist)), flags_of(self._settled, len(dist)))
            self._by_cost = sorted(every, key=dist.__getitem__) + self._tail
        return self._by_cost


def flood_bits(
    grid: SearchGrid,
    roots: Sequence[int],
    blocked: Sequence[int],
    step: int,
    limit: int,
    on_bits: int | None = None,
) -> tuple[list[int], Settled] | None:
    """`flood` on squares with eight neighbours (`grid.deltas`), every cell of a step at
    once as the bits of one number: the cells one step on from a step's are the 3x3 boxes
    around them (a row's cells widened by one each side, then by a row up and down; the
    layout's closed border keeps a widening from wrapping), those not yet reached. The
    costs come back as a list, read off the bits of every step at once (cell_values); the
    same costs as `flood`, and the same order, listed as far as it is read (Settled).
    Once its steps settle few cells (or after `on_bits` steps) it goes on a cell at a
    time; None when they do from the start (a maze), the search left to `flood`."""
    size, width = len(grid.template), grid.width
    starts = list(dict.fromkeys(roots))
    ring = index_bits(starts, size)
    unseen = grid.open_bits & ~index_bits(blocked, size) & ~ring
    settled = ring
    parts = [(ring, 0)]
    steps = -1 if on_bits is None else on_bits  # -1: no end but the count
    least = BIT_FLOOD_CHECK * (size // BIT_STEP_SPAN)  # cells a check's steps must settle
    counted = 0  # cells settled at the last check
    cost = 0
    while ring:
        if cost + step > limit or not steps:
            break
        cost += step
        steps -= 1
        row = ring | ring << 1 | ring >> 1
        ring = (row | row << width | row >> width) & unseen
        unseen ^= ring
        settled |= ring
        parts.append((ring, cost))
        if len(parts) % BIT_FLOOD_CHECK == 0:
            count = settled.bit_count()
            if count - counted < least:
                if not counted:
                    return None  # thin from the start: flood serves it better
                steps = 0
            counted = count
    closed = ((1 << size) - 1) & ~(settled | unseen)
    dist = cell_values(size, [*parts, (closed, CLOSED)])
    for index in compress(range(size), flags_of(unseen, size)):
        dist[index] = UNSEEN  # the one number, not a copy per cell: compared as itself first
    tail: list[int] = []
    if ring and cost + step <= limit:  # thin steps (a maze): the rest a cell at a time
        frontier = list(compress(range(size), flags_of(ring, size)))
        tail = _flood_eight(dist, frontier, [], grid.deltas, step, limit, cost)
    return dist, Settled.lazily(dist, starts, grid.deltas, step, settled, tail)


def settle(
    dist: list[int],
    roots: Sequence[int],
    steps: Steps,
    dearest: int,
    limit: int,
    jumps: Jumps | None = None,
) -> list[int]:
    """Dial's algorithm for small positive step costs (at most `dearest`, or FORBIDDEN),
    plus the `jumps` some cells have, run to the end. Same contract as `flood`."""
    search = Dial(dist, roots, steps, dearest, limit, jumps)
    search.run(limit)
    return search.reached


class SearchGrid:
    """A board under one set of movement rules, laid out for searching (built once per board
    and rules; boards are immutable)."""

    def __init__(self, board: Board, rules: MovementRules) -> None:
        w, h = board.width, board.height
        self.board_width, self.board_height = w, h
        self.hexes = hexes = rules.neighbourhood is Neighbourhood.HEX
        # Hex boards: added to the axial column so that every index is inside the layout.
        self.q_offset = q_offset = (h - 1) // 2 if hexes else 0
        self.width = width = w + q_offset + 2
        # UNSEEN where a figure may stand, CLOSED elsewhere (the border included)
        self.template = template = [CLOSED] * ((h + 2) * width)
        extra_of = {t: c for t, c in rules.extra_cost.items() if c}
        # the extra cost of entering each cell, None when no terrain costs extra
        self.extra = extra = [0] * len(template) if extra_of else None
        state = {char: UNSEEN if t.passable else CLOSED for char, t in LEGEND.items()}
        cost = {char: extra_of.get(t, 0) for char, t in LEGEND.items()}
        for y, row in enumerate(board.rows):
            start = (y + 1) * width + 1 + (q_offset - (y - (y & 1)) // 2 if hexes else 0)
            template[start : start + w] = [state[char] for char in row]
            if extra is not None:
                extra[start : start + w] = [cost[char] for char in row]
        straight, diagonal = rules.straight_cost, rules.diagonal_cost
        if hexes:
            around = hex_geometry.AXIAL_DIRECTIONS
            self.directions = tuple((dr * width + dq, straight) for dq, dr in around)
        else:
            offsets = ORTHOGONAL if rules.neighbourhood is Neighbourhood.ORTHOGONAL else EIGHT_WAY
            self.directions = tuple(
                (dy * width + dx, diagonal if dx and dy else straight) for dx, dy in offsets
            )
        self.deltas = tuple(delta for delta, _ in self.directions)
        # Every step costs the same: a plain flood finds the cheapest routes.
        bases = {base for _, base in self.directions}
        self.uniform_step = bases.pop() if extra is None and len(bases) == 1 else None
        self._steps: dict[bool, tuple[Steps, int]] = {}
        self._open_bits: int | None = None

    @property
    def open_bits(self) -> int:
        """The template's open cells as bits (flood_bits; made once)."""
        if self._open_bits is None:
            self._open_bits = flag_bits([state == UNSEEN for state in self.template])
        return self._open_bits

    def index(self, cell: Cell) -> int:
        x, y = cell
        if self.hexes:
            x += self.q_offset - (y - (y & 1)) // 2
        return (y + 1) * self.width + x + 1

    def cell(self, index: int) -> Cell:
        row, col = divmod(index, self.width)
        y = row - 1
        x = col - 1
        if self.hexes:
            x -= self.q_offset - (y - (y & 1)) // 2
        return x, y

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.board_width and 0 <= cell[1] < self.board_height

    def apart_from(self, targets: Sequence[int]) -> Callable[[int], int]:
        """The fewest steps from a cell (by index) to the nearest of `targets`, walls aside.
        On squares, to the box around the targets: one sum, not one per target, and never
        more than the real count (it is a bound for searches)."""
        width = self.width
        if self.hexes:
            # Axial (q, r) from an index; hex steps are half the sum of the three gaps.
            spots = [divmod(t, width) for t in targets]

            def hex_steps(index: int) -> int:
                r, q = divmod(index, width)
                return min(
                    (abs(q - tq) + abs(r - tr) + abs(q - tq + r - tr)) // 2 for tr, tq in spots
                )

            return hex_steps
        rows = [t // width for t in targets]
        cols = [t % width for t in targets]
        x0, x1, y0, y1 = min(cols), max(cols), min(rows), max(rows)
        diagonal = len(self.directions) == 8

        def square_steps(index: int) -> int:
            y, x = divmod(index, width)
            dx = x0 - x if x < x0 else x - x1 if x > x1 else 0
            dy = y0 - y if y < y0 else y - y1 if y > y1 else 0
            return (dx if dx > dy else dy) if diagonal else dx + dy

        return square_steps

    def steps(self, reverse: bool) -> tuple[Steps, int]:
        """The costed steps and the dearest of them, forward or reverse (built once)."""
        found = self._steps.get(reverse)
        if found is None:
            found = self._steps[reverse] = self._build_steps(reverse)
        return found

    def _build_steps(self, reverse: bool) -> tuple[Steps, int]:
        extra = self.extra or [0] * len(self.template)
        entering: dict[int, list[int]] = {}
        steps = []
        for delta, base in self.directions:
            costs = entering.get(base)
            if costs is None:
                costs = entering[base] = [base + e for e in extra]
            if reverse and self.extra is not None:
                # The reverse search walks a forward mover's route backwards: the step into
                # `there` is paid for the cell left, `there - delta`.
                if delta > 0:
                    costs = [FORBIDDEN] * delta + costs[:-delta]
                else:
                    costs = costs[-delta:] + [FORBIDDEN] * -delta
            steps.append((delta, costs))
        dearest = max(base for _, base in self.directions) + max(extra, default=0)
        return tuple(steps), dearest


_GRIDS: BoardCache[dict[tuple[object, ...], SearchGrid]] = BoardCache("search grids", empty_dict)


def search_grid(board: Board, rules: MovementRules) -> SearchGrid:
    key = rules.cache_key()
    grids = _GRIDS(board)
    found = grids.get(key)
    if found is None:
        found = grids[key] = SearchGrid(board, rules)
    return found


class GridSearch:
    """One search of a board: costs in integer 1/scale units from the nearest root, never
    entering a blocked cell; `limit` bounds them, `reverse` charges each step the cell
    left instead of the cell entered (the cost of walking *to* the roots)."""

    __slots__ = ("_dist", "_grid", "_order")

    def __init__(
        self,
        board: Board,
        rules: MovementRules,
        roots: tuple[Cell, ...],
        blocked: frozenset[Cell],
        limit: int | None,
        reverse: bool,
        by_cell: bool = False,
    ) -> None:
        """`by_cell`: the caller reads costs cell by cell (raw, routes) more than in the
        order settled (items): a whole board's 8-way flood then runs on bits (flood_bits),
        its order listed only as far as it is read."""
        grid = self._grid = search_grid(board, rules)
        starts = [grid.index(root) for root in roots if grid.contains(root)]
        shut = [grid.index(cell) for cell in blocked if grid.contains(cell)]
        bound = UNSEEN - 1 if limit is None else limit
        step = grid.uniform_step
        if (
            by_cell
            and step is not None
            and limit is None
            and len(grid.deltas) == 8
            and len(grid.template) >= BIT_FLOOD_CELLS
        ):
            found = flood_bits(grid, starts, shut, step, bound)
            if found is not None:
                self._dist, self._order = found
                return
        dist = self._dist = grid.template.copy()
        for index in shut:
            dist[index] = CLOSED
        if step is not None:
            self._order = Settled(flood(dist, starts, grid.deltas, step, bound))
        else:
            steps, dearest = grid.steps(reverse)
            self._order = Settled(settle(dist, starts, steps, dearest, bound))

    @property
    def uniform_step(self) -> int | None:
        """The cost of every step, when all cost the same (no terrain costs extra)."""
        return self._grid.uniform_step

    def steps_into(self, cell: Cell) -> list[Cell] | None:
        """On squares with every step costing the same, the neighbours a cheapest route to a
        reached `cell` comes from, in the fixed neighbour order (geometry.neighbours: the
        layout's directions are the same offsets in the same order); None elsewhere."""
        grid = self._grid
        step = grid.uniform_step
        if step is None or grid.hexes:
            return None
        dist, index = self._dist, grid.index(cell)
        before = dist[index] - step  # the border and blocked cells (CLOSED) never match
        x, y = cell
        width = grid.width
        found = []
        for delta in grid.deltas:
            if dist[index + delta] == before:
                dy, dx = divmod(delta + width + 1, width)
                found.append((x + dx - 1, y + dy - 1))
        return found

    def raw(self, cell: Cell) -> int | None:
        # Rules ask for thousands of single cells per decision: the index is inlined.
        grid = self._grid
        x, y = cell
        if 0 <= x < grid.board_width and 0 <= y < grid.board_height:
            if grid.hexes:
                x += grid.q_offset - (y - (y & 1)) // 2
            value = self._dist[(y + 1) * grid.width + x + 1]
            if 0 <= value < UNSEEN:
                return value
        return None

    def items(self) -> Iterator[tuple[Cell, int]]:
        """Every reached cell with its cost, roots first, cheapest first."""
        cell, dist, order = self._grid.cell, self._dist, self._order
        cells, at = order.cells, 0
        while at < len(cells) or order.grow():
            index = cells[at]
            yield cell(index), dist[index]
            at += 1

    def entries(self, budget: int) -> Callable[[Sequence[Cell]], list[Cell]] | None:
        """For a search whose steps all cost the same (None otherwise): a lookup giving, for
        goals reached at one cost above `budget`, every reached cell of the dearest cost
        within it (`level`) on a cheapest route to one of them (GridSearch.onward's answer
        for that whole level). Every such route passes through that level: each step
        adds the same cost.

        One pass outward from that level, a step's cells at a time, gives each cell the set
        (bits) of level cells its cheapest routes come through: every goal asked after
        that is a lookup, where onward searched a route per goal."""
        step = self._grid.uniform_step
        if step is None:
            return None
        level = budget - budget % step
        dist, order, deltas = self._dist, self._order, self._grid.deltas
        cost_of = dist.__getitem__
        settled = order.cells
        while settled and dist[settled[-1]] <= level and order.grow():
            pass  # the level's cells listed in the order settled (their bits follow it)
        first = bisect_left(settled, level, key=cost_of)
        ring = settled[first : bisect_right(settled, level, first, key=cost_of)]
        reached = order.by_cost()
        cursor = bisect_right(reached, level, key=cost_of)
        # The bits of the cells an even number of steps from the roots, and of the others.
        # A cell's neighbours lie one step nearer, as near, or one step farther (each step
        # costs the same): in the layer of the other parity only the nearer ones, while
        # those of the next step are still unworked (zero), so a cell's bits are the union
        # of every neighbour's there, no cost compared.
        layers = ([0] * len(dist), [0] * len(dist))
        for bit, index in enumerate(ring):
            layers[level // step & 1][index] = 1 << bit
        state = [cursor]  # the first settled cell whose bits are not worked out yet

        def extend(cost: int) -> None:
            """Bits for every cell up to `cost`, a whole step's cells at a time: a cell's
            routes come through those of the neighbours it is reached from (exactly one
            step cheaper)."""
            index, end = state[0], len(reached)
            while index < end:
                here = dist[reached[index]]
                if here > cost:
                    break
                stop = bisect_right(reached, here, index, end, key=cost_of)
                into, came = layers[here // step & 1], layers[(here // step - 1) & 1]
                if len(deltas) == 8:  # squares, 8-way: the neighbours spelled out (hot loop)
                    d0, d1, d2, d3, d4, d5, d6, d7 = deltas
                    for cell in reached[index:stop]:
                        into[cell] = (
                            came[cell + d0]
                            | came[cell + d1]
                            | came[cell + d2]
                            | came[cell + d3]
                            | came[cell + d4]
                            | came[cell + d5]
                            | came[cell + d6]
                            | came[cell + d7]
                        )
                else:
                    for cell in reached[index:stop]:
                        bits = 0
                        for delta in deltas:
                            bits |= came[cell + delta]
                        into[cell] = bits
                index = stop
            state[0] = index

        def lookup(goals: Sequence[Cell]) -> list[Cell]:
            grid = self._grid
            targets = [grid.index(g) for g in goals]
            extend(max(dist[t] for t in targets))
            bits = 0
            for target in targets:
                bits |= layers[dist[target] // step & 1][target]
            return [grid.cell(index) for bit, index in enumerate(ring) if bits >> bit & 1]

        return lookup

    def onward(self, goals: Sequence[Cell], total: int) -> Callable[[Cell], bool]:
        """A test of whether a reached cell lies on a cheapest route from the roots to one
        of `goals` (each `total` away): whether a route on from it to a goal keeps every
        step's cost adding up exactly. A depth-first search, nearest the goals first,
        that remembers for every cell it visits whether it leads there."""
        grid, dist = self._grid, self._dist
        steps = grid.steps(reverse=False)[0]
        uniform = grid.uniform_step
        least = min(base for _, base in grid.directions)
        targets = [grid.index(g) for g in goals]
        known: dict[int, bool] = dict.fromkeys(targets, True)
        # One cheapest route, walked back from a goal step by exact step as straight toward
        # where the search started as it goes, is known before any search: the cells next to
        # it join it at once instead of each finding its own way.
        width = grid.width
        root_y, root_x = divmod(self._order.cells[0], width)
        index = targets[0]
        # (near goals need few steps searched, fewer than the walk back would take)
        while total > FAR_ROUTE * least and 0 < dist[index] < UNSEEN:
            here, step_back = dist[index], None
            for delta, costs in steps:
                before = index - delta
                if dist[before] >= 0 and dist[before] + (uniform or costs[index]) == here:
                    y, x = divmod(before, width)
                    off = (x - root_x) ** 2 + (y - root_y) ** 2
                    if step_back is None or off < step_back[0]:
                        step_back = (off, before)
            if step_back is None:
                break
            index = step_back[1]
            known[index] = True
        apart = grid.apart_from(targets)
        # Among equally promising steps, the one nearest the straight line to the goals first:
        # searches from neighbouring cells then run along the same few routes and join the
        # first one found within a step or two, instead of each finding a route of its own.
        aim_y, aim_x = divmod(sum(targets) // len(targets), width)

        def following(index: int) -> list[int]:
            here = dist[index]
            found = []
            for delta, costs in steps:
                there = index + delta
                cost = dist[there]
                if cost != here + (uniform or costs[there]):
                    continue
                seen = known.get(there)
                if seen:  # next to a route already found: join it, look no further
                    return [there]
                if seen is False:
                    continue
                # No route on from `there` is cheaper than its fewest steps to a goal.
                floor = cost + least * apart(there)
                if floor <= total:
                    y, x = divmod(there, width)
                    found.append((floor, (x - aim_x) ** 2 + (y - aim_y) ** 2, there))
            if len(found) > 1:
                found.sort()
            return [i for _, _, i in found]

        def on_route(cell: Cell) -> bool:
            start = grid.index(cell)
            if start in known:
                return known[start]
            stack = [(start, iter(following(start)))]
            while stack:
                index, onward = stack[-1]
                for nxt in onward:
                    seen = known.get(nxt)
                    if seen is None:
                        stack.append((nxt, iter(following(nxt))))
                        break
                    if seen:
                        for on, _ in stack:  # the route found runs through them all
                            known[on] = True
                        return True
                else:  # every step on from here was a dead end
                    known[index] = False
                    stack.pop()
            return known[start]

        return on_route
