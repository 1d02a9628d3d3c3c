"""A unit's token: side colour, initials, a number badge for figures sharing a name, an HP
ring and each status marker's icon along its top. Large figures cover their whole footprint."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from desktop.engine.board import Shape
from desktop.engine.capabilities import one_cell
from desktop.engine.footprint import footprint
from desktop.engine.units import Unit
from desktop.tracker.display_names import split_number
from ui import palette
from ui.board.cell_shapes import cell_centre, token_radius
from ui.board.text import draw_centred
from ui.marker_looks import MarkerLook, look_of
from ui.roster.status_icons import paint_status_icon
from ui.scenario.standee_looks import ELITE_RING, is_elite, standee_words

SizeOf = Callable[[Unit], int]
TOKEN_Z = 30  # above every overlay: paths and ranges never hide a token's initials
MARKERS_SHOWN = 4  # icons along a token's top; more are summed up in a "+n" disc
MARKER_SCALE = 0.7  # an icon's diameter, as a share of the token's radius (one-cell figures)


def initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].capitalize()


def token_centre(shape: Shape, unit: Unit, size_of: SizeOf = one_cell) -> QPointF:
    """The middle of the figure's footprint (its one cell for ordinary figures); `size_of`
    is the ruleset's figure size (Capabilities.figure_size)."""
    cells = footprint(unit.at, figure_size(shape, unit, size_of))
    points = [cell_centre(shape, cell) for cell in cells]
    return QPointF(
        sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points)
    )


def figure_size(shape: Shape, unit: Unit, size_of: SizeOf = one_cell) -> int:
    # Footprints are square blocks, so only square boards have large figures.
    return size_of(unit) if shape is Shape.SQUARE else 1


class TokenItem(QGraphicsItem):
    def __init__(
        self,
        unit: Unit,
        shape: Shape,
        *,
        show_hp: bool = True,
        active: bool = False,
        ghost: bool = False,
        name: str | None = None,
        defeated: bool = False,
        size_of: SizeOf = one_cell,
        looks: Mapping[str, MarkerLook] | None = None,
    ) -> None:
        """`looks`: how the ruleset's markers look (rulesets/marker_looks.py)."""
        super().__init__()
        self.unit = unit
        self.looks = looks or {}
        self.board_shape = shape  # not `shape`: that would hide QGraphicsItem.shape()
        self.show_hp = show_hp
        self.active = active
        self.ghost = ghost
        self.defeated = defeated  # as the ruleset decides it (Ruleset.is_defeated)
        self.name = name or unit.name
        # What the token shows, besides the board's shape and the ruleset's figure sizes.
        self.shows = (unit, active, self.name, defeated)
        self.label, self.number = split_number(self.name)
        self.size = figure_size(shape, unit, size_of)
        self.radius = token_radius(shape) * self.size
        self.setPos(token_centre(shape, unit, size_of))
        self.setZValue(TOKEN_Z if not ghost else TOKEN_Z - 1)
        # Tokens change only when their unit does (a new item is made then): paint each
        # once into a pixmap, so repainting a board of a hundred units is a blit.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(not ghost)
        if not ghost:
            self.setToolTip(self._tooltip())
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    def _tooltip(self) -> str:
        u = self.unit
        bits = [f"<b>{self.name}</b> ({u.side.value})"]
        if self.show_hp:
            bits.append(f"HP {u.hp} / {u.max_hp}")
        if u.ai:
            bits.append(f"AI: {u.ai}")
        if u.statuses:
            bits.append("Markers: " + ", ".join(u.statuses))
        bits += standee_words(u)
        bits.append(f"at [{u.at[0]}, {u.at[1]}]")
        return "<br>".join(bits)

    @property
    def marker_diameter(self) -> float:
        return token_radius(self.board_shape) * MARKER_SCALE

    def marker_rects(self) -> list[QRectF]:
        """Where the marker icons are drawn (item coordinates), left to right along the
        token's top edge; the last is the "+n" disc when not all fit."""
        count = min(len(self.unit.statuses), MARKERS_SHOWN)
        d, r = self.marker_diameter, self.radius
        step = d / r  # radians between centres: neighbours just touch
        rects = []
        for index in range(count):
            angle = math.pi / 2 + ((count - 1) / 2 - index) * step
            centre = QPointF(r * math.cos(angle), -r * math.sin(angle))
            rects.append(QRectF(centre.x() - d / 2, centre.y() - d / 2, d, d))
        return rects

    def boundingRect(self) -> QRectF:
        r = self.radius + max(6.0, self.marker_diameter / 2 + 1)
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.radius
        colour = palette.ENEMY if self.unit.is_enemy else palette.PLAYER
        if self.defeated:
            colour = palette.DEFEATED
        if self.ghost:
            faded = QColor(colour)
            faded.setAlpha(90)
            painter.setBrush(faded)
            painter.setPen(QPen(colour, 2, Qt.PenStyle.DashLine))
            painter.drawEllipse(QPointF(0, 0), r, r)
            return
        if self.active:
            painter.setPen(QPen(palette.ACTIVE.darker(115), 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r + 3, r + 3)
        painter.setPen(QPen(colour.darker(150), 1.5))
        painter.setBrush(colour)
        # Enemies are round, players rounded squares: side is readable without colour too.
        if self.unit.is_enemy:
            painter.drawEllipse(QPointF(0, 0), r, r)
            if is_elite(self.unit):
                painter.setPen(QPen(ELITE_RING, max(2.5, r * 0.14)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(QPointF(0, 0), r - r * 0.07, r - r * 0.07)
        else:
            painter.drawRoundedRect(QRectF(-r, -r, 2 * r, 2 * r), r * 0.35, r * 0.35)
        if self.show_hp and self.unit.max_hp > 0:
            fraction = max(0.0, min(1.0, self.unit.hp / self.unit.max_hp))
            ring = QRectF(-r + 3, -r + 3, 2 * r - 6, 2 * r - 6)
            painter.setPen(QPen(QColor(255, 255, 255, 110), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(ring)
            painter.setPen(QPen(QColor("white"), 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            painter.drawArc(ring, 90 * 16, int(-fraction * 360 * 16))
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(9, int(token_radius(self.board_shape) * 0.82 * min(self.size, 2))))
        painter.setFont(font)
        painter.setPen(QPen(QColor("white")))
        draw_centred(painter, QRectF(-r, -r, 2 * r, 2 * r), initials(self.label))
        if self.number:
            self._paint_number(painter, r)
        self._paint_markers(painter)

    def _paint_markers(self, painter: QPainter) -> None:
        statuses = self.unit.statuses
        rects = self.marker_rects()
        more = len(statuses) - len(rects) + 1 if len(statuses) > len(rects) else 0
        # A thin white halo parts each icon from the token and from its neighbours.
        painter.setPen(QPen(Qt.PenStyle.NoPen))
        painter.setBrush(QColor("white"))
        for rect in rects:
            painter.drawEllipse(rect.adjusted(-0.8, -0.8, 0.8, 0.8))
        for status, rect in zip(statuses, rects[:-1] if more else rects, strict=False):
            paint_status_icon(painter, rect, look_of(self.looks, status))
        if more:
            box = rects[-1]
            painter.setPen(QPen(QColor("white"), 1))
            painter.setBrush(QColor("#222222"))
            painter.drawEllipse(box)
            font = QFont(painter.font())
            font.setBold(True)
            font.setPixelSize(max(6, int(box.height() * 0.55)))
            painter.setFont(font)
            draw_centred(painter, box, f"+{more}")

    def _paint_number(self, painter: QPainter, r: float) -> None:
        """The figure's number ("Goblin 2" -> 2) in a white disc at the lower left."""
        # Dark and square-cornered: never mistaken for the orange target-order discs.
        badge = max(6.0, token_radius(self.board_shape) * 0.42)
        centre = QPointF(-r * 0.74, r * 0.74)
        box = QRectF(centre.x() - badge, centre.y() - badge, 2 * badge, 2 * badge)
        painter.setPen(QPen(QColor("white"), 1.2))
        painter.setBrush(QColor("#222222"))
        painter.drawRoundedRect(box, badge * 0.4, badge * 0.4)
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(int(badge * (1.5 if len(self.number) == 1 else 1.1)))
        painter.setFont(font)
        painter.setPen(QPen(QColor("white")))
        draw_centred(painter, box, self.number)
