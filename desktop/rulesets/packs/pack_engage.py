"""The `move-engage` action of rule packs: close in until someone is targetable (the
`closest-offering-cell` policy), then engage up to N of them with one roll
(docs/rule-packs.md). Its trace steps are the pack's `move`, `targets` and `roll`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from itertools import permutations
from typing import TYPE_CHECKING, TypeVar, cast

from desktop.engine.board import Board, Cell
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.chain import Chain, plural, plural_noun
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result, format_cells, summarised
from desktop.engine.destinations import Closest, MemoField, closest_cells, stops_toward
from desktop.engine.encounter import Encounter
from desktop.engine.movement import DistanceField
from desktop.engine.rings import disc
from desktop.engine.targeting import TieBreaker, select, tiers
from desktop.engine.units import Unit
from desktop.rulesets.packs.pack_walks import kept_walk

if TYPE_CHECKING:
    from desktop.rulesets.packs.pack_format import Rule
    from desktop.rulesets.packs.pack_ruleset import PackContext, PackRuleset

T = TypeVar("T")

ACTION = "move-engage"
POLICY = "closest-offering-cell"
# The [steps] keys its trace entries are titled by, and the action words it says.
STEPS = ("move", "targets", "roll")
SAYS = ("move", "hold")  # besides the rule's own `says` (an engage)
FILTERS = ("seen",)  # besides one `within:N` / `within:<stat>`: read from the cell it ends on
PREFERENCES = {"most-hp": True, "fewest-hp": False}  # word -> most first
# Steps past the nearest opponent's reach, in straight-line distance, that the first, bounded
# walk searches (Engage._closest): walls seldom lengthen the way to it by more.
SLACK = 2

# The passable cells within N of a cell, per board: boards are immutable, so which cells
# around a figure are open ground never changes for that board object (keyed by centre
# and radius, what `disc` is given).
OPEN_DISCS: BoardCache[dict[tuple[Cell, int], tuple[Cell, ...]]] = BoardCache(
    "pack open discs", empty_dict
)


def open_disc(board: Board, centre: Cell, radius: int) -> tuple[Cell, ...]:
    """`disc`'s cells a figure may stand on (passable terrain), found once per board."""
    known = OPEN_DISCS(board)
    found = known.get((centre, radius))
    if found is None:
        found = known[(centre, radius)] = tuple(
            c for c in disc(board, centre, radius) if board.passable(c)
        )
    return found


class _Walked(MemoField):
    """A walk kept with the board (pack_walks) that also remembers where a move toward a
    cell stops: the same walk, cell and move always stop in the same cells."""

    def __init__(self, field: DistanceField) -> None:
        super().__init__(field)
        self._stops: dict[tuple[Cell, int], tuple[Cell, ...]] = {}

    def stops_toward(self, destination: Cell, move: int) -> tuple[Cell, ...]:
        found = self._stops.get((destination, move))
        if found is None:
            found = self._stops[(destination, move)] = stops_toward(self, destination, move)
        return found


@dataclass
class _Plan:
    """One equally valid way the turn can go."""

    stop: Cell | None  # None: it does not move
    path: tuple[Cell, ...]
    orders: list[tuple[Unit, ...]]  # target orders from where it ends; [()] when none


class Engage:
    """One `move-engage` decision: the rule's numbers for the unit, read once."""

    def __init__(self, ruleset: PackRuleset, ctx: PackContext, rule: Rule) -> None:
        assert rule.target is not None  # checked when the pack was read
        self.ruleset, self.ctx, self.rule = ruleset, ctx, rule
        self.encounter, self.unit = ctx.encounter, ctx.unit
        self.unit_word = ruleset.data.distance_unit
        within = next(w for w in rule.target.filters if w.startswith("within:"))
        self.reach_word = within.partition(":")[2]
        self.reach = ruleset.reach(ctx.unit, within)
        self.in_sight = "seen" in rule.target.filters
        self.move = ruleset._squares(ctx.unit, rule.squares)
        self.count = ruleset._squares(ctx.unit, rule.engages)
        self.strongest = PREFERENCES[rule.target.prefer[0]]
        self.opponents = ruleset.opponents(ctx.encounter, ctx.unit)  # those in play

    # -- words -------------------------------------------------------------------------------
    def far(self, count: int) -> str:
        return plural(count, self.unit_word)

    @property
    def within(self) -> str:
        name = "range" if self.reach_word.isdigit() else self.reach_word
        return f"within {name} {self.reach}"

    def distance(self, a: Cell, b: Cell) -> int:
        return int(self.ruleset._distance(a, b))

    def targetable_from(self, cell: Cell, opponent: Unit) -> bool:
        """`opponent` (one of `opponents`) within reach, and in sight when asked, from `cell`."""
        return self.distance(cell, opponent.at) <= self.reach and (
            not self.in_sight or self.ruleset.sees(self.encounter.board, cell, opponent.at)
        )

    def _why_not(self, cell: Cell, opponent: Unit) -> str:
        d = self.distance(cell, opponent.at)
        if d > self.reach:
            return f"{opponent.name} {self.far(d)} away"
        if not self.in_sight:
            return f"{opponent.name} {self.far(d)} away"
        if not self.ruleset.sees(self.encounter.board, cell, opponent.at):
            return f"{opponent.name} {self.far(d)} away, a wall blocks sight"
        return f"{opponent.name} {self.far(d)} away, in sight"

    # -- the turn ----------------------------------------------------------------------------
    def result(self, chain: Chain) -> Result:
        unit = self.unit
        now = [o for o in self.opponents if self.targetable_from(unit.at, o)]
        if now:
            chain.skipped(
                "move",
                f"someone is targetable {self.within}: "
                + "; ".join(self._why_not(unit.at, o) for o in now)
                + ": it stays put",
            )
            plans = [_Plan(None, (), self._orders(unit.at, chain))]
        else:
            plans = self._moves(chain)
            engage_from = {p.stop for p in plans}
            if len(engage_from) == 1:
                orders = self._orders(plans[0].stop or unit.at, chain)
                for p in plans:
                    p.orders = orders
            else:
                for p in plans:
                    p.orders = self._orders(p.stop or unit.at, None)
                _trace_many_orders(plans, chain)
        outcomes = self._outcomes(plans)
        targets = plans[0].orders[0]
        if targets:
            outcomes = self._roll(targets, outcomes, chain)
        else:
            chain.skipped("roll", "nobody to engage")
        outcomes = summarised(outcomes, partial(_summary, self.encounter, self.far))
        return Result(outcomes, outcomes[0].summary)

    def _outcomes(self, plans: list[_Plan]) -> list[Outcome]:
        """Every way the turn can go: each plan's stop with each of its target orders."""
        outcomes: list[Outcome] = []
        for plan in plans:
            for order in plan.orders:
                action = self.rule.says if order else ("move" if plan.stop is not None else "hold")
                outcomes.append(Outcome(action, tuple(u.id for u in order), plan.stop, plan.path))
        return outcomes

    def _roll(
        self, targets: tuple[Unit, ...], outcomes: list[Outcome], chain: Chain
    ) -> list[Outcome]:
        """The dice rolled once as one sum, resolved against each target in order; every
        choice that engages others resolves the same roll against them."""
        sides = self.rule.dice_sides
        dice = self.ruleset._squares(self.unit, self.rule.dice)
        label = (self.rule.dice.stat or "attack").capitalize()
        names = ", then ".join(t.name for t in targets)
        value = 0
        if dice > 0:
            value = self.ctx.dice.roll_sum(
                dice, sides, f"{label} dice for {self.unit.name}, resolved against {names}"
            )
            self.ctx.dice.explain(
                f"{value} damage to {names}"
                if len(targets) == 1
                else f"{value} damage to each target: {names}"
            )

        def roll(against: str) -> str:
            if dice > 0:
                return (
                    f"rolls {dice}d{sides} once: {value}; resolved against {against}, in that order"
                )
            return (
                f"{label} 0: no dice, but the engage still happens against {against} "
                "(abilities that trigger on it apply)"
            )

        chain.applied("roll", roll(names))
        return [
            replace(o, steps=(chain.entry("roll", APPLIED, roll(_engaged(self.encounter, o))),))
            if o.targets
            else o
            for o in outcomes
        ]

    # -- moving ------------------------------------------------------------------------------
    def _walk(self, bound: int | None = None) -> _Walked:
        """Steps from where it stands through free, enterable cells (every figure bars the
        way); with `bound`, only the cells at most that far (the rest read as unreached).
        Kept with the board for the same question (pack_walks)."""
        ctx, rules, start = self.ctx, self.ruleset.movement, self.unit.at
        return kept_walk(
            ctx.board,
            ("engage", rules.cache_key(), rules.scale, start, ctx.blocked, bound),
            lambda: _Walked(DistanceField(ctx.board, rules, [start], ctx.blocked, max_cost=bound)),
        )

    def _closest(
        self, candidates: set[Cell], accept: Callable[[Cell], bool]
    ) -> tuple[Closest, _Walked]:
        """The candidate cells that `accept` nearest by path, and the walk they were found on.

        The walk is first searched only SLACK steps past the straight-line distance of the
        nearest opponent's reach (most of the board is never needed), and over the whole
        board only when that finds nothing. The answer is the same: a bounded search settles
        every cell up to its bound at its exact cost, so a best cost found within it is the
        best there is, every candidate tied at it lies within it, and so does every route
        and stop toward one (none costs more than the candidate itself)."""
        # Each candidate's cost is read once: asked of the search itself, not through the
        # memo the moves use afterwards.
        if candidates:
            nearest = min(self.distance(self.unit.at, o.at) for o in self.opponents)
            field = self._walk(max(nearest - self.reach, 0) + SLACK)
            closest = closest_cells(field.field, candidates, accept)
            if closest.found:
                return closest, field
        field = self._walk()
        return closest_cells(field.field, candidates, accept), field

    def _moves(self, chain: Chain) -> list[_Plan]:
        unit, board, opponents = self.unit, self.ctx.board, self.opponents
        nobody = "; ".join(self._why_not(unit.at, o) for o in opponents)
        head = (
            f"nobody targetable {self.within} ({nobody})"
            if opponents
            else "no opposing unit with HP above 0"
        )
        if not opponents:
            chain.skipped("move", head + ": nothing to move toward")
            return [_Plan(None, (), [()])]
        blocked = self.ctx.blocked
        candidates = {
            c
            for o in opponents
            for c in open_disc(board, o.at, self.reach)
            if c not in blocked and c != unit.at
        }

        def offers(cell: Cell) -> list[Unit]:
            return [o for o in opponents if self.targetable_from(cell, o)]

        def offers_anyone(cell: Cell) -> bool:
            return any(self.targetable_from(cell, o) for o in opponents)

        closest, field = self._closest(candidates, offers_anyone)
        if closest.found:
            assert closest.cost is not None  # found: it has a cost
            best_of = {c: self._best(offers(c)) for c in closest.cells}
            pick = select(
                list(closest.cells),
                [
                    TieBreaker(
                        f"{self._icon} HP on offer",
                        lambda c: self._hp_key(best_of[c].hp),
                        lambda c: (
                            f"{format_cells([c])} offers {best_of[c].name} HP {best_of[c].hp}"
                        ),
                    )
                ],
            )
            destinations = pick.chosen
            detail = (
                f"{head}; nearest {plural_noun(self.unit_word)} from which someone is "
                f"targetable: {plural(closest.cost, 'step')} away"
            )
            if len(closest.cells) == 1:
                only = closest.cells[0]
                detail += (
                    f": {format_cells([only])} (offers {best_of[only].name} HP {best_of[only].hp})"
                )
            else:
                detail += f"; {pick.explain()}"
            if pick.tied:
                detail += (
                    f"; still tied: the party picks one of "
                    f"{', '.join(format_cells([c]) for c in destinations)}"
                )
        else:
            destinations, detail = self._fallback(field, head)
            if not destinations:
                chain.skipped("move", detail)
                return [_Plan(None, (), [()])]
        return self._plans(field, destinations, detail, chain)

    def _plans(
        self,
        field: _Walked,
        destinations: list[Cell],
        detail: str,
        chain: Chain,
    ) -> list[_Plan]:
        """It moves up to its squares along a shortest route and stops on arrival; each
        distinct cell it can end on is a plan."""
        unit, move = self.unit, self.move
        plans: list[_Plan] = []
        seen: set[Cell] = set()
        stop_notes: list[str] = []
        for destination in destinations:
            total = field.raw(destination) or 0
            stops = field.stops_toward(destination, move)
            goal = format_cells([destination])
            if total <= move:
                stop_notes.append(f"reaches {goal} ({plural(total, 'step')}) and stops there")
            else:
                stop_notes.append(
                    f"moves {move} of the {total} steps toward {goal}, to "
                    + " or ".join(format_cells([s]) for s in stops)
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
        chain.applied("move", f"{detail}; moving up to {self.far(move)}: " + "; ".join(stop_notes))
        return plans

    def _fallback(self, field: MemoField, head: str) -> tuple[list[Cell], str]:
        """No free cell offers anyone: head for the nearest opposing unit, to the reachable
        cells nearest it (then the fewest steps away)."""
        unit, opponents = self.unit, self.opponents
        nearest_d = min(self.distance(unit.at, o.at) for o in opponents)
        nearest = [o for o in opponents if self.distance(unit.at, o.at) == nearest_d]
        reachable = field.reachable()
        blocked = self.ctx.blocked
        destinations: list[Cell] = []
        notes: list[str] = []
        cells_word = plural_noun(self.unit_word)
        for target in nearest:
            scores = {c: self.distance(c, target.at) for c in reachable if c not in blocked}
            best = min(scores.values())
            near = [c for c, v in scores.items() if v == best]
            fewest = min(reachable[c] for c in near)
            cells = sorted(c for c in near if reachable[c] == fewest)
            notes.append(
                f"{target.name} ({self.far(nearest_d)} away): the reachable "
                f"{cells_word} nearest it are {self.far(best)} from it, the closest of "
                f"those {plural(fewest, 'step')} away: "
                + ", ".join(format_cells([c]) for c in cells)
            )
            destinations += [c for c in cells if c not in destinations]
        detail = (
            f"{head}; no free {self.unit_word} it can reach would put anyone in range and "
            f"sight, so it heads for the nearest opposing unit: " + "; ".join(notes)
        )
        if len(nearest) > 1:
            detail += "; the party picks which unit"
        if destinations == [unit.at]:
            return [], detail + "; it is already as close as it can get"
        destinations = [c for c in destinations if c != unit.at]
        if len(destinations) > 1:
            detail += f"; equally good {cells_word}: the party picks"
        return destinations, detail

    # -- engaging ----------------------------------------------------------------------------
    @property
    def _icon(self) -> str:
        return "most" if self.strongest else "least"

    def _hp_key(self, hp: int) -> int:
        """Sorts the icon's favourite first."""
        return -hp if self.strongest else hp

    def _best(self, units: list[Unit]) -> Unit:
        return (max if self.strongest else min)(units, key=lambda u: u.hp)

    def _orders(self, cell: Cell, chain: Chain | None) -> list[tuple[Unit, ...]]:
        able = [o for o in self.opponents if self.targetable_from(cell, o)]
        if not able:
            if chain is not None:
                chain.skipped(
                    "targets", f"nobody targetable {self.within} from {format_cells([cell])}"
                )
            return [()]
        breaker: TieBreaker[Unit] = TieBreaker(
            f"{self._icon} HP", lambda u: self._hp_key(u.hp), lambda u: f"{u.name} HP {u.hp}"
        )
        orders = engage_orders(tiers(able, [breaker]), self.count)
        if chain is not None:
            listed = ", ".join(
                f"{u.name} HP {u.hp}" for u in sorted(able, key=lambda u: self._hp_key(u.hp))
            )
            detail = (
                f"targetable from {format_cells([cell])}: {listed}; up to {self.count}, "
                f"{self._icon} HP first → " + ", then ".join(u.name for u in orders[0])
            )
            if len(orders) > 1:
                detail += (
                    f"; equal HP: the party picks among {len(orders)} orders "
                    "(listed as alternatives)"
                )
            chain.applied("targets", detail)
        return orders


def _trace_many_orders(plans: list[_Plan], chain: Chain) -> None:
    parts = []
    for p in plans:
        cell = format_cells([p.stop]) if p.stop else "where it stands"
        first = p.orders[0]
        parts.append(
            f"from {cell}: " + (", then ".join(u.name for u in first) if first else "nobody")
        )
    anyone = any(p.orders[0] for p in plans)
    chain.add("targets", APPLIED if anyone else SKIPPED, "; ".join(parts))


def _engaged(encounter: Encounter, outcome: Outcome) -> str:
    return ", then ".join(encounter.unit(t).name for t in outcome.targets)


def _summary(encounter: Encounter, far: Callable[[int], str], outcome: Outcome) -> str:
    """ "Move 2 hexes, then engage Wren", "Engage Wren", "Move 2 hexes to [4, 5]"."""
    moved = outcome.destination is not None
    if outcome.targets:
        engaged = _engaged(encounter, outcome)
        return (
            f"Move {far(len(outcome.path))}, then engage {engaged}"
            if moved
            else f"Engage {engaged}"
        )
    if moved:
        return f"Move {far(len(outcome.path))} to {format_cells([cast(Cell, outcome.destination)])}"
    return "Hold: nothing to engage and nowhere to go"


def engage_orders(ranked: list[list[T]], count: int) -> list[tuple[T, ...]]:
    """Every target order allowed: tiers in order, any order within a tier, up to `count`."""
    orders: list[tuple[T, ...]] = [()]
    left = count
    for tier in ranked:
        if left <= 0:
            break
        take = min(left, len(tier))
        orders = [prefix + perm for prefix in orders for perm in permutations(tier, take)]
        left -= take
    return orders


def engage_problems(rule: Rule) -> list[tuple[str, str]]:
    """What is wrong with a `move-engage` rule's words: (key, message) pairs."""
    problems: list[tuple[str, str]] = []
    if rule.target is not None:
        within = [w for w in rule.target.filters if w.startswith("within:")]
        others = [w for w in rule.target.filters if not w.startswith("within:")]
        if len(within) != 1 or any(w not in FILTERS for w in others):
            problems.append(
                (
                    "target",
                    f"'{ACTION}' needs filter = [\"within:<N or stat>\"] and optionally "
                    '"seen" (read from every cell it could end on)',
                )
            )
        if len(rule.target.prefer) != 1 or rule.target.prefer[0] not in PREFERENCES:
            problems.append(
                ("target", f"'{ACTION}' needs prefer = one of {', '.join(PREFERENCES)}")
            )
    if rule.policy != POLICY:
        problems.append(("policy", f"'{ACTION}' moves by policy = \"{POLICY}\""))
    return problems
