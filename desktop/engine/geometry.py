"""Shape-independent geometry: which neighbourhood a ruleset moves on and how it measures."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from desktop.engine import hex_geometry, square_geometry
from desktop.engine.board import Board, Cell, Shape


class Neighbourhood(StrEnum):
    ORTHOGONAL = "orthogonal"
    EIGHT_WAY = "8-way"
    HEX = "hex"


class Metric(StrEnum):
    MANHATTAN = "manhattan"  # orthogonal step count
    CHEBYSHEV = "chebyshev"  # king moves
    HEX = "hex"
    INCHES = "inches"  # straight line between centres


_METRICS: dict[Metric, Callable[[Cell, Cell], float]] = {
    Metric.MANHATTAN: square_geometry.manhattan,
    Metric.CHEBYSHEV: square_geometry.chebyshev,
    Metric.HEX: hex_geometry.hex_distance,
    Metric.INCHES: square_geometry.inches,
}


def distance_function(metric: Metric) -> Callable[[Cell, Cell], float]:
    return _METRICS[metric]


def offsets(neighbourhood: Neighbourhood) -> tuple[tuple[int, int], ...]:
    if neighbourhood is Neighbourhood.ORTHOGONAL:
        return square_geometry.ORTHOGONAL
    if neighbourhood is Neighbourhood.EIGHT_WAY:
        return square_geometry.EIGHT_WAY
    raise ValueError("hex neighbours depend on the row; use neighbours()")


_OFFSETS = {
    Neighbourhood.ORTHOGONAL: square_geometry.ORTHOGONAL,
    Neighbourhood.EIGHT_WAY: square_geometry.EIGHT_WAY,
}


def neighbours(board: Board, cell: Cell, neighbourhood: Neighbourhood) -> list[Cell]:
    """In-bounds neighbouring cells, whatever their terrain, in a fixed order."""
    if neighbourhood is Neighbourhood.HEX:
        around = hex_geometry.hex_neighbours(cell)
    else:
        x, y = cell
        around = [(x + dx, y + dy) for dx, dy in _OFFSETS[neighbourhood]]
    # Inlined bounds check: this runs for every step of every path a decision looks at.
    width, height = len(board.rows[0]), len(board.rows)
    return [c for c in around if 0 <= c[0] < width and 0 <= c[1] < height]


def centre(shape: Shape, cell: Cell) -> tuple[float, float]:
    if shape is Shape.HEX:
        return hex_geometry.hex_centre(cell)
    return square_geometry.square_centre(cell)


def corners(shape: Shape, cell: Cell) -> list[tuple[float, float]]:
    if shape is Shape.HEX:
        return hex_geometry.hex_corners(cell)
    return square_geometry.square_corners(cell)
