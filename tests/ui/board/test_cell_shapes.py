"""Scene coordinates: the cell under a point is the cell whose centre was drawn there."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QPointF

from desktop.engine.board import Board
from ui.board.cell_shapes import cell_at, cell_centre, cell_polygon


@given(
    shape=st.sampled_from(["square", "hex"]),
    col=st.integers(0, 11),
    row=st.integers(0, 9),
    dx=st.floats(-0.3, 0.3),
    dy=st.floats(-0.3, 0.3),
)
def test_points_inside_a_cell_map_back_to_it(shape, col, row, dx, dy):
    board = Board.blank(shape, 12, 10)
    centre = cell_centre(board.shape, (col, row))
    size = cell_polygon(board.shape, (col, row)).boundingRect().width()
    point = QPointF(centre.x() + dx * size * 0.8, centre.y() + dy * size * 0.8)
    assert cell_at(board, point) == (col, row)


def test_points_off_the_board_are_no_cell():
    board = Board.blank("square", 4, 3)
    assert cell_at(board, QPointF(-5, 10)) is None
    assert cell_at(board, QPointF(10_000, 10)) is None
