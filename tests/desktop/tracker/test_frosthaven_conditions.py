"""Frosthaven's conditions exist only when the variant is frosthaven, and the tracker keeps
their books: brittle and ward change the next damage, regenerate heals at the start of each
turn, bane deals its damage as the next turn ends; a standee's stat card may make it immune."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from desktop.encounter_file import EncounterFileError, load_encounter, parse_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import scenario_path
from desktop.tracker import Session, TrackerError
from desktop.tracker.commands import AddStatus, Damage, Heal, NextActivation
from desktop.tracker.scenario_commands import AddStandees
from tests.desktop.tracker.scenario_helpers import BRIAR_ROAD

RULESET = get_ruleset("monster-focus")


def road(variant: str = "frosthaven") -> Session:
    encounter = load_encounter(scenario_path(BRIAR_ROAD))
    encounter = encounter.evolve(rules=MappingProxyType({"variant": variant}))
    return Session.in_memory(encounter, RULESET, "road", dice_seed=2)


def hp(session: Session, unit_id: str) -> int:
    return session.encounter.unit(unit_id).hp


def test_frosthaven_conditions_are_refused_under_the_other_variants():
    session = road("gloomhaven")
    with pytest.raises(TrackerError, match="Brittle is only played with variant frosthaven"):
        session.execute(AddStatus("warden", "brittle"))
    assert set(RULESET.data.statuses_for({"variant": "frosthaven"})) - set(
        RULESET.data.statuses_for({"variant": "gloomhaven"})
    ) == {"brittle", "ward", "bane", "impair", "regenerate"}


def test_an_encounter_file_with_a_frosthaven_condition_under_gloomhaven_is_refused():
    text = scenario_path(BRIAR_ROAD).read_text(encoding="utf-8")
    text = text.replace("max_hp = 10\n", 'max_hp = 10\nstatuses = ["ward"]\n', 1)
    with pytest.raises(EncounterFileError, match="unit 'warden', field 'statuses': Ward is only"):
        parse_encounter(text, str(scenario_path(BRIAR_ROAD)))
    frost = text.replace('variant = "gloomhaven"', 'variant = "frosthaven"')
    assert parse_encounter(frost, str(scenario_path(BRIAR_ROAD))).unit("warden").has("ward")


def test_brittle_doubles_and_ward_halves_the_next_damage_then_ends():
    session = road()
    session.execute(AddStatus("warden", "brittle"))
    session.execute(Damage("warden", 3))
    assert session.history[-1].text == (
        "Warden takes 6 damage (3 dealt, doubled: brittle) (HP 10 → 4 of 10)"
    )
    assert not session.encounter.unit("warden").has("brittle")
    session.execute(AddStatus("alchemist", "ward"))
    session.execute(Damage("alchemist", 5))
    assert hp(session, "alchemist") == 6 and not session.encounter.unit("alchemist").has("ward")
    session.execute(AddStatus("scout", "ward"))
    session.execute(AddStatus("scout", "brittle"))
    session.execute(Damage("scout", 3))
    assert session.history[-1].text.startswith(
        "Scout takes 3 damage (3 dealt: ward and brittle cancel each other)"
    )
    assert not {"ward", "brittle"} & set(session.encounter.unit("scout").statuses)


def test_regenerate_heals_at_the_start_of_each_turn_and_damage_ends_it():
    session = road()  # the Warden acts first, then the Alchemist (both at 50)
    session.execute(Damage("alchemist", 4))
    session.execute(AddStatus("alchemist", "regenerate"))
    session.execute(NextActivation())  # the Alchemist's turn starts
    assert session.history[-1].text == (
        "Warden done; Alchemist activates; Alchemist is regenerating: Alchemist heals 1 "
        "(HP 4 → 5 of 8)"
    )
    session.undo()
    assert hp(session, "alchemist") == 4
    session.redo()
    session.execute(Damage("alchemist", 1))
    assert not session.encounter.unit("alchemist").has("regenerate")


def test_bane_deals_ten_damage_as_its_next_turn_ends_and_a_heal_ends_it_first():
    session = road()
    session.execute(AddStatus("alchemist", "bane"))  # before its turn: it ends with that turn
    session.execute(NextActivation())  # the Alchemist's turn starts
    assert hp(session, "alchemist") == 8
    session.execute(NextActivation())  # ... and ends
    assert session.history[-1].text == (
        "Alchemist done; Scout activates; Alchemist's bane ends with its turn: 10 damage "
        "(HP 8 → 0 of 8)"
    )
    assert not session.encounter.unit("alchemist").has("bane")
    session.undo()
    assert session.encounter.unit("alchemist").has("bane") and hp(session, "alchemist") == 8
    session.execute(Heal("alchemist", 1))  # a heal ends it before it bites
    assert not session.encounter.unit("alchemist").has("bane")
    session.execute(NextActivation())
    assert hp(session, "alchemist") == 8


def test_a_standee_is_immune_to_what_its_stat_card_says():
    session = road()
    session.execute(AddStandees("wisp", {"normal": 1}, [[8, 0]]))
    with pytest.raises(TrackerError, match="Wisp 1 is immune to wound"):
        session.execute(AddStatus("wisp-1", "wound"))
    session.execute(AddStatus("wisp-1", "poison"))  # not immune to poison
