"""HP stops at the floor each ruleset declares (`hp_floor`): damage and a typed HP are clamped
there and the log says the real change; a unit cannot be added or edited below it."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.rulesets.registry import BUILT_IN, get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import AddUnit, Damage, Heal, SetHp, UpdateUnit
from desktop.tracker.errors import TrackerError


def session(sample: str) -> Session:
    encounter = load_encounter(sample_path(sample))
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "floor", dice_seed=1)


def test_every_built_in_ruleset_declares_its_floor():
    floors = {rid: get_ruleset(rid).data.hp_floor for rid in BUILT_IN}
    assert floors == {
        "card-flip-rpg": -1,  # 0 is stunned, below 0 dead: -1 keeps the two apart
        "skirmish-ai": 0,
        "grimdark-solo": 0,
        "hex-quest": 0,
        "dungeon-crawl": 0,
        "monster-focus": 0,
    }


def test_damage_stops_at_the_floor_and_the_log_says_the_real_change():
    cave = session("monster-focus-ice-cave.toml")
    entry = cave.execute(Damage("brute", 999))
    assert cave.encounter.unit("brute").hp == 0
    assert entry.text == "Brute takes 999 damage (HP 10 → 0 of 10; HP goes no lower than 0)"
    # At the floor already: still a hit, nothing lower.
    assert cave.execute(Damage("brute", 3)).text.endswith(
        "(HP 0 → 0 of 10; HP goes no lower than 0)"
    )
    cave.undo()
    cave.undo()
    assert cave.encounter.unit("brute").hp == 10
    # A heal counts from the floor.
    cave.execute(Damage("brute", 999))
    assert cave.execute(Heal("brute", 2)).text == "Brute heals 2 (HP 0 → 2 of 10)"


def test_card_flip_players_stop_at_minus_one_dead():
    ambush = session("card-flip-goblin-ambush.toml")
    entry = ambush.execute(Damage("aria", 999))
    aria = ambush.encounter.unit("aria")
    assert aria.hp == -1 and "dead" in aria.statuses
    assert "→ -1 of" in entry.text and entry.text.endswith("HP goes no lower than -1)")


def test_a_typed_hp_below_the_floor_is_clamped():
    cave = session("monster-focus-ice-cave.toml")
    entry = cave.execute(SetHp("brute", -999))
    assert cave.encounter.unit("brute").hp == 0
    assert entry.text == "Brute: HP 10 → 0 of 10 (-999 asked; HP goes no lower than 0)"
    with pytest.raises(TrackerError, match="already has HP 0 of 10"):
        cave.execute(SetHp("brute", -5))


def test_a_unit_cannot_be_added_or_edited_below_the_floor():
    cave = session("monster-focus-ice-cave.toml")
    raw = {"id": "imp-2", "side": "enemy", "at": [0, 0], "hp": -4, "max_hp": 4}
    with pytest.raises(TrackerError, match="HP -4 is below 0, the lowest HP in Monster focus"):
        cave.execute(AddUnit(raw))
    with pytest.raises(TrackerError, match="HP -4 is below 0"):
        cave.execute(UpdateUnit("imp", {"hp": -4}))
