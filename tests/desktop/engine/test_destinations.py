"""Closest-by-path destination search and stopping on the way to a destination."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine.board import Board, Shape
from desktop.engine.destinations import MemoField, closest_cells, stops_toward, stops_toward_any
from desktop.engine.geometry import Neighbourhood, neighbours
from desktop.engine.movement import DistanceField, MovementRules
from tests.desktop.engine.test_geometry_properties import board_and_rules, cells_of

KING = MovementRules(Neighbourhood.EIGHT_WAY)
ORTHO = MovementRules(Neighbourhood.ORTHOGONAL)


def test_closest_cells_keeps_every_cell_tied_at_the_lowest_cost():
    board = Board.blank("square", 7, 7)
    field = DistanceField(board, KING, [(3, 3)])
    found = closest_cells(field, [(0, 0), (6, 6), (5, 3), (3, 1), (6, 0)])
    assert found.cost == 2
    assert found.cells == ((3, 1), (5, 3))
    assert found.considered == 5


def test_closest_cells_counts_the_route_not_the_straight_line():
    board = Board.from_text(
        "square",
        """
.....
.###.
.....
""",
    )
    field = DistanceField(board, ORTHO, [(2, 2)])
    # (2,0) is 2 rows up but the wall forces a walk round: 6 steps; (4,2) is 2 steps.
    found = closest_cells(field, [(2, 0), (4, 2)])
    assert found.cells == ((4, 2),) and found.cost == 2


def test_accept_runs_lazily_from_the_cheapest_level_up():
    board = Board.blank("square", 9, 1)
    field = DistanceField(board, ORTHO, [(0, 0)])
    asked = []

    def accept(cell):
        asked.append(cell)
        return cell[0] >= 3

    found = closest_cells(field, [(c, 0) for c in range(1, 9)], accept)
    assert found.cells == ((3, 0),)
    assert asked == [(1, 0), (2, 0), (3, 0)]  # never tested the far cells


def test_closest_cells_with_nothing_reachable():
    board = Board.from_text("square", "..#..")
    field = DistanceField(board, ORTHO, [(0, 0)])
    found = closest_cells(field, [(4, 0)])
    assert not found.found and found.cost is None


def test_stops_on_arrival_when_the_destination_is_within_budget():
    board = Board.blank("square", 9, 1)
    field = DistanceField(board, ORTHO, [(0, 0)])
    assert stops_toward(field, (3, 0), 5) == ((3, 0),)
    assert stops_toward(field, (6, 0), 2) == ((2, 0),)


def test_stops_lists_every_route_end_when_routes_diverge():
    board = Board.blank("square", 5, 5)
    field = DistanceField(board, ORTHO, [(0, 0)])
    # Any 2 orthogonal steps toward (2,2) lie on a shortest route.
    assert stops_toward(field, (2, 2), 2) == ((0, 2), (1, 1), (2, 0))


def test_stops_skip_cells_it_may_not_end_on():
    board = Board.blank("square", 9, 1)
    field = DistanceField(board, ORTHO, [(0, 0)])
    assert stops_toward(field, (6, 0), 3, can_stop=lambda c: c != (3, 0)) == ((2, 0),)
    assert stops_toward(field, (2, 0), 3, can_stop=lambda c: c != (2, 0)) == ((1, 0),)


def test_stops_toward_an_unreachable_destination_is_empty():
    board = Board.from_text("square", "..#..")
    field = DistanceField(board, ORTHO, [(0, 0)])
    assert stops_toward(field, (4, 0), 3) == ()


def test_stops_on_a_hex_board_follow_hex_routes():
    board = Board.blank("hex", 10, 1)
    field = DistanceField(board, MovementRules(Neighbourhood.HEX), [(0, 0)])
    assert stops_toward(field, (7, 0), 2) == ((2, 0),)


def test_a_lower_bound_prunes_lookups_without_changing_the_answer():
    from desktop.engine.destinations import MemoField
    from desktop.engine.square_geometry import chebyshev

    board = Board.from_text(
        "square",
        """
.........
....#....
....#....
.........
""",
    )
    start = (0, 1)
    plain = DistanceField(board, KING, [start])
    memo = MemoField(plain)
    candidates = [(c, r) for c in range(9) for r in range(4) if board.passable((c, r))]

    def far(cell):
        return cell[0] >= 6

    bound = lambda c: chebyshev(start, c)  # noqa: E731
    expected = closest_cells(plain, candidates, far)
    pruned = closest_cells(memo, candidates, far, lower_bound=bound)
    assert pruned.cells == expected.cells and pruned.cost == expected.cost == 6
    assert pruned.considered < len(candidates)
    assert stops_toward(memo, (8, 1), 3, lower_bound=bound) == stops_toward(plain, (8, 1), 3)
    assert memo.raw((8, 1)) == plain.raw((8, 1)) and memo.path_to((2, 1)) == plain.path_to((2, 1))


def test_a_prefilled_memo_field_answers_like_the_field():
    from desktop.engine.destinations import MemoField

    board = Board.from_text(
        "square",
        """
.....
.###.
.#.#.
.###.
""",
    )
    plain = DistanceField(board, KING, [(0, 0)])
    memo = MemoField(plain, prefill=True)
    for cell in board.cells():
        assert memo.raw(cell) == plain.raw(cell)
    assert memo.raw((2, 2)) is None and memo.raw((9, 9)) is None


def test_stops_toward_several_equal_destinations_in_one_walk():
    from desktop.engine.destinations import stops_toward_any

    board = Board.blank("square", 9, 5)
    field = DistanceField(board, ORTHO, [(0, 2)])
    both = stops_toward_any(field, [(6, 0), (6, 4)], 2)
    assert set(both) == set(stops_toward(field, (6, 0), 2)) | set(stops_toward(field, (6, 4), 2))
    # Only the cheapest destinations count; within budget it stops on arrival.
    assert stops_toward_any(field, [(2, 2), (8, 2)], 3) == ((2, 2),)
    assert stops_toward_any(field, [(1, 1), (1, 3), (7, 2)], 5) == ((1, 1), (1, 3))
    assert stops_toward_any(field, [], 3) == ()


def _walked_back(field, destinations, budget, can_stop=None) -> tuple:
    """The oracle: walk back from the destinations along every cheapest route, level by
    level, and keep the dearest cells the budget pays for (how stops were found before)."""
    costs = {d: c for d in destinations if (c := field.raw(d)) is not None}
    if not costs:
        return ()
    total = min(costs.values())
    goals = sorted(d for d, c in costs.items() if c == total)
    allowed = can_stop or (lambda _cell: True)
    arrived = [d for d in goals if total <= budget and allowed(d)]
    if arrived:
        return tuple(arrived)
    frontier, seen = set(goals), set(goals)
    best: list = []
    best_cost = -1
    while frontier:
        following = set()
        for cell in frontier:
            here = field.raw(cell)
            if here is None or here == 0:
                continue
            for prev in neighbours(field.board, cell, field.rules.neighbourhood):
                before = field.raw(prev)
                if prev in seen or before is None:
                    continue
                if before + field.rules.step_cost(field.board, prev, cell) != here:
                    continue
                seen.add(prev)
                if before <= budget and allowed(prev):
                    if before > best_cost:
                        best, best_cost = [prev], before
                    elif before == best_cost:
                        best.append(prev)
                elif before > best_cost:
                    following.add(prev)
        frontier = following
    return tuple(sorted(best))


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_stops_are_the_dearest_affordable_cells_on_a_cheapest_route(data):
    board, rules = board_and_rules(data)
    start = data.draw(cells_of(board))
    blocked = set(data.draw(st.lists(cells_of(board), max_size=6))) - {start}
    field = DistanceField(board, rules, [start], blocked)
    destinations = data.draw(st.lists(cells_of(board), min_size=1, max_size=3))
    budget = data.draw(st.integers(0, 12))
    barred = set(data.draw(st.lists(cells_of(board), max_size=4)))
    can_stop = data.draw(st.none() | st.just(lambda cell: cell not in barred))
    assert stops_toward_any(field, destinations, budget, can_stop) == _walked_back(
        field, destinations, budget, can_stop
    )


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_stops_toward_many_destinations_from_one_shared_pass(data):
    """`many`: asked of one MemoField again and again (a route to each of many heroes), the
    stops come from one pass per budget when every step costs the same, else from the
    route search: either way the cells the walk back finds."""
    board, rules = board_and_rules(data)
    if board.shape is Shape.SQUARE:
        rules = data.draw(st.sampled_from([KING, ORTHO, rules]))
    start = data.draw(cells_of(board))
    blocked = set(data.draw(st.lists(cells_of(board), max_size=6))) - {start}
    field = MemoField(DistanceField(board, rules, [start], blocked))
    for _ in range(data.draw(st.integers(1, 4))):
        destinations = data.draw(st.lists(cells_of(board), min_size=1, max_size=3))
        budget = data.draw(st.integers(0, 6))
        barred = set(data.draw(st.lists(cells_of(board), max_size=4)))
        can_stop = data.draw(st.none() | st.just(lambda cell, barred=barred: cell not in barred))
        found = stops_toward_any(field, destinations, budget, can_stop, many=True)
        assert found == _walked_back(field.field, destinations, budget, can_stop)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_the_steps_into_a_cell_are_its_cheapest_neighbours_in_their_fixed_order(data):
    """What path_to walks back along (read off the layout when steps cost the same): the
    neighbours one step's cost cheaper, in geometry.neighbours' order."""
    board, rules = board_and_rules(data)
    if board.shape is Shape.SQUARE:
        rules = data.draw(st.sampled_from([KING, ORTHO, rules]))
    start = data.draw(cells_of(board))
    blocked = set(data.draw(st.lists(cells_of(board), max_size=6))) - {start}
    field = DistanceField(board, rules, [start], blocked)
    for cell, here in field.raw_within():
        expected = [
            prev
            for prev in neighbours(board, cell, rules.neighbourhood)
            if (before := field.raw(prev)) is not None
            and before + rules.step_cost(board, prev, cell) == here
        ]
        assert field._predecessors(cell) == (expected if here else [])
