"""The cells a figure can attack from where it stands, for the board's attack overlay: within
a reach by the ruleset's metric, on ground a target could stand on, in sight."""

from __future__ import annotations

from collections.abc import Iterable

from desktop.engine.board import Board, Cell
from desktop.engine.geometry import Metric, distance_function
from desktop.engine.visibility import sees


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
    found: set[Cell] = set()
    for x, y in origins:
        for r in range(max(0, y - span), min(board.height, y + span + 1)):
            for c in range(max(0, x - span), min(board.width, x + span + 1)):
                cell = (c, r)
                if (
                    cell not in found
                    and 0 < dist((x, y), cell) <= reach
                    and board.passable(cell)
                    and (not sight or sees(board, (x, y), cell))
                ):
                    found.add(cell)
    return found.difference(origins)


def fire_and_close_combat(board: Board, at: Cell, reach: float) -> set[Cell]:
    """On an inch grid: what a figure fires at, within `reach` inches (its longest ranged
    weapon) and in sight, and the 8 cells around it, where it fights whatever stands there
    (close combat needs no line of sight)."""
    return cells_within(board, [at], reach, Metric.INCHES) | cells_within(
        board, [at], 1, Metric.CHEBYSHEV, sight=False
    )
