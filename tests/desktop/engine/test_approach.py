"""approach(): where a figure ends after moving a limited distance toward one goal cell."""

from __future__ import annotations

import random

from desktop.engine.approach import approach, goal_field
from desktop.engine.board import Board, Terrain
from desktop.engine.geometry import Neighbourhood
from desktop.engine.movement import DistanceField, MovementRules

INCHES = MovementRules(
    Neighbourhood.EIGHT_WAY,
    straight_cost=2,
    diagonal_cost=3,
    extra_cost={Terrain.DIFFICULT: 1, Terrain.DOOR: 2},
    scale=2,
)
STEPS = MovementRules(Neighbourhood.ORTHOGONAL)


def test_moves_along_the_cheapest_route_as_far_as_the_budget_allows():
    board = Board.from_text("square", "..........")
    moved = approach(board, STEPS, (0, 0), (9, 0), 4)
    assert moved.ends == ((4, 0),)
    assert moved.paths == (((1, 0), (2, 0), (3, 0), (4, 0)),)
    assert (moved.spent, moved.before, moved.after) == (4.0, 9.0, 5.0)


def test_blocked_cells_are_never_entered():
    board = Board.from_text("square", "......\n......\n......")
    moved = approach(board, INCHES, (0, 1), (5, 1), 3, blocked=[(1, 1)])
    assert moved.ends == ((2, 1),)
    assert (1, 1) not in moved.paths[0]
    assert moved.spent == 3.0


def test_occupied_cells_may_be_passed_but_not_ended_on():
    board = Board.from_text("square", "......")
    moved = approach(board, STEPS, (0, 0), (5, 0), 3, occupied=[(3, 0)])
    assert moved.ends == ((2, 0),)
    passed = approach(board, STEPS, (0, 0), (5, 0), 4, occupied=[(3, 0)])
    assert passed.ends == ((4, 0),)
    assert (3, 0) in passed.paths[0]


def test_equally_good_end_cells_are_all_returned():
    board = Board.from_text("square", ".....\n.....\n.....")
    moved = approach(board, STEPS, (0, 1), (4, 1), 3, blocked=[(1, 1)])
    assert moved.ends == ((2, 0), (2, 2))
    assert len(moved.paths) == 2


def test_a_figure_that_cannot_get_closer_stays():
    board = Board.from_text("square", ".#.")
    stuck = approach(board, STEPS, (0, 0), (2, 0), 5)
    assert stuck.ends == ((0, 0),)
    assert not stuck.moved
    assert stuck.before is None


def test_difficult_ground_is_charged_on_the_way_in():
    board = Board.from_text("square", ".,,,.....")
    moved = approach(board, INCHES, (0, 0), (8, 0), 3)
    assert moved.ends == ((2, 0),)  # two difficult cells at 1.5" each
    assert moved.before == 9.5  # three difficult cells at 1.5", five open ones at 1"
    assert moved.after == 6.5


def test_bounded_goal_fields_agree_with_the_whole_board():
    rng = random.Random(5)
    for _ in range(20):
        rows = ["".join(rng.choice("....,#c+") for _ in range(30)) for _ in range(20)]
        board = Board("square", tuple(rows))
        cells = [c for c in board.cells() if board.passable(c)]
        start, goal = rng.sample(cells, 2)
        full = DistanceField(board, INCHES, [goal], reverse=True)
        bounded = goal_field(board, INCHES, goal, start, 6)
        here = full.raw(start)
        if here is None:
            continue
        for cell in DistanceField(board, INCHES, [start], max_cost=6).reachable():
            truth = full.raw(cell)
            if truth is not None and truth <= here:
                assert bounded.raw(cell) == truth
        fresh = Board("square", tuple(rows))
        assert (
            approach(board, INCHES, start, goal, 6).ends
            == approach(fresh, INCHES, start, goal, 6).ends
        )
