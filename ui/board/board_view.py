"""The board view: zoom with the wheel or Ctrl+=/- about the pointer's cell, Ctrl+0 to fit,
drag empty space to pan; row and column numbers stay pinned to the view's edges."""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QCursor, QFont, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

from desktop.engine.board import Shape
from ui import palette
from ui.board.board_scene import BoardScene
from ui.board.cell_shapes import board_rect, cell_centre, token_radius
from ui.own_viewport import own_viewport

MIN_ZOOM, MAX_ZOOM = 0.15, 6.0
MIN_TOKEN_PX = 28  # the default zoom never draws a token smaller than this
RULER_PX = 18  # the strips along the top and left edges that carry the cell numbers


class BoardView(QGraphicsView):
    def __init__(self, scene: BoardScene, parent=None) -> None:
        super().__init__(scene, parent)
        own_viewport(self)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        # Zooming keeps the pointer's cell in place by hand (see zoom_by): no Qt anchor.
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setMouseTracking(True)
        self.setAccessibleName("Board")
        # Tokens redraw often, terrain is cached: minimal updates keep big boards smooth.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        # Until the user zooms by hand, the board keeps filling the view as it resizes.
        self.auto_fit = True

    def zoom(self) -> float:
        return self.transform().m11()

    def token_pixels(self) -> float:
        """A one-cell token's diameter on screen at the current zoom."""
        encounter = cast(BoardScene, self.scene()).encounter
        shape = encounter.board.shape if encounter is not None else Shape.SQUARE
        return 2 * token_radius(shape) * self.zoom()

    def zoom_by(self, factor: float, at: QPoint | None = None) -> None:
        """Zoom about `at` (viewport pixels; the pointer if it is over the board, else the
        centre): the scene point under it stays under it."""
        self.auto_fit = False
        if at is None:
            at = self.viewport().mapFromGlobal(QCursor.pos())
            if not self.viewport().rect().contains(at):
                at = self.viewport().rect().center()
        target = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom() * factor))
        self._set_zoom(target, self.mapToScene(at), at)

    def _set_zoom(self, zoom: float, scene_point: QPointF, at: QPoint) -> None:
        factor = zoom / self.zoom()
        self.scale(factor, factor)
        moved = self.mapFromScene(scene_point) - at
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(1.15**steps, event.position().toPoint())
        event.accept()

    def fit_board(self) -> None:
        self.auto_fit = True
        self._fit()

    def _fit(self) -> None:
        """The whole board if its tokens stay big enough; else the full width if that does;
        else the smallest zoom with readable tokens, from the top-left corner (pan the rest)."""
        if self.scene() is None:  # the window is closing
            return
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if self.token_pixels() >= MIN_TOKEN_PX:
            return
        view = self.viewport().rect()
        width_zoom = (view.width() - 2) / rect.width()
        least = (MIN_TOKEN_PX + 0.01) / (self.token_pixels() / self.zoom())
        zoom = min(MAX_ZOOM, max(width_zoom, least))
        self._set_zoom(zoom, self.mapToScene(view.center()), view.center())
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self._fit()

    def mousePressEvent(self, event) -> None:
        # Pan only when grabbing empty board; tokens and terrain brushes get the click.
        scene = cast(BoardScene, self.scene())
        on_token = scene._token_at(self.mapToScene(event.position().toPoint())) is not None
        painting = scene.brush is not None
        self.setDragMode(
            QGraphicsView.DragMode.NoDrag
            if on_token or painting
            else QGraphicsView.DragMode.ScrollHandDrag
        )
        super().mousePressEvent(event)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.viewport().update()  # the rulers stay put while the board scrolls under them

    # -- rulers ----------------------------------------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """Column numbers along the top edge, row numbers along the left, in the decision
        panel's and log's notation ([column, row], counted from 0), pinned to the view."""
        encounter = cast(BoardScene, self.scene()).encounter
        if encounter is None:
            return
        board = encounter.board
        painter.save()
        painter.resetTransform()
        view = self.viewport().rect()
        # Just outside the board's edges, or pinned to the view's when the board overflows.
        edge = self.mapFromScene(board_rect(board).topLeft())
        top, left = max(0, edge.y() - RULER_PX), max(0, edge.x() - RULER_PX - 4)
        dark = palette.dark()
        strip = QColor(palette.board_background())
        strip.setAlpha(215)
        # drawRect, not fillRect: PySide, matching fillRect's overloads, would make the
        # gradient type's ~180 enums (one of them takes a gradient preset) before the first paint.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(strip)
        painter.drawRect(QRectF(0, top, view.width(), RULER_PX))
        painter.drawRect(QRectF(left, top + RULER_PX, RULER_PX + 4, view.height()))
        font = QFont(painter.font())
        font.setPixelSize(11)
        painter.setFont(font)
        painter.setPen(QColor("#D8D8D8" if dark else "#3A3A3A"))
        origin = cell_centre(board.shape, (0, 0))
        across = (cell_centre(board.shape, (1, 0)).x() - origin.x()) * self.zoom()
        down = (cell_centre(board.shape, (0, 1)).y() - origin.y()) * self.zoom()
        for col in range(0, board.width, _label_step(across, 24)):
            x = self.mapFromScene(cell_centre(board.shape, (col, 0))).x()
            if left + RULER_PX <= x <= view.width():
                painter.drawText(
                    QRectF(x - 15, top, 30, RULER_PX), Qt.AlignmentFlag.AlignCenter, str(col)
                )
        for row in range(0, board.height, _label_step(down, 14)):
            y = self.mapFromScene(cell_centre(board.shape, (0, row))).y()
            if top + RULER_PX <= y <= view.height():
                painter.drawText(
                    QRectF(left, y - 9, RULER_PX + 4, 18), Qt.AlignmentFlag.AlignCenter, str(row)
                )
        painter.restore()


def _label_step(spacing: float, room: float) -> int:
    """Label every cell, or every 2nd, 5th, 10th... when the cells are too close."""
    for step in (1, 2, 5, 10, 20, 50):
        if spacing * step >= room:
            return step
    return 100
