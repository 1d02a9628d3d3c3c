"""Property tests: paths are legal walks, sight is symmetric, distances are metrics."""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine import hex_geometry
from desktop.engine.board import Board, Shape, Terrain
from desktop.engine.geometry import Metric, Neighbourhood, distance_function, neighbours
from desktop.engine.movement import DistanceField, MovementRules
from desktop.engine.sight import has_line_of_sight

RULES = {
    Neighbourhood.ORTHOGONAL: MovementRules(Neighbourhood.ORTHOGONAL),
    Neighbourhood.EIGHT_WAY: MovementRules(
        Neighbourhood.EIGHT_WAY,
        straight_cost=2,
        diagonal_cost=3,
        extra_cost={Terrain.DIFFICULT: 1, Terrain.DOOR: 2},
        scale=2,
    ),
    Neighbourhood.HEX: MovementRules(Neighbourhood.HEX, extra_cost={Terrain.DIFFICULT: 1}),
}


@st.composite
def boards(draw, shape: Shape | None = None):
    shape = shape or draw(st.sampled_from(list(Shape)))
    width = draw(st.integers(2, 9))
    height = draw(st.integers(2, 9))
    chars = st.sampled_from([".", ".", ".", ".", "#", "~", ",", "c", "+", "O"])
    rows = ["".join(draw(st.lists(chars, min_size=width, max_size=width))) for _ in range(height)]
    return Board.from_text(shape, "\n".join(rows))


def cells_of(board: Board):
    return st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))


def board_and_rules(data) -> tuple[Board, MovementRules]:
    """A random board with movement rules that fit its shape."""
    board = data.draw(boards())
    nb = (
        Neighbourhood.HEX
        if board.shape is Shape.HEX
        else data.draw(st.sampled_from([Neighbourhood.ORTHOGONAL, Neighbourhood.EIGHT_WAY]))
    )
    return board, RULES[nb]


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_paths_are_legal_walks_within_the_allowance(data):
    board, rules = board_and_rules(data)
    start = data.draw(cells_of(board))
    blocked = set(data.draw(st.lists(cells_of(board), max_size=6))) - {start}
    allowance = data.draw(st.integers(0, 8))
    field = DistanceField(board, rules, [start], blocked)
    for cell, cost in field.reachable(allowance).items():
        assert cost <= allowance
        path = field.path_to(cell)
        previous, total = start, 0
        for step in path:
            assert step in neighbours(board, previous, rules.neighbourhood)
            assert board.passable(step) and step not in blocked
            total += rules.step_cost(board, previous, step)
            previous = step
        assert previous == cell
        assert total / rules.scale == cost


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_line_of_sight_is_symmetric(data):
    board = data.draw(boards())
    a, b = data.draw(cells_of(board)), data.draw(cells_of(board))
    assert has_line_of_sight(board, a, b) == has_line_of_sight(Board(board.shape, board.rows), b, a)


@settings(max_examples=200, deadline=None)
@given(
    metric=st.sampled_from(list(Metric)),
    points=st.lists(st.tuples(st.integers(-20, 20), st.integers(0, 20)), min_size=3, max_size=3),
)
def test_distances_are_metrics(metric, points):
    dist = distance_function(metric)
    a, b, c = points
    assert dist(a, a) == 0
    assert dist(a, b) == dist(b, a)
    assert (dist(a, b) == 0) == (a == b)
    assert dist(a, c) <= dist(a, b) + dist(b, c) + 1e-9


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_hex_odd_r_round_trip(col, row):
    assert hex_geometry.from_axial(*hex_geometry.to_axial((col, row))) == (col, row)


@given(st.integers(0, 30), st.integers(0, 30))
def test_hex_neighbours_are_at_distance_one(col, row):
    around = hex_geometry.hex_neighbours((col, row))
    assert len(set(around)) == 6
    assert all(hex_geometry.hex_distance((col, row), n) == 1 for n in around)


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_bounded_and_reverse_fields_agree_with_the_full_search(data):
    board, rules = board_and_rules(data)
    start = data.draw(cells_of(board))
    blocked = set(data.draw(st.lists(cells_of(board), max_size=4))) - {start}
    limit = data.draw(st.integers(0, 6))
    full = DistanceField(board, rules, [start], blocked)
    bounded = DistanceField(board, rules, [start], blocked, max_cost=limit)
    assert bounded.reachable() == full.reachable(limit)
    for cell in bounded.reachable():
        assert len(bounded.path_to(cell)) == len(full.path_to(cell)) or bounded.cost(
            cell
        ) == full.cost(cell)
    # Reverse: the cost of walking from any cell to `start` equals a forward search from it.
    reverse = DistanceField(board, rules, [start], blocked, reverse=True)
    probe = data.draw(cells_of(board))
    if probe in blocked or not board.passable(probe) or not board.passable(start):
        return
    forward = DistanceField(board, rules, [probe], blocked)
    assert reverse.cost(probe) == forward.cost(start)
    route = reverse.route_from(probe)
    if reverse.cost(probe) is not None and probe != start:
        assert route[-1] == start
        total, previous = 0, probe
        for step in route:
            total += rules.step_cost(board, previous, step)
            previous = step
        assert total / rules.scale == reverse.cost(probe)


def plain_dijkstra(board, rules, roots, blocked, limit, reverse) -> dict:
    """The textbook search on cells and a heap, as the oracle of the engine's flat one
    (costs and `limit` in 1/scale units)."""
    best: dict = {}
    heap = [(0, root) for root in roots if board.in_bounds(root)]
    heapq.heapify(heap)
    while heap:
        cost, cell = heapq.heappop(heap)
        if cell in best:
            continue
        best[cell] = cost
        for nxt in neighbours(board, cell, rules.neighbourhood):
            if not board.passable(nxt) or nxt in blocked or nxt in best:
                continue
            # Reverse: the mover walks nxt -> cell, paying for the cell it enters.
            step = (
                rules.step_cost(board, nxt, cell) if reverse else rules.step_cost(board, cell, nxt)
            )
            if limit is None or cost + step <= limit:
                heapq.heappush(heap, (cost + step, nxt))
    return best


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_search_finds_what_a_plain_dijkstra_finds(data):
    board, rules = board_and_rules(data)
    roots = data.draw(st.lists(cells_of(board), min_size=1, max_size=2))
    blocked = set(data.draw(st.lists(cells_of(board), max_size=4))) - set(roots)
    limit = data.draw(st.none() | st.integers(0, 6))
    reverse = data.draw(st.booleans())
    field = DistanceField(board, rules, roots, blocked, max_cost=limit, reverse=reverse)
    bound = None if limit is None else limit * rules.scale
    expected = plain_dijkstra(board, rules, roots, blocked, bound, reverse)
    assert {c: field.raw(c) for c in board.cells() if field.raw(c) is not None} == expected
    assert field.reachable() == {c: cost / rules.scale for c, cost in expected.items()}
