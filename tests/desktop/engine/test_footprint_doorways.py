"""Large-figure footprints and doorway geometry."""

from __future__ import annotations

from desktop.engine.board import Board
from desktop.engine.doorways import cells_crossed, doorway_at, doorways
from desktop.engine.footprint import (
    block_distance,
    blocked_anchors,
    body,
    can_stand,
    footprint,
    lowest_square,
)


def test_footprint_is_the_block_right_and_down_of_the_anchor():
    assert footprint((2, 3), 1) == ((2, 3),)
    assert set(footprint((2, 3), 2)) == {(2, 3), (3, 3), (2, 4), (3, 4)}
    assert lowest_square((2, 3), 3) == (2, 5)


def test_blocked_anchors_keep_the_block_off_figures_and_on_the_board():
    board = Board.blank("square", 4, 4)
    blocked = blocked_anchors(board, 2, [(2, 2)])
    assert {(1, 1), (2, 1), (1, 2), (2, 2)} <= blocked
    assert (3, 0) in blocked and (0, 3) in blocked  # block would stick out
    assert (0, 0) not in blocked
    assert blocked_anchors(board, 1, [(2, 2)]) == {(2, 2)}


def test_standing_needs_the_whole_block_unless_squeezing():
    board = Board.from_text(
        "square",
        """
....
.#..
....
""",
    )
    assert not can_stand(board, (0, 0), 2, set())
    assert can_stand(board, (0, 0), 2, set(), squeeze=True)
    assert not can_stand(board, (1, 1), 2, set(), squeeze=True)  # anchor on the wall
    assert not can_stand(board, (2, 0), 2, {(3, 1)}, squeeze=True)
    assert can_stand(board, (2, 0), 2, set())
    assert body(board, (0, 0), 2) == ((0, 0), (1, 0), (0, 1))


def test_block_distance_counts_from_the_nearest_square():
    assert block_distance((2, 2), 2, (5, 3)) == 2
    assert block_distance((2, 2), 2, (3, 3)) == 0
    assert block_distance((2, 2), 1, (0, 0)) == 2


BOARD = Board.from_text(
    "square",
    """
. . . # . . .
. . . + . . .
. . . + . . .
. . . # . . .
# + # # # # #
. . . . . . .
""",
)


def test_doorways_group_runs_of_door_cells_and_know_their_wall():
    found = doorways(BOARD)
    assert len(found) == 2
    double = doorway_at(BOARD, (3, 1))
    assert double is doorway_at(BOARD, (3, 2))
    assert double.width == 2 and double.vertical_wall
    single = doorway_at(BOARD, (1, 4))
    assert single.width == 1 and not single.vertical_wall
    assert doorway_at(BOARD, (0, 0)) is None


def test_sides_and_fan_of_a_doorway():
    double = doorway_at(BOARD, (3, 1))
    assert double.side((1, 1)) == -1 and double.side((5, 2)) == 1 and double.side((3, 0)) == 0
    fan = double.fan(-1)
    assert fan == {(c, r) for c in (1, 2) for r in range(0, 4)}
    single = doorway_at(BOARD, (1, 4))
    assert single.fan(1) == {(c, r) for c in range(0, 3) for r in (5, 6)}
    assert (0, 3) in single.beside() and (1, 4) not in single.beside()


def test_cells_crossed_by_a_line():
    assert cells_crossed((0, 0), (4, 0)) == ((1, 0), (2, 0), (3, 0))
    assert cells_crossed((0, 0), (2, 2)) == ((1, 1),)
    assert cells_crossed((0, 0), (1, 0)) == ()
