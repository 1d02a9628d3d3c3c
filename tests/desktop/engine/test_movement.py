"""Distance fields are shared per board and question."""

from __future__ import annotations

from desktop.engine.board import Board, Shape
from desktop.engine.geometry import Neighbourhood
from desktop.engine.movement import MovementRules, shared_field

ORTHOGONAL = MovementRules(Neighbourhood.ORTHOGONAL)


def test_a_shared_field_is_kept_per_board_and_question():
    board = Board.blank(Shape.SQUARE, 10, 10)
    first = shared_field(board, ORTHOGONAL, [(2, 2)])
    assert shared_field(board, ORTHOGONAL, [(2, 2)]) is first
    assert shared_field(board, ORTHOGONAL, [(2, 2)], reverse=True) is not first
    same_terrain = Board.blank(Shape.SQUARE, 10, 10)  # a board loaded again starts cold
    assert shared_field(same_terrain, ORTHOGONAL, [(2, 2)]) is not first
