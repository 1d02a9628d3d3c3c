"""Deterministic benchmark encounters: random walls and units from a fixed seed."""

from __future__ import annotations

import random

from desktop.engine.board import Board, Shape
from desktop.engine.encounter import Encounter
from desktop.engine.units import make_unit


def random_encounter(
    ruleset: str,
    width: int,
    height: int,
    enemies: int,
    players: int,
    *,
    shape: Shape = Shape.SQUARE,
    wall_share: float = 0.12,
    seed: int = 7,
    enemy_stats: dict | None = None,
    player_stats: dict | None = None,
    wall_char: str = "#",
    extra_terrain: str = "",
) -> Encounter:
    rng = random.Random(seed)
    palette = [wall_char, *extra_terrain]
    rows = []
    for _ in range(height):
        rows.append(
            "".join(rng.choice(palette) if rng.random() < wall_share else "." for _ in range(width))
        )
    board = Board(shape, tuple(rows))
    free = [c for c in board.cells() if board.terrain(c).passable]
    rng.shuffle(free)
    units = []
    for i in range(enemies):
        units.append(
            make_unit(
                f"e{i}",
                "enemy",
                free.pop(),
                rng.randint(3, 10),
                10,
                stats=dict(enemy_stats or {"move": 4, "range": 1}),
            )
        )
    for i in range(players):
        units.append(
            make_unit(
                f"p{i}",
                "player",
                free.pop(),
                rng.randint(5, 20),
                20,
                stats=dict(player_stats or {"level": 3, "lift": i % 3}),
            )
        )
    return Encounter(ruleset=ruleset, board=board, units=tuple(units))
