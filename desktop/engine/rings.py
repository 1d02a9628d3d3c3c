"""Adjacency rings: the cells around a cell in clockwise order, sectors and search orders.

On squares the ring is the 8 cells around a cell, clockwise from north (the
order of `square_geometry.EIGHT_WAY`), so "the next square clockwise" is index
+1 and "the opposite square" is index +4. `sector_index` says on which side of
a cell another cell lies: exactly on a diagonal picks the diagonal neighbour,
otherwise the dominant axis picks the orthogonal one. `discs` list the cells
within a radius on either board shape, for "every cell from which ... is in
range" searches.
"""

from __future__ import annotations

from collections.abc import Iterator

from desktop.engine import hex_geometry
from desktop.engine.board import Board, Cell, Shape
from desktop.engine.square_geometry import EIGHT_WAY

RING_SIZE = len(EIGHT_WAY)
DIRECTION_NAMES = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def ring(cell: Cell) -> list[Cell]:
    """The 8 cells around `cell`, clockwise from north (may be off the board)."""
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in EIGHT_WAY]


def ring_index(centre: Cell, neighbour: Cell) -> int:
    """Position of an adjacent cell in the clockwise ring around `centre`."""
    return EIGHT_WAY.index((neighbour[0] - centre[0], neighbour[1] - centre[1]))


def sector_index(centre: Cell, other: Cell) -> int:
    """The ring position facing `other`: diagonal when exactly diagonal, else the main axis."""
    dx, dy = other[0] - centre[0], other[1] - centre[1]
    if dx == 0 and dy == 0:
        raise ValueError("a cell has no side facing itself")
    if abs(dx) == abs(dy):
        step = (_sign(dx), _sign(dy))
    elif abs(dx) > abs(dy):
        step = (_sign(dx), 0)
    else:
        step = (0, _sign(dy))
    return EIGHT_WAY.index(step)


def opposite(index: int) -> int:
    return (index + RING_SIZE // 2) % RING_SIZE


def search_order(start: int) -> list[int]:
    """Ring positions from `start`: then 1 clockwise, 1 anticlockwise, 2 clockwise, ... opposite."""
    order = [start]
    for step in range(1, RING_SIZE // 2):
        order += [(start + step) % RING_SIZE, (start - step) % RING_SIZE]
    order.append(opposite(start))
    return order


def disc(board: Board, centre: Cell, radius: int) -> Iterator[Cell]:
    """On-board cells within `radius` steps of `centre` (hex distance, or king moves on squares)."""
    if board.shape is Shape.HEX:
        q0, r0 = hex_geometry.to_axial(centre)
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                cell = hex_geometry.from_axial(q0 + dq, r0 + dr)
                if board.in_bounds(cell):
                    yield cell
        return
    for row in range(max(0, centre[1] - radius), min(board.height, centre[1] + radius + 1)):
        for col in range(max(0, centre[0] - radius), min(board.width, centre[0] + radius + 1)):
            yield (col, row)
