"""Square cells: neighbours (4 or 8), step-count and inch distances, drawing."""

from __future__ import annotations

import math

from desktop.engine.board import Cell

ORTHOGONAL: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
# Clockwise from north; dungeon-crawl's "try the next square clockwise" relies on this order.
EIGHT_WAY: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def inches(a: Cell, b: Cell) -> float:
    """Straight-line distance between cell centres when one cell is one inch."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def square_centre(cell: Cell) -> tuple[float, float]:
    return cell[0] + 0.5, cell[1] + 0.5


def square_corners(cell: Cell) -> list[tuple[float, float]]:
    x, y = cell
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
