"""Fast line-of-sight queries that give exactly `sight.has_line_of_sight`'s answer.

The exact test clips the sight line against every wall in its bounding box,
which costs tens of microseconds on a long line across a busy table. Cover-
seeking rules ask hundreds of such questions per decision, so this walks the
grid cells the line passes through first (inflated by a margin far wider than
the exact test's nudge): when none of them is a wall the line is clear; the
first wall it runs through well inside its edges blocks it at once; otherwise
only the walls it actually touches are clipped. Answers share the board's
sight cache with `has_line_of_sight`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from itertools import pairwise

from desktop.engine.board import Board, Cell, Shape, Terrain
from desktop.engine.board_cache import board_cache
from desktop.engine.sight import SIGHT_LINES, clear_past, has_line_of_sight
from desktop.engine.square_geometry import square_corners

_MARGIN = 1e-4  # far wider than the exact test's 1e-7 nudge: never misses a wall it could touch
_INSET = 1e-6  # ten times the exact test's nudge: a line this deep in a wall is blocked by it


@board_cache
def _prefix(board: Board) -> tuple[list[list[int]], list[list[int]]]:
    """Running wall counts down each column and along each row, for O(1) band queries."""
    wall = Terrain.WALL.value
    by_col = [[0] * (board.height + 1) for _ in range(board.width)]
    by_row = [[0] * (board.width + 1) for _ in range(board.height)]
    for row, line in enumerate(board.rows):
        for col, ch in enumerate(line):
            hit = 1 if ch == wall else 0
            by_row[row][col + 1] = by_row[row][col] + hit
            by_col[col][row + 1] = by_col[col][row] + hit
    return by_col, by_row


def touched_walls(board: Board, a: Cell, b: Cell) -> Iterator[Cell]:
    """Wall cells whose square comes within a hair of the segment between centres of a and b,
    found band by band from one end (so a caller may stop at the first that decides)."""
    by_col, by_row = _prefix(board)
    ax, ay = a[0] + 0.5, a[1] + 0.5
    bx, by = b[0] + 0.5, b[1] + 0.5
    steep = abs(by - ay) > abs(bx - ax)
    if steep:  # walk along the longer axis so every step touches few cells
        ax, ay, bx, by = ay, ax, by, bx
        lines, size = by_row, board.width
    else:
        lines, size = by_col, board.height
    if ax > bx:
        ax, ay, bx, by = bx, by, ax, ay
    slope = (by - ay) / (bx - ax) if bx != ax else 0.0
    floor = math.floor
    for k in range(max(0, floor(ax - _MARGIN)), min(len(lines), floor(bx + _MARGIN) + 1)):
        x0 = max(k - _MARGIN, ax)
        x1 = min(k + 1 + _MARGIN, bx)
        y0 = ay + slope * (x0 - ax)
        y1 = ay + slope * (x1 - ax)
        lo, hi = (y0, y1) if y0 <= y1 else (y1, y0)
        first = max(0, floor(lo - _MARGIN))
        last = min(size - 1, floor(hi + _MARGIN))
        counts = lines[k]
        if first > last or counts[last + 1] == counts[first]:
            continue  # no wall in this band
        for m in range(first, last + 1):
            if counts[m + 1] != counts[m]:
                cell = (m, k) if steep else (k, m)
                if cell != a and cell != b:
                    yield cell


def sees(board: Board, a: Cell, b: Cell) -> bool:
    """Same verdict as has_line_of_sight(board, a, b), computed from the walls the line touches."""
    if a == b:
        return True
    if board.shape is not Shape.SQUARE:
        return has_line_of_sight(board, a, b)
    key = (a, b) if a <= b else (b, a)
    cache = SIGHT_LINES(board)
    found = cache.get(key)
    if found is not None:
        return found
    walls: list[Cell] = []
    for wall in touched_walls(board, *key):
        if _through_middle(key[0], key[1], wall):
            found = False  # no line nudged a hair aside can miss this wall: no need to clip
            break
        walls.append(wall)
    else:
        found = True if not walls else _clear_past(key[0], key[1], walls)
    cache[key] = found
    return found


def _through_middle(a: Cell, b: Cell, wall: Cell) -> bool:
    """Whether the line between the centres of a and b crosses the wall's square well inside
    its edges (_INSET, ten times the exact rule's nudge, from each), over more than a hair
    of its length: then every nudged line crosses its interior too, so sight is blocked.
    Most blocked lines are settled here, at the first wall they meet."""
    t_in, t_out = 0.0, 1.0
    for start, step, edge in (
        (a[0] + 0.5, b[0] - a[0], wall[0]),
        (a[1] + 0.5, b[1] - a[1], wall[1]),
    ):
        low, high = edge + _INSET, edge + 1 - _INSET
        if step == 0:
            if not low < start < high:
                return False
            continue
        t0, t1 = (low - start) / step, (high - start) / step
        if t0 > t1:
            t0, t1 = t1, t0
        if t0 > t_in:
            t_in = t0
        if t1 < t_out:
            t_out = t1
    return (t_out - t_in) * math.hypot(b[0] - a[0], b[1] - a[1]) > _INSET


def _clear_past(a: Cell, b: Cell, walls: list[Cell]) -> bool:
    # The exact rule of sight.py, limited to the walls the line can touch.
    return clear_past(
        (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5), [square_corners(w) for w in walls]
    )


_TURN = 2048  # directions from an origin, in equal slices of the full turn


class SightFrom:
    """`sees(board, origin, cell)` for many cells, asked nearer first (ring by ring). Each
    wall found blocking a line through its middle is remembered for the directions its
    square hides; a cell in such a direction is answered at once when its line runs through
    that wall's middle too (checked, so the answers are exactly those of `sees`: a line
    through a wall's middle is blocked whatever else it touches)."""

    def __init__(self, board: Board, origin: Cell) -> None:
        self.board = board
        self.origin = origin
        self.square = board.shape is Shape.SQUARE
        self._hidden: list[Cell | None] = [None] * _TURN  # per direction: the nearest wall

    def sees(self, cell: Cell) -> bool:
        board, origin = self.board, self.origin
        if not self.square:
            return sees(board, origin, cell)
        key = (origin, cell) if origin <= cell else (cell, origin)
        cache = SIGHT_LINES(board)
        found = cache.get(key)
        if found is not None:  # asked before (a board played on knows most of its lines)
            return found
        wall = self._hidden[_slice(cell[0] - origin[0], cell[1] - origin[1])]
        if wall is not None and _through_middle(origin, cell, wall):
            return False
        walls = []
        for wall in touched_walls(board, origin, cell):
            if _through_middle(origin, cell, wall):
                self._hide(wall)
                cache[key] = False
                return False
            walls.append(wall)
        # No wall crossed through its middle: what `sees` would conclude from the same walls
        # (found from the other end, the same cells), without walking the line again.
        found = cache[key] = True if not walls else _clear_past(key[0], key[1], walls)
        return found

    def _hide(self, wall: Cell) -> None:
        """Remember `wall` for the directions strictly inside those its square spans."""
        ox, oy = self.origin[0] + 0.5, self.origin[1] + 0.5
        towards = math.atan2(wall[1] + 0.5 - oy, wall[0] + 0.5 - ox)
        spread = [
            (math.atan2(wall[1] + cy - oy, wall[0] + cx - ox) - towards + math.pi) % (2 * math.pi)
            - math.pi
            for cx in (0, 1)
            for cy in (0, 1)
        ]  # each corner's angle from the square's centre line, in (-pi, pi]
        first = math.floor((towards + min(spread)) / (2 * math.pi) * _TURN) + 1
        last = math.ceil((towards + max(spread)) / (2 * math.pi) * _TURN) - 1
        hidden = self._hidden
        for k in range(first, last + 1):
            if hidden[k % _TURN] is None:
                hidden[k % _TURN] = wall


def _slice(dx: int, dy: int) -> int:
    """The slice of the turn direction (dx, dy) lies in."""
    return math.floor(math.atan2(dy, dx) / (2 * math.pi) * _TURN) % _TURN


# Walls are taken to hide the directions that cross them this far inside their edges: a line
# that deep in a wall crosses it for far more than _INSET, so `sees` says it is blocked. (Two
# walls side by side count as one block: a line deep inside the pair is deep inside one of
# them for at least _EDGE's length, less the hair it may run along their seam.)
_EDGE = 0.01


def rings_in_view(
    board: Board, origin: Cell, span: int, toward: Iterable[Cell] = ()
) -> Iterator[tuple[int, list[Cell]]]:
    """On a square board, the cells around `origin` ring by ring (Chebyshev distance 1 to
    `span`) that it might see: every cell `sees` would answer yes for, and few others (ask
    `sees`, or a SightFrom, for the verdict).

    A cell is left out when the line from `origin` to it runs deep through a wall nearer
    than its ring (no line a hair aside can miss that wall). Directions are kept as a
    pseudo-angle, a cell's position along its ring's perimeter (ring r holds the 8r cells
    k/r, k = 0..8r-1), so the cells of a ring in the directions no wall hides yet are a
    few ranges of k: past the first walls a ring costs what it may see, not its 8r cells,
    and once every direction is hidden the walk stops. With `toward`, only the directions
    between those cells (seen from `origin`) are walked."""
    x0, y0 = origin
    width, height, rows = board.width, board.height, board.rows
    wall = Terrain.WALL.value
    # open intervals of pseudo-angle, sorted, disjoint
    hidden = _outside(sorted(_pseudo(x - x0, y - y0) for x, y in toward if (x, y) != origin))
    slack = 1e-7  # rounding: a cell this near the edge of a hidden range is kept
    for r in range(1, span + 1):
        gaps, cur = [], 0.0
        for lo, hi in hidden:
            if lo >= cur:
                gaps.append((cur, lo))
            cur = max(cur, hi)
        if cur < 8:
            gaps.append((cur, 8.0))
        cells: list[Cell] = []
        walls: dict[int, tuple[int, int]] = {}  # k -> offset, of this ring's walls near gaps
        last = 8 * r - 1
        for lo, hi in gaps:
            first, end = math.ceil(lo * r - slack), min(last, math.floor(hi * r + slack))
            if first > end:
                continue  # a sliver between hidden directions, with no cell of this ring
            # one cell more each side: its wall may reach into the gap
            for k in range(max(0, first - 1), min(last, end + 1) + 1):
                dx, dy = _on_ring(k, r)
                x, y = x0 + dx, y0 + dy
                if not (0 <= x < width and 0 <= y < height):
                    continue
                if rows[y][x] == wall:
                    walls[k] = (dx, dy)
                if first <= k <= end:
                    cells.append((x, y))
        if not gaps:
            return
        yield r, cells
        if walls:  # they hide what lies beyond this ring
            found = []
            for k, (dx, dy) in walls.items():
                found += _hides(dx, dx, dy, dy)
                beside = walls.get(k + 1 if k < last else 0)
                if beside is not None:  # the pair as one block (neighbours on a ring share an edge)
                    found += _hides(
                        min(dx, beside[0]),
                        max(dx, beside[0]),
                        min(dy, beside[1]),
                        max(dy, beside[1]),
                    )
            hidden = _merged(hidden + found)


def _outside(angles: list[float]) -> list[tuple[float, float]]:
    """The directions outside the narrowest arc that holds every one of `angles` (sorted):
    the widest space between two of them, as open intervals."""
    if not angles:
        return []
    wrap = angles[0] + 8 - angles[-1]  # the space across due east
    widest, at = max(((b - a, i) for i, (a, b) in enumerate(pairwise(angles))), default=(0.0, 0))
    if wrap >= widest:
        return [(-1.0, angles[0]), (angles[-1], 9.0)]
    return [(angles[at], angles[at + 1])]


def _on_ring(k: int, r: int) -> tuple[int, int]:
    """The offset of cell k of ring r (see rings_in_view), from due east, rows downward."""
    if k <= r:
        return r, k
    if k <= 3 * r:
        return 2 * r - k, r
    if k <= 5 * r:
        return -r, 4 * r - k
    if k <= 7 * r:
        return k - 6 * r, -r
    return r, k - 8 * r


def _pseudo(dx: float, dy: float) -> float:
    """The pseudo-angle of direction (dx, dy), in [0, 8): monotone in the true angle."""
    if dx >= abs(dy):
        p = dy / dx
        return p if p >= 0 else 8 + p
    if dy >= abs(dx):
        return 2 - dx / dy
    if -dx >= abs(dy):
        return 4 + dy / dx
    return 6 - dx / dy


def _hides(x0: int, x1: int, y0: int, y1: int) -> list[tuple[float, float]]:
    """The pseudo-angles (open intervals) whose lines cross the walls at offsets x0..x1,
    y0..y1 (one wall, or two side by side) deep inside: those strictly between the outermost
    corners of the block drawn in by _EDGE."""
    inset = 0.5 - _EDGE
    left, right, top, bottom = x0 - inset, x1 + inset, y0 - inset, y1 + inset
    if top < 0 < bottom and left > 0:  # across due east, where the pseudo-angle wraps round
        below = max(_pseudo(x, bottom) for x in (left, right))
        above = min(_pseudo(x, top) for x in (left, right))
        return [(-1.0, below), (above, 9.0)]
    corners = [_pseudo(x, y) for x in (left, right) for y in (top, bottom)]
    return [(min(corners), max(corners))]


def _merged(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping open intervals joined (touching ones kept apart: the point between them
    is no interval's)."""
    intervals.sort()
    out: list[tuple[float, float]] = []
    for lo, hi in intervals:
        if out and lo < out[-1][1]:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


SEEN_NEAR = 12  # rings within which seen_among asks every cell rather than walk the view


def seen_among(board: Board, origin: Cell, cells: Iterable[Cell]) -> set[Cell]:
    """Which of `cells` `origin` sees (as `sees` answers). On a square board only those no
    nearer wall hides are asked about (rings_in_view): from far away, usually none."""
    cells = set(cells)
    if not cells:
        return set()
    x, y = origin

    def ring(c: Cell) -> int:
        return max(abs(c[0] - x), abs(c[1] - y))

    span = max(map(ring, cells))
    if board.shape is not Shape.SQUARE or span <= SEEN_NEAR:  # near, asking each costs less
        return {c for c in cells if sees(board, origin, c)}
    walk = rings_in_view(board, origin, span, toward=cells)
    maybe = {c for _, cells_ in walk for c in cells_}
    maybe.add(origin)
    view = SightFrom(board, origin)
    return {c for c in sorted(cells & maybe, key=ring) if view.sees(c)}  # nearer first
