"""skirmish-ai: seven enemy AI types with base conditions, D6 tables and group rolls.

Reading (rules/README.md, binding, plus the choices below, all shown in traces):
- One cell is one inch; movement is 8-way (1" straight, 1.5" diagonal, +0.5" per
  difficult cell, +1" per door, heights climbed, gaps leapt; see engine/climbing.py);
  figures are never passed through. Dash adds 2" and forbids a combat action; an enemy
  able to fire at a target never dashes.
- In cover / next forward position / use cover / manoeuvre within cover: engine/cover.py.
- After any move that is not a dash the enemy attacks if it can: a brawl when next to an
  opponent, else fire at a target in sight and range (the row's target first, then
  targets in the open before those in cover, then the closest; ties go to the players).
- Groups: enemies that roll on a table (cautious, aggressive, tactical, defensive) chained
  within 2" of each other share one roll. The group's roll is always the *first* die a
  member's decision asks for, so typing the same `--roll` for every member replays the
  group faithfully. If any member meets its base condition none of them rolls: each
  follows its own type's base-condition action as far as it can.
- Dice order within one decision: the table roll (the ward's rolls for a guardian), then
  the skulking roll (beasts), then the overwatch roll.
- Jumping down more than 1" ends the activation and from 3" hurts, so enemies never
  choose to jump; they climb down instead (the rules' "no stupid actions").
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine.board import Cell
from desktop.engine.cover import cover_map
from desktop.engine.decision import APPLIED, SKIPPED, Decision, Outcome
from desktop.engine.dice import Dice, Roll
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.ruleset import ActivationOrder, Helper, Ruleset
from desktop.engine.square_geometry import chebyshev, inches
from desktop.engine.units import Unit
from desktop.rulesets import skirmish_rows as rows
from desktop.rulesets.chain import ChainTrace
from desktop.rulesets.data_loader import load_ruleset_data
from desktop.rulesets.skirmish_rows import Attempt, Impossible
from desktop.rulesets.skirmish_situation import Situation, best_cells, inch_text

TABLE_TYPES = ("cautious", "aggressive", "tactical", "defensive")
GROUP_DISTANCE = 2.0
GUARD_DISTANCE = 3.0
BEAST_FRIEND_DISTANCE = 2.0
OVERWATCH_AT = {"cautious": 4, "defensive": 4}  # others: 5
SKULK_AT = 5

Behaviour = Callable[..., Attempt | Impossible]
# roll -> behaviour, and whether it aims at the nearest opponent
TABLES: dict[str, dict[int, tuple[Behaviour, bool]]] = {
    "cautious": {1: (rows.retreat_in_cover, False), 2: (rows.manoeuvre, False),
                 3: (rows.manoeuvre, False), 4: (rows.advance_within_12, True),
                 5: (rows.advance_within_12, True), 6: (rows.advance_cover_if_possible, True)},
    "aggressive": {1: (rows.manoeuvre, False), 2: (rows.manoeuvre, False),
                   3: (rows.next_forward, False), 4: (rows.advance_use_cover, True),
                   5: (rows.advance_fastest, True), 6: (rows.dash_fastest, True)},
    "tactical": {1: (rows.remain_and_fire, False), 2: (rows.manoeuvre, False),
                 3: (rows.forward_or_flank, True), 4: (rows.forward_or_flank, True),
                 5: (rows.advance_use_cover, True), 6: (rows.advance_use_cover, True)},
    "defensive": {1: (rows.remain_and_fire, False), 2: (rows.manoeuvre, False),
                  3: (rows.manoeuvre, False), 4: (rows.manoeuvre, False),
                  5: (rows.next_forward, False), 6: (rows.advance_use_cover, True)},
}
BASE_ACTIONS: dict[str, Behaviour] = {
    "cautious": rows.cautious_withdraw, "aggressive": rows.charge,
    "tactical": rows.remain_and_fire, "defensive": rows.remain_and_fire,
}
FALLBACK_STEP = "Fallback: stay in place and fire at a visible target"


class _Plan:
    """The outcomes chosen before end-of-activation rolls."""

    def __init__(self, outcomes: list[Outcome], notes: list[str] | None = None) -> None:
        self.outcomes = _dedupe(outcomes)
        self.notes = notes or []


def _dedupe(outcomes: list[Outcome]) -> list[Outcome]:
    seen: list[Outcome] = []
    for o in outcomes:
        if o not in seen:
            seen.append(o)
    return seen


def roll_group(enc: Encounter, unit: Unit) -> list[Unit]:
    """The enemies sharing `unit`'s table roll (itself first when alone), in roster order."""
    if unit.ai not in TABLE_TYPES:
        return [unit]
    pool = [u for u in enc.enemies() if u.hp > 0 and u.ai in TABLE_TYPES
            and not u.has("shocked")]
    if unit not in pool:
        return [unit]
    group = {unit.id}
    frontier = [unit]
    while frontier:
        here = frontier.pop()
        for other in pool:
            if other.id not in group and inches(here.at, other.at) <= GROUP_DISTANCE:
                group.add(other.id)
                frontier.append(other)
    return [u for u in pool if u.id in group]


class SkirmishAi(Ruleset):
    def __init__(self, data) -> None:
        super().__init__(data)
        self.default_move = float(data.stat_default("move") or 6)

    # -- entry points ------------------------------------------------------------------------
    def decide(self, encounter: Encounter, unit_id: str, dice: Dice) -> Decision:
        return self._decide(encounter, unit_id, dice, None)

    def decide_group(self, encounter: Encounter, unit_id: str, dice: Dice) -> list[Decision]:
        """Every member of `unit_id`'s roll group, in roster order, sharing one table roll."""
        group = roll_group(encounter, encounter.unit(unit_id))
        shared: int | None = None
        out: list[Decision] = []
        for member in group:
            decision = self._decide(encounter, member.id, dice, shared)
            table = [r for r in decision.rolls if r.purpose.startswith("table roll")]
            if shared is None and table:
                shared = table[0].value
            out.append(decision)
        return out

    def _decide(self, enc: Encounter, unit_id: str, dice: Dice, shared: int | None) -> Decision:
        unit = enc.unit(unit_id)
        if not unit.is_enemy:
            raise RulesError(f"'{unit_id}' is a player unit; only enemies are decided")
        start = len(dice.rolls)
        trace = ChainTrace()
        notes: list[str] = []
        if unit.hp <= 0:
            trace.add("Out of action", APPLIED, f"HP {unit.hp}: it takes no activation")
            return self._decision(unit, [Outcome("hold")], trace, dice, start, (), notes, enc)
        s = Situation.of(enc, unit, self.default_move)
        self._status_steps(unit, trace)
        if unit.has("shocked"):
            plan = self._shocked(s, trace)
        else:
            plan = self._plan(s, dice, trace, notes, shared, depth=0)
            if unit.has("stunned"):
                plan = self._stunned(s, plan, trace)
        gained = self._end_of_activation(s, plan, dice, trace)
        notes += plan.notes
        notes.append("Dice order: the table roll (a group's shared roll, or a guardian's ward's "
                     "rolls), then skulking, then overwatch.")
        return self._decision(unit, plan.outcomes, trace, dice, start, gained, notes, enc)

    # -- statuses ---------------------------------------------------------------------------
    def _status_steps(self, unit: Unit, trace: ChainTrace) -> None:
        if unit.has("overwatch"):
            trace.add("Overwatch", "removed", "it activates, so its overwatch marker ends")
        if unit.has("shocked"):
            extra = " (its stun marker is ignored)" if unit.has("stunned") else ""
            trace.add("Shocked", APPLIED, "it must act as shock dictates and takes no combat "
                      f"action{extra}; the marker is removed after this activation")
        elif unit.has("stunned"):
            trace.add("Stunned", APPLIED, "it may move or attack this activation, not both; "
                      "the marker is removed after this activation")

    def _shocked(self, s: Situation, trace: ChainTrace) -> _Plan:
        step = "Shock: forced behaviour"
        seen_by = s.visible(s.at)
        if not seen_by:
            trace.add(step, APPLIED, "no opponent can see it: it stays where it is")
            return _Plan([Outcome("hold")])
        watchers = ", ".join(o.name for o in seen_by)
        if not s.in_cover(s.at):
            cmap = cover_map(s.board)
            fld = s.field(whole=True)
            taken = s.occupied
            costs = {c: v for c, v in fld.reachable().items()
                     if c in cmap.covering and c not in taken}
            if not costs:
                trace.add(step, APPLIED, f"in the open and seen by {watchers}, but no cover can "
                          "be reached: it stays where it is")
                return _Plan([Outcome("hold")])
            goals = best_cells(costs, lambda c: costs[c])
            total = costs[goals[0]]
            if total <= s.dash:
                mode = "move" if total <= s.move else "dash"
                outs, _ = s.outcomes(goals, "dash")
                outs = [Outcome(mode, (), o.destination, o.path) for o in outs]
                trace.add(step, APPLIED, f"in the open and seen by {watchers}: it heads for the "
                          f"closest cover, {rows._cells_text(goals)}, {inch_text(total)} away "
                          f"({'a normal move' if mode == 'move' else 'a dash'}); no combat action")
                return _Plan(outs)
            on_route = fld.cells_on_shortest_paths(goals)
            reach = s.reach(s.dash)
            cells = best_cells([c for c in on_route if c in reach], lambda c: -reach[c])
            outs, _ = s.outcomes(cells, "dash")
            trace.add(step, APPLIED, f"in the open and seen by {watchers}: the closest cover is "
                      f"{inch_text(total)} away; it dashes {inch_text(reach[cells[0]])} toward it, "
                      "no combat action")
            return _Plan(outs)
        reach = s.reach(s.dash)
        cands = [c for c in reach if c != s.at and any(not s.sees(o.at, c) for o in seen_by)]
        if not cands:
            trace.add(step, APPLIED, f"in cover and seen by {watchers}; no cell within a dash "
                      "hides it from any of them: it stays where it is")
            return _Plan([Outcome("hold")])
        cells = best_cells(cands, lambda c: (0 if s.in_cover(c) else 1, reach[c]))
        cost = reach[cells[0]]
        mode = "move" if cost <= s.move else "dash"
        outs, _ = s.outcomes(cells, "dash")
        outs = [Outcome(mode, (), o.destination, o.path) for o in outs]
        hidden = [o.name for o in seen_by if not s.sees(o.at, cells[0])]
        trace.add(step, APPLIED, f"in cover and seen by {watchers}: it moves "
                  f"{inch_text(cost)} to {rows._cells_text(cells)}, out of sight of "
                  f"{', '.join(hidden)}; no combat action")
        return _Plan(outs)

    def _stunned(self, s: Situation, plan: _Plan, trace: ChainTrace) -> _Plan:
        main = plan.outcomes[0]
        step = "Stunned: move or attack, not both"
        if main.action == "dash":
            reach = s.reach(s.move)
            kept = [c for c in main.path if c in reach]
            dest = kept[-1] if kept else None
            path = main.path[:main.path.index(dest) + 1] if dest else ()
            trace.add(step, APPLIED, f"no dash while stunned: it moves only {inch_text(s.move)} "
                      f"of the way, to {list(dest) if dest else 'nowhere'}")
            return _Plan([Outcome("move" if dest else "hold", (), dest, path)], plan.notes)
        if main.destination is None or main.action not in ("fire", "brawl"):
            trace.add(step, APPLIED, "its plan already uses only one of the two")
            return plan
        still_action, choices, text = s.combat(s.at)
        moving = Outcome("move", (), main.destination, main.path)
        if choices:
            attacks = [Outcome(still_action, tuple(ids)) for ids in choices]
            trace.add(step, APPLIED, f"it can attack from where it stands, so it stays: {text}; "
                      "moving without attacking is the players' other option")
            return _Plan([*attacks, moving], plan.notes)
        trace.add(step, APPLIED, f"from where it stands it {text}: it moves as planned and "
                  "makes no attack")
        return _Plan([moving], plan.notes)

    # -- the AI types -----------------------------------------------------------------------
    def _plan(self, s: Situation, dice: Dice, trace: ChainTrace, notes: list[str],
              shared: int | None, depth: int) -> _Plan:
        ai = s.unit.ai or self.data.default_ai()
        if not s.opponents:
            trace.add("Opponents", SKIPPED, "no opponent is left on the table: it holds")
            return _Plan([Outcome("hold")])
        if ai in TABLE_TYPES:
            return self._table_type(s, ai, dice, trace, notes, shared)
        if ai == "rampaging":
            return self._rampage(s, trace)
        if ai == "beast":
            return self._beast(s, trace)
        if ai == "guardian":
            return self._guardian(s, dice, trace, notes, depth)
        raise RulesError(f"unknown AI type '{ai}' for {self.id}")

    def _base(self, enc: Encounter, member: Unit) -> tuple[bool, str]:
        m = Situation.of(enc, member, self.default_move)
        ai = member.ai
        if ai == "aggressive":
            options = rows.brawl_options(m)
            if options:
                o, cost, _ = min(options, key=lambda x: x[1])
                return True, (f"{member.name} can reach {o.name} to brawl with {inch_text(cost)} "
                              f"of its {inch_text(m.move)} move")
            return False, (f"{member.name} cannot reach any opponent to brawl within its "
                           f"{inch_text(m.move)} move")
        covered = m.in_cover(member.at)
        where = "in cover" if covered else "in the open"
        seen = m.visible(member.at)
        if ai == "defensive":
            open_ = [o for o in seen if not m.in_cover(o.at)]
            names = ", ".join(o.name for o in open_) or "none"
            return covered and bool(open_), (f"{member.name} is {where}; opponents in the open "
                                             f"in sight: {names}")
        near = [o for o in seen if inches(member.at, o.at) <= rows.WITHIN]
        shown = ", ".join(f"{o.name} {inch_text(inches(member.at, o.at))}" for o in seen) or "none"
        return covered and bool(near), (f"{member.name} is {where}; opponents in sight: {shown} "
                                        f"(needs one within 12\")")

    def _table_type(self, s: Situation, ai: str, dice: Dice, trace: ChainTrace,
                    notes: list[str], shared: int | None) -> _Plan:
        group = roll_group(s.enc, s.unit)
        names = ", ".join(u.name for u in group)
        if len(group) > 1:
            ids = ", ".join(u.id for u in group)
            notes.append(f"Group: {ids} — they share one table roll, the first die each of "
                         f"their decisions asks for.")
            trace.add("Group", "group", f"{names} stand within 2\" of one another (chained) and "
                      "share one roll")
        else:
            trace.add("Group", "alone", "no other table-rolling enemy within 2\"")
        spec = self.data.ai_types[ai]
        base_text = spec.steps[0] if spec.steps else "base condition"
        met: list[str] = []
        unmet: list[str] = []
        for member in group:
            ok, detail = self._base(s.enc, member)
            (met if ok else unmet).append(detail)
        step = f"Base condition ({spec.name}): {base_text}"
        if met:
            why = "; ".join(met)
            if s.unit.id != group[0].id or len(group) > 1:
                why += "; the whole group follows its base condition" if len(group) > 1 else ""
            trace.add(step, APPLIED, why)
            result = BASE_ACTIONS[ai](s, None)
            return self._finish(s, result, "Base-condition action", trace)
        trace.add(step, SKIPPED, "; ".join(unmet))
        purpose = f"table roll ({spec.name}" + (f", group of {names})" if len(group) > 1 else ")")
        if shared is not None:
            value = shared
            dice.rolls.append(Roll("d6", value, purpose, True))
        else:
            value = dice.roll(6, purpose)
        behaviour, aims = TABLES[ai][value]
        row_text = _row_text(spec.table, value)
        step = f"D6 table: rolled {value} — {row_text}"
        if aims:
            results = [(t, behaviour(s, t)) for t in s.nearest()]
            result = _merge(results, s)
        else:
            result = behaviour(s)
        return self._finish(s, result, step, trace)

    def _finish(self, s: Situation, result, step: str, trace: ChainTrace) -> _Plan:
        if isinstance(result, Attempt):
            trace.add(step, APPLIED, result.detail)
            return _Plan(result.outcomes)
        trace.add(step, "impossible", f"{result.reason}, so it cannot be carried out")
        fallback = rows.remain_and_fire(s)
        trace.add(FALLBACK_STEP, APPLIED, fallback.detail)
        return _Plan(fallback.outcomes)

    def _rampage(self, s: Situation, trace: ChainTrace) -> _Plan:
        heavy = [w for w in s.unit.weapons if w.kind == "heavy"]
        step_heavy = "Rampaging with a heavy weapon: stand and fire when a target is in sight"
        if heavy:
            reach = max(w.range for w in heavy)
            targets = [o for o in s.visible(s.at) if inches(s.at, o.at) <= reach]
            if targets:
                outs, text = s.outcomes([s.at], "move")
                trace.add(step_heavy, APPLIED, f"{targets[0].name} is in sight within its heavy "
                          f"weapon's {inch_text(reach)}; {text}")
                return _Plan(outs)
            trace.add(step_heavy, SKIPPED, f"no opponent in sight within {inch_text(reach)}")
        results = []
        for target in s.nearest():
            found = s.brawl_cost(target)
            if found is not None and found[0] <= s.move:
                outs, _ = s.outcomes(found[1], "move", target)
                results.append((target, Attempt(outs, f"it reaches {target.name} with "
                                f"{inch_text(found[0])} of its {inch_text(s.move)} move and "
                                "brawls")))
            else:
                results.append((target, rows.fastest(s, target, s.dash, "dash")))
        return self._finish(s, _merge(results, s),
                            "Rampaging: as fast as possible at the closest opponent, to brawl",
                            trace)

    def _beast(self, s: Situation, trace: ChainTrace) -> _Plan:
        step = "Beast: close in under cover; break cover only for a brawl within two moves"
        friends = [f.at for f in s.friends]
        options = rows.brawl_options(s)
        if options:
            def engaged(o: Unit) -> int:
                return 0 if any(chebyshev(f, o.at) == 1 for f in friends) else 1
            low = min((engaged(o), cost) for o, cost, _ in options)
            chosen = [(o, goals) for o, cost, goals in options if (engaged(o), cost) == low]
            outs: list[Outcome] = []
            for o, goals in chosen:
                more, _ = s.outcomes(goals, "move", o)
                outs += [x for x in more if x.targets == (o.id,)] or more
            shared = " (a friend is already fighting it)" if low[0] == 0 else ""
            names = " or ".join(o.name for o, _ in chosen)
            trace.add(step, APPLIED, f"{names} can be reached with {inch_text(low[1])} of its "
                      f"{inch_text(s.move)} move: it breaks cover to brawl{shared}")
            return _Plan(outs)
        results = []
        for target in s.nearest():
            found = s.brawl_cost(target)
            if found is not None and found[0] <= 2 * s.move:
                result = rows.fastest(s, target, s.dash, "dash")
                if isinstance(result, Attempt):
                    result.detail = (f"{target.name} can be brawled within two moves "
                                     f"({inch_text(found[0])} ≤ 2 × {inch_text(s.move)}): it "
                                     f"breaks "
                                     f"cover; " + result.detail)
                results.append((target, result))
                continue
            results.append((target, self._beast_stalk(s, target, found)))
        return self._finish(s, _merge(results, s), step, trace)

    def _beast_stalk(self, s: Situation, target: Unit, found) -> Attempt | Impossible:
        limit = s.move if (s.ranged and s.fire_targets(s.at)) else s.dash
        reach = s.reach(limit)
        watchers = [o.at for o in s.opponents]
        d0 = inches(s.at, target.at)
        friends = [f.at for f in s.friends]
        closer = [c for c in reach if inches(c, target.at) < d0 - 1e-9]

        def near_friend(c: Cell) -> int:
            return 0 if any(inches(c, f) <= BEAST_FRIEND_DISTANCE for f in friends) else 1

        cells = rows._first_group(
            closer, lambda c: (near_friend(c), rows._d(c, target.at), reach[c]),
            lambda c: s.in_cover(c) or not any(s.sees(w, c) for w in watchers))
        far = "out of reach" if found is None else f"{inch_text(found[0])} away"
        if not cells:
            return Impossible(f"a brawl with {target.name} is {far}, more than two moves, and no "
                              "closer cell keeps it in cover or out of sight")
        mode = "move" if reach[cells[0]] <= s.move else "dash"
        outs, _ = s.outcomes(cells, mode, target)
        friend = ("; within 2\" of a friend" if near_friend(cells[0]) == 0 else "")
        how = "in cover" if s.in_cover(cells[0]) else "out of sight"
        return Attempt(outs, f"a brawl with {target.name} is {far}, more than two moves: it "
                             f"creeps {inch_text(reach[cells[0]])} to {rows._cells_text(cells)}, "
                             f"{how}, {inch_text(inches(cells[0], target.at))} from it{friend}")

    def _guardian(self, s: Situation, dice: Dice, trace: ChainTrace, notes: list[str],
                  depth: int) -> _Plan:
        step = "Guardian: stay within 3\" of its ward, same pace, same targets and method"
        ward_id = s.unit.guards
        ward = s.enc.unit(ward_id) if ward_id and s.enc.has_unit(ward_id) else None
        if ward is None or ward.hp <= 0 or depth > 0:
            why = ("it guards nobody" if ward is None else
                   f"its ward {ward.name} is out of action" if ward.hp <= 0 else
                   "its ward is itself a guardian")
            return self._finish(s, Impossible(why), step, trace)
        ward_trace = ChainTrace()
        if ward.is_enemy:
            ws = Situation.of(s.enc, ward, self.default_move)
            ward_plan = self._plan(ws, dice, ward_trace, [], None, depth + 1)
            w = ward_plan.outcomes[0]
        else:
            w = Outcome("hold")
        ward_end = w.destination or ward.at
        notes.append(f"Guardian of {ward.id}: activate {ward.id} next, giving it the same first "
                     "die, so it does what this decision expects.")
        pace = s.dash if w.action == "dash" else s.move
        reach = s.reach(pace)
        cells = [c for c in reach if c != ward_end and inches(c, ward_end) <= GUARD_DISTANCE]
        target = s.enc.unit(w.targets[0]) if w.targets else None
        if not cells:
            cells = rows.best_cells([c for c in reach if c != ward_end],
                                    lambda c: rows._d(c, ward_end))
            if not cells:
                return self._finish(s, Impossible("it cannot move at all"), step, trace)
            within = (f"it cannot get within 3\" of {ward.name}'s end cell; it gets as close "
                      "as it can")
        else:
            def same(c: Cell) -> int:
                if target is None:
                    return 0
                if w.action == "brawl":
                    return 0 if chebyshev(c, target.at) == 1 else 1
                if w.action == "fire":
                    return 0 if s.can_fire(c, target) else 1
                return 0
            cells = best_cells(cells, lambda c: (same(c), reach[c]))
            within = f"stays within 3\" of {ward.name}'s end cell {list(ward_end)}"
        mode = "dash" if w.action == "dash" else "move"
        outs, text = s.outcomes(cells, mode, target)
        ward_does = f"{ward.name} {'would ' if ward.is_enemy else ''}{w.action}"
        if w.targets:
            ward_does += f" at {', '.join(w.targets)}"
        detail = "; ".join(t.detail for t in ward_trace.steps() if t.outcome == APPLIED)
        trace.add(step, APPLIED, f"{ward_does} (its own reasoning: {detail or 'none'}); the "
                  f"guardian {within}, at the same pace; "
                  f"{text if mode != 'dash' else 'dashes too'}")
        return _Plan(outs)

    # -- end of activation --------------------------------------------------------------------
    def _end_of_activation(self, s: Situation, plan: _Plan, dice: Dice,
                           trace: ChainTrace) -> tuple[str, ...]:
        main = plan.outcomes[0]
        end = main.destination or s.at
        ai = s.unit.ai
        if ai == "beast":
            end = self._skulk(s, plan, end, dice, trace)
        gained: list[str] = []
        step = "End of activation: overwatch"
        if not s.ranged:
            trace.add(step, "not rolled", "no ranged weapon")
            return ()
        seen = s.visible(end)
        if seen:
            trace.add(step, "not rolled", f"it can see {', '.join(o.name for o in seen)} at the "
                      "end of its activation")
            return ()
        need = OVERWATCH_AT.get(ai, 5)
        value = dice.roll(6, "overwatch")
        if value >= need:
            gained.append("overwatch")
            trace.add(step, "gained", f"no target in sight; rolled {value}, needs {need}-6 "
                      f"({s.unit.ai}): it goes on overwatch (fires at the first target that "
                      "appears in its arc; hits only on a natural 6)")
        else:
            trace.add(step, "not gained", f"no target in sight; rolled {value}, needs {need}-6")
        return tuple(gained)

    def _skulk(self, s: Situation, plan: _Plan, end: Cell, dice: Dice,
               trace: ChainTrace) -> Cell:
        step = "End of activation: skulking"
        seen = s.visible(end)
        if seen:
            trace.add(step, "not rolled", f"it can see {', '.join(o.name for o in seen)}")
            return end
        value = dice.roll(6, "skulking")
        if value < SKULK_AT:
            trace.add(step, "stays", f"no target in sight; rolled {value}, needs 5-6")
            return end
        spots, why = skulk_spots(s, end)
        if not spots:
            trace.add(step, "stays", f"rolled {value}, but {why}")
            return end
        main = plan.outcomes[0]
        placed = [Outcome(main.action, main.targets, c, (*main.path, c)) for c in spots]
        plan.outcomes = _dedupe(placed + plan.outcomes[1:])
        trace.add(step, "moved", f"no target in sight; rolled {value} (5-6): {why}")
        return spots[0]

    # -- decisions, order, helpers ----------------------------------------------------------------
    def _decision(self, unit, outcomes, trace, dice, start, gained, notes, enc) -> Decision:
        main = outcomes[0]
        return Decision(
            unit=unit.id, ruleset=self.id, ai=unit.ai or self.data.default_ai(),
            outcome=main, summary=summarise(enc, unit, main), rolls=tuple(dice.rolls[start:]),
            statuses_gained=tuple(gained), alternatives=tuple(outcomes[1:]),
            trace=trace.steps(), notes=tuple(notes),
        )

    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = [u for u in encounter.enemies() if u.hp > 0]
        ids = [u.id for u in enemies]
        guardians = [u for u in enemies if u.ai == "guardian" and u.guards in ids]
        for g in guardians:  # a guardian moves with its ward: just before it
            ids.remove(g.id)
            ids.insert(ids.index(g.guards), g.id)
        ties = (tuple(ids),) if len(ids) > 1 else ()
        return ActivationOrder(tuple(ids), ties, (
            "The rules leave the order of enemies to the players (roster order shown); each "
            "guardian is listed just before the figure it guards.",))

    def helpers(self, encounter: Encounter) -> list[Helper]:
        out: list[Helper] = []
        seen: set[str] = set()
        for unit in encounter.enemies():
            if unit.id in seen or unit.hp <= 0:
                continue
            group = roll_group(encounter, unit)
            seen.update(u.id for u in group)
            if len(group) > 1:
                out.append(Helper("Roll group", ", ".join(u.name for u in group),
                                  "within 2\" of one another: one table roll for all"))
        return out

    def validate(self, encounter: Encounter) -> list[str]:
        problems = []
        for unit in encounter.enemies():
            if unit.ai == "guardian" and unit.guards is None:
                problems.append(f"unit '{unit.id}', field 'guards': a guardian needs the id of "
                                "the figure it guards")
        return problems


def skulk_spots(s: Situation, end: Cell) -> tuple[list[Cell], str]:
    """Where a skulking beast is placed: the centre of the nearest feature closer to a target,
    or touching it on the far side."""
    cmap = cover_map(s.board)
    here = s.nearest_distance(end)
    mine = cmap.features_at(end)
    taken = s.occupied - {s.at}
    options = []
    for index, cells in enumerate(cmap.features):
        if index in mine:
            continue
        if min(s.nearest_distance(c) for c in cells) >= here:
            continue
        options.append((round(min(inches(end, c) for c in cells), 6), index))
    if not options:
        return [], "no terrain feature is closer to a target than it is"
    low = min(d for d, _ in options)
    spots: list[Cell] = []
    texts = []
    for _, index in [o for o in options if o[0] == low]:
        cells = cmap.features[index]
        standable = [c for c in cells if s.board.passable(c) and c not in taken]
        cx = sum(c[0] for c in cells) / len(cells)
        cy = sum(c[1] for c in cells) / len(cells)
        if standable:
            spots += best_cells(standable, lambda c, cx=cx, cy=cy: round(
                (c[0] - cx) ** 2 + (c[1] - cy) ** 2, 6))
            texts.append(f"feature {index}: placed at its centre")
        else:
            ring = {(c[0] + dx, c[1] + dy) for c in cells for dx in (-1, 0, 1)
                    for dy in (-1, 0, 1)}
            ring = [c for c in ring if s.board.passable(c) and c not in cells and c not in taken]
            spots += best_cells(ring, lambda c: -round(s.nearest_distance(c), 6))
            texts.append(f"feature {index}: no room inside, placed touching it on the side away "
                         "from the opponents")
    tie = "; the players choose among these" if len(spots) > 1 else ""
    return spots, (f"nearest feature closer to a target is {inch_text(low)} away — "
                   f"{'; '.join(texts)}{tie}")


def _merge(results: list[tuple[Unit, Attempt | Impossible]], s: Situation
           ) -> Attempt | Impossible:
    """Combine a behaviour run against each of several equally near opponents."""
    done = [(t, r) for t, r in results if isinstance(r, Attempt)]
    if not done:
        return Impossible("; ".join(r.reason for _, r in results))
    if len(results) == 1:
        return done[0][1]
    outs: list[Outcome] = []
    for _, r in done:
        outs += r.outcomes
    names = " and ".join(t.name for t, _ in results)
    detail = " | ".join(f"toward {t.name}: {r.detail}" for t, r in done)
    return Attempt(outs, f"{names} are equally near; the players choose — {detail}")


def _row_text(table, value: int) -> str:
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
    return SkirmishAi(load_ruleset_data("skirmish-ai"))
