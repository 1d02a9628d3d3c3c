"""InchField routes: one fixed choice among equally cheap routes, figures kept out, and
costs as the inch rules written out step by step give them."""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine.board import Board, Shape, Terrain
from desktop.engine.climbing import InchField, InchMoves, _inch_grid
from desktop.engine.grid_search import UNSEEN, Dial, settle
from desktop.engine.square_geometry import EIGHT_WAY

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


def _plain_inch_dijkstra(board, moves, root, blocked, box) -> dict:
    """The inch rules written out step by step on cells with a heap: the oracle of the flat
    search. A step goes up to `longest_leap` cells of hazard further in a straight or
    diagonal line, never into a wall, a hazard or a figure, nor out of `box`."""
    x0, y0, x1, y1 = box
    best: dict = {}
    heap = [(0, root)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cell in best:
            continue
        best[cell] = cost
        if not board.passable(cell):
            continue  # a figure standing where it could not move never leaves it
        for dx, dy in EIGHT_WAY:
            diagonal = bool(dx and dy)
            for span in range(1, moves.longest_leap(diagonal) + 2):
                to = (cell[0] + dx * span, cell[1] + dy * span)
                gap = [(cell[0] + dx * k, cell[1] + dy * k) for k in range(1, span)]
                if not all(board.in_bounds(c) and board.terrain(c) is Terrain.HAZARD for c in gap):
                    break
                if not (x0 <= to[0] < x1 and y0 <= to[1] < y1) or to in blocked:
                    continue
                if not board.passable(to) or to in best:
                    continue
                base = moves.diagonal if diagonal else moves.straight
                extra = {
                    Terrain.DIFFICULT: moves.difficult_extra,
                    Terrain.DOOR: moves.door_extra,
                    Terrain.WINDOW: moves.window_extra,
                }.get(board.terrain(to), 0)
                climb = moves.climb_cost(board.height_at(cell), board.height_at(to))
                heapq.heappush(heap, (cost + base * span + extra + climb, to))
    return best


def _draw_board(data, width: int, height: int) -> Board:
    """Walls, hazard gaps, difficult ground, doors, windows and cover, heights or none."""
    chars = st.sampled_from(list("....~~#,+=c"))
    rows = tuple(
        "".join(data.draw(st.lists(chars, min_size=width, max_size=width))) for _ in range(height)
    )
    heights = data.draw(
        st.none()
        | st.lists(
            st.lists(st.integers(0, 4), min_size=width, max_size=width),
            min_size=height,
            max_size=height,
        )
    )
    return Board(Shape.SQUARE, rows, None if heights is None else tuple(map(tuple, heights)))


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_inch_search_finds_what_a_plain_dijkstra_finds(data):
    width, height = data.draw(st.integers(1, 10)), data.draw(st.integers(1, 10))
    board = _draw_board(data, width, height)
    cell = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    root = data.draw(cell)
    blocked = set(data.draw(st.lists(cell, max_size=4))) - {root}
    moves = InchMoves(
        climb_allowance=data.draw(st.sampled_from([0, 1])),
        leap=data.draw(st.sampled_from([0, 2, 3.5, 4])),
    )
    window = data.draw(st.none() | st.integers(1, 4))
    field = InchField(board, moves, root, blocked, window)
    box = (0, 0, width, height)
    if window is not None:
        box = (
            max(0, root[0] - window),
            max(0, root[1] - window),
            min(width, root[0] + window + 1),
            min(height, root[1] + window + 1),
        )
    expected = _plain_inch_dijkstra(board, moves, root, blocked, box)
    assert {c: field.raw(c) for c in board.cells() if field.raw(c) is not None} == expected
    for target, cost in expected.items():
        walked, here = 0, root
        for step in field.path_to(target):  # every step of the route is a legal one
            span = max(abs(step[0] - here[0]), abs(step[1] - here[1]))
            assert span == 1 or board.terrain(step) is not Terrain.HAZARD
            walked += expected[step] - expected[here]
            here = step
        assert here == target and walked == cost


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_whole_board_field_answers_alike_whatever_it_is_asked_first(data):
    """A whole-board field searches only as far as its questions need, and aims a search at
    far goals: asked in any order, it answers as a field searched to the end first."""
    width, height = data.draw(st.integers(1, 14)), data.draw(st.integers(1, 14))
    board = _draw_board(data, width, height)
    cell = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    root = data.draw(cell)
    blocked = set(data.draw(st.lists(cell, max_size=4))) - {root}
    moves = InchMoves(leap=data.draw(st.sampled_from([0, 2, 4])))
    searched = InchField(board, moves, root, blocked)
    everything = searched.reachable()
    asked = InchField(board, moves, root, blocked)
    questions = st.one_of(
        st.tuples(st.just("cost"), cell),
        st.tuples(st.just("path"), cell),
        st.tuples(st.just("routes"), st.lists(cell, min_size=1, max_size=3)),
        st.tuples(st.just("cheapest"), st.lists(cell, min_size=1, max_size=8)),
        st.tuples(st.just("reach"), st.none() | st.floats(0, 20)),
    )
    for kind, what in data.draw(st.lists(questions, min_size=1, max_size=8)):
        if kind == "cost":
            assert asked.cost(what) == searched.cost(what)
        elif kind == "path":
            assert asked.path_to(what) == searched.path_to(what)
        elif kind == "routes":
            assert asked.cells_on_shortest_paths(what) == searched.cells_on_shortest_paths(what)
        elif kind == "cheapest":
            priced = [(c, g) for g in what if (c := searched.cost(g)) is not None]
            low = min((c for c, _ in priced), default=None)
            expected = None if low is None else (low, [g for c, g in priced if c == low])
            assert asked.cheapest(what) == expected
        else:
            found = asked.reachable(what)
            assert found == searched.reachable(what)
            assert list(found) == [
                c for c in everything if what is None or found.get(c) is not None
            ]


def test_a_search_run_in_slices_settles_what_one_run_settles():
    board = Board(Shape.SQUARE, ("..,..~..", ".#.c+...", "..=..~~.", "........"))
    grid = _inch_grid(board, InchMoves(leap=4))
    start = grid.index((0, 0))
    whole = grid.template.copy()
    reached = settle(whole, [start], grid.plain, grid.dearest, UNSEEN - 1, grid.leaps_from)
    sliced = grid.template.copy()
    search = Dial(sliced, [start], grid.plain, grid.dearest, UNSEEN - 1, grid.leaps_from)
    for upto in (0, 3, 4, 9, 15):
        search.run(upto)
        # every cost up to `upto` is final, nothing dearer is settled yet
        assert search.reached == [i for i in reached if whole[i] <= upto]
        assert [sliced[i] for i in search.reached] == [whole[i] for i in search.reached]
        assert not search.done
    search.run(UNSEEN)
    assert search.done and search.reached == reached and sliced == whole
