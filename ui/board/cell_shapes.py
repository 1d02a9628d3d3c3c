"""Scene coordinates of cells: centres and outlines for square and hex boards."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QPolygonF

from desktop.engine.board import Board, Cell, Shape
from desktop.engine.geometry import centre, corners

CELL = 44.0  # pixels per square side; hexes get the same width
_HEX_SCALE = CELL / math.sqrt(3.0)  # engine hexes have circumradius 1 and width sqrt(3)


def scene_scale(shape: Shape) -> float:
    """Scene units per engine unit (desktop.engine.geometry's centres and corners)."""
    return _HEX_SCALE if shape is Shape.HEX else CELL


def cell_centre(shape: Shape, cell: Cell) -> QPointF:
    x, y = centre(shape, cell)
    k = scene_scale(shape)
    return QPointF(x * k, y * k)


def cell_polygon(shape: Shape, cell: Cell) -> QPolygonF:
    k = scene_scale(shape)
    return QPolygonF([QPointF(x * k, y * k) for x, y in corners(shape, cell)])


def shared_edge(shape: Shape, pair: frozenset[Cell]) -> QLineF | None:
    """The side two neighbouring cells share (a thin wall stands on it); either cell may lie
    off the board. None when the cells do not touch along a side."""
    first, second = sorted(pair)
    k = scene_scale(shape)
    theirs = {(round(x, 6), round(y, 6)) for x, y in corners(shape, second)}
    common = [
        QPointF(x * k, y * k)
        for x, y in corners(shape, first)
        if (round(x, 6), round(y, 6)) in theirs
    ]
    return QLineF(common[0], common[1]) if len(common) == 2 else None


def token_radius(shape: Shape) -> float:
    return CELL * (0.45 if shape is Shape.SQUARE else 0.42)


def board_rect(board: Board) -> QRectF:
    rect = QRectF()
    for cell in (
        (0, 0),
        (board.width - 1, 0),
        (0, board.height - 1),
        (board.width - 1, board.height - 1),
        (0, 1),
        (board.width - 1, 1),
    ):
        if board.in_bounds(cell):
            rect = rect.united(cell_polygon(board.shape, cell).boundingRect())
    return rect


def cell_at(board: Board, point: QPointF) -> Cell | None:
    """The cell under a scene point, or None outside the board."""
    shape = board.shape
    if shape is Shape.SQUARE:
        cell = (math.floor(point.x() / CELL), math.floor(point.y() / CELL))
        return cell if board.in_bounds(cell) else None
    # Hex: check the nearest candidates by centre distance.
    row_guess = round(point.y() / (1.5 * _HEX_SCALE))
    best, best_d = None, float("inf")
    for row in (row_guess - 1, row_guess, row_guess + 1):
        col_guess = round(point.x() / CELL - 0.5 * (row & 1))
        for col in (col_guess - 1, col_guess, col_guess + 1):
            c = cell_centre(shape, (col, row))
            d = (c.x() - point.x()) ** 2 + (c.y() - point.y()) ** 2
            if d < best_d:
                best, best_d = (col, row), d
    return best if best is not None and board.in_bounds(best) else None
