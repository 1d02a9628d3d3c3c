"""Board zoom: readable tokens on big boards, and the wheel zooms about the pointer's cell."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from desktop.engine.board import Board, Shape
from desktop.engine.encounter import Encounter
from desktop.engine.units import Side, Unit
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView
from ui.board.cell_shapes import cell_at


def _view(qtbot, width: int, height: int) -> BoardView:
    board = Board(Shape.SQUARE, tuple("." * width for _ in range(height)))
    unit = Unit(id="orc", name="Orc", side=Side.ENEMY, at=(3, 3), hp=5, max_hp=5)
    scene = BoardScene()
    scene.set_encounter(Encounter("card-flip-rpg", board, (unit,)))
    view = BoardView(scene)
    scene.setParent(view)  # the view does not own its scene: keep it alive with the view
    qtbot.addWidget(view)
    view.resize(760, 620)
    view.show()
    qtbot.waitExposed(view)
    view.fit_board()
    return view


def _wheel(view: BoardView, at: QPoint, clicks: int) -> None:
    event = QWheelEvent(
        QPointF(at),
        QPointF(view.viewport().mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * clicks),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_a_48_by_48_board_shows_tokens_of_at_least_28_pixels(qtbot):
    view = _view(qtbot, 48, 48)
    assert view.token_pixels() >= 28
    assert view.horizontalScrollBar().maximum() > 0  # pan to see the rest


def test_a_small_board_fits_whole(qtbot):
    view = _view(qtbot, 10, 8)
    assert view.token_pixels() >= 28
    assert view.horizontalScrollBar().maximum() == 0
    assert view.verticalScrollBar().maximum() == 0


def test_the_wheel_keeps_the_cell_under_the_pointer(qtbot):
    view = _view(qtbot, 40, 40)
    board = view.scene().encounter.board
    for at, clicks in ((QPoint(500, 400), 2), (QPoint(200, 150), 3), (QPoint(400, 300), -2)):
        qtbot.mouseMove(view.viewport(), at)
        before = cell_at(board, view.mapToScene(at))
        zoom = view.zoom()
        _wheel(view, at, clicks)
        assert view.zoom() != zoom
        assert cell_at(board, view.mapToScene(at)) == before
