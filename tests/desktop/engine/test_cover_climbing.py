"""Engine primitives for inch boards: cover, next forward position, climbing field, fast sight."""

from __future__ import annotations

import random

from desktop.engine.board import Board, Shape
from desktop.engine.climbing import InchField, InchMoves, fall_damage, jump_landings
from desktop.engine.cover import (
    cover_map,
    in_cover,
    manoeuvre_cells,
    next_forward_position,
    uses_cover,
)
from desktop.engine.sight import has_line_of_sight
from desktop.engine.visibility import sees

BOARD = Board.from_text(
    "square",
    """
c.........
c...#.....
..........
.......cc.
""",
)


def test_in_cover_on_or_beside_cover_and_walls():
    assert in_cover(BOARD, (0, 0))  # on a cover cell
    assert in_cover(BOARD, (1, 1))  # beside one
    assert in_cover(BOARD, (5, 2))  # diagonal to the wall
    assert not in_cover(BOARD, (2, 3))


def test_features_are_connected_patches_and_manoeuvre_stays_in_one():
    cmap = cover_map(BOARD)
    assert len(cmap.features) == 3
    cells = manoeuvre_cells(BOARD, (1, 0), [(1, 2), (5, 0), (0, 1), (2, 3)])
    assert cells == [(1, 2), (0, 1)]
    assert manoeuvre_cells(BOARD, (2, 3), [(1, 2)]) == []


def test_a_cell_between_two_features_is_covered_by_both():
    board = Board.from_text("square", "#.c\n...\n.#.\n")
    cmap = cover_map(board)
    wall, hedge, low = (cmap.features.index(frozenset({c})) for c in [(0, 0), (2, 0), (1, 2)])
    assert cmap.features_at((1, 0)) == {wall, hedge}
    assert cmap.features_at((1, 1)) == {wall, hedge, low}
    assert cmap.features_at((2, 0)) == {hedge}  # a cover cell covers itself
    assert (0, 0) not in cmap.covering  # a wall is no place to stand


def test_cover_map_follows_its_definition_on_random_boards():
    """Each passable cell is covered by the features of the cover and wall cells on it or
    around it (8-way); features are 8-connected patches numbered in reading order."""
    rng = random.Random(5)
    for _ in range(60):
        width, height = rng.randint(1, 14), rng.randint(1, 14)
        text = "\n".join("".join(rng.choice("..#c,") for _ in range(width)) for _ in range(height))
        board = Board.from_text("square", text)
        cmap = cover_map(board)
        feature_of = {cell: i for i, patch in enumerate(cmap.features) for cell in patch}
        shelter = {c for c in board.cells() if board.rows[c[1]][c[0]] in "#c"}
        assert set(feature_of) == shelter
        for x, y in shelter:  # touching shelter cells are one feature
            assert all(
                feature_of[(x + dx, y + dy)] == feature_of[(x, y)]
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if (x + dx, y + dy) in shelter
            )
        firsts = [min(patch, key=lambda c: (c[1], c[0])) for patch in cmap.features]
        assert firsts == sorted(firsts, key=lambda c: (c[1], c[0]))
        for x, y in board.cells():
            ids = {
                feature_of[(x + dx, y + dy)]
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if (x + dx, y + dy) in shelter
            }
            expected = ids if ids and board.passable((x, y)) else set()
            assert cmap.features_at((x, y)) == expected, ((x, y), text)


def test_next_forward_position_is_the_nearest_feature_ahead():
    field = InchField(BOARD, InchMoves(), (1, 0))
    fp = next_forward_position(BOARD, (1, 0), field.reachable(), [(9, 3)])
    assert fp is not None
    assert all(in_cover(BOARD, c) for c in fp.cells)
    assert (4, 0) not in fp.cells or fp.cost <= 3  # the wall patch is nearer than the hedge
    assert cover_map(BOARD).features[fp.features[0]] == frozenset({(4, 1)})
    assert next_forward_position(BOARD, (8, 2), {(8, 2): 0}, [(9, 3)]) is None


def test_uses_cover_accepts_hidden_open_cells():
    assert uses_cover(BOARD, (2, 3), [(9, 0)], lambda a, b: False)
    assert not uses_cover(BOARD, (2, 3), [(9, 0)], lambda a, b: True)


def test_inch_costs_straight_diagonal_difficult_door():
    board = Board.from_text("square", "..,+\n....")
    field = InchField(board, InchMoves(), (0, 0))
    assert field.cost((1, 0)) == 1
    assert field.cost((1, 1)) == 1.5
    assert field.cost((2, 0)) == 2.5  # +0.5" difficult
    assert field.cost((3, 0)) == 4.5  # 1" + 1.5" difficult + 1" step + 1" door
    assert field.cost((3, 1)) == 3.5  # diagonal 1.5" then two 1" steps


def test_climb_free_drop_and_skulker_allowance():
    board = Board(Shape.SQUARE, ("....",), ((0, 2, 1, 0),))
    field = InchField(board, InchMoves(), (0, 0))
    assert field.cost((1, 0)) == 3  # 1" + 2" up
    assert field.cost((2, 0)) == 4  # 1" down is free
    assert field.cost((3, 0)) == 5
    skulker = InchField(board, InchMoves(climb_allowance=1), (0, 0))
    assert skulker.cost((1, 0)) == 2


def test_leap_widths_and_blocking_figures():
    board = Board.from_text("square", "..~~..\n######")
    assert InchField(board, InchMoves(leap=2), (1, 0)).cost((4, 0)) == 3
    assert InchField(board, InchMoves(leap=1), (1, 0)).cost((4, 0)) is None
    wide = Board.from_text("square", ".~~~.\n#####")
    assert InchField(wide, InchMoves(leap=2), (0, 0)).cost((4, 0)) is None
    assert InchField(wide, InchMoves(leap=4), (0, 0)).cost((4, 0)) == 4
    blocked = InchField(Board.from_text("square", "...\n###"), InchMoves(), (0, 0), [(1, 0)])
    assert blocked.cost((2, 0)) is None


def test_windowed_field_is_exact_within_its_window():
    random.seed(5)
    rows = tuple("".join(random.choice("....#c,") for _ in range(30)) for _ in range(30))
    board = Board(Shape.SQUARE, rows)
    whole = InchField(board, InchMoves(), (15, 15))
    part = InchField(board, InchMoves(), (15, 15), window=8)
    for cell, cost in part.reachable(8).items():
        assert whole.cost(cell) == cost


def test_jumps_and_falls():
    board = Board(Shape.SQUARE, ("...",), ((4, 4, 0),))
    field = InchField(board, InchMoves(), (0, 0))
    assert jump_landings(board, field, 1) == {(2, 0): ((1, 0), 4)}
    assert [fall_damage(d) for d in (1, 2, 3, 4, 5, 7)] == [None, None, 0, 0, 1, 2]


def test_fast_sight_agrees_with_the_exact_rule():
    random.seed(11)
    for _ in range(20):
        w, h = random.randint(3, 20), random.randint(3, 20)
        rows = tuple("".join(random.choice("...#") for _ in range(w)) for _ in range(h))
        exact, fast = Board(Shape.SQUARE, rows), Board(Shape.SQUARE, rows)
        for _ in range(300):
            a = (random.randrange(w), random.randrange(h))
            b = (random.randrange(w), random.randrange(h))
            assert sees(fast, a, b) == has_line_of_sight(exact, a, b), (rows, a, b)
