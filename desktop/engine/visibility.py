"""Fast line-of-sight queries that give exactly `sight.has_line_of_sight`'s answer.

The exact test clips the sight line against every wall in its bounding box,
which costs tens of microseconds on a long line across a busy table. Cover-
seeking rules ask hundreds of such questions per decision, so this walks the
grid cells the line passes through first (inflated by a margin far wider than
the exact test's nudge): when none of them is a wall the line is clear, and
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
    one at a time from one end of the line to the other."""
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
    a, b = key
    # The exact rule of sight.py, limited to the walls the line can touch, found lazily.
    walls = touched_walls(board, a, b)
    found = clear_past(
        (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5), (square_corners(w) for w in walls)
    )
    cache[key] = found
    return found
