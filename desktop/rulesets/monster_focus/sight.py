"""monster-focus line of sight: corner to corner (Gloomhaven) or any point to any point.

Only wall hexes (through their long diagonals) and thin walls block sight. Corner to
corner: some segment between a corner of each hex, neither corner touching a wall, that
touches no wall at all. Any point: each hex is stood for by its long diagonal most across
the line between them; the two see each other when an open set of segments from one
diagonal to the other passes every wall (a gap of a single point is no gap).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from desktop.engine.board import Cell
from desktop.rulesets.monster_focus.grid import Corner, Grid, Segment, centre, corner

Point = tuple[float, float]
Pair = tuple[float, float]  # a + b s, linear in s
# An occluder seen from one diagonal, flat for speed: its side, cone, two rays and far
# terms (see _open_gap), then its bounding box widened by EPS.
Shadow = tuple[float, ...]
SightCache = dict[tuple[bool, int, int], bool]
EPS = 1e-9
_ROOT3_HALF = math.sqrt(3) / 2
# Segments P(s)Q(t) tried before the exact search when the middle one is blocked; on the
# acceptance boards these four find most of the clear lines the middle one misses.
_PROBES = ((0.125, 0.125), (0.875, 0.875), (0.875, 0.125), (0.125, 0.75))


def segments_touch(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether the closed segments pq and ab share a point (touching counts)."""
    # The orientations of p, q against ab and of a, b against pq, written out: this runs
    # tens of thousands of times for one decision.
    (px, py), (qx, qy), (ax, ay), (bx, by) = p, q, a, b
    o1 = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    o2 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax)
    o3 = (qx - px) * (ay - py) - (qy - py) * (ax - px)
    o4 = (qx - px) * (by - py) - (qy - py) * (bx - px)
    d1, d2 = (o1 > EPS) - (o1 < -EPS), (o2 > EPS) - (o2 < -EPS)
    d3, d4 = (o3 > EPS) - (o3 < -EPS), (o4 > EPS) - (o4 < -EPS)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and _on(a, b, p))
        or (d2 == 0 and _on(a, b, q))
        or (d3 == 0 and _on(p, q, a))
        or (d4 == 0 and _on(p, q, b))
    )


def _on(u: Point, v: Point, w: Point) -> bool:
    """Whether w, in line with uv, lies on the segment uv."""
    return (
        min(u[0], v[0]) - EPS <= w[0] <= max(u[0], v[0]) + EPS
        and min(u[1], v[1]) - EPS <= w[1] <= max(u[1], v[1]) + EPS
    )


def _nearby(grid: Grid, points: Sequence[Point]) -> list[Segment]:
    occluders = grid.occluders
    return [occluders[i] for i in _nearby_indices(grid, points)]


def _nearby_indices(grid: Grid, points: Sequence[Point]) -> list[int]:
    """The numbers (in grid.occluders) of the wall segments whose bounding boxes meet the
    points' bounding box."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lefts, rights, lows, highs, chunks = _boxes(grid)
    if chunks is None:
        candidates: Sequence[int] = range(len(lefts))
    else:
        # A segment spans at most 2 across and 4 up: those that can meet the box start
        # (left, top) within these bounds, and are filed by that corner's chunk.
        col_low = (math.floor(x0) - 2) // 2 // CHUNK
        col_high = math.ceil(x1) // 2 // CHUNK
        row_low = (-math.ceil(y1) - 4) // 3 // CHUNK
        row_high = -math.floor(y0) // 3 // CHUNK
        found = [
            i
            for row in range(row_low, row_high + 1)
            for col in range(col_low, col_high + 1)
            for i in chunks.get((row, col), ())
        ]
        found.sort()
        candidates = found
    return [
        i
        for i in candidates
        if rights[i] >= x0 and lefts[i] <= x1 and highs[i] >= y0 and lows[i] <= y1
    ]


CHUNK = 8  # hexes a side of the chunks that index a big board's walls


Boxes = tuple[list[int], list[int], list[int], list[int], dict[tuple[int, int], list[int]] | None]


def _boxes(grid: Grid) -> Boxes:
    """The bounding box of every wall segment, kept per board as four lists in the order
    of grid.occluders (left, right, low and high x or y): most sight questions need only
    the few walls near the two hexes. Lists of numbers, not a tuple per segment: a big
    board's 10,000 tuples cost the first sight question of a session tens of milliseconds
    (their making and the garbage collections they set off). On a board with many walls,
    the segments are also filed by the chunk of the board they lie in (CHUNK hexes a
    side)."""
    found: Boxes | None = grid.memo.get("occluder boxes")
    if found is None:
        occluders = grid.occluders
        lefts = [a[0] if a[0] < b[0] else b[0] for a, b in occluders]
        rights = [b[0] if a[0] < b[0] else a[0] for a, b in occluders]
        lows = [a[1] if a[1] < b[1] else b[1] for a, b in occluders]
        highs = [b[1] if a[1] < b[1] else a[1] for a, b in occluders]
        chunks: dict[tuple[int, int], list[int]] | None = None
        if len(occluders) > 64:
            chunks = {}
            for i, (left, high) in enumerate(zip(lefts, highs, strict=True)):
                key = (-high // 3 // CHUNK, left // 2 // CHUNK)
                chunks.setdefault(key, []).append(i)
        found = grid.memo["occluder boxes"] = (lefts, rights, lows, highs, chunks)
    return found


def sees_corner_to_corner(grid: Grid, a: int, b: int) -> bool:
    ends_a, ends_b = _open_corners(grid, a), _open_corners(grid, b)
    if not ends_a or not ends_b:
        return False
    if set(ends_a) & set(ends_b):
        return True
    lines = _lines(grid)
    walls = [lines[i] for i in _nearby_indices(grid, ends_a + ends_b)]
    # Corners are whole numbers: every orientation below is exact. A segment with both
    # ends strictly on one side of a wall's line cannot touch that wall, the usual case.
    for px, py in ends_a:
        for qx, qy in ends_b:
            ux, uy = qx - px, qy - py
            here = ux * py - uy * px
            for k, (ax, ay, bx, by, dx, dy, at) in enumerate(walls):
                o1 = dx * py - dy * px - at  # the side of the wall's line p is on
                o2 = dx * qy - dy * qx - at
                if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0):
                    continue
                o3 = ux * ay - uy * ax - here  # the side of the segment's line a is on
                o4 = ux * by - uy * bx - here
                if (o3 > 0 and o4 > 0) or (o3 < 0 and o4 < 0):
                    continue  # both ends of the wall on one side of the line
                if (o1 and o2 and o3 and o4) or segments_touch(
                    (px, py), (qx, qy), (ax, ay), (bx, by)
                ):
                    # Crossing it (or, in line, touching: segments_touch says). It is
                    # tried first for the next segments, which it most often stops too.
                    if k:
                        walls[0], walls[k] = walls[k], walls[0]
                    break
            else:
                return True  # this segment touches no wall
    return False


def wall_boxes(grid: Grid) -> None:
    """Build ahead the per-board facts every sight question past a wall reads (the walls'
    boxes and lines)."""
    _boxes(grid)
    _lines(grid)


def _lines(grid: Grid) -> list[tuple[int, ...]]:
    """Per wall segment ab of grid.occluders (kept per board): its ends, then dx, dy and
    at, with which the side of its line a point p lies on is dx * py - dy * px - at."""
    found: list[tuple[int, ...]] | None = grid.memo.get("occluder lines")
    if found is None:
        found = grid.memo["occluder lines"] = [
            (ax, ay, bx, by, bx - ax, by - ay, (bx - ax) * ay - (by - ay) * ax)
            for (ax, ay), (bx, by) in grid.occluders
        ]
    return found


def _open_corners(grid: Grid, index: int) -> list[Corner]:
    """The corners of a hex that touch no wall (kept per board)."""
    found: dict[int, list[Corner]] = grid.memo.setdefault("open corners", {})
    ends = found.get(index)
    if ends is None:
        cell = grid.cell(index)
        ends = found[index] = [
            p for p in (corner(cell, k) for k in range(6)) if p not in grid.walled_corners
        ]
    return ends


def sees_any_point(grid: Grid, a: int, b: int) -> bool:
    if a == b:
        return True
    cell_a, cell_b = grid.cell(a), grid.cell(b)
    side = next((d for d in range(6) if grid.neighbours[a][d] == b), None)
    if side is not None:
        return _neighbours_see(grid, a, b, side)
    k = _cross_section(cell_a, cell_b)
    p0, p1 = corner(cell_a, k), corner(cell_a, k + 3)
    q0, q1 = corner(cell_b, k), corner(cell_b, k + 3)
    near = _nearby(grid, [p0, p1, q0, q1])
    if not near:
        return True
    # A clear line between the centres has clear lines all round it.
    ca, cb = centre(cell_a), centre(cell_b)
    if not any(segments_touch(ca, cb, o[0], o[1]) for o in near):
        return True
    near = _in_strip(near, p0, p1, q0)
    if _walls_join_sides(grid, near, (p0, q0), (p1, q1)):
        return False
    return _open_gap(p0, p1, q0, q1, near)


def _walls_join_sides(
    grid: Grid, walls: list[Segment], left: tuple[Point, Point], right: tuple[Point, Point]
) -> bool:
    """Whether touching walls run from one long side of the strip between the diagonals to
    the other: every line from one hex to the other must then touch one of them."""
    todo = [o for o in walls if segments_touch(o[0], o[1], *left)]
    seen = set(todo)
    inside = set(walls)
    while todo:
        wall = todo.pop()
        if segments_touch(wall[0], wall[1], *right):
            return True
        for other in _touching(grid, wall):
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return False


def _touching(grid: Grid, wall: Segment) -> list[Segment]:
    """The wall segments `wall` touches (kept per board, wall by wall as sight asks: all of
    a 200x200 board's at once take ~180 ms)."""
    found: dict[Segment, list[Segment]] = grid.memo.setdefault("touching walls", {})
    near = found.get(wall)
    if near is None:
        # Only the walls near one can touch it: looked up as sight looks them up.
        near = found[wall] = [
            b
            for b in _nearby(grid, wall)
            if b != wall and segments_touch(wall[0], wall[1], b[0], b[1])
        ]
    return near


def _neighbours_see(grid: Grid, a: int, b: int, side: int) -> bool:
    """Neighbours see each other unless the wall on their shared side leaves no way round
    either of its ends (the other sides of the two hexes at that end are walled)."""

    def walled(cell: int, d: int) -> bool:
        n = grid.neighbours[cell][d]
        return grid.thin[cell][d] or grid.is_wall(cell) or (n >= 0 and grid.is_wall(n))

    if not walled(a, side):
        return True
    back = (side + 3) % 6
    # At the end of the shared side towards direction side + 1 (and side - 1).
    if not walled(a, (side + 1) % 6) and not walled(b, (back - 1) % 6):
        return True
    return not walled(a, (side - 1) % 6) and not walled(b, (back + 1) % 6)


def _cross_section(cell_a: Cell, cell_b: Cell) -> int:
    """The long diagonal (corners k and k + 3) most across the line between the centres."""
    (xa, ya), (xb, yb) = centre(cell_a), centre(cell_b)
    dx, dy = (xb - xa) * _ROOT3_HALF, (yb - ya) * 0.5
    best, best_k = -1.0, 0
    for k in range(3):
        cx, cy = corner((0, 0), k)
        across = abs(dx * cy * 0.5 - dy * cx * _ROOT3_HALF)
        if across > best + EPS:
            best, best_k = across, k
    return best_k


def _in_strip(walls: list[Segment], p0: Point, p1: Point, q0: Point) -> list[Segment]:
    """The walls that meet the parallelogram p0 p1 q1 q0 (closed; q1 = q0 + p1 - p0).
    Separating axes: two convex sets are apart exactly when their shadows on the normal of
    one of their sides are. The parallelogram's four sides have two normals between them,
    so its shadows on those are taken once. The corners are integers: the comparisons are
    exact."""
    u = (p1[0] - p0[0], p1[1] - p0[1])
    b = (q0[0] - p0[0], q0[1] - p0[1])
    q1 = (q0[0] + u[0], q0[1] + u[1])
    quad = (p0, p1, q1, q0)
    axes = []
    for nx, ny in ((-u[1], u[0]), (-b[1], b[0])):
        shadow = [x * nx + y * ny for x, y in quad]
        axes.append((nx, ny, min(shadow), max(shadow)))
    found = []
    for o in walls:
        (ax, ay), (bx, by) = o
        for nx, ny, low, high in axes:
            seg_a, seg_b = ax * nx + ay * ny, bx * nx + by * ny
            if (seg_a < low and seg_b < low) or (seg_a > high and seg_b > high):
                break
        else:  # apart on the segment's own normal?
            nx, ny = ay - by, bx - ax
            seg = ax * nx + ay * ny  # both ends project alike
            shadow = [x * nx + y * ny for x, y in quad]
            if min(shadow) <= seg <= max(shadow):
                found.append(o)
    return found


def _cross(v: Point, w: Point) -> float:
    return v[0] * w[1] - v[1] * w[0]


def _open_gap(p0: Point, p1: Point, q0: Point, q1: Point, occluders: list[Segment]) -> bool:
    """Whether the segments P(s)Q(t) (P on p0p1, Q on q0q1, the two parallel and equally
    long) that miss every occluder form an open set. Between two consecutive critical
    values of s nothing changes order, so the middle of each such strip is tested.

    With the diagonals parallel every test below is linear in s and in t: for an
    occluder e1e2, Q(t) is shadowed from P(s) when it lies in the cone from P(s) over the
    occluder and not on P(s)'s side of the occluder's line."""
    u = (p1[0] - p0[0], p1[1] - p0[1])
    b = (q0[0] - p0[0], q0[1] - p0[1])
    cub = _cross(u, b)
    lines: list[tuple[float, float]] = [(0.0, 0.0), (1.0, 0.0)]  # t = c + m s
    critical = {0.0, 1.0}
    shadows: list[Shadow] = []
    for e1, e2 in occluders:
        a1 = (e1[0] - p0[0], e1[1] - p0[1])
        a2 = (e2[0] - p0[0], e2[1] - p0[1])
        d = (e2[0] - e1[0], e2[1] - e1[1])
        du = _cross(d, u)
        side = (-_cross(d, a1), du)  # orient(e1, e2, P(s)) = side0 + side1 s
        cone = (_cross(a1, a2), du)  # orient(P(s), e1, e2)
        rays: list[float] = []
        for a in (a1, a2):
            au = _cross(a, u)
            # orient(P(s), e, Q(t)) = cross(a, b) + (t - s) cross(a, u) - s cross(u, b)
            rays += (_cross(a, b), -au - cub, au)
            if au != 0:  # P(s), e and Q(t) in line
                lines.append((-_cross(a, b) / au, 1 + cub / au))
        far = (_cross(d, (b[0] - a1[0], b[1] - a1[1])), du)  # orient(e1, e2, Q(t))
        if du != 0:
            s_cross = -side[0] / du
            if 0 < s_cross < 1:
                critical.add(s_cross)  # P(s) crosses the occluder's line
            lines.append((-far[0] / du, 0.0))  # the occluder's line meets the far diagonal
        box = (
            min(e1[0], e2[0]) - EPS,
            max(e1[0], e2[0]) + EPS,
            min(e1[1], e2[1]) - EPS,
            max(e1[1], e2[1]) + EPS,
        )
        shadows.append((*side, *cone, *rays, *far, *box))
    if _free_at(0.5, p0, u, shadows):
        return True  # already open half way along (the usual case)
    # A segment that misses every wall (all closed) has an open set of such segments
    # round it: a cheap sufficient test before the exact one.
    for s, t in _PROBES:
        ps = (p0[0] + s * u[0], p0[1] + s * u[1])
        qt = (q0[0] + t * u[0], q0[1] + t * u[1])
        if not any(segments_touch(ps, qt, e1, e2) for e1, e2 in occluders):
            return True
    for i, (c1, m1) in enumerate(lines):
        for c2, m2 in lines[:i]:
            if m1 != m2:
                s = (c2 - c1) / (m1 - m2)
                if 0 < s < 1 and -EPS <= c1 + m1 * s <= 1 + EPS:
                    critical.add(s)
    marks = sorted(critical)
    for s0, s1 in pairwise(marks):
        if s1 - s0 >= EPS and _free_at((s0 + s1) / 2, p0, u, shadows):
            return True
    return False


def _free_at(s: float, p0: Point, u: Point, shadows: list[Shadow]) -> bool:
    """Whether some interval of t of positive length has P(s)Q(t) missing every occluder."""
    blocked: list[tuple[float, float]] = []
    for side0, side1, cone0, cone1, r0, rs, rt, v0, vs, vt, far0, far1, *box in shadows:
        here = side0 + side1 * s
        if abs(here) <= EPS:
            px, py = p0[0] + s * u[0], p0[1] + s * u[1]
            if box[0] <= px <= box[1] and box[2] <= py <= box[3]:
                return False  # standing in the wall: everything is blocked
            continue  # only segments along the wall's own line: no area
        want = cone0 + cone1 * s
        lo, hi = 0.0, 1.0
        # each condition: g0 + g1 t >= 0
        for g0, g1 in (
            (want * (r0 + rs * s), want * rt),
            (-want * (v0 + vs * s), -want * vt),
            (-here * far0, -here * far1),
        ):
            if abs(g1) <= EPS * EPS:
                if g0 < -EPS:
                    lo, hi = 1.0, 0.0
                continue
            root = -g0 / g1
            if g1 > 0:
                if root > lo:
                    lo = root
            elif root < hi:
                hi = root
        if lo <= hi:
            blocked.append((lo, hi))
    blocked.sort()
    reached = 0.0
    for lo, hi in blocked:
        if lo > reached + EPS:
            return True
        if hi > reached:
            reached = hi
    return reached < 1.0 - EPS


def line_of_sight(grid: Grid, a: int, b: int, corner_to_corner: bool, cache: SightCache) -> bool:
    key = (corner_to_corner, a, b) if a <= b else (corner_to_corner, b, a)
    seen = cache.get(key)
    if seen is None:
        seen = cache[key] = (
            sees_corner_to_corner(grid, a, b) if corner_to_corner else sees_any_point(grid, a, b)
        )
    return seen
