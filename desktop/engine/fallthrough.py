"""Walking a priority list until one entry yields something ("else use the next priority").

An enemy card, a phase order or a table of tactics is an ordered list of
options; each is tried in turn and the first that yields a result is used.
Every option tried is kept with the reason it yielded or not, so the trace can
show exactly where the walk stopped and why the earlier options were passed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

Opt = TypeVar("Opt")
R = TypeVar("R")


@dataclass(frozen=True)
class Attempt(Generic[Opt, R]):
    """One option tried in order, and what it yielded (or why nothing)."""

    option: Opt
    result: R | None  # None: the option yielded nothing
    detail: str  # the numbers that decided it

    @property
    def yielded(self) -> bool:
        return self.result is not None


@dataclass(frozen=True)
class FallThrough(Generic[Opt, R]):
    """The options tried in order until one yielded: the last one when it did."""

    attempts: tuple[Attempt[Opt, R], ...]

    @property
    def chosen(self) -> Attempt[Opt, R] | None:
        last = self.attempts[-1] if self.attempts else None
        return last if last is not None and last.yielded else None


def first_yielding(
    options: Sequence[Opt], attempt: Callable[[Opt], tuple[R | None, str]]
) -> FallThrough[Opt, R]:
    """Try `options` in order; stop at the first whose `attempt` returns a result."""
    attempts: list[Attempt[Opt, R]] = []
    for option in options:
        result, detail = attempt(option)
        attempts.append(Attempt(option, result, detail))
        if result is not None:
            break
    return FallThrough(tuple(attempts))
