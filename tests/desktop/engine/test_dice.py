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
    assert first.meaning == "" and first.to_dict() == {"die": "d6", "value": 4,
                                                       "purpose": "table roll"}
    assert last.describe() == f"d6 = {last.value} (overwatch) — no overwatch"
    assert Roll.from_dict(last.to_dict()) == Roll("d6", last.value, "overwatch",
                                                  meaning="no overwatch")


def test_explaining_before_any_roll_is_an_error():
    with pytest.raises(DiceError, match="no roll to explain"):
        Dice().explain("charge")
