"""Moving a limited distance toward one goal cell: where a figure ends and by which path.

"Move up to N toward X" is how several rulesets word movement. The end cell is
the reachable, unoccupied cell from which the rest of the way to the goal is
cheapest; a cheaper move wins among those, then the straight line nearer the
goal; cells still equal are returned together (a tie for the players).

The rest of the way is measured over terrain alone (units may move by then),
with a distance field grown outward from the goal. Growing outward charges
the cost of entering each cell on the way *out*; walking *in* charges the cells
entered toward the goal instead, so the two differ by exactly the extra cost
of the end cell and of the goal: `remaining` corrects for that, so the figure
is exact for any step rules whose base step costs are symmetric.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from desktop.engine.board import Board, Cell
from desktop.engine.movement import DistanceField, MovementRules


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


def goal_field(board: Board, rules: MovementRules, goal: Cell) -> DistanceField:
    """Terrain-only distance field grown from `goal`; cached on the (immutable) board."""
    key = ("goal-field", _rules_key(rules), goal)
    found = board.memo.get(key)
    if found is None:
        found = board.memo[key] = DistanceField(board, rules, [goal])
    return found


def remaining_raw(board: Board, rules: MovementRules, goal: Cell, cell: Cell,
                  to_goal: DistanceField | None = None) -> int | None:
    """Cheapest cost, in 1/scale units, of walking from `cell` to `goal` over terrain."""
    raw = (to_goal or goal_field(board, rules, goal)).raw(cell)
    if raw is None:
        return None
    if cell == goal:
        return 0
    extra = rules.extra_cost
    return raw - extra.get(board.terrain(cell), 0) + extra.get(board.terrain(goal), 0)


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
) -> Approach:
    """Where a figure at `start` ends after moving up to `budget` toward `goal`.

    `blocked` cells are never entered; `occupied` cells may be passed but not
    ended on. A figure that cannot get any closer stays at `start`.
    """
    if field is None:
        field = DistanceField(board, rules, [start], blocked=blocked)
    taken = set(occupied)
    taken.discard(start)
    scale = rules.scale
    to_goal = goal_field(board, rules, goal)
    here = remaining_raw(board, rules, goal, start, to_goal)
    best_key = None
    best: list[Cell] = []
    for cell, spent in field.reachable(budget).items():
        if cell in taken:
            continue
        left = remaining_raw(board, rules, goal, cell, to_goal)
        if left is None:
            continue
        key = (left, spent, round(math.dist(cell, goal), 9))
        if best_key is None or key < best_key:
            best_key, best = key, [cell]
        elif key == best_key:
            best.append(cell)
    if best_key is None or here is None or best_key[0] >= here:
        return Approach((start,), ((),), 0.0, _inches(here, scale), _inches(here, scale))
    best.sort(key=lambda c: (c[1], c[0]))
    paths = tuple(tuple(field.path_to(c)) for c in best)
    return Approach(tuple(best), paths, float(best_key[1]), _inches(here, scale),
                    _inches(best_key[0], scale))


def _rules_key(rules: MovementRules) -> tuple:
    return (rules.neighbourhood, rules.straight_cost, rules.diagonal_cost, rules.scale,
            tuple(sorted((t.value, c) for t, c in rules.extra_cost.items())))


def _inches(raw: int | None, scale: int) -> float | None:
    return None if raw is None else raw / scale
