"""Ordering candidates by a ruleset's priority list with ordered tie-breakers.

Every tie-breaker keeps the candidates with the lowest key; the trace says
what each level compared. Candidates still tied after the last level are a
tie the rules leave to the players: they are returned together, never split.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class TieBreaker(Generic[T]):
    """One level of choosing among candidates: what it prefers and how it says it."""

    label: str  # "closest", "lowest current HP"
    key: Callable[[T], float]  # lower is preferred
    describe: Callable[[T], str]  # "Bram 2" — shown in the trace


@dataclass(frozen=True)
class Selection(Generic[T]):
    """The candidates chosen (a tie when more than one) and the reasons at each level."""

    chosen: list[T]  # more than one: a tie for the players
    reasons: list[str]  # one line per tie-breaker level that was looked at

    @property
    def tied(self) -> bool:
        return len(self.chosen) > 1

    def explain(self) -> str:
        return "; ".join(self.reasons)


def select(candidates: Sequence[T], breakers: Sequence[TieBreaker[T]]) -> Selection[T]:
    """The best candidates after walking the tie-breakers in order until one remains."""
    remaining = list(candidates)
    reasons: list[str] = []
    for breaker in breakers:
        if len(remaining) <= 1:
            break
        keys = [breaker.key(c) for c in remaining]
        best = min(keys)
        kept = [c for c, k in zip(remaining, keys, strict=True) if k == best]
        shown = ", ".join(breaker.describe(c) for c in remaining)
        if len(kept) == len(remaining):
            reasons.append(f"{breaker.label}: {shown} (no difference)")
        else:
            reasons.append(f"{breaker.label}: {shown}")
        remaining = kept
    return Selection(remaining, reasons)


def tiers(candidates: Sequence[T], breakers: Sequence[TieBreaker[T]]) -> list[list[T]]:
    """All candidates in priority order, grouped into tiers of mutual ties."""
    left = list(candidates)
    out: list[list[T]] = []
    while left:
        chosen = select(left, breakers).chosen
        out.append(chosen)
        left = [c for c in left if c not in chosen]
    return out
