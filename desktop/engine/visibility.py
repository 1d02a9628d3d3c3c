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
from collections.abc import Iterator

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
        wall = self._hidden[_slice(cell[0] - origin[0], cell[1] - origin[1])]
        if wall is not None and _through_middle(origin, cell, wall):
            return False
        for wall in touched_walls(board, origin, cell):
            if _through_middle(origin, cell, wall):
                self._hide(wall)
                return False
        return sees(board, origin, cell)

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
