"""What an enemy does and why: the decision, its trace, and the alternatives left to players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.engine.board import Cell
from desktop.engine.dice import Roll

APPLIED = "applied"
SKIPPED = "skipped"


@dataclass(frozen=True)
class TraceStep:
    """One step of the reasoning shown for a decision, with the numbers that decided it."""

    step: str  # "3. Attack a player in range"
    outcome: str  # applied / skipped / a ruleset word
    detail: str  # the numbers that decided it, in the product's own words

    def to_dict(self) -> dict[str, str]:
        return {"step": self.step, "outcome": self.outcome, "detail": self.detail}


@dataclass(frozen=True)
class Outcome:
    """One equally valid result: action, targets, where the unit ends and how it gets there.
    `area`: the cells an area attack hits (written as `aoe_hexes`). `costs`: the movement
    points spent on reaching each cell of `path`, for rulesets where steps cost unevenly;
    empty when the ruleset does not say (the board then marks steps without numbers).
    `summary`: how the decision reads when the players pick this outcome ("Attack Aria from
    [3, 4]"); `steps`: the trace steps that read otherwise for it, each replacing the step
    of the same title. Neither tells two outcomes apart nor goes into the JSON."""

    action: str
    targets: tuple[str, ...] = ()
    destination: Cell | None = None
    path: tuple[Cell, ...] = ()
    area: tuple[Cell, ...] = ()
    costs: tuple[int, ...] = field(default=(), compare=False)
    summary: str = field(default="", compare=False)
    steps: tuple[TraceStep, ...] = field(default=(), compare=False)
    # The unit a move heads for ("heading for Ada"): the board rings it as it does targets.
    goal: str | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action,
            "targets": list(self.targets),
            "destination": list(self.destination) if self.destination is not None else None,
            "path": [list(c) for c in self.path],
        }
        if self.area:
            out["aoe_hexes"] = [list(c) for c in self.area]
        if self.goal is not None:
            out["goal"] = self.goal
        return out


@dataclass(frozen=True)
class Result:
    """What a ruleset's chain found for one unit: the outcomes (the decided one first, then
    the ties left to the players), the summary, and what else the decision carries."""

    outcomes: tuple[Outcome, ...] | list[Outcome]
    summary: str
    statuses_gained: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    phase: str | None = None
    shares_roll_with: tuple[str, ...] = ()
    shares_base_with: tuple[str, ...] = ()


def summarised(outcomes: Iterable[Outcome], describe: Callable[[Outcome], str]) -> list[Outcome]:
    """Each outcome with the summary `describe` gives it, so that the one the players pick
    reads as itself (the first one's summary is the decision's)."""
    return [replace(o, summary=describe(o)) for o in outcomes]


def choice_label(choice: int) -> str:
    """How players see outcome `choice` (0 is the decided one, n is alternatives[n - 1]),
    the same in the decision panel and in the log: numbered from 1, the decided one first."""
    return "Choice 1 (as decided)" if choice == 0 else f"Choice {choice + 1}"


def format_cells(cells: Iterable[Cell]) -> str:
    """A path or a cell as players read it, the same in the decision panel and the CLI."""
    return " → ".join(f"[{c}, {r}]" for c, r in cells)


def outcome_words(action: str, targets: Iterable[str], destination: Cell | None) -> str:
    """An outcome as players read it, the same in the decision panel's list of choices and
    in the log of the one they took: "Attack Cragheart from [6, 4]" (it acts from there),
    "Move to [8, 3]" (`targets`: names)."""
    bits = [action.capitalize()]
    names = ", ".join(targets)
    if names:
        bits.append(names)
    if destination is not None:
        bits.append(f"{'from' if names else 'to'} {format_cells([destination])}")
    return " ".join(bits)


def choice_words(outcomes: Sequence[Outcome], names: Mapping[str, str]) -> list[str]:
    """Choices as players read them (`outcome_words` of each, `names`: unit id -> name):
    where two read the same, each also says the way it goes ("Move to [5, 1] via [4, 1]"),
    the same in the decision panel's list, its summary of the one picked, and the log."""
    words = [
        outcome_words(o.action, (names.get(t, t) for t in o.targets), o.destination)
        for o in outcomes
    ]
    counts = Counter(words)
    return [
        word + (f" via {format_cells(o.path[:-1])}" if counts[word] > 1 and len(o.path) > 1 else "")
        for word, o in zip(words, outcomes, strict=True)
    ]


@dataclass(frozen=True)
class Decision:
    """`shares_roll_with`: the other units that share this decision's first roll (a group's
    table roll, rolled here) for the rest of the round, as the group stood when it was rolled.
    `shares_base_with`: the other members of a group that follows base conditions instead
    of rolling, as this decision found it: none of them rolls for the rest of the round.
    """

    unit: str
    ruleset: str
    ai: str | None
    outcome: Outcome
    summary: str  # "Attack Bram", "Move 3 squares toward Aria"
    rolls: tuple[Roll, ...] = ()
    statuses_gained: tuple[str, ...] = ()
    alternatives: tuple[Outcome, ...] = ()
    trace: tuple[TraceStep, ...] = ()
    phase: str | None = None
    notes: tuple[str, ...] = field(default=())  # e.g. group membership, helpers shown
    shares_roll_with: tuple[str, ...] = ()
    shares_base_with: tuple[str, ...] = ()

    @property
    def action(self) -> str:
        return self.outcome.action

    @property
    def targets(self) -> tuple[str, ...]:
        return self.outcome.targets

    @property
    def destination(self) -> Cell | None:
        return self.outcome.destination

    @property
    def path(self) -> tuple[Cell, ...]:
        return self.outcome.path

    @property
    def options(self) -> tuple[Outcome, ...]:
        """Every outcome, numbered as `choice` counts them: the decided one first."""
        return (self.outcome, *self.alternatives)

    def option(self, choice: int) -> Outcome:
        """Outcome `choice`: 0 is the decided one, n is alternatives[n - 1]."""
        return self.options[choice]

    def summary_of(self, choice: int, names: Mapping[str, str]) -> str:
        """The summary as it reads with outcome `choice` taken: the ruleset's words for it,
        else the words the list of choices gives it (`names`: unit id -> name)."""
        if choice == 0:
            return self.summary
        return self.option(choice).summary or choice_words(self.options, names)[choice]

    def trace_of(self, choice: int) -> tuple[TraceStep, ...]:
        """The trace as it reads with outcome `choice` taken: its own steps in place of the
        decided outcome's."""
        own = {s.step: s for s in self.option(choice).steps} if choice else {}
        return tuple(own.get(s.step, s) for s in self.trace)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"unit": self.unit, "ruleset": self.ruleset, "ai": self.ai}
        out.update(self.outcome.to_dict())
        out.update(
            {
                "rolls": [r.to_dict() for r in self.rolls],
                "statuses_gained": list(self.statuses_gained),
                "alternatives": [a.to_dict() for a in self.alternatives],
                "trace": [t.to_dict() for t in self.trace],
                "summary": self.summary,
            }
        )
        if self.phase is not None:
            out["phase"] = self.phase
        if self.notes:
            out["notes"] = list(self.notes)
        if self.shares_roll_with:
            out["shares_roll_with"] = list(self.shares_roll_with)
        if self.shares_base_with:
            out["shares_base_with"] = list(self.shares_base_with)
        return out
