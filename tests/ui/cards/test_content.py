"""What each card says: built from the enemy and its ruleset's data, for every ruleset."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from desktop.encounter_file import load_encounter, parse_encounter
from desktop.rulesets.registry import get_ruleset, ruleset_ids
from desktop.samples import sample_path
from ui.cards.content import (
    AreaDiagram,
    DeckRequest,
    Heading,
    HpTrack,
    Paragraph,
    Selection,
    StatGrid,
    encounter_deck,
    enemy_card,
    reference_deck,
)

DAY = dt.date(2026, 3, 14)
ROOT = Path(__file__).resolve().parents[3]

AMBUSH = """
format = 1
ruleset = "card-flip-rpg"
name = "Goblin ambush"
[board]
shape = "square"
cells = \"\"\"
......
......
\"\"\"
[[units]]
id = "goblin"
name = "Goblin Archer"
side = "enemy"
at = [0, 0]
hp = 5
max_hp = 8
stats = { range = 4 }
weapons = [ { name = "Short bow", kind = "ranged", range = 4 } ]
[[units]]
id = "brute"
name = "Goblin Brute"
side = "enemy"
at = [1, 0]
hp = 12
max_hp = 12
[[units]]
id = "aria"
side = "player"
at = [5, 1]
hp = 10
max_hp = 10
"""


def _text(card) -> str:
    out = [card.title, card.subtitle, card.footer]
    for block in card.blocks:
        if isinstance(block, Heading):
            out.append(block.text)
        elif isinstance(block, Paragraph):
            out.append(block.label + " " + "".join(r.text for r in block.runs))
        elif isinstance(block, StatGrid):
            out += [f"{label} {value}" for label, value in block.cells]
    return "\n".join(out)


def test_enemy_card_has_stats_with_defaults_weapons_hp_behaviour_and_markers():
    encounter = parse_encounter(AMBUSH)
    data = get_ruleset("card-flip-rpg").data
    cards = encounter_deck(encounter, data, DeckRequest(source="ambush.toml", date=DAY))
    assert [c.title for c in cards] == ["Goblin Archer", "Goblin Brute"]  # enemies only
    goblin = cards[0]
    grid = next(b for b in goblin.blocks if isinstance(b, StatGrid))
    # range from the file, move and level from the ruleset's defaults; lift is players' only
    assert grid.cells == (("Move", "3"), ("Range", "4"), ("Level", "1"))
    text = _text(goblin)
    assert "Short bow — ranged, range 4 squares" in text
    assert next(b for b in goblin.blocks if isinstance(b, HpTrack)).max_hp == 8
    assert "AI: Standard" in text
    for i, step in enumerate(data.ai_types["standard"].steps, 1):
        assert f"{i}. {step}" in text
    for status in data.statuses.values():
        assert f"{status.name}: {status.reminder}" in text
    assert goblin.footer == "ambush.toml · 2026-03-14"
    assert goblin.subtitle == "Card-flip RPG"


def test_d6_table_rows_follow_the_base_condition():
    data = get_ruleset("skirmish-ai").data
    ai = next(a for a in data.ai_types.values() if a.table)
    card = reference_deck(data, date=DAY)[list(data.ai_types).index(ai.id)]
    rows = [b for b in card.blocks if isinstance(b, Paragraph) and b.table]
    assert [(r.label, r.runs[0].text) for r in rows] == list(ai.table)
    assert "Otherwise roll a D6:" in _text(card)


def test_dungeon_crawl_enemy_lists_its_own_tactics_in_order():
    encounter = parse_encounter("""
format = 1
ruleset = "dungeon-crawl"
[board]
shape = "square"
cells = "....."
[[units]]
id = "orc"
name = "Orc Archer"
side = "enemy"
at = [0, 0]
hp = 4
max_hp = 4
priorities = ["shoot-new", "fight-closest"]
[[units]]
id = "hero"
side = "player"
at = [4, 0]
hp = 5
max_hp = 5
""")
    data = get_ruleset("dungeon-crawl").data
    card = encounter_deck(encounter, data, DeckRequest())[0]
    tactics = [b for b in card.blocks if isinstance(b, Paragraph) and b.label]
    assert [(t.label, t.runs[0].text) for t in tactics] == [
        ("1.", "Shoot new: "),
        ("2.", "Fight closest: "),
    ]
    assert tactics[0].runs[1].text == data.extra["tactic_text"]["shoot-new"]


def test_dungeon_crawl_enemy_without_a_list_reads_the_default_card():
    data = get_ruleset("dungeon-crawl").data
    encounter = parse_encounter("""
format = 1
ruleset = "dungeon-crawl"
[board]
shape = "square"
cells = "..."
[[units]]
id = "rat"
side = "enemy"
at = [0, 0]
hp = 1
max_hp = 1
""")
    card = enemy_card(encounter.unit("rat"), data, "")
    tactics = [b.runs[0].text for b in card.blocks if isinstance(b, Paragraph) and b.label]
    assert tactics == ["Shoot nearest: ", "Fight closest: "]
    assert data.extra["default_priorities"] == ["shoot-nearest", "fight-closest"]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_reference_deck_has_one_card_per_ai_type_with_all_its_behaviour(ruleset_id):
    data = get_ruleset(ruleset_id).data
    deck = reference_deck(data, date=DAY)
    assert [c.title for c in deck] == [a.name for a in data.ai_types.values()]
    for card, ai in zip(deck, data.ai_types.values(), strict=True):
        text = _text(card)
        assert ai.summary in text
        for step in ai.steps:
            assert step[1:] in text  # the first letter may be capitalised
        for _roll, behaviour in ai.table:
            assert behaviour in text
        assert card.footer == f"{data.name} reference · 2026-03-14"


def test_selections():
    encounter = parse_encounter(AMBUSH.replace('id = "brute"', 'id = "brute"\nai = "standard"'))
    data = get_ruleset("card-flip-rpg").data

    def titles(request):
        return [c.title for c in encounter_deck(encounter, data, request)]

    assert titles(DeckRequest(Selection.ALL)) == ["Goblin Archer", "Goblin Brute"]
    assert titles(DeckRequest(Selection.SELECTED, ("brute", "aria"))) == ["Goblin Brute"]
    assert titles(DeckRequest(Selection.ONE_PER_AI)) == ["Goblin Archer"]
    assert titles(DeckRequest(Selection.REFERENCE)) == ["Standard"]


def test_enemies_sharing_a_name_show_their_ids():
    encounter = parse_encounter(AMBUSH.replace('name = "Goblin Brute"', 'name = "Goblin Archer"'))
    data = get_ruleset("card-flip-rpg").data
    cards = encounter_deck(encounter, data, DeckRequest(Selection.SELECTED, ("brute",)))
    assert cards[0].subtitle == "Card-flip RPG · brute"
    single = encounter_deck(parse_encounter(AMBUSH), data, DeckRequest())
    assert single[0].subtitle == "Card-flip RPG"


def test_monster_focus_card_shows_its_area_attack_and_a_unit_without_one_does_not():
    encounter = load_encounter(sample_path("monster-focus-ice-cave.toml"))
    data = get_ruleset("monster-focus").data
    golem, imp = encounter_deck(encounter, data, DeckRequest())
    area = next(b for b in golem.blocks if isinstance(b, AreaDiagram))
    assert "Area attack (melee): 2 hexes from its own hex (dot)" in "".join(
        r.text for r in area.runs
    )
    assert area.hexes == ((1, 0), (0, 1)) and area.own_hex
    # right under the numbers it depends on, before the hit points
    assert isinstance(golem.blocks[golem.blocks.index(area) - 1], StatGrid)
    assert not any(isinstance(b, AreaDiagram) for b in imp.blocks)
    assert "Area attack" not in _text(imp)


def test_ranged_area_states_the_units_range_and_draws_no_own_hex():
    encounter = parse_encounter("""
format = 1
ruleset = "monster-focus"
[board]
shape = "hex"
cells = "....."
[[units]]
id = "archer"
side = "enemy"
at = [0, 0]
hp = 3
max_hp = 3
stats = { move = 1, range = 4, targets = 1 }
aoe = { kind = "ranged", hexes = [[0, 0], [1, 0], [0, 1]] }
[[units]]
id = "hero"
side = "player"
at = [4, 0]
hp = 5
max_hp = 5
stats = { initiative = 10 }
""")
    data = get_ruleset("monster-focus").data
    card = enemy_card(encounter.unit("archer"), data, "")
    area = next(b for b in card.blocks if isinstance(b, AreaDiagram))
    words = "".join(r.text for r in area.runs)
    assert words.startswith(
        "Area attack (ranged): 3 hexes, placed with at least one within 4 hexes"
    )
    assert "rotated or mirrored" in words and "in sight" in words
    assert area.hexes == ((0, 0), (1, 0), (0, 1)) and not area.own_hex


def test_status_markers_say_when_they_expire():
    data = get_ruleset("monster-focus").data
    card = reference_deck(data)[0]
    text = _text(card)
    poison = data.statuses["poison"]
    assert f"Poison: {poison.reminder} Lasts until it is healed." in text
    for status in data.statuses.values():
        if status.same_as:  # another spelling (Muddled) is not listed twice
            assert f" {status.name}: " not in text
            continue
        line = next(line for line in text.splitlines() if line.startswith(f" {status.name}: "))
        until = ("Lasts until the end of its next turn.", "healed", "Lasts until it takes damage.")
        assert any(words in line for words in until), line


def test_markers_set_by_hit_points_say_so():
    data = get_ruleset("hex-quest").data
    text = _text(reference_deck(data)[0])
    defeated = data.statuses["defeated"]
    assert f"Defeated: {defeated.reminder} Comes and goes with its hit points." in text


def test_a_number_typed_in_each_round_stays_off_the_card():
    data = get_ruleset("monster-focus").data
    golem = load_encounter(sample_path("monster-focus-ice-cave.toml")).unit("golem")
    card = enemy_card(golem, data, "ice cave")
    stats = next(b for b in card.blocks if isinstance(b, StatGrid))
    assert golem.stat("initiative") == 15  # in the roster's Init column, not on the card
    assert [label for label, _ in stats.cells] == ["Move", "Range", "Targets"]


def test_a_runners_card_says_runner_and_a_walkers_says_walker():
    # A kind a unit does not give is its default: the Shambler is a walker.
    data = get_ruleset("zombie-horde").data
    night = load_encounter(
        ROOT / "desktop/rulesets/zombie_horde/encounters/zombie-horde-farmhouse.toml"
    )
    grids = {
        uid: next(
            b for b in enemy_card(night.unit(uid), data, "night").blocks if isinstance(b, StatGrid)
        )
        for uid in ("runner", "walker1")
    }
    assert ("Kind", "runner") in grids["runner"].cells
    assert ("Kind", "walker") in grids["walker1"].cells
