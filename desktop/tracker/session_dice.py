"""A session's dice: a seed kept with the session and a count of the dice draws it has used.

Every decision is evaluated with dice seeded from (session seed, draws used), so
looking at a decision never changes it. Applying a decision or rolling again
uses up one draw, inside that command: undo rewinds it, redo repeats it, and a
session reopened from storage shows the same pending decision with the same dice.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from desktop.engine.dice import DEFAULT_SEED, Dice

SEED_LIMIT = 1 << 31  # seeds fit a signed 32-bit column on every database


def new_seed() -> int:
    """A fresh random seed for a new session."""
    return random.SystemRandom().randrange(SEED_LIMIT)


@dataclass(frozen=True)
class SessionDice:
    seed: int = DEFAULT_SEED
    used: int = 0  # dice draws used up: decisions applied, dice rolled again

    def draw_seed(self) -> int:
        """The seed of the next draw: the same for the same session seed and count."""
        digest = hashlib.sha256(f"{self.seed}:{self.used}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def dice(self, typed: Iterable[int] = ()) -> Dice:
        """Dice for evaluating a decision now: typed values first, then the next draw."""
        return Dice(typed, seed=self.draw_seed())

    def advanced(self) -> SessionDice:
        return SessionDice(self.seed, self.used + 1)

    def to_record(self) -> dict[str, int]:
        return {"seed": self.seed, "used": self.used}

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | None) -> SessionDice:
        """From storage; a record without a seed (never written) gets the fixed default."""
        record = record or {}
        return cls(int(record.get("seed", DEFAULT_SEED)), int(record.get("used", 0)))
