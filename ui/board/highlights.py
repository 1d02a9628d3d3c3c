"""Decision highlights on the board: ringed and numbered targets, the path with step dots
(or the movement points spent, where the ruleset gives them), the area an attack hits,
the destination ghost, movement and attack range overlays and the sight line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsItemGroup,
    QGraphicsPathItem,
)

from desktop.engine.board import Cell, Shape
from ui import palette
from ui.board.cell_shapes import cell_centre, cell_polygon, token_radius
from ui.board.text import draw_centred
from ui.board.token_item import TOKEN_Z

OVERLAYS = ("move", "attack", "sight")
STEP_LABEL_RADIUS = 8.0

_Item = TypeVar("_Item", bound=QGraphicsItem)


def _disc(painter: QPainter, rect: QRectF, outline: str, fill: QColor) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(outline), 1.5))
    painter.setBrush(fill)
    painter.drawEllipse(rect)


def _disc_text(painter: QPainter, rect: QRectF, text: str, pixels: int, colour: str) -> None:
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(pixels)
    painter.setFont(font)
    painter.setPen(QPen(QColor(colour)))
    draw_centred(painter, rect, text)


class _Badge(QGraphicsItem):
    """A numbered disc showing a target's place in the priority order."""

    def __init__(self, number: int, at: QPointF, radius: float) -> None:
        super().__init__()
        self.number = number
        self.radius = radius
        self.setPos(at)
        self.setZValue(TOKEN_Z + 10)

    def boundingRect(self) -> QRectF:
        return QRectF(-self.radius, -self.radius, 2 * self.radius, 2 * self.radius)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        _disc(painter, self.boundingRect().adjusted(1, 1, -1, -1), "#222222", palette.TARGET)
        _disc_text(
            painter, self.boundingRect(), str(self.number), int(self.radius * 1.2), "#111111"
        )


class _StepLabel(QGraphicsItem):
    """A small disc on the path holding the movement points spent to get there."""

    def __init__(self, points: int, at: QPointF) -> None:
        super().__init__()
        self.points = points
        self.setPos(at)
        self.setZValue(TOKEN_Z - 4)

    def boundingRect(self) -> QRectF:
        r = STEP_LABEL_RADIUS
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        _disc(painter, self.boundingRect().adjusted(0.5, 0.5, -0.5, -0.5), "white", palette.PATH)
        _disc_text(painter, self.boundingRect(), str(self.points), 11, "white")


class CellsOverlay(QGraphicsItem):
    """A set of cells tinted or hatched, painted as one item (one per overlay, not per cell)."""

    def __init__(
        self,
        shape: Shape,
        cells: Iterable[Cell],
        colour: QColor,
        pattern: Qt.BrushStyle = Qt.BrushStyle.SolidPattern,
    ) -> None:
        super().__init__()
        self.cells = frozenset(cells)
        self.polygons = [cell_polygon(shape, cell) for cell in self.cells]
        self.brush = QBrush(colour, pattern)
        outline = QColor(colour)
        outline.setAlpha(200)
        self.pen = QPen(outline, 1.2, Qt.PenStyle.DotLine)
        rect = QRectF()
        for polygon in self.polygons:
            rect = rect.united(polygon.boundingRect())
        self._rect = rect.adjusted(-2, -2, 2, 2)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setBrush(self.brush)
        painter.setPen(self.pen)
        for polygon in self.polygons:
            painter.drawPolygon(polygon)


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
        self.step_labels: list[_StepLabel] = []
        self.area_item: CellsOverlay | None = None

    def clear(self) -> None:
        for item in self.items:
            self.scene.removeItem(item)
        self.items.clear()
        self.groups.clear()
        self.target_items.clear()
        self.path_item = None
        self.path_cells = ()
        self.step_labels.clear()
        self.area_item = None

    def _add(self, item: _Item) -> _Item:
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def show(
        self,
        shape: Shape,
        origin: Cell,
        targets: list[Cell],
        destination: Cell | None,
        path: tuple[Cell, ...],
        move_cells: set[Cell],
        attack_cells: set[Cell],
        target_spots: list[tuple[QPointF, float]] | None = None,
        mover_offset: QPointF | None = None,
        area: tuple[Cell, ...] = (),
        costs: tuple[int, ...] = (),
    ) -> None:
        """`target_spots` are the targets' token centres and radii (large figures cover
        more than their cell); `mover_offset` shifts the path onto a large mover's centre;
        `area` are the cells an area attack hits; `costs` the movement points spent on
        reaching each cell of `path` (labelled on the path when given).
        Every overlay lies beneath the tokens (TOKEN_Z), so initials stay readable."""
        self.clear()
        radius = token_radius(shape)
        shift = mover_offset or QPointF()
        # The targets' spots first, then any goal's (a ring, no sight line).
        spots = target_spots or [(cell_centre(shape, t), radius) for t in targets]
        self.groups["move"] = self._add(CellsOverlay(shape, move_cells, palette.MOVE_RANGE))
        self.groups["move"].setZValue(2)
        self.groups["attack"] = self._add(
            CellsOverlay(shape, attack_cells, palette.ATTACK_RANGE, Qt.BrushStyle.BDiagPattern)
        )
        self.groups["attack"].setZValue(3)
        if area:
            self.area_item = CellsOverlay(shape, area, palette.AREA)
            self.area_item.pen = QPen(palette.AREA.darker(170), 2.5, Qt.PenStyle.SolidLine)
            self.area_item.setZValue(4)
            self._add(self.area_item)
        end = destination if destination is not None else origin
        sight = QGraphicsItemGroup()
        for target in targets[:1]:
            line = QPainterPath(cell_centre(shape, end) + shift)
            line.lineTo(spots[targets.index(target)][0])
            item = QGraphicsPathItem(line)
            item.setPen(QPen(palette.SIGHT, 2.5, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
            sight.addToGroup(item)
        sight.setZValue(TOKEN_Z - 6)
        self.groups["sight"] = self._add(sight)
        if path:
            self.path_cells = tuple(path)
            points = [cell_centre(shape, c) + shift for c in (origin, *path)]
            route = QPainterPath(points[0])
            for point in points[1:]:
                route.lineTo(point)
            self.path_item = self._add(QGraphicsPathItem(route))
            self.path_item.setPen(
                QPen(
                    palette.PATH,
                    4,
                    Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.RoundCap,
                    Qt.PenJoinStyle.RoundJoin,
                )
            )
            self.path_item.setZValue(TOKEN_Z - 5)
            if len(costs) == len(path):
                self._label_steps(points[1:], costs, radius)
            else:
                for point in points[1:-1]:
                    dot = self._add(
                        QGraphicsEllipseItem(QRectF(point.x() - 5, point.y() - 5, 10, 10))
                    )
                    dot.setBrush(palette.PATH)
                    dot.setPen(QPen(QColor("white"), 1.5))
                    dot.setZValue(TOKEN_Z - 4)
        for number, (centre, radius) in enumerate(spots, start=1):
            ring = self._add(
                QGraphicsEllipseItem(
                    QRectF(
                        centre.x() - radius - 6,
                        centre.y() - radius - 6,
                        2 * radius + 12,
                        2 * radius + 12,
                    )
                )
            )
            ring.setPen(QPen(palette.TARGET, 5))
            ring.setBrush(Qt.BrushStyle.NoBrush)
            ring.setZValue(TOKEN_Z + 5)  # a ring around the token, clear of its initials
            self.target_items.append(ring)
            self._add(
                _Badge(
                    number,
                    QPointF(centre.x() + radius * 0.8, centre.y() + radius * 0.8),
                    radius * 0.42,
                )
            )
        for name, group in self.groups.items():
            group.setVisible(self.visible[name])

    def _label_steps(self, points: list[QPointF], costs: tuple[int, ...], radius: float) -> None:
        """The points spent so far on each cell of the path; the last one sits at the edge of
        the ghost token so the ghost does not hide it."""
        for index, (point, spent) in enumerate(zip(points, costs, strict=True)):
            if index == len(points) - 1:
                point = QPointF(point.x() - radius * 0.75, point.y() - radius * 0.75)
            label = _StepLabel(spent, point)
            if index == len(points) - 1:
                label.setZValue(TOKEN_Z + 6)  # over the ghost token
            self.step_labels.append(label)
            self._add(label)

    def set_visible(self, name: str, visible: bool) -> None:
        self.visible[name] = visible
        if name in self.groups:
            self.groups[name].setVisible(visible)
