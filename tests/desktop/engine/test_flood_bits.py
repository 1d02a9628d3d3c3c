"""A flood on bits (grid_search.flood_bits) against the plain one, a cell at a time: the same
costs, the same order of settling, and GridSearch's answers alike either way."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine.board import Board
from desktop.engine.geometry import Neighbourhood
from desktop.engine.grid_search import UNSEEN, GridSearch, flood, flood_bits, search_grid
from desktop.engine.movement_rules import MovementRules

KING = MovementRules(Neighbourhood.EIGHT_WAY)
KING_TWO = MovementRules(Neighbourhood.EIGHT_WAY, straight_cost=2, diagonal_cost=2)
# Open ground mostly; walls, and terrain with no extra cost under these rules.
CHARS = "......####~,c+O"


def _board(data, least: int, most: int) -> Board:
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    width, height = rng.randint(least, most), rng.randint(least, most)
    walls = rng.choice([0.0, 0.1, 0.3, 0.5])
    rows = [
        "".join(rng.choice(CHARS[6:]) if rng.random() < walls else "." for _ in range(width))
        for _ in range(height)
    ]
    return Board.from_text("square", "\n".join(rows))


def _cells(data, board: Board, most: int) -> list[tuple[int, int]]:
    cell = st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))
    return data.draw(st.lists(cell, max_size=most))


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_flood_bits_settles_what_flood_settles_in_the_same_order(data):
    board = _board(data, 1, 24)
    rules = data.draw(st.sampled_from([KING, KING_TWO]))
    grid = search_grid(board, rules)
    step = grid.uniform_step
    assert step is not None
    # Roots may repeat, stand on walls or on blocked cells; none at all floods nothing.
    roots = [grid.index(c) for c in _cells(data, board, 3)]
    blocked = [grid.index(c) for c in _cells(data, board, 8)]
    limit = data.draw(st.sampled_from([UNSEEN - 1, 0, step, 3 * step, 7 * step + 1]))
    on_bits = data.draw(st.none() | st.integers(0, 6))  # then a cell at a time

    plain = grid.template.copy()
    for index in blocked:
        plain[index] = -1
    order = flood(plain, roots, grid.deltas, step, limit)
    found = flood_bits(grid, roots, blocked, step, limit, on_bits)
    assert found is not None  # a board this small never counts its steps too thin
    dist, settled = found
    assert dist == plain
    by_cost = settled.by_cost()
    assert sorted(by_cost) == sorted(order)
    assert [dist[i] for i in by_cost] == sorted(dist[i] for i in order)
    while settled.grow():
        pass
    assert settled.cells == order


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_big_boards_search_read_by_cell_answers_as_the_plain_one(data):
    """A board big enough for GridSearch to flood it on bits when asked by_cell: every cost,
    the cells in order of cost (read a little, then all), and the shared route pass."""
    board = _board(data, 64, 80)
    rules = data.draw(st.sampled_from([KING, KING_TWO]))
    step = search_grid(board, rules).uniform_step
    assert step is not None
    roots = tuple(_cells(data, board, 2))
    blocked = frozenset(_cells(data, board, 40))
    plain = GridSearch(board, rules, roots, blocked, None, False)
    by_cell = GridSearch(board, rules, roots, blocked, None, False, by_cell=True)
    assert by_cell._dist == plain._dist  # the whole board's costs at once
    some = data.draw(st.integers(0, 50))
    assert list(islice(by_cell.items(), some)) == list(islice(plain.items(), some))
    budget = data.draw(st.integers(0, 8)) * step
    lookups = by_cell.entries(budget), plain.entries(budget)
    assert lookups[0] is not None and lookups[1] is not None
    for _ in range(3):
        goals = _cells(data, board, 3) or [(0, 0)]
        far = [g for g in goals if (plain.raw(g) or 0) > budget]
        if far:
            assert lookups[0](far) == lookups[1](far)
    assert list(by_cell.items()) == list(plain.items())


def test_a_room_then_a_winding_corridor_floods_on_bits_then_a_cell_at_a_time():
    """Steps that settle a whole room run on bits; once they settle a cell or two (a long
    corridor) the flood goes on a cell at a time: the same answers as the plain one."""
    width = 70
    rows = ["." * width] * 30  # the room
    for turn in range(30):  # then a corridor winding down the board, a row at a time
        door = width - 1 if turn % 2 == 0 else 0
        rows += ["".join("." if x == door else "#" for x in range(width)), "." * width]
    board = Board.from_text("square", "\n".join(rows))
    for rules in (KING, KING_TWO):
        plain = GridSearch(board, rules, ((35, 10),), frozenset(), None, False)
        by_cell = GridSearch(board, rules, ((35, 10),), frozenset(), None, False, by_cell=True)
        assert by_cell._order._tail  # it went on a cell at a time
        assert by_cell._dist == plain._dist
        lookups = by_cell.entries(5 * rules.straight_cost), plain.entries(5 * rules.straight_cost)
        assert lookups[0] is not None and lookups[1] is not None
        for goal in ((0, 40), (69, 89), (10, 29), (0, 89)):
            assert lookups[0]([goal]) == lookups[1]([goal])
        assert list(by_cell.items()) == list(plain.items())
