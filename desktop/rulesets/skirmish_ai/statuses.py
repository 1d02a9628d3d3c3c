"""skirmish-ai: status markers (stunned, shocked) and the end-of-activation overwatch roll."""

from __future__ import annotations

from desktop.engine.chain import Chain
from desktop.engine.cover import cover_map
from desktop.engine.decision import APPLIED, Outcome
from desktop.engine.dice import Dice
from desktop.engine.units import Unit
from desktop.rulesets.skirmish_ai.beast import skulk
from desktop.rulesets.skirmish_ai.context import SkirmishContext, best_cells, inch_text
from desktop.rulesets.skirmish_ai.plan import Plan
from desktop.rulesets.skirmish_ai.rows import _cells_text as cells_text

OVERWATCH_AT: dict[str | None, int] = {"cautious": 4, "defensive": 4}  # others: 5


def status_steps(unit: Unit, chain: Chain) -> None:
    if unit.has("overwatch"):
        chain.add("overwatch_ends", "removed", "it activates, so its overwatch marker ends")
    if unit.has("shocked"):
        extra = " (its stun marker is ignored)" if unit.has("stunned") else ""
        chain.add(
            "shocked",
            APPLIED,
            "it must act as shock dictates and takes no combat "
            f"action{extra}; the marker is removed after this activation",
        )
    elif unit.has("stunned"):
        chain.add(
            "stunned",
            APPLIED,
            "it may move or attack this activation, not both; "
            "the marker is removed after this activation",
        )


def shocked(s: SkirmishContext, chain: Chain) -> Plan:
    step = "shock"
    seen_by = s.visible(s.at)
    if not seen_by:
        chain.add(step, APPLIED, "no opponent can see it: it stays where it is")
        return Plan([Outcome("hold")])
    watchers = ", ".join(o.name for o in seen_by)
    if not s.in_cover(s.at):
        cmap = cover_map(s.board)
        fld = s.field(whole=True)
        taken = s.occupied
        costs = {c: v for c, v in fld.reachable().items() if c in cmap.covering and c not in taken}
        if not costs:
            chain.add(
                step,
                APPLIED,
                f"in the open and seen by {watchers}, but no cover can "
                "be reached: it stays where it is",
            )
            return Plan([Outcome("hold")])
        goals = best_cells(costs, lambda c: costs[c])
        total = costs[goals[0]]
        if total <= s.dash:
            mode = "move" if total <= s.move else "dash"
            outs, _ = s.outcomes(goals, "dash")
            outs = [Outcome(mode, (), o.destination, o.path) for o in outs]
            chain.add(
                step,
                APPLIED,
                f"in the open and seen by {watchers}: it heads for the "
                f"closest cover, {cells_text(goals)}, {inch_text(total)} away "
                f"({'a normal move' if mode == 'move' else 'a dash'}); no combat action",
            )
            return Plan(outs)
        on_route = fld.cells_on_shortest_paths(goals)
        reach = s.reach(s.dash)
        cells = best_cells([c for c in on_route if c in reach], lambda c: -reach[c])
        outs, _ = s.outcomes(cells, "dash")
        chain.add(
            step,
            APPLIED,
            f"in the open and seen by {watchers}: the closest cover is "
            f"{inch_text(total)} away; it dashes {inch_text(reach[cells[0]])} toward it, "
            "no combat action",
        )
        return Plan(outs)
    reach = s.reach(s.dash)
    cands = [c for c in reach if c != s.at and any(not s.sees(o.at, c) for o in seen_by)]
    if not cands:
        chain.add(
            step,
            APPLIED,
            f"in cover and seen by {watchers}; no cell within a dash "
            "hides it from any of them: it stays where it is",
        )
        return Plan([Outcome("hold")])
    cells = best_cells(cands, lambda c: (0 if s.in_cover(c) else 1, reach[c]))
    cost = reach[cells[0]]
    mode = "move" if cost <= s.move else "dash"
    outs, _ = s.outcomes(cells, "dash")
    outs = [Outcome(mode, (), o.destination, o.path) for o in outs]
    hidden = [o.name for o in seen_by if not s.sees(o.at, cells[0])]
    chain.add(
        step,
        APPLIED,
        f"in cover and seen by {watchers}: it moves "
        f"{inch_text(cost)} to {cells_text(cells)}, out of sight of "
        f"{', '.join(hidden)}; no combat action",
    )
    return Plan(outs)


def stunned(s: SkirmishContext, plan: Plan, chain: Chain) -> Plan:
    main = plan.outcomes[0]
    step = "stunned_choice"
    if main.action == "dash":
        reach = s.reach(s.move)
        kept = [c for c in main.path if c in reach]
        dest = kept[-1] if kept else None
        path = main.path[: main.path.index(dest) + 1] if dest else ()
        chain.add(
            step,
            APPLIED,
            f"no dash while stunned: it moves only {inch_text(s.move)} "
            f"of the way, to {list(dest) if dest else 'nowhere'}",
        )
        return Plan([Outcome("move" if dest else "hold", (), dest, path)], plan.notes)
    if main.destination is None or main.action not in ("fire", "brawl"):
        chain.add(step, APPLIED, "its plan already uses only one of the two")
        return plan
    still_action, choices, text = s.combat(s.at)
    moving = Outcome("move", (), main.destination, main.path)
    if choices:
        attacks = [Outcome(still_action, tuple(ids)) for ids in choices]
        chain.add(
            step,
            APPLIED,
            f"it can attack from where it stands, so it stays: {text}; "
            "moving without attacking is the players' other option",
        )
        return Plan([*attacks, moving], plan.notes)
    chain.add(
        step, APPLIED, f"from where it stands it {text}: it moves as planned and makes no attack"
    )
    return Plan([moving], plan.notes)


def end_of_activation(s: SkirmishContext, plan: Plan, dice: Dice, chain: Chain) -> tuple[str, ...]:
    main = plan.outcomes[0]
    end = main.destination or s.at
    ai = s.unit.ai
    if ai == "beast":
        end = skulk(s, plan, end, dice, chain)
    gained: list[str] = []
    step = "overwatch"
    if not s.ranged:
        chain.add(step, "not rolled", "no ranged weapon")
        return ()
    seen = s.visible(end)
    if seen:
        chain.add(
            step,
            "not rolled",
            f"it can see {', '.join(o.name for o in seen)} at the end of its activation",
        )
        return ()
    need = OVERWATCH_AT.get(ai, 5)
    value = dice.roll(6, "overwatch")
    if value >= need:
        gained.append("overwatch")
        chain.add(
            step,
            "gained",
            f"no target in sight; rolled {value}, needs {need}-6 "
            f"({s.unit.ai}): it goes on overwatch (fires at the first target that "
            "appears in its arc; hits only on a natural 6)",
        )
    else:
        chain.add(step, "not gained", f"no target in sight; rolled {value}, needs {need}-6")
    return tuple(gained)
