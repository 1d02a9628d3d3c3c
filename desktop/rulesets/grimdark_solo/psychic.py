"""grimdark-solo player psychic phase: enemy psykers deny the first power they can.

An enemy psyker may try to deny a power cast by a player psyker within its
reach (24" by default, `deny_range` in the ruleset data) once per phase, and
always does so at the first chance rather than waiting for a better power.
When several could deny the same power, one of them is picked at random.
"""

from __future__ import annotations

from desktop.engine.chain import Chain
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.units import Unit
from desktop.rulesets.grimdark_solo.common import (
    DENIED,
    PSYKER,
    GrimdarkContext,
    alive,
    distance,
    holder,
    inch_text,
    names,
)

PHASE = "psychic"


def deny_intent(ctx: GrimdarkContext, chain: Chain, dice: Dice) -> Result:
    """One enemy's stance in the player's psychic phase: which casters it would answer."""
    unit = ctx.unit

    hold = holder(chain, PHASE, "deny")

    if unit.hp <= 0:
        return hold("destroyed: it no longer acts", f"{unit.name} is destroyed")
    if PSYKER not in unit.tags:
        return hold("not a psyker", "Not a psyker")
    if unit.has(DENIED):
        return hold("it already tried to deny a power this phase", "Already denied this phase")
    reach = ctx.numbers.deny_range
    casters = sorted(
        (p for p in ctx.players if PSYKER in p.tags and distance(unit.at, p.at) <= reach),
        key=lambda p: distance(unit.at, p.at),
    )
    if not casters:
        return hold(f"no player psyker within {inch_text(reach)}", "No caster in reach")
    chain.add(
        "deny",
        APPLIED,
        "it will try to deny the first power cast by any of: "
        + ", ".join(f"{p.name} ({inch_text(distance(unit.at, p.at))})" for p in casters)
        + "; when other psykers could too, a die picks who",
    )
    return Result(
        [Outcome("deny", tuple(p.id for p in casters))],
        f"Ready to deny {names(casters)}",
        phase=PHASE,
    )


def eligible_deniers(encounter: Encounter, caster_id: str, reach: float) -> list[Unit]:
    caster = encounter.unit(caster_id)
    return [
        e
        for e in encounter.enemies()
        if alive(e)
        and PSYKER in e.tags
        and not e.has(DENIED)
        and distance(e.at, caster.at) <= reach
    ]


def choose_denier(
    encounter: Encounter, caster_id: str, reach: float, dice: Dice, chain: Chain
) -> tuple[Unit, Result] | None:
    """The enemy psyker that tries to deny the power `caster_id` is manifesting and what it
    does, or None."""
    caster = encounter.unit(caster_id)
    if caster.is_enemy:
        raise RulesError(f"'{caster_id}' is an enemy unit; only player psykers cast here")
    eligible = eligible_deniers(encounter, caster_id, reach)
    if not eligible:
        return None
    chosen = dice.choose(eligible, f"who denies {caster.name}'s power (1 of {len(eligible)})")
    listed = ", ".join(
        f"{n}. {e.name} ({inch_text(distance(e.at, caster.at))})" for n, e in enumerate(eligible, 1)
    )
    chain.applied(
        "deny",
        f"{caster.name} manifests a power; enemy psykers within "
        f"{inch_text(reach)} that have not denied yet: {listed}",
    )
    chain.add(
        "pick",
        APPLIED if len(eligible) > 1 else SKIPPED,
        f"die {eligible.index(chosen) + 1} → {chosen.name}"
        if len(eligible) > 1
        else f"only {chosen.name} can",
    )
    return chosen, Result(
        [Outcome("deny", (caster.id,))],
        f"Deny {caster.name}'s power",
        statuses_gained=(DENIED,),
        phase=PHASE,
    )
