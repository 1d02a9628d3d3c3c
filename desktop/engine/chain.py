"""A ruleset's priority list for one decision: its steps, titled from the ruleset's data,
and the trace entry each step considered leaves.

Every step title lives in one place, the `[steps]` table of the ruleset's TOML
(`flee = "1. Badly hurt and able to move: back away"`); code names a step by its key. A
title may hold `{fields}` that the step fills in (`"2. Fire {name}"`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from desktop.engine.decision import APPLIED, SKIPPED, TraceStep
from desktop.engine.errors import RulesError
from desktop.engine.fallthrough import FallThrough, first_yielding

Opt = TypeVar("Opt")
R = TypeVar("R")


@dataclass(frozen=True)
class Step:
    """One entry of the priority list: its key in the `[steps]` table and its title."""

    key: str
    title: str


class Chain:
    """Walks a ruleset's steps for one decision, keeping one trace entry per step considered."""

    __slots__ = ("_ruleset", "_titles", "_trace")

    def __init__(self, titles: Mapping[str, str], ruleset: str = "") -> None:
        self._titles = titles
        self._ruleset = ruleset
        self._trace: list[TraceStep] = []

    def step(self, key: str, **fields: object) -> Step:
        title = self._titles.get(key)
        if title is None:  # a ruleset bug: every built-in's steps are checked by a test
            raise RulesError(f"ruleset '{self._ruleset}' has no step '{key}' in its [steps] table")
        return Step(key, title.format(**fields) if fields else title)

    def fresh(self) -> Chain:
        """An empty walk over the same steps (reasoning worked out aside, e.g. a ward's)."""
        return Chain(self._titles, self._ruleset)

    def title(self, key: str, **fields: object) -> str:
        return self.step(key, **fields).title

    def entry(
        self, key: str | Step, outcome: str, detail: str, *, part: str = "", **fields: object
    ) -> TraceStep:
        """The trace entry of step `key` (a key or a Step already titled; its `part` is
        shown as "title: part") with its outcome, not recorded (an alternative's own)."""
        title = key.title if isinstance(key, Step) else self.title(key, **fields)
        return TraceStep(f"{title}: {part}" if part else title, outcome, detail)

    def add(
        self, key: str | Step, outcome: str, detail: str, *, part: str = "", **fields: object
    ) -> None:
        """Record step `key` with its outcome (see `entry`)."""
        self._trace.append(self.entry(key, outcome, detail, part=part, **fields))

    def applied(self, key: str | Step, detail: str, *, part: str = "", **fields: object) -> None:
        self.add(key, APPLIED, detail, part=part, **fields)

    def skipped(self, key: str | Step, detail: str, *, part: str = "", **fields: object) -> None:
        self.add(key, SKIPPED, detail, part=part, **fields)

    def first_yielding(
        self, key: str, options: Sequence[Opt], attempt: Callable[[Opt], tuple[R | None, str]]
    ) -> FallThrough[Opt, R]:
        """Try `options` in order until one yields ("else use the next priority"); each one
        tried is a trace entry "title: option", applied or skipped."""
        walk = first_yielding(options, attempt)
        for tried in walk.attempts:
            self.add(
                key, APPLIED if tried.yielded else SKIPPED, tried.detail, part=str(tried.option)
            )
        return walk

    def extend(self, aside: Chain) -> None:
        """Take over the entries of a walk worked out aside (the option that was chosen)."""
        self._trace.extend(aside._trace)

    def steps(self) -> tuple[TraceStep, ...]:
        return tuple(self._trace)


def plural(count: float, noun: str) -> str:
    """ "1 hex", "3 hexes", "2 enemies", "0.5 squares"."""
    shown = int(count) if float(count).is_integer() else round(count, 1)
    return f"{shown} {noun if shown == 1 else plural_noun(noun)}"


def joined(words: Sequence[str], last: str = "and") -> str:
    """Words as a sentence lists them: "A", "A and B", "A, B and C" (`last`: "or"...)."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def plural_noun(noun: str) -> str:
    """The English plural of a regular noun: hex → hexes, enemy → enemies, trap → traps."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"
