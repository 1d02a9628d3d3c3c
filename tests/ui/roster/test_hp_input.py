"""What typed HP text becomes: damage, healing, a set value, or a clear refusal."""

from __future__ import annotations

import pytest

from desktop.engine.units import make_unit
from desktop.tracker.commands import Damage, Heal, SetHp
from ui.roster.hp_input import HpInputError, parse_hp_input

UNIT = make_unit("mob", "enemy", (0, 0), 6, 10, name="Brute Mob")


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("-3", Damage("mob", 3)),
        (" - 3 ", Damage("mob", 3)),
        ("−4", Damage("mob", 4)),  # typographic minus
        ("+2", Heal("mob", 2)),
        ("=7", SetHp("mob", 7)),
        ("7", SetHp("mob", 7)),
        ("=-2", SetHp("mob", -2)),
        ("=7/12", SetHp("mob", 7, 12)),
        ("0", SetHp("mob", 0)),
        # A sign alone is one point, so "-" then Enter on a roster row still means 1 damage;
        # repeating it counts, as tapping "-" twice used to.
        ("-", Damage("mob", 1)),
        ("+", Heal("mob", 1)),
        ("--", Damage("mob", 2)),
        ("−−−", Damage("mob", 3)),
        ("++", Heal("mob", 2)),
    ],
)
def test_typed_changes_become_commands(text, command):
    assert parse_hp_input(text, UNIT) == command


@pytest.mark.parametrize("text", ["abc", "=-", "", "  ", "=", "-+", "3-", "--3", "=+2", "1.5"])
def test_other_text_is_refused_with_the_forms_that_work(text):
    with pytest.raises(HpInputError) as raised:
        parse_hp_input(text, UNIT)
    message = str(raised.value)
    assert message.startswith("Brute Mob: ")
    assert "-3" in message and "+2" in message and "=7" in message


NAMES = {"mob": "Brute Mob", "aria": "Aria", "arno": "Arnold", "bram": "Bram"}


@pytest.mark.parametrize(
    ("text", "source", "amount"),
    [
        ("-3 Aria", "aria", 3),
        ("-3 from bram", "bram", 3),
        ("- by Bram", "bram", 1),
        ("--  BR", "bram", 2),
        ("-2 arnold", "arno", 2),
        ("-2 aria", "aria", 2),  # a whole name wins over another name starting with it
    ],
)
def test_damage_can_name_who_dealt_it(text, source, amount):
    assert parse_hp_input(text, UNIT, NAMES) == Damage("mob", amount, source)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-3 zed", "no unit is called 'zed' to have dealt the damage (units: Aria, Arnold, Bram)"),
        ("-3 ar", "'ar' could be Aria, Arnold; type more of the name of who dealt it"),
        ("-3 brute", "no unit is called 'brute'"),  # not the damaged unit itself
    ],
)
def test_a_name_that_fits_no_unit_or_several_is_refused_saying_so(text, message):
    with pytest.raises(HpInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_hp_input(text, UNIT, NAMES)
