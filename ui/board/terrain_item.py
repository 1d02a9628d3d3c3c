"""Draws the whole board's terrain as one cached item (fast to repaint on big boards)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from desktop.engine.board import LEGEND, Board, Terrain
from desktop.engine.geometry import centre
from ui import palette
from ui.board.cell_shapes import (
    CELL,
    board_rect,
    cell_centre,
    cell_polygon,
    scene_scale,
    shared_edge,
)
from ui.board.text import draw_centred

_PATTERN = {
    Terrain.DIFFICULT: Qt.BrushStyle.Dense6Pattern,
    Terrain.COVER: Qt.BrushStyle.DiagCrossPattern,
    Terrain.HAZARD: Qt.BrushStyle.HorPattern,
    Terrain.HAZARDOUS: Qt.BrushStyle.BDiagPattern,
    Terrain.ICY: Qt.BrushStyle.Dense7Pattern,
}
# Terrain drawn with a mark on top of its fill.
_MARKED = frozenset(
    {Terrain.DOOR, Terrain.OBJECTIVE, Terrain.WINDOW, Terrain.OBSTACLE, Terrain.TRAP, Terrain.ICY}
)
# Thin walls: thick enough to read as a wall between two hexes, not as a grid line.
WALL_WIDTH = 6.0
THIN_WALL_Z = 5  # above the range and area overlays (2 to 4), below paths and tokens


class ThinWallsItem(QGraphicsItem):
    """The walls on cell sides, above the range overlays (a hatched range must not make a
    wall look broken: ranges are counted around walls) and below the tokens."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.edges = [
            edge
            for pair in board.thin_walls
            if (edge := shared_edge(board.shape, pair)) is not None
        ]
        self._rect = board_rect(board).adjusted(-WALL_WIDTH, -WALL_WIDTH, WALL_WIDTH, WALL_WIDTH)
        self.setZValue(THIN_WALL_Z)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(palette.thin_wall(), WALL_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        for edge in self.edges:
            painter.drawLine(edge)


class TerrainItem(QGraphicsItem):
    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self._rect = board_rect(board).adjusted(-2, -2, 2, 2)
        # Terrain changes rarely; paint it once into a pixmap and blit on every repaint.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(0)
        self._areas: dict[Terrain, QPainterPath] | None = None
        self._marked: list[tuple[Terrain, QPolygonF, QPointF]] = []

    def boundingRect(self) -> QRectF:
        return self._rect

    def _cells_by_terrain(self) -> dict[Terrain, QPainterPath]:
        """Every terrain's cells as one path (a 200x200 board is painted in a few calls, not
        40,000), and the cells that carry a mark (doors, objectives...). Built once: every
        cell's outline is the first cell's, moved to its centre."""
        if self._areas is None:
            shape = self.board.shape
            first = cell_polygon(shape, (0, 0))
            x0, y0 = centre(shape, (0, 0))
            k = scene_scale(shape)
            # Along a row, centres are evenly spaced: one look-up per row, not per cell.
            step = (centre(shape, (1, 0))[0] - x0) * k
            areas: dict[str, QPainterPath] = {}
            for row, line in enumerate(self.board.rows):
                x, y = centre(shape, (0, row))
                dx, dy = (x - x0) * k, (y - y0) * k
                for col, char in enumerate(line):
                    polygon = first.translated(dx + col * step, dy)
                    area = areas.get(char)
                    if area is None:
                        area = areas[char] = QPainterPath()
                    area.addPolygon(polygon)
                    area.closeSubpath()
                    if LEGEND[char] in _MARKED:
                        at = cell_centre(shape, (col, row))
                        self._marked.append((LEGEND[char], polygon, at))
            self._areas = {LEGEND[char]: area for char, area in areas.items()}
        return self._areas

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        grid = QPen(palette.grid_line(), 1)
        fill = palette.terrain_fill
        # Hatching stands out darker on a light board, lighter on a dark one.
        shade = QColor.lighter if palette.dark() else QColor.darker
        for terrain, area in self._cells_by_terrain().items():
            painter.setPen(grid)
            painter.setBrush(fill(terrain))
            painter.drawPath(area)
            pattern = _PATTERN.get(terrain)
            if pattern is not None:
                painter.setPen(QPen(Qt.PenStyle.NoPen))
                painter.setBrush(QBrush(shade(fill(terrain), 135), pattern))
                painter.drawPath(area)
        for terrain, polygon, at in self._marked:
            if terrain is Terrain.DOOR:
                self._draw_door(painter, polygon)
            elif terrain is Terrain.OBJECTIVE:
                self._draw_objective(painter, at)
            elif terrain is Terrain.WINDOW:
                self._draw_window(painter, at)
            elif terrain is Terrain.OBSTACLE:
                self._draw_obstacle(painter, at)
            elif terrain is Terrain.TRAP:
                self._draw_trap(painter, at)
            elif terrain is Terrain.ICY:
                self._draw_ice(painter, at)

    @staticmethod
    def _draw_obstacle(painter: QPainter, at: QPointF) -> None:
        """A boulder: a rounded lump with a highlight, so it reads as something in the way."""
        radius = CELL * 0.27
        painter.setPen(QPen(QColor("#3E342B"), 2))
        painter.setBrush(QColor("#A8978A"))
        painter.drawRoundedRect(
            QRectF(at.x() - radius, at.y() - radius * 0.8, 2 * radius, 1.6 * radius),
            radius * 0.6,
            radius * 0.6,
        )
        painter.setPen(QPen(QColor("#3E342B"), 1.5))
        painter.drawLine(
            QPointF(at.x() - radius * 0.3, at.y() - radius * 0.2),
            QPointF(at.x() + radius * 0.4, at.y() + radius * 0.3),
        )

    @staticmethod
    def _draw_trap(painter: QPainter, at: QPointF) -> None:
        """Three spikes on a plate: the usual trap mark."""
        half = CELL * 0.26
        painter.setPen(QPen(QColor("#2B1400"), 1.5))
        painter.setBrush(QColor("#F4E3C8"))
        for dx in (-half * 0.66, 0.0, half * 0.66):
            painter.drawPolygon(
                QPolygonF(
                    [
                        QPointF(at.x() + dx - half * 0.33, at.y() + half * 0.55),
                        QPointF(at.x() + dx, at.y() - half * 0.7),
                        QPointF(at.x() + dx + half * 0.33, at.y() + half * 0.55),
                    ]
                )
            )

    @staticmethod
    def _draw_ice(painter: QPainter, at: QPointF) -> None:
        """A six-armed snowflake."""
        arm = CELL * 0.22
        painter.setPen(QPen(QColor("#2F6F99"), 1.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for a, b in ((1.0, 0.0), (0.5, 0.866), (-0.5, 0.866)):
            painter.drawLine(
                QPointF(at.x() - arm * a, at.y() - arm * b),
                QPointF(at.x() + arm * a, at.y() + arm * b),
            )

    @staticmethod
    def _draw_door(painter: QPainter, polygon: QPolygonF) -> None:
        rect = polygon.boundingRect()
        painter.setPen(QPen(QColor("#5B3A1C"), 3))
        inset = rect.width() * 0.22
        painter.drawLine(
            QPointF(rect.left() + inset, rect.center().y()),
            QPointF(rect.right() - inset, rect.center().y()),
        )

    @staticmethod
    def _draw_window(painter: QPainter, at: QPointF) -> None:
        """A four-pane window: a dark frame with a cross of glazing bars."""
        half = CELL * 0.28
        pane = QRectF(at.x() - half, at.y() - half, 2 * half, 2 * half)
        painter.setPen(QPen(QColor("#3A4650"), 2))
        painter.setBrush(QColor("#E3EEF5"))
        painter.drawRect(pane)
        painter.drawLine(QPointF(at.x(), pane.top()), QPointF(at.x(), pane.bottom()))
        painter.drawLine(QPointF(pane.left(), at.y()), QPointF(pane.right(), at.y()))

    @staticmethod
    def _draw_objective(painter: QPainter, at: QPointF) -> None:
        radius = CELL * 0.3
        painter.setPen(QPen(QColor("#8A6D00"), 2))
        painter.setBrush(QColor("#F0E442"))
        painter.drawEllipse(at, radius, radius)
        painter.setPen(QPen(QColor("#5C4A00"), 1))
        draw_centred(painter, QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius), "★")
