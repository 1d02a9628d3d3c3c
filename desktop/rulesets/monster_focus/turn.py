"""monster-focus: one monster's turn — its focus, the end hex and the targets — as numbers.

Pure functions over a Grid; the ruleset turns the TurnPlan into a Decision and words it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations, filterfalse

from desktop.engine.hex_geometry import from_axial, hex_distance, to_axial
from desktop.rulesets.monster_focus.areas import (
    melee_placements,
    ranged_placements,
    ranged_shapes,
)
from desktop.rulesets.monster_focus.grid import FAR, Grid
from desktop.rulesets.monster_focus.moves import MoveMap, Movement, move_map
from desktop.rulesets.monster_focus.sight import SightCache, line_of_sight

# Compared lexicographically, least first: (traps, movement, ..., tie-breaks).
Key = tuple[float, ...]
# Where an area can hit from one hex: the characters under it, and one placement's cells.
Hits = list[tuple[frozenset[str], tuple[int, ...]]]


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
    # It cannot move this turn: its focus is found as if it could, but it attacks only from
    # where it stands.
    immobile: bool = False
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
    beaten: bool = False  # search stopped: it costs more than a character already found


@dataclass(frozen=True)
class Action:
    at: int
    targets: frozenset[str]
    area: tuple[int, ...] = ()


@dataclass
class TurnPlan:
    moves: MoveMap
    scores: list[FocusScore] = field(default_factory=list)
    foci: list[str] = field(default_factory=list)
    reachable: bool = False  # the focus can be attacked this turn
    group_key: Key = ()
    actions: dict[Action, set[str]] = field(default_factory=dict)  # action -> foci behind it
    goals: list[int] = field(default_factory=list)  # attack hexes aimed at when out of reach


def plan_turn(
    grid: Grid,
    variant: Variant,
    monster: Monster,
    characters: list[Character],
    allies: frozenset[int],
    sight: SightCache,
    unseen: frozenset[int] = frozenset(),
) -> TurnPlan:
    """`unseen`: characters it cannot focus (invisible) that still bar its way."""
    moves = move_map(
        grid, monster.at, monster.movement, frozenset(c.at for c in characters) | unseen, allies
    )
    plan = TurnPlan(moves=moves)
    if characters:
        _Turn(grid, variant, monster, characters, moves, sight).plan(plan)
    return plan


@dataclass(frozen=True)
class _Placement:
    """One way to attack from a hex: characters hit for sure (`hit`, by the area or the
    focus of a plain attack), the others it may add (`pool`), how many it adds (`extra`)."""

    hit: frozenset[str]
    pool: tuple[Character, ...]
    extra: int
    cells: tuple[int, ...] = ()


class _Turn:
    def __init__(
        self,
        grid: Grid,
        variant: Variant,
        monster: Monster,
        characters: list[Character],
        moves: MoveMap,
        sight: SightCache,
    ) -> None:
        self.grid, self.variant, self.monster = grid, variant, monster
        self.characters, self.moves, self.sight = characters, moves, sight
        self.melee_only = monster.range == 0 or monster.targets == 0
        self.reach_limit = 1 if self.melee_only else monster.range
        self.wary = not self.melee_only and not monster.muddled  # ranged: avoid neighbours
        self.extra = monster.targets - 1
        self.area_attack = monster.targets > 0 and bool(monster.area)
        self.melee_area = self.area_attack and monster.range == 0
        self.shapes = (
            ranged_shapes(monster.area) if self.area_attack and not self.melee_area else []
        )
        self._melee: dict[int, list[list[int]]] = {}
        self._ranged: dict[int, list[list[int]]] = {}
        self.by_id = {c.id: c for c in characters}
        if self.area_attack:
            # How far from a character an area attack that includes it can be made from.
            cells = [from_axial(*h) for h in (*monster.area, (0, 0))]
            spread = max(hex_distance(a, b) for a in cells for b in cells)
            self.area_reach = (
                max(spread, self.reach_limit) if self.melee_area else self.reach_limit + spread
            )
        self._from: dict[tuple[int, str | None], tuple[list[Character], Hits]] = {}
        self._layouts: dict[tuple[Character, ...], list[list[int]]] | None = None
        self._in_range: dict[int, list[tuple[tuple[Character, ...], list[int]]]] = {}
        self._under: dict[tuple[int, int], int] = {}
        self._in_range_of: dict[int, set[int]] = {}
        self._areas: dict[tuple[int, tuple[str, ...], str | None], list[_Placement]] = {}

    def sees(self, a: int, b: int) -> bool:
        return line_of_sight(self.grid, a, b, self.variant.corner_sight, self.sight)

    def in_reach(self, at: int, target: int) -> bool:
        return self.grid.hexes_within(target, self.reach_limit)[at] <= self.reach_limit

    def melee_areas(self, at: int) -> list[list[int]]:
        found = self._melee.get(at)
        if found is None:
            found = self._melee[at] = melee_placements(self.grid, at, self.monster.area)
        return found

    def ranged_areas(self, anchor: int) -> list[list[int]]:
        found = self._ranged.get(anchor)
        if found is None:
            found = self._ranged[anchor] = ranged_placements(self.grid, anchor, self.shapes)
        return found

    def in_range(self, at: int) -> set[int]:
        """The hexes in range from `at` (never a wall hex): a ranged area is legal from `at`
        when one of its hexes is among them. Asked of thousands of placements in a
        decision: a set per hex, which `isdisjoint` tests a placement against in C."""
        found = self._in_range_of.get(at)
        if found is None:
            found = self._in_range_of[at] = set(self.grid.hexes_around(at, self.reach_limit))
        return found

    def can_attack(self, at: int, target: int) -> bool:
        if (not self.area_attack or self.extra > 0) and self.in_reach(at, target):
            return self.sees(target, at)
        if self.melee_area:
            if any(target in cells for cells in self.melee_areas(at)):
                return self.sees(target, at)
        elif self.area_attack and not all(
            map(self.in_range(at).isdisjoint, self.ranged_areas(target))
        ):
            return self.sees(target, at)
        return False

    def plan(self, plan: TurnPlan) -> None:
        grid, variant, monster, moves = self.grid, self.variant, self.monster, self.moves
        start = monster.at
        near = grid.proximity(start, [c.at for c in self.characters])
        # 1. Focus: the cheapest hex to attack from, then proximity, then initiative. Only
        # hexes near a character can attack it: those are tried, cheapest first.
        traps_of, cost_of = moves.traps, moves.cost
        dearest = moves.dearest_end()
        best: Key | None = None
        for c in self.characters:
            found: tuple[int, int] | None = None
            beaten = False
            tried = self.cheapest_first(self.hexes_near(c))
            for at in tried:
                cheapest = (traps_of[at], cost_of[at])
                if best is not None and cheapest > best[:2]:
                    beaten = True
                    break
                if self.can_attack(at, c.at):
                    found = cheapest
                    break
            else:  # no hex can attack it: beaten if some hex it could end on costs more
                beaten = best is not None and dearest is not None and dearest > best[:2]
            traps_to, cost_to = found if found is not None else (None, None)
            plan.scores.append(FocusScore(c, traps_to, cost_to, near[c.at], c.initiative, beaten))
            if found is not None:
                key = (*found, near[c.at] if variant.proximity else 0, c.initiative)
                if best is None or key < best:
                    best = key
        if best is None:
            return
        plan.foci = [
            s.character.id
            for s in plan.scores
            if s.traps is not None
            and (s.traps, s.cost, s.proximity if variant.proximity else 0, s.initiative) == best
        ]
        plan.reachable = best[1] <= monster.move
        heed_focus_only = not variant.plan_with_all_targets and not plan.reachable
        # Characters of equal standing share a rank (extra targets of the best ranks first).
        if variant.rank_extra_targets:
            standing = {
                c.id: (near[c.at] if variant.proximity else 0, c.initiative)
                for c in self.characters
            }
            order = sorted(set(standing.values()))
            self.rank = {cid: order.index(key) for cid, key in standing.items()}
        else:
            self.rank = {c.id: 0 for c in self.characters}
        self.ranks = max(self.rank.values()) + 1
        for focus_id in plan.foci:
            focus = self.by_id[focus_id]
            heeded = [focus] if heed_focus_only else self.characters
            self.plan_for_focus(plan, focus, heeded)

    def cheapest_first(self, hexes: list[int]) -> list[int]:
        """Those of `hexes` it can reach and end on, in the order the move search settled
        them: (traps, movement points, hex number)."""
        moves = self.moves
        traps, cost, can_end = moves.traps, moves.cost, moves.can_end
        return sorted(
            (at for at in hexes if can_end[at] and cost[at] < FAR),
            key=lambda at: (traps[at], cost[at], at),
        )

    def _attacks_from(
        self, at: int, focus: Character | None = None
    ) -> tuple[list[Character], Hits]:
        """Characters in reach and sight from `at`, and the distinct sets of characters an
        area can hit from there (with the cells of one such placement). With `focus` (an
        area attack with no extra target): only the sets that hit the focus, no others in
        reach (they would be no one's extra target)."""
        found = self._from.get((at, focus.id if focus else None))
        if found is not None:
            return found
        seen: dict[str, bool] = {}

        def visible(c: Character) -> bool:
            known = seen.get(c.id)
            if known is None:
                known = seen[c.id] = self.sees(c.at, at)
            return known

        in_reach = (
            []
            if focus is not None
            else [c for c in self.characters if self.in_reach(at, c.at) and visible(c)]
        )
        hits: dict[frozenset[str], tuple[int, ...]] = {}
        if focus is not None and not visible(focus):
            pass  # no area it can see the focus under
        elif self.melee_area:
            for cells in self.melee_areas(at):
                if focus is not None and focus.at not in cells:
                    continue
                hit = frozenset(c.id for c in self.characters if c.at in cells and visible(c))
                if hit and hit not in hits:
                    hits[hit] = tuple(cells)
        elif self.area_attack:
            for members, placed in self.ranged_in_range(at):
                if focus is not None and focus not in members:
                    continue
                hit = frozenset(c.id for c in members if visible(c))
                if hit and hit not in hits:
                    hits[hit] = tuple(placed)
        found = self._from[(at, focus.id if focus else None)] = (in_reach, list(hits.items()))
        return found

    def ranged_in_range(self, at: int) -> list[tuple[tuple[Character, ...], list[int]]]:
        """Who can be under the ranged area placed from `at` (sight aside), with the cells of
        the first such placement in range."""
        found = self._in_range.get(at)
        if found is None:
            found = self._in_range[at] = []
            apart = self.in_range(at).isdisjoint
            for members, layouts in self.ranged_layouts().items():
                placed = next(filterfalse(apart, layouts), None)
                if placed is not None:
                    found.append((members, placed))
        return found

    def most_hit(self, at: int, heeded: list[Character]) -> int:
        """At most how many characters an attack from `at` can include (sight aside): no
        placement from there has a bigger group."""
        extra = max(0, self.extra)
        if not self.area_attack:
            return min(1 + extra, len(heeded))
        key = (at, len(heeded))  # every character, or the focus alone
        under = self._under.get(key)
        if under is None:
            ids = {c.id for c in heeded}
            if self.melee_area:
                crowds = [[c for c in heeded if c.at in cells] for cells in self.melee_areas(at)]
            else:
                crowds = [[c for c in m if c.id in ids] for m, _ in self.ranged_in_range(at)]
            under = max(map(len, crowds), default=0)
            self._under[key] = under
        return min(under + extra, len(heeded))

    def ranged_layouts(self) -> dict[tuple[Character, ...], list[list[int]]]:
        """Every placement of the ranged area over a character, grouped by who is under it."""
        if self._layouts is None:
            self._layouts = {}
            for anchor in self.characters:
                for cells in self.ranged_areas(anchor.at):
                    members = tuple(c for c in self.characters if c.at in cells)
                    self._layouts.setdefault(members, []).append(cells)
        return self._layouts

    def placements(self, at: int, focus: Character, heeded: list[Character]) -> list[_Placement]:
        """The distinct ways to attack from `at` that can include the focus."""
        if not self.area_attack:
            if self.extra <= 0:
                # The focus is its one target: whom else it could reach does not matter.
                if self.in_reach(at, focus.at) and self.sees(focus.at, at):
                    return [_Placement(frozenset((focus.id,)), (), 0)]
                return []
            in_reach, _ = self._attacks_from(at)
            if len(heeded) < len(self.characters):
                heeded_ids = {c.id for c in heeded}
                in_reach = [c for c in in_reach if c.id in heeded_ids]
            if focus not in in_reach:
                return []
            count = min(1 + max(0, self.extra), len(in_reach))
            pool = tuple(c for c in in_reach if c is not focus)
            return [_Placement(frozenset((focus.id,)), pool, count - 1)]
        # With no extra target, only the areas that hit the focus are worth placing.
        only = focus if self.extra <= 0 else None
        return [
            p
            for p in self._area_placements(at, heeded, only)
            if focus.id in p.hit or (p.extra > 0 and focus in p.pool)
        ]

    def _area_placements(
        self, at: int, heeded: list[Character], focus: Character | None
    ) -> list[_Placement]:
        """Every distinct area attack from `at` on the heeded characters, whoever the focus
        or (`focus`) those that hit it (kept: each focus of a tie asks again)."""
        key = (at, tuple(c.id for c in heeded), focus.id if focus else None)
        found = self._areas.get(key)
        if found is not None:
            return found
        in_reach, hits = self._attacks_from(at, focus)
        heeded_ids = {c.id for c in heeded}
        if len(heeded) < len(self.characters):
            in_reach = [c for c in in_reach if c.id in heeded_ids]
        out: dict[frozenset[str], _Placement] = {}
        for hit, cells in hits:
            hit = hit & heeded_ids
            if not hit or hit in out:
                continue
            pool = tuple(c for c in in_reach if c.id not in hit)
            out[hit] = _Placement(hit, pool, min(self.extra, len(pool)), cells)
        found = self._areas[key] = list(out.values())
        return found

    def choices(
        self, at: int, p: _Placement, focus: Character
    ) -> tuple[int, int, Key, Callable[[], list[frozenset[str]]]]:
        """(best tail of the group key, the groups that reach it) for one placement: the
        extra targets are chosen by rank (or, in Frosthaven, to avoid disadvantage)."""
        grid = self.grid
        hit, slots = p.hit, p.extra
        pool = list(p.pool)
        if focus.id not in hit:
            hit = hit | {focus.id}
            pool.remove(focus)
            slots -= 1
        size = len(hit) + slots
        if self.variant.rank_extra_targets:
            layers: dict[int, list[Character]] = {}
            for c in pool:
                layers.setdefault(self.rank[c.id], []).append(c)
            per_rank = [0] * self.ranks
            for cid in hit:
                per_rank[self.rank[cid]] += 1
            fixed, free, room = list(hit), [], slots
            for r in sorted(layers):
                members = layers[r]
                if room <= 0:
                    break
                take = min(room, len(members))
                per_rank[r] += take
                if take == len(members):
                    fixed += [c.id for c in members]
                else:
                    free = [c.id for c in members]
                room -= take
            pick = slots - (len(fixed) - len(hit))
            tail = tuple(-n for n in per_rank)
            base = frozenset(fixed)
            return size, 0, tail, lambda: [base | frozenset(x) for x in combinations(free, pick)]
        wary = self.wary
        far = [c.id for c in pool if not (wary and grid.adjacent(at, c.at))]
        close = [c.id for c in pool if wary and grid.adjacent(at, c.at)]
        against = sum(1 for cid in hit if wary and grid.adjacent(at, self.by_id[cid].at))
        if len(far) >= slots:
            base, free, pick = hit, far, slots
        else:
            base, free, pick = hit | frozenset(far), close, slots - len(far)
        return (
            size,
            against + max(0, slots - len(far)),
            (-size,),
            lambda: [base | frozenset(x) for x in combinations(free, pick)],
        )

    def hexes_near(self, focus: Character) -> list[int]:
        """Hexes from which an attack could include the focus (a superset)."""
        grid = self.grid
        if not self.area_attack:
            return grid.hexes_around(focus.at, self.reach_limit)
        limit = self.area_reach
        # The hexes at most `limit` from it, walls or not.
        q0, r0 = to_axial(grid.cell(focus.at))
        width, height = grid.width, grid.height
        found = []
        for dr in range(-limit, limit + 1):
            r = r0 + dr
            if not 0 <= r < height:
                continue
            for dq in range(max(-limit, -limit - dr), min(limit, limit - dr) + 1):
                col = q0 + dq + (r - (r & 1)) // 2
                if 0 <= col < width:
                    found.append(r * width + col)
        return found

    def plan_for_focus(self, plan: TurnPlan, focus: Character, heeded: list[Character]) -> None:
        grid, moves, monster, variant = self.grid, self.moves, self.monster, self.variant
        first = variant.focus_disadvantage_first
        # 2. The best group of targets over every hex (this turn or later).
        best: Key | None = None
        groups: set[frozenset[str]] = set()
        stages: dict[int, Key] = {}
        # A hex's ways to attack, worked out (sight asked) only where they can matter.
        options: dict[int, list[_Placement] | None] = {}
        # Immobile, it stays where it stands (even on a hex it could not end a move on).
        # Else the cheapest first: the best is found early.
        hexes = [monster.at] if monster.immobile else self.cheapest_first(self.hexes_near(focus))
        for at in hexes:
            traps, cost = moves.traps[at], moves.cost[at]
            now = -int(cost <= monster.move)
            against_focus = int(self.wary and grid.adjacent(at, focus.at))
            stage: Key = (traps, now, against_focus) if first else (traps, now)
            if best is not None and stage > best[: len(stage)]:
                continue
            stages[at] = stage
            if best is not None:
                # No group from here can be as good as the best: step 3 may still want it.
                # (In Frosthaven the targets at disadvantage, at least none, come first.)
                most = self.most_hit(at, heeded)
                head = (*stage, -most, cost) if first else (*stage, -most, 0, cost)
                if head > best[: len(head)]:
                    options[at] = None
                    continue
            options[at] = found = self.placements(at, focus, heeded)
            for p in found:
                # The group's size is known before its members are chosen (the focus takes
                # an extra slot when the area misses it): a key already worse from there
                # needs no choosing.
                size = len(p.hit) + p.extra
                head = (*stage, -size, cost) if first else (*stage, -size)
                if best is not None and head > best[: len(head)]:
                    continue
                size, disadvantaged, tail, pick = self.choices(at, p, focus)
                key = (
                    (*stage, -size, cost, *tail)
                    if first
                    else (*stage, -size, disadvantaged, cost, *tail)
                )
                if best is None or key < best:
                    best, groups = key, set(pick())
                elif key == best:
                    groups.update(pick())
        if best is None:
            return
        plan.group_key = best
        # 3. Among hexes as good, the fewest targets at disadvantage, then the shortest move.
        stage_best = best[:3] if first else best[:2]
        chosen: dict[tuple[int, frozenset[str]], tuple[int, ...]] = {}
        top: tuple[int, int] | None = None
        size = len(next(iter(groups)))  # the best key has the group's size in it
        for at, stage in stages.items():
            cost = moves.cost[at]
            if stage != stage_best or (top is not None and (0, cost) > top):
                continue
            close: set[str] | None = None  # the characters next to it (wary of them)
            ways = options[at]
            if ways is None:
                ways = options[at] = self.placements(at, focus, heeded)
            for p in ways:
                if len(p.hit) + p.extra != size:
                    continue
                pool: set[str] | None = None
                for group in groups:
                    if not p.hit <= group:
                        continue
                    added = group - p.hit
                    if added:
                        if pool is None:
                            pool = {c.id for c in p.pool}
                        if not added <= pool:
                            continue
                    disadvantaged = 0
                    if self.wary:
                        if close is None:
                            close = {c.id for c in self.characters if grid.adjacent(at, c.at)}
                        disadvantaged = len(group & close)
                    key = (disadvantaged, cost)
                    if top is None or key < top:
                        top, chosen = key, {(at, group): p.cells}
                    elif key == top:
                        chosen.setdefault((at, group), p.cells)
        if best[1] == -1:
            for (at, group), cells in chosen.items():
                attacks = monster.targets > 0
                action = Action(at, group if attacks else frozenset(), cells if attacks else ())
                plan.actions.setdefault(action, set()).add(focus.id)
            return
        # 4. Out of reach: move where the remaining way to one of those hexes is least.
        within = moves.ends_within(monster.move)
        for goal in sorted({at for at, _ in chosen}):
            plan.goals.append(goal)
            traps_to, cost_to = moves.to_target(goal, within)
            top_move, stops = None, []
            for at in within:
                key = (traps_to[at] + moves.traps[at], cost_to[at], moves.cost[at])
                if top_move is None or key < top_move:
                    top_move, stops = key, [at]
                elif key == top_move:
                    stops.append(at)
            for at in stops:
                plan.actions.setdefault(Action(at, frozenset()), set()).add(focus.id)
