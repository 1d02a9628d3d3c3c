"""skirmish-ai: seven enemy AI types with base conditions, D6 tables and group rolls.

Reading (docs/rulesets/skirmish-ai.md; every choice is shown in traces):
- One cell is one inch; movement is 8-way (1" straight, 1.5" diagonal, +0.5" per
  difficult cell, +1" per door, +2" per window or hole, heights climbed, gaps leapt; see
  engine/climbing.py); figures are never passed through. Swift figures may glide down
  from a height instead of a normal move (never instead of a dash); leaps and glides are
  named in the chain. Dash adds 2" and forbids a combat action; an enemy
  able to fire at a target never dashes.
- In cover / next forward position / use cover / manoeuvre within cover: engine/cover.py.
- After any move that is not a dash the enemy attacks if it can: a brawl when next to an
  opponent, else fire at a target in sight and range (the row's target first, then
  targets in the open before those in cover, then the closest; ties go to the players).
- Groups: enemies that roll on a table (cautious, aggressive, tactical, defensive) chained
  within 2" of each other share one roll. The group's roll is always the *first* die a
  member's decision asks for, so typing the same `--roll` for every member replays the
  group faithfully. If any member meets its base condition none of them rolls: each
  follows its own type's base-condition action as far as it can. A decision that rolls
  the group's die names the other members (`shares_roll_with`); in a session they use that
  roll for the rest of the round. The group is fixed when its roll is made ("enemies
  within 2\" of each other form a group that shares one roll"): a member that moves apart
  afterwards still uses the group's roll, and one that already rolled keeps its own. Nor
  are base conditions checked again for it: the group checked them when it rolled.
- Dice order within one decision: the table roll (the ward's rolls for a guardian), then
  the skulking roll (beasts), then the overwatch roll.
- Jumping down more than 1" ends the activation and from 3" hurts, so enemies never
  choose to jump; they climb down instead (the rules' "no stupid actions").
- A rampaging enemy that stands to fire its heavy weapon picks its target among those
  within the heavy weapon's range (a longer second weapon does not choose the target).
- Module map (beside this one): context (what one enemy sees and reaches), rows (every
  table row and base-condition action), plan (fallback, merging ties), statuses (stun,
  shock, overwatch), beast (beast, guardian), mishaps (random moves, teleports).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from desktop.engine.board import Cell
from desktop.engine.chain import Chain
from desktop.engine.context import Context
from desktop.engine.cover import cover_map
from desktop.engine.decision import APPLIED, SKIPPED, Decision, Outcome, Result, summarised
from desktop.engine.dice import Dice, Roll
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.reach import fire_and_close_combat
from desktop.engine.ruleset import ActivationOrder, Helper, Ruleset, RulesetData
from desktop.engine.square_geometry import inches
from desktop.engine.units import Unit
from desktop.rulesets.data_loader import load_ruleset_data
from desktop.rulesets.skirmish_ai import rows
from desktop.rulesets.skirmish_ai.beast import beast, guardian
from desktop.rulesets.skirmish_ai.context import SkirmishContext, inch_text
from desktop.rulesets.skirmish_ai.plan import Plan, finish, merge
from desktop.rulesets.skirmish_ai.rows import Attempt, Impossible
from desktop.rulesets.skirmish_ai.statuses import end_of_activation, shocked, status_steps, stunned

TABLE_TYPES = ("cautious", "aggressive", "tactical", "defensive")
TABLE_ROLL = "table roll"  # every table roll's purpose starts so
GROUP_DISTANCE = 2.0

Behaviour = Callable[..., Attempt | Impossible]
# roll -> behaviour, and whether it aims at the nearest opponent
TABLES: dict[str, dict[int, tuple[Behaviour, bool]]] = {
    "cautious": {
        1: (rows.retreat_in_cover, False),
        2: (rows.manoeuvre, False),
        3: (rows.manoeuvre, False),
        4: (rows.advance_within_12, True),
        5: (rows.advance_within_12, True),
        6: (rows.advance_cover_if_possible, True),
    },
    "aggressive": {
        1: (rows.manoeuvre, False),
        2: (rows.manoeuvre, False),
        3: (rows.next_forward, False),
        4: (rows.advance_use_cover, True),
        5: (rows.advance_fastest, True),
        6: (rows.dash_fastest, True),
    },
    "tactical": {
        1: (rows.remain_and_fire, False),
        2: (rows.manoeuvre, False),
        3: (rows.forward_or_flank, True),
        4: (rows.forward_or_flank, True),
        5: (rows.advance_use_cover, True),
        6: (rows.advance_use_cover, True),
    },
    "defensive": {
        1: (rows.remain_and_fire, False),
        2: (rows.manoeuvre, False),
        3: (rows.manoeuvre, False),
        4: (rows.manoeuvre, False),
        5: (rows.next_forward, False),
        6: (rows.advance_use_cover, True),
    },
}
BASE_ACTIONS: dict[str, Behaviour] = {
    "cautious": rows.cautious_withdraw,
    "aggressive": rows.charge,
    "tactical": rows.remain_and_fire,
    "defensive": rows.remain_and_fire,
}


def roll_group(enc: Encounter, unit: Unit) -> list[Unit]:
    """The enemies sharing `unit`'s table roll (itself first when alone), in roster order."""
    if unit.ai not in TABLE_TYPES:
        return [unit]
    pool, near = _pool(enc)
    at = next((i for i, u in enumerate(pool) if u.id == unit.id), None)
    return [unit] if at is None else _grown(pool, near, at)


def roll_groups(enc: Encounter) -> dict[str, list[Unit]]:
    """Every enemy that rolls on its table, by id: its roll group, for all at once (the
    helpers show every group of several after each change)."""
    pool, near = _pool(enc)
    groups: dict[str, list[Unit]] = {}
    for i, unit in enumerate(pool):
        if unit.id not in groups:
            group = _grown(pool, near, i)
            groups.update((member.id, group) for member in group)
    return groups


_Near = Callable[[int], list[int]]


def _pool(enc: Encounter) -> tuple[list[Unit], _Near]:
    """The enemies that roll on their table, and a lookup of the others within
    GROUP_DISTANCE of one (by index): found in squares of the board GROUP_DISTANCE wide,
    not measured to every enemy (500 enemies at the documented limits)."""
    pool = [u for u in enc.enemies() if u.hp > 0 and u.ai in TABLE_TYPES and not u.has("shocked")]
    side = max(1, math.ceil(GROUP_DISTANCE))
    buckets: dict[tuple[int, int], list[int]] = {}
    for i, u in enumerate(pool):
        buckets.setdefault((u.at[0] // side, u.at[1] // side), []).append(i)

    def near(i: int) -> list[int]:
        here = pool[i].at
        bx, by = here[0] // side, here[1] // side
        return [
            j
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            for j in buckets.get((bx + dx, by + dy), ())
            if inches(here, pool[j].at) <= GROUP_DISTANCE
        ]

    return pool, near


def _grown(pool: list[Unit], near: _Near, start: int) -> list[Unit]:
    """The group of pool[start]: those within GROUP_DISTANCE of one another, chained, in
    roster order."""
    members, frontier = {start}, [start]
    while frontier:
        for j in near(frontier.pop()):
            if j not in members:
                members.add(j)
                frontier.append(j)
    return [pool[j] for j in sorted(members)]


class SkirmishAi(Ruleset):
    def __init__(self, data: RulesetData) -> None:
        super().__init__(data)
        self.default_move = float(data.stat_default("move") or 6)

    # -- entry points ------------------------------------------------------------------------
    def decide_group(self, encounter: Encounter, unit_id: str, dice: Dice) -> list[Decision]:
        """Every member of `unit_id`'s roll group, in roster order, sharing one table roll."""
        group = roll_group(encounter, encounter.unit(unit_id))
        # The group and each member's base condition are the same for every member's
        # decision: worked out once and shared.
        facts: dict[str, Any] = {"groups": {u.id: group for u in group}}
        out: list[Decision] = []
        for member in group:
            decision = self.decide(encounter, member.id, dice, facts=facts)
            if decision.shares_roll_with:
                dice.group_roll = decision.rolls[0].value
            out.append(decision)
        return out

    def context(
        self,
        encounter: Encounter,
        unit: Unit,
        dice: Dice,
        facts: dict[str, Any] | None = None,
        **shared: Any,
    ) -> SkirmishContext:
        ctx = SkirmishContext.of(encounter, unit, dice, self.default_move)
        ctx.facts = facts if facts is not None else {}
        return ctx

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The cells a normal move takes it to (its own included): heights climbed, gaps
        leapt and a swift figure's glides as it moves; figures are never passed."""
        s = self.context(encounter, encounter.unit(unit_id), Dice())
        return set(s.reach(s.move)) if s.move > 0 else set()

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """Where it fires (its longest ranged weapon, in sight) and brawls (the 8 cells
        around it)."""
        s = self.context(encounter, encounter.unit(unit_id), Dice())
        return fire_and_close_combat(s.board, s.at, s.reach_in)

    def evaluate(self, s: Context, chain: Chain) -> Result:
        assert isinstance(s, SkirmishContext)  # built by self.context
        unit, dice = s.unit, s.dice
        start = len(dice.rolls)
        notes: list[str] = []
        status_steps(unit, chain)
        if unit.has("shocked"):
            plan = shocked(s, chain)
            base_with: tuple[str, ...] = ()
        else:
            plan = self._plan(s, dice, chain, notes, depth=0, facts=s.facts)
            base_with = plan.shares_base_with
            if unit.has("stunned"):
                plan = stunned(s, plan, chain)
        for step, detail in s.special_moves(plan.outcomes[0]):
            chain.applied(step, detail)
        gained = end_of_activation(s, plan, dice, chain)
        notes += plan.notes
        notes.append(
            "Dice order: the table roll (a group's shared roll, or a guardian's ward's "
            "rolls), then skulking, then overwatch."
        )
        outcomes = summarised(plan.outcomes, lambda o: summarise(s.encounter, unit, o))
        return Result(
            outcomes,
            outcomes[0].summary,
            statuses_gained=gained,
            notes=tuple(notes),
            shares_roll_with=self._shares_roll_with(s, dice.rolls[start:]),
            shares_base_with=base_with,
        )

    @staticmethod
    def _shares_roll_with(s: SkirmishContext, rolls: list[Roll]) -> tuple[str, ...]:
        """The other members of the group whose table roll this decision rolled (the first
        die; a roll the group made earlier is not rolled again, so it is not shared again)."""
        first = rolls[0] if rolls else None
        if first is None or first.shared or not first.purpose.startswith(TABLE_ROLL):
            return ()
        group = s.facts.get("groups", {}).get(s.unit.id) or roll_group(s.encounter, s.unit)
        return tuple(u.id for u in group if u.id != s.unit.id)

    # -- the AI types -----------------------------------------------------------------------
    def _plan(
        self,
        s: SkirmishContext,
        dice: Dice,
        chain: Chain,
        notes: list[str],
        depth: int,
        facts: dict[str, Any] | None = None,
    ) -> Plan:
        ai = s.unit.ai or self.data.default_ai()
        if not s.opponents:
            chain.add("opponents", SKIPPED, "no opponent is left on the table: it holds")
            return Plan([Outcome("hold")])
        if ai in TABLE_TYPES:
            return self._table_type(s, ai, dice, chain, notes, facts or {})
        if ai == "rampaging":
            return self._rampage(s, chain)
        if ai == "beast":
            return beast(s, chain)
        if ai == "guardian":
            return guardian(s, dice, chain, notes, depth, self._plan)
        raise RulesError(f"unknown AI type '{ai}' for {self.id}")

    def _base(self, enc: Encounter, member: Unit, dice: Dice) -> tuple[bool, str]:
        m = SkirmishContext.of(enc, member, dice, self.default_move)
        ai = member.ai
        if ai == "aggressive":
            options = rows.brawl_options(m)
            if options:
                o, cost, _ = min(options, key=lambda x: x[1])
                return True, (
                    f"{member.name} can reach {o.name} to brawl with {inch_text(cost)} "
                    f"of its {inch_text(m.move)} move"
                )
            return False, (
                f"{member.name} cannot reach any opponent to brawl within its "
                f"{inch_text(m.move)} move"
            )
        covered = m.in_cover(member.at)
        where = "in cover" if covered else "in the open"
        seen = m.visible(member.at)
        if ai == "defensive":
            open_ = [o for o in seen if not m.in_cover(o.at)]
            names = ", ".join(o.name for o in open_) or "none"
            return covered and bool(open_), (
                f"{member.name} is {where}; opponents in the open in sight: {names}"
            )
        near = [o for o in seen if inches(member.at, o.at) <= rows.WITHIN]
        shown = ", ".join(f"{o.name} {inch_text(inches(member.at, o.at))}" for o in seen) or "none"
        return covered and bool(near), (
            f'{member.name} is {where}; opponents in sight: {shown} (needs one within 12")'
        )

    def _table_type(
        self,
        s: SkirmishContext,
        ai: str,
        dice: Dice,
        chain: Chain,
        notes: list[str],
        facts: dict[str, Any],
    ) -> Plan:
        spec = self.data.ai_types[ai]
        if dice.group_base is not None:
            # Its group followed base conditions when a member acted earlier this round:
            # none of them rolls, each does its own base-condition action as far as it can.
            by = dice.group_base
            who = s.encounter.unit(by).name if s.encounter.has_unit(by) else by
            chain.add(
                "group_roll",
                "base condition",
                f"when {who} acted earlier this round its group followed base conditions, "
                "so no member rolls: it does its own base-condition action, even if it has "
                "moved apart since",
            )
            return finish(s, BASE_ACTIONS[ai](s, None), "base_action", chain)
        if dice.group_roll is not None:
            # The group was fixed when its roll was made (none of its members met a base
            # condition then): a member that has moved apart since, or whose neighbours
            # would now meet one, still follows that roll (this module's docstring).
            chain.add(
                "group_roll",
                "shared",
                f"its group rolled {dice.group_roll} on the "
                "table earlier this round, when no member met its base condition; it "
                "follows that roll, even if it has moved apart since",
            )
            purpose = f"{TABLE_ROLL} ({spec.name}, the group's roll)"
        else:
            based = self._group_base(s, ai, chain, notes, facts)
            if isinstance(based, Plan):
                return based
            purpose = based
        value = dice.roll_for_group(6, purpose)
        behaviour, aims = TABLES[ai][value]
        row_text = _row_text(spec.table, value)
        dice.explain(f"{spec.name} table, row {value}: {row_text}")
        step = chain.step("table", value=value, row=row_text)
        if aims:
            results = [(t, behaviour(s, t)) for t in s.nearest()]
            result = merge(results, s)
        else:
            result = behaviour(s)
        return finish(s, result, step, chain)

    def _group_base(
        self, s: SkirmishContext, ai: str, chain: Chain, notes: list[str], facts: dict[str, Any]
    ) -> Plan | str:
        """The group and its base conditions: the base-condition plan when a member meets
        its own, else the purpose of the table roll the group shares."""
        spec = self.data.ai_types[ai]
        groups = facts.setdefault("groups", {})
        group = groups.get(s.unit.id)
        if group is None:
            group = roll_group(s.encounter, s.unit)
            groups.update((u.id, group) for u in group)
        bases = facts.setdefault("bases", {})
        names = ", ".join(u.name for u in group)
        if len(group) > 1:
            ids = ", ".join(u.id for u in group)
            notes.append(
                f"Group: {ids} — they share one table roll, the first die each of "
                f"their decisions asks for."
            )
            chain.add(
                "group",
                "group",
                f'{names} stand within 2" of one another (chained) and share one roll',
            )
        else:
            chain.add("group", "alone", 'no other table-rolling enemy within 2"')
        base_text = spec.steps[0] if spec.steps else "base condition"
        met: list[str] = []
        unmet: list[str] = []
        for member in group:
            if member.id not in bases:
                bases[member.id] = self._base(s.encounter, member, s.dice)
            ok, detail = bases[member.id]
            (met if ok else unmet).append(detail)
        step = chain.step("base", ai=spec.name, condition=base_text)
        if met:
            why = "; ".join(met)
            if s.unit.id != group[0].id or len(group) > 1:
                why += "; the whole group follows its base condition" if len(group) > 1 else ""
            chain.add(step, APPLIED, why)
            result = BASE_ACTIONS[ai](s, None)
            plan = finish(s, result, "base_action", chain)
            plan.shares_base_with = tuple(u.id for u in group if u.id != s.unit.id)
            return plan
        chain.add(step, SKIPPED, "; ".join(unmet))
        return f"{TABLE_ROLL} ({spec.name}" + (f", group of {names})" if len(group) > 1 else ")")

    def _rampage(self, s: SkirmishContext, chain: Chain) -> Plan:
        heavy = [w for w in s.unit.weapons if w.kind == "heavy"]
        step_heavy = "rampage_heavy"
        if heavy:
            reach = max(w.range for w in heavy)
            targets = [o for o in s.visible(s.at) if inches(s.at, o.at) <= reach]
            if targets:
                # It fires the heavy weapon, so only targets within the heavy weapon's range
                # are chosen from (a longer-ranged second weapon does not pick the target).
                gunner = replace(s, unit=s.unit.evolve(weapons=tuple(heavy)))
                outs, text = gunner.outcomes([s.at], "move")
                chain.add(
                    step_heavy,
                    APPLIED,
                    f"{targets[0].name} is in sight within its heavy "
                    f"weapon's {inch_text(reach)}; {text}",
                )
                return Plan(outs)
            chain.add(step_heavy, SKIPPED, f"no opponent in sight within {inch_text(reach)}")
        results: list[tuple[Unit, Attempt | Impossible]] = []
        for target in s.nearest():
            found = s.brawl_cost(target)
            if found is not None and found[0] <= s.move:
                outs, _ = s.outcomes(found[1], "move", target)
                results.append(
                    (
                        target,
                        Attempt(
                            outs,
                            f"it reaches {target.name} with "
                            f"{inch_text(found[0])} of its {inch_text(s.move)} move and "
                            "brawls",
                        ),
                    )
                )
            else:
                results.append((target, rows.fastest(s, target, s.dash, "dash")))
        return finish(s, merge(results, s), "rampage", chain)

    # -- order, helpers, checks ------------------------------------------------------------
    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = [u for u in encounter.enemies() if u.hp > 0]
        ids = [u.id for u in enemies]
        wards = {
            u.id: ward
            for u in enemies
            if u.ai == "guardian" and (ward := u.reference("guards")) in ids
        }
        for guard_id, ward in wards.items():  # a guardian moves with its ward: just before it
            ids.remove(guard_id)
            ids.insert(ids.index(ward), guard_id)
        ties = (tuple(ids),) if len(ids) > 1 else ()
        return ActivationOrder(
            tuple(ids),
            ties,
            (
                "The rules leave the order of enemies to the players (roster order shown); each "
                "guardian is listed just before the figure it guards.",
            ),
        )

    def prepare(self, encounter: Encounter) -> None:
        # The terrain features covering each cell: nearly every decision asks who is in cover
        # (a roll group's base), and at the documented limits they take ~20 ms to find.
        cover_map(encounter.board)

    def helpers(self, encounter: Encounter) -> list[Helper]:
        out: list[Helper] = []
        seen: set[str] = set()
        groups = roll_groups(encounter)
        for unit in encounter.enemies():
            if unit.id in seen or unit.hp <= 0:
                continue
            group = groups.get(unit.id) or [unit]
            seen.update(u.id for u in group)
            if len(group) > 1:
                out.append(
                    Helper(
                        "Roll group",
                        ", ".join(u.name for u in group),
                        'within 2" of one another: one table roll for all',
                    )
                )
        return out

    def validate(self, encounter: Encounter) -> list[str]:
        problems = []
        for unit in encounter.enemies():
            if unit.ai == "guardian" and unit.reference("guards") is None:
                problems.append(
                    f"unit '{unit.id}', field 'guards': a guardian needs the id of "
                    "the figure it guards"
                )
        return problems


def _row_text(table: tuple[tuple[str, str], ...], value: int) -> str:
    for roll, text in table:
        low, _, high = roll.partition("-")
        if int(low) <= value <= int(high or low):
            return text
    return "(no row)"


def summarise(enc: Encounter, unit: Unit, outcome: Outcome) -> str:
    names = [enc.unit(t).name for t in outcome.targets]
    moved = ""
    if outcome.destination is not None:
        verb = outcome.action if outcome.action in ("retreat", "dash") else "move"
        moved = f"{verb.capitalize()} to {list(outcome.destination)}"
    if outcome.action == "fire":
        attack = f"fire at {' / '.join(names)}"
    elif outcome.action == "brawl":
        attack = f"brawl {' / '.join(names)}"
    elif outcome.targets:
        attack = f"attack {' / '.join(names)}"
    else:
        attack = ""
    if moved and attack:
        return f"{moved} and {attack}"
    if attack:
        return attack[0].upper() + attack[1:]
    return moved or "Hold position"


def build() -> SkirmishAi:
    return SkirmishAi(load_ruleset_data("skirmish-ai", package="desktop.rulesets.skirmish_ai"))
