"""Adjacency rings: clockwise order, sides, search order, discs."""

from __future__ import annotations

import pytest

from desktop.engine.board import Board
from desktop.engine.hex_geometry import hex_distance
from desktop.engine.rings import (
    disc,
    opposite,
    ring,
    ring_index,
    search_order,
    sector_index,
)
from desktop.engine.square_geometry import chebyshev


def test_ring_runs_clockwise_from_north():
    assert ring((5, 5)) == [(5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5), (4, 4)]
    assert ring_index((5, 5), (4, 4)) == 7


@pytest.mark.parametrize(
    "other,index",
    [
        ((0, 0), 7),  # exactly diagonal: the diagonal square
        ((1, 2), 6),  # more across than down: the west square
        ((3, 0), 0),  # straight north
        ((2, 0), 0),  # more up than across: north
        ((6, 6), 3),
        ((3, 5), 4),
    ],
)
def test_sector_index_matches_the_approach_diagram(other, index):
    assert sector_index((3, 3), other) == index


def test_sector_of_itself_is_an_error():
    with pytest.raises(ValueError):
        sector_index((1, 1), (1, 1))


def test_search_order_alternates_clockwise_then_anticlockwise():
    assert search_order(0) == [0, 1, 7, 2, 6, 3, 5, 4]
    assert search_order(6) == [6, 7, 5, 0, 4, 1, 3, 2]
    assert opposite(1) == 5 and opposite(6) == 2


def test_square_disc_is_king_moves_clipped_to_the_board():
    board = Board.blank("square", 6, 6)
    cells = set(disc(board, (0, 0), 2))
    assert cells == {(c, r) for c in range(3) for r in range(3)}
    assert all(chebyshev((3, 3), c) <= 1 for c in disc(board, (3, 3), 1))


def test_hex_disc_holds_every_hex_within_the_radius():
    board = Board.blank("hex", 15, 15)
    centre = (7, 7)
    cells = set(disc(board, centre, 2))
    assert len(cells) == 19
    assert cells == {c for c in board.cells() if hex_distance(c, centre) <= 2}
    edge = set(disc(board, (0, 0), 1))
    assert edge == {c for c in board.cells() if hex_distance(c, (0, 0)) <= 1}
