"""monster-focus corner-to-corner sight: the fast search (walls filed by where they lie,
orientations from each wall's line, the wall that stopped a segment tried first for the
next) answers as the rule reads it, checked against every pair of open corners and every
wall of random boards."""

from __future__ import annotations

import random

from desktop.engine.board import Board, Shape
from desktop.engine.hex_geometry import hex_step
from desktop.rulesets.monster_focus.grid import Grid, corner, grid_of
from desktop.rulesets.monster_focus.sight import sees_corner_to_corner, segments_touch


def _by_the_rule(grid: Grid, a: int, b: int) -> bool:
    """Some segment between a corner of each hex, neither corner touching a wall, that
    touches no wall at all."""
    ends = [
        [p for p in (corner(grid.cell(i), k) for k in range(6)) if p not in grid.walled_corners]
        for i in (a, b)
    ]
    return any(
        not any(segments_touch(p, q, w[0], w[1]) for w in grid.occluders)
        for p in ends[0]
        for q in ends[1]
    )


def _random_board(rng: random.Random) -> Board:
    width, height = rng.randint(3, 9), rng.randint(3, 9)
    density = rng.choice([0.05, 0.15, 0.3])
    rows = tuple(
        "".join("#" if rng.random() < density else "." for _ in range(width)) for _ in range(height)
    )
    thin = set()
    for _ in range(rng.randint(0, width * height // 3)):
        cell = (rng.randrange(width), rng.randrange(height))
        thin.add(frozenset((cell, hex_step(cell, rng.randrange(6)))))
    return Board(Shape.HEX, rows, thin_walls=frozenset(thin))


def test_corner_to_corner_sight_is_the_rule_on_random_boards_with_walls_and_thin_walls():
    rng = random.Random(7)
    asked = 0
    for _ in range(12):
        grid = grid_of(_random_board(rng))
        cells = range(grid.width * grid.height)
        for a in cells:
            for b in cells:
                assert sees_corner_to_corner(grid, a, b) == _by_the_rule(grid, a, b), (a, b)
                asked += 1
    assert asked > 10_000
