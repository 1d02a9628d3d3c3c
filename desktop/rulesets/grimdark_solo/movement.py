"""grimdark-solo movement phase: the tactical move.

A normal move (up to `move` inches) toward the temperament's goal, then three
stop checks at the cell it reached: it could fire at a player unit, a player
unit is within 12", or it stands within 3" of an objective marker (moving on
would give that up). When none holds, the move becomes an advance: a D6 roll
(changed by the unit's advance tags) is added to its move, and the unit makes
one move of up to move + roll inches toward the goal from where it started.

Foebook's reading where the rules are silent (docs/rulesets/grimdark-solo.md): a
normal move never enters a cell next to a player unit (that would engage it; only
charges do that); a unit that starts the phase engaged stays and fights; a unit
that already stands on its goal or can get no closer to it does not advance. Unit tags `advance+N`
add N inches to every advance roll; `advance-max` makes every advance 6"
without a roll.
"""

from __future__ import annotations

import re
from typing import Any

from desktop.engine.approach import Approach
from desktop.engine.board import Cell, Terrain
from desktop.engine.chain import Chain, plural
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result
from desktop.engine.dice import Dice
from desktop.engine.movement import DistanceField
from desktop.rulesets.grimdark_solo.common import (
    ADVANCED,
    MOVEMENT,
    Goal,
    GrimdarkContext,
    Idle,
    can_fire,
    distance,
    goals,
    inch_text,
    move_toward,
    names,
    ranged,
)

PHASE = "movement"

_ADVANCE_BONUS = re.compile(r"advance\+(\d+)\Z")


def advance_modifier(tags: tuple[str, ...]) -> tuple[int, bool, list[str]]:
    """(inches added to the roll, whether the roll is replaced by a 6, the tags that did it)."""
    bonus = 0
    fixed = False
    used: list[str] = []
    for tag in tags:
        match = _ADVANCE_BONUS.match(tag)
        if match:
            bonus += int(match.group(1))
            used.append(tag)
        elif tag == "advance-max":
            fixed = True
            used.append(tag)
    return bonus, fixed, used


class _AdvanceRoll:
    """The advance is rolled once per decision, only when some outcome needs it."""

    def __init__(self, ctx: GrimdarkContext, dice: Dice) -> None:
        self.ctx = ctx
        self.dice = dice
        self.value: int | None = None
        self.text = ""

    def get(self) -> int:
        if self.value is None:
            bonus, fixed, used = advance_modifier(self.ctx.unit.tags)
            if fixed:
                base = 6
                self.text = 'no roll: it always advances 6" (advance-max)'
            else:
                base = self.dice.roll(6, f'{self.ctx.unit.name}: advance distance (D6")')
                self.text = f"rolled {base}"
            if bonus:
                self.text += f', +{bonus}" from {", ".join(t for t in used if "+" in t)}'
            self.value = base + bonus
        return self.value


def stop_checks(ctx: GrimdarkContext, cell: Cell) -> list[tuple[str, bool, str]]:
    """The three reasons to stop after the normal move, each with what decided it."""
    out: list[tuple[str, bool, str]] = []
    shot = next(
        ((w, p) for w in ranged(ctx.unit) for p in ctx.players if can_fire(ctx, cell, w, p)), None
    )
    if shot is not None:
        weapon, target = shot
        out.append(
            (
                "fire",
                True,
                f"from {list(cell)} its {weapon.name} "
                f"({inch_text(weapon.range)}) can hit {target.name} "
                f"{inch_text(distance(cell, target.at))} away",
            )
        )
    elif not ranged(ctx.unit):
        out.append(("fire", False, "it has no ranged weapon"))
    elif not ctx.players:
        out.append(("fire", False, "no player unit is left"))
    else:
        reach = max(w.range for w in ranged(ctx.unit))
        out.append(
            (
                "fire",
                False,
                f"no player unit is within {inch_text(reach)} and in sight of {list(cell)}",
            )
        )
    near = ctx.nearest_player(cell)
    limit = ctx.numbers.threat_range
    if near:
        d = distance(cell, near[0].at)
        verdict = d <= limit
        word = "within" if verdict else "farther than"
        out.append(
            (
                "near",
                verdict,
                f"nearest player unit {names(near)} is "
                f"{inch_text(d)} away, {word} {inch_text(limit)}",
            )
        )
    else:
        out.append(("near", False, "no player unit is left"))
    objectives = sorted(ctx.board.cells_of(Terrain.OBJECTIVE), key=lambda c: distance(cell, c))
    reach = ctx.numbers.objective_range
    held = [o for o in objectives if distance(cell, o) <= reach]
    if held:
        out.append(
            (
                "hold",
                True,
                f"it holds the objective at {list(held[0])} "
                f"({inch_text(distance(cell, held[0]))} away, within {inch_text(reach)})",
            )
        )
    elif objectives:
        out.append(
            (
                "hold",
                False,
                f"the nearest objective, {list(objectives[0])}, is "
                f"{inch_text(distance(cell, objectives[0]))} away, beyond {inch_text(reach)}",
            )
        )
    else:
        out.append(("hold", False, "there is no objective marker on the board"))
    return out


def off_limits(ctx: GrimdarkContext) -> set[Cell]:
    """Player units and the cells next to them: a normal move never enters them."""
    return ctx.player_cells() | ctx.engagement_zone()


def normal_move_cells(ctx: GrimdarkContext) -> set[Cell]:
    """The cells a normal move (up to `move` inches) can end on, its own included; none when
    it starts engaged (it stays to fight)."""
    move = float(ctx.stat(ctx.unit, "move"))
    if move <= 0 or ctx.engaged_with():
        return set()
    field = DistanceField(ctx.board, MOVEMENT, [ctx.unit.at], off_limits(ctx), max_cost=move)
    taken = ctx.occupied()
    return {c for c in field.reachable(move) if c not in taken}


def nothing_to_move(ctx: GrimdarkContext) -> Idle | None:
    """Why the unit makes no move: in combat it stays to fight; its temperament has nothing
    to head for."""
    engaged = ctx.engaged_with()
    if engaged:
        return Idle(
            f"engaged with {names(engaged)}: it stays to fight",
            f"Stay in combat with {names(engaged)}",
            f"in combat with {names(engaged)}",
        )
    found, goal_text = goals(ctx)
    if not found:
        return Idle(
            goal_text + ": it stays put", "Hold: nothing to head for", "nothing to head for"
        )
    return None


def tactical_move(ctx: GrimdarkContext, chain: Chain, dice: Dice) -> Result:
    unit = ctx.unit

    def hold(summary: str) -> Result:
        return Result([Outcome("hold")], summary, phase=PHASE)

    if unit.hp <= 0:
        chain.add("destroyed", APPLIED, f"{plural(unit.hp, 'wound')} left: it no longer acts")
        return hold(f"{unit.name} is destroyed")
    idle = nothing_to_move(ctx)
    if idle is not None:
        if ctx.engaged_with():
            chain.add("in_combat", APPLIED, idle.detail)
        else:
            chain.add("goal", SKIPPED, idle.detail)
        return hold(idle.summary)

    found, goal_text = goals(ctx)
    chain.add("goal", APPLIED, goal_text)

    move = float(ctx.stat(unit, "move"))
    blocked = off_limits(ctx)
    roll = _AdvanceRoll(ctx, dice)
    bonus, _, _ = advance_modifier(unit.tags)
    field = DistanceField(
        ctx.board, MOVEMENT, [unit.at], blocked=blocked, max_cost=move + 6 + bonus
    )  # the longest advance there can be
    reached = field.reachable()
    outcomes: list[Outcome] = []
    main: dict[str, Any] | None = None
    for goal in found:
        normal = move_toward(ctx, unit.at, goal, move, blocked, field, reached)
        for index, end in enumerate(normal.ends):
            result = _finish(
                ctx, chain.fresh(), goal, normal, index, end, blocked, roll, field, reached
            )
            if main is None:
                main = result
            outcomes.extend(result["outcomes"])
    assert main is not None
    chain.extend(main["chain"])
    unique: list[Outcome] = []
    for outcome in outcomes:
        if outcome not in unique:
            unique.append(outcome)
    statuses = (ADVANCED,) if unique[0].action == "advance" else ()
    if len(unique) > 1:
        chain.add(
            "equal",
            "players choose",
            f"{len(unique)} end cells are equally good; the players may "
            "pick any of them (listed as alternatives)",
        )
    return Result(unique, main["summary"], statuses_gained=statuses, phase=PHASE)


def _finish(
    ctx: GrimdarkContext,
    chain: Chain,
    goal: Goal,
    normal: Approach,
    index: int,
    end: Cell,
    blocked: set[Cell],
    roll: _AdvanceRoll,
    field: DistanceField,
    reached: dict[Cell, float],
) -> dict[str, Any]:
    unit = ctx.unit
    path = normal.paths[index]
    move = float(ctx.stat(unit, "move"))
    if goal.at_goal:
        chain.add("move", SKIPPED, f"it already stands on its goal, {goal.label}")
    elif not path:
        why = (
            "its goal cannot be reached from here"
            if normal.before is None
            else "no reachable cell gets it closer (player units and the cells around "
            "them are off limits)"
        )
        chain.add("move", SKIPPED, why)
    else:
        chain.add(
            "move",
            APPLIED,
            f"moves {inch_text(normal.spent)} of its {inch_text(move)} toward "
            f"{goal.label}, to {list(end)}",
        )
    checks = stop_checks(ctx, end)
    stopped = [c for c in checks if c[1]]
    for step, verdict, detail in checks:
        chain.add(step, APPLIED if verdict else SKIPPED, detail)
    outcome_cells = [(end, path)]
    action = "move" if path else "hold"
    if stopped:
        chain.add("advance", SKIPPED, "a stop check holds: no advance")
        summary = (
            f"Move {inch_text(normal.spent)} toward {goal.label} and stop"
            if path
            else "Hold position"
        )
    elif goal.at_goal or end == goal.cell or not path:
        reason = (
            "it is on its goal"
            if goal.at_goal or end == goal.cell
            else "it can get no closer to its goal"
        )
        chain.add(
            "advance", SKIPPED, f"nothing stops it, but {reason}: advancing would gain nothing"
        )
        summary = f"Move {inch_text(normal.spent)} to {goal.label}" if path else "Hold position"
    else:
        extra = roll.get()
        more = move_toward(ctx, unit.at, goal, move + extra, blocked, field, reached)
        outcome_cells = list(zip(more.ends, more.paths, strict=True))
        action = "advance"
        chain.add(
            "advance",
            APPLIED,
            f"none of the stop checks holds; {roll.text}: the move becomes "
            f"{inch_text(move)} + {inch_text(extra)}, and it moves "
            f"{inch_text(more.spent)} in all, to {list(more.ends[0])}",
        )
        summary = f"Advance {inch_text(more.spent)} toward {goal.label}"
    # Picked instead of the decided move, an end cell toward another goal reads as its own.
    outcomes = [
        Outcome(action, (), cell if p else None, tuple(p), summary=summary, steps=chain.steps())
        for cell, p in outcome_cells
    ]
    return {"outcomes": outcomes, "chain": chain, "summary": summary}
