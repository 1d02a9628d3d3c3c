"""skirmish-ai: a chosen plan, and how row results become one (with the fallback row)."""

from __future__ import annotations

from desktop.engine.chain import Chain, Step
from desktop.engine.decision import APPLIED, Outcome
from desktop.engine.units import Unit
from desktop.rulesets.skirmish_ai import rows
from desktop.rulesets.skirmish_ai.context import SkirmishContext
from desktop.rulesets.skirmish_ai.rows import Attempt, Impossible

FALLBACK_STEP = "fallback"


class Plan:
    """The outcomes chosen before end-of-activation rolls."""

    def __init__(self, outcomes: list[Outcome], notes: list[str] | None = None) -> None:
        self.outcomes = dedupe(outcomes)
        self.notes = notes or []
        # The other members of a group found following base conditions (none of them rolls).
        self.shares_base_with: tuple[str, ...] = ()


def dedupe(outcomes: list[Outcome]) -> list[Outcome]:
    seen: list[Outcome] = []
    for o in outcomes:
        if o not in seen:
            seen.append(o)
    return seen


def finish(
    s: SkirmishContext, result: Attempt | Impossible, step: str | Step, chain: Chain
) -> Plan:
    """The row's outcomes, or (when it cannot be carried out) stay in place and fire."""
    if isinstance(result, Attempt):
        chain.add(step, APPLIED, result.detail)
        return Plan(result.outcomes)
    chain.add(step, "impossible", f"{result.reason}, so it cannot be carried out")
    fallback = rows.remain_and_fire(s)
    chain.add(FALLBACK_STEP, APPLIED, fallback.detail)
    return Plan(fallback.outcomes)


def merge(
    results: list[tuple[Unit, Attempt | Impossible]], s: SkirmishContext
) -> Attempt | Impossible:
    """Combine a behaviour run against each of several equally near opponents."""
    done = [(t, r) for t, r in results if isinstance(r, Attempt)]
    if not done:
        return Impossible("; ".join(r.reason for _, r in results if isinstance(r, Impossible)))
    if len(results) == 1:
        return done[0][1]
    outs: list[Outcome] = []
    for _, r in done:
        outs += r.outcomes
    names = " and ".join(t.name for t, _ in results)
    detail = " | ".join(f"toward {t.name}: {r.detail}" for t, r in done)
    return Attempt(outs, f"{names} are equally near; the players choose — {detail}")
