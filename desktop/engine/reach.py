"""The cells a figure can attack from where it stands, for the board's attack overlay: within
a reach by the ruleset's metric, on ground a target could stand on, in sight."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from desktop.engine.board import LEGEND, Board, Cell, Shape
from desktop.engine.geometry import Metric, distance_function
from desktop.engine.visibility import SightFrom, rings_in_view


def cells_within(
    board: Board, origins: Iterable[Cell], reach: float, metric: Metric, *, sight: bool = True
) -> set[Cell]:
    """Passable cells within `reach` of one of `origins` (the squares a figure covers) and,
    with `sight`, seen from that origin; the origins themselves left out."""
    origins = tuple(origins)
    if reach <= 0 or not origins:
        return set()
    dist = distance_function(metric)
    # A box that holds every cell within reach, whatever the metric (a hex's column offset
    # never exceeds its distance), clipped to the board: a reach from a file may be huge.
    span = min(int(reach) + 1, max(board.width, board.height))
    rows = board.rows
    open_ground = {ch for ch, terrain in LEGEND.items() if terrain.passable}
    found: set[Cell] = set()
    for origin in origins:
        sight_from = SightFrom(board, origin) if sight else None
        # In sight on squares: only the cells no nearer wall hides are walked (a reach from
        # a file, or a shooter's, may span a 200x200 board, most of it out of sight).
        in_view = sight and board.shape is Shape.SQUARE
        rings = rings_in_view(board, origin, span) if in_view else _rings(board, origin, span)
        for ring, cells in rings:  # nearer first, as SightFrom wants
            # A cell's king-move distance is its ring: no need to measure it inside reach.
            measure = metric is not Metric.CHEBYSHEV or ring > reach
            for cell in cells:
                if (
                    cell not in found
                    and rows[cell[1]][cell[0]] in open_ground
                    and (not measure or 0 < dist(origin, cell) <= reach)
                    and (sight_from is None or sight_from.sees(cell))
                ):
                    found.add(cell)
    return found.difference(origins)


def _rings(board: Board, centre: Cell, span: int) -> Iterator[tuple[int, list[Cell]]]:
    """The board's cells around `centre`, ring by ring: (Chebyshev distance, its cells) for
    distances 1 to `span`."""
    x, y = centre
    width, height = board.width, board.height
    for r in range(1, span + 1):
        left, right = max(0, x - r), min(width - 1, x + r)
        cells = [
            (col, row)
            for row in (y - r, y + r)
            if 0 <= row < height
            for col in range(left, right + 1)
        ]
        cells += [
            (col, row)
            for col in (x - r, x + r)
            if 0 <= col < width
            for row in range(max(0, y - r + 1), min(height, y + r))
        ]
        yield r, cells


def fire_and_close_combat(board: Board, at: Cell, reach: float) -> set[Cell]:
    """On an inch grid: what a figure fires at, within `reach` inches (its longest ranged
    weapon) and in sight, and the 8 cells around it, where it fights whatever stands there
    (close combat needs no line of sight)."""
    return cells_within(board, [at], reach, Metric.INCHES) | cells_within(
        board, [at], 1, Metric.CHEBYSHEV, sight=False
    )
