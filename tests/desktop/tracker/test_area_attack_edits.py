"""A monster's area attack set, changed and cleared by AddUnit / UpdateUnit: checked, logged,
undone and redone."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.units import AreaAttack
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import AddUnit, SetStat, UpdateUnit, command_from_payload
from desktop.tracker.errors import TrackerError
from tests.desktop.tracker.test_commands import refused
from tests.desktop.tracker.tiny_ruleset import TINY, tiny_encounter

GOLEM_AREA = AreaAttack("melee", ((1, 0), (0, 1)))
WIDER = {"kind": "melee", "hexes": [[1, 0], [0, 1], [-1, 1]]}


@pytest.fixture
def cave() -> Session:
    encounter = load_encounter(sample_path("monster-focus-ice-cave.toml"))
    return Session.in_memory(encounter, get_ruleset("monster-focus"), "cave")


def test_a_changed_area_is_logged_undone_and_redone(cave):
    entry = cave.execute(UpdateUnit("golem", {"aoe": WIDER}))
    assert entry.text == "Edited Ice golem: area attack"
    assert cave.encounter.unit("golem").aoe == AreaAttack("melee", ((1, 0), (0, 1), (-1, 1)))
    # The board's decision follows: the golem now hits three hexes.
    assert len(decide(cave.encounter, "golem", cave.ruleset).outcome.area) == 3
    cave.undo()
    assert cave.encounter.unit("golem").aoe == GOLEM_AREA
    assert len(decide(cave.encounter, "golem", cave.ruleset).outcome.area) == 2
    cave.redo()
    assert len(cave.encounter.unit("golem").aoe.hexes) == 3


def test_none_clears_the_area_and_a_left_out_key_keeps_it(cave):
    cave.execute(UpdateUnit("golem", {"hp": 5}))
    assert cave.encounter.unit("golem").aoe == GOLEM_AREA
    entry = cave.execute(UpdateUnit("golem", {"aoe": None}))
    assert entry.text == "Edited Ice golem: area attack"
    assert cave.encounter.unit("golem").aoe is None
    assert decide(cave.encounter, "golem", cave.ruleset).outcome.area == ()
    cave.undo()
    assert cave.encounter.unit("golem").aoe == GOLEM_AREA


def test_a_new_monster_brings_its_area(cave):
    cave.execute(
        AddUnit(
            {
                "id": "yeti",
                "name": "Yeti",
                "side": "enemy",
                "at": [6, 4],
                "max_hp": 6,
                "stats": {"move": 2, "range": 3, "targets": 1},
                "aoe": {"kind": "ranged", "hexes": [[0, 0], [1, 0]]},
            }
        )
    )
    assert cave.encounter.unit("yeti").aoe == AreaAttack("ranged", ((0, 0), (1, 0)))
    cave.undo()
    assert not cave.encounter.has_unit("yeti")


@pytest.mark.parametrize(
    ("aoe", "message"),
    [
        ({"kind": "cone", "hexes": [[1, 0]]}, "area attack: expected"),
        ({"kind": "melee", "hexes": []}, "area attack: expected"),
        ({"kind": "melee", "hexes": [[1, "0"]]}, "area attack: expected"),
        ({"kind": "melee", "hexes": [[1, 0]], "size": 2}, "area attack: expected"),
        ({"kind": "melee", "hexes": [[999, 0]]}, "each offset within"),
    ],
)
def test_a_malformed_area_is_refused(cave, aoe, message):
    refused(cave, UpdateUnit("golem", {"aoe": aoe}), message)


def test_a_ruleset_without_area_attacks_refuses_one():
    tiny = Session.in_memory(tiny_encounter(), TINY, "tiny")
    refused(tiny, UpdateUnit("e1", {"aoe": WIDER}), "has no area attacks")


def test_the_payload_round_trips_with_an_area():
    command = UpdateUnit("golem", {"aoe": WIDER})
    assert command_from_payload(command.kind, command.payload()) == command


def test_a_change_that_breaks_the_rulesets_own_rules_is_refused_and_changes_nothing():
    session = Session.in_memory(
        load_encounter(sample_path("monster-focus-ice-cave.toml")), get_ruleset("monster-focus")
    )
    before = session.state
    # The golem's melee area needs range 0: a range of 3 would make it a ranged attacker.
    with pytest.raises(TrackerError, match="aoe kind 'melee' does not match range 3"):
        session.execute(SetStat("golem", "range", 3))
    assert session.state == before
