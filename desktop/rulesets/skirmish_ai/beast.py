"""skirmish-ai: the beast (stalking from cover, skulking) and the guardian (stays with its ward)."""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine.board import Cell
from desktop.engine.chain import Chain
from desktop.engine.cover import cover_map
from desktop.engine.decision import APPLIED, Outcome
from desktop.engine.dice import Dice
from desktop.engine.square_geometry import chebyshev, inches
from desktop.engine.units import Unit
from desktop.rulesets.skirmish_ai.context import SkirmishContext, best_cells, inch_text
from desktop.rulesets.skirmish_ai.plan import Plan, dedupe, finish, merge
from desktop.rulesets.skirmish_ai.rows import Attempt, Impossible, brawl_options, fastest
from desktop.rulesets.skirmish_ai.rows import _cells_text as cells_text
from desktop.rulesets.skirmish_ai.rows import _d as rounded_inches
from desktop.rulesets.skirmish_ai.rows import _first_group as first_group

GUARD_DISTANCE = 3.0
BEAST_FRIEND_DISTANCE = 2.0
SKULK_AT = 5


def beast(s: SkirmishContext, chain: Chain) -> Plan:
    step = "beast"
    friends = [f.at for f in s.friends]
    options = brawl_options(s)
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
        chain.add(
            step,
            APPLIED,
            f"{names} can be reached with {inch_text(low[1])} of its "
            f"{inch_text(s.move)} move: it breaks cover to brawl{shared}",
        )
        return Plan(outs)
    results = []
    for target in s.nearest():
        found = s.brawl_cost(target)
        if found is not None and found[0] <= 2 * s.move:
            result = fastest(s, target, s.dash, "dash")
            if isinstance(result, Attempt):
                result.detail = (
                    f"{target.name} can be brawled within two moves "
                    f"({inch_text(found[0])} ≤ 2 × {inch_text(s.move)}): it "
                    f"breaks "
                    f"cover; " + result.detail
                )
            results.append((target, result))
            continue
        results.append((target, _stalk(s, target, found)))
    return finish(s, merge(results, s), step, chain)


def _stalk(
    s: SkirmishContext, target: Unit, found: tuple[float, list[Cell]] | None
) -> Attempt | Impossible:
    limit = s.move if (s.ranged and s.fire_targets(s.at)) else s.dash
    reach = s.reach(limit)
    watchers = [o.at for o in s.opponents]
    d0 = inches(s.at, target.at)
    friends = [f.at for f in s.friends]
    closer = [c for c in reach if inches(c, target.at) < d0 - 1e-9]

    near = _within(friends, BEAST_FRIEND_DISTANCE)

    def near_friend(c: Cell) -> int:
        return 0 if c in near else 1

    cells = first_group(
        closer,
        lambda c: (near_friend(c), rounded_inches(c, target.at), reach[c]),
        lambda c: s.in_cover(c) or not any(s.sees(w, c) for w in watchers),
    )
    far = "out of reach" if found is None else f"{inch_text(found[0])} away"
    if not cells:
        return Impossible(
            f"a brawl with {target.name} is {far}, more than two moves, and no "
            "closer cell keeps it in cover or out of sight"
        )
    mode = "move" if reach[cells[0]] <= s.move else "dash"
    outs, _ = s.outcomes(cells, mode, target)
    friend = '; within 2" of a friend' if near_friend(cells[0]) == 0 else ""
    how = "in cover" if s.in_cover(cells[0]) else "out of sight"
    return Attempt(
        outs,
        f"a brawl with {target.name} is {far}, more than two moves: it "
        f"creeps {inch_text(reach[cells[0]])} to {cells_text(cells)}, "
        f"{how}, {inch_text(inches(cells[0], target.at))} from it{friend}",
    )


def guardian(
    s: SkirmishContext,
    dice: Dice,
    chain: Chain,
    notes: list[str],
    depth: int,
    plan_ward: Callable[..., Plan],
) -> Plan:
    """Stays with its ward: `plan_ward(situation, dice, chain, notes, depth)` plans
    the ward's own activation (the same dice, so the guardian follows what the ward will do)."""
    step = "guardian"
    ward_id = s.unit.reference("guards")
    ward = s.encounter.unit(ward_id) if ward_id and s.encounter.has_unit(ward_id) else None
    if ward is None or ward.hp <= 0 or depth > 0:
        why = (
            "it guards nobody"
            if ward is None
            else f"its ward {ward.name} is out of action"
            if ward.hp <= 0
            else "its ward is itself a guardian"
        )
        return finish(s, Impossible(why), step, chain)
    ward_trace = chain.fresh()
    if ward.is_enemy:
        ws = SkirmishContext.of(s.encounter, ward, s.dice, s.default_move)
        ward_plan = plan_ward(ws, dice, ward_trace, [], depth + 1)
        w = ward_plan.outcomes[0]
    else:
        w = Outcome("hold")
    ward_end = w.destination or ward.at
    notes.append(
        f"Guardian of {ward.name}: activate {ward.name} next, giving it the same first "
        "die, so it does what this decision expects."
    )
    pace = s.dash if w.action == "dash" else s.move
    reach = s.reach(pace)
    cells = [c for c in reach if c != ward_end and inches(c, ward_end) <= GUARD_DISTANCE]
    target = s.encounter.unit(w.targets[0]) if w.targets else None
    if not cells:
        cells = best_cells(
            [c for c in reach if c != ward_end], lambda c: rounded_inches(c, ward_end)
        )
        if not cells:
            return finish(s, Impossible("it cannot move at all"), step, chain)
        within = f"it cannot get within 3\" of {ward.name}'s end cell; it gets as close as it can"
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
        ward_does += f" at {', '.join(s.encounter.unit(t).name for t in w.targets)}"
    detail = "; ".join(t.detail for t in ward_trace.steps() if t.outcome == APPLIED)
    chain.add(
        step,
        APPLIED,
        f"{ward_does} (its own reasoning: {detail or 'none'}); the "
        f"guardian {within}, at the same pace; "
        f"{text if mode != 'dash' else 'dashes too'}",
    )
    return Plan(outs)


def _within(cells: list[Cell], distance: float) -> set[Cell]:
    """Every cell within `distance` inches (centre to centre) of one of `cells`."""
    reach = int(distance)
    limit = distance * distance
    return {
        (x + dx, y + dy)
        for x, y in cells
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
        if dx * dx + dy * dy <= limit
    }


def skulk(s: SkirmishContext, plan: Plan, end: Cell, dice: Dice, chain: Chain) -> Cell:
    step = "skulking"
    seen = s.visible(end)
    if seen:
        chain.add(step, "not rolled", f"it can see {', '.join(o.name for o in seen)}")
        return end
    value = dice.roll(6, "skulking")
    if value < SKULK_AT:
        chain.add(step, "stays", f"no target in sight; rolled {value}, needs 5-6")
        return end
    spots, why = skulk_spots(s, end)
    if not spots:
        chain.add(step, "stays", f"rolled {value}, but {why}")
        return end
    main = plan.outcomes[0]
    placed = [Outcome(main.action, main.targets, c, (*main.path, c)) for c in spots]
    plan.outcomes = dedupe(placed + plan.outcomes[1:])
    chain.add(step, "moved", f"no target in sight; rolled {value} (5-6): {why}")
    return spots[0]


def skulk_spots(s: SkirmishContext, end: Cell) -> tuple[list[Cell], str]:
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

            def centred(c: Cell, cx: float = cx, cy: float = cy) -> float:
                return round((c[0] - cx) ** 2 + (c[1] - cy) ** 2, 6)

            spots += best_cells(standable, centred)
            texts.append(f"feature {index}: placed at its centre")
        else:
            around = {
                (c[0] + dx, c[1] + dy) for c in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            }
            ring = [c for c in around if s.board.passable(c) and c not in cells and c not in taken]
            spots += best_cells(ring, lambda c: -round(s.nearest_distance(c), 6))
            texts.append(
                f"feature {index}: no room inside, placed touching it on the side away "
                "from the opponents"
            )
    tie = "; the players choose among these" if len(spots) > 1 else ""
    return spots, (
        f"nearest feature closer to a target is {inch_text(low)} away — {'; '.join(texts)}{tie}"
    )
