"""Pointy-top hexes in the "odd-r" offset layout: conversions, neighbours, distance, drawing."""

from __future__ import annotations

import math

from desktop.engine.board import Cell

SQRT3 = math.sqrt(3.0)
# Axial directions (dq, dr), clockwise from east.
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)

# The sides of a hex, named as the direction of the neighbour across them (same order).
HEX_SIDES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


def to_axial(cell: Cell) -> tuple[int, int]:
    col, row = cell
    return col - (row - (row & 1)) // 2, row


def from_axial(q: int, r: int) -> Cell:
    return q + (r - (r & 1)) // 2, r


def hex_distance(a: Cell, b: Cell) -> int:
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_step(cell: Cell, direction: int) -> Cell:
    """The neighbour across side `direction` (an index into HEX_SIDES)."""
    q, r = to_axial(cell)
    dq, dr = AXIAL_DIRECTIONS[direction]
    return from_axial(q + dq, r + dr)


def hex_neighbours(cell: Cell) -> list[Cell]:
    q, r = to_axial(cell)
    return [from_axial(q + dq, r + dr) for dq, dr in AXIAL_DIRECTIONS]


def hex_centre(cell: Cell) -> tuple[float, float]:
    """Centre in units of the hex's circumradius (size 1); odd rows shift right by half a hex."""
    col, row = cell
    x = SQRT3 * (col + 0.5 * (row & 1))
    y = 1.5 * row
    return x, y


def hex_corners(cell: Cell) -> list[tuple[float, float]]:
    cx, cy = hex_centre(cell)
    return [
        (cx + math.cos(math.radians(60 * i - 30)), cy + math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]
