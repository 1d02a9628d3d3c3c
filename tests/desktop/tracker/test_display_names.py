"""Figures sharing a name are numbered wherever they are shown."""

from __future__ import annotations

import re

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset
from desktop.samples import list_samples, sample_path
from desktop.tracker.display_names import display_names, split_number, with_display_names


def test_shared_names_are_numbered_in_roster_order_and_unique_names_stay():
    encounter = load_encounter(sample_path("dungeon-crawl-guard-room.toml"))
    names = display_names(encounter.units)
    goblins = [names[u.id] for u in encounter.units if u.name == "Goblin"]
    assert goblins == ["Goblin 1", "Goblin 2"]
    assert names[next(u.id for u in encounter.units if u.name == "Ogre")] == "Ogre"
    assert len(set(names.values())) == len(encounter.units)


def test_numbers_skip_a_name_another_unit_already_has():
    encounter = load_encounter(sample_path("dungeon-crawl-guard-room.toml"))
    first, second, *rest = [u for u in encounter.units if u.name == "Goblin"]
    units = [
        first,
        second,
        rest[0] if rest else second.evolve(id="x"),
        encounter.units[0].evolve(id="named", name="Goblin 1"),
    ]
    names = display_names(units)
    assert names["named"] == "Goblin 1"
    assert "Goblin 1" not in [names[first.id], names[second.id]]
    assert len({names[u.id] for u in units}) == len({u.id for u in units})


@pytest.mark.parametrize("sample", [s.file_name for s in list_samples()])
def test_decision_reasons_name_figures_by_their_display_names_not_ids(sample):
    encounter = with_display_names(load_encounter(sample_path(sample)))
    ruleset = get_ruleset(encounter.ruleset)
    ids = [u.id for u in encounter.units if u.id not in {x.name for x in encounter.units}]
    for enemy in encounter.enemies():
        decision = decide(encounter, enemy.id, ruleset, Dice(seed=1))
        text = " ".join(f"{step.step} {step.detail}" for step in decision.trace)
        leaked = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
        assert not leaked, f"{sample}, {enemy.name}: ids {leaked} in {text!r}"
    names = [u.name for u in encounter.units]
    assert len(set(names)) == len(names)


def test_split_number():
    assert split_number("Orc Warrior 2") == ("Orc Warrior", "2")
    assert split_number("Ogre") == ("Ogre", "")
