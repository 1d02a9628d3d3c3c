"""skirmish-ai roll groups: every enemy's group, found for all at once by looking around each
figure, is the one the definition gives (enemies within 2" of one another, chained)."""

from __future__ import annotations

import random

from desktop.engine.board import Board, Shape
from desktop.engine.encounter import Encounter
from desktop.engine.square_geometry import inches
from desktop.engine.units import make_unit
from desktop.rulesets.registry import get_ruleset
from desktop.rulesets.skirmish_ai.ruleset import (
    GROUP_DISTANCE,
    TABLE_TYPES,
    roll_group,
    roll_groups,
)

AIS = ("aggressive", "cautious", "tactical", "defensive", "rampaging", "beast")


def by_definition(encounter: Encounter, unit) -> list:
    """Grown one enemy at a time, every member measured to every enemy."""
    pool = [
        u for u in encounter.enemies() if u.hp > 0 and u.ai in TABLE_TYPES and not u.has("shocked")
    ]
    if unit.ai not in TABLE_TYPES or unit not in pool:
        return [unit]
    group, frontier = {unit.id}, [unit]
    while frontier:
        here = frontier.pop()
        for other in pool:
            if other.id not in group and inches(here.at, other.at) <= GROUP_DISTANCE:
                group.add(other.id)
                frontier.append(other)
    return [u for u in pool if u.id in group]


def crowd(seed: int) -> Encounter:
    rng = random.Random(seed)
    side = rng.randint(4, 30)
    cells = [(x, y) for x in range(side) for y in range(side)]
    rng.shuffle(cells)
    units = [
        make_unit(
            f"e{i}",
            "enemy",
            cells.pop(),
            rng.choice([0, 3, 5]),
            5,
            ai=rng.choice(AIS),
            statuses=("shocked",) if rng.random() < 0.1 else (),
        )
        for i in range(rng.randint(1, min(60, side * side - 1)))
    ]
    units.append(make_unit("p", "player", cells.pop(), 5, 5))
    return Encounter(
        "skirmish-ai", Board(Shape.SQUARE, tuple("." * side for _ in range(side))), tuple(units)
    )


def test_every_roll_group_is_the_one_the_definition_gives():
    for seed in range(150):
        encounter = crowd(seed)
        groups = roll_groups(encounter)
        for unit in encounter.enemies():
            expected = by_definition(encounter, unit)
            assert roll_group(encounter, unit) == expected, seed
            if len(expected) > 1 or unit.id in groups:
                assert groups[unit.id] == expected, seed


def test_the_helpers_list_each_group_of_several_once():
    encounter = crowd(11)
    shown = [h for h in get_ruleset("skirmish-ai").helpers(encounter) if h.label == "Roll group"]
    expected = []
    for unit in encounter.enemies():
        group = by_definition(encounter, unit)
        if unit.hp > 0 and len(group) > 1 and group[0].id == unit.id:
            expected.append(", ".join(u.name for u in group))
    assert [h.value for h in shown] == expected and expected
