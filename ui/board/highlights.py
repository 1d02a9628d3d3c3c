"""Decision highlights on the board: ringed and numbered targets, the path with step dots,
the destination ghost, movement and attack range overlays and the sight line."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsItemGroup,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
)

from desktop.engine.board import Cell, Shape
from ui import palette
from ui.board.cell_shapes import cell_centre, cell_polygon, token_radius

OVERLAYS = ("move", "attack", "sight")


class _Badge(QGraphicsItem):
    """A numbered disc showing a target's place in the priority order."""

    def __init__(self, number: int, at: QPointF, radius: float) -> None:
        super().__init__()
        self.number = number
        self.radius = radius
        self.setPos(at)
        self.setZValue(40)

    def boundingRect(self) -> QRectF:
        return QRectF(-self.radius, -self.radius, 2 * self.radius, 2 * self.radius)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#222222"), 1.5))
        painter.setBrush(palette.TARGET)
        painter.drawEllipse(self.boundingRect().adjusted(1, 1, -1, -1))
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(int(self.radius * 1.2))
        painter.setFont(font)
        painter.setPen(QColor("#111111"))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, str(self.number))


def _cells_group(shape: Shape, cells: Iterable[Cell], colour: QColor, z: float,
                 pattern: Qt.BrushStyle = Qt.BrushStyle.SolidPattern):
    group = QGraphicsItemGroup()
    for cell in cells:
        item = QGraphicsPolygonItem(cell_polygon(shape, cell))
        item.setBrush(QBrush(colour, pattern))
        outline = QColor(colour)
        outline.setAlpha(200)
        item.setPen(QPen(outline, 1.2, Qt.PenStyle.DotLine))
        group.addToGroup(item)
    group.setZValue(z)
    return group


class Highlights:
    """Owns the highlight items of one decision; rebuilt whenever the decision changes."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.items: list[QGraphicsItem] = []
        self.groups: dict[str, QGraphicsItem] = {}
        self.visible = {name: True for name in OVERLAYS}
        self.target_items: list[QGraphicsItem] = []
        self.path_item: QGraphicsPathItem | None = None
        self.path_cells: tuple[Cell, ...] = ()

    def clear(self) -> None:
        for item in self.items:
            self.scene.removeItem(item)
        self.items.clear()
        self.groups.clear()
        self.target_items.clear()
        self.path_item = None
        self.path_cells = ()

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def show(self, shape: Shape, origin: Cell, targets: list[Cell], destination: Cell | None,
             path: tuple[Cell, ...], move_cells: set[Cell], attack_cells: set[Cell]) -> None:
        self.clear()
        radius = token_radius(shape)
        self.groups["move"] = self._add(_cells_group(shape, move_cells, palette.MOVE_RANGE, 2))
        self.groups["attack"] = self._add(
            _cells_group(shape, attack_cells, palette.ATTACK_RANGE, 3, Qt.BrushStyle.BDiagPattern))
        end = destination if destination is not None else origin
        sight = QGraphicsItemGroup()
        for target in targets[:1]:
            line = QPainterPath(cell_centre(shape, end))
            line.lineTo(cell_centre(shape, target))
            item = QGraphicsPathItem(line)
            item.setPen(QPen(palette.SIGHT, 2.5, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
            sight.addToGroup(item)
        sight.setZValue(30)
        self.groups["sight"] = self._add(sight)
        if path:
            self.path_cells = tuple(path)
            points = [cell_centre(shape, origin), *(cell_centre(shape, c) for c in path)]
            route = QPainterPath(points[0])
            for point in points[1:]:
                route.lineTo(point)
            self.path_item = self._add(QGraphicsPathItem(route))
            self.path_item.setPen(QPen(palette.PATH, 4, Qt.PenStyle.SolidLine,
                                       Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            self.path_item.setZValue(25)
            for point in points[1:-1]:
                dot = self._add(QGraphicsEllipseItem(QRectF(point.x() - 5, point.y() - 5, 10, 10)))
                dot.setBrush(palette.PATH)
                dot.setPen(QPen(QColor("white"), 1.5))
                dot.setZValue(26)
        for number, target in enumerate(targets, start=1):
            centre = cell_centre(shape, target)
            ring = self._add(QGraphicsEllipseItem(
                QRectF(centre.x() - radius - 6, centre.y() - radius - 6,
                       2 * radius + 12, 2 * radius + 12)))
            ring.setPen(QPen(palette.TARGET, 5))
            ring.setBrush(Qt.BrushStyle.NoBrush)
            ring.setZValue(35)
            self.target_items.append(ring)
            self._add(_Badge(number, QPointF(centre.x() + radius * 0.8,
                                            centre.y() + radius * 0.8), radius * 0.42))
        for name, group in self.groups.items():
            group.setVisible(self.visible[name])

    def set_visible(self, name: str, visible: bool) -> None:
        self.visible[name] = visible
        if name in self.groups:
            self.groups[name].setVisible(visible)
