"""The per-decision context: what one enemy's decision reads, built once by `Ruleset.context`
and handed to every step of the ruleset's chain."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.engine.board import Board
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.units import Unit


@dataclass
class Context:
    """The encounter, the unit deciding and the dice; rulesets extend it (as a dataclass) with
    what their chain needs and caches for the length of one decision."""

    encounter: Encounter
    unit: Unit
    dice: Dice

    @property
    def board(self) -> Board:
        return self.encounter.board
