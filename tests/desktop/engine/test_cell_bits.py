"""Cells as bits and back: against plain definitions, a cell at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine.cell_bits import cell_bits, cell_values, flag_bits, flags_of, index_bits

SIGNED_64 = st.integers(-(1 << 63), (1 << 63) - 1)
# The values a search writes (CLOSED, costs, UNSEEN), those either side of what 4 bytes a
# cell hold, and any other signed 64-bit number.
EDGES = [-1, 0, 1, 2, 255, 256, 1 << 60, (1 << 31) - 1, -(1 << 31), 1 << 31, -(1 << 31) - 1]
VALUES = st.one_of(st.sampled_from(EDGES), SIGNED_64)


def _bits(cells) -> int:
    return sum(1 << cell for cell in set(cells))


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_cell_values_give_each_cell_its_parts_value(data):
    size = data.draw(st.integers(1, 300))
    # Many parts (a search's steps) or few (values spread a part at a time, or a bit).
    count = data.draw(st.sampled_from([1, 3, 6, 40]))
    owner = data.draw(st.lists(st.integers(-1, count - 1), min_size=size, max_size=size))
    values = data.draw(st.lists(VALUES, min_size=count, max_size=count))
    parts = [(_bits(i for i in range(size) if owner[i] == p), values[p]) for p in range(count)]
    expected = [values[p] if p >= 0 else 0 for p in owner]
    assert cell_values(size, parts) == expected


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_flags_indices_and_digits_say_the_same_cells(data):
    size = data.draw(st.integers(1, 200))
    cells = data.draw(st.sets(st.integers(0, size - 1)))
    bits = _bits(cells)
    flags = [int(i in cells) for i in range(size)]
    assert index_bits(sorted(cells, reverse=True), size) == bits
    assert flags_of(bits, size) == bytes(flags)
    assert flag_bits(flags) == bits
    assert cell_bits("".join(map(str, flags))) == bits
