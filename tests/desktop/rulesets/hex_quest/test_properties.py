"""hex-quest properties on random hex maps: legal paths, legal targets, honest ties."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine.board import Board
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.hex_geometry import hex_distance, hex_neighbours
from desktop.engine.sight import has_line_of_sight
from desktop.engine.units import make_unit
from desktop.rulesets.registry import get_ruleset

RULES = get_ruleset("hex-quest")


def _random_encounter(seed: int) -> Encounter:
    rng = random.Random(seed)
    width, height = rng.randint(4, 12), rng.randint(3, 10)
    rows = [
        "".join(rng.choices(".#~,", weights=[12, 2, 1, 1])[0] for _ in range(width))
        for _ in range(height)
    ]
    board = Board.from_text("hex", "\n".join(rows))
    free = [c for c in board.cells() if board.passable(c)]
    rng.shuffle(free)
    units = []
    for i in range(min(len(free) // 2, rng.randint(1, 4))):
        units.append(
            make_unit(
                f"e{i}",
                "enemy",
                free.pop(),
                rng.randint(1, 9),
                9,
                ai=rng.choice(["strongest", "weakest"]),
                stats={
                    "move": rng.randint(0, 4),
                    "range": rng.randint(1, 3),
                    "targets": rng.randint(1, 3),
                },
            )
        )
    for i in range(min(len(free), rng.randint(0, 4))):
        units.append(make_unit(f"p{i}", "player", free.pop(), rng.randint(-1, 6), 9))
    return Encounter("hex-quest", board, tuple(units))


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_paths_targets_and_alternatives_follow_the_rules(seed):
    enc = _random_encounter(seed)
    board = enc.board
    for enemy in enc.enemies():
        d = decide(enc, enemy.id, RULES, Dice(seed=seed))
        occupied = enc.occupied(exclude=[enemy.id])
        reach = int(enemy.stat("range"))
        outcomes = (d.outcome, *d.alternatives)
        assert len(set(outcomes)) == len(outcomes)  # no duplicates among the alternatives
        for outcome in outcomes:
            here = enemy.at
            assert len(outcome.path) <= enemy.stat("move")
            for cell in outcome.path:
                assert cell in hex_neighbours(here)
                assert board.passable(cell) and cell not in occupied
                here = cell
            assert outcome.destination == (outcome.path[-1] if outcome.path else None)
            assert len(outcome.targets) <= enemy.stat("targets")
            hps = []
            for target_id in outcome.targets:
                target = enc.unit(target_id)
                assert target.hp > 0 and not target.is_enemy
                assert hex_distance(here, target.at) <= reach
                assert has_line_of_sight(board, here, target.at)
                hps.append(target.hp)
            expected = sorted(hps, reverse=enemy.ai == "strongest")
            assert hps == expected  # icon order
            if outcome.path:
                # It only moves when nothing was targetable where it stood.
                assert not any(
                    p.hp > 0
                    and hex_distance(enemy.at, p.at) <= reach
                    and has_line_of_sight(board, enemy.at, p.at)
                    for p in enc.players()
                )
        assert len(d.rolls) <= 1  # one Combat roll at most, shared by every target
