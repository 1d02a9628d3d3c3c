#!/usr/bin/env python3
"""Differential run: dungeon-crawl as at a git commit (engine and ruleset, main by default)
against this tree, on thousands of random encounters of several sizes.

Each side runs in a process of its own (the two engines cannot share one), builds the same
seeded encounters and writes, per encounter, everything `foebook decide --json` prints for
every enemy (prose included), the activation order and its explanation, the derived
statuses and the board's movement and attack overlays; the two outputs must be identical.
Encounters: small and medium boards of walls, doors and difficult ground, the benchmark's
dungeon of rooms, and large boards with dozens of heroes (far routes, many tied heroes);
figures of size 1 to 3, reach 1 to 3, ranged and spell weapons, 0 or more move, heroes
out of play, shooting memory. Some encounters are played as a phase (each enemy moved to
its decided square before the next decides), and the overlays are asked before and after
the decision, so caches kept between calls are exercised.

    .venv/bin/python scripts/differential-dungeon-crawl.py --encounters 3000
    .venv/bin/python scripts/differential-dungeon-crawl.py --commit main --show 3
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any

from differential_sides import main, outcome_of, overlays, use_tree

TACTICS = (
    "shoot-nearest",
    "shoot-furthest",
    "shoot-gang",
    "shoot-new",
    "shoot-random",
    "fight-closest",
    "fight-furthest",
    "fight-gang",
    "fight-individual",
    "fight-random",
)


def random_rows(rng: random.Random, width: int, height: int) -> list[str]:
    walls = rng.choice([0, 0.05, 0.12, 0.25])
    doors = rng.choice([0, 0, 0.02, 0.06])
    rows = []
    for _ in range(height):
        row = ""
        for _ in range(width):
            roll = rng.random()
            row += "#" if roll < walls else "+" if roll < walls + doors else "."
        rows.append(row)
    if rng.random() < 0.3:  # a wall across with a doorway, as rooms have
        y = rng.randrange(height)
        gap = rng.randrange(width)
        span = rng.randint(1, 3)
        rows[y] = "".join("+" if gap <= x < gap + span else "#" for x in range(width))
    return rows


def build(rng: random.Random, index: int) -> tuple[Any, bool]:
    """(encounter, whether it is played as a phase) for encounter number `index`."""
    from desktop.engine.board import Board, Shape
    from desktop.engine.encounter import Encounter, Memory
    from desktop.engine.units import Weapon, make_unit
    from tests.benchmarks.bench_hex_quest_dungeon_crawl import DUNGEON_ROWS

    kind = index % 10
    if kind < 6:
        width, height = rng.randint(2, 14), rng.randint(2, 12)
        enemies, heroes = rng.randint(1, 6), rng.randint(0, 6)
    elif kind < 8:
        width, height = rng.randint(15, 40), rng.randint(15, 40)
        enemies, heroes = rng.randint(2, 12), rng.randint(4, 20)
    elif kind < 9:
        width, height = 24, 24
        enemies, heroes = rng.randint(4, 16), rng.randint(2, 8)
    else:
        width, height = rng.randint(50, 90), rng.randint(50, 90)
        enemies, heroes = rng.randint(2, 6), rng.randint(15, 50)
    rows = list(DUNGEON_ROWS) if kind == 8 else random_rows(rng, width, height)
    board = Board(Shape.SQUARE, tuple(rows))
    free = [c for c in board.cells() if board.passable(c)]
    rng.shuffle(free)
    taken: set = set()

    def spot(size: int) -> Any:
        while free:
            at = free.pop()
            block = {(at[0] + dx, at[1] + dy) for dx in range(size) for dy in range(size)}
            fits = all(board.in_bounds(c) for c in block) and not block & taken
            # A large block may overhang walls (squeezed), three times in ten it must not.
            if fits and (size == 1 or rng.random() < 0.7 or all(map(board.passable, block))):
                taken.update(block)
                return at
        return None

    units = []
    for i in range(enemies):
        size = rng.choice([1, 1, 1, 1, 2, 2, 3])
        at = spot(size)
        if at is None:
            break
        stats: dict[str, Any] = {}
        if size > 1 or rng.random() < 0.2:
            stats["size"] = size
        if rng.random() < 0.3:
            stats["reach"] = rng.randint(1, 3)
        if rng.random() < 0.9:
            stats["move"] = rng.choice([0, 1, 2, 3, 4, 5, 6, 8])
        weapons = rng.choice(
            [(), (), (Weapon("Bow", "ranged"),), (Weapon("Hex", "spell"),), (Weapon("Axe"),)]
        )
        card = rng.sample(TACTICS, rng.randint(0, 5)) if rng.random() < 0.8 else None
        extra: dict[str, Any] = {"priorities": card} if card is not None else {}
        hp = rng.choice([3, 3, 3, 0]) if rng.random() < 0.2 else 3
        units.append(make_unit(f"e{i}", "enemy", at, hp, 3, stats=stats, weapons=weapons, **extra))
    for i in range(heroes):
        size = rng.choice([1] * 8 + [2])
        at = spot(size)
        if at is None:
            break
        stats = {"size": size} if size > 1 else {}
        hp = rng.choice([6, 6, 6, 0])
        units.append(make_unit(f"p{i}", "player", at, hp, 6, stats=stats))
    hero_ids = [u.id for u in units if u.id.startswith("p")]
    shot = tuple(h for h in hero_ids if rng.random() < 0.3)
    previous = rng.choice([None, *hero_ids, "nobody"]) if hero_ids else None
    memory = Memory(MappingProxyType({}), shot, previous)
    encounter = Encounter("dungeon-crawl", board, tuple(units), memory=memory)
    return encounter, rng.random() < 0.3


def dump(root: Path, encounters: int, seed: int) -> None:
    """This side's answers, one JSON line per encounter."""
    use_tree(root)
    from desktop.engine.dice import Dice
    from desktop.engine.encounter import Memory
    from desktop.rulesets.registry import get_ruleset

    ruleset = get_ruleset("dungeon-crawl")
    rng = random.Random(seed)
    for index in range(encounters):
        encounter, phase = build(rng, index)
        out: dict[str, Any] = {"index": index}
        out["problems"] = ruleset.validate(encounter)
        order = outcome_of(lambda e=encounter: ruleset.order(e))
        out["order"] = order if isinstance(order, str) else [order.to_dict(), order.explanation]
        out["statuses"] = [sorted(ruleset.derived_statuses(u)) for u in encounter.units]
        enemies = [u.id for u in encounter.enemies()]
        if phase and not isinstance(order, str):
            enemies = list(order.order)
        current = encounter
        decided = []
        for n, unit_id in enumerate(enemies):
            overlays_first = (index + n) % 2 == 0
            row: dict[str, Any] = {"unit": unit_id}
            if overlays_first:
                row["overlays"] = overlays(ruleset, current, unit_id)
            decision = outcome_of(
                lambda e=current, u=unit_id, s=index * 100 + n: ruleset.decide(e, u, Dice(seed=s))
            )
            row["decision"] = decision if isinstance(decision, str) else decision.to_dict()
            row["overlays_after"] = overlays(ruleset, current, unit_id)
            decided.append(row)
            if phase and not isinstance(decision, str):
                if decision.destination is not None:
                    moved = current.unit(unit_id).evolve(at=decision.destination)
                    current = current.replace_unit(moved)
                if decision.targets:
                    memory = current.memory
                    current = current.evolve(
                        memory=Memory(
                            memory.last_attacker,
                            (*memory.shot_this_round, decision.targets[0]),
                            decision.targets[0],
                        )
                    )
        out["decided"] = decided
        print(json.dumps(out, sort_keys=True), flush=True)


if __name__ == "__main__":
    sys.exit(main(__file__, __doc__, 3000, dump))
