#!/usr/bin/env python3
"""Differential run: the old hex-quest Python module (taken from a git commit) against the
hex-quest rule pack, on thousands of random hex encounters.

For every enemy of every encounter both rulesets decide with the same dice; everything
`foebook decide --json` says except prose is compared (action, targets, destination, path,
alternatives, statuses gained, rolls: die and value, notes), and so are the activation
order and its ties, the board's movement and attack range overlays and the derived
markers. Prose (trace, summary, roll purposes and meanings, order explanation) is compared
too and counted apart.

    .venv/bin/python scripts/differential-hex-quest.py --encounters 5000
    .venv/bin/python scripts/differential-hex-quest.py --commit be7a03c --show 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from desktop.engine.board import Board  # noqa: E402
from desktop.engine.dice import Dice  # noqa: E402
from desktop.engine.encounter import Encounter  # noqa: E402
from desktop.engine.ruleset import Ruleset  # noqa: E402
from desktop.engine.units import make_unit  # noqa: E402
from desktop.rulesets.packs.pack_ruleset import PackRuleset  # noqa: E402
from scripts.old_rulesets import old_ruleset, pack_ruleset  # noqa: E402

PACK = ROOT / "desktop/rulesets/hex_quest/pack.toml"
# The last commit with the module: the one before it was removed (or main, if not yet).
DEFAULT_COMMIT = "be7a03c5ed7851ae425a5beca712b0678a4b82a5"
PROSE = ("trace", "summary")
ROLL_PROSE = ("purpose", "meaning")


def random_encounter(rng: random.Random) -> Encounter:
    width, height = rng.randint(3, 16), rng.randint(2, 12)
    walls = rng.choice([0, 1, 2, 4, 6])
    rows = [
        "".join(
            rng.choices(".#~,c+O=", weights=[40, walls * 3, 2, 2, 1, 1, 1, 1])[0]
            for _ in range(width)
        )
        for _ in range(height)
    ]
    board = Board.from_text("hex", "\n".join(rows))
    free = [c for c in board.cells() if board.passable(c)]
    rng.shuffle(free)
    units = []
    for i in range(min(len(free) // 2, rng.randint(1, 6))):
        stats: dict[str, float] = {}
        for name, low, high in (
            ("move", 0, 6),
            ("range", 1, 4),
            ("targets", 1, 3),
            ("level", 0, 5),
            ("combat", 0, 3),
        ):
            if rng.random() < 0.8:  # else the stat's default
                stats[name] = rng.randint(low, high)
        units.append(
            make_unit(
                f"e{i}",
                "enemy",
                free.pop(),
                rng.choice([rng.randint(1, 9), rng.randint(-1, 9)]),
                9,
                ai=rng.choice(["strongest", "weakest", None]),
                stats=stats,
                tags=rng.choice([(), (), (), ("quest",), ("troll",), ("quest", "troll")]),
                statuses=("defeated",) if rng.random() < 0.05 else (),
            )
        )
    for i in range(min(len(free), rng.randint(0, 6))):
        hp = rng.choice([rng.randint(-1, 9), rng.randint(3, 5)])  # equal HP are common
        units.append(make_unit(f"p{i}", "player", free.pop(), hp, 9))
    return Encounter("hex-quest", board, tuple(units))


def split(decided: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a decision does, and how it words it."""
    facts = {k: v for k, v in decided.items() if k not in PROSE}
    facts["rolls"] = [{k: v for k, v in r.items() if k not in ROLL_PROSE} for r in decided["rolls"]]
    prose = {k: decided[k] for k in PROSE}
    prose["rolls"] = [{k: r.get(k) for k in ROLL_PROSE} for r in decided["rolls"]]
    return facts, prose


def compare(old: Ruleset, new: Ruleset, enc: Encounter, seed: int) -> tuple[list[str], list[str]]:
    """(differences in what they do, differences in prose) for one encounter."""
    facts: list[str] = []
    prose: list[str] = []
    a, b = old.order(enc), new.order(enc)
    if a.to_dict() != b.to_dict():
        facts.append(f"order: {a.to_dict()} != {b.to_dict()}")
    if a.explanation != b.explanation:
        prose.append(f"order explanation: {a.explanation} != {b.explanation}")
    for unit in enc.units:
        if old.derived_statuses(unit) != new.derived_statuses(unit):
            facts.append(f"{unit.id} derived: {old.derived_statuses(unit)} != ...")
        if old.is_defeated(unit) != new.is_defeated(unit):
            facts.append(f"{unit.id} is_defeated differs")
    for enemy in enc.enemies():
        for overlay in ("movement_range", "attack_range"):
            ca = getattr(old, overlay)(enc, enemy.id)
            cb = getattr(new, overlay)(enc, enemy.id)
            if ca != cb:
                facts.append(f"{enemy.id} {overlay}: old-only {ca - cb}, pack-only {cb - ca}")
        da = old.decide(enc, enemy.id, Dice(seed=seed)).to_dict()
        db = new.decide(enc, enemy.id, Dice(seed=seed)).to_dict()
        (fa, pa), (fb, pb) = split(da), split(db)
        if fa != fb:
            facts.append(f"{enemy.id} decision:\n  old  {json.dumps(fa)}\n  pack {json.dumps(fb)}")
        if pa != pb:
            prose.append(f"{enemy.id} prose:\n  old  {json.dumps(pa)}\n  pack {json.dumps(pb)}")
    return facts, prose


def describe(enc: Encounter) -> str:
    units = "; ".join(
        f"{u.id} {u.side.value} at {list(u.at)} hp {u.hp} ai {u.ai} stats {dict(u.stats)} "
        f"tags {list(u.tags)}"
        for u in enc.units
    )
    return "\n".join(" ".join(row) for row in enc.board.rows) + "\n" + units


# Turn abilities given to both rulesets for every other encounter (the shipped data has
# none): one for everyone, one by tag, one by status.
ABILITIES = [
    {"id": "aura", "name": "Dread aura", "timing": "start-of-turn", "effect": "chills"},
    {
        "id": "regen",
        "name": "Regenerate",
        "timing": "end-of-turn",
        "effect": "heals 2 HP",
        "when_tag": ["troll"],
    },
    {
        "id": "last",
        "name": "Last gasp",
        "timing": "end-of-turn",
        "effect": "curses",
        "when_status": ["defeated"],
    },
]


def with_abilities(old: Ruleset, new: Ruleset) -> tuple[Ruleset, Ruleset]:
    data = replace(old.data, extra=dict(old.data.extra, abilities=ABILITIES))
    assert isinstance(new, PackRuleset)
    pack_data = replace(new.data, extra=dict(new.data.extra, abilities=ABILITIES))
    return type(old)(data), PackRuleset(replace(new.pack, data=pack_data))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--encounters", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commit", default=DEFAULT_COMMIT, help="where the old module is")
    parser.add_argument("--pack", type=Path, default=PACK)
    parser.add_argument("--show", type=int, default=3, help="differences printed in full")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        plain = (
            old_ruleset(args.commit, "hex-quest", Path(folder), "HexQuest"),
            pack_ruleset(args.pack),
        )
        abled = with_abilities(*plain)
        rng = random.Random(args.seed)
        decisions = fact_diffs = prose_diffs = 0
        shown = 0
        for index in range(args.encounters):
            enc = random_encounter(rng)
            decisions += len(enc.enemies())
            old, new = abled if index % 2 else plain
            facts, prose = compare(old, new, enc, seed=index)
            fact_diffs += bool(facts)
            prose_diffs += bool(prose)
            if (facts or prose) and shown < args.show:
                shown += 1
                print(f"--- encounter {index}\n{describe(enc)}")
                print("\n".join(facts + prose))
    print(
        f"{args.encounters} encounters, {decisions} enemy decisions: "
        f"{fact_diffs} encounters differ in what is decided, {prose_diffs} in prose"
    )
    return 1 if fact_diffs or prose_diffs else 0


if __name__ == "__main__":
    sys.exit(main())
