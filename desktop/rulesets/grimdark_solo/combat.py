"""grimdark-solo shooting, charge and fight phases, and heroic intervention.

Fight (docs/rulesets/grimdark-solo.md): the melee weapon with the highest strength; the
attacks go to the engaged player unit whose toughness is closest to that
strength, then the highest Power Level, then the fewest wounds left; a tie
after that is the players' to break. Pile-in and consolidation (3") end where
the unit engages as many player units as it can; when it can engage nobody it
consolidates toward its temperament's goal.

Foebook's reading of what the text only implies:
- Shooting: every ranged weapon fires if a living player unit is in range and
  in sight. The text names no shooting priority, so the fight order above
  (toughness against the weapon's strength, Power Level, wounds) picks the
  main target of each weapon; a unit that is engaged, or that advanced
  (except with weapons marked `assault = true`), does not shoot.
- Charge: a unit with a melee weapon that did not advance and is not engaged
  charges every player unit within 12" it has a route of 12" or less to; 2D6
  inches (one typed value) decide which it reaches; it ends beside as many of
  them as it can, preferring the one first in the fight order (with its best
  melee weapon), then the shortest move. It fails when the roll reaches none.
- Heroic intervention (player turn): a living `character` that is not engaged
  and has a player unit within 3" moves up to 3" to engage as many player
  units as it can, else as close as 3" takes it to the nearest one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from desktop.engine.board import Cell
from desktop.engine.chain import Chain, plural
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result, summarised
from desktop.engine.dice import Dice
from desktop.engine.movement import DistanceField
from desktop.engine.targeting import select, tiers
from desktop.engine.units import Unit, Weapon
from desktop.rulesets.grimdark_solo.common import (
    ADVANCED,
    CHARACTER,
    FOUGHT,
    MOVEMENT,
    Goal,
    GrimdarkContext,
    Idle,
    attack_breakers,
    best_melee,
    can_fire,
    distance,
    engage_most,
    goals,
    holder,
    inch_text,
    move_toward,
    names,
    ranged,
)


def _destroyed(ctx: GrimdarkContext, chain: Chain, phase: str, dice: Dice) -> Result | None:
    if ctx.unit.hp > 0:
        return None
    chain.applied("destroyed", f"{plural(ctx.unit.hp, 'wound')} left: it no longer acts")
    return Result([Outcome("hold")], f"{ctx.unit.name} is destroyed", phase=phase)


# -- shooting -----------------------------------------------------------------------------------


def nothing_to_shoot(ctx: GrimdarkContext) -> Idle | None:
    """Why the unit cannot shoot this phase (no gun, in combat, advanced without an assault
    weapon), or None when one of its weapons may fire."""
    unit = ctx.unit
    if not ranged(unit):
        return Idle(
            "it has no ranged weapon", "No ranged weapon: nothing to shoot", "no ranged weapon"
        )
    engaged = ctx.engaged_with()
    if engaged:
        return Idle(
            f"engaged with {names(engaged)}: a unit in combat does not shoot",
            "In combat: no shooting",
            f"in combat with {names(engaged)}",
        )
    if not usable_guns(unit):
        return Idle(
            "it advanced this turn and none of its weapons is an assault weapon",
            "Advanced: no shooting",
            "advanced, with no assault weapon",
        )
    return None


def usable_guns(unit: Unit) -> list[Weapon]:
    """The ranged weapons that may fire: after an advance only assault weapons."""
    guns = ranged(unit)
    return [w for w in guns if w.extra.get("assault")] if unit.has(ADVANCED) else guns


def in_reach(ctx: GrimdarkContext, weapon: Weapon) -> list[Unit]:
    """The player units `weapon` can fire at from where the unit stands."""
    return [p for p in ctx.players if can_fire(ctx, ctx.unit.at, weapon, p)]


def shoot(ctx: GrimdarkContext, chain: Chain, dice: Dice, phase: str = "shooting") -> Result:
    done = _destroyed(ctx, chain, phase, dice)
    if done:
        return done
    unit = ctx.unit

    hold = holder(chain, phase, "can_shoot")

    idle = nothing_to_shoot(ctx)
    if idle is not None:
        return hold(idle.detail, idle.summary)
    guns = usable_guns(unit)
    advanced = unit.has(ADVANCED)
    chain.add(
        "can_shoot",
        APPLIED,
        "it advanced: only assault weapons fire"
        if advanced
        else f"{plural(len(guns), 'ranged weapon')}, not engaged",
    )
    per_weapon: list[tuple[Weapon, list[Unit]]] = []
    for weapon in guns:
        reachable = in_reach(ctx, weapon)
        step = chain.step("weapon", name=weapon.name)
        if not reachable:
            chain.add(
                step, SKIPPED, f"no player unit within {inch_text(weapon.range)} and in sight"
            )
            continue
        chosen = select(reachable, attack_breakers(ctx, weapon.strength))
        facts = ", ".join(f"{p.name} {inch_text(distance(unit.at, p.at))}" for p in reachable)
        detail = f"in range and sight: {facts}"
        if chosen.reasons:
            detail += "; the text gives no shooting order, so Foebook uses the fight order: "
            detail += chosen.explain()
        if chosen.tied:
            detail += f"; still tied: the players choose between {names(chosen.chosen)}"
        else:
            detail += f" → {chosen.chosen[0].name}"
        chain.add(step, APPLIED, detail)
        per_weapon.append((weapon, chosen.chosen))
    if not per_weapon:
        return Result([Outcome("hold")], "Nothing in range to shoot", phase=phase)
    outcomes = summarised(
        _combinations(per_weapon),
        lambda o: "Shoot " + names([ctx.encounter.unit(t) for t in o.targets]),
    )
    return Result(outcomes, outcomes[0].summary, phase=phase)


def _combinations(per_weapon: list[tuple[Weapon, list[Unit]]]) -> list[Outcome]:
    """The main outcome uses each weapon's first choice; each tied choice is an alternative."""
    first = [choices[0].id for _, choices in per_weapon]
    outcomes = [Outcome("shoot", _unique(first))]
    for index, (_, choices) in enumerate(per_weapon):
        for other in choices[1:]:
            picked = list(first)
            picked[index] = other.id
            alternative = Outcome("shoot", _unique(picked))
            if alternative not in outcomes:
                outcomes.append(alternative)
    return outcomes


def _unique(ids: list[str]) -> tuple[str, ...]:
    out: list[str] = []
    for i in ids:
        if i not in out:
            out.append(i)
    return tuple(out)


# -- charge -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChargeReach:
    """What a charge can reach: the weapon it would fight with, the routes through no player
    unit, and each player unit it has a route to with that route's length."""

    weapon: Weapon
    field: DistanceField
    candidates: list[tuple[Unit, float]]


def charge_reach(ctx: GrimdarkContext) -> Idle | ChargeReach:
    """The player units the unit could charge, or why it charges nobody whatever the dice."""
    unit = ctx.unit
    engaged = ctx.engaged_with()
    if engaged:
        return Idle(
            f"already engaged with {names(engaged)}",
            "Already in combat",
            f"already in combat with {names(engaged)}",
        )
    if unit.has(ADVANCED):
        return Idle("it advanced this turn", "Advanced: no charge", "advanced this turn")
    weapon, _ = best_melee(unit)
    if weapon is None:
        return Idle(
            "it has no melee weapon to fight with", "No melee weapon: no charge", "no melee weapon"
        )
    reach = ctx.numbers.threat_range
    within = [p for p in ctx.players if distance(unit.at, p.at) <= reach]
    if not within:
        nobody = f"no player unit within {inch_text(reach)}"
        return Idle(nobody, "Nobody to charge", nobody)
    field = DistanceField(
        ctx.board, MOVEMENT, [unit.at], blocked=ctx.player_cells(), max_cost=12
    )  # the longest charge roll
    taken = ctx.occupied()
    candidates: list[tuple[Unit, float]] = []
    out_of_reach: list[str] = []
    for p in within:
        d = distance(unit.at, p.at)
        cost = _route_to_engage(ctx, field, p, taken)
        if cost is None or cost > 12:
            out_of_reach.append(f'{p.name} ({inch_text(d)} away, no route of 12" or less)')
            continue
        candidates.append((p, cost))
    if not candidates:
        detail = f"no player unit within {inch_text(reach)} it could reach"
        if out_of_reach:
            detail += ": " + "; ".join(out_of_reach)
        return Idle(detail, "Nobody to charge", 'no route of 12" or less to a player unit')
    return ChargeReach(weapon, field, candidates)


def charge(ctx: GrimdarkContext, chain: Chain, dice: Dice, phase: str = "charge") -> Result:
    done = _destroyed(ctx, chain, phase, dice)
    if done:
        return done
    unit = ctx.unit
    found = charge_reach(ctx)
    if isinstance(found, Idle):
        return holder(chain, phase, "charge_able")(found.detail, found.summary)
    weapon, field, candidates = found.weapon, found.field, found.candidates
    taken = ctx.occupied()
    chain.add(
        "charge_able",
        APPLIED,
        "within reach: "
        + ", ".join(
            f"{p.name} ({inch_text(distance(unit.at, p.at))} away, route {inch_text(c)})"
            for p, c in candidates
        ),
    )
    ranked = tiers([p for p, _ in candidates], attack_breakers(ctx, weapon.strength))
    rank = {p.id: n for n, tier in enumerate(ranked) for p in tier}
    order_text = " > ".join("/".join(p.name for p in tier) for tier in ranked)
    chain.add(
        "charge_target",
        APPLIED,
        f"all of them, preferred by the fight order with {weapon.name} "
        f"(strength {weapon.strength}): {order_text}",
    )
    rolled = dice.roll_sum(2, 6, f'{unit.name}: charge distance (2D6")')
    declared = {p.id for p, _ in candidates}
    best = _charge_cells(ctx, field, float(rolled), declared, rank, taken)
    needs = "; ".join(f"{p.name} needs {inch_text(c)}" for p, c in candidates)
    if not best:
        dice.explain(f'{rolled}" is not enough: the charge fails ({needs})')
        chain.add("charge_roll", "failed", f"rolled {rolled}: {needs}: the charge fails")
        first = ranked[0][0]
        return Result([Outcome("hold")], f'Charge at {first.name} fails ({rolled}")', phase=phase)
    outcomes = []
    for cell in best:
        hit = sorted(
            (p for p in ctx.engaged_with(cell) if p.id in declared),
            key=lambda p: (rank[p.id], p.id),
        )
        outcomes.append(
            Outcome("charge", tuple(p.id for p in hit), cell, tuple(field.path_to(cell)))
        )
    main = outcomes[0]
    assert main.destination is not None  # every charge outcome ends on a cell
    beside = names([ctx.encounter.unit(t) for t in main.targets])
    dice.explain(f'charges {rolled}" to {list(main.destination)}, beside {beside}')

    def ends(o: Outcome) -> str:
        return (
            f"rolled {rolled} ({needs}): ends at {list(cast(Cell, o.destination))} "
            f"beside {names([ctx.encounter.unit(t) for t in o.targets])}, "
            "as many declared targets as it can reach, the preferred first"
        )

    # Each charge ends on its own cell beside its own targets: the one picked reads so.
    outcomes = [
        replace(
            o,
            summary=f'Charge {ctx.encounter.unit(o.targets[0]).name} ({rolled}")',
            steps=(chain.entry("charge_roll", APPLIED, ends(o)),),
        )
        for o in outcomes
    ]
    chain.add("charge_roll", APPLIED, ends(main))
    if len(outcomes) > 1:
        chain.add(
            "equal",
            "players choose",
            f"{len(outcomes)} equally good charges (listed as alternatives)",
        )
    return Result(outcomes, outcomes[0].summary, phase=phase)


def _charge_cells(
    ctx: GrimdarkContext,
    field: DistanceField,
    rolled: float,
    declared: set[str],
    rank: dict[str, int],
    taken: set[Cell],
) -> list[Cell]:
    """End cells within the roll beside the most declared targets, then beside the preferred
    one, then the shortest move; still equal cells are all returned."""
    limit = round(rolled * MOVEMENT.scale)
    best_key = None
    best: list[Cell] = []
    for cell in ctx.engagement_zone():
        if cell in taken or not ctx.board.in_bounds(cell):
            continue
        raw = field.raw(cell)
        if raw is None or raw > limit:
            continue
        hit = [p for p in ctx.engaged_with(cell) if p.id in declared]
        if not hit:
            continue
        key = (-len(hit), min(rank[p.id] for p in hit), raw)
        if best_key is None or key < best_key:
            best_key, best = key, [cell]
        elif key == best_key:
            best.append(cell)
    return sorted(best, key=lambda c: (c[1], c[0]))


def _route_to_engage(
    ctx: GrimdarkContext, field: DistanceField, target: Unit, taken: set[Cell]
) -> float | None:
    best = None
    x, y = target.at
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            cell = (x + dx, y + dy)
            if cell == target.at or cell in taken:
                continue
            cost = field.cost(cell)
            if cost is not None and (best is None or cost < best):
                best = cost
    return best


# -- fight --------------------------------------------------------------------------------------


def nothing_to_fight(ctx: GrimdarkContext) -> Idle | None:
    """Why the unit does not fight: engaged with nobody (a unit that has fought consolidates,
    so it has something to do)."""
    if ctx.unit.has(FOUGHT) or ctx.engaged_with():
        return None
    return Idle(
        "not engaged with any player unit: it does not fight", "Not in combat", "not in combat"
    )


def fight(ctx: GrimdarkContext, chain: Chain, dice: Dice, phase: str = "fight") -> Result:
    done = _destroyed(ctx, chain, phase, dice)
    if done:
        return done
    if ctx.unit.has(FOUGHT):
        return consolidate(ctx, chain, dice, phase)
    unit = ctx.unit
    idle = nothing_to_fight(ctx)
    if idle is not None:
        return holder(chain, phase, "pile_in")(idle.detail, idle.summary)
    engaged = ctx.engaged_with()
    budget = ctx.numbers.pile_in
    found = engage_most(ctx, budget)
    assert found is not None  # staying put engages at least the current opponents
    cells = list(zip(found.cells, found.paths, strict=True))
    if found.spent == 0:
        chain.add(
            "pile_in",
            SKIPPED,
            f"engaged with {names(engaged)}; no cell within "
            f"{inch_text(budget)} engages more: it stays",
        )
    else:
        chain.add(
            "pile_in",
            APPLIED,
            f"moves {inch_text(found.spent)} to {list(found.cells[0])}, "
            f"engaging {plural(found.engaged, 'player unit')} instead of "
            f"{len(engaged)}",
        )
    weapon, equal = best_melee(unit)
    if weapon is None:
        chain.add(
            "profile",
            SKIPPED,
            "no melee weapon listed: attacks are directed by Power Level and wounds only",
        )
        strength = None
    else:
        strength = weapon.strength
        text = f"{weapon.name}, strength {strength if strength is not None else 'unknown'}"
        if equal:
            text += " (as strong as " + ", ".join(w.name for w in equal) + ": any of them)"
        chain.add("profile", APPLIED, text)
    outcomes: list[Outcome] = []
    main_detail = ""
    for index, (cell, path) in enumerate(cells):
        opponents = ctx.engaged_with(cell)
        chosen = select(opponents, attack_breakers(ctx, strength))
        if index == 0:
            main_detail = f"engaged with {names(opponents)}"
            if chosen.reasons:
                main_detail += "; " + chosen.explain()
            main_detail += (
                f"; still tied: the players choose between {names(chosen.chosen)}"
                if chosen.tied
                else f" → every attack at {chosen.chosen[0].name}"
            )
        for target in chosen.chosen:
            outcomes.append(Outcome("fight", (target.id,), cell if path else None, path))
    chain.add("attacks", APPLIED, main_detail)
    if len(outcomes) > 1:
        chain.add(
            "equal", "players choose", f"{len(outcomes)} equally good ways to fight (alternatives)"
        )
    with_weapon = f" with {weapon.name}" if weapon else ""
    outcomes = summarised(
        outcomes, lambda o: f"Fight {ctx.encounter.unit(o.targets[0]).name}{with_weapon}"
    )
    return Result(outcomes, outcomes[0].summary, statuses_gained=(FOUGHT,), phase=phase)


def consolidate(ctx: GrimdarkContext, chain: Chain, dice: Dice, phase: str = "fight") -> Result:
    """After fighting: up to 3" to engage as many player units as possible, else toward the
    temperament's goal."""
    budget = ctx.numbers.pile_in
    found = engage_most(ctx, budget)
    if found is not None:
        outcomes = [
            Outcome("consolidate", tuple(p.id for p in ctx.engaged_with(c)), c if p else None, p)
            for c, p in zip(found.cells, found.paths, strict=True)
        ]

        def fought(cell: Cell) -> str:
            where = "stays where it is" if found.spent == 0 else f"moves {inch_text(found.spent)}"
            return (
                f"it has fought; it {where}"
                + (f" to {list(cell)}" if found.spent else "")
                + f", engaging {plural(found.engaged, 'player unit')}, the most it can within "
                f"{inch_text(budget)}"
            )

        summary = (
            "Consolidate in place"
            if found.spent == 0
            else f"Consolidate {inch_text(found.spent)} into {plural(found.engaged, 'player unit')}"
        )
        # Each end cell reads as itself when the players pick it.
        outcomes = [
            replace(o, summary=summary, steps=(chain.entry("consolidate", APPLIED, fought(c)),))
            for o, c in zip(outcomes, found.cells, strict=True)
        ]
        chain.add("consolidate", APPLIED, fought(found.cells[0]))
        return _equal(ctx, phase, outcomes, summary, chain, dice)
    found_goals, goal_text = goals(ctx)
    if not found_goals:
        chain.add(
            "consolidate", SKIPPED, "no player unit within reach and " + goal_text + ": it stays"
        )
        return Result([Outcome("hold")], "Consolidate: stays", phase=phase)
    outcomes = []
    first_spent = 0.0
    for n, goal in enumerate(found_goals):
        moved = move_toward(ctx, ctx.unit.at, goal, budget, ctx.player_cells())
        if n == 0:
            first_spent = moved.spent
        toward = f"Consolidate {inch_text(moved.spent)} toward {goal.label}"
        outcomes += [
            Outcome("consolidate", (), c if p else None, p, summary=toward)
            for c, p in zip(moved.ends, moved.paths, strict=True)
        ]
    chain.add(
        "consolidate",
        APPLIED,
        f"no cell within {inch_text(budget)} engages a player unit; "
        f"{goal_text}; moves {inch_text(first_spent)}",
    )
    return _equal(ctx, phase, outcomes, outcomes[0].summary, chain, dice)


def _equal(
    ctx: GrimdarkContext,
    phase: str,
    outcomes: list[Outcome],
    summary: str,
    chain: Chain,
    dice: Dice,
) -> Result:
    unique: list[Outcome] = []
    for o in outcomes:
        if o not in unique:
            unique.append(o)
    if len(unique) > 1:
        chain.add("equal", "players choose", f"{len(unique)} equally good end cells (alternatives)")
    return Result(unique, summary, phase=phase)


# -- heroic intervention (player turn, charge phase) --------------------------------------------


def intervene(ctx: GrimdarkContext, chain: Chain, dice: Dice, phase: str = "charge") -> Result:
    done = _destroyed(ctx, chain, phase, dice)
    if done:
        return done
    unit = ctx.unit

    hold = holder(chain, phase, "intervene")

    if CHARACTER not in unit.tags:
        return hold("only characters intervene", "Not a character: waits")
    engaged = ctx.engaged_with()
    if engaged:
        return hold(f"already engaged with {names(engaged)}", "Already in combat")
    budget = ctx.numbers.pile_in
    near = ctx.nearest_player()
    if not near or distance(unit.at, near[0].at) > budget:
        where = (
            f"the nearest player unit, {names(near)}, is "
            f"{inch_text(distance(unit.at, near[0].at))} away"
            if near
            else "no player unit is left"
        )
        return hold(f"{where}; it must be within {inch_text(budget)}", "Too far to intervene")
    found = engage_most(ctx, budget)
    if found is not None:
        outcomes = [
            Outcome("intervene", tuple(p.id for p in ctx.engaged_with(c)), c, p)
            for c, p in zip(found.cells, found.paths, strict=True)
        ]
        chain.add(
            "intervene",
            APPLIED,
            f"a character always intervenes when able: moves "
            f"{inch_text(found.spent)} to {list(found.cells[0])}, engaging "
            f"{plural(found.engaged, 'player unit')}",
        )
        first = ctx.encounter.unit(outcomes[0].targets[0])
        return _equal(
            ctx, phase, outcomes, f"Heroically intervene against {first.name}", chain, dice
        )
    outcomes = []
    for target in near:
        moved = move_toward(
            ctx, unit.at, Goal(target.name, target.at, False), budget, ctx.player_cells()
        )
        if moved.moved:
            outcomes += [
                Outcome("intervene", (target.id,), c, p)
                for c, p in zip(moved.ends, moved.paths, strict=True)
            ]
    if not outcomes:
        return hold(
            f"{names(near)} is within {inch_text(budget)} but no route gets closer",
            "Cannot intervene",
        )
    chain.add(
        "intervene",
        APPLIED,
        f"cannot reach a cell beside a player unit; moves as close as "
        f"{inch_text(budget)} allows to {names(near)}",
    )
    first = ctx.encounter.unit(outcomes[0].targets[0])
    return _equal(ctx, phase, outcomes, f"Heroically intervene toward {first.name}", chain, dice)
