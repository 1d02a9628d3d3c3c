"""monster-focus turn order: every figure by initiative, characters before monsters at equal
initiative, tied characters left to the players; `order` lists the monsters only."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.encounter import Encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path

RULESET = get_ruleset("monster-focus")


def cave(**initiatives: float) -> Encounter:
    """The ice-cave tutorial with these initiatives (brute, cragheart, golem, imp)."""
    encounter = load_encounter(sample_path("monster-focus-ice-cave.toml"))
    units = tuple(
        u.evolve(stats=MappingProxyType({**u.stats, "initiative": initiatives[u.id]}))
        if u.id in initiatives
        else u
        for u in encounter.units
    )
    return encounter.evolve(units=units)


def test_figures_act_by_initiative_lowest_first():
    order = RULESET.turn_order(cave(brute=55, cragheart=12, golem=30, imp=70))
    assert order.order == ("cragheart", "golem", "brute", "imp")
    assert order.ties == ()
    assert "Cragheart 12, Ice golem 30, Brute 55, Flame imp 70" in " ".join(order.explanation)


def test_a_character_acts_before_a_monster_at_the_same_initiative():
    order = RULESET.turn_order(cave(brute=30, cragheart=80, golem=30, imp=30))
    assert order.order == ("brute", "golem", "imp", "cragheart")
    assert order.ties == ()  # monsters tied keep the roster order: no choice to make


def test_characters_tied_on_initiative_are_the_players_choice():
    order = RULESET.turn_order(cave(brute=40, cragheart=40, golem=10, imp=90))
    assert order.order == ("golem", "brute", "cragheart", "imp")
    assert order.ties == (("brute", "cragheart"),)


def test_the_enemies_order_lists_monsters_only_by_initiative():
    order = RULESET.order(cave(brute=5, cragheart=6, golem=50, imp=20))
    assert order.order == ("imp", "golem")
    assert order.ties == ()


@pytest.mark.parametrize("dead", ["brute", "imp"])
def test_the_dead_take_no_turn(dead):
    encounter = cave(brute=10, cragheart=20, golem=30, imp=40)
    encounter = encounter.evolve(
        units=tuple(u.evolve(hp=0) if u.id == dead else u for u in encounter.units)
    )
    assert dead not in RULESET.turn_order(encounter).order
    assert len(RULESET.turn_order(encounter).order) == 3


def test_a_figure_without_an_initiative_acts_last():
    encounter = cave(cragheart=20, golem=30, imp=70)
    bare = encounter.evolve(
        units=tuple(
            u.evolve(
                stats=MappingProxyType({k: v for k, v in u.stats.items() if k != "initiative"})
            )
            if u.id == "brute"
            else u
            for u in encounter.units
        )
    )
    assert RULESET.turn_order(bare).order == ("cragheart", "golem", "imp", "brute")
