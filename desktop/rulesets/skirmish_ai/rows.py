"""skirmish-ai: every behaviour the AI tables, base conditions and special types name.

Each behaviour returns an `Attempt` (equally good outcomes, first is the main
answer, and the numbers that chose them) or `Impossible` (why the row cannot
be carried out; the caller then falls back to staying put and firing).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from desktop.engine.board import Cell
from desktop.engine.cover import manoeuvre_cells, next_forward_position, uses_cover
from desktop.engine.decision import Outcome
from desktop.engine.square_geometry import inches
from desktop.engine.units import Unit
from desktop.rulesets.skirmish_ai.context import SkirmishContext, best_cells, inch_text

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

WITHIN = 12.0  # the 12" of the cautious and tactical rules
FLANK_ANGLE = 45.0


@dataclass
class Attempt:
    outcomes: list[Outcome]
    detail: str


@dataclass
class Impossible:
    reason: str


Result = Attempt | Impossible


def _first_group(
    cells: Iterable[Cell],
    key: Callable[[Cell], SupportsRichComparison],
    wanted: Callable[[Cell], bool],
) -> list[Cell]:
    """Walk cells from the lowest key up; the first key level with cells passing `wanted`."""
    levels: dict[Any, list[Cell]] = {}
    for c in cells:
        levels.setdefault(key(c), []).append(c)
    for level in sorted(levels):
        found = [c for c in levels[level] if wanted(c)]
        if found:
            return sorted(found, key=lambda c: (c[1], c[0]))
    return []


def _at(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def _cells_text(cells: list[Cell]) -> str:
    shown = ", ".join(_at(c) for c in cells[:6])
    more = f" and {len(cells) - 6} more" if len(cells) > 6 else ""
    tie = "; these cells are equally good: the players choose" if len(cells) > 1 else ""
    return shown + more + tie


def _d(a: Cell, b: Cell) -> float:
    return round(inches(a, b), 6)


# -- stay -----------------------------------------------------------------------------------


def remain_and_fire(s: SkirmishContext, target: Unit | None = None) -> Attempt:
    outs, text = s.outcomes([s.at], "move", target)
    return Attempt(outs, f"stays at {_at(s.at)}; {text}")


# -- cautious ---------------------------------------------------------------------------------


def cautious_withdraw(s: SkirmishContext, target: Unit | None = None) -> Result:
    if not s.ranged:
        return Impossible("it has no ranged weapon, so no covered firing position exists for it")
    reach = s.reach(s.move)
    cover = [c for c in reach if s.in_cover(c)]
    cells = _first_group(
        cover,
        lambda c: (-round(s.nearest_distance(c), 6), reach[c]),
        lambda c: bool(s.fire_targets(c)),
    )
    if not cells:
        return Impossible(
            f"no covered cell within its {inch_text(s.move)} move keeps an "
            f"opponent in sight and within range {inch_text(s.reach_in)}"
        )
    here = s.nearest_distance(s.at)
    there = s.nearest_distance(cells[0])
    outs, text = s.outcomes(cells, "retreat")
    return Attempt(
        outs,
        f"farthest covered cell with a shot: {_cells_text(cells)}, "
        f"{inch_text(there)} from the nearest opponent (now {inch_text(here)}); "
        f"{text}",
    )


def retreat_in_cover(s: SkirmishContext, target: Unit | None = None) -> Result:
    here = s.nearest_distance(s.at)
    reach = s.reach(s.move)
    cands = [c for c in reach if s.in_cover(c) and s.nearest_distance(c) > here + 1e-9]
    if not cands:
        return Impossible(
            f"no covered cell within its {inch_text(s.move)} move is farther than "
            f"{inch_text(here)} from the nearest opponent"
        )

    def key(c: Cell) -> tuple[float, float]:
        return (-round(s.nearest_distance(c), 6), reach[c])

    cells = _first_group(cands, key, lambda c: bool(s.visible(c)))
    sight = "keeping an opponent in sight"
    if not cells:
        cells = best_cells(cands, key)
        sight = "no such cell keeps an opponent in sight"
    outs, text = s.outcomes(cells, "retreat")
    return Attempt(
        outs,
        f"retreats to {_cells_text(cells)}, "
        f"{inch_text(s.nearest_distance(cells[0]))} from the nearest opponent "
        f"(now {inch_text(here)}), in cover, {sight}; {text}",
    )


# -- cover manoeuvres ---------------------------------------------------------------------------


def _best_shot(
    s: SkirmishContext, cells: list[Cell], reach: dict[Cell, float]
) -> tuple[list[Cell], int]:
    """Cells with the best shot (targets in the open first), then the least movement."""
    by_cost: dict[float, list[Cell]] = {}
    for c in cells:
        by_cost.setdefault(reach[c], []).append(c)
    fallback: list[Cell] = []
    for cost in sorted(by_cost):
        quality = {c: s.shot_quality(c) for c in by_cost[cost]}
        best = [c for c, q in quality.items() if q == 0]
        if best:
            return sorted(best, key=lambda c: (c[1], c[0])), 0
        if not fallback:
            fallback = sorted((c for c, q in quality.items() if q == 1), key=lambda c: (c[1], c[0]))
    return (fallback, 1) if fallback else ([], 2)


_QUALITY = {0: "a target in the open", 1: "only targets in cover"}


def manoeuvre(s: SkirmishContext, target: Unit | None = None) -> Result:
    reach = s.reach(s.move)
    if s.in_cover(s.at):
        cells = manoeuvre_cells(s.board, s.at, reach)
        best, quality = _best_shot(s, cells, reach)
        if not best:
            return Impossible(
                f"none of the {len(cells)} cells in or behind its current cover "
                f"within {inch_text(s.move)} offers a shot"
            )
        outs, text = s.outcomes(best, "move")
        return Attempt(
            outs,
            f"within its current cover ({len(cells)} cells within "
            f"{inch_text(s.move)}), the best shot ({_QUALITY[quality]}) is from "
            f"{_cells_text(best)}; {text}",
        )
    cover = [c for c in reach if s.in_cover(c)]
    if cover:
        best, quality = _best_shot(s, cover, reach)
        if not best:
            best = best_cells(cover, lambda c: reach[c])
        outs, text = s.outcomes(best, "move")
        return Attempt(
            outs,
            f"not in cover: moves to the nearest cover with the best shot, "
            f"{_cells_text(best)}; {text}",
        )
    return _dash_to_cover(s, f"not in cover and no cover within its {inch_text(s.move)} move")


def _dash_to_cover(
    s: SkirmishContext,
    why: str,
    closer: Callable[[Cell], bool] | None = None,
    key: Callable[[Cell], SupportsRichComparison] | None = None,
) -> Result:
    shots = s.fire_targets(s.at)
    if shots:
        return Impossible(
            f"{why}; a dash would be needed, but an enemy able to fire at a target "
            f"({shots[0].name}) never dashes"
        )
    reach = s.reach(s.dash)
    cover = [c for c in reach if s.in_cover(c) and c != s.at and (closer is None or closer(c))]
    if not cover:
        return Impossible(f"{why}, and no suitable cover within a dash of {inch_text(s.dash)}")
    cells = best_cells(cover, key or (lambda c: reach[c]))
    outs, _ = s.outcomes(cells, "dash")
    return Attempt(
        outs,
        f'{why}: dashes ({inch_text(s.move)} + 2") into cover at '
        f"{_cells_text(cells)}, {inch_text(reach[cells[0]])} away; no combat "
        f"action",
    )


# -- advances ----------------------------------------------------------------------------------


def advance_within_12(s: SkirmishContext, target: Unit) -> Result:
    reach = s.reach(s.move)
    d0 = inches(s.at, target.at)
    cover = [c for c in reach if s.in_cover(c)]
    within = [c for c in cover if inches(c, target.at) <= WITHIN]
    if within:
        cells = _first_group(within, lambda c: reach[c], lambda c: s.can_fire(c, target))
        shot = "with a shot at it"
        if not cells:
            cells = best_cells(within, lambda c: reach[c])
            shot = "no such cell gives a shot at it"
        outs, text = s.outcomes(cells, "move", target)
        return Attempt(
            outs,
            f"{target.name} is {inch_text(d0)} away; the least movement to a "
            f'covered cell within 12" of it {shot}: {_cells_text(cells)} '
            f"({inch_text(reach[cells[0]])}); {text}",
        )
    closer = [c for c in cover if inches(c, target.at) < d0 - 1e-9]
    if not closer:
        return Impossible(
            f"{target.name} is {inch_text(d0)} away and no covered cell within "
            f"{inch_text(s.move)} is closer to it"
        )
    cells = best_cells(closer, lambda c: (_d(c, target.at), reach[c]))
    outs, text = s.outcomes(cells, "move", target)
    return Attempt(
        outs,
        f'{target.name} is {inch_text(d0)} away; no covered cell within 12" of '
        f"it can be reached, so it gets as close as cover allows: "
        f"{_cells_text(cells)} ({inch_text(inches(cells[0], target.at))} away); "
        f"{text}",
    )


def advance_cover_if_possible(s: SkirmishContext, target: Unit) -> Result:
    reach = s.reach(s.move)
    d0 = inches(s.at, target.at)
    closer = [c for c in reach if inches(c, target.at) < d0 - 1e-9]
    if not closer:
        return Impossible(
            f"no cell within {inch_text(s.move)} is closer to {target.name} ({inch_text(d0)} away)"
        )
    cover = [c for c in closer if s.in_cover(c)]
    pool = cover or closer

    def key(c: Cell) -> tuple[float, float]:
        return (_d(c, target.at), reach[c])

    cells = _first_group(pool, key, lambda c: s.can_fire(c, target)) or best_cells(pool, key)
    outs, text = s.outcomes(cells, "move", target)
    where = "in cover" if cover else "no closer cell is in cover, so in the open"
    return Attempt(
        outs,
        f"advances on {target.name} ({inch_text(d0)} away) to "
        f"{_cells_text(cells)}, {where}, "
        f"{inch_text(inches(cells[0], target.at))} from it; {text}",
    )


def advance_use_cover(s: SkirmishContext, target: Unit) -> Result:
    reach = s.reach(s.move)
    d0 = inches(s.at, target.at)
    watchers = [o.at for o in s.opponents]
    closer = [c for c in reach if inches(c, target.at) < d0 - 1e-9]

    def key(c: Cell) -> tuple[float, float]:
        return (_d(c, target.at), reach[c])

    def covered(c: Cell) -> bool:
        return uses_cover(s.board, c, watchers, s.sees)

    cells = _first_group(closer, key, lambda c: s.can_fire(c, target) and covered(c))
    if not cells:
        cells = _first_group(closer, key, covered)
    if cells:
        outs, text = s.outcomes(cells, "move", target)
        how = "in cover" if s.in_cover(cells[0]) else "out of every opponent's sight"
        return Attempt(
            outs,
            f"advances on {target.name} ({inch_text(d0)} away) to "
            f"{_cells_text(cells)}, {how}, "
            f"{inch_text(inches(cells[0], target.at))} from it; {text}",
        )
    return _dash_to_cover(
        s,
        f"no cell within {inch_text(s.move)} that is closer to {target.name} is in cover or "
        f"out of sight",
        closer=lambda c: inches(c, target.at) < d0 - 1e-9,
        key=lambda c: (_d(c, target.at), s.reach(s.dash)[c]),
    )


def next_forward(s: SkirmishContext, target: Unit | None = None) -> Result:
    watchers = [o.at for o in s.opponents]
    taken = s.occupied
    fp = None
    for whole in (False, True):
        fld = s.field(whole)
        costs = {c: v for c, v in fld.reachable().items() if c not in taken}
        fp = next_forward_position(s.board, s.at, costs, watchers, s.nearest_distance)
        if fp is not None and fp.cost <= fld.exact_up_to:
            break
        if fld.exact_up_to == math.inf:
            break
    if fp is None:
        return Impossible(
            "no terrain feature it can reach offers cover closer to the opponents "
            f"than where it stands ({inch_text(s.nearest_distance(s.at))} from the "
            "nearest)"
        )
    reach = s.reach(s.move)
    feature_cells = set(fp.cells)
    in_reach = [c for c in fp.cells if c in reach]
    label = (
        f"the next forward position (terrain feature {', '.join(map(str, fp.features))}, "
        f"{inch_text(fp.cost)} away)"
    )
    if in_reach:
        best, _quality = _best_shot(s, in_reach, reach)
        if not best:
            best = best_cells(in_reach, lambda c: reach[c])
        outs, text = s.outcomes(best, "move")
        return Attempt(
            outs, f"{label} is within its {inch_text(s.move)} move: {_cells_text(best)}; {text}"
        )

    # Inches from every cell it may end on to the nearest cell of the position, worked out
    # for all of them at once (the root of the least squared distance, in whole numbers).
    asked = list(dict.fromkeys([s.at, *s.reach(s.dash), *reach]))
    gaps = dict(zip(asked, _nearest_inches(asked, list(feature_cells)), strict=True))

    def gap(c: Cell) -> float:
        return gaps[c]

    g0 = gap(s.at)
    closer = [c for c in reach if gap(c) < g0]
    cells = _first_group(
        closer, lambda c: (gap(c), reach[c]), lambda c: uses_cover(s.board, c, watchers, s.sees)
    )
    if cells:
        outs, text = s.outcomes(cells, "move")
        return Attempt(
            outs,
            f"{label} is beyond its {inch_text(s.move)} move; it closes in "
            f"using cover to {_cells_text(cells)}; {text}",
        )
    return _dash_to_cover(
        s,
        f"{label} is beyond its move and no step toward it stays in cover or out of sight",
        closer=lambda c: gap(c) < g0,
        key=lambda c: (gap(c), s.reach(s.dash)[c]),
    )


def _nearest_inches(cells: list[Cell], others: list[Cell]) -> list[float]:
    """For each of `cells`, the inches (rounded to 6 places) to the nearest of `others`.

    `others` are taken row by row: in each row the nearest is found by bisection, and rows
    farther up or down than the nearest found so far are skipped."""
    by_row: dict[int, list[int]] = {}
    for x, y in others:
        by_row.setdefault(y, []).append(x)
    rows = [(y, sorted(xs)) for y, xs in by_row.items()]
    # for each row of `cells`: (squared rows up or down, xs) of every row of `others`, nearest
    # first (cells come a row at a time: their rows are sorted once)
    around: dict[int, list[tuple[int, list[int]]]] = {}
    found = []
    for x, y in cells:
        order = around.get(y)
        if order is None:
            order = around[y] = sorted(
                (((row_y - y) ** 2, xs) for row_y, xs in rows), key=lambda row: row[0]
            )
        least: int | None = None
        for dy2, xs in order:
            if least is not None and dy2 >= least:
                break  # every later row is at least as far up or down
            i = bisect_left(xs, x)
            if i == len(xs):
                dx = x - xs[-1]
            elif i == 0:
                dx = xs[0] - x
            else:
                dx = min(xs[i] - x, x - xs[i - 1])
            if least is None or dy2 + dx * dx < least:
                least = dy2 + dx * dx
        assert least is not None  # `others` is never empty
        found.append(round(math.sqrt(least), 6))
    return found


def _angle(origin: Cell, a: Cell, b: Cell) -> float:
    ax, ay = a[0] - origin[0], a[1] - origin[1]
    bx, by = b[0] - origin[0], b[1] - origin[1]
    dot = ax * bx + ay * by
    norm = math.hypot(ax, ay) * math.hypot(bx, by)
    if norm == 0:
        return 0.0
    return math.degrees(math.acos(max(-1.0, min(1.0, dot / norm))))


def flank(s: SkirmishContext, target: Unit) -> Result:
    reach = s.reach(s.move)
    d0 = inches(s.at, target.at)
    limit = s.reach_in if s.ranged else d0
    cands = [
        c
        for c in reach
        if c != s.at
        and inches(c, target.at) <= d0 + 1e-9
        and _angle(target.at, s.at, c) >= FLANK_ANGLE
    ]
    cells = _first_group(
        cands,
        lambda c: (0 if s.in_cover(c) else 1, -round(_angle(target.at, s.at, c)), reach[c]),
        lambda c: inches(c, target.at) <= limit and s.sees(c, target.at),
    )
    if not cells:
        return Impossible(
            f"no cell within {inch_text(s.move)} swings at least {FLANK_ANGLE:.0f}° "
            f"around {target.name} without moving away and keeps it in sight "
            f"within {inch_text(limit)}"
        )
    outs, text = s.outcomes(cells, "move", target)
    angle = _angle(target.at, s.at, cells[0])
    return Attempt(
        outs,
        f"flanks {target.name}: {_cells_text(cells)} sees it from {angle:.0f}° "
        f"round from its current line; {text}",
    )


def forward_or_flank(s: SkirmishContext, target: Unit) -> Result:
    forward = next_forward(s, target)
    side = flank(s, target)
    if isinstance(forward, Attempt) and isinstance(side, Attempt):
        return Attempt(
            forward.outcomes + side.outcomes,
            f"{forward.detail}. Or, as the players prefer, it {side.detail} "
            f"(listed as alternatives)",
        )
    if isinstance(forward, Attempt):
        assert isinstance(side, Impossible)  # both being attempts is handled above
        return Attempt(
            forward.outcomes, f"{forward.detail} (flanking is not possible: {side.reason})"
        )
    if isinstance(side, Attempt):
        return Attempt(side.outcomes, f"no forward position ({forward.reason}); it {side.detail}")
    return Impossible(f"{forward.reason}; and {side.reason}")


def fastest(s: SkirmishContext, target: Unit, limit: float, mode: str) -> Result:
    """Along a cheapest route toward `target`, as far as `limit` allows."""
    if target in s.brawl_targets(s.at):
        outs, text = s.outcomes([s.at], "move", target)
        return Attempt(outs, f"already next to {target.name}; {text}")
    found = s.brawl_cost(target)
    if found is None:
        return Impossible(f"no route reaches {target.name}")
    total, goals = found
    fld = s.cost_field_for(total)
    reach = s.reach(limit)
    on_route = [c for c in fld.cells_on_shortest_paths(goals) if c in reach]
    if not on_route:
        return Impossible(f"every cell on the fastest route to {target.name} is taken")
    # How far along the route each cell is: its walking cost (a swift figure's glide may
    # land farther along the route than its move would walk).
    cells = best_cells(on_route, lambda c: -cast(float, fld.cost(c)))
    if cells == [s.at]:
        return Impossible(f"the fastest route to {target.name} is blocked right away")
    outs, text = s.outcomes(cells, mode, target)
    moved = cast(float, fld.cost(cells[0]))  # on a shortest path: reached
    left = max(0.0, total - moved)
    tail = "; no combat action" if mode == "dash" else f"; {text}"
    how = (
        f"it glides down to {_cells_text(cells)}, {inch_text(moved)} of walking along it"
        if s.glided_to(outs[0]) is not None
        else f"it covers {inch_text(moved)} to {_cells_text(cells)}"
    )
    return Attempt(
        outs,
        f"the fastest route to {target.name} is {inch_text(total)}; {how}, "
        f"{inch_text(left)} short{tail}",
    )


def advance_fastest(s: SkirmishContext, target: Unit) -> Result:
    return fastest(s, target, s.move, "move")


def dash_fastest(s: SkirmishContext, target: Unit) -> Result:
    shots = s.fire_targets(s.at)
    if shots:
        found = s.brawl_cost(target)
        if found is not None:
            fld = s.cost_field_for(found[0])
            reach = s.reach(s.move)
            on_route = [c for c in fld.cells_on_shortest_paths(found[1]) if c in reach]
            cells = _first_group(
                on_route, lambda c: -cast(float, fld.cost(c)), lambda c: bool(s.fire_targets(c))
            )
            if cells:
                outs, text = s.outcomes(cells, "move", target)
                return Attempt(
                    outs,
                    f"it can fire at {shots[0].name}, and an enemy able to "
                    f"fire never dashes: it advances a normal "
                    f"{inch_text(s.move)} along the fastest route toward "
                    f"{target.name}, as far as it keeps a shot, to "
                    f"{_cells_text(cells)}; {text}",
                )
    return fastest(s, target, s.dash, "dash")


# -- base conditions -----------------------------------------------------------------------


def brawl_options(s: SkirmishContext) -> list[tuple[Unit, float, list[Cell]]]:
    """Opponents it can reach to brawl this round (within its move, no dash)."""
    out = []
    for o in s.opponents:
        found = s.brawl_cost(o, within=s.move)
        if found is not None and found[0] <= s.move:
            out.append((o, found[0], found[1]))
        elif s.glides:
            landings = s.glide_brawl(o)  # a swift figure may glide down next to it instead
            if landings:
                out.append((o, s.move, landings))
    return out


def charge(s: SkirmishContext, target: Unit | None = None) -> Result:
    options = brawl_options(s)
    if not options:
        near = s.nearest()
        if not near:
            return Impossible("no opponent left")
        result = advance_fastest(s, near[0])
        if isinstance(result, Attempt):
            result.detail = (
                f"no opponent within a {inch_text(s.move)} move to brawl; " + result.detail
            )
        return result
    low = min(cost for _, cost, _ in options)
    chosen = [(o, goals) for o, cost, goals in options if cost == low]
    outs: list[Outcome] = []
    for o, goals in chosen:
        more, _ = s.outcomes(goals, "move", o)
        outs += [x for x in more if x.action == "brawl" and x.targets == (o.id,)] or more
    names = " or ".join(o.name for o, _ in chosen)
    tie = "; the players choose" if len(outs) > 1 else ""
    return Attempt(
        outs,
        f"can reach {names} with {inch_text(low)} of its {inch_text(s.move)} move and brawls{tie}",
    )
