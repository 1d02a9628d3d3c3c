"""Moving a limited distance toward one goal cell: where a figure ends and by which path.

"Move up to N toward X" is how several rulesets word movement. The end cell is
the reachable, unoccupied cell from which the rest of the way to the goal is
cheapest; a cheaper move wins among those, then the straight line nearer the
goal; cells still equal are returned together (a tie for the players).

The rest of the way is measured over terrain alone (units may move by then),
with a reverse distance field from the goal (the cost of walking *to* it),
kept on the immutable board per goal and movement rules. Blocked cells are
not part of that measure: the figure never enters them, but does not plan a
detour around them beyond what its own move covers.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from desktop.engine.board import Board, Cell
from desktop.engine.board_cache import BoardCache
from desktop.engine.movement import DistanceField, shared_field
from desktop.engine.movement_rules import MovementRules


@dataclass(frozen=True)
class Approach:
    ends: tuple[Cell, ...]  # equally good end cells; the first is the main answer
    paths: tuple[tuple[Cell, ...], ...]  # cells entered to reach each end (start excluded)
    spent: float  # movement used to reach ends[0]
    before: float | None  # cost still to go from the start (None: goal unreachable)
    after: float | None  # cost still to go from ends[0]

    @property
    def moved(self) -> bool:
        return bool(self.paths[0])


_KEPT_FIELDS = 64  # bounded goal fields kept per board, least recently made dropped first
# (rules key, scale, goal) -> (the bound it was searched to, the field)
_GOAL_FIELDS: BoardCache[OrderedDict[tuple[object, ...], tuple[int, DistanceField]]] = BoardCache(
    "approach goal fields", lambda _board: OrderedDict()
)


def goal_field(
    board: Board, rules: MovementRules, goal: Cell, start: Cell | None = None, budget: float = 0
) -> DistanceField:
    """The cost of walking from cells around `start` to `goal`, over terrain alone.

    A goal a few steps away gets a field bounded to its neighbourhood (much
    cheaper than the whole board); it is kept on the board and reused while it
    is wide enough, else the full-board field (shared with other callers) is
    used. Cells the bounded field does not reach lie farther from the goal than
    the start plus twice the move, so no move toward the goal ends there.
    """
    if start is None:
        return shared_field(board, rules, [goal], reverse=True)
    scale = rules.scale
    step = min(rules.straight_cost, rules.diagonal_cost)
    dx, dy = abs(start[0] - goal[0]), abs(start[1] - goal[1])
    # the cheapest conceivable route between them, and what the move needs beyond it
    floor = (min(dx, dy) * rules.diagonal_cost + abs(dx - dy) * rules.straight_cost) // step
    needed = round(2 * budget * scale) + 2 * rules.diagonal_cost
    key = (rules.cache_key(), scale, goal)
    kept = _GOAL_FIELDS(board)
    cached = kept.get(key)
    if cached is not None:
        bound, field = cached
        here = field.raw(start)
        if here is not None and here + needed <= bound:
            return field
    bound = 2 * (floor * step + needed)
    if bound >= (board.width + board.height) * rules.diagonal_cost:
        return shared_field(board, rules, [goal], reverse=True)
    field = DistanceField(board, rules, [goal], reverse=True, max_cost=bound / scale)
    here = field.raw(start)
    if here is None or here + needed > bound:
        return shared_field(board, rules, [goal], reverse=True)
    kept[key] = (bound, field)
    kept.move_to_end(key)
    if len(kept) > _KEPT_FIELDS:
        kept.popitem(last=False)
    return field


_KEPT_LOOKUPS = 64
# id(field) -> (the field, its cells looked up so far); the field is kept to tell a reused id
_LEFTS: BoardCache[OrderedDict[int, tuple[DistanceField, dict[Cell, int | None]]]] = BoardCache(
    "approach look-ups", lambda _board: OrderedDict()
)


def _lefts(board: Board, field: DistanceField) -> dict[Cell, int | None]:
    """Look-ups already made in a goal field (several moves scan the same cells); kept for
    the most recently used fields only."""
    cache = _LEFTS(board)
    found = cache.get(id(field))
    if found is None or found[0] is not field:
        found = cache[id(field)] = (field, {})
        if len(cache) > _KEPT_LOOKUPS:
            cache.popitem(last=False)
    else:
        cache.move_to_end(id(field))
    return found[1]


def approach(
    board: Board,
    rules: MovementRules,
    start: Cell,
    goal: Cell,
    budget: float,
    *,
    blocked: Iterable[Cell] = (),
    occupied: Iterable[Cell] = (),
    field: DistanceField | None = None,
    reached: Mapping[Cell, float] | None = None,
) -> Approach:
    """Where a figure at `start` ends after moving up to `budget` toward `goal`.

    `blocked` cells are never entered; `occupied` cells may be passed but not
    ended on. A figure that cannot get any closer stays at `start`. Several
    moves from the same start may share one `field` (it must reach at least
    `budget`) and its `reached` cells (`field.reachable()`, any wider limit).
    """
    if field is None:
        field = DistanceField(board, rules, [start], blocked=blocked, max_cost=budget)
    if reached is None:
        reached = field.reachable(budget)
    taken = set(occupied)
    taken.discard(start)
    scale = rules.scale
    to_goal = goal_field(board, rules, goal, start, budget)
    here = to_goal.raw(start)
    lefts = _lefts(board, to_goal)
    limit = budget + 1e-9
    best_key: tuple[int, float] | None = None
    best: list[Cell] = []
    for cell, spent in reached.items():
        if spent > limit or cell in taken:
            continue
        left = lefts.get(cell, -1)
        if left == -1:
            left = lefts[cell] = to_goal.raw(cell)
        if left is None:
            continue
        key = (left, spent)
        if best_key is None or key < best_key:
            best_key, best = key, [cell]
        elif key == best_key:
            best.append(cell)
    if best_key is None or here is None or best_key[0] >= here:
        return Approach((start,), ((),), 0.0, _inches(here, scale), _inches(here, scale))
    nearest = min(math.dist(c, goal) for c in best)
    best = sorted(
        (c for c in best if math.isclose(math.dist(c, goal), nearest)), key=lambda c: (c[1], c[0])
    )
    paths = tuple(tuple(field.path_to(c)) for c in best)
    return Approach(
        tuple(best), paths, float(best_key[1]), _inches(here, scale), _inches(best_key[0], scale)
    )


def _inches(raw: int | None, scale: int) -> float | None:
    return None if raw is None else raw / scale
