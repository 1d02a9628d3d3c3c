"""InchField routes: one fixed choice among equally cheap routes, figures kept out."""

from __future__ import annotations

from desktop.engine.board import Board, Shape
from desktop.engine.climbing import InchField, InchMoves

OPEN = Board.from_text("square", "\n".join(["." * 9] * 9))


def test_equally_cheap_routes_resolve_the_same_way_in_a_window_and_on_the_whole_board():
    whole = InchField(OPEN, InchMoves(), (1, 1))
    local = InchField(OPEN, InchMoves(), (1, 1), window=4)
    assert whole.cost((3, 2)) == local.cost((3, 2)) == 2.5
    # Two routes cost 2.5" (diagonal then straight, or straight then diagonal): both are on
    # a cheapest route, and both fields name the same one.
    assert whole.cells_on_shortest_paths([(3, 2)]) == {(1, 1), (2, 1), (2, 2), (3, 2)}
    assert whole.path_to((3, 2)) == local.path_to((3, 2))
    assert len(whole.path_to((3, 2))) == 2


def test_figures_are_never_entered_and_read_as_unreachable():
    blocked = [(2, 0), (2, 1), (2, 2)]
    board = Board.from_text("square", "....\n....\n....")
    field = InchField(board, InchMoves(), (0, 1), blocked)
    assert all(field.raw(c) is None for c in blocked)
    assert field.cost((3, 1)) is None  # a wall of figures across the board
    around = InchField(board, InchMoves(), (0, 1), blocked[:2])
    assert around.cost((3, 1)) == 4  # 1", then 1.5" past the free end, then 1.5"
    assert (2, 1) not in around.path_to((3, 1))


def test_no_leap_lands_on_a_figure_and_an_impassable_root_stays_put():
    board = Board.from_text("square", "..~..")
    assert InchField(board, InchMoves(), (1, 0), [(3, 0)]).cost((4, 0)) is None
    assert InchField(board, InchMoves(), (1, 0)).path_to((3, 0)) == [(3, 0)]
    stuck = InchField(Board(Shape.SQUARE, ("~..",)), InchMoves(), (0, 0))
    assert stuck.reachable() == {(0, 0): 0}
