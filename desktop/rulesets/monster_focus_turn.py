"""monster-focus: one monster's turn — its focus, the end hex and the targets — as numbers.

Pure functions over a Grid; the ruleset turns the TurnPlan into a Decision and words it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from desktop.rulesets.monster_focus_areas import (
    melee_placements,
    ranged_placements,
    ranged_shapes,
)
from desktop.rulesets.monster_focus_grid import FAR, Grid
from desktop.rulesets.monster_focus_moves import MoveMap, Movement
from desktop.rulesets.monster_focus_sight import line_of_sight


@dataclass(frozen=True)
class Variant:
    """The six points where the three games read the monster rules differently."""

    corner_sight: bool  # sight corner to corner (else any point to any point)
    jump_pays_difficult: bool  # a jump landing on difficult terrain costs 1 more
    proximity: bool  # proximity breaks focus ties before initiative
    focus_disadvantage_first: bool  # no disadvantage on the focus before more targets
    plan_with_all_targets: bool  # out of reach: head for the best attack, not the focus
    rank_extra_targets: bool  # extra targets ranked like a focus (else players choose)


@dataclass(frozen=True)
class Character:
    id: str
    at: int
    initiative: float


@dataclass(frozen=True)
class Monster:
    at: int
    move: int
    range: int
    targets: int
    movement: Movement = field(default_factory=Movement)
    muddled: bool = False
    area_kind: str | None = None  # "melee" or "ranged"
    area: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class FocusScore:
    """How hard one character is to attack: the cheapest attack hex and the tie-breaks."""

    character: Character
    traps: int | None  # None: it cannot be attacked at all
    cost: int | None
    proximity: int
    initiative: float


@dataclass(frozen=True)
class Action:
    at: int
    targets: frozenset[str]
    area: tuple[int, ...] = ()


@dataclass
class TurnPlan:
    scores: list[FocusScore] = field(default_factory=list)
    foci: list[str] = field(default_factory=list)
    reachable: bool = False  # the focus can be attacked this turn
    group_key: tuple = ()
    actions: dict[Action, set[str]] = field(default_factory=dict)  # action -> foci behind it
    goals: list[int] = field(default_factory=list)  # attack hexes aimed at when out of reach
    moves: MoveMap | None = None


def plan_turn(grid: Grid, variant: Variant, monster: Monster, characters: list[Character],
              allies: frozenset[int], sight: dict,
              unseen: frozenset[int] = frozenset()) -> TurnPlan:
    """`unseen`: characters it cannot focus (invisible) that still bar its way."""
    melee_only = monster.range == 0 or monster.targets == 0
    reach_limit = 1 if melee_only else monster.range
    wary = not melee_only and not monster.muddled  # ranged attacks next to a target suffer
    extra = monster.targets - 1
    area_attack = monster.targets > 0 and bool(monster.area)
    melee_area = area_attack and monster.range == 0
    start = monster.at
    reach = grid.reach
    moves = MoveMap(grid, start, monster.movement,
                    frozenset(c.at for c in characters) | unseen, allies)
    plan = TurnPlan(moves=moves)
    if not characters:
        return plan

    def sees(a: int, b: int) -> bool:
        return line_of_sight(grid, a, b, variant.corner_sight, sight)

    shapes = ranged_shapes(monster.area) if area_attack and not melee_area else []
    melee_cache: dict[int, list[list[int]]] = {}

    def melee_areas(at: int) -> list[list[int]]:
        found = melee_cache.get(at)
        if found is None:
            found = melee_cache[at] = melee_placements(grid, at, monster.area)
        return found

    ranged_cache: dict[int, list[list[int]]] = {}

    def ranged_areas(anchor: int) -> list[list[int]]:
        found = ranged_cache.get(anchor)
        if found is None:
            found = ranged_cache[anchor] = ranged_placements(grid, anchor, shapes)
        return found

    def can_attack(at: int, target: int) -> bool:
        if (not area_attack or extra > 0) and reach[at][target] <= reach_limit:
            return sees(target, at)
        if melee_area:
            if any(target in cells for cells in melee_areas(at)):
                return sees(target, at)
        elif area_attack:
            row = reach[at]
            if any(row[h] <= reach_limit for cells in ranged_areas(target) for h in cells):
                return sees(target, at)
        return False

    # 1. Focus: the cheapest hex to attack from, then proximity, then initiative.
    ends = sorted((moves.traps[i], moves.cost[i], i) for i in range(len(grid.terrain))
                  if moves.can_end[i] and moves.cost[i] < FAR)
    best: tuple | None = None
    for c in characters:
        proximity = reach[start][c.at]
        found = None
        for traps, cost, at in ends:
            if best is not None and (traps, cost) > best[:2]:
                break
            if can_attack(at, c.at):
                found = (traps, cost)
                break
        plan.scores.append(FocusScore(c, *(found or (None, None)), proximity, c.initiative))
        if found is not None:
            key = (*found, proximity if variant.proximity else 0, c.initiative)
            if best is None or key < best:
                best = key
    if best is None:
        return plan
    plan.foci = [s.character.id for s in plan.scores if s.traps is not None and
                 (s.traps, s.cost, s.proximity if variant.proximity else 0, s.initiative) == best]
    plan.reachable = best[1] <= monster.move
    heed_focus_only = not variant.plan_with_all_targets and not plan.reachable

    # Characters of equal standing share a rank (extra targets of the best ranks first).
    rank: dict[str, int] = {}
    if variant.rank_extra_targets:
        standing = sorted({(reach[start][c.at] if variant.proximity else 0, c.initiative)
                           for c in characters})
        for c in characters:
            key = (reach[start][c.at] if variant.proximity else 0, c.initiative)
            rank[c.id] = standing.index(key)
    else:
        rank = {c.id: 0 for c in characters}
    ranks = max(rank.values()) + 1
    by_id = {c.id: c for c in characters}

    for focus_id in plan.foci:
        focus = by_id[focus_id]
        heeded = [focus] if heed_focus_only else characters
        _plan_for_focus(plan, grid, variant, monster, moves, focus, heeded, rank, ranks, sees,
                        reach_limit, wary, extra, area_attack, melee_area, melee_areas,
                        ranged_areas)
    return plan


def _plan_for_focus(plan, grid, variant, monster, moves, focus, heeded, rank, ranks, sees,
                    reach_limit, wary, extra, area_attack, melee_area, melee_areas,
                    ranged_areas) -> None:
    reach = grid.reach

    def options(at: int) -> Iterator[tuple[frozenset[str], int, list[int], tuple[int, ...]]]:
        """(targets, how many at disadvantage, targets per rank, area cells) from `at`."""
        in_reach = [c for c in heeded if reach[at][c.at] <= reach_limit and sees(c.at, at)]
        if not area_attack:
            if focus not in in_reach:
                return
            yield from _groups(at, [], in_reach, 1 + max(0, extra), (), focus)
            return
        if melee_area:
            placements = melee_areas(at)
        else:
            row = reach[at]
            placements = [cells for anchor in heeded for cells in _areas_of(anchor)
                          if any(row[h] <= reach_limit for h in cells)]
        for cells in placements:
            hit = [c for c in heeded if c.at in cells and sees(c.at, at)]
            if hit:
                others = [c for c in in_reach if c not in hit]
                yield from _groups(at, hit, others, extra, tuple(cells), focus)

    def _areas_of(anchor: Character) -> list[list[int]]:
        return ranged_areas(anchor.at)

    def _groups(at, hit, others, count, cells, focus):
        size = min(count, len(others))
        for chosen in combinations(others, size):
            group = hit + list(chosen)
            if focus not in group:
                continue
            per_rank = [0] * ranks
            for c in group:
                per_rank[rank[c.id]] += 1
            disadvantaged = sum(1 for c in group if wary and grid.adjacent(at, c.at))
            yield frozenset(c.id for c in group), disadvantaged, per_rank, cells

    # 2. The best group of targets over every hex (this turn or later).
    best = None
    groups: set[frozenset[str]] = set()
    found: list[tuple[int, tuple, frozenset[str], int, tuple[int, ...]]] = []
    for at in range(len(grid.terrain)):
        if not moves.can_end[at] or moves.cost[at] >= FAR:
            continue
        traps, cost = moves.traps[at], moves.cost[at]
        now = cost <= monster.move
        if best is not None and (traps, -now) > best[:2]:
            continue
        against_focus = int(wary and grid.adjacent(at, focus.at))
        for targets, disadvantaged, per_rank, cells in options(at):
            tail = (cost, *(-n for n in per_rank))
            if variant.focus_disadvantage_first:
                key = (traps, -now, against_focus, -len(targets), *tail)
            else:
                key = (traps, -now, -len(targets), disadvantaged, *tail)
            stage = (traps, -now, against_focus) if variant.focus_disadvantage_first \
                else (traps, -now)
            found.append((at, stage, targets, disadvantaged, cells))
            if best is None or key < best:
                best, groups = key, {targets}
            elif key == best:
                groups.add(targets)
    if best is None:
        return
    plan.group_key = best
    # 3. Among hexes as good, the fewest targets at disadvantage, then the shortest move.
    stage_best = best[:3] if variant.focus_disadvantage_first else best[:2]
    chosen: dict[tuple[int, frozenset[str]], tuple[int, ...]] = {}
    top = None
    for at, stage, targets, disadvantaged, cells in found:
        if stage != stage_best or targets not in groups:
            continue
        key = (disadvantaged, moves.cost[at])
        if top is None or key < top:
            top, chosen = key, {(at, targets): cells}
        elif key == top:
            chosen.setdefault((at, targets), cells)
    reachable = best[1] == -1
    if reachable:
        for (at, targets), cells in chosen.items():
            action = Action(at, targets if monster.targets > 0 else frozenset(),
                            cells if monster.targets > 0 else ())
            plan.actions.setdefault(action, set()).add(focus.id)
        return
    # 4. Out of reach: move where the remaining way to one of those hexes is least.
    for goal in sorted({at for at, _ in chosen}):
        plan.goals.append(goal)
        traps_to, cost_to = moves.to_target(goal)
        top_move, stops = None, []
        for at in range(len(grid.terrain)):
            if moves.cost[at] <= monster.move and moves.can_end[at]:
                key = (traps_to[at] + moves.traps[at], cost_to[at], moves.cost[at])
                if top_move is None or key < top_move:
                    top_move, stops = key, [at]
                elif key == top_move:
                    stops.append(at)
        for at in stops:
            plan.actions.setdefault(Action(at, frozenset()), set()).add(focus.id)
