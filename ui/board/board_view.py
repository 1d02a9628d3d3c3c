"""The board view: zoom with the wheel, Ctrl+0 to fit, drag empty space to pan."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

from ui.board.board_scene import BoardScene

MIN_ZOOM, MAX_ZOOM = 0.15, 6.0


class BoardView(QGraphicsView):
    def __init__(self, scene: BoardScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setMouseTracking(True)
        self.setAccessibleName("Board")
        # Tokens redraw often, terrain is cached: minimal updates keep big boards smooth.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        # Until the user zooms by hand, the board keeps filling the view as it resizes.
        self.auto_fit = True

    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        self.auto_fit = False
        target = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom() * factor))
        factor = target / self.zoom()
        self.scale(factor, factor)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(1.15 ** steps)
        event.accept()

    def fit_board(self) -> None:
        self.auto_fit = True
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def mousePressEvent(self, event) -> None:
        # Pan only when grabbing empty board; tokens and terrain brushes get the click.
        scene = self.scene()
        on_token = scene._token_at(self.mapToScene(event.position().toPoint())) is not None
        painting = scene.brush is not None
        self.setDragMode(QGraphicsView.DragMode.NoDrag if on_token or painting
                         else QGraphicsView.DragMode.ScrollHandDrag)
        super().mousePressEvent(event)
