"""Issue budgets for the engine on card-flip-rpg: one decide, a whole board, and whole
`foebook decide` processes (a small board, the 64x64 board, every sample encounter)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from desktop.encounter_file import load_encounter, save_encounter
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset
from tests.benchmarks.harness import Benchmark, Budget, process_seconds
from tests.benchmarks.scenarios import random_encounter
from tests.sample_files import SAMPLES

RULESET = get_ruleset("card-flip-rpg")
SMALL = random_encounter("card-flip-rpg", 24, 24, enemies=8, players=4)
ROOT = Path(__file__).resolve().parents[2]
LARGE = random_encounter("card-flip-rpg", 64, 64, enemies=50, players=6, seed=11)
_small_enemies = [u.id for u in SMALL.enemies()]
_turn = iter(range(10**9))


def _one_decide() -> None:
    # The enemies take turns, as in play: the board's caches are warm after the first.
    unit = _small_enemies[next(_turn) % len(_small_enemies)]
    decide(SMALL, unit, RULESET, Dice())


def _whole_board() -> None:
    encounter = LARGE.evolve(board=type(LARGE.board)(LARGE.board.shape, LARGE.board.rows))
    for enemy in encounter.enemies():
        decide(encounter, enemy.id, RULESET, Dice())


def decide_process(path: Path, unit: str) -> float:
    """CPU seconds of a whole `foebook decide --json` process (its output is read, as a
    caller's would be), for benchmarks with clock="cpu" (harness.py)."""
    argv = [sys.executable, "-m", "desktop", "decide", str(path), "--unit", unit, "--json"]
    return process_seconds(argv, cwd=ROOT, cpu=True)


def _cli_process(encounter) -> Callable[[], float]:
    def run() -> float:
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "bench.toml"
            save_encounter(encounter, path)
            return decide_process(path, "e0")

    return run


def _slowest_sample() -> float:
    """The slowest sample's process, each sample's the faster of two: the slowest of a dozen
    single processes is whichever one a busy moment of the machine caught, not the slowest
    sample (a sample slow every time is still slow)."""
    samples = SAMPLES
    return max(
        min(decide_process(p, load_encounter(p).enemies()[0].id) for _ in range(2)) for p in samples
    )


def _cold_board_decide() -> None:
    encounter = SMALL.evolve(board=type(SMALL.board)(SMALL.board.shape, SMALL.board.rows))
    decide(encounter, _small_enemies[0], RULESET, Dice())


BENCHMARKS = [
    Benchmark(
        "card-flip-rpg decide: one enemy, 24x24, 12 units",
        _one_decide,
        budget=Budget.cpu(0.001),
        rounds=200,
    ),
    # Not an issue budget: the first decision on a freshly loaded board also builds the
    # board's cost grids and sight cache; shown so a slow cold path cannot hide.
    Benchmark(
        "card-flip-rpg decide: first decision on a just-loaded 24x24 board",
        _cold_board_decide,
        budget=Budget.cpu(0.003),
        rounds=100,
    ),
    Benchmark(
        "card-flip-rpg decide: all 50 enemies, 64x64, 56 units",
        _whole_board,
        budget=Budget.cpu(0.050),
        rounds=20,
    ),
    Benchmark(
        "foebook decide FILE --json: whole process, 24x24, 12 units",
        _cli_process(SMALL),
        budget=Budget.process(0.25),
        rounds=10,
        self_timed=True,
        clock="cpu",
    ),
    Benchmark(
        "foebook decide FILE --json: whole process, 64x64, 56 units",
        _cli_process(LARGE),
        budget=Budget.process(0.25),
        rounds=10,
        self_timed=True,
        clock="cpu",
    ),
    Benchmark(
        "foebook decide FILE --json: whole process, slowest of the sample encounters",
        _slowest_sample,
        budget=Budget.process(0.25),
        rounds=3,
        self_timed=True,
        clock="cpu",
    ),
]
