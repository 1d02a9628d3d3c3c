"""monster-focus: the Gloomhaven family's monster turn (focus, move, attack) as a Ruleset.

The rules live in pure modules (monster_focus_grid, _sight, _moves, _areas, _turn); this
class reads the encounter into them and words the result. Readings: docs/rulesets and
the acceptance README (../shared/monster-focus/README.md).
"""

from __future__ import annotations

from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.decision import APPLIED, SKIPPED, Decision, Outcome
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import ActivationOrder, Ruleset, RulesetData
from desktop.rulesets.chain import ChainTrace, plural
from desktop.rulesets.data_loader import load_ruleset_data
from desktop.rulesets.monster_focus_grid import grid_of
from desktop.rulesets.monster_focus_moves import Movement
from desktop.rulesets.monster_focus_turn import (
    Action,
    Character,
    Monster,
    TurnPlan,
    Variant,
    plan_turn,
)

STEP_FOCUS = "1. Find the focus"
STEP_MOVE = "2. Move"
STEP_ATTACK = "3. Attack"
MUDDLED = ("muddle", "muddled")
_sight_memo: BoardCache[dict] = BoardCache("monster-focus sight", empty_dict)


class MonsterFocus(Ruleset):
    def __init__(self, data: RulesetData) -> None:
        super().__init__(data)
        flags = ("corner_sight", "jump_pays_difficult", "proximity",
                 "focus_disadvantage_first", "plan_with_all_targets", "rank_extra_targets")
        self.variants = {vid: Variant(**{f: spec[f] for f in flags})
                         for vid, spec in data.extra["variants"].items()}
        self.variant_names = {vid: spec["name"] for vid, spec in data.extra["variants"].items()}
        self.default_variant = data.extra["rules"]["variant"]["default"]

    def validate(self, encounter: Encounter) -> list[str]:
        for unit in encounter.units:
            if unit.aoe is not None and (unit.aoe.kind == "melee") != (unit.stat("range") == 0):
                return [f"unit '{unit.id}': aoe kind '{unit.aoe.kind}' does not match range "
                        f"{unit.stat('range')} (melee areas need range 0, ranged ones more)"]
        return []

    def decide(self, encounter: Encounter, unit_id: str, dice: Dice) -> Decision:
        unit = encounter.unit(unit_id)
        board = encounter.board
        grid = grid_of(board)
        variant_id = encounter.rules.get("variant", self.default_variant)
        variant = self.variants[variant_id]
        characters = [Character(u.id, grid.index(u.at), u.stat("initiative", 99))
                      for u in encounter.players() if u.hp > 0 and not u.has("invisible")]
        blockers = [u for u in encounter.players() if u.hp > 0 and u.has("invisible")]
        allies = frozenset(grid.index(u.at) for u in encounter.enemies() if u.id != unit.id)
        tags = set(unit.tags)
        monster = Monster(
            at=grid.index(unit.at), move=int(unit.stat("move", 0)),
            range=int(unit.stat("range", 0)), targets=int(unit.stat("targets", 1)),
            movement=Movement(jump="jump" in tags, flying="flying" in tags,
                              teleport="teleport" in tags,
                              jump_pays_difficult=variant.jump_pays_difficult),
            muddled=any(unit.has(s) for s in MUDDLED),
            area_kind=unit.aoe.kind if unit.aoe else None,
            area=unit.aoe.hexes if unit.aoe else ())
        plan = plan_turn(grid, variant, monster, characters, allies, _sight_memo(board),
                         frozenset(grid.index(u.at) for u in blockers))
        return _decision(self, encounter, unit_id, variant_id, plan, grid, monster, dice)

    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = [u for u in encounter.enemies() if u.hp > 0]
        return ActivationOrder(
            tuple(u.id for u in enemies), (),
            ("Monsters act in the order of their ability cards' initiative; within a type, "
             "elites first, then by standee number (the roster order here).",))


def _decision(ruleset: MonsterFocus, encounter: Encounter, unit_id: str, variant_id: str,
              plan: TurnPlan, grid, monster: Monster, dice: Dice) -> Decision:
    trace = ChainTrace()
    names = {u.id: u.name for u in encounter.units}
    start = monster.at

    def cell(i: int) -> list[int]:
        return list(grid.cell(i))

    lines = []
    for s in plan.scores:
        c = s.character
        if s.beaten:
            lines.append(f"{names[c.id]}: needs more than the best above, "
                         f"{_hexes(s.proximity)} away, initiative {c.initiative:g}")
        elif s.traps is None:
            lines.append(f"{names[c.id]}: cannot be attacked from any hex it can reach")
        else:
            lines.append(f"{names[c.id]}: attackable after {plural(s.traps, 'trap')} and "
                         f"{plural(s.cost, 'movement point')}, {_hexes(s.proximity)} "
                         f"away, initiative {c.initiative:g}")
    rules = ruleset.variant_names[variant_id]
    if plan.foci:
        chosen = (f"focus {names[plan.foci[0]]}" if len(plan.foci) == 1 else
                  f"tied foci {', '.join(names[f] for f in plan.foci)}: the players choose")
        trace.add(STEP_FOCUS, APPLIED, f"{rules} rules. " + "; ".join(lines) + f". → {chosen}.")
    else:
        why = "; ".join(lines) if lines else "no character it may attack"
        trace.add(STEP_FOCUS, SKIPPED, f"{rules} rules. {why}: no focus, it stays.")

    def targets_of(action: Action) -> tuple[str, ...]:
        foci = [f for f in plan.foci if f in plan.actions[action] and f in action.targets]
        first = foci[:1]
        return (*first, *sorted(t for t in action.targets if t not in first))

    def outcome(action: Action) -> Outcome:
        dest = None if action.at == start else grid.cell(action.at)
        targets = targets_of(action)
        kind = "attack" if targets else ("move" if dest is not None else "hold")
        path = tuple(grid.cell(i) for i in plan.moves.path_to(action.at)) if dest else ()
        return Outcome(kind, targets, dest, path)

    actions = sorted(plan.actions, key=lambda a: (plan.moves.cost[a.at], grid.cell(a.at)[::-1],
                                                  sorted(a.targets)))
    outcomes = [outcome(a) for a in actions] or [Outcome("hold")]
    main = outcomes[0]
    if plan.foci:
        ends = ", ".join(f"{cell(a.at)} ({plural(plan.moves.cost[a.at], 'point')})"
                         for a in actions)
        if plan.reachable:
            trace.add(STEP_MOVE, APPLIED,
                      f"It can attack its focus this turn (move {monster.move}); best "
                      f"attack hexes: {ends}.")
        else:
            goals = ", ".join(str(cell(g)) for g in plan.goals)
            trace.add(STEP_MOVE, APPLIED,
                      f"No attack on its focus within move {monster.move}; it heads for "
                      f"{goals} and may end on {ends}.")
    else:
        trace.add(STEP_MOVE, SKIPPED, "No focus: it does not move.")
    if main.targets:
        area = ""
        if actions[0].area:
            area = f"; area on {', '.join(str(cell(i)) for i in actions[0].area)}"
        trace.add(STEP_ATTACK, APPLIED,
                  f"Attacks {', '.join(names[t] for t in main.targets)}{area}.")
    else:
        trace.add(STEP_ATTACK, SKIPPED, "Nobody it may attack this turn.")

    if main.action == "attack":
        summary = f"Attack {', '.join(names[t] for t in main.targets)}"
        if main.destination is not None:
            summary += f" from {list(main.destination)}"
    elif main.action == "move":
        summary = f"Move to {list(main.destination)}"
    else:
        summary = "Hold"
    unit = encounter.unit(unit_id)
    return Decision(unit=unit_id, ruleset=ruleset.id, ai=unit.ai, outcome=main, summary=summary,
                    rolls=tuple(dice.rolls), alternatives=tuple(outcomes[1:]),
                    trace=trace.steps())


def build() -> MonsterFocus:
    return MonsterFocus(load_ruleset_data("monster-focus"))


def _hexes(count: int) -> str:
    return f"{count} hex" if count == 1 else f"{count} hexes"
