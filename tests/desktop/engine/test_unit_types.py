"""Unit types as the engine keeps them: a ruleset declares them, standees act by type (elites
first, then by number), a card changes a stat line for the round, the modifier deck's cards
change an attack, and a type's stat lines are listed for its reference card."""

from __future__ import annotations

import pytest

from desktop.engine.ability_cards import AbilityCard, round_stats
from desktop.engine.attack_modifiers import damage, modifier_card, resolve
from desktop.engine.unit_types import stat_rows, unit_types_spec
from desktop.monster_book_file import bundled_book_path, load_book
from desktop.rulesets.registry import get_ruleset
from tests.desktop.tracker.scenario_helpers import briar_road

RULESET = get_ruleset("monster-focus")
BOOK = load_book(bundled_book_path("foebook-sample.toml"))


def test_monster_focus_declares_levels_ranks_and_the_stats_a_line_sets():
    spec = RULESET.data.unit_types
    assert spec.levels == tuple(range(8)) and spec.ranks == ("normal", "elite")
    assert spec.acting_rank("elite") < spec.acting_rank("normal")
    assert {"attack", "shield", "retaliate"} <= set(spec.stats)
    for name in spec.stats:
        assert name in RULESET.data.stats


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"levels": [], "ranks": ["a"]}, "levels must be a list"),
        ({"levels": [0, 0], "ranks": ["a"]}, "levels are listed twice"),
        ({"levels": [0], "ranks": "a"}, "ranks must be a list"),
        ({"levels": [0], "ranks": ["a"], "first": ["b"]}, "first must list ranks"),
        ({"levels": [0], "ranks": ["a"], "colour": "red"}, "unknown key 'colour'"),
    ],
)
def test_a_wrong_unit_types_table_is_refused(table, message):
    with pytest.raises(ValueError, match=message):
        unit_types_spec(table)


def test_standees_of_a_type_act_together_elites_first_then_by_number():
    enc = briar_road().encounter
    # Everyone at 30, the roster scrambled: the normal cutthroat before the elite, a slinger
    # between them. Characters go first; each type where its first standee stands.
    order = ["warden", "alchemist", "scout", "cutthroat-2", "slinger-2", "cutthroat-1", "slinger-1"]
    enc = enc.evolve(
        units=tuple(
            u.evolve(stats={**u.stats, "initiative": 30}) for u in (enc.unit(i) for i in order)
        )
    )
    assert RULESET.turn_order(enc).order == (
        "warden",
        "alchemist",
        "scout",
        "cutthroat-1",
        "cutthroat-2",
        "slinger-1",
        "slinger-2",
    )
    # Units that are no standees keep the roster order, as before.
    plain = enc.evolve(units=tuple(u.evolve(standee=None) for u in enc.units))
    assert RULESET.turn_order(plain).order == tuple(order)


def test_a_card_changes_the_stat_line_for_the_round():
    base = {"move": 2, "attack": 3, "range": 3, "shield": 1}
    card = AbilityCard("c", "Aimed", 31, attack=1, range_change=1, targets=2, retaliate=1)
    assert round_stats(base, card) == {
        "move": 0,  # no move on the card
        "attack": 4,
        "range": 4,
        "targets": 2,
        "shield": 1,
        "retaliate": 1,
        "initiative": 31,
    }
    assert round_stats(base, AbilityCard("h", "Heal", 80, move=-3, heal=2))["move"] == 0
    assert round_stats(base, AbilityCard("h", "Heal", 80))["targets"] == 0  # no attack
    assert round_stats(base, None) == base


def test_modifier_cards_change_an_attack():
    assert [damage(3, c) for c in ("+0", "+1", "-2", "x2", "null", "bless", "curse")] == [
        3,
        4,
        1,
        6,
        0,
        6,
        0,
    ]
    assert damage(1, "-2") == 0
    assert resolve(3, ("+1", "x2"), 1).used == "x2"
    assert resolve(3, ("+1", "x2"), -1).used == "+1"
    assert resolve(3, ("null", "+2"), 0).used == "null"  # one card counts without either
    assert [modifier_card(t) for t in ("+1", "1", "-2", "0", "×2", "Null", "curse", "7x")] == [
        "+1",
        "+1",
        "-2",
        "+0",
        "x2",
        "null",
        "curse",
        None,
    ]


def test_a_types_reference_card_lists_its_stat_lines_by_level_and_rank():
    spec = RULESET.data.unit_types
    rows = stat_rows(BOOK.types["slinger"], spec)
    assert len(rows) == 16
    first, elite4 = rows[0], rows[9]
    assert (first.level, first.rank, first.hp) == (0, "normal", 4)
    assert first.values == (("move", 2), ("attack", 2), ("range", 3))
    assert (elite4.level, elite4.rank, elite4.extras) == (4, "elite", ("attacks give poison",))
    wisp = stat_rows(BOOK.types["wisp"], spec, levels=[3])
    assert [r.rank for r in wisp] == ["normal", "elite"]
    assert wisp[1].values[-1] == ("retaliate", 1)
    assert wisp[0].extras == ("flying", "immune to wound")
