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
