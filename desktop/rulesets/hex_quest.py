"""hex-quest: enemies on a hex map close in until someone is in range, then engage by priority icon.

Reading (docs/rulesets/hex-quest.md):
- Targetable: an opposing unit with HP above 0 within `range` hexes whose
  centre-to-centre line crosses no wall hex (sight is never blocked by units).
- Every unit on the board occupies its hex: the enemy never enters or passes
  one, and only unoccupied hexes can be destinations.
- Moving: only when nothing is targetable from where it stands. The
  destination is the nearest unoccupied hex, counted in steps through
  unoccupied enterable hexes, from which someone would be targetable. Hexes at
  that distance are compared by the best unit each offers (most HP for the
  `strongest` icon, least for `weakest`); the number of units a hex offers
  does not count; remaining ties are alternatives. It moves up to `move` along
  a shortest route and stops on arrival; when several shortest routes end on
  different hexes after `move` steps, each end hex is an alternative.
- No destination anywhere: it picks the opposing unit nearest in hexes (ties
  are alternatives), and heads for the reachable hex nearest that unit (then
  the fewest steps away), again up to `move`.
- Engaging: up to `targets` targetable units from where it ends, in icon order;
  equal HP is the party's choice, so every order is an alternative. The Combat
  dice (`combat` d6, default 1) are rolled once as one summed roll and the
  total is resolved against each target in that order; with 0 dice the step is
  still taken (other abilities may trigger on it) but nothing is rolled.
- Start- and end-of-turn abilities come from the ruleset data (`abilities`):
  each names its timing and the statuses or tags that make it apply; every
  ability that applies is listed in the trace as triggered.
- Activation: level high to low, a `quest`-tagged enemy counting as the highest
  level; equal levels are ties the party orders. Enemies at 0 HP take no turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from itertools import permutations
from typing import Any, cast

from desktop.engine.board import Cell
from desktop.engine.chain import Chain, plural
from desktop.engine.context import Context
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result, summarised
from desktop.engine.destinations import MemoField, closest_cells, stops_toward
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.geometry import Metric, Neighbourhood
from desktop.engine.hex_geometry import hex_distance
from desktop.engine.movement import DistanceField
from desktop.engine.movement_rules import MovementRules
from desktop.engine.reach import cells_within
from desktop.engine.rings import disc
from desktop.engine.ruleset import ActivationOrder, Ruleset, RulesetData
from desktop.engine.sight import has_line_of_sight
from desktop.engine.targeting import TieBreaker, select, tiers
from desktop.engine.units import Unit
from desktop.rulesets.data_loader import load_ruleset_data

MOVEMENT = MovementRules(Neighbourhood.HEX)
START_OF_TURN = "start-of-turn"
END_OF_TURN = "end-of-turn"
TIMINGS = (START_OF_TURN, END_OF_TURN)
TRIGGERED = "triggered"


@dataclass(frozen=True)
class TurnAbility:
    """An ability that triggers at the start or end of an enemy's turn."""

    id: str
    name: str
    timing: str
    effect: str
    when_status: tuple[str, ...] = ()
    when_tag: tuple[str, ...] = ()

    def applies_to(self, unit: Unit) -> bool:
        if not self.when_status and not self.when_tag:
            return True
        return any(unit.has(s) for s in self.when_status) or any(
            t in unit.tags for t in self.when_tag
        )

    def reason(self, unit: Unit) -> str:
        held = [s for s in self.when_status if unit.has(s)]
        tagged = [t for t in self.when_tag if t in unit.tags]
        if held:
            return f"it has {', '.join(held)}"
        if tagged:
            return f"it is tagged {', '.join(tagged)}"
        return "it applies to every enemy"


def parse_abilities(raw: object, statuses: set[str]) -> tuple[TurnAbility, ...]:
    """Turn-timed abilities from the ruleset data; a malformed entry is a RulesError."""
    if not isinstance(raw, list):
        raise RulesError("hex-quest 'abilities' must be a list of tables")
    out: list[TurnAbility] = []
    for index, entry in enumerate(raw):
        where = f"hex-quest abilities[{index}]"
        if not isinstance(entry, dict):
            raise RulesError(f"{where}: expected a table")
        for key in ("id", "name", "timing", "effect"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise RulesError(f"{where}: '{key}' must be a non-empty text")
        if entry["timing"] not in TIMINGS:
            raise RulesError(
                f"{where}: timing '{entry['timing']}' is not one of {', '.join(TIMINGS)}"
            )
        when_status = tuple(entry.get("when_status", ()))
        unknown = [s for s in when_status if s not in statuses]
        if unknown:
            raise RulesError(f"{where}: unknown status '{unknown[0]}'")
        out.append(
            TurnAbility(
                entry["id"],
                entry["name"],
                entry["timing"],
                entry["effect"],
                when_status,
                tuple(entry.get("when_tag", ())),
            )
        )
    return tuple(out)


def hexes(count: int) -> str:
    return plural(count, "hex")


def cell_text(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


@dataclass
class _Plan:
    """One equally valid way the turn can go."""

    stop: Cell | None  # None: it does not move
    path: tuple[Cell, ...]
    orders: list[tuple[Unit, ...]]  # target orders from where it ends; [()] when none


@dataclass
class HexContext(Context):
    reach: int
    move: int
    opponents: list[Unit]  # opposing units with HP above 0


class HexQuest(Ruleset):
    def __init__(self, data: RulesetData) -> None:
        super().__init__(data)
        self.abilities = parse_abilities(data.extra.get("abilities", []), set(data.statuses))

    # -- numbers ---------------------------------------------------------------------------
    def _stat(self, unit: Unit, name: str) -> int:
        default = self.data.stat_default(name)
        return int(unit.stat(name, default if default is not None else 0))

    def effective_level(self, unit: Unit) -> float:
        return float("inf") if "quest" in unit.tags else float(self._stat(unit, "level"))

    def _icon_strongest(self, unit: Unit) -> bool:
        return (unit.ai or self.data.default_ai()) == "strongest"

    def targetable_from(self, encounter: Encounter, cell: Cell, reach: int, opponent: Unit) -> bool:
        return (
            opponent.hp > 0
            and hex_distance(cell, opponent.at) <= reach
            and has_line_of_sight(encounter.board, cell, opponent.at)
        )

    def _why_not(self, encounter: Encounter, cell: Cell, reach: int, opponent: Unit) -> str:
        d = hex_distance(cell, opponent.at)
        if d > reach:
            return f"{opponent.name} {hexes(d)} away"
        if not has_line_of_sight(encounter.board, cell, opponent.at):
            return f"{opponent.name} {hexes(d)} away, a wall blocks sight"
        return f"{opponent.name} {hexes(d)} away, in sight"

    def _walk(self, encounter: Encounter, unit: Unit, limit: int | None = None) -> DistanceField:
        """Steps from where it stands through unoccupied, enterable hexes (every unit bars
        the way), up to `limit` steps."""
        occupied = encounter.occupied(exclude=[unit.id])
        return DistanceField(encounter.board, MOVEMENT, [unit.at], occupied, max_cost=limit)

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The hexes it can reach with its `move` (its own included), as it moves."""
        unit = encounter.unit(unit_id)
        move = self._stat(unit, "move")
        return set(self._walk(encounter, unit, move).reachable(move)) if move > 0 else set()

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The hexes within its `range` and in sight: where it could engage someone from."""
        unit = encounter.unit(unit_id)
        return cells_within(encounter.board, [unit.at], self._stat(unit, "range"), Metric.HEX)

    # -- the turn --------------------------------------------------------------------------
    def context(self, encounter: Encounter, unit: Unit, dice: Dice, **shared: Any) -> HexContext:
        opponents = [u for u in encounter.side(unit.side.opposing) if u.hp > 0]
        return HexContext(
            encounter, unit, dice, self._stat(unit, "range"), self._stat(unit, "move"), opponents
        )

    def evaluate(self, ctx: Context, chain: Chain) -> Result:
        assert isinstance(ctx, HexContext)  # built by self.context
        encounter, unit, dice = ctx.encounter, ctx.unit, ctx.dice
        reach, move, opponents = ctx.reach, ctx.move, ctx.opponents
        triggered = self._abilities(unit, START_OF_TURN, "start", chain)
        now = [o for o in opponents if self.targetable_from(encounter, unit.at, reach, o)]
        if now:
            chain.skipped(
                "move",
                f"someone is targetable within range {reach}: "
                + "; ".join(self._why_not(encounter, unit.at, reach, o) for o in now)
                + ": it stays put",
            )
            plans = [_Plan(None, (), self._orders(encounter, unit, unit.at, reach, chain))]
        else:
            plans = self._move(encounter, unit, reach, move, opponents, chain)
            engage_from = {p.stop for p in plans}
            if len(engage_from) == 1:
                only = plans[0].stop or unit.at
                orders = self._orders(encounter, unit, only, reach, chain)
                for p in plans:
                    p.orders = orders
            else:
                for p in plans:
                    p.orders = self._orders(encounter, unit, p.stop or unit.at, reach, None)
                self._trace_many_orders(plans, chain)

        main = plans[0]
        targets = main.orders[0]
        outcomes = _outcomes(plans)
        if targets:
            combat = self._stat(unit, "combat")
            names = ", then ".join(t.name for t in targets)
            value = 0
            if combat > 0:
                value = dice.roll_sum(
                    combat, 6, f"Combat dice for {unit.name}, resolved against {names}"
                )
                dice.explain(
                    f"{value} damage to {names}"
                    if len(targets) == 1
                    else f"{value} damage to each target: {names}"
                )

            def roll(against: str) -> str:
                if combat > 0:
                    return (
                        f"rolls {combat}d6 once: {value}; resolved against {against}, in that order"
                    )
                return (
                    f"Combat 0: no dice, but the engage still happens against {against} "
                    "(abilities that trigger on it apply)"
                )

            chain.applied("roll", roll(names))
            # A choice that engages others resolves the same dice against them.
            outcomes = [
                replace(o, steps=(chain.entry("roll", APPLIED, roll(_engaged(encounter, o))),))
                if o.targets
                else o
                for o in outcomes
            ]
        else:
            chain.skipped("roll", "nobody to engage")
        triggered += self._abilities(unit, END_OF_TURN, "end", chain)
        outcomes = summarised(outcomes, partial(_summary, encounter))
        notes = tuple(f"Triggered: {t}" for t in triggered)
        return Result(outcomes, outcomes[0].summary, notes=notes)

    def _abilities(self, unit: Unit, timing: str, step: str, chain: Chain) -> tuple[str, ...]:
        mine = [a for a in self.abilities if a.timing == timing]
        fired = [a for a in mine if a.applies_to(unit)]
        if not fired:
            detail = (
                "no ability of this ruleset triggers now"
                if not mine
                else f"{len(mine)} of this ruleset's abilities trigger now; none applies to "
                f"{unit.name}"
            )
            chain.skipped(step, detail)
            return ()
        for ability in fired:
            chain.add(
                step, TRIGGERED, f"{ability.effect} ({ability.reason(unit)})", part=ability.name
            )
        return tuple(f"{ability.name} ({timing})" for ability in fired)

    # -- moving ----------------------------------------------------------------------------
    def _move(
        self,
        encounter: Encounter,
        unit: Unit,
        reach: int,
        move: int,
        opponents: list[Unit],
        chain: Chain,
    ) -> list[_Plan]:
        board = encounter.board
        nobody = "; ".join(self._why_not(encounter, unit.at, reach, o) for o in opponents)
        head = (
            f"nobody targetable within range {reach} ({nobody})"
            if opponents
            else "no opposing unit with HP above 0"
        )
        if not opponents:
            chain.skipped("move", head + ": nothing to move toward")
            return [_Plan(None, (), [()])]
        occupied = encounter.occupied(exclude=[unit.id])
        field = MemoField(self._walk(encounter, unit))
        candidates = {
            c
            for o in opponents
            for c in disc(board, o.at, reach)
            if c not in occupied and c != unit.at and board.passable(c)
        }

        def offers(cell: Cell) -> list[Unit]:
            return [o for o in opponents if self.targetable_from(encounter, cell, reach, o)]

        closest = closest_cells(
            field,
            candidates,
            lambda c: bool(offers(c)),
            lower_bound=lambda c: hex_distance(unit.at, c),
        )
        if closest.found:
            assert closest.cost is not None  # found: it has a cost
            strongest = self._icon_strongest(unit)
            best_of = {c: self._best(offers(c), strongest) for c in closest.cells}
            pick = select(
                list(closest.cells),
                [
                    TieBreaker(
                        "most HP on offer" if strongest else "least HP on offer",
                        (lambda c: -best_of[c].hp) if strongest else (lambda c: best_of[c].hp),
                        lambda c: f"{cell_text(c)} offers {best_of[c].name} HP {best_of[c].hp}",
                    )
                ],
            )
            destinations = pick.chosen
            detail = (
                f"{head}; nearest hexes from which someone is targetable: "
                f"{plural(closest.cost, 'step')} away"
            )
            if len(closest.cells) == 1:
                only = closest.cells[0]
                detail += f": {cell_text(only)} (offers {best_of[only].name} HP {best_of[only].hp})"
            else:
                detail += f"; {pick.explain()}"
            if pick.tied:
                detail += (
                    f"; still tied: the party picks one of "
                    f"{', '.join(cell_text(c) for c in destinations)}"
                )
        else:
            destinations, detail = self._fallback(encounter, unit, field, opponents, head)
            if not destinations:
                chain.skipped("move", detail)
                return [_Plan(None, (), [()])]
        plans: list[_Plan] = []
        seen: set[Cell] = set()
        stop_notes: list[str] = []
        for destination in destinations:
            total = field.raw(destination) or 0
            stops = stops_toward(
                field, destination, move, lower_bound=lambda c: hex_distance(unit.at, c)
            )
            if total <= move:
                stop_notes.append(
                    f"reaches {cell_text(destination)} ({plural(total, 'step')}) and stops there"
                )
            else:
                stop_notes.append(
                    f"moves {move} of the {total} steps toward {cell_text(destination)}, to "
                    + " or ".join(cell_text(s) for s in stops)
                    + (" (the party picks the route)" if len(stops) > 1 else "")
                )
            for stop in stops:
                if stop in seen or stop == unit.at:
                    continue
                seen.add(stop)
                plans.append(_Plan(stop, tuple(field.path_to(stop)), [()]))
        if not plans:
            chain.skipped("move", f"{detail}; its move is 0")
            return [_Plan(None, (), [()])]
        chain.applied("move", f"{detail}; moving up to {hexes(move)}: " + "; ".join(stop_notes))
        return plans

    def _fallback(
        self, encounter: Encounter, unit: Unit, field: MemoField, opponents: list[Unit], head: str
    ) -> tuple[list[Cell], str]:
        nearest_d = min(hex_distance(unit.at, o.at) for o in opponents)
        nearest = [o for o in opponents if hex_distance(unit.at, o.at) == nearest_d]
        reachable = field.reachable()
        occupied = encounter.occupied(exclude=[unit.id])
        destinations: list[Cell] = []
        notes: list[str] = []
        for target in nearest:
            scores = {c: hex_distance(c, target.at) for c in reachable if c not in occupied}
            best = min(scores.values())
            near = [c for c, v in scores.items() if v == best]
            fewest = min(reachable[c] for c in near)
            cells = sorted(c for c in near if reachable[c] == fewest)
            notes.append(
                f"{target.name} ({hexes(nearest_d)} away): the reachable "
                f"hexes nearest it are {hexes(best)} from it, the closest of "
                f"those {plural(fewest, 'step')} away: " + ", ".join(cell_text(c) for c in cells)
            )
            destinations += [c for c in cells if c not in destinations]
        detail = (
            f"{head}; no free hex it can reach would put anyone in range and sight, so "
            f"it heads for the nearest opposing unit: " + "; ".join(notes)
        )
        if len(nearest) > 1:
            detail += "; the party picks which unit"
        if destinations == [unit.at]:
            return [], detail + "; it is already as close as it can get"
        destinations = [c for c in destinations if c != unit.at]
        if len(destinations) > 1:
            detail += "; equally good hexes: the party picks"
        return destinations, detail

    # -- engaging --------------------------------------------------------------------------
    def _best(self, units: list[Unit], strongest: bool) -> Unit:
        return (max if strongest else min)(units, key=lambda u: u.hp)

    def _orders(
        self, encounter: Encounter, unit: Unit, cell: Cell, reach: int, chain: Chain | None
    ) -> list[tuple[Unit, ...]]:
        opponents = [u for u in encounter.side(unit.side.opposing) if u.hp > 0]
        able = [o for o in opponents if self.targetable_from(encounter, cell, reach, o)]
        count = self._stat(unit, "targets")
        if not able:
            if chain is not None:
                chain.skipped(
                    "targets", f"nobody targetable within range {reach} from {cell_text(cell)}"
                )
            return [()]
        strongest = self._icon_strongest(unit)
        breaker: TieBreaker[Unit] = TieBreaker(
            "most HP" if strongest else "least HP",
            (lambda u: -u.hp) if strongest else (lambda u: u.hp),
            lambda u: f"{u.name} HP {u.hp}",
        )
        orders = engage_orders(tiers(able, [breaker]), count)
        if chain is not None:
            listed = ", ".join(
                f"{u.name} HP {u.hp}"
                for u in sorted(able, key=lambda u: -u.hp if strongest else u.hp)
            )
            detail = (
                f"targetable from {cell_text(cell)}: {listed}; up to {count}, "
                f"{'most' if strongest else 'least'} HP first → "
                + ", then ".join(u.name for u in orders[0])
            )
            if len(orders) > 1:
                detail += (
                    f"; equal HP: the party picks among {len(orders)} orders "
                    "(listed as alternatives)"
                )
            chain.applied("targets", detail)
        return orders

    def _trace_many_orders(self, plans: list[_Plan], chain: Chain) -> None:
        parts = []
        for p in plans:
            cell = cell_text(p.stop) if p.stop else "where it stands"
            first = p.orders[0]
            parts.append(
                f"from {cell}: " + (", then ".join(u.name for u in first) if first else "nobody")
            )
        anyone = any(p.orders[0] for p in plans)
        chain.add("targets", APPLIED if anyone else SKIPPED, "; ".join(parts))

    # -- order and statuses ----------------------------------------------------------------
    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = [u for u in encounter.enemies() if u.hp > 0]
        ranked = sorted(enemies, key=lambda u: -self.effective_level(u))  # stable: roster order
        groups: list[list[Unit]] = []
        for u in ranked:
            if groups and self.effective_level(groups[-1][0]) == self.effective_level(u):
                groups[-1].append(u)
            else:
                groups.append([u])
        explanation = []
        for g in groups:
            level = self.effective_level(g[0])
            shown = "quest unit (highest)" if level == float("inf") else f"level {int(level)}"
            names = ", ".join(u.name for u in g)
            explanation.append(
                f"{shown}: {names}" + (" (the party picks their order)" if len(g) > 1 else "")
            )
        return ActivationOrder(
            tuple(u.id for u in ranked),
            tuple(tuple(u.id for u in g) for g in groups if len(g) > 1),
            tuple(explanation),
        )

    def derived_statuses(self, unit: Unit) -> set[str]:
        return {"defeated"} if unit.hp <= 0 else set()


def _engaged(encounter: Encounter, outcome: Outcome) -> str:
    return ", then ".join(encounter.unit(t).name for t in outcome.targets)


def _summary(encounter: Encounter, outcome: Outcome) -> str:
    """ "Move 2 hexes, then engage Wren", "Engage Wren", "Move 2 hexes to [4, 5]"."""
    moved = outcome.destination is not None
    if outcome.targets:
        engaged = _engaged(encounter, outcome)
        return (
            f"Move {hexes(len(outcome.path))}, then engage {engaged}"
            if moved
            else f"Engage {engaged}"
        )
    if moved:
        return f"Move {hexes(len(outcome.path))} to {cell_text(cast(Cell, outcome.destination))}"
    return "Hold: nothing to engage and nowhere to go"


def _outcomes(plans: list[_Plan]) -> list[Outcome]:
    """Every way the turn can go: each plan's stop with each of its target orders."""
    outcomes: list[Outcome] = []
    for plan in plans:
        for order in plan.orders:
            action = "attack" if order else ("move" if plan.stop is not None else "hold")
            outcomes.append(Outcome(action, tuple(u.id for u in order), plan.stop, plan.path))
    return outcomes


def engage_orders(ranked: list[list[Unit]], count: int) -> list[tuple[Unit, ...]]:
    """Every target order allowed: tiers in order, any order within a tier, up to `count`."""
    orders: list[tuple[Unit, ...]] = [()]
    left = count
    for tier in ranked:
        if left <= 0:
            break
        take = min(left, len(tier))
        orders = [prefix + perm for prefix in orders for perm in permutations(tier, take)]
        left -= take
    return orders


def build() -> HexQuest:
    return HexQuest(load_ruleset_data("hex-quest"))
