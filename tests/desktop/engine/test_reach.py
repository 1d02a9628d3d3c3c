"""The attack overlay's cells (reach.cells_within) are exactly the passable cells within reach
that `sees` says are in sight from one of the origins: the outward walk that answers most
cells from the wall blocking the cell before them never changes an answer."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine.board import Board, Shape
from desktop.engine.geometry import Metric, distance_function
from desktop.engine.reach import cells_within
from desktop.engine.visibility import rings_in_view, seen_among, sees


def one_by_one(board: Board, origins, reach: float, metric: Metric) -> set:
    """The definition, each cell asked on its own."""
    dist = distance_function(metric)
    return {
        cell
        for origin in origins
        for cell in board.cells()
        if 0 < dist(origin, cell) <= reach and board.passable(cell) and sees(board, origin, cell)
    }.difference(origins)


@st.composite
def tables(draw, shape=Shape.SQUARE):
    width, height = draw(st.integers(3, 26)), draw(st.integers(3, 26))
    density = draw(st.sampled_from([0.0, 0.05, 0.15, 0.3]))
    rows = tuple(
        "".join("#" if draw(st.floats(0, 1)) < density else "." for _ in range(width))
        for _ in range(height)
    )
    board = Board(shape, rows)
    free = [c for c in board.cells() if board.passable(c)]
    origin = draw(st.sampled_from(free)) if free else (0, 0)
    origins = [origin]
    beside = (origin[0] + 1, origin[1])
    if draw(st.booleans()) and board.passable(beside):
        origins.append(beside)  # a figure two squares wide
    return board, origins


@settings(max_examples=200, deadline=None)
@given(
    table=tables(),
    reach=st.sampled_from([1, 2, 5, 9, 40]),
    metric=st.sampled_from([Metric.CHEBYSHEV, Metric.MANHATTAN, Metric.INCHES]),
)
def test_the_cells_in_reach_and_sight_are_those_sees_finds_one_by_one(table, reach, metric):
    board, origins = table
    fresh = Board(board.shape, board.rows)  # no sight answers shared between the two
    assert cells_within(board, origins, reach, metric) == one_by_one(fresh, origins, reach, metric)


@settings(max_examples=50, deadline=None)
@given(table=tables(Shape.HEX), reach=st.sampled_from([1, 2, 4, 9]))
def test_on_hexes_too(table, reach):
    board, origins = table
    fresh = Board(board.shape, board.rows)
    assert cells_within(board, origins, reach, Metric.HEX) == one_by_one(
        fresh, origins, reach, Metric.HEX
    )


@settings(max_examples=200, deadline=None)
@given(table=tables(), data=st.data())
def test_the_cells_seen_among_some_are_those_sees_finds_one_by_one(table, data):
    """Any cells, walls among them, near or far, asked in any order."""
    board, origins = table
    cells = data.draw(st.sets(st.sampled_from(list(board.cells())), max_size=60))
    fresh = Board(board.shape, board.rows)
    assert seen_among(board, origins[0], cells) == {c for c in cells if sees(fresh, origins[0], c)}


def test_the_walk_in_view_stops_once_walls_hide_every_direction():
    """A figure walled in on a 200x200 board: the walk ends at the wall ring, not at the
    board's edge, and walks only the cells in directions no nearer wall hides."""
    rows = ["." * 200 for _ in range(200)]
    for y in (97, 103):
        rows[y] = "." * 97 + "#" * 7 + "." * 96
    for y in range(98, 103):
        rows[y] = "." * 97 + "#" + "." * 5 + "#" + "." * 96
    board = Board(Shape.SQUARE, tuple(rows))
    walked = list(rings_in_view(board, (100, 100), 200))
    assert [r for r, _ in walked] == [1, 2, 3]
    assert cells_within(board, [(100, 100)], 200, Metric.CHEBYSHEV) == {
        (x, y) for x in range(98, 103) for y in range(98, 103)
    } - {(100, 100)}


def test_a_walk_toward_some_cells_keeps_to_their_directions():
    board = Board(Shape.SQUARE, tuple("." * 60 for _ in range(60)))
    walked = {
        c
        for _, ring in rings_in_view(board, (5, 30), 50, toward=[(50, 29), (52, 31)])
        for c in ring
    }
    assert (51, 30) in walked and (5, 35) not in walked and (3, 30) not in walked
    assert len(walked) < 200  # a narrow wedge, not the 2,500 cells of 50 rings
