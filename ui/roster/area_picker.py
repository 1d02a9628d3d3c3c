"""A small clickable hex map for an area attack: a few rings of hexes around a centre, drawn
as the board draws hexes; a click or Space toggles a hex, the arrow keys move a focus hex."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop.engine.board import Shape
from desktop.engine.chain import plural
from desktop.engine.hex_geometry import from_axial, hex_distance, to_axial
from ui import palette
from ui.board.cell_shapes import cell_centre, cell_polygon

Offset = tuple[int, int]  # axial [dq, dr] from the centre, as an area attack lists them
RINGS = 3  # rings drawn around the centre: wider than any area on a monster's ability card
MAX_RINGS = 6  # an area from a file reaching further is drawn this far; the rest is kept
HEX_WIDTH = 30.0  # pixels across one hex of the picker
MARGIN = 4.0
ORIGIN: Offset = (0, 0)
# Arrows step like the board's cells, in (column, row): left/right along the row, up/down to
# the row above/below, zig-zagging as odd rows sit half a hex to the right.
ARROW_STEPS = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}


def ring_of(offset: Offset) -> int:
    """How many steps `offset` lies from the centre."""
    return hex_distance(from_axial(*offset), from_axial(*ORIGIN))


def hex_count(count: int) -> str:
    return "no hex" if count == 0 else plural(count, "hex")


class AreaPicker(QWidget):
    """The hexes of an area attack. For a melee area the centre is the monster's own hex
    (marked, never part of the area); for a ranged one it is only the pattern's reference
    hex, and may be chosen like any other."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.melee = True
        # Keys in the order the record lists them, so an untouched area saves unchanged.
        self.chosen: dict[Offset, None] = {}
        self.focus_hex: Offset = (1, 0)
        self.rings = RINGS
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Area hexes")
        self.setToolTip(
            "Click a hex to add it to the area or take it out. Keyboard: the arrow keys move "
            "the dotted frame, Space adds or removes its hex."
        )
        self._describe()

    # -- what it holds ---------------------------------------------------------------------
    def set_area(self, melee: bool, hexes: list[Offset] | tuple[Offset, ...]) -> None:
        self.chosen = dict.fromkeys((int(q), int(r)) for q, r in hexes)
        self.rings = min(MAX_RINGS, max([RINGS, *(ring_of(h) for h in self.chosen)]))
        self.set_melee(melee)
        self.updateGeometry()

    def set_melee(self, melee: bool) -> None:
        """Melee: the centre is the monster's own hex, so it leaves the area."""
        self.melee = melee
        if melee and self.focus_hex == ORIGIN:
            self.focus_hex = (1, 0)
        self._changed()

    def hexes(self) -> list[Offset]:
        """The area's hexes: those it was given, in their order, then those clicked since."""
        return [h for h in self.chosen if not (self.melee and h == ORIGIN)]

    def selectable(self, offset: Offset) -> bool:
        return ring_of(offset) <= self.rings and not (self.melee and offset == ORIGIN)

    def offsets(self) -> list[Offset]:
        """Every hex drawn, the centre first."""
        span = range(-self.rings, self.rings + 1)
        return sorted(
            ((q, r) for q in span for r in span if ring_of((q, r)) <= self.rings),
            key=lambda h: (ring_of(h), h[1], h[0]),
        )

    def toggle(self, offset: Offset) -> None:
        if not self.selectable(offset):
            return
        if offset in self.chosen:
            del self.chosen[offset]
        else:
            self.chosen[offset] = None
        self._changed()

    # -- geometry: the board's hexes, scaled into the widget ------------------------------
    def _to_widget(self) -> QTransform:
        outline = QRectF()
        for offset in ((self.rings, 0), (-self.rings, 0), (0, self.rings), (0, -self.rings)):
            outline = outline.united(self._polygon(offset).boundingRect())
        k = HEX_WIDTH / self._polygon(ORIGIN).boundingRect().width()
        return QTransform.fromTranslate(-outline.left(), -outline.top()) * QTransform(
            k, 0, 0, k, MARGIN, MARGIN
        )

    @staticmethod
    def _polygon(offset: Offset) -> QPolygonF:
        return cell_polygon(Shape.HEX, from_axial(*offset))

    def hex_centre(self, offset: Offset) -> QPointF:
        """Where `offset`'s hex is drawn, in widget pixels (a click there picks it)."""
        return self._to_widget().map(cell_centre(Shape.HEX, from_axial(*offset)))

    def hex_at(self, point: QPointF) -> Offset | None:
        transform = self._to_widget()
        for offset in self.offsets():
            if transform.map(self._polygon(offset)).containsPoint(point, Qt.FillRule.OddEvenFill):
                return offset
        return None

    def sizeHint(self) -> QSize:
        transform = self._to_widget()
        outline = QRectF()
        for offset in ((self.rings, 0), (-self.rings, 0), (0, self.rings), (0, -self.rings)):
            outline = outline.united(transform.map(self._polygon(offset)).boundingRect())
        return QSize(round(outline.right() + MARGIN), round(outline.bottom() + MARGIN))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    # -- input ---------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        offset = self.hex_at(event.position())
        if offset is not None and self.selectable(offset):
            self.focus_hex = offset
            self.toggle(offset)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if key == Qt.Key.Key_Space:
            self.toggle(self.focus_hex)
            event.accept()
            return
        if key not in ARROW_STEPS:
            super().keyPressEvent(event)
            return
        col, row = from_axial(*self.focus_hex)
        dcol, drow = ARROW_STEPS[key]
        target = to_axial((col + dcol, row + drow))
        if ring_of(target) <= self.rings:
            self.focus_hex = target
            self._describe()
            self.update()
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    # -- drawing -------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        transform = self._to_widget()
        colours = self.palette()
        enabled = self.isEnabled()
        ink = colours.color(QPalette.ColorRole.WindowText)
        empty = colours.color(QPalette.ColorRole.Base)
        fill = QColor(palette.AREA)
        fill.setAlpha(255 if enabled else 90)
        grid = QPen(colours.color(QPalette.ColorRole.Mid), 1.0)
        for offset in self.offsets():
            polygon = transform.map(self._polygon(offset))
            picked = offset in self.chosen and self.selectable(offset)
            painter.setPen(QPen(palette.AREA.darker(170), 1.6) if picked else grid)
            painter.setBrush(QBrush(fill if picked else empty))
            painter.drawPolygon(polygon)
        centre = self.hex_centre(ORIGIN)
        radius = HEX_WIDTH * 0.2
        painter.setPen(QPen(ink, 1.4))
        if self.melee:  # the monster stands here, as on its card
            painter.setBrush(QBrush(ink))
            painter.drawEllipse(centre, radius, radius)
        else:  # only the pattern's reference: a small cross
            painter.drawLine(centre - QPointF(radius, 0), centre + QPointF(radius, 0))
            painter.drawLine(centre - QPointF(0, radius), centre + QPointF(0, radius))
        if self.hasFocus():
            pen = QPen(colours.color(QPalette.ColorRole.Highlight), 2.2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            focus = QTransform()
            polygon = transform.map(self._polygon(self.focus_hex))
            middle = self.hex_centre(self.focus_hex)
            # Drawn a little inside the hex so it never hides the neighbours' outlines.
            focus.translate(middle.x(), middle.y()).scale(0.78, 0.78).translate(
                -middle.x(), -middle.y()
            )
            painter.drawPolygon(focus.map(polygon))
        painter.end()

    # -- telling ---------------------------------------------------------------------------
    def _changed(self) -> None:
        self._describe()
        self.update()
        self.changed.emit()

    def _describe(self) -> None:
        """What a screen reader says: the count and the focus hex's state."""
        dq, dr = self.focus_hex
        if self.melee and self.focus_hex == ORIGIN:
            state = "the monster's own hex"
        else:
            state = "in the area" if self.focus_hex in self.chosen else "not in the area"
        self.setAccessibleDescription(f"{hex_count(len(self.hexes()))}; hex [{dq}, {dr}] {state}")
