"""The attack overlay's cells (reach.cells_within) are exactly the passable cells within reach
that `sees` says are in sight from one of the origins: the outward walk that answers most
cells from the wall blocking the cell before them never changes an answer."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine.board import Board, Shape
from desktop.engine.geometry import Metric, distance_function
from desktop.engine.reach import cells_within
from desktop.engine.visibility import sees


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
