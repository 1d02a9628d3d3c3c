"""skirmish-ai decide: one enemy on a 48"x48" table with 20 figures and scattered cover,
and a roll group of 10 decided together.

A session keeps one board for the whole battle, so facts derived from terrain alone
(cost arrays, terrain features, which cells see which: sight depends on walls only) are
built once per board, and kept when units move. Every budgeted round drops everything that
depends on positions (the movement fields), as after a move. A separate, unbudgeted figure
shows the first decision on a brand-new board, where every cache starts empty."""

from __future__ import annotations

import random

from desktop.engine.board import Board, Shape
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.units import Side, Weapon, make_unit
from desktop.rulesets.registry import get_ruleset
from desktop.rulesets.skirmish_ai.context import FIELDS
from tests.benchmarks.harness import Benchmark, Budget

AIS = ("aggressive", "cautious", "tactical", "defensive", "rampaging", "beast")


def _rows(seed: int = 7) -> tuple[str, ...]:
    rng = random.Random(seed)
    grid = [["."] * 48 for _ in range(48)]
    for _ in range(40):  # scattered hedges, crates and wall stubs
        x, y = rng.randrange(46), rng.randrange(46)
        ch = rng.choice("cc#,")
        for dx in range(rng.randint(1, 3)):
            for dy in range(rng.randint(1, 2)):
                grid[y + dy][x + dx] = ch
    return tuple("".join(r) for r in grid)


ROWS = _rows()
RIFLE = (Weapon("Rifle", "ranged", 24),)


def _free(rng, taken, rows, x_lo, x_hi):
    while True:
        cell = (rng.randrange(x_lo, x_hi), rng.randrange(48))
        if rows[cell[1]][cell[0]] in ".c," and cell not in taken:
            taken.add(cell)
            return cell


def _table_encounter() -> Encounter:
    rng = random.Random(3)
    taken: set = set()
    units = []
    for i in range(12):
        units.append(
            make_unit(
                f"e{i}",
                Side.ENEMY,
                _free(rng, taken, ROWS, 0, 14),
                5,
                5,
                ai=AIS[i % len(AIS)],
                stats={"move": 6},
                weapons=RIFLE,
            )
        )
    for i in range(8):
        units.append(make_unit(f"p{i}", Side.PLAYER, _free(rng, taken, ROWS, 34, 48), 5, 5))
    return Encounter("skirmish-ai", Board(Shape.SQUARE, ROWS), tuple(units))


def _group_encounter() -> Encounter:
    rng = random.Random(4)
    taken: set = set()
    units = []
    for i in range(10):  # a skirmish line, 2" apart
        cell = (4 + 2 * i, 6)
        taken.add(cell)
        units.append(
            make_unit(
                f"g{i}", Side.ENEMY, cell, 5, 5, ai="tactical", stats={"move": 6}, weapons=RIFLE
            )
        )
    rows = tuple(r[:4] + "." * 20 + r[24:] if i in (5, 6, 7) else r for i, r in enumerate(ROWS))
    for i in range(10):
        units.append(make_unit(f"p{i}", Side.PLAYER, _free(rng, taken, rows, 30, 48), 5, 5))
    return Encounter("skirmish-ai", Board(Shape.SQUARE, rows), tuple(units))


TABLE = _table_encounter()
GROUP = _group_encounter()
RULESET = get_ruleset("skirmish-ai")
_turn = [0]


def _new_board(enc: Encounter) -> Encounter:
    return enc.evolve(board=Board(Shape.SQUARE, enc.board.rows, enc.board.heights))


def _fresh(enc: Encounter) -> Encounter:
    """Same board, position-dependent caches dropped (sight is terrain-only: kept, as in play)."""
    FIELDS.forget(enc.board)
    return enc


def decide_on_new_board() -> None:
    RULESET.decide(_new_board(TABLE), "e0", Dice([4, 3, 5]))


def decide_one() -> None:
    enc = _fresh(TABLE)
    unit = f"e{_turn[0] % 12}"
    _turn[0] += 1
    RULESET.decide(enc, unit, Dice([(_turn[0] % 6) + 1, 3, 5]))


def decide_group() -> None:
    enc = _fresh(GROUP)
    _turn[0] += 1
    decisions = RULESET.decide_group(enc, "g0", Dice([(_turn[0] % 6) + 1] + [3] * 20))
    assert len(decisions) == 10


BENCHMARKS = [
    Benchmark(
        'skirmish-ai: decide one enemy, 48"x48", 20 figures, positions new',
        decide_one,
        budget=Budget.cpu(0.002),
        rounds=60,
    ),
    Benchmark(
        "skirmish-ai: decide a roll group of 10 (one shared roll)",
        decide_group,
        budget=Budget.cpu(0.020),
        rounds=20,
    ),
    Benchmark(
        'skirmish-ai: first decision on a brand-new 48"x48" board (no budget in the '
        "issue; shown for reference)",
        decide_on_new_board,
        budget=Budget.cpu(0.1),
        rounds=10,
    ),
]
