"""Issue budget for grimdark-solo: a whole enemy phase for 25 units on a 44"x60" table."""

from __future__ import annotations

import random

from desktop.engine.board import Board, Shape
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.units import Weapon, make_unit
from desktop.rulesets.grimdark_solo.turn import step_enemy_turn, step_phase
from desktop.rulesets.registry import get_ruleset
from tests.benchmarks.harness import Benchmark, Budget

RULESET = get_ruleset("grimdark-solo")
WIDTH, HEIGHT = 60, 44  # inches: one cell per inch
TEMPERAMENTS = ("tactical", "berserk", "erratic", "skittish")


def _table(seed: int = 40, players_from: int = WIDTH - 12) -> Encounter:
    """Ruins (wall L-shapes with rubble cover), difficult patches, five objectives; the enemy
    deploys along the left 12", the players in the 12" from column `players_from`."""
    rng = random.Random(seed)
    grid = [["."] * WIDTH for _ in range(HEIGHT)]
    for _ in range(12):
        x, y = rng.randrange(14, WIDTH - 16), rng.randrange(2, HEIGHT - 8)
        for i in range(rng.randint(3, 6)):
            grid[y][x + i] = "#"
        for j in range(rng.randint(3, 5)):
            grid[y + j][x] = "#"
        for dx, dy in ((1, 1), (2, 1), (1, 2)):
            grid[y + dy][x + dx] = "c"
    for _ in range(6):
        x, y = rng.randrange(0, WIDTH - 4), rng.randrange(0, HEIGHT - 3)
        for dx in range(4):
            for dy in range(3):
                if grid[y + dy][x + dx] == ".":
                    grid[y + dy][x + dx] = ","
    for x, y in ((30, 22), (20, 8), (40, 8), (20, 36), (40, 36)):
        grid[y][x] = "O"
    board = Board(Shape.SQUARE, tuple("".join(r) for r in grid))
    free_left = [c for c in board.cells() if c[0] < 12 and board.terrain(c).passable]
    free_right = [
        c
        for c in board.cells()
        if players_from <= c[0] < players_from + 12 and board.terrain(c).passable
    ]
    rng.shuffle(free_left)
    rng.shuffle(free_right)
    rifle = Weapon("Rifle", "ranged", 24, 4)
    blade = Weapon("Blade", "melee", 1, 4)
    units = [
        make_unit(
            f"e{i}",
            "enemy",
            free_left.pop(),
            5,
            5,
            ai=TEMPERAMENTS[i % 4],
            stats={"move": 6, "toughness": 4, "power": 4},
            weapons=(rifle, blade) if i % 2 else (blade,),
            tags=("psyker",) if i % 7 == 0 else (),
        )
        for i in range(25)
    ]
    units += [
        make_unit(
            f"p{i}",
            "player",
            free_right.pop(),
            5,
            10,
            stats={"toughness": 3 + i % 4, "power": 4 + i % 5},
        )
        for i in range(10)
    ]
    return Encounter("grimdark-solo", board, tuple(units), phase="movement")


TABLE = _table()


def _fresh() -> Encounter:
    """A just-loaded table: the board's cost grids, goal fields and sight cache are cold."""
    return TABLE.evolve(board=Board(TABLE.board.shape, TABLE.board.rows))


def _after_moving() -> Encounter:
    """Players deployed mid-table, after one enemy turn: units shoot, charge and fight."""
    return step_enemy_turn(_table(players_from=18), RULESET, Dice(seed=1)).encounter


CLOSE = _after_moving()


def _phase(base: Encounter, phase: str):
    def run() -> None:
        encounter = base.evolve(board=Board(base.board.shape, base.board.rows))
        step_phase(encounter, RULESET, phase, Dice(seed=5))

    return run


BENCHMARKS = [
    Benchmark(
        "grimdark-solo movement phase: 25 units, 44x60 table, cold board",
        _phase(TABLE, "movement"),
        budget=Budget.cpu(0.050),
        rounds=20,
    ),
    Benchmark(
        "grimdark-solo movement phase: 25 units in contact, cold board",
        _phase(CLOSE, "movement"),
        budget=Budget.cpu(0.050),
        rounds=20,
    ),
    Benchmark(
        "grimdark-solo shooting phase: 25 units, 44x60 table, cold board",
        _phase(CLOSE, "shooting"),
        budget=Budget.cpu(0.050),
        rounds=20,
    ),
    Benchmark(
        "grimdark-solo charge phase: 25 units, 44x60 table, cold board",
        _phase(CLOSE, "charge"),
        budget=Budget.cpu(0.050),
        rounds=20,
    ),
    Benchmark(
        "grimdark-solo fight phase: 25 units, 44x60 table, cold board",
        _phase(CLOSE, "fight"),
        budget=Budget.cpu(0.050),
        rounds=20,
    ),
    # Not an issue budget: all six phases plus the stratagem draw, shown for the GUI's sake.
    Benchmark(
        "grimdark-solo whole enemy turn: 25 units, 44x60 table, cold board",
        lambda: step_enemy_turn(_fresh(), RULESET, Dice(seed=5)),
        budget=Budget.cpu(0.300),
        rounds=10,
    ),
]
