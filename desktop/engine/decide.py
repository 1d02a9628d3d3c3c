"""The one entry point every caller uses: decide(encounter, unit_id, ruleset, dice)."""

from __future__ import annotations

from desktop.engine.decision import Decision
from desktop.engine.dice import Dice, DiceError
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.ruleset import Ruleset
from desktop.errors import FoebookError


def decide(
    encounter: Encounter, unit_id: str, ruleset: Ruleset, dice: Dice | None = None
) -> Decision:
    """Evaluate one enemy's priority chain. Pure: the encounter is never changed."""
    if ruleset.id != encounter.ruleset:
        raise RulesError(f"the encounter is played with '{encounter.ruleset}', not '{ruleset.id}'")
    unit = encounter.unit(unit_id)
    if not unit.is_enemy:
        raise RulesError(f"'{unit_id}' is a player unit; only enemies are decided")
    try:
        return ruleset.decide(encounter, unit_id, dice if dice is not None else Dice())
    except (FoebookError, DiceError):  # said to the user as they are (dice typed wrong...)
        raise
    except Exception as error:
        if ruleset.origin is None:
            raise  # Foebook's own code: a bug, reported as one
        raise ruleset.origin.failed(error, f"while deciding for '{unit_id}'") from error
