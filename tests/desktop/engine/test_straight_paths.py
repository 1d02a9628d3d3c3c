"""Among equally cheap routes a path is the one a player would walk: the fewest changes of
direction (straight where straight is as short), the same one every time."""

from __future__ import annotations

import random
from itertools import pairwise

from desktop.engine.board import Board, Shape
from desktop.engine.geometry import Neighbourhood, neighbours
from desktop.engine.hex_geometry import to_axial
from desktop.engine.movement import DistanceField, MovementRules

EIGHT_WAY = MovementRules(Neighbourhood.EIGHT_WAY)  # dungeon-crawl: a diagonal is one square
ORTHOGONAL = MovementRules(Neighbourhood.ORTHOGONAL)
HEX = MovementRules(Neighbourhood.HEX)


def _turns(start, path, hexes=False) -> int:
    def heading(a, b):
        if hexes:
            (qa, ra), (qb, rb) = to_axial(a), to_axial(b)
            return qb - qa, rb - ra
        return b[0] - a[0], b[1] - a[1]

    cells = [start, *path]
    steps = [heading(a, b) for a, b in pairwise(cells)]
    return sum(a != b for a, b in pairwise(steps))


def test_a_straight_line_is_walked_where_it_is_as_short_as_a_zig_zag():
    field = DistanceField(Board.blank(Shape.SQUARE, 12, 12), EIGHT_WAY, [(5, 5)])
    # Four squares along a row cost four steps, straight or zig-zagging over diagonals.
    assert field.path_to((9, 5)) == [(6, 5), (7, 5), (8, 5), (9, 5)]
    assert field.path_to((5, 1)) == [(5, 4), (5, 3), (5, 2), (5, 1)]
    assert field.path_to((7, 5)) == [(6, 5), (7, 5)]
    assert field.path_to((9, 9)) == [(6, 6), (7, 7), (8, 8), (9, 9)]
    assert _turns((5, 5), field.path_to((9, 7))) == 1  # diagonals, then straight on


def test_hexes_and_orthogonal_squares_turn_once_at_most_on_an_open_board():
    hexes = DistanceField(Board.blank(Shape.HEX, 12, 12), HEX, [(5, 5)])
    squares = DistanceField(Board.blank(Shape.SQUARE, 12, 12), ORTHOGONAL, [(5, 5)])
    for target in [(9, 5), (1, 1), (9, 9), (2, 8), (8, 1), (5, 11)]:
        assert _turns((5, 5), hexes.path_to(target), hexes=True) <= 1
        assert _turns((5, 5), squares.path_to(target)) <= 1
    assert hexes.path_to((9, 5)) == [(6, 5), (7, 5), (8, 5), (9, 5)]


def test_no_cheapest_route_turns_less_and_the_same_one_is_always_chosen():
    # Every cheapest route on small walled boards, counted out: none has fewer turns.
    rng = random.Random(7)
    for _ in range(30):
        rows = ["".join("#" if rng.random() < 0.2 else "." for _ in range(7)) for _ in range(6)]
        rows[0] = "." + rows[0][1:]
        board = Board.from_text(Shape.SQUARE, "\n".join(rows))
        field = DistanceField(board, EIGHT_WAY, [(0, 0)])
        for cell, cost in field.reachable().items():
            if cost == 0:
                continue
            path = field.path_to(cell)
            assert len(path) == cost
            fewest = min(_turns((0, 0), p) for p in _every_cheapest(field, cell))
            assert _turns((0, 0), path) == fewest
            again = DistanceField(board, EIGHT_WAY, [(0, 0)]).path_to(cell)
            assert again == path


def _every_cheapest(field: DistanceField, cell):
    here = field.raw(cell)
    if here == 0:
        yield []
        return
    for prev in neighbours(field.board, cell, Neighbourhood.EIGHT_WAY):
        before = field.raw(prev)
        if before is not None and before + field.rules.step_cost(field.board, prev, cell) == here:
            for path in _every_cheapest(field, prev):
                yield [*path, cell]
