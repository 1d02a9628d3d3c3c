"""A rule pack as a Ruleset: its rules walked in order with the engine's primitives
(targeting.select, DistanceField, has_line_of_sight) and no code of its own per game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property, partial

from desktop.engine.board import LEGEND, Board, Cell, Terrain
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.capabilities import Capabilities, CardFlips
from desktop.engine.chain import Chain, joined, plural
from desktop.engine.context import Context
from desktop.engine.decision import Outcome, Result
from desktop.engine.destinations import MemoField
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.geometry import distance_function, neighbours
from desktop.engine.movement import DistanceField
from desktop.engine.movement_rules import MovementRules
from desktop.engine.reach import cells_within
from desktop.engine.ruleset import ActivationOrder, Helper, Ruleset
from desktop.engine.sight import has_line_of_sight
from desktop.engine.targeting import Selection, TieBreaker, select
from desktop.engine.units import Unit
from desktop.rulesets.packs import pack_engage as engage
from desktop.rulesets.packs.pack_explain import Facts, render
from desktop.rulesets.packs.pack_farthest import Walk, farthest_along
from desktop.rulesets.packs.pack_format import (
    REACH_FILTER,
    Pack,
    Rule,
    Selector,
    Squares,
    fraction,
)
from desktop.rulesets.packs.pack_helpers import pack_helpers
from desktop.rulesets.packs.pack_turn_words import (
    END_OF_TURN,
    START_OF_TURN,
    fire_abilities,
    turn_words,
)
from desktop.rulesets.packs.pack_walks import kept_walk

# A pack's sight board per set of sight-blocking terrain: that terrain read as walls.
SIGHT_BOARDS: BoardCache[dict[frozenset[str], Board]] = BoardCache("pack sight", empty_dict)
# A board's cells of each set of closed terrain: boards are immutable, so the cells holding
# those legend characters never change for that board object (keyed by the characters, as
# two packs may read one board).
CLOSED_CELLS: BoardCache[dict[frozenset[str], frozenset[Cell]]] = BoardCache(
    "pack closed cells", empty_dict
)

MOVES = ("move-toward", "move-away", "flee")  # the actions that move the figure
# What a rule's action needs the figure able to do (status restrictions that stop it).
STOPPED_BY = {
    "attack": ("no-action", "no-attack"),
    "move-toward": ("no-action", "no-move"),
    "move-away": ("no-action", "no-move"),
    "flee": ("no-action", "no-move"),
    "heal": ("no-action",),
    "roll": ("no-action",),
    "hold": (),
    engage.ACTION: ("no-action",),
}


@dataclass
class PackContext(Context):
    """One decision's facts, each worked out once: who is blocked, routes to each figure."""

    ruleset: PackRuleset | None = None
    _routes: dict[str, DistanceField | None] = field(default_factory=dict)
    walks: dict[int, Walk] = field(default_factory=dict)  # by squares

    @cached_property
    def blocked(self) -> frozenset[Cell]:
        """Cells a mover never enters: other figures, and terrain the pack says is closed."""
        assert self.ruleset is not None
        return frozenset(self.encounter.occupied(exclude=[self.unit.id])) | self.ruleset.closed(
            self.board
        )

    @cached_property
    def passing_blocked(self) -> frozenset[Cell]:
        """Cells a mover never passes through: with `passes = "allies"` only the opponents
        in play (it may pass others but never stop on them), else `blocked`."""
        assert self.ruleset is not None
        if self.ruleset.pack.table.passes != "allies":
            return self.blocked
        return frozenset(
            u.at for u in self.ruleset.opponents(self.encounter, self.unit)
        ) | self.ruleset.closed(self.board)

    def route(self, other: Unit) -> DistanceField | None:
        """Costs from every cell to a free square beside `other`; None when none is free."""
        if other.id not in self._routes:
            assert self.ruleset is not None
            rules = self.ruleset.movement
            goals = [
                c
                for c in neighbours(self.board, other.at, rules.neighbourhood)
                if self.board.passable(c) and c not in self.blocked
            ]
            self._routes[other.id] = (
                DistanceField(self.board, rules, goals, self.blocked, reverse=True)
                if goals
                else None
            )
        return self._routes[other.id]

    def route_length(self, other: Unit) -> int | None:
        found = self.route(other)
        return None if found is None else found.raw(self.unit.at)


@dataclass
class Picked:
    """What a target selector found: the chosen, why, the selection; when nobody, the
    situation (`nobody`, `filtered`) and its facts; else the pool the filters kept."""

    chosen: list[Unit]
    why: str
    selection: Selection[Unit]
    situation: str = ""
    facts: dict[str, object] = field(default_factory=dict)
    pool: list[Unit] = field(default_factory=list)
    last_filter: str = ""


class PackRuleset(Ruleset):
    """The ruleset a rule pack describes."""

    def __init__(self, pack: Pack) -> None:
        super().__init__(pack.data)
        self.pack = pack
        self.movement: MovementRules = MovementRules(
            pack.neighbourhood,
            extra_cost={_terrain(c): t.cost for c, t in pack.terrain.items() if t.cost},
        )
        self.range_metric = pack.metric
        self._distance = distance_function(pack.metric)
        self._closed = pack.data.closed_terrain
        self._sight = pack.data.sight_terrain
        self.turn = turn_words(pack.data)  # abilities, activation order
        self.capabilities = self._capabilities(pack)
        # The pack's fixed words, looked up in every decision: read once.
        self._prefer_words = {w: (label, each) for w, label, each in pack.table.prefer_words}
        self._follows_hp = frozenset(d.status for d in pack.table.derived)

    @staticmethod
    def _capabilities(pack: Pack) -> Capabilities:
        """Card flips when it says what cards mean; who attacked last when a rule asks."""
        flips = dict(pack.table.card_flips)

        def meaning(card: str) -> str:
            return flips.get(card.rstrip("♠♥♦♣").upper(), "")

        asks = any(
            "attacked-last" in r.target.prefer
            for rules in pack.rules.values()
            for r in rules
            if r.target is not None
        )
        return Capabilities(
            card_flips=CardFlips(meaning) if flips else None, remembers_attacker=asks
        )

    def in_play(self, unit: Unit) -> bool:
        """Targeted, fled from and in the way: HP at least the pack's `in_play_hp`."""
        return unit.hp >= self.pack.table.in_play_hp

    def opponents(self, encounter: Encounter, unit: Unit) -> list[Unit]:
        return [u for u in encounter.side(unit.side.opposing) if self.in_play(u)]

    # -- board facts -------------------------------------------------------------------------
    def closed(self, board: Board) -> frozenset[Cell]:
        """The cells of terrain the pack never lets a figure enter (asked twice a decision:
        found once per board, by the board's own per-terrain search)."""
        known = CLOSED_CELLS(board)
        found = known.get(self._closed)
        if found is None:
            found = known[self._closed] = frozenset().union(
                *(board.cells_of(_terrain(c)) for c in self._closed)
            )
        return found

    def sees(self, board: Board, a: Cell, b: Cell) -> bool:
        """Foebook's centre-to-centre line, with the pack's sight-blocking terrain as walls."""
        extra = self._sight - {"#"}
        if extra and any(ch in row for row in board.rows for ch in extra):
            boards = SIGHT_BOARDS(board)
            seen = boards.get(extra)
            if seen is None:
                rows = tuple(
                    "".join("#" if ch in extra else ch for ch in row) for row in board.rows
                )
                seen = boards[extra] = Board(board.shape, rows, board.heights, board.thin_walls)
            board = seen
        return has_line_of_sight(board, a, b)

    # -- deciding ----------------------------------------------------------------------------
    def context(
        self, encounter: Encounter, unit: Unit, dice: Dice, **shared: object
    ) -> PackContext:
        return PackContext(encounter, unit, dice, ruleset=self)

    def evaluate(self, ctx: Context, chain: Chain) -> Result:
        abilities = self.turn.abilities
        if abilities is None:
            return self._walk_rules(ctx, chain)
        triggered = fire_abilities(abilities, ctx.unit, START_OF_TURN, chain)
        result = self._walk_rules(ctx, chain)
        triggered += fire_abilities(abilities, ctx.unit, END_OF_TURN, chain)
        notes = (*result.notes, *(f"Triggered: {t}" for t in triggered))
        return replace(result, notes=notes)

    def _walk_rules(self, ctx: Context, chain: Chain) -> Result:
        assert isinstance(ctx, PackContext)
        ai = ctx.unit.ai if ctx.unit.ai in self.pack.rules else self.data.default_ai()
        for rule in self.pack.rules[ai]:
            if rule.table_only:  # a row of a roll table: tried only when rolled
                continue
            result = self._try(ctx, chain, ai, rule)
            if result is not None:
                return result
        chain.applied(f"{ai}.{self.pack.rules[ai][-1].key}", "no rule applied: it holds")
        return Result([Outcome("hold")], "Hold")

    def _try(self, ctx: PackContext, chain: Chain, ai: str, rule: Rule) -> Result | None:
        """The rule's outcome, or None (and why in the trace) when it does not apply."""
        key = f"{ai}.{rule.key}"
        word, unmet = self._unmet(ctx, ctx.unit, rule)
        if unmet:
            chain.skipped(key, self._say(ctx, rule, f"unmet.{word}", unmet))
            return None
        # A derived marker follows the HP: written by hand on a unit whose HP does not give
        # it (a "defeated" unit with HP left), it stops nothing.
        follows_hp = self._follows_hp
        held = [
            s
            for s in ctx.unit.statuses
            if s not in follows_hp or s in self.derived_statuses(ctx.unit)
        ]
        stopped = self.data.restrictions(held)
        blocking = [r for r in STOPPED_BY[rule.action] if r in stopped]
        if blocking:
            names = joined([s.name for s in stopped[blocking[0]]])
            chain.skipped(key, f"{ctx.unit.name} is {names.lower()}: it cannot")
            return None
        if rule.action == "roll":
            return self._roll(ctx, chain, ai, rule)
        return self._act(ctx, chain, key, rule)

    def _roll(self, ctx: PackContext, chain: Chain, ai: str, rule: Rule) -> Result | None:
        """A D6 on the rule's table; the row's rule is tried (when it does not apply, the
        walk goes on after the roll)."""
        rolled = ctx.dice.roll(6, f"{ctx.unit.name}: {rule.title}")
        row = next(r for low, high, r in rule.table if low <= rolled <= high)
        chosen = next(r for r in self.pack.rules[ai] if r.key == row)
        ctx.dice.explain(chosen.title)
        chain.applied(f"{ai}.{rule.key}", f"rolled {rolled}: {chosen.title}")
        return self._try(ctx, chain, ai, chosen)

    def _unmet(self, ctx: PackContext, unit: Unit, rule: Rule) -> tuple[str, str]:
        """The condition word that does not hold for `unit` and why ('' when all hold)."""
        for word, value in rule.when:
            if word == "hp_at_most" and not unit.hp <= value:
                return word, f"{unit.name} has {unit.hp} HP, more than {value}"
            if word == "hp_below":
                low, words = below_share(unit, value)
                if not low:
                    return word, words
            if word == "wounded" and (unit.hp < unit.max_hp) != bool(value):
                return word, f"{unit.name} has {unit.hp} of {unit.max_hp} HP"
            if word == "status" and not unit.has(value):
                return word, f"{unit.name} is not {value}"
            if word == "no_status" and unit.has(value):
                return word, f"{unit.name} is {value}"
            if word == "can_move" and bool(self._walk_of(ctx, unit).stoppable) != value:
                return word, self._cannot_move_words(ctx, unit, value)
            if word == "field":
                for name, wanted in dict(value).items():
                    spec = self.data.unit_fields.get(name)
                    have = spec.value_of(unit.fields) if spec else unit.fields.get(name)
                    if have != wanted:
                        return word, f"{unit.name}'s {name} is {have}, not {wanted}"
        return "", ""

    # -- the reasoning in the pack's words (`explain`) -----------------------------------------
    def _facts(self, ctx: PackContext, rule: Rule) -> Facts:
        """What every template of the rule may name: the figure, and each condition word's
        words for the figure as it stands."""
        unit = ctx.unit
        facts = Facts(
            name=unit.name,
            hp=unit.hp,
            max_hp=unit.max_hp,
            amount=rule.amount,
            squares=lambda: plural(self._squares(unit, rule.squares), "square"),
        )
        for word, value in rule.when:
            facts = facts.with_(**{word: partial(self._state_words, ctx, word, value)})
        return facts

    def _state_words(self, ctx: PackContext, word: str, value: object) -> str:
        unit = ctx.unit
        if word == "hp_below":
            return below_share(unit, value)[1]
        if word == "can_move":
            return self._cannot_move_words(ctx, unit, not self._walk_of(ctx, unit).stoppable)
        return self._unmet(ctx, unit, Rule("", "", "hold", "", ((word, value),)))[1]

    def _say(
        self, ctx: PackContext, rule: Rule, situation: str, default: str, **facts: object
    ) -> str:
        """The rule's template for the situation filled with the facts; `default` (the
        engine's own words) when the pack gives none."""
        templates = dict(rule.explain)
        template = templates.get(situation)
        if template is None and situation.startswith("unmet."):
            template = templates.get("unmet")
        if template is None:
            return default
        return render(template, self._facts(ctx, rule).with_(detail=default, **facts))

    # -- can_move -----------------------------------------------------------------------------
    def _walk_of(self, ctx: PackContext, unit: Unit, squares: int | None = None) -> Walk:
        """Where it can go with `squares` (by default its longest move, as the board's
        movement range): passing only where `passes` lets it, ending on a free cell."""
        if squares is None:
            squares = self._longest_move(unit)
        if unit is ctx.unit and squares in ctx.walks:  # asked by conditions and moves alike
            return ctx.walks[squares]
        board, rules, start = ctx.board, self.movement, unit.at
        passing, blocked = ctx.passing_blocked, ctx.blocked

        def search() -> Walk:
            field = DistanceField(board, rules, [start], passing, max_cost=max(squares, 0))
            # (the cells it reached, read without building their costs)
            stoppable = frozenset(
                c for c, _ in field.raw_within() if c not in blocked and c != start
            )
            return Walk(start, MemoField(field), stoppable, squares)

        # Kept with the board for the same question (pack_walks): the key is all it reads.
        key = ("walk", rules.cache_key(), rules.scale, start, passing, blocked, squares)
        walk = kept_walk(board, key, search)
        if unit is ctx.unit:
            ctx.walks[squares] = walk
        return walk

    def _longest_move(self, unit: Unit) -> int:
        moves = [r for r in self._rules_of(unit) if r.action in (*MOVES, engage.ACTION)]
        return max((self._squares(unit, r.squares) for r in moves), default=0)

    def _cannot_move_words(self, ctx: PackContext, unit: Unit, stuck: bool) -> str:
        """How it stands for moving: its move is 0, it is blocked in (`stuck`), or how far
        it can go."""
        squares = self._longest_move(unit)
        if squares <= 0:
            return "its move is 0"
        if stuck:
            return "every square around it is blocked"
        return f"it can move {plural(squares, 'square')}"

    def _act(self, ctx: PackContext, chain: Chain, key: str, rule: Rule) -> Result | None:
        unit = ctx.unit
        if rule.action == "hold":
            chain.applied(key, self._say(ctx, rule, "applied", f"{unit.name} holds"))
            return Result(
                [Outcome(rule.says)], self._say(ctx, rule, "summary", rule.says.capitalize())
            )
        if rule.action == "heal":
            return self._heal(ctx, chain, key, rule)
        if rule.action == "flee":
            return self._flee(ctx, chain, key, rule)
        if rule.action == engage.ACTION:
            return engage.Engage(self, ctx, rule).result(chain)
        assert rule.target is not None
        picked = self._targets(ctx, rule.target)
        chosen, why, selection = picked.chosen, picked.why, picked.selection
        if not chosen:
            chain.skipped(key, self._say(ctx, rule, picked.situation, why, **picked.facts))
            return None
        if rule.action == "move-toward" and rule.policy == "farthest-along":
            return self._farthest(ctx, chain, key, rule, selection)
        names = " or ".join(t.name for t in chosen)
        if rule.action == "attack":
            said = why if why.endswith(names) else f"{why} → {names}"
            said += ": the players choose" if len(chosen) > 1 else ""
            facts = self._attack_facts(ctx, rule, picked)
            chain.applied(key, self._say(ctx, rule, "applied", said, **facts))
            return Result(
                [
                    Outcome(rule.says, (t.id,), summary=self._outcome_words(ctx, rule, t.name))
                    for t in chosen
                ],
                self._say(
                    ctx, rule, "summary", f"{rule.says.capitalize()} {chosen[0].name}", **facts
                ),
            )
        if rule.action == "move-away":
            return self._away(ctx, chain, key, rule, chosen, why)
        outcomes = self._moves(ctx, rule, chosen)
        if not outcomes:
            chain.skipped(key, f"{why} → {names}; no step brings it nearer")
            return None
        squares = self._squares(unit, rule.squares)
        detail = f"{why} → {names}; moves up to {plural(squares, 'square')} along a shortest route"
        if len(outcomes) > 1:
            detail += f"; {len(outcomes)} moves are as good: the players choose"
        chain.applied(key, detail)
        first = outcomes[0]
        said = first.action.capitalize()
        if first.action == rule.stop_says:
            victim = _name(ctx, first.targets[0])
            summary = f"{said}: step to {list(first.path[-1])}, then attack {victim}"
        else:
            summary = (
                f"{said} {plural(len(first.path), 'square')} toward {_name(ctx, first.goal or '')}"
            )
        return Result(outcomes, summary)

    def _heal(self, ctx: PackContext, chain: Chain, key: str, rule: Rule) -> Result:
        """Heal `amount`; at full HP with `full_says`, that action instead."""
        unit = ctx.unit
        if rule.full_says and unit.hp >= unit.max_hp:
            said = rule.full_says
            chain.applied(key, self._say(ctx, rule, "full", f"{unit.name} has full HP: {said}"))
            return Result([Outcome(said)], self._say(ctx, rule, "full_summary", said.capitalize()))
        detail = f"{unit.name} has {unit.hp} of {unit.max_hp} HP: heals {rule.amount}"
        chain.applied(key, self._say(ctx, rule, "applied", detail))
        summary = f"{rule.says.capitalize()} {rule.amount} HP"
        return Result([Outcome(rule.says)], self._say(ctx, rule, "summary", summary))

    def _outcome_words(self, ctx: PackContext, rule: Rule, chosen: str, **facts: object) -> str:
        """One outcome's summary: the `outcome` template, else none of its own."""
        return self._say(ctx, rule, "outcome", "", chosen=chosen, **facts)

    def _attack_facts(self, ctx: PackContext, rule: Rule, picked: Picked) -> dict[str, object]:
        chosen, selection = picked.chosen, picked.selection
        last = ctx.encounter.memory.last_attacker.get(ctx.unit.id)
        out = ""
        if last is not None and all(u.id != last for u in picked.pool):
            out = ctx.encounter.unit(last).name if ctx.encounter.has_unit(last) else last
        return {
            "chosen": joined([u.name for u in chosen]),
            "tied": "yes" if len(chosen) > 1 else "",
            "single": "" if len(chosen) > 1 else "yes",
            "reasons": selection.explain() if selection.reasons else "",
            "kept": lambda: "; ".join(
                self._fact_of(ctx, picked.last_filter, u) for u in picked.pool
            ),
            "last_out": out,
        }

    def _fact_of(self, ctx: PackContext, word: str, other: Unit) -> str:
        """How a figure stands for a filter word ("Aria 2 squares away, range 1")."""
        if not word.startswith(REACH_FILTER + ":"):
            return other.name
        stat = word.partition(":")[2]
        reach = self._squares(ctx.unit, Squares(stat=stat))
        away = plural(self._distance(ctx.unit.at, other.at), "square")
        if self._in_reach(ctx, other, stat) or self._distance(ctx.unit.at, other.at) > reach:
            return f"{other.name} {away} away, {stat} {reach}"
        return f"{other.name} {away} away, but a wall blocks the line"

    # -- targets -----------------------------------------------------------------------------
    def _targets(self, ctx: PackContext, selector: Selector) -> Picked:
        """The chosen figures, why, the selection that chose them and the facts of it."""
        unit = ctx.unit
        side = unit.side.opposing if selector.among == "opponents" else unit.side
        pool = [u for u in ctx.encounter.side(side) if u.id != unit.id and self.in_play(u)]
        none: Selection[Unit] = Selection([], [])  # (a subscripted class is slow to call)
        if not pool:
            return Picked([], f"no {selector.among[:-1]} with HP left", none, "nobody")
        for word in selector.filters:
            keep = self._filter(ctx, word)
            kept = [u for u in pool if keep(u)]
            if not kept:
                who = ", ".join(u.name for u in pool)
                facts: dict[str, object] = {
                    "pool": "; ".join(self._fact_of(ctx, word, u) for u in pool)
                }
                why = f"nobody is {_filter_words(word)} ({who})"
                return Picked([], why, none, "filtered", facts)
            pool = kept
        breakers = [self._worded(ctx, w) for w in selector.prefer if self._tells(ctx, w, pool)]
        selection = select(pool, breakers)
        last = selector.filters[-1] if selector.filters else ""
        if selection.reasons:
            return Picked(selection.chosen, selection.explain(), selection, "", {}, pool, last)
        if len(pool) == 1:
            where = _filter_words(last) if last else "there"
            return Picked(pool, f"{where}: only {pool[0].name}", selection, "", {}, pool, last)
        why = f"nothing tells {joined([u.name for u in pool])} apart"
        return Picked(pool, why, selection, "", {}, pool, last)

    def _worded(self, ctx: PackContext, word: str) -> TieBreaker[Unit]:
        """The tie-breaker of a prefer word, in the pack's words when `[explain.prefer]`
        gives them."""
        breaker = self._breaker(ctx, word)
        found = self._prefer_words.get(word)
        if found is None:
            return breaker
        label, each = found
        stat = word.partition(":")[2]
        default = self.data.stat_default(stat) or 0 if stat else 0

        def facts(u: Unit) -> Facts:
            return Facts(
                name=u.name,
                hp=u.hp,
                max_hp=u.max_hp,
                distance=lambda: plural(self._distance(ctx.unit.at, u.at), "square"),
                value=lambda: _number(u.stat(stat, default)) if stat else "",
            )

        return TieBreaker(label, breaker.key, lambda u: render(each, facts(u)))

    def _tells(self, ctx: PackContext, word: str, pool: list[Unit]) -> bool:
        """`attacked-last` counts only when the one who attacked it last is in the pool."""
        if word != "attacked-last":
            return True
        last = ctx.encounter.memory.last_attacker.get(ctx.unit.id)
        return any(u.id == last for u in pool)

    def _filter(self, ctx: PackContext, word: str) -> Callable[[Unit], bool]:
        unit, board = ctx.unit, ctx.board
        if word == "beside":
            return lambda u: u.at in neighbours(board, unit.at, self.movement.neighbourhood)
        if word == "reachable":
            return lambda u: ctx.route_length(u) is not None
        if word == "seen":
            return lambda u: self.sees(board, unit.at, u.at)
        if word == "wounded":
            return lambda u: u.hp < u.max_hp
        if word.startswith(REACH_FILTER + ":"):
            return lambda u: self._in_reach(ctx, u, word.partition(":")[2])
        reach = self.reach(unit, word)  # within:N, within:<stat>
        return lambda u: self._distance(unit.at, u.at) <= reach

    def _in_reach(self, ctx: PackContext, other: Unit, stat: str) -> bool:
        """`in-reach:<stat>`: at most the stat away, and in sight when more than 1 away."""
        reach = self._squares(ctx.unit, Squares(stat=stat))
        away = self._distance(ctx.unit.at, other.at)
        return away <= reach and (away <= 1 or self.sees(ctx.board, ctx.unit.at, other.at))

    def _breaker(self, ctx: PackContext, word: str) -> TieBreaker[Unit]:
        unit, board = ctx.unit, ctx.board
        if word == "fewest-hp":
            return TieBreaker("fewest HP", lambda u: u.hp, lambda u: f"{u.name} {u.hp} HP")
        if word == "most-hp":
            return TieBreaker("most HP", lambda u: -u.hp, lambda u: f"{u.name} {u.hp} HP")
        if word == "seen":
            sees: Callable[[Unit], bool] = lambda u: self.sees(board, unit.at, u.at)  # noqa: E731
            return TieBreaker(
                "in sight first",
                lambda u: 0 if sees(u) else 1,
                lambda u: f"{u.name} {'seen' if sees(u) else 'unseen'}",
            )
        if word == "nearest":
            return TieBreaker(
                "nearest",
                lambda u: self._distance(unit.at, u.at),
                lambda u: f"{u.name} {plural(self._distance(unit.at, u.at), 'square')}",
            )
        if word == "attacked-last":
            last = ctx.encounter.memory.last_attacker.get(unit.id)
            return TieBreaker(
                "attacked it last",
                lambda u: 0 if u.id == last else 1,
                lambda u: f"{u.name} {'yes' if u.id == last else 'no'}",
            )
        if word == "nearest-route":

            def length(u: Unit) -> float:
                found = ctx.route_length(u)
                return float("inf") if found is None else found

            return TieBreaker(
                "fewest squares by route",
                length,
                lambda u: f"{u.name} {_route_words(ctx.route_length(u))}",
            )
        head, _, stat = word.partition(":")
        default = self.data.stat_default(stat) or 0
        sign = -1 if head == "most" else 1
        return TieBreaker(
            f"{head} {stat}",
            lambda u: sign * u.stat(stat, default),
            lambda u: f"{u.name} {stat} {_number(u.stat(stat, default))}",
        )

    def reach(self, unit: Unit, word: str) -> int:
        """How far `within:N` or `within:<stat>` reaches for `unit`."""
        value = word.partition(":")[2]
        return int(value) if value.isdigit() else self._squares(unit, Squares(stat=value))

    # -- moving ------------------------------------------------------------------------------
    def _squares(self, unit: Unit, squares: Squares) -> int:
        if squares.stat:
            return int(unit.stat(squares.stat, self.data.stat_default(squares.stat) or 0))
        if squares.field:
            spec = self.data.unit_fields.get(squares.field)
            value = spec.value_of(unit.fields) if spec else unit.fields.get(squares.field)
            return dict(squares.values).get(str(value), 0)
        return squares.number

    def _moves(self, ctx: PackContext, rule: Rule, goals: list[Unit]) -> list[Outcome]:
        """Every distinct move along a shortest route toward each goal (a move shared by two
        goals is listed once); with `stop_to_attack`, a mover beside an opponent after a
        square attacks instead of going on."""
        squares = self._squares(ctx.unit, rule.squares)
        found: dict[tuple[str, tuple[Cell, ...], tuple[str, ...]], list[str]] = {}
        for goal in goals:
            route = ctx.route(goal)
            if route is None or squares <= 0:
                continue
            for path in self._paths(ctx, route, squares, rule):
                beside = self._beside_attack(ctx, rule, path, squares)
                if beside is not None:
                    stop = path[: beside[0] + 1]
                    for target in beside[1]:
                        found.setdefault((rule.stop_says, stop, (target,)), [])
                    continue
                found.setdefault((rule.says, path, ()), []).append(goal.id)
        # A move names whom it heads for as its goal (the first, when it leads toward two);
        # a stop to attack names whom it attacks as its target.
        return [
            Outcome(action, attacked, path[-1], path, goal=None if attacked else heading[0])
            for (action, path, attacked), heading in found.items()
        ]

    def _paths(
        self, ctx: PackContext, route: DistanceField, squares: int, rule: Rule
    ) -> Iterable[tuple[Cell, ...]]:
        """Every sequence of up to `squares` steps that stays on a shortest route."""
        board, rules = ctx.board, self.movement
        start = ctx.unit.at
        total = route.raw(start)
        if total is None or total == 0:
            return []
        paths: list[tuple[Cell, ...]] = [()]
        for _ in range(squares):
            grown: list[tuple[Cell, ...]] = []
            for path in paths:
                here = path[-1] if path else start
                left = route.raw(here)
                if left == 0 or self._beside_attack(ctx, rule, path, squares):
                    grown.append(path)
                    continue
                for nxt in neighbours(board, here, rules.neighbourhood):
                    after = route.raw(nxt)
                    if (
                        after is not None
                        and left is not None
                        and nxt not in ctx.blocked
                        and after + rules.step_cost(board, here, nxt) == left
                    ):
                        grown.append((*path, nxt))
            paths = grown
        return [p for p in dict.fromkeys(paths) if p]

    def _beside_attack(
        self, ctx: PackContext, rule: Rule, path: tuple[Cell, ...], squares: int
    ) -> tuple[int, list[str]] | None:
        """Where on `path` the mover first stands beside an opponent with squares of its
        move still to go, and whom it attacks there; None without `stop_to_attack`."""
        if not rule.stop_says:
            return None
        side = ctx.unit.side.opposing
        foes = [u for u in ctx.encounter.side(side) if self.in_play(u)]
        for index, cell in enumerate(path[: squares - 1]):
            near = [
                u for u in foes if u.at in neighbours(ctx.board, cell, self.movement.neighbourhood)
            ]
            if near:
                breakers = [self._breaker(ctx, w) for w in rule.stop_prefer]
                return index, [u.id for u in select(near, breakers).chosen]
        return None

    def _walk(self, ctx: PackContext, rule: Rule) -> DistanceField:
        """Where the figure can go this activation: up to its squares, never entering
        closed terrain or another figure's cell (unless `passes` lets it pass)."""
        squares = self._squares(ctx.unit, rule.squares)
        return DistanceField(
            ctx.board, self.movement, [ctx.unit.at], ctx.passing_blocked, max_cost=max(squares, 0)
        )

    def _farthest(
        self, ctx: PackContext, chain: Chain, key: str, rule: Rule, selection: Selection[Unit]
    ) -> Result | None:
        """`policy = "farthest-along"` (pack_farthest)."""
        walk = self._walk_of(ctx, ctx.unit, self._squares(ctx.unit, rule.squares))
        if not walk.stoppable:
            stuck = self._cannot_move_words(ctx, ctx.unit, True)
            chain.skipped(key, self._say(ctx, rule, "stuck", stuck))
            return None
        found = farthest_along(
            ctx.board,
            self.movement,
            walk,
            rule.says,
            selection,
            ctx.passing_blocked,
            self._distance,
        )
        if found is None:
            default = "no reachable square brings it closer to its target"
            chain.skipped(key, self._say(ctx, rule, "none", default))
            return None
        outcomes, detail = found
        chain.applied(key, detail)
        return Result(outcomes, outcomes[0].summary)

    def _ends(
        self, ctx: PackContext, walk: DistanceField, score: Callable[[Cell], float]
    ) -> list[Cell]:
        """The reachable free cells (not where it stands) with the highest score."""
        cells = [c for c in walk.reachable() if c != ctx.unit.at and c not in ctx.blocked]
        if not cells:
            return []
        best = max(score(c) for c in cells)
        return sorted(c for c in cells if score(c) == best)

    def _away(
        self, ctx: PackContext, chain: Chain, key: str, rule: Rule, chosen: list[Unit], why: str
    ) -> Result | None:
        """Move away from the chosen figure: to the reachable cells farthest from it (farther
        than where it stands), each a choice."""
        walk = self._walk(ctx, rule)
        away = chosen[0]
        here = self._distance(ctx.unit.at, away.at)
        ends = [
            c
            for c in self._ends(ctx, walk, lambda c: self._distance(c, away.at))
            if self._distance(c, away.at) > here
        ]
        if not ends:
            chain.skipped(key, f"{why} → {away.name}; no cell it can reach is farther away")
            return None
        far = self._distance(ends[0], away.at)
        chain.applied(
            key,
            f"{why} → {away.name}: from {plural(here, 'square')} to {plural(far, 'square')} away"
            + (f"; {len(ends)} cells are as far: the players choose" if len(ends) > 1 else ""),
        )
        outcomes = [Outcome(rule.says, (away.id,), c, tuple(walk.path_to(c))) for c in ends]
        steps = len(outcomes[0].path)
        return Result(
            outcomes, f"{rule.says.capitalize()} {plural(steps, 'square')} from {away.name}"
        )

    def _flee(self, ctx: PackContext, chain: Chain, key: str, rule: Rule) -> Result | None:
        """Back away from the nearest opponents without nearing any other: to the reachable
        cells farthest from the nearest, each a choice."""
        unit = ctx.unit
        foes = self.opponents(ctx.encounter, unit)
        if not foes:
            default = "no opponent with HP left to back away from"
            chain.skipped(key, self._say(ctx, rule, "nobody", default))
            return None
        near = min(self._distance(unit.at, f.at) for f in foes)
        nearest = [f for f in foes if self._distance(unit.at, f.at) == near]
        others = [f for f in foes if f not in nearest]

        def keeps_away(c: Cell) -> bool:
            return all(self._distance(c, f.at) > near for f in nearest) and all(
                self._distance(c, f.at) >= self._distance(unit.at, f.at) for f in others
            )

        walk = self._walk(ctx, rule)
        ends = [
            c
            for c in self._ends(
                ctx,
                walk,
                lambda c: min(self._distance(c, f.at) for f in nearest) if keeps_away(c) else -1,
            )
            if keeps_away(c)
        ]
        names = joined([f.name for f in nearest])
        # `{nearest}`: every one named, "and" between each ("A and B and C"): as much a
        # list to back away from as a phrase.
        every = " and ".join(f.name for f in nearest)
        facts: dict[str, object] = {"nearest": every, "near": plural(near, "square")}
        if not ends:
            default = f"no cell it can reach gets farther from {names} without nearing another"
            chain.skipped(key, self._say(ctx, rule, "none", default, **facts))
            return None
        far = min(self._distance(ends[0], f.at) for f in nearest)
        facts.update(far=plural(far, "square"), choices=len(ends) if len(ends) > 1 else "")
        detail = (
            f"nearest: {names}, {plural(near, 'square')} away; it backs off to "
            f"{plural(far, 'square')} without nearing anyone else"
            + (f"; {len(ends)} cells are as good: the players choose" if len(ends) > 1 else "")
        )
        chain.applied(key, self._say(ctx, rule, "applied", detail, **facts))
        outcomes = []
        for cell in ends:
            path = tuple(walk.path_to(cell))
            steps = plural(len(path), "square")
            said = self._outcome_words(ctx, rule, "", steps=steps, **facts)
            outcomes.append(Outcome(rule.says, (), cell, path, summary=said))
        steps = plural(len(outcomes[0].path), "square")
        summary = f"{rule.says.capitalize()} {steps} from {names}"
        return Result(outcomes, self._say(ctx, rule, "summary", summary, steps=steps, **facts))

    # -- the board's overlays and the round ---------------------------------------------------
    def _rules_of(self, unit: Unit) -> tuple[Rule, ...]:
        ai = unit.ai if unit.ai in self.pack.rules else self.data.default_ai()
        return self.pack.rules[ai]

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The cells its longest move of its rules could end on, never entering another
        figure's cell or closed terrain (what its moves do), its own cell included."""
        unit = encounter.unit(unit_id)
        squares = self._longest_move(unit)
        if squares <= 0:
            return set()
        ctx = self.context(encounter, unit, Dice())
        return {unit.at} | set(self._walk_of(ctx, unit, squares).stoppable)

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The cells its attack rules reach from where it stands: beside it, or within N."""
        unit, board = encounter.unit(unit_id), encounter.board
        cells: set[Cell] = set()
        for rule in self._rules_of(unit):
            words = rule.target.filters if rule.target is not None else ()
            if rule.action not in ("attack", engage.ACTION) and not rule.stop_says:
                continue
            if "beside" in words or rule.stop_says:
                cells |= {
                    c
                    for c in neighbours(board, unit.at, self.movement.neighbourhood)
                    if board.passable(c)
                }
            for word in words:
                if word.startswith(REACH_FILTER + ":"):
                    stat = word.partition(":")[2]
                    reach = int(unit.stat(stat, self.data.stat_default(stat) or 0))
                    cells |= cells_within(board, [unit.at], reach, self.pack.metric)
                if word.startswith("within:"):
                    reach = self.reach(unit, word)
                    cells |= cells_within(board, [unit.at], reach, self.pack.metric)
        return cells

    def order(self, encounter: Encounter) -> ActivationOrder:
        if self.turn.activation is not None:
            return self.turn.activation.order(encounter, self.data)
        enemies = tuple(u.id for u in encounter.enemies() if not self.is_defeated(u))
        if self.pack.table.order == "players-choose":
            return ActivationOrder(
                enemies,
                (enemies,) if len(enemies) > 1 else (),
                ("The rules fix no order among enemies: the players choose (roster order shown).",),
            )
        return ActivationOrder(enemies, (), ("Enemies act in roster order.",))

    def helpers(self, encounter: Encounter) -> list[Helper]:
        return pack_helpers(self.pack.table.helpers, self.data, encounter.players())

    def derived_statuses(self, unit: Unit) -> set[str]:
        """The pack's `derived` markers whose side and HP the unit has."""
        side = "enemy" if unit.is_enemy else "player"
        return {
            d.status
            for d in self.pack.table.derived
            if d.side in (side, "any") and d.low <= unit.hp <= d.high
        }


def _terrain(char: str) -> Terrain:
    return LEGEND[char]


def _name(ctx: Context, unit_id: str) -> str:
    return ctx.encounter.unit(unit_id).name


FRACTION_NAMES = {(1, 2): "half", (1, 3): "a third", (1, 4): "a quarter", (3, 4): "three quarters"}


def below_share(unit: Unit, value: object) -> tuple[bool, str]:
    """`hp_below`: whether its HP is below that share of its max HP, and the words for it
    ("1/4" is worked in whole numbers: HP × 4 < max HP)."""
    share = fraction(value) if isinstance(value, str) else None
    if share is not None:
        top, bottom = share
        low = unit.hp * bottom < top * unit.max_hp
        name = FRACTION_NAMES.get(share, f"{top}/{bottom}")
        most = unit.max_hp if top == 1 else f"{top}×{unit.max_hp}"
        if low:
            return (
                True,
                f"HP {unit.hp} of {unit.max_hp} is below {name} ({unit.hp}×{bottom} < {most})",
            )
        return False, (
            f"HP {unit.hp} of {unit.max_hp} is not below {name} ({unit.hp}×{bottom} ≥ {most})"
        )
    number = float(value)  # type: ignore[arg-type]  # checked by pack_format
    low = unit.hp < number * unit.max_hp
    said = "below" if low else "not below"
    return low, f"{unit.name} has {unit.hp} of {unit.max_hp} HP, {said} {number:g} of it"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _route_words(length: int | None) -> str:
    return "no route" if length is None else plural(length, "square")


def _filter_words(word: str) -> str:
    return {
        "beside": "beside it",
        "reachable": "reachable by a route to a free square beside them",
        "seen": "in sight",
        "wounded": "wounded",
    }.get(word, f"within {word.partition(':')[2]}")
