"""grimdark-solo command phase (abilities, stratagem deck) and deny the witch."""

from __future__ import annotations

import pytest

from desktop.engine.decision import APPLIED
from desktop.engine.dice import Dice
from desktop.rulesets.grimdark_solo.command import (
    CONDITIONS,
    NO_EFFECT,
    Stratagem,
    StratagemError,
    default_deck,
    draw_stratagem,
    no_effect,
    parse_deck,
)
from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.grimdark_solo.units import (
    blade,
    board,
    decide_for,
    enemy,
    gun,
    player,
    scene,
)

FIELD = board(30, 5, {(29, 4): "O"})


# -- command abilities ------------------------------------------------------------------------


def _commanded(*friends):
    units = [enemy("boss", (0, 0), tags=("command-ability",))]
    units += [enemy(f"e{n}", at) for n, at in enumerate(friends)]
    return scene(FIELD, units, phase="command")


def test_command_ability_goes_to_a_random_friendly_unit_in_reach():
    enc = _commanded((3, 0), (5, 0), (10, 0))  # e2 is 10" away, out of reach
    d = decide_for(enc, "boss", [2])
    assert d.phase == "command"
    assert d.action == "hold"
    assert d.targets == ("e1",)
    assert [(r.die, r.value) for r in d.rolls] == [("d2", 2)]
    assert "1. e0" in d.trace[0].detail and "e2" not in d.trace[0].detail


def test_a_single_relevant_unit_needs_no_roll():
    d = decide_for(_commanded((3, 0)), "boss")
    assert d.targets == ("e0",)
    assert d.rolls == ()


def test_no_ability_or_nobody_in_reach_does_nothing():
    assert decide_for(_commanded((20, 0)), "boss").targets == ()
    assert decide_for(_commanded((3, 0)), "e0").targets == ()


# -- stratagems -------------------------------------------------------------------------------

PSY = Stratagem("Warp Surge", "Psykers add 1.", "no-psyker")
ALWAYS = Stratagem("Grim Resolve", "Ignore a wound.", "never")


def test_a_card_with_no_effect_is_set_aside_and_redrawn():
    enc = scene(FIELD, [enemy(at=(0, 0))], phase="command")
    dice = Dice([1])
    draw = draw_stratagem([PSY, ALWAYS], enc, dice)
    assert draw.stratagem == ALWAYS
    assert draw.set_aside == (PSY,)
    assert [t.outcome for t in draw.trace] == [NO_EFFECT, APPLIED]
    assert [(r.die, r.value) for r in draw.rolls] == [("d2", 1)]
    assert draw.to_dict()["stratagem"]["name"] == "Grim Resolve"


def test_a_card_that_works_is_kept():
    enc = scene(FIELD, [enemy(at=(0, 0), tags=("psyker",))], phase="command")
    draw = draw_stratagem([PSY, ALWAYS], enc, Dice([1]))
    assert draw.stratagem == PSY
    assert draw.set_aside == ()


def test_no_stratagem_when_every_card_would_do_nothing():
    enc = scene(FIELD, [enemy(at=(0, 0))], phase="command")
    draw = draw_stratagem([PSY], enc, Dice())
    assert draw.stratagem is None
    assert draw.set_aside == (PSY,)
    assert draw.trace[-1].outcome == "skipped"


def test_the_default_deck_comes_from_the_ruleset_data_and_is_editable_data():
    ruleset = get_ruleset("grimdark-solo")
    deck = default_deck(ruleset.data)
    assert len(deck) == 8
    assert all(s.no_effect_when in CONDITIONS for s in deck)
    assert parse_deck([s.to_dict() for s in deck]) == deck
    edited = parse_deck(
        [{"name": "Blood Oath", "effect": "Charges get +1.", "no_effect_when": "no-melee"}]
    )
    enc = scene(FIELD, [enemy(at=(0, 0))], phase="command")
    assert ruleset.draw_stratagem(enc, Dice(), edited).stratagem is None


@pytest.mark.parametrize(
    "entry, message",
    [
        ({"name": "X", "effect": "y", "no_effect_when": "sometimes"}, "unknown no_effect_when"),
        ({"name": "X"}, "'effect'"),
        ({"effect": "y"}, "'name'"),
        ({"name": "X", "effect": "y", "cost": 2}, "unknown field 'cost'"),
    ],
)
def test_bad_deck_entries_are_refused_with_the_card_named(entry, message):
    with pytest.raises(StratagemError, match=message):
        parse_deck([entry])


@pytest.mark.parametrize(
    "condition, without, with_",
    [
        ("no-character", [enemy(at=(0, 0))], [enemy(at=(0, 0), tags=("character",))]),
        ("no-ranged", [enemy(at=(0, 0), weapons=blade())], [enemy(at=(0, 0), weapons=gun())]),
        ("no-melee", [enemy(at=(0, 0), weapons=gun())], [enemy(at=(0, 0), weapons=blade())]),
        (
            "nobody-engaged",
            [enemy(at=(0, 0)), player("aria", (5, 0))],
            [enemy(at=(0, 0)), player("aria", (1, 1))],
        ),
        ("nobody-wounded", [enemy(at=(0, 0))], [enemy(at=(0, 0), hp=2)]),
        (
            "no-player-in-range",
            [enemy(at=(0, 0)), player("aria", (20, 0))],
            [enemy(at=(0, 0)), player("aria", (12, 0))],
        ),
    ],
)
def test_no_effect_conditions(condition, without, with_):
    card = Stratagem("Card", "Does a thing.", condition)
    assert no_effect(card, scene(FIELD, without, phase="command"))
    assert not no_effect(card, scene(FIELD, with_, phase="command"))


def test_no_objective_condition():
    card = Stratagem("Card", "Does a thing.", "no-objective")
    assert no_effect(card, scene(board(5, 5), [enemy(at=(0, 0))]))
    assert not no_effect(card, scene(FIELD, [enemy(at=(0, 0))]))


# -- deny the witch (players' psychic phase) --------------------------------------------------


def _psychic(*units):
    return scene(board(40, 5), list(units), phase="psychic", turn="player")


def test_a_psyker_stands_ready_to_deny_casters_in_reach():
    enc = _psychic(
        enemy("seer", (0, 0), tags=("psyker",)),
        player("lib", (20, 0), tags=("psyker",)),
        player("far", (30, 0), tags=("psyker",)),
    )
    d = decide_for(enc, "seer")
    assert d.action == "deny"
    assert d.targets == ("lib",)


def test_non_psykers_and_psykers_that_already_denied_do_not():
    enc = _psychic(enemy("grunt", (0, 0)), player("lib", (5, 0), tags=("psyker",)))
    assert decide_for(enc, "grunt").action == "hold"
    spent = enemy("seer", (0, 0), tags=("psyker",), statuses=("denied",))
    enc = _psychic(spent, player("lib", (5, 0), tags=("psyker",)))
    assert decide_for(enc, "seer").action == "hold"


def test_a_random_eligible_psyker_denies_the_power():
    enc = _psychic(
        enemy("seer", (0, 0), tags=("psyker",)),
        enemy("grunt", (1, 0)),
        enemy("mystic", (2, 0), tags=("psyker",)),
        enemy("spent", (3, 0), tags=("psyker",), statuses=("denied",)),
        player("lib", (10, 0), tags=("psyker",)),
    )
    ruleset = get_ruleset("grimdark-solo")
    d = ruleset.choose_denier(enc, "lib", Dice([2]))
    assert d is not None
    assert d.unit == "mystic"
    assert d.action == "deny" and d.targets == ("lib",)
    assert d.statuses_gained == ("denied",)
    assert [(r.die, r.value) for r in d.rolls] == [("d2", 2)]
    assert d.phase == "psychic"


def test_nobody_denies_a_power_out_of_reach():
    enc = _psychic(
        enemy("seer", (0, 0), tags=("psyker",)), player("lib", (30, 0), tags=("psyker",))
    )
    assert get_ruleset("grimdark-solo").choose_denier(enc, "lib", Dice()) is None
