"""A rule pack's own test cases, run: each case's encounter decided with the pack and the
decision compared with what the case expects (`foebook pack test`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from desktop.encounter_file import EncounterFileError, parse_encounter
from desktop.engine.decide import decide
from desktop.engine.decision import Decision, Outcome
from desktop.engine.dice import Dice
from desktop.engine.errors import RulesError
from desktop.errors import FoebookError
from desktop.rulesets.packs.pack_format import Pack, PackCase
from desktop.rulesets.registry import get_ruleset
from desktop.toml_reading import toml_value


@dataclass(frozen=True)
class CaseResult:
    """A pack test case and what it found wrong (nothing: it passed)."""

    case: PackCase
    problems: tuple[str, ...]  # empty: it passed

    @property
    def passed(self) -> bool:
        return not self.problems


def run_cases(pack: Pack) -> list[CaseResult]:
    """Decide every test case of the pack (registered first) and compare with what it
    expects: the action, targets, goal, destination and path of the decision and its set of
    alternatives."""
    return [_run(pack, case) for case in pack.cases]


def _run(pack: Pack, case: PackCase) -> CaseResult:
    raw = case.raw
    try:
        encounter = parse_encounter(_encounter_text(pack, raw), f"test '{case.name}'")
        ruleset = get_ruleset(pack.data.id)
        decision = decide(encounter, str(raw.get("unit")), ruleset, Dice(seed=0))
    except (EncounterFileError, RulesError, FoebookError) as error:
        return CaseResult(case, (error.message if isinstance(error, FoebookError) else str(error),))
    except (KeyError, TypeError, ValueError) as error:
        return CaseResult(case, (f"cannot be run: {error}",))
    return CaseResult(case, tuple(_compare(decision, raw)))


def _encounter_text(pack: Pack, raw: dict[str, Any]) -> str:
    lines = [
        "format = 1",
        f"ruleset = {toml_value(pack.data.id)}",
        "[board]",
        f"shape = {toml_value(pack.data.board_shape)}",
        f"cells = {toml_value(str(raw.get('board', '')))}",
    ]
    for unit in raw.get("units", []):
        record = dict(unit)
        record.setdefault("name", str(record.get("id", "")).capitalize())
        record.setdefault("max_hp", max(int(record.get("hp", 1)), 1))
        lines.append("[[units]]")
        lines += [f"{key} = {toml_value(value)}" for key, value in record.items()]
    return "\n".join(lines) + "\n"


def _wanted(raw: Any) -> Outcome:
    if not isinstance(raw, dict) or "action" not in raw:
        raise ValueError(f"an expected outcome needs its action: {raw!r}")
    at = raw.get("destination")
    return Outcome(
        str(raw["action"]),
        tuple(raw.get("targets", ())),
        tuple(at) if at is not None else None,
        tuple(tuple(c) for c in raw.get("path", ())),
        goal=raw.get("goal"),
    )


def _matches(got: Outcome, wanted: Outcome, raw: dict[str, Any]) -> bool:
    """Whether `got` is what `raw` expects; keys it does not give are not compared."""
    if got.action != wanted.action:
        return False
    if "targets" in raw and got.targets != wanted.targets:
        return False
    if "destination" in raw and got.destination != wanted.destination:
        return False
    if "goal" in raw and got.goal != wanted.goal:
        return False
    return "path" not in raw or got.path == wanted.path


def _compare(decision: Decision, raw: dict[str, Any]) -> list[str]:
    problems = []
    expect = raw.get("expect", {})
    if not _matches(decision.outcome, _wanted(expect), expect):
        problems.append(f"decided {_said(decision.outcome)}; expected {_said(_wanted(expect))}")
    if "alternatives" in raw:
        wanted = list(raw["alternatives"])
        got = list(decision.alternatives)
        left = list(got)
        for entry in wanted:
            match = next((g for g in left if _matches(g, _wanted(entry), entry)), None)
            if match is None:
                problems.append(f"no alternative {_said(_wanted(entry))}")
            else:
                left.remove(match)
        for extra in left:
            problems.append(f"unexpected alternative {_said(extra)}")
    return problems


def _said(outcome: Outcome) -> str:
    bits = [outcome.action]
    if outcome.targets:
        bits.append("→ " + ", ".join(outcome.targets))
    if outcome.goal:
        bits.append(f"toward {outcome.goal}")
    if outcome.destination is not None:
        bits.append(f"to {list(outcome.destination)}")
    if outcome.path:
        bits.append("via " + " ".join(str(list(c)) for c in outcome.path))
    return " ".join(bits)
