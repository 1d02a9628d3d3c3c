"""Card layout: every drawn element has a rectangle inside its card, text shrinks to a readable
minimum and then continues on "(cont.)" cards, and nothing is lost or overlaps."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.ruleset import AiTypeSpec, RulesetData, StatSpec, StatusSpec
from desktop.engine.units import AreaAttack, Side, Weapon, make_unit
from desktop.rulesets.registry import get_ruleset, ruleset_ids
from desktop.samples import sample_path
from tests.sample_files import SAMPLES
from ui.cards.content import DeckRequest, Paragraph, encounter_deck, enemy_card, reference_deck
from ui.cards.layout import (
    BORDER_INSET_MM,
    CONTENT_INSET_MM,
    TEXT_KINDS,
    UNITS_PER_MM,
    CardLayouter,
)
from ui.cards.sheet import SIZES

ROOT = Path(__file__).resolve().parents[3]

WORDS = [
    "the",
    "enemy",
    "advances",
    "toward",
    "whichever",
    "hero",
    "stands",
    "closest",
    "unless",
    "something",
    "with",
    "more",
    "hit",
    "points",
    "blocks",
    "the",
    "corridor",
    "in",
    "which",
    "case",
    "it",
    "waits",
]


def long_text(n: int, seed: int = 0) -> str:
    return " ".join(WORDS[(seed + i) % len(WORDS)] for i in range(n))


def long_ruleset() -> RulesetData:
    steps = tuple(f"Step text {i}: " + long_text(45, i) for i in range(9))
    table = tuple((f"{i}", long_text(20, i)) for i in range(1, 7))
    return RulesetData(
        id="long",
        name="A ruleset whose name alone is rather long for a card",
        description="",
        board_shape="square",
        distance_unit="square",
        stats={f"stat{i}": StatSpec(f"stat{i}", "", i) for i in range(7)},
        statuses={f"s{i}": StatusSpec(f"s{i}", f"Status {i}", long_text(30, i)) for i in range(5)},
        ai_types={"wordy": AiTypeSpec("wordy", "Wordy", long_text(30), steps, table)},
        actions={},
    )


def long_enemy():
    weapons = tuple(Weapon(f"Weapon {i}", "ranged", 12, 4) for i in range(6))
    name = "Grand Overlord Maximilian of the Seventeen Burning Hells and Other Places"
    return make_unit(
        "boss",
        Side.ENEMY,
        (0, 0),
        30,
        30,
        name=name,
        ai="wordy",
        weapons=weapons,
        tags=["character", "psyker", "monster", "large"],
    )


def check_layout(card, size) -> None:
    """Everything inside the card; text inside the content margins; text never overlaps."""
    assert card.outside() == [], f"{card.title}: boxes outside the card"
    texts = [b for b in card.boxes if b.kind in TEXT_KINDS and b.text]
    inset = CONTENT_INSET_MM * UNITS_PER_MM
    # line boxes include the font's leading, so vertically they may reach a little closer
    # to the printed frame than the glyphs do
    top = (BORDER_INSET_MM + 1.0) * UNITS_PER_MM
    for box in texts:
        assert box.x >= inset - 1 and box.right <= card.width - inset + 1, (card.title, box)
        assert box.y >= top and box.bottom <= card.height - top, (card.title, box)
    for a, b in itertools.combinations(texts, 2):
        overlap_x = min(a.right, b.right) - max(a.x, b.x)
        overlap_y = min(a.bottom, b.bottom) - max(a.y, b.y)
        assert overlap_x <= 1 or overlap_y <= 1, f"{card.title}: {a.text!r} overlaps {b.text!r}"
    footer_rule = [b for b in card.boxes if b.kind == "rule"][-1]
    body = [b for b in texts if b.kind not in ("footer",)]
    assert all(b.bottom <= footer_rule.y for b in body), f"{card.title}: text over the footer"
    assert card.body_pt >= size.min_body_pt - 0.01


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES)
@pytest.mark.parametrize("sample", SAMPLES, ids=[s.stem for s in SAMPLES])
def test_every_sample_encounter_fits_cleanly(qapp, sample, size):
    encounter = load_encounter(sample)
    data = get_ruleset(encounter.ruleset).data
    layouter = CardLayouter(size)
    for content in encounter_deck(encounter, data, DeckRequest(source=sample.name)):
        for card in layouter.layout(content):
            check_layout(card, size)


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES)
@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_reference_deck_fits_cleanly(qapp, ruleset_id, size):
    layouter = CardLayouter(size)
    for content in reference_deck(get_ruleset(ruleset_id).data):
        for card in layouter.layout(content):
            check_layout(card, size)
            back = layouter.back(content, card.part, card.parts)
            assert back.outside() == []


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES)
def test_too_much_text_continues_on_cont_cards_without_losing_any(qapp, size):
    content = enemy_card(long_enemy(), long_ruleset(), "footer")
    parts = CardLayouter(size).layout(content)
    assert len(parts) > 1
    assert [c.part for c in parts] == list(range(1, len(parts) + 1))
    assert all(c.parts == len(parts) for c in parts)
    assert parts[0].title == content.title and parts[1].title.endswith("(cont.)")
    for card in parts:
        check_layout(card, size)
        assert any(b.kind == "title" and "(cont.)" in b.text for b in card.boxes) == (card.part > 1)
        footer = [b.text for b in card.boxes if b.kind == "footer"]
        assert footer[-1] == f"{card.part}/{len(parts)}"
    # every paragraph is there, in order, across the cards
    body = "".join(b.text for c in parts for b in c.boxes if b.kind == "text").replace(" ", "")
    position = 0
    for block in content.blocks:
        if isinstance(block, Paragraph):
            wanted = "".join(r.text for r in block.runs).replace(" ", "")
            found = body.find(wanted, position)
            assert found >= 0, wanted[:40]
            position = found + len(wanted)


def test_text_shrinks_before_it_continues(qapp):
    size = SIZES["poker"]
    data = long_ruleset()
    ai = data.ai_types["wordy"]
    # a little too much for 7 pt, comfortably enough for the minimum
    medium = AiTypeSpec("wordy", "Wordy", ai.summary, ai.steps[:3])
    fitted = CardLayouter(size).layout(
        enemy_card(
            make_unit("imp", Side.ENEMY, (0, 0), 3, 3, ai="wordy"),
            replace(data, ai_types={"wordy": medium}, statuses={}),
            "",
        )
    )
    assert len(fitted) == 1
    assert size.min_body_pt <= fitted[0].body_pt < size.body_pt


def test_a_name_longer_than_three_lines_ends_in_an_ellipsis(qapp):
    unit = make_unit("x", Side.ENEMY, (0, 0), 1, 1, name=long_text(60))
    card = CardLayouter(SIZES["poker"]).layout(
        enemy_card(unit, get_ruleset("card-flip-rpg").data, "")
    )[0]
    titles = [b for b in card.boxes if b.kind == "title"]
    assert len({b.y for b in titles}) == 3
    assert titles[-1].text.endswith("…")
    check_layout(card, SIZES["poker"])


def test_a_word_wider_than_the_card_is_broken_not_clipped(qapp):
    unit = make_unit("x", Side.ENEMY, (0, 0), 1, 1, weapons=[Weapon("Z" * 80, "melee")])
    card = CardLayouter(SIZES["poker"]).layout(
        enemy_card(unit, get_ruleset("card-flip-rpg").data, "")
    )[0]
    check_layout(card, SIZES["poker"])
    assert "".join(b.text for b in card.boxes if b.kind == "text").count("Z") == 80


@pytest.mark.parametrize(("max_hp", "boxes"), [(1, 1), (8, 8), (24, 24), (40, 40)])
def test_hit_points_as_tick_boxes(qapp, max_hp, boxes):
    unit = make_unit("x", Side.ENEMY, (0, 0), max_hp, max_hp)
    for size in SIZES.values():
        card = CardLayouter(size).layout(enemy_card(unit, get_ruleset("hex-quest").data, ""))[0]
        assert sum(b.kind == "hp-box" for b in card.boxes) == boxes
        check_layout(card, size)


@pytest.mark.parametrize("max_hp", [41, 120, 1000, 99999])
def test_large_hit_points_as_a_number_line(qapp, max_hp):
    unit = make_unit("x", Side.ENEMY, (0, 0), max_hp, max_hp)
    card = CardLayouter(SIZES["poker"]).layout(enemy_card(unit, get_ruleset("hex-quest").data, ""))[
        0
    ]
    assert not any(b.kind == "hp-box" for b in card.boxes)
    numbers = [b.text for b in card.boxes if b.kind == "hp-number"]
    assert numbers[0] == "0" and numbers[-1] == str(max_hp)
    assert sum(b.kind == "hp-tick" for b in card.boxes) >= 5
    check_layout(card, SIZES["poker"])


def _area_boxes(card):
    own = [b for b in card.boxes if b.kind == "area-own"]
    shaded = [b for b in card.boxes if b.kind == "area-hex"]
    return own, shaded


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES)
def test_a_melee_area_is_drawn_as_hexes_around_the_marked_own_hex(qapp, size):
    encounter = load_encounter(sample_path("monster-focus-ice-cave.toml"))
    data = get_ruleset("monster-focus").data
    golem, imp = encounter_deck(encounter, data, DeckRequest())
    card = CardLayouter(size).layout(golem)[0]
    check_layout(card, size)
    [own], shaded = _area_boxes(card)
    assert len(shaded) == 2  # [[1, 0], [0, 1]]: east and south-east of its own hex
    east, south_east = shaded
    assert east.w == pytest.approx(own.w) and east.h == pytest.approx(own.h)
    # pointy-top hexes as on the board: east is one hex width across on the same row,
    # south-east half a width across and three quarters of a hex height down
    assert east.x - own.x == pytest.approx(own.w) and east.y == pytest.approx(own.y)
    assert south_east.x - own.x == pytest.approx(own.w / 2)
    assert south_east.y - own.y == pytest.approx(own.h * 0.75)
    # the words sit to the right of the diagram, never over it
    words = [b for b in card.boxes if b.kind == "text" and "Area" in b.text]
    assert words and all(w.x >= east.right for w in words)
    assert all(b.right <= card.width and b.bottom <= card.height for b in (own, *shaded))
    assert _area_boxes(CardLayouter(size).layout(imp)[0]) == ([], [])


def test_a_large_area_shrinks_to_its_share_of_the_card(qapp):
    size = SIZES["poker"]
    line = tuple((q, 0) for q in range(12))
    unit = make_unit(
        "x", Side.ENEMY, (0, 0), 3, 3, stats={"range": 2}, aoe=AreaAttack("ranged", line)
    )
    card = CardLayouter(size).layout(enemy_card(unit, get_ruleset("monster-focus").data, ""))[0]
    check_layout(card, size)
    own, shaded = _area_boxes(card)
    assert own == [] and len(shaded) == 12
    width = max(b.right for b in shaded) - min(b.x for b in shaded)
    assert width <= (size.width_mm - 2 * CONTENT_INSET_MM) * UNITS_PER_MM * 0.4 + 1
