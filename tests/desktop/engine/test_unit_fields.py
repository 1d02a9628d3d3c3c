"""The one check of a unit's declared fields, against the specs the rulesets declare."""

from __future__ import annotations

import pytest

from desktop.engine.unit_fields import check_unit_fields
from desktop.rulesets.registry import get_ruleset

SKIRMISH = get_ruleset("skirmish-ai").data
DUNGEON = get_ruleset("dungeon-crawl").data


def _problems(data, values, unit_id="g", unit_ids=("g", "boss")):
    return [
        (p.field, p.message)
        for p in check_unit_fields(data.unit_fields, values, unit_id, data.id, unit_ids)
    ]


def test_the_rulesets_declare_guards_and_priorities_in_their_data():
    guards = SKIRMISH.unit_fields["guards"]
    assert (guards.kind, guards.label, guards.applies_to) == ("unit", "Guards", "enemy")
    priorities = DUNGEON.unit_fields["priorities"]
    assert priorities.kind == "choices"
    assert priorities.choices == tuple(DUNGEON.extra["tactics"])
    assert list(get_ruleset("grimdark-solo").data.unit_fields) == []


def test_fitting_and_empty_values_pass():
    assert _problems(SKIRMISH, {"guards": "boss"}) == []
    assert _problems(SKIRMISH, {"guards": None}) == []
    assert _problems(DUNGEON, {"priorities": ["shoot-new", "fight-closest"]}) == []
    # Old records carry both keys, empty, whatever the ruleset.
    assert _problems(DUNGEON, {"guards": None, "priorities": []}) == []


@pytest.mark.parametrize(
    ("data", "values", "problem"),
    [
        (SKIRMISH, {"guards": "g"}, ("guards", "a unit cannot guard itself")),
        (SKIRMISH, {"guards": "ghost"}, ("guards", "no unit 'ghost' (units: boss, g)")),
        (SKIRMISH, {"guards": 7}, ("guards", "is 7; expected a text")),
        (
            SKIRMISH,
            {"guards": "x" * 65},
            ("guards", "is 65 characters long; at most 64 are allowed"),
        ),
        (
            SKIRMISH,
            {"priorities": ["fight-closest"]},
            ("priorities", "skirmish-ai has no unit field 'priorities' (known: guards)"),
        ),
        (
            DUNGEON,
            {"priorities": "fight-closest"},
            ("priorities", "is 'fight-closest'; expected a list such as ['shoot-nearest']"),
        ),
        (
            DUNGEON,
            {"priorities": ["dance"]},
            (
                "priorities",
                "unknown tactic 'dance' (known: fight-closest, fight-furthest, "
                "fight-gang, fight-individual, fight-random, shoot-furthest, shoot-gang, "
                "shoot-nearest, shoot-new, shoot-random)",
            ),
        ),
        (
            DUNGEON,
            {"priorities": ["fight-closest"] * 101},
            ("priorities", "101 items; at most 100 are allowed"),
        ),
        (
            DUNGEON,
            {"guards": "boss"},
            ("guards", "dungeon-crawl has no unit field 'guards' (known: priorities)"),
        ),
    ],
)
def test_each_wrong_value_gets_one_message_naming_it(data, values, problem):
    assert _problems(data, values) == [problem]


def test_references_are_left_for_later_when_the_units_are_not_known_yet():
    data = SKIRMISH
    assert check_unit_fields(data.unit_fields, {"guards": "later"}, "g", data.id) == []
