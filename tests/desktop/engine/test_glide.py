"""climbing.glide_landings: lower, no farther than the height lost, free, not through walls."""

from __future__ import annotations

from desktop.engine.board import Board, Shape
from desktop.engine.climbing import glide_landings

ROWS = (
    ".......",
    ".......",
    "...#...",
    ".......",
)
HEIGHTS = (
    (0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0),
    (2, 3, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0),
)


def test_landings_within_the_height_lost_and_in_sight():
    board = Board(Shape.SQUARE, ROWS, HEIGHTS)
    found = glide_landings(board, (1, 2))
    assert found[(0, 2)] == 1  # 1" lower, 1" away
    assert found[(2, 2)] == 3 and found[(1, 0)] == 3 and found[(2, 0)] == 3
    assert (4, 2) not in found  # 3" away, close enough, but behind the wall at (3, 2)
    assert (4, 3) not in found  # 3.2" away: farther than the 3" it would lose
    assert (3, 0) in found  # 2.8" away, the wall is not in the way
    assert (1, 2) not in found


def test_taken_cells_and_flat_boards_offer_nothing():
    board = Board(Shape.SQUARE, ROWS, HEIGHTS)
    assert (2, 2) not in glide_landings(board, (1, 2), blocked=[(2, 2)])
    assert glide_landings(Board(Shape.SQUARE, ROWS), (1, 2)) == {}
    assert glide_landings(board, (2, 2)) == {}  # at ground level
