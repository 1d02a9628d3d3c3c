"""Builds small encounters for scenario tests from a board text and unit lines."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.rulesets.registry import get_ruleset


def encounter(
    ruleset: str, cells: str, units: list[str], state: str = "", shape: str = "square"
) -> Encounter:
    """`units` holds the body of each [[units]] table (TOML lines)."""
    parts = [
        f'format = 1\nruleset = "{ruleset}"\n[board]\nshape = "{shape}"\n'
        f'cells = """\n{cells.strip()}\n"""\n'
    ]
    parts += [f"[[units]]\n{u.strip()}\n" for u in units]
    if state:
        parts.append(f"[state]\n{state.strip()}\n")
    return parse_encounter("\n".join(parts), "scenario.toml")


def decided(enc: Encounter, unit_id: str, rolls: list[int] | None = None) -> Decision:
    return decide(enc, unit_id, get_ruleset(enc.ruleset), Dice(rolls or []))


def outcomes(decision: Decision) -> list[str]:
    return [step.outcome for step in decision.trace]
