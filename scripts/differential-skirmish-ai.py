#!/usr/bin/env python3
"""Differential run: skirmish-ai as at a git commit (engine and ruleset, main by default)
against this tree, on hundreds of random encounters of several sizes.

Each side runs in a process of its own (the two engines cannot share one), builds the same
seeded encounters and writes, per encounter, everything a decision holds for every enemy
(prose, chain, rolls and notes included), its movement and attack overlays and, for some
encounters, the roll groups' decisions; the two outputs must be identical. Encounters:
small and medium tables of walls, cover, difficult ground, doors, windows and hazard gaps,
with heights or without, the benchmark's 48"x48" table with its figures in new places,
large tables and, one in fifty, a table of up to 200"x200" crowded with figures; every AI
type (guardians with wards), swift and skulker figures, stunned, shocked and overwatch
markers, ranged, pistol, heavy and melee weapons, figures out of action. Some encounters
are played as a phase (each enemy moved to its decided cell before the next decides, on
the same board), and the overlays are asked before or after the decision, so the movement
fields a board keeps between calls are exercised.

    .venv/bin/python scripts/differential-skirmish-ai.py --encounters 400
    .venv/bin/python scripts/differential-skirmish-ai.py --commit main --show 3
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from differential_sides import main, outcome_of, overlays, use_tree

AIS = ("cautious", "aggressive", "tactical", "defensive", "rampaging", "beast", "guardian")


def random_rows(rng: random.Random, width: int, height: int) -> list[str]:
    grid = [["."] * width for _ in range(height)]
    for _ in range(rng.randint(0, width * height // 30 + 1)):  # features of a few cells
        x, y = rng.randrange(width), rng.randrange(height)
        char = rng.choice("cc#,+=~")
        for dx in range(rng.randint(1, 3)):
            for dy in range(rng.randint(1, 2)):
                if x + dx < width and y + dy < height:
                    grid[y + dy][x + dx] = char
    return ["".join(row) for row in grid]


def random_heights(rng: random.Random, width: int, height: int) -> tuple[tuple[int, ...], ...]:
    heights = [[0] * width for _ in range(height)]
    for _ in range(rng.randint(1, 4)):  # rooftops and hills
        x, y = rng.randrange(width), rng.randrange(height)
        level = rng.randint(1, 4)
        for dx in range(rng.randint(1, 5)):
            for dy in range(rng.randint(1, 5)):
                if x + dx < width and y + dy < height:
                    heights[y + dy][x + dx] = level
    return tuple(tuple(row) for row in heights)


def build(rng: random.Random, index: int) -> tuple[Any, bool, bool]:
    """(encounter, whether it is played as a phase, whether groups decide) for number
    `index`."""
    from desktop.engine.board import Board, Shape
    from desktop.engine.encounter import Encounter
    from desktop.engine.units import Weapon, make_unit
    from tests.benchmarks.bench_skirmish_ai import ROWS

    kind = index % 10
    if index % 50 == 49:  # near the documented limits: a big table crowded with figures
        kind = 10
        width, height = rng.randint(120, 200), rng.randint(120, 200)
        enemies, players = rng.randint(20, 60), rng.randint(20, 80)
    elif kind < 5:
        width, height = rng.randint(4, 20), rng.randint(4, 20)
        enemies, players = rng.randint(1, 6), rng.randint(0, 5)
    elif kind < 8:
        width, height = rng.randint(20, 48), rng.randint(20, 48)
        enemies, players = rng.randint(2, 12), rng.randint(2, 10)
    elif kind < 9:
        width, height = 48, 48
        enemies, players = 12, 8
    else:
        width, height = rng.randint(60, 100), rng.randint(60, 100)
        enemies, players = rng.randint(2, 8), rng.randint(5, 30)
    rows = list(ROWS) if kind == 8 else random_rows(rng, width, height)
    heights = random_heights(rng, width, height) if rng.random() < 0.3 else None
    board = Board(Shape.SQUARE, tuple(rows), heights)
    free = [c for c in board.cells() if board.passable(c)]
    rng.shuffle(free)
    if kind == 8:  # as in the benchmark: enemies on the left, players on the right
        free.sort(key=lambda c: c[0] < 14)
    units = []
    enemy_ids = [f"e{i}" for i in range(enemies)]
    for i in range(enemies):
        if not free:
            break
        ai = rng.choice(AIS)
        extra: dict[str, Any] = {}
        if ai == "guardian":
            extra["guards"] = rng.choice([*enemy_ids, "p0"])
        tags = tuple(t for t in ("swift", "skulker") if rng.random() < 0.2)
        statuses = tuple(s for s in ("stunned", "shocked", "overwatch") if rng.random() < 0.1)
        weapons = rng.choice(
            [
                (Weapon("Rifle", "ranged", 24),),
                (Weapon("Carbine", "ranged", 18),),
                (Weapon("Pistol", "pistol", 12), Weapon("Blade", "melee", 1)),
                (Weapon("Cannon", "heavy", 30), Weapon("Rifle", "ranged", 24)),
                (Weapon("Claws", "melee", 1),),
                (),
            ]
        )
        stats = {"move": rng.choice([4, 5, 6, 6, 6, 7, 8])} if rng.random() < 0.9 else {}
        hp = 0 if rng.random() < 0.08 else 5
        units.append(
            make_unit(
                f"e{i}",
                "enemy",
                free.pop(),
                hp,
                5,
                ai=ai,
                stats=stats,
                weapons=weapons,
                tags=tags,
                statuses=statuses,
                **extra,
            )
        )
    if kind == 8:
        free.reverse()
    for i in range(players):
        if not free:
            break
        hp = 0 if rng.random() < 0.08 else 5
        units.append(make_unit(f"p{i}", "player", free.pop(), hp, 5))
    encounter = Encounter("skirmish-ai", board, tuple(units))
    return encounter, rng.random() < 0.4, rng.random() < 0.3


def dump(root: Path, encounters: int, seed: int) -> None:
    """This side's answers, one JSON line per encounter."""
    use_tree(root)
    from desktop.engine.dice import Dice
    from desktop.rulesets.registry import get_ruleset

    ruleset = get_ruleset("skirmish-ai")
    rng = random.Random(seed)
    for index in range(encounters):
        encounter, phase, groups = build(rng, index)
        out: dict[str, Any] = {"index": index}
        out["problems"] = ruleset.validate(encounter)
        enemies = [u.id for u in encounter.enemies()]
        current = encounter
        decided = []
        for n, unit_id in enumerate(enemies):
            row: dict[str, Any] = {"unit": unit_id}

            if (index + n) % 2 == 0:
                row["overlays"] = overlays(ruleset, current, unit_id)
            decision = outcome_of(
                lambda e=current, u=unit_id, s=index * 100 + n: ruleset.decide(e, u, Dice(seed=s))
            )
            row["decision"] = decision if isinstance(decision, str) else decision.to_dict()
            row["overlays_after"] = overlays(ruleset, current, unit_id)
            if groups:
                group = outcome_of(
                    lambda e=current, u=unit_id, s=index * 100 + n: ruleset.decide_group(
                        e, u, Dice(seed=s)
                    )
                )
                row["group"] = group if isinstance(group, str) else [d.to_dict() for d in group]
            decided.append(row)
            if phase and not isinstance(decision, str) and decision.destination is not None:
                moved = current.unit(unit_id).evolve(at=decision.destination)
                current = current.replace_unit(moved)
        out["decided"] = decided
        print(json.dumps(out, sort_keys=True, default=str), flush=True)


if __name__ == "__main__":
    sys.exit(main(__file__, __doc__, 400, dump))
