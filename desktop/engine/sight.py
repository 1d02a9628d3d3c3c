"""Line of sight between cell centres, judged the same way on square and hex boards.

The rule, for both shapes: sight between two cells is blocked when the straight
line between their centres passes through the inside of a wall cell. A line
that only touches a wall — grazing one corner, or running along one edge — does
not block. A line that passes exactly through a point where walls stand on
*both* sides of it (squeezing between two walls that touch at a corner) is
blocked.

It is computed by nudging the line a hair to each side: sight is clear when at
least one nudged line crosses no wall's interior. That makes the verdict
symmetric (a sees b exactly when b sees a) and needs no special cases for
corners. Units never block sight in the built-in rulesets.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from desktop.engine.board import Board, Cell, Shape, Terrain
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.geometry import centre, corners

_NUDGE = 1e-7
_EPS = 1e-12

# (a, b) with a <= b -> whether a and b see each other; visibility.sees fills it too, as its
# verdicts are the same.
Point = tuple[float, float]
SIGHT_LINES: BoardCache[dict[tuple[Cell, Cell], bool]] = BoardCache("sight lines", empty_dict)


def _crosses_interior(p0: Point, p1: Point, polygon: Sequence[Point]) -> bool:
    """Cyrus–Beck clip of segment p0-p1 against a convex polygon (corners in any winding)."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    t_in, t_out = 0.0, 1.0
    count = len(polygon)
    for i in range(count):
        ax, ay = polygon[i]
        bx, by = polygon[(i + 1) % count]
        # Inward normal of edge a-b.
        nx, ny = -(by - ay), bx - ax
        if nx * (cx - ax) + ny * (cy - ay) < 0:
            nx, ny = -nx, -ny
        num = nx * (x0 - ax) + ny * (y0 - ay)  # > 0: p0 is inside this edge's half-plane
        den = nx * dx + ny * dy
        if abs(den) < _EPS:
            if num <= 0:
                return False
            continue
        t = -num / den
        if den > 0:
            t_in = max(t_in, t)
        else:
            t_out = min(t_out, t)
        if t_in >= t_out:
            return False
    return (t_out - t_in) * math.hypot(dx, dy) > 1e-9


def _candidate_walls(board: Board, a: Cell, b: Cell) -> list[Cell]:
    walls = board.cells_of(Terrain.WALL)
    if not walls:
        return []
    lo_c, hi_c = min(a[0], b[0]) - 1, max(a[0], b[0]) + 1
    lo_r, hi_r = min(a[1], b[1]), max(a[1], b[1])
    if (hi_c - lo_c + 1) * (hi_r - lo_r + 1) < len(walls):
        # Fewer cells in the box than walls on the board (a big board): look at the box.
        return [
            (c, r)
            for r in range(lo_r, hi_r + 1)
            for c in range(lo_c, hi_c + 1)
            if (c, r) in walls and (c, r) not in (a, b)
        ]
    return [w for w in walls if lo_c <= w[0] <= hi_c and lo_r <= w[1] <= hi_r and w not in (a, b)]


def has_line_of_sight(board: Board, a: Cell, b: Cell) -> bool:
    if a == b:
        return True
    key = (a, b) if a <= b else (b, a)
    cache = SIGHT_LINES(board)
    found = cache.get(key)
    if found is None:
        found = _compute(board, *key)
        cache[key] = found
    return found


def _compute(board: Board, a: Cell, b: Cell) -> bool:
    candidates = _candidate_walls(board, a, b)
    if not candidates:
        return True
    shape: Shape = board.shape
    return clear_past(centre(shape, a), centre(shape, b), [corners(shape, w) for w in candidates])


def clear_past(start: Point, end: Point, polygons: Iterable[Sequence[Point]]) -> bool:
    """The rule itself: clear when the line, nudged a hair to one side or the other,
    crosses none of the wall polygons' interiors."""
    (ax, ay), (bx, by) = start, end
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length * _NUDGE, (bx - ax) / length * _NUDGE
    left = ((ax + nx, ay + ny), (bx + nx, by + ny))
    right = ((ax - nx, ay - ny), (bx - nx, by - ny))
    left_open = right_open = True
    # Both sides at once, so that the walls can come one at a time along the line: once
    # each side has crossed a wall the rest need not even be found.
    for polygon in polygons:
        if left_open and _crosses_interior(*left, polygon):
            left_open = False
        if right_open and _crosses_interior(*right, polygon):
            right_open = False
        if not (left_open or right_open):
            return False
    return True
