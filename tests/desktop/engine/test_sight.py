"""Line of sight: walls block, grazing a corner does not, squeezing between walls does."""

from __future__ import annotations

from desktop.engine.board import Board, Terrain
from desktop.engine.sight import has_line_of_sight


def square(text: str) -> Board:
    return Board.from_text("square", text)


def test_wall_between_blocks_and_open_ground_does_not():
    board = square("....\n.#..\n....\n")
    assert not has_line_of_sight(board, (0, 1), (3, 1))
    assert has_line_of_sight(board, (0, 0), (3, 0))


def test_grazing_one_wall_corner_does_not_block():
    # Centres (0.5, 0.5) -> (2.5, 2.5) run through the point (1, 1), which is only a corner
    # of the wall cell [1, 0].
    board = square("...\n...\n...\n").with_terrain((1, 0), Terrain.WALL)
    assert has_line_of_sight(board, (0, 0), (2, 2))


def test_squeezing_between_two_walls_touching_at_a_corner_blocks():
    board = square(".#\n#.\n")
    assert not has_line_of_sight(board, (0, 0), (1, 1))
    assert not has_line_of_sight(board, (1, 1), (0, 0))


def test_single_corner_with_diagonal_neighbours():
    board = square(".#\n..\n")
    assert has_line_of_sight(board, (0, 0), (1, 1))


def test_hex_wall_in_between_blocks():
    board = Board.from_text("hex", ".....\n.....\n..#..\n.....\n")
    assert not has_line_of_sight(board, (0, 2), (4, 2))
    assert has_line_of_sight(board, (0, 0), (4, 0))


def test_hex_line_along_an_edge_needs_walls_on_both_sides():
    # From [1,0] to [1,2] the centre line runs along the edge between [0,1] and [1,1]
    # (odd row shifted right), so it is blocked only if both are walls.
    open_board = Board.from_text("hex", "...\n...\n...\n")
    one = open_board.with_terrain((1, 1), Terrain.WALL)
    both = one.with_terrain((0, 1), Terrain.WALL)
    assert has_line_of_sight(open_board, (1, 0), (1, 2))
    assert has_line_of_sight(one, (1, 0), (1, 2))
    assert not has_line_of_sight(both, (1, 0), (1, 2))
