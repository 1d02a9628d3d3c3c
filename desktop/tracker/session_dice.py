"""A session's dice: a seed kept with the session and a count of the dice draws it has used.

Every decision is evaluated with dice seeded from (session seed, draws used), so
looking at a decision never changes it. Applying a decision or rolling again
uses up one draw, inside that command: undo rewinds it, redo repeats it, and a
session reopened from storage shows the same pending decision with the same dice.
The dice also keep, until the round ends, the rolls groups of units share: a decision
that rolls its group's die (Decision.shares_roll_with) fixes it for the other members, and
one that finds its group following base conditions instead (Decision.shares_base_with)
fixes that no member rolls.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from desktop.engine.dice import DEFAULT_SEED, Dice, Roll
from desktop.tracker.phrase_seed import phrase_seed

SEED_LIMIT = 1 << 31  # seeds fit a signed 32-bit column on every database


def new_seed() -> int:
    """A fresh random seed for a new session."""
    return random.SystemRandom().randrange(SEED_LIMIT)


@dataclass(frozen=True)
class GroupRoll:
    """A roll a unit shares this round: made by another member of its group (`by`)."""

    value: int
    die: str
    by: str

    def to_record(self) -> dict[str, Any]:
        return {"value": self.value, "die": self.die, "by": self.by}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> GroupRoll:
        return cls(int(record["value"]), str(record["die"]), str(record["by"]))


@dataclass(frozen=True)
class SessionDice:
    """The session's dice: its seed, the draws used up and this round's group rolls."""

    seed: int = DEFAULT_SEED
    used: int = 0  # dice draws used up: decisions applied, dice rolled again
    # This round only: unit id -> the group's roll it uses, and the units that rolled
    # dice of their own (a group's roll made later never replaces theirs).
    group_rolls: Mapping[str, GroupRoll] = field(default_factory=lambda: MappingProxyType({}))
    rolled: tuple[str, ...] = ()
    # This round only: unit id -> the member whose decision found their group following
    # base conditions, so that none of them rolls.
    group_bases: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # The session's own choice: the players roll physical dice and type them in (Foebook
    # asks before it shows an outcome). Kept across rounds, restarts and undo like the rest.
    physical: bool = False

    def draw_seed(self) -> int:
        """The seed of the next draw: the same for the same session seed and count."""
        return phrase_seed(f"{self.seed}:{self.used}")

    def dice(
        self, typed: Iterable[int] = (), unit_id: str | None = None, per_die: bool = False
    ) -> Dice:
        """Dice for evaluating a decision now: the group's roll `unit_id` shares this round
        (if any; or that its group rolls none), then typed values (one per die with
        `per_die`), then the next draw."""
        shared = self.group_rolls.get(unit_id) if unit_id is not None else None
        return Dice(
            typed,
            seed=self.draw_seed(),
            group_roll=shared.value if shared is not None else None,
            per_die=per_die,
            group_base=self.group_bases.get(unit_id) if unit_id is not None else None,
        )

    def advanced(self) -> SessionDice:
        return replace(self, used=self.used + 1)

    def after_decision(
        self,
        unit_id: str,
        rolls: Sequence[Roll],
        shares_with: Sequence[str],
        base_with: Sequence[str] = (),
    ) -> SessionDice:
        """The dice once a decision with these rolls is applied: dice of its own use up a
        draw, and a group's roll it made (its first) is kept for the other members that
        have no roll of their own, nor one from their group, this round; so is the finding
        that its group follows base conditions (`base_with`), so that none of them rolls.

        The members are those of the group when the roll was made: one that moves apart
        later still uses the roll (the rules' reading: a group is fixed by its roll).
        """
        own = any(not r.shared for r in rolls)
        rolled = self.rolled if unit_id in self.rolled or not own else (*self.rolled, unit_id)
        kept = dict(self.group_rolls)
        bases = dict(self.group_bases)

        def free(member: str) -> bool:
            return (
                member != unit_id
                and member not in kept
                and member not in bases
                and member not in rolled
            )

        if shares_with and rolls and not rolls[0].shared:
            first = rolls[0]
            for member in filter(free, shares_with):
                kept[member] = GroupRoll(first.value, first.die, unit_id)
        for member in filter(free, base_with):
            bases[member] = unit_id
        if not own and bases == self.group_bases:
            return self  # nothing rolled here: the group's roll was made and kept before
        return replace(
            self,
            used=self.used + (1 if own else 0),
            group_rolls=MappingProxyType(kept),
            rolled=rolled,
            group_bases=MappingProxyType(bases),
        )

    def new_round(self) -> SessionDice:
        """A new round: no roll is shared or kept from the last one."""
        return SessionDice(self.seed, self.used, physical=self.physical)

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"seed": self.seed, "used": self.used}
        if self.group_rolls:
            record["group_rolls"] = {k: v.to_record() for k, v in self.group_rolls.items()}
        if self.rolled:
            record["rolled"] = list(self.rolled)
        if self.group_bases:
            record["group_bases"] = dict(self.group_bases)
        if self.physical:
            record["physical"] = True
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | None) -> SessionDice:
        """From storage; a record without a seed (never written) gets the fixed default."""
        record = record or {}
        shared = {
            str(k): GroupRoll.from_record(v) for k, v in (record.get("group_rolls") or {}).items()
        }
        return cls(
            int(record.get("seed", DEFAULT_SEED)),
            int(record.get("used", 0)),
            MappingProxyType(shared),
            tuple(str(u) for u in record.get("rolled") or ()),
            MappingProxyType(
                {str(k): str(v) for k, v in (record.get("group_bases") or {}).items()}
            ),
            record.get("physical") is True,
        )
