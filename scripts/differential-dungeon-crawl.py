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

import argparse
import json
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from types import MappingProxyType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
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


def outcome_of(call: Any) -> Any:
    try:
        return call()
    except Exception as error:  # both sides must fail alike
        return f"{type(error).__name__}: {error}"


def dump(root: Path, encounters: int, seed: int) -> None:
    """This side's answers, one JSON line per encounter."""
    sys.path.insert(0, str(root))
    import desktop

    assert Path(desktop.__file__).resolve().is_relative_to(root.resolve()), desktop.__file__
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

            def overlays(e: Any = current, u: str = unit_id) -> Any:
                return [
                    outcome_of(lambda: sorted(ruleset.movement_range(e, u))),
                    outcome_of(lambda: sorted(ruleset.attack_range(e, u))),
                ]

            if overlays_first:
                row["overlays"] = overlays()
            decision = outcome_of(
                lambda e=current, u=unit_id, s=index * 100 + n: ruleset.decide(e, u, Dice(seed=s))
            )
            row["decision"] = decision if isinstance(decision, str) else decision.to_dict()
            row["overlays_after"] = overlays()
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


def side(root: Path, args: argparse.Namespace, output: Path) -> subprocess.Popen:
    command = [sys.executable, __file__, "--dump", str(root)]
    command += ["--encounters", str(args.encounters), "--seed", str(args.seed)]
    with output.open("w", encoding="utf-8") as out:
        return subprocess.Popen(command, stdout=out, cwd=root)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--encounters", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commit", default="main", help="the code compared against")
    parser.add_argument("--show", type=int, default=3, help="differences printed in full")
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump is not None:
        dump(args.dump, args.encounters, args.seed)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        old_root = Path(folder) / "old"
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.commit],
            check=True,
            capture_output=True,
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(old_root, filter="data")
        outputs = [Path(folder) / "old.jsonl", Path(folder) / "new.jsonl"]
        runs = [side(old_root, args, outputs[0]), side(ROOT, args, outputs[1])]
        if any(run.wait() != 0 for run in runs):
            print("a side failed")
            return 2
        old_lines = outputs[0].read_text(encoding="utf-8").splitlines()
        new_lines = outputs[1].read_text(encoding="utf-8").splitlines()
    differ = shown = decisions = 0
    for old, new in zip(old_lines, new_lines, strict=True):
        decisions += len(json.loads(new)["decided"])
        if old != new:
            differ += 1
            if shown < args.show:
                shown += 1
                print(f"--- old\n{old}\n--- new\n{new}")
    print(
        f"{len(new_lines)} encounters, {decisions} enemy decisions (with both overlays) "
        f"against {args.commit}: {differ} encounters differ"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
