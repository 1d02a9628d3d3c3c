"""monster-focus: the Gloomhaven family's monster turn (focus, move, attack) as a Ruleset.

The rules live in pure modules beside it (grid, sight, moves, areas, turn); this
class reads the encounter into them and words the result. Readings: docs/rulesets and
the acceptance README (../shared/monster-focus/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from desktop.engine.ability_cards import signed
from desktop.engine.board import Cell
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.chain import Chain, joined, plural
from desktop.engine.context import Context
from desktop.engine.decision import APPLIED, Outcome, Result, summarised
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import ActivationOrder, Ruleset, RulesetData, StatusSpec
from desktop.engine.units import Unit
from desktop.rulesets.data_loader import load_ruleset_data
from desktop.rulesets.monster_focus.grid import FAR, Counts, Grid, grid_of, hex_steps
from desktop.rulesets.monster_focus.moves import Movement, move_map
from desktop.rulesets.monster_focus.order import (
    INITIATIVE,
    initiative_of,
    monsters_order,
    round_order,
)
from desktop.rulesets.monster_focus.sight import line_of_sight, wall_boxes
from desktop.rulesets.monster_focus.turn import (
    Action,
    Character,
    Monster,
    TurnPlan,
    Variant,
    plan_turn,
)

# The restrictions (the statuses' `restricts` in the ruleset data) a monster's turn honours.
NO_ACTION, NO_MOVE, NO_ATTACK = "no-action", "no-move", "no-attack"
DISADVANTAGE, UNTARGETABLE = "disadvantage", "untargetable"
VARIANT_FLAGS = (
    "corner_sight",
    "jump_pays_difficult",
    "proximity",
    "focus_disadvantage_first",
    "plan_with_all_targets",
    "rank_extra_targets",
)
# Sight between two hexes depends only on the board and the variant's reading of sight.
_sight_memo: BoardCache[dict[Any, bool]] = BoardCache("monster-focus sight", empty_dict)


@dataclass
class MonsterFocusContext(Context):
    """The monster's turn as numbers: the board's grid, the variant and the planned turn."""

    grid: Grid
    variant_id: str
    monster: Monster
    plan: TurnPlan
    # What its conditions stop it doing this turn: restriction -> the markers imposing it.
    limits: dict[str, tuple[StatusSpec, ...]]

    def cell(self, index: int) -> Cell:
        return self.grid.cell(index)

    def name(self, unit_id: str) -> str:
        return self.encounter.unit(unit_id).name


class MonsterFocus(Ruleset):
    def __init__(self, data: RulesetData) -> None:
        super().__init__(data)
        variants: dict[str, dict[str, Any]] = data.extra["variants"]
        self.variants = {
            vid: Variant(**{f: bool(spec[f]) for f in VARIANT_FLAGS})
            for vid, spec in variants.items()
        }
        self.variant_names = {vid: str(spec["name"]) for vid, spec in variants.items()}
        self.default_variant = str(data.extra["rules"]["variant"]["default"])

    def prepare(self, encounter: Encounter) -> None:
        # The board's walls as sight reads them and its steps as bits: the first decision
        # that asks sight past a wall would otherwise build them at a player's Enter (at
        # the documented limits ~20 ms).
        grid = grid_of(encounter.board)
        wall_boxes(grid)
        hex_steps(grid)

    def validate(self, encounter: Encounter) -> list[str]:
        for unit in encounter.units:
            if unit.aoe is not None and (unit.aoe.kind == "melee") != (unit.stat("range") == 0):
                return [
                    f"unit '{unit.id}': aoe kind '{unit.aoe.kind}' does not match range "
                    f"{unit.stat('range')} (melee areas need range 0, ranged ones more)"
                ]
        return []

    def context(
        self, encounter: Encounter, unit: Unit, dice: Dice, **shared: Any
    ) -> MonsterFocusContext:
        board = encounter.board
        grid = grid_of(board)
        variant_id, variant = self._variant(encounter)
        living = [u for u in encounter.players() if u.hp > 0]
        hidden = {u.id for u in living if UNTARGETABLE in self.data.restrictions(u.statuses)}
        characters = [
            Character(u.id, grid.index(u.at), initiative_of(u, self._initiative_default))
            for u in living
            if u.id not in hidden
        ]
        unseen = frozenset(grid.index(u.at) for u in living if u.id in hidden)
        limits = self.data.restrictions(unit.statuses)
        monster = Monster(
            at=grid.index(unit.at),
            move=int(unit.stat("move", 0)),
            range=int(unit.stat("range", 0)),
            targets=int(unit.stat("targets", 1)),
            movement=_movement(unit, variant),
            muddled=DISADVANTAGE in limits,
            immobile=NO_MOVE in limits,
            area_kind=unit.aoe.kind if unit.aoe else None,
            area=unit.aoe.hexes if unit.aoe else (),
        )
        allies = _allies(encounter, unit, grid)
        plan = plan_turn(grid, variant, monster, characters, allies, _sight_memo(board), unseen)
        return MonsterFocusContext(encounter, unit, dice, grid, variant_id, monster, plan, limits)

    def _variant(self, encounter: Encounter) -> tuple[str, Variant]:
        variant_id = str(encounter.rules.get("variant", self.default_variant))
        return variant_id, self.variants[variant_id]

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The hexes it could end a move on this turn, by its own movement rules (thin walls,
        ice, difficult terrain, jumping, flying, teleporting; characters bar the way)."""
        unit = encounter.unit(unit_id)
        move = int(unit.stat("move", 0))
        limits = self.data.restrictions(unit.statuses)
        if move <= 0 or NO_MOVE in limits or NO_ACTION in limits:
            return set()  # stunned or immobilized: it stays where it is
        grid = grid_of(encounter.board)
        _, variant = self._variant(encounter)
        characters = frozenset(grid.index(u.at) for u in encounter.players() if u.hp > 0)
        moves = move_map(
            grid,
            grid.index(unit.at),
            _movement(unit, variant),
            characters,
            _allies(encounter, unit, grid),
        )
        return {grid.cell(i) for i in moves.ends_within(move)}

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The hexes it could attack from where it stands: range counted in hexes around
        walls (never through a wall hex or across a thin wall), in sight as its variant
        reads sight; a melee attack (range 0) reaches the neighbours no wall parts from it."""
        unit = encounter.unit(unit_id)
        limits = self.data.restrictions(unit.statuses)
        if NO_ATTACK in limits or NO_ACTION in limits:
            return set()  # stunned or disarmed: it attacks nothing
        board = encounter.board
        grid = grid_of(board)
        _, variant = self._variant(encounter)
        melee = int(unit.stat("range", 0)) <= 0
        reach = 1 if melee else int(unit.stat("range", 0))
        at = grid.index(unit.at)
        sight = _sight_memo(board)
        return {
            grid.cell(i)
            for i in grid.hexes_around(at, reach)
            if i != at
            and board.passable(grid.cell(i))
            and line_of_sight(grid, i, at, variant.corner_sight, sight)
        }

    def evaluate(self, ctx: Context, chain: Chain) -> Result:
        assert isinstance(ctx, MonsterFocusContext)  # built by self.context
        limits = ctx.limits
        idle = limits.get(NO_ACTION) or (
            limits[NO_MOVE] + limits[NO_ATTACK] if NO_MOVE in limits and NO_ATTACK in limits else ()
        )
        if idle:
            return _no_turn(ctx, chain, idle)
        _conditions(ctx, chain)
        self._focus(ctx, chain)
        actions = _ranked(ctx)
        outcomes = [_outcome(ctx, a) for a in actions] or [Outcome("hold")]
        self._move(ctx, chain, actions)
        disarmed = limits.get(NO_ATTACK)
        if disarmed:
            # It moves as if it were going to attack, and makes no attack.
            names = ", ".join(ctx.name(t) for t in outcomes[0].targets)
            would = f" (from there it would attack {names})" if names else ""
            chain.skipped("attack", f"{_said(disarmed).capitalize()}: no attack{would}.")
            outcomes = [_without_attack(o) for o in outcomes]
        elif outcomes[0].targets:
            # Each choice attacks its own targets: the one the players pick reads as itself.
            outcomes = [
                replace(o, steps=(chain.entry("attack", APPLIED, _attack_text(ctx, o)),))
                if o.targets
                else o
                for o in outcomes
            ]
            chain.applied("attack", _attack_text(ctx, outcomes[0]))
        elif NO_MOVE in limits and ctx.plan.foci:
            foci = joined([ctx.name(f) for f in ctx.plan.foci], "or")
            chain.skipped(
                "attack",
                f"{_said(limits[NO_MOVE]).capitalize()}: it cannot attack {foci} from "
                f"{_shown(ctx, ctx.monster.at)}, so it does not attack.",
            )
        else:
            chain.skipped("attack", "Nobody it may attack this turn.")
        outcomes = summarised(outcomes, lambda o: _summary(ctx, o))
        return Result(outcomes, outcomes[0].summary)

    def _focus(self, ctx: MonsterFocusContext, chain: Chain) -> None:
        plan = ctx.plan
        lines = []
        for s in plan.scores:
            c, name = s.character, ctx.name(s.character.id)
            if s.beaten:
                lines.append(
                    f"{name}: needs more than the best above, "
                    f"{_away(s.proximity)}, initiative {c.initiative:g}"
                )
            elif s.traps is None or s.cost is None:
                lines.append(f"{name}: cannot be attacked from any hex it can reach")
            else:
                lines.append(
                    f"{name}: attackable after {plural(s.traps, 'trap')} and "
                    f"{plural(s.cost, 'movement point')}, {_away(s.proximity)}, "
                    f"initiative {c.initiative:g}"
                )
        rules = self.variant_names[ctx.variant_id]
        if plan.foci:
            chosen = (
                f"focus {ctx.name(plan.foci[0])}"
                if len(plan.foci) == 1
                else f"tied foci {', '.join(ctx.name(f) for f in plan.foci)}: the players choose"
            )
            chain.applied("focus", f"{rules} rules. " + "; ".join(lines) + f". → {chosen}.")
        else:
            why = "; ".join(lines) if lines else "no character it may attack"
            chain.skipped("focus", f"{rules} rules. {why}: no focus, it stays.")

    def _move(self, ctx: MonsterFocusContext, chain: Chain, actions: list[Action]) -> None:
        plan, move = ctx.plan, ctx.monster.move
        if not plan.foci:
            chain.skipped("move", "No focus: it does not move.")
            return
        held = ctx.limits.get(NO_MOVE)
        if held:
            chain.skipped(
                "move", f"{_said(held).capitalize()}: it stays on {_shown(ctx, ctx.monster.at)}."
            )
            return
        cost = plan.moves.cost
        ends = ", ".join(f"{_shown(ctx, a.at)} ({plural(cost[a.at], 'point')})" for a in actions)
        if plan.reachable:
            chain.applied(
                "move",
                f"It can attack its focus this turn (move {move}); best attack hexes: {ends}.",
            )
        else:
            goals = ", ".join(_shown(ctx, g) for g in plan.goals)
            chain.applied(
                "move",
                f"No attack on its focus within move {move}; it heads for "
                f"{goals} and may end on {ends}.",
            )

    def order(self, encounter: Encounter) -> ActivationOrder:
        return monsters_order(encounter, self._initiative_default, self._rank_order)

    def turn_order(self, encounter: Encounter) -> ActivationOrder:
        return round_order(encounter, self._initiative_default, self._rank_order)

    def _rank_order(self, rank: str) -> int:
        spec = self.data.unit_types
        return spec.acting_rank(rank) if spec is not None else 0

    @property
    def _initiative_default(self) -> float:
        return float(self.data.stat_default(INITIATIVE) or 99)


def attack_words(ctx: MonsterFocusContext, outcome: Outcome, at: int) -> str:
    """The attack's value and what it meets on each target, when the monster has an attack
    value: "Attack 3 (card +1, elite base 2) on Warden: shield 1 → 2 before modifiers"; a
    target's retaliate is named when it will strike back (the attacker ends next to it)."""
    unit = ctx.unit
    if "attack" not in unit.stats:
        return ""
    attack = int(unit.stat("attack"))
    parts = ""
    base = _base_attack(ctx.encounter, unit)
    if base is not None:
        rank = unit.standee.rank if unit.standee is not None else ""
        parts = f" (card {signed(attack - base)}, {rank} base {base})"
    said = []
    near: Counts | None = None  # hexes from `at`, exact up to 1: only retaliate asks
    for target_id in outcome.targets:
        target = ctx.encounter.unit(target_id)
        value = attack + (1 if target.has("poison") else 0)
        poisoned = " (poisoned: +1)" if target.has("poison") else ""
        shield = int(target.stat("shield"))
        met = f"shield {shield} → {max(0, value - shield)}" if shield else f"{value}"
        words = f"on {target.name}{poisoned}: {met} before modifiers"
        retaliate = int(target.stat("retaliate"))
        if retaliate:
            if near is None:
                # Next to it or not: a count of one ring, not of the whole board (on a big
                # board that was most of a decision's time, for every attack on a retaliator).
                near = ctx.grid.hexes_within(at, 1)
            if near[ctx.grid.index(target.at)] <= 1:
                words += f"; {target.name} retaliates {retaliate}"
        said.append(words)
    return f"Attack {attack}{parts} " + "; ".join(said)


def _base_attack(encounter: Encounter, unit: Unit) -> int | None:
    """The attack value of the standee's stat line at the scenario level (None: not a
    standee of a book's type)."""
    standee, book = unit.standee, encounter.book
    if standee is None or book is None:
        return None
    unit_type = book.unit_type(standee.type)
    line = unit_type.line(encounter.level, standee.rank) if unit_type is not None else None
    return int(line.stat("attack")) if line is not None else None


def _ranked(ctx: MonsterFocusContext) -> list[Action]:
    """The planned actions, the least movement first (then by hex, then by targets)."""
    plan = ctx.plan
    cost = plan.moves.cost
    return sorted(plan.actions, key=lambda a: (cost[a.at], ctx.cell(a.at)[::-1], sorted(a.targets)))


def _outcome(ctx: MonsterFocusContext, action: Action) -> Outcome:
    plan = ctx.plan
    dest = None if action.at == ctx.monster.at else ctx.cell(action.at)
    # Its focus first (the one behind this action), then the others in id order.
    first = [f for f in plan.foci if f in plan.actions[action] and f in action.targets][:1]
    targets = (*first, *sorted(t for t in action.targets if t not in first))
    kind = "attack" if targets else ("move" if dest is not None else "hold")
    steps = plan.moves.path_to(action.at) if dest else []
    return Outcome(
        kind,
        targets,
        dest,
        tuple(ctx.cell(i) for i in steps),
        area=tuple(ctx.cell(i) for i in action.area),
        costs=tuple(plan.moves.cost[i] for i in steps),
    )


def _attack_text(ctx: MonsterFocusContext, outcome: Outcome) -> str:
    """The attack step's words for one outcome: "Attacks Brute; area on [3, 5], [2, 5].",
    then which attacks have disadvantage and the attack's value on each target."""
    names = ", ".join(ctx.name(t) for t in outcome.targets)
    area = f"; area on {', '.join(str(list(c)) for c in outcome.area)}" if outcome.area else ""
    at = _from(ctx, outcome)
    hard = _disadvantage(ctx, at, outcome.targets)[0]
    value = attack_words(ctx, outcome, at)
    return f"Attacks {names}{area}.{hard}" + (f" {value}." if value else "")


def _from(ctx: MonsterFocusContext, outcome: Outcome) -> int:
    """The hex `outcome` acts from: where it ends its move, else where it stands."""
    dest = outcome.destination
    return ctx.monster.at if dest is None else ctx.grid.index(dest)


def _summary(ctx: MonsterFocusContext, outcome: Outcome) -> str:
    """How the turn reads with `outcome` taken: "Attack Brute from [3, 4]", "Hold"."""
    limits = ctx.limits
    if outcome.action == "attack":
        summary = "Attack " + ", ".join(ctx.name(t) for t in outcome.targets)
        if outcome.destination is not None:
            summary += f" from {list(outcome.destination)}"
        summary += _disadvantage(ctx, _from(ctx, outcome), outcome.targets)[1]
    elif outcome.destination is not None:
        summary = f"Move to {list(outcome.destination)}"
    else:
        summary = "Hold"
    disarmed = limits.get(NO_ATTACK)
    if disarmed:
        summary += f" ({_said(disarmed)}: no attack)"
    elif NO_MOVE in limits and outcome.action != "attack":
        summary += f" ({_said(limits[NO_MOVE])})"
    return summary


def _said(specs: tuple[StatusSpec, ...]) -> str:
    """The conditions as a sentence says them: "stunned", "immobilized and disarmed"."""
    return joined(list(dict.fromkeys(s.said for s in specs)))


# What each restriction does to the turn, in the trace.
_CONDITION_TEXT = {
    NO_MOVE: "it finds its focus as if it could move, but stays where it stands and attacks "
    "only what it can reach from there",
    NO_ATTACK: "it finds its focus and moves as if to attack, but makes no attack",
    DISADVANTAGE: "every attack it makes has disadvantage, so it does not avoid standing next "
    "to its targets",
}


def _conditions(ctx: MonsterFocusContext, chain: Chain) -> None:
    """One trace entry naming the conditions that change this turn and how."""
    lines = [
        f"{_said(specs).capitalize()}: {_CONDITION_TEXT[restriction]}."
        for restriction, specs in ctx.limits.items()
        if restriction in _CONDITION_TEXT
    ]
    if lines:
        chain.applied("conditions", " ".join(lines))


def _no_turn(ctx: MonsterFocusContext, chain: Chain, specs: tuple[StatusSpec, ...]) -> Result:
    """Stunned (or both immobilized and disarmed): no focus, no move, no attack."""
    said = _said(specs)
    why = (
        "it takes no action this turn"
        if ctx.limits.get(NO_ACTION)
        else "it can neither move nor attack, so it does nothing this turn"
    )
    others = {s.said for r, found in ctx.limits.items() if r != NO_ACTION for s in found}
    if ctx.limits.get(NO_ACTION) and others - {s.said for s in specs}:
        why += "; its other conditions do not matter"
    chain.applied("conditions", f"{said.capitalize()}: {why}.")
    for step, what in (("focus", "looks for no focus"), ("move", "does not move")):
        chain.skipped(step, f"{said.capitalize()}: it {what}.")
    chain.skipped("attack", f"{said.capitalize()}: it does not attack.")
    return Result([Outcome("hold")], f"{said.capitalize()}: no action")


def _without_attack(outcome: Outcome) -> Outcome:
    """The same end hex and path, without the attack (disarmed)."""
    action = "move" if outcome.destination is not None else "hold"
    return Outcome(action, (), outcome.destination, outcome.path, costs=outcome.costs)


def _shown(ctx: MonsterFocusContext, index: int) -> str:
    return str(list(ctx.cell(index)))


def _away(proximity: int) -> str:
    # A character walled in (no way round the walls) has no proximity to count.
    if proximity >= FAR:
        return "walled off (no proximity)"
    return f"{plural(proximity, 'hex')} away"


def build() -> MonsterFocus:
    return MonsterFocus(
        load_ruleset_data("monster-focus", package="desktop.rulesets.monster_focus")
    )


def _movement(unit: Unit, variant: Variant) -> Movement:
    tags = set(unit.tags)
    return Movement(
        jump="jump" in tags,
        flying="flying" in tags,
        teleport="teleport" in tags,
        jump_pays_difficult=variant.jump_pays_difficult,
    )


def _allies(encounter: Encounter, unit: Unit, grid: Grid) -> frozenset[int]:
    """Where its fellow monsters stand: it may pass them but not stop there."""
    return frozenset(grid.index(u.at) for u in encounter.enemies() if u.id != unit.id)


def _disadvantage(ctx: MonsterFocusContext, at: int, targets: tuple[str, ...]) -> tuple[str, str]:
    """Which of its attacks from hex `at` have disadvantage, for the attack step and the
    summary ("" when none): every one when it is muddled, else a ranged attack on a target
    next to it."""
    muddled = ctx.limits.get(DISADVANTAGE)
    if muddled:
        said = _said(muddled)
        return f" {said.capitalize()}: every attack has disadvantage.", f" ({said}: disadvantage)"
    grid = ctx.grid
    close = [
        t
        for t in targets
        if ctx.monster.range > 0 and grid.adjacent(at, grid.index(ctx.encounter.unit(t).at))
    ]
    if not close:
        return "", ""
    names = joined([ctx.name(t) for t in close])
    stand = "stands" if len(close) == 1 else "stand"
    return (
        f" {names} {stand} next to it: a ranged attack on a neighbour has disadvantage.",
        f" (disadvantage on {names}: next to it)",
    )
