"""Typed dice, one number per die: how many a decision's rolls take, and the one message
when the players typed too many or too few."""

from __future__ import annotations

import pytest

from desktop.engine.dice import Roll
from desktop.tracker.typed_dice import dice_count_error, dice_in

HINT = "type one number per die, or clear the box to let Foebook roll."
TABLE = Roll("d6", 3, "table roll", scripted=True)
CHARGE = Roll("2d6", 7, "charge distance")


@pytest.mark.parametrize(
    ("die", "count"), [("d6", 1), ("1d6", 1), ("2d6", 2), ("5d6", 5), ("d3", 1), ("card", 1)]
)
def test_a_roll_takes_as_many_typed_numbers_as_it_has_dice(die, count):
    assert dice_in(Roll(die, 1, "x")) == count


def test_the_right_count_is_no_error():
    assert dice_count_error([TABLE, CHARGE], 3) is None
    assert dice_count_error([], 0) is None


def test_one_roll_names_its_dice_and_what_was_typed():
    assert dice_count_error([CHARGE], 1) == (
        f"2d6 needs 2 dice (charge distance); you typed 1: {HINT}"
    )
    assert dice_count_error([TABLE], 2) == f"d6 needs 1 die (table roll); you typed 2: {HINT}"


def test_several_rolls_are_listed_in_the_order_they_are_typed():
    assert dice_count_error([TABLE, CHARGE], 2) == (
        f"This decision needs 3 dice, d6 (table roll) and 2d6 (charge distance); you typed 2: "
        f"{HINT}"
    )
    assert dice_count_error([], 2) == "This decision needs no dice; you typed 2: clear the box."


def test_asked_roll_by_roll_fewer_dice_making_whole_rolls_are_dice_still_to_come():
    assert dice_count_error([TABLE, CHARGE], 1, staged=True) is None
    half = Roll("2d6", 7, "charge distance")  # one of its two dice typed: not whole
    assert dice_count_error([TABLE, half], 2, staged=True) is not None
    assert dice_count_error([TABLE, CHARGE], 4, staged=True) is not None
