"""Hit points as the tracker changes them: never below the ruleset's floor, worded for the log."""

from __future__ import annotations

from desktop.engine.ruleset import Ruleset
from desktop.engine.units import Unit


def hp_text(before: Unit, after: Unit) -> str:
    return f"HP {before.hp} → {after.hp} of {after.max_hp}"


def floored(ruleset: Ruleset, hp: int) -> int:
    """`hp`, raised to the lowest HP the ruleset lets a unit drop to (`hp_floor`)."""
    floor = ruleset.data.hp_floor
    return hp if floor is None else max(floor, hp)


def hurt(ruleset: Ruleset, unit: Unit, amount: int) -> tuple[Unit, str]:
    """The unit after `amount` damage, never below the ruleset's floor, and the HP change
    for the log ("HP 3 → 0 of 10; HP goes no lower than 0")."""
    after = unit.evolve(hp=floored(ruleset, unit.hp - amount))
    text = hp_text(unit, after)
    if after.hp != unit.hp - amount:
        text += f"; HP goes no lower than {ruleset.data.hp_floor}"
    return after, text
