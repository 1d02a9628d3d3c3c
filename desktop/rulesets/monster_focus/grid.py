"""monster-focus: the hex grid of a board as numbers (cells, neighbours, walls, hex counts).

Cells are numbered `row * width + col`. Directions are counter-clockwise from east:
those of hex_geometry.HEX_SIDES (E, NE, NW, W, SW, SE). Corners are kept in an integer
frame (x in units of half a hex width, y in units of half a hex side), an affine image of
the real board: it keeps straight lines, crossings and ratios along a line exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from desktop.engine.board import Board, Cell, Terrain
from desktop.engine.board_cache import board_cache
from desktop.engine.cell_bits import cell_bits
from desktop.engine.hex_geometry import hex_step

FAR = 10**6  # "cannot get there"
Corner = tuple[int, int]  # a hex corner in the integer frame
Segment = tuple[Corner, Corner]


class NearCounts(dict[int, int]):
    """The hex counts of a short count: the cells it reached, and FAR for any other (one
    farther than it counted reads more than its limit, as a whole board's list does)."""

    def __missing__(self, cell: int) -> int:
        return FAR


# Hex counts by cell number: a whole board's list, or a short count's cells.
Counts = Sequence[int] | NearCounts

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
    kinds: frozenset[str]  # the legend characters found on the board
    neighbours: tuple[tuple[int, ...], ...]  # per cell, per direction: cell or -1
    thin: tuple[tuple[bool, ...], ...]  # a thin wall on that side (board edge included)
    walled_corners: frozenset[Corner]  # corners touching any wall
    occluders: tuple[Segment, ...]  # segments that block sight
    # Per cell, the neighbours a hex count steps to: no wall hex, no thin wall between.
    links: tuple[tuple[int, ...], ...]
    _rows: list[list[int] | None]  # hexes_from, filled on first use
    # Partial counts: start -> (exact up to this many hexes, counts, the cells within).
    _near: dict[int, tuple[int, Counts, list[int]]]
    memo: dict[Any, Any]  # other facts about this board, kept by the modules that derive them

    def hexes_from(self, start: int) -> Sequence[int]:
        """Hexes from `start` to every cell, never entering a wall hex or crossing a thin
        wall (figures, obstacles and traps do not lengthen it): range and proximity."""
        row = self._rows[start]
        if row is None:
            self._count(start, FAR)  # a whole count: kept as the start's row
            row = self._rows[start]
            assert row is not None
        return row

    def hexes_within(self, start: int, limit: int) -> Counts:
        """The hexes from `start` as hexes_from counts them, exact up to `limit`: farther
        cells read more than `limit` (range tests need no more than that)."""
        row = self._rows[start]
        if row is not None:
            return row
        near = self._near.get(start)
        if near is None or near[0] < limit:
            near = self._count(start, limit)
        return near[1]

    def hexes_around(self, start: int, limit: int) -> list[int]:
        """The cells at most `limit` hexes from `start`, nearest first."""
        near = self._near.get(start)
        if near is None or near[0] < limit:
            near = self._count(start, limit)
        if near[0] == limit:
            return near[2]
        counts = near[1]
        return [i for i in near[2] if counts[i] <= limit]

    def proximity(self, start: int, cells: Sequence[int]) -> Counts:
        """The hexes from `start`, exact for each of `cells` (counted no farther than the
        farthest of them needs)."""
        row = self._rows[start]
        if row is not None:
            return row
        near = self._near.get(start)
        if near is not None and all(near[1][i] <= near[0] for i in cells):
            return near[1]
        if self.terrain[start] == WALL:  # no figure stands there; the plain count's steps
            return self._count(start, FAR, set(cells))[1]
        # Characters scattered over a big board are reached only by a count of most of it,
        # a new one each decision (the monster has moved): counted a ring at a time on
        # bits, and the counts of `cells` kept alone.
        return ring_counts(start, set(cells), hex_steps(self))

    def _count(
        self, start: int, limit: int, until: set[int] | None = None
    ) -> tuple[int, Counts, list[int]]:
        """Count hexes from `start` up to `limit` (or until every cell of `until` is
        counted) and keep the counts: a whole row when the count covered the board."""
        size = len(self.terrain)
        # A short count (a range test) on a big board reaches a few of its cells: those are
        # kept, not a board's worth of list per start asked (a 200x200 board's is 40,000
        # numbers, ~60 a decision, each walked by the garbage collector).
        short = until is None and 3 * limit * (limit + 1) + 1 <= size // 8
        found = hex_counts(start, self.links, size, limit, until, short=short)
        exact, counts, _ = self._near[start] = found
        if exact >= FAR and isinstance(counts, list):
            self._rows[start] = counts
        return found

    def index(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        return (index % self.width, index // self.width)

    def is_wall(self, index: int) -> bool:
        return self.terrain[index] == WALL

    def adjacent(self, a: int, b: int) -> bool:
        """Neighbours with no wall between them (melee reach, disadvantage): one step of a
        hex count."""
        return b in self.links[a]


NO_THIN = (False,) * 6
WALL = Terrain.WALL.value


@board_cache
def grid_of(board: Board) -> Grid:
    width, height = board.width, board.height
    n = width * height
    terrain = tuple("".join(board.rows))
    neighbours, open_links = _neighbours(width, height)
    thin: list[tuple[bool, ...]] = [NO_THIN] * n
    for pair in board.thin_walls:
        a, b = tuple(pair)
        for x, y in ((a, b), (b, a)):
            if board.in_bounds(x):
                i = x[1] * width + x[0]
                d = next(d for d in range(6) if hex_step(x, d) == y)
                sides = list(thin[i])
                sides[d] = True
                thin[i] = tuple(sides)
    # Corners touching a wall: ends of a thin wall, corners of a wall hex.
    kinds = frozenset(terrain)
    walled: set[Corner] = set()
    occluders: list[Segment] = []
    walls = [i for i, t in enumerate(terrain) if t == WALL] if WALL in kinds else []
    sided = {i for i in range(n) if thin[i] is not NO_THIN} if board.thin_walls else set()
    for i in sorted(sided.union(walls)):
        cx, cy = centre((i % width, i // width))
        corners = [(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS]
        if terrain[i] == WALL:
            walled.update(corners)
            # A wall hex blocks sight through its three long diagonals (a line that
            # enters the hex crosses one of them; one that grazes it touches one).
            occluders += [(corners[k], corners[k + 3]) for k in range(3)]
        if i not in sided:
            continue
        for d in range(6):
            if thin[i][d]:
                ends = (corners[(d - 1) % 6], corners[d])
                walled.update(ends)
                j = neighbours[i][d]
                beside_wall = j >= 0 and terrain[j] == WALL
                if terrain[i] != WALL and not beside_wall and (j < 0 or j > i):
                    occluders.append(ends)
    # A hex count's steps: those of open ground, but into no wall hex and across no thin
    # wall (only the cells beside one differ).
    links = list(open_links)
    for i in {j for w in walls for j in open_links[w]}.difference(sided):
        links[i] = tuple(j for j in open_links[i] if terrain[j] != WALL)
    for i in sided:
        links[i] = tuple(
            j
            for d, j in enumerate(neighbours[i])
            if j >= 0 and terrain[j] != WALL and not thin[i][d]
        )
    return Grid(
        width,
        height,
        terrain,
        kinds,
        neighbours,
        tuple(thin),
        frozenset(walled),
        tuple(occluders),
        tuple(links),
        [None] * n,
        {},
        {},
    )


def _neighbours(
    width: int, height: int
) -> tuple[tuple[tuple[int, ...], ...], list[tuple[int, ...]]]:
    """Per cell, its neighbour in each direction of HEX_SIDES (E, NE, NW, W, SW, SE) or -1,
    the odd-r layout written out (odd rows sit half a hex to the right); and per cell the
    neighbours that are on the board."""
    out: list[tuple[int, ...]] = []
    present: list[tuple[int, ...]] = []
    last_col, last_row = width - 1, height - 1
    for row in range(height):
        odd = row & 1
        inner_row = 0 < row < last_row
        for col in range(width):
            i = row * width + col
            right = col + odd <= last_col  # the diagonal neighbours towards the east exist
            left = col - 1 + odd >= 0
            up, down = i - width + odd, i + width + odd
            around = (
                i + 1 if col < last_col else -1,
                up if row > 0 and right else -1,
                up - 1 if row > 0 and left else -1,
                i - 1 if col > 0 else -1,
                down - 1 if row < last_row and left else -1,
                down if row < last_row and right else -1,
            )
            out.append(around)
            if inner_row and 0 < col < last_col:
                present.append(around)
            else:
                present.append(tuple(j for j in around if j >= 0))
    return tuple(out), present


@dataclass(frozen=True)
class StepBits:
    """The steps of a board's links as bits by cell number (cell 0 the lowest)."""

    width: int
    open: int  # no wall hex
    unsided: int  # no thin wall on any side
    right: int  # not in the last column
    left: int  # not in the first column
    even_left: int  # in an even row, not in the first column
    odd_right: int  # in an odd row, not in the last column
    # The cells beside a thin wall, per way to step: (those that step that way, how far
    # along the numbering it goes).
    sided: list[tuple[int, int]]


def hex_steps(grid: Grid) -> StepBits:
    """The steps of `grid.links` from every cell but a wall hex, as bits (kept on the grid).
    A step's offset in the numbering tells its side apart within a row's parity: odd rows
    sit half a hex to the right."""
    found: StepBits | None = grid.memo.get("step bits")
    if found is not None:
        return found
    width, height = grid.width, grid.height
    size = width * height

    legend = {ord(kind): "0" if kind == WALL else "1" for kind in grid.kinds}
    open_ = cell_bits("".join(grid.terrain).translate(legend))
    not_last_col = cell_bits(("1" * (width - 1) + "0") * height)
    not_first_col = cell_bits(("0" + "1" * (width - 1)) * height)
    even = cell_bits(("1" * width + "0" * width) * (height // 2 + 1))
    even &= (1 << size) - 1
    odd = ~even & ((1 << size) - 1)
    below = cell_bits("1" * (size - width) + "0" * width)  # a row below it: not the last row
    above = cell_bits("0" * width + "1" * (size - width))
    # (offset, the cells that step that way onto open ground): E, W, then NE of even rows
    # and NW of odd ones, NW, SW, SE and SW of odd ones, NE, SE of odd rows (as _neighbours
    # numbers them). Offsets, not sides, go in pairs: on a narrow board two can be equal.
    sides = [
        (1, not_last_col & (open_ >> 1)),
        (-1, not_first_col & (open_ << 1)),
        (-width, above & (open_ << width)),
        (-width - 1, even & above & not_first_col & (open_ << (width + 1))),
        (width - 1, even & below & not_first_col & (open_ >> (width - 1))),
        (width, below & (open_ >> width)),
        (-width + 1, odd & above & not_last_col & (open_ << (width - 1))),
        (width + 1, odd & below & not_last_col & (open_ >> (width + 1))),
    ]
    # Per side (HEX_SIDES order) and row parity, which of those it is.
    which = ((0, 2, 3, 1, 4, 5), (0, 6, 2, 1, 5, 7))
    sided = 0
    for i, walled in enumerate(grid.thin):  # thin walls: their cells step no way across
        if walled is not NO_THIN:
            sided |= 1 << i
            for d in range(6):
                if walled[d]:
                    k = which[(i // width) & 1][d]
                    offset, cells = sides[k]
                    sides[k] = (offset, cells & ~(1 << i))
    everything = (1 << size) - 1
    found = grid.memo["step bits"] = StepBits(
        width,
        open_,
        everything & ~sided,
        not_last_col,
        not_first_col,
        even & not_first_col,
        odd & not_last_col,
        [(cells & sided, offset) for offset, cells in sides if cells & sided],
    )
    return found


def ring_steps(ring: int, steps: StepBits) -> int:
    """The cells one step of the links reaches from those of `ring` (no wall hex among
    them), all at once: sideways, and up and down from the ring widened by the neighbour
    each row's parity shares (even rows reach up and down to their own column and the one
    to the left, odd rows to the right)."""
    plain = ring & steps.unsided
    width = steps.width
    column = plain | (plain & steps.even_left) >> 1 | (plain & steps.odd_right) << 1
    outer = (
        (plain & steps.right) << 1 | (plain & steps.left) >> 1 | column >> width | column << width
    ) & steps.open
    if ring != plain:  # beside thin walls: each way to step as it is
        for cells, offset in steps.sided:
            moved = ring & cells
            if moved:
                outer |= moved << offset if offset > 0 else moved >> -offset
    return outer


def ring_counts(start: int, until: set[int], steps: StepBits) -> NearCounts:
    """The hex counts from `start` (no wall hex) of the cells of `until`, FAR for those never
    reached: breadth first, each ring a number whose bits are its cells, stepped all at once
    (a few operations on 40,000-bit numbers a ring, not a Python step per cell)."""
    counts = NearCounts()
    left = {cell: 1 << cell for cell in until}
    if start in left:
        counts[start] = 0
        del left[start]
    wanted = 0
    for bit in left.values():
        wanted |= bit
    reached = ring = 1 << start
    hexes = 0
    while left and ring:
        hexes += 1
        ring = ring_steps(ring, steps) & ~reached
        reached |= ring
        if ring & wanted:
            for cell, bit in list(left.items()):
                if ring & bit:
                    counts[cell] = hexes
                    del left[cell]
            wanted &= ~ring
    return counts


def hex_counts(
    start: int,
    links: Sequence[Sequence[int]],
    size: int,
    limit: int,
    until: set[int] | None = None,
    blocked: frozenset[int] = frozenset(),
    *,
    short: bool = False,
) -> tuple[int, Counts, list[int]]:
    """Breadth first over `links`, ring by ring, never into `blocked`, up to `limit` hexes
    or until every cell of `until` is reached: (how far the counts are exact, the counts,
    the cells counted). `short`: the counts of the cells counted only (NearCounts)."""
    dist: list[int] | NearCounts = NearCounts() if short else [FAR] * size
    for cell in blocked:
        dist[cell] = -1  # reads as counted (put back below)
    dist[start] = 0
    ring = [start]
    cells = [start]
    left = len(until - {start}) if until is not None else -1
    hexes = 0
    while ring and hexes < limit and left:
        hexes += 1
        outer = []
        for cur in ring:
            for n in links[cur]:
                if dist[n] == FAR:
                    dist[n] = hexes
                    outer.append(n)
        if until is not None:
            left -= sum(1 for n in outer if n in until)
        cells += outer
        ring = outer
    for cell in blocked:
        dist[cell] = FAR
    return (FAR if not ring else hexes), dist, cells
