"""Sets of board cells as the bits of one Python integer (cell i is bit i), and back.

A whole board's cells step, widen and intersect in a few operations on one big number,
where a list would take a Python step per cell; these turn cells into bits and bits back
into a number per cell, both at the speed of bytes methods rather than a loop per cell.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from functools import cache

_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
# cell_values' buffer: bytes per cell, the narrowest whose signed numbers hold the values
_LANES = ((4, 1 << 31), (8, 1 << 63))


def cell_bits(digits: str | bytes) -> int:
    """Cells as bits (cell 0 the lowest) from a "1" or "0" per cell, cell 0 first."""
    return int(digits[::-1], 2) if digits else 0


def flag_bits(flags: Sequence[int]) -> int:
    """Cells as bits (cell 0 the lowest): those whose flag is true (1 or True)."""
    return cell_bits(bytes(flags).translate(_DIGITS))


def index_bits(cells: Iterable[int], size: int) -> int:
    """The bits of `cells` (each below `size`): set in bytes, one number made at the end
    (not a board-sized number per cell)."""
    packed = bytearray((size + 7) // 8)
    for cell in cells:
        packed[cell >> 3] |= 1 << (cell & 7)
    return int.from_bytes(packed, "little")


@cache
def _spread(bit: int, weight: int) -> bytes:
    """A bytes.translate table: a byte of 8 cells' bits -> `weight` where bit `bit` is set."""
    return bytes(weight if byte >> bit & 1 else 0 for byte in range(256))


def _lanes(bits: int, size: int, weight: int) -> list[int]:
    """Per offset t (0-7), a number with a byte per group of 8 cells: `weight` where that
    group's cell t is in `bits`, else 0."""
    packed = bits.to_bytes((size + 7) // 8, "little")
    return [int.from_bytes(packed.translate(_spread(t, weight)), "little") for t in range(8)]


def flags_of(bits: int, size: int) -> bytes:
    """A byte per cell, 1 where the cell is in `bits`, else 0 (for itertools.compress)."""
    packed = bits.to_bytes((size + 7) // 8, "little")
    spread = bytearray(len(packed) * 8)
    for t in range(8):
        spread[t::8] = packed.translate(_spread(t, 1))
    return bytes(spread[:size])


def cell_values(size: int, parts: Iterable[tuple[int, int]]) -> list[int]:
    """A number per cell: the value of the part (bits, value) whose bits hold the cell, 0
    for a cell in none. The parts' bits are disjoint and the values signed 64-bit.

    Each cell gets 4 or 8 bytes of one buffer (as few as hold the values), read back as
    a list of signed numbers.
    Byte by byte of the values, cells are spread a group of 8 at a time into numbers with
    a byte per group, each weighted by what it adds to that byte, and summed (no carry
    between the groups' bytes): per part, its value's byte, or, where fewer, per bit of
    the values, the cells whose value has it (a plane)."""
    given = [(bits, value) for bits, value in parts if bits]
    lane = next(
        lane for lane, bound in _LANES if all(-bound <= value < bound for _, value in given)
    )
    lane_bits = 8 * lane
    owned = [(bits, value & (1 << lane_bits) - 1) for bits, value in given]
    planes = [0] * lane_bits
    for bits, value in owned:
        for plane in range(value.bit_length()):
            if value >> plane & 1:
                planes[plane] |= bits
    # (part, or -1 - plane, weight) -> its lanes, made once (-1's bytes share theirs)
    spread: dict[tuple[int, int], list[int]] = {}

    def lanes(part: int, bits: int, weight: int) -> list[int]:
        found = spread.get((part, weight))
        if found is None:
            found = spread[(part, weight)] = _lanes(bits, size, weight)
        return found

    groups = (size + 7) // 8
    buffer = bytearray(groups * 8 * lane)
    for byte in range(lane):
        shift = 8 * byte
        mine = [(bit, plane) for bit, plane in enumerate(planes[shift : shift + 8]) if plane]
        if not mine:
            continue
        weighed = [(i, bits, v >> shift & 0xFF) for i, (bits, v) in enumerate(owned)]
        weighed = [(i, bits, weight) for i, bits, weight in weighed if weight]
        if len(mine) < len(weighed):
            weighed = [(-1 - shift - bit, plane, 1 << bit) for bit, plane in mine]
        sums = [0] * 8
        for part, bits, weight in weighed:
            sums = [s + add for s, add in zip(sums, lanes(part, bits, weight), strict=True)]
        for t, part_lane in enumerate(sums):
            # cell 8g + t: its byte `byte` sits at (8g + t) * lane + byte
            buffer[t * lane + byte :: 8 * lane] = part_lane.to_bytes(groups, "little")
    # The bytes were written lowest first: read as the machine's numbers, swapped on a
    # big-endian one (as monster-focus's _numbers does).
    numbers = array("i" if lane == 4 else "q")
    assert numbers.itemsize == lane
    numbers.frombytes(buffer)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tolist()[:size]
