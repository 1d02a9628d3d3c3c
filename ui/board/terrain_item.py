"""Draws the whole board's terrain as one cached item (fast to repaint on big boards)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from desktop.engine.board import Board, Terrain
from ui import palette
from ui.board.cell_shapes import CELL, board_rect, cell_centre, cell_polygon
from ui.board.text import draw_centred

_PATTERN = {
    Terrain.DIFFICULT: Qt.BrushStyle.Dense6Pattern,
    Terrain.COVER: Qt.BrushStyle.DiagCrossPattern,
    Terrain.HAZARD: Qt.BrushStyle.HorPattern,
}


class TerrainItem(QGraphicsItem):
    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self._rect = board_rect(board).adjusted(-2, -2, 2, 2)
        # Terrain changes rarely; paint it once into a pixmap and blit on every repaint.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(0)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        board = self.board
        shape = board.shape
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        grid = QPen(palette.grid_line(), 1)
        fill = palette.terrain_fill
        # Hatching stands out darker on a light board, lighter on a dark one.
        shade = QColor.lighter if palette.dark() else QColor.darker
        for cell in board.cells():
            terrain = board.terrain(cell)
            polygon = cell_polygon(shape, cell)
            painter.setPen(grid)
            painter.setBrush(QBrush(fill(terrain)))
            painter.drawPolygon(polygon)
            pattern = _PATTERN.get(terrain)
            if pattern is not None:
                painter.setPen(QPen(Qt.PenStyle.NoPen))
                painter.setBrush(QBrush(shade(fill(terrain), 135), pattern))
                painter.drawPolygon(polygon)
            if terrain is Terrain.DOOR:
                self._draw_door(painter, polygon)
            elif terrain is Terrain.OBJECTIVE:
                self._draw_objective(painter, cell_centre(shape, cell))
            elif terrain is Terrain.WINDOW:
                self._draw_window(painter, cell_centre(shape, cell))

    @staticmethod
    def _draw_door(painter: QPainter, polygon: QPolygonF) -> None:
        rect = polygon.boundingRect()
        painter.setPen(QPen(QColor("#5B3A1C"), 3))
        inset = rect.width() * 0.22
        painter.drawLine(QPointF(rect.left() + inset, rect.center().y()),
                         QPointF(rect.right() - inset, rect.center().y()))

    @staticmethod
    def _draw_window(painter: QPainter, at: QPointF) -> None:
        """A four-pane window: a dark frame with a cross of glazing bars."""
        half = CELL * 0.28
        pane = QRectF(at.x() - half, at.y() - half, 2 * half, 2 * half)
        painter.setPen(QPen(QColor("#3A4650"), 2))
        painter.setBrush(QBrush(QColor("#E3EEF5")))
        painter.drawRect(pane)
        painter.drawLine(QPointF(at.x(), pane.top()), QPointF(at.x(), pane.bottom()))
        painter.drawLine(QPointF(pane.left(), at.y()), QPointF(pane.right(), at.y()))

    @staticmethod
    def _draw_objective(painter: QPainter, at: QPointF) -> None:
        radius = CELL * 0.3
        painter.setPen(QPen(QColor("#8A6D00"), 2))
        painter.setBrush(QBrush(QColor("#F0E442")))
        painter.drawEllipse(at, radius, radius)
        painter.setPen(QPen(QColor("#5C4A00"), 1))
        draw_centred(painter, QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius),
                     "★")
