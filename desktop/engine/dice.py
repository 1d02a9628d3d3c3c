"""Dice: one protocol for every random choice, scripted first, then a seeded generator.

A player who rolled real dice types the results in (scripted values); when
those run out the seeded generator takes over, so the same command with the
same seed always gives the same answer. Every roll is recorded with its purpose,
and where the rules turn it into an outcome, with what it meant.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

T = TypeVar("T")

DEFAULT_SEED = 20261125


@dataclass(frozen=True)
class Roll:
    """One random result a decision used: the die, its value and what it was for."""

    die: str  # "d6", "2d6", "d3", "card", "pick 1 of 3"
    value: int
    purpose: str
    scripted: bool = False
    meaning: str = ""  # what the rules made of it: "charge the nearest", "11 damage to Bea"
    shared: bool = False  # a group's roll made earlier for another member, not rolled here

    def to_dict(self) -> dict[str, Any]:
        out = {"die": self.die, "value": self.value, "purpose": self.purpose}
        if self.meaning:
            out["meaning"] = self.meaning
        if self.shared:
            out["shared"] = True
        return out

    @classmethod
    def from_dict(cls, record: dict[str, Any]) -> Roll:
        shared = bool(record.get("shared"))
        return cls(
            str(record["die"]),
            int(record["value"]),
            str(record["purpose"]),
            scripted=shared,
            meaning=str(record.get("meaning") or ""),
            shared=shared,
        )

    def describe(self) -> str:
        """'d6 = 4 (table roll (Aggressive)) — Aggressive table, row 4: ...', one clause
        without a full stop of its own (a table row's sentence ends with one): it is
        followed by "; " and more in a log line."""
        text = f"{self.die} = {self.value} ({self.purpose})"
        return f"{text} — {self.meaning.removesuffix('.')}" if self.meaning else text


class DiceError(ValueError):
    pass


class Dice:
    """Scripted values first, then a seeded generator; records every roll.

    `group_roll` is a roll a group of units shares that was made before this decision (for
    another member): `roll_for_group` gives it back instead of rolling, so it takes neither
    a typed value nor a draw of the generator. `group_base` names the member whose decision
    found, earlier, that its group follows base conditions instead of rolling: the group
    makes no roll this round.

    Scripted values are one per roll (a 2d6 takes its total, as `--roll` does), or with
    `per_die` one per die, as players read them off the table (a 2d6 takes two).
    """

    def __init__(
        self,
        scripted: Iterable[int] = (),
        seed: int | None = None,
        group_roll: int | None = None,
        per_die: bool = False,
        group_base: str | None = None,
    ) -> None:
        self._scripted = list(scripted)
        self._position = 0
        self._per_die = per_die
        self._rng = random.Random(DEFAULT_SEED if seed is None else seed)
        self.group_roll = group_roll
        self.group_base = group_base
        self.rolls: list[Roll] = []

    @property
    def scripted_left(self) -> int:
        return len(self._scripted) - self._position

    def _next(self, low: int, high: int, die: str, purpose: str) -> int:
        if self._position < len(self._scripted):
            value = self._scripted[self._position]
            self._position += 1
            if not low <= value <= high:
                raise DiceError(
                    f"rolled value {value} for {purpose} ({die}) must be between {low} and {high}"
                )
            self.rolls.append(Roll(die, value, purpose, scripted=True))
            return value
        value = self._rng.randint(low, high)
        self.rolls.append(Roll(die, value, purpose))
        return value

    def roll(self, sides: int, purpose: str) -> int:
        return self._next(1, sides, f"d{sides}", purpose)

    def roll_for_group(self, sides: int, purpose: str) -> int:
        """The roll a group of units shares: the group's roll when one was made already,
        else a roll like any other (which the caller may then share)."""
        value = self.group_roll
        if value is None:
            return self.roll(sides, purpose)
        if not 1 <= value <= sides:
            raise DiceError(
                f"the group's roll {value} for {purpose} (d{sides}) must be between 1 and {sides}"
            )
        self.rolls.append(Roll(f"d{sides}", value, purpose, scripted=True, shared=True))
        return value

    def roll_sum(self, count: int, sides: int, purpose: str) -> int:
        """Several dice summed and recorded as one roll (e.g. 2d6): one typed value, or one
        per die with `per_die` (a roll they only partly cover is not scripted: the rest
        comes from the generator, and the caller tells the players how many it needs)."""
        die = f"{count}d{sides}"
        if not self._per_die or self._position >= len(self._scripted):
            return self._next(count, count * sides, die, purpose)
        faces = self._scripted[self._position : self._position + count]
        self._position += len(faces)
        for value in faces:
            if not 1 <= value <= sides:
                raise DiceError(
                    f"rolled value {value} for {purpose} ({die}) must be between 1 and "
                    f"{sides}: type each die of the {die} on its own"
                )
        typed = len(faces) == count
        total = sum(faces) + sum(self._rng.randint(1, sides) for _ in range(count - len(faces)))
        self.rolls.append(Roll(die, total, purpose, scripted=typed))
        return total

    def choose_index(self, count: int, purpose: str) -> int:
        """A random pick among `count` options: a die with `count` faces; returns 0-based."""
        if count <= 0:
            raise DiceError(f"nothing to choose from for {purpose}")
        if count == 1:
            return 0
        return self._next(1, count, f"d{count}", purpose) - 1

    def choose(self, options: Sequence[T], purpose: str) -> T:
        return options[self.choose_index(len(options), purpose)]

    def explain(self, meaning: str) -> None:
        """Record what the last roll meant, once the rules have turned it into an outcome."""
        if not self.rolls:
            raise DiceError(f"no roll to explain as '{meaning}'")
        self.rolls[-1] = replace(self.rolls[-1], meaning=meaning)


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")


class Deck:
    """A deck with memory (playing cards, stratagems): draw, discard, reshuffle when empty."""

    def __init__(self, cards: Sequence[str], seed: int | None = None) -> None:
        self._all = list(cards)
        self._rng = random.Random(DEFAULT_SEED if seed is None else seed)
        self.draw_pile: list[str] = []
        self.discards: list[str] = []
        self.reshuffle()

    @classmethod
    def playing_cards(cls, seed: int | None = None) -> Deck:
        return cls([f"{rank}{suit}" for suit in SUITS for rank in RANKS], seed)

    def reshuffle(self) -> None:
        self.draw_pile = list(self._all)
        self._rng.shuffle(self.draw_pile)
        self.discards = []

    def draw(self) -> str:
        if not self.draw_pile:
            self.reshuffle()
        card = self.draw_pile.pop()
        self.discards.append(card)
        return card

    def __len__(self) -> int:
        return len(self.draw_pile)
