"""Cards of a scenario played from a monster book: one card per monster type (not per
standee) with its stat lines, the scenario level's in a grid per rank and every level in a
table; the cards fit every card size."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import scenario_path
from tests.ui.cards.test_layout import check_layout
from ui.cards.content import DeckRequest, Heading, Paragraph, StatGrid, encounter_deck
from ui.cards.layout import CardLayouter
from ui.cards.sheet import SIZES


def briar_road_deck():
    encounter = load_encounter(scenario_path("monster-focus-briar-road.toml"))
    return encounter_deck(encounter, get_ruleset("monster-focus").data, DeckRequest())


def test_one_card_per_type_with_its_stat_lines():
    cutthroat, slinger = briar_road_deck()
    assert (cutthroat.title, slinger.title) == ("Cutthroat", "Slinger")
    assert cutthroat.subtitle == "Monster focus · level 1 · 6 standees"
    blocks = cutthroat.blocks
    assert blocks[0] == Heading("Normal, level 1")
    assert blocks[1] == StatGrid((("HP", "6"), ("Move", "2"), ("Attack", "2")))
    assert blocks[2] == Heading("Elite, level 1")
    assert blocks[3] == StatGrid((("HP", "9"), ("Move", "2"), ("Attack", "3"), ("Shield", "1")))
    table = [b for b in blocks if isinstance(b, Paragraph) and b.table]
    assert len(table) == 16  # levels 0 to 7, normal and elite
    assert (table[0].label, table[0].runs[0].text) == ("0 N", "HP 5, move 2, attack 2")
    assert (table[-1].label, table[-1].runs[0].text) == (
        "7 E",
        "HP 19, move 4, attack 6, shield 3",
    )


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES)
def test_the_type_cards_fit_every_size(qapp, size):
    layouter = CardLayouter(size)
    for content in briar_road_deck():
        for card in layouter.layout(content):
            check_layout(card, size)


@pytest.mark.parametrize("variant", ["gloomhaven", "frosthaven"])
def test_the_cards_list_the_markers_of_the_scenarios_variant(variant):
    """Brittle, ward, bane, impair and regenerate exist in Frosthaven only: a Gloomhaven
    scenario's cards do not explain them."""
    encounter = load_encounter(scenario_path("monster-focus-briar-road.toml"))
    encounter = encounter.evolve(rules={**encounter.rules, "variant": variant})
    cards = encounter_deck(encounter, get_ruleset("monster-focus").data, DeckRequest())
    said = " ".join(
        run.text
        for card in cards
        for b in card.blocks
        if isinstance(b, Paragraph)
        for run in b.runs
    )
    assert "Stun: " in said and "Wound: " in said
    assert ("Brittle: " in said) == (variant == "frosthaven")
    assert ("Regenerate: " in said) == (variant == "frosthaven")
