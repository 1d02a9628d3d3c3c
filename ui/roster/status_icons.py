"""Status marker icons: each status's look (desktop/rulesets/marker_looks.py) as vectors, crisp
at any scale, in the roster, on tokens and in the legend alike."""

from __future__ import annotations

import logging
from functools import cache

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QIcon, QIconEngine, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from ui.marker_looks import UNKNOWN, MarkerLook, icon_svg

log = logging.getLogger(__name__)

ICON_SIZE = 16
DISABLED_DISC = "#B4B4B4"  # a disabled button's marker: its shape on a light grey disc


@cache
def _renderer(look: MarkerLook) -> QSvgRenderer:
    renderer = QSvgRenderer(QByteArray(icon_svg(look)))
    if not renderer.isValid():  # a broken file must not break the roster
        log.warning("status icon %s.svg is not valid SVG; using the plain marker", look.icon)
        renderer = QSvgRenderer(QByteArray(icon_svg(MarkerLook(UNKNOWN.icon, look.colour))))
    return renderer


def paint_status_icon(painter: QPainter, rect: QRectF, look: MarkerLook) -> None:
    """Draw the marker into `rect` as vectors: sharp whatever the device pixel ratio."""
    _renderer(look).render(painter, rect)


def status_pixmap(look: MarkerLook, size: int, ratio: float = 1.0) -> QPixmap:
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_status_icon(painter, QRectF(pixmap.rect()), look)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


class _MarkerIconEngine(QIconEngine):
    """The marker drawn at the size and scale it is shown at, when it is first shown: the
    markers button's icon at start is one drawing, not nine pixmaps made ahead of time."""

    def __init__(self, look: MarkerLook) -> None:
        super().__init__()
        self.look = look
        self._drawn: dict[tuple[int, int, float, bool], QPixmap] = {}

    def clone(self) -> QIconEngine:
        return _MarkerIconEngine(self.look)

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state, scale: float) -> QPixmap:
        disabled = mode == QIcon.Mode.Disabled
        key = (size.width(), size.height(), scale, disabled)
        if key not in self._drawn:
            # Disabled, the marker is drawn on a grey disc: Qt's greying asks the style,
            # which would make PySide build QStyle's ~570 enums before the first paint.
            look = MarkerLook(self.look.icon, DISABLED_DISC) if disabled else self.look
            self._drawn[key] = status_pixmap(look, min(size.width(), size.height()), scale)
        return self._drawn[key]

    def pixmap(self, size: QSize, mode: QIcon.Mode, state) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state) -> None:
        ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        painter.drawPixmap(rect, self.scaledPixmap(rect.size(), mode, state, ratio))


@cache
def status_icon(look: MarkerLook) -> QIcon:
    """A QIcon for buttons and lists, drawn at whatever size and scale it is shown."""
    return QIcon(_MarkerIconEngine(look))
