"""Real pointer and key input on the main window's board, as a user's hand makes it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from desktop.engine.board import Cell
from ui.board.cell_shapes import cell_centre


def settle(qtbot, window) -> None:
    """Wait until the board stops moving on screen (docks appear and the board refits once
    a session opens): a hand aims at what is drawn, not at where it will be."""
    view = window.board_view

    def placement():
        return (
            view.viewport().size(),
            view.transform(),
            view.horizontalScrollBar().value(),
            view.verticalScrollBar().value(),
        )

    last = None
    for _ in range(50):
        now = placement()
        if now == last:
            return
        last = now
        qtbot.wait(20)
    raise AssertionError("the board kept moving for a second")


def scene_point(window, scene_pos: QPointF) -> QPoint:
    """Where a scene position is on the board view's viewport."""
    return window.board_view.mapFromScene(scene_pos)


def token_point(window, unit_id: str) -> QPoint:
    return scene_point(window, window.scene.tokens[unit_id].scenePos())


def cell_point(window, cell: Cell) -> QPoint:
    return scene_point(window, cell_centre(window.session.encounter.board.shape, cell))


def wheel(widget, pos: QPoint, steps: int) -> None:
    """Turn the mouse wheel by `steps` notches over `pos` (QTest has no wheel helper)."""
    local = QPointF(pos)
    event = QWheelEvent(
        local,
        QPointF(widget.mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def free_cell_near(encounter, cell: Cell) -> Cell:
    """The nearest open cell nobody stands on (to drag a unit to)."""
    board = encounter.board
    taken = {u.at for u in encounter.units}
    candidates = [
        c for c in board.cells() if board.passable(c) and c not in taken and board.height_at(c) == 0
    ]
    return min(candidates, key=lambda c: (abs(c[0] - cell[0]) + abs(c[1] - cell[1]), c))


def drag(qtbot, window, cells) -> None:
    """Press on the first cell, move over the others, release on the last."""
    viewport = window.board_view.viewport()
    spots = [cell_point(window, c) for c in cells]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=spots[0])
    for spot in spots[1:]:
        qtbot.mouseMove(viewport, spot)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=spots[-1])
