"""Dice rolls: what they record, how they read, and what they meant."""

from __future__ import annotations

import pytest

from desktop.engine.dice import Dice, DiceError, Roll


def test_explain_gives_the_last_roll_its_meaning_and_it_reads_and_round_trips():
    dice = Dice([4])
    dice.roll(6, "table roll")
    dice.roll(6, "overwatch")
    dice.explain("no overwatch")
    first, last = dice.rolls
    assert first.meaning == "" and first.to_dict() == {
        "die": "d6",
        "value": 4,
        "purpose": "table roll",
    }
    assert last.describe() == f"d6 = {last.value} (overwatch) — no overwatch"
    assert Roll.from_dict(last.to_dict()) == Roll(
        "d6", last.value, "overwatch", meaning="no overwatch"
    )


def test_explaining_before_any_roll_is_an_error():
    with pytest.raises(DiceError, match="no roll to explain"):
        Dice().explain("charge")


def test_a_groups_roll_made_earlier_takes_no_typed_die_nor_draw_and_round_trips():
    fresh, given = Dice([2], seed=9), Dice([2], seed=9, group_roll=5)
    assert fresh.roll_for_group(6, "table roll") == 2  # no group's roll yet: a roll as usual
    assert given.roll_for_group(6, "table roll") == 5
    assert given.roll(6, "overwatch") == 2  # the typed die is still there for the next roll
    shared = given.rolls[0]
    assert shared.shared and shared.to_dict()["shared"] is True
    assert "shared" not in fresh.rolls[0].to_dict()
    assert Roll.from_dict(shared.to_dict()) == shared
    with pytest.raises(DiceError, match=r"group's roll 7 .* between 1 and 6"):
        Dice(group_roll=7).roll_for_group(6, "table roll")


def test_typed_per_die_a_2d6_takes_two_numbers_and_each_must_fit_a_d6():
    dice = Dice([4, 4, 3], per_die=True)
    assert dice.roll_sum(2, 6, "charge") == 8
    assert dice.roll(6, "table") == 3
    assert [(r.die, r.value, r.scripted) for r in dice.rolls] == [
        ("2d6", 8, True),
        ("d6", 3, True),
    ]
    with pytest.raises(DiceError, match="must be between 1 and 6: type each die of the 2d6"):
        Dice([8], per_die=True).roll_sum(2, 6, "charge")


def test_typed_per_die_a_roll_they_only_partly_cover_is_not_theirs():
    dice = Dice([5], seed=3, per_die=True)
    value = dice.roll_sum(2, 6, "charge")
    assert 6 <= value <= 11 and not dice.rolls[0].scripted and dice.scripted_left == 0


def test_per_die_or_not_the_generator_rolls_the_same_once_nothing_is_typed():
    for seed in range(20):
        totals = Dice(seed=seed).roll_sum(3, 6, "combat")
        assert Dice(seed=seed, per_die=True).roll_sum(3, 6, "combat") == totals
    assert Dice([9], per_die=False).roll_sum(2, 6, "the --roll total") == 9
