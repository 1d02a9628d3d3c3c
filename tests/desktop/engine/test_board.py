"""Board text: the legend, spacing, and clear errors for bad rows."""

from __future__ import annotations

import pytest

from desktop.engine.board import Board, BoardError, Shape, Terrain


def test_legend_and_spacing_are_read():
    board = Board.from_text("square", "\n\n . # ~ ,\n c + O .\n\n")
    assert (board.width, board.height) == (4, 2)
    assert [board.terrain((c, 0)) for c in range(4)] == [
        Terrain.OPEN,
        Terrain.WALL,
        Terrain.HAZARD,
        Terrain.DIFFICULT,
    ]
    assert [board.terrain((c, 1)) for c in range(3)] == [
        Terrain.COVER,
        Terrain.DOOR,
        Terrain.OBJECTIVE,
    ]
    assert not board.passable((1, 0)) and not board.passable((2, 0))
    assert board.passable((1, 1)) and not board.passable((9, 9))


def test_unknown_character_names_row_and_column():
    with pytest.raises(BoardError) as caught:
        Board.from_text("hex", "...\n. X .\n")
    assert caught.value.row == 1 and caught.value.column == 2
    assert "unknown terrain character 'X'" in str(caught.value)


def test_ragged_rows_are_refused():
    with pytest.raises(BoardError, match="row has 2 cells but the first row has 3"):
        Board.from_text("square", "...\n..\n")


def test_with_terrain_and_resize_do_not_touch_the_original():
    board = Board.blank(Shape.SQUARE, 3, 2)
    walled = board.with_terrain((1, 1), Terrain.WALL)
    assert board.terrain((1, 1)) is Terrain.OPEN
    assert walled.terrain((1, 1)) is Terrain.WALL
    bigger = walled.resized(5, 3)
    assert (bigger.width, bigger.height) == (5, 3)
    assert bigger.terrain((1, 1)) is Terrain.WALL and bigger.terrain((4, 2)) is Terrain.OPEN
    assert Board.from_text("square", walled.to_text()) == walled
