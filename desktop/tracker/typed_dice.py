"""Dice the players type, one number per die: how many a decision's rolls take, and the one
message when the count typed is not that."""

from __future__ import annotations

import re
from collections.abc import Sequence

from desktop.engine.chain import joined
from desktop.engine.dice import Roll

_COUNT = re.compile(r"(\d*)d\d+")


def dice_in(roll: Roll) -> int:
    """How many dice the roll takes typed one by one: 2 for a 2d6, 1 for a d6 or a d3."""
    match = _COUNT.fullmatch(roll.die)
    return int(match.group(1)) if match and match.group(1) else 1


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def dice_count_error(rolls: Sequence[Roll], typed: int, staged: bool = False) -> str | None:
    """The message when `typed` dice are not what `rolls` (the decision's own rolls, not a
    group's roll it shares) take; None when they are. `staged`: the players are being asked
    for their dice roll by roll, so fewer dice that make whole rolls are dice still to come."""
    needed = sum(dice_in(r) for r in rolls)
    if typed == needed:
        return None
    if staged and typed < needed and typed == sum(dice_in(r) for r in rolls if r.scripted):
        return None
    hint = "type one number per die, or clear the box to let Foebook roll"
    if not rolls:
        return f"This decision needs no dice; you typed {typed}: clear the box."
    if len(rolls) == 1:
        roll = rolls[0]
        return f"{roll.die} needs {_dice(needed)} ({roll.purpose}); you typed {typed}: {hint}."
    each = joined([f"{r.die} ({r.purpose})" for r in rolls])
    return f"This decision needs {_dice(needed)}, {each}; you typed {typed}: {hint}."
