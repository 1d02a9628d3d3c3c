"""Closest-by-path destination search and where a mover stops on the way to one.

Shared by every ruleset that says "move toward the closest cell where ...":
`closest_cells` ranks candidate cells by path cost from a `DistanceField`
and keeps every cell tied at the lowest cost (ties are the players' to break);
`stops_toward` says where a mover with a limited budget ends up when it
follows any cheapest route to a destination, stopping on arrival.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from desktop.engine.board import Cell
from desktop.engine.movement import DistanceField


class MemoField:
    """A `DistanceField` whose `raw` answers are remembered.

    Deciding one figure asks the same cells' costs again and again (closest
    search, route ends, approach squares); a dict lookup is far cheaper than
    asking the search each time. Everything else is passed through.
    """

    def __init__(self, field: DistanceField, prefill: bool = False) -> None:
        self.field = field
        self.board = field.board
        self.rules = field.rules
        # Prefilled: every reached cell is read in one bulk pass (cheap on square
        # boards), and a cell missing from the dict is unreachable.
        self._complete = prefill
        self._raw: dict[Cell, int | None] = {}
        self._paths: dict[Cell, list[Cell]] = {}
        self._within: dict[int, tuple[tuple[Cell, int], ...]] = {}
        self._entries: dict[int, Callable[[Sequence[Cell]], list[Cell]] | None] = {}
        if prefill:
            scale = field.rules.scale
            self._raw = {c: round(v * scale) for c, v in field.reachable().items()}

    def raw(self, cell: Cell) -> int | None:
        try:
            return self._raw[cell]
        except KeyError:
            if self._complete:
                return None
            value = self._raw[cell] = self.field.raw(cell)
            return value

    def path_to(self, cell: Cell) -> list[Cell]:
        found = self._paths.get(cell)
        if found is None:
            found = self._paths[cell] = self.field.path_to(cell)
        return list(found)

    def reachable(self, limit: float | None = None) -> dict[Cell, float]:
        return self.field.reachable(limit)

    def raw_within(self, bound: int | None = None) -> Iterator[tuple[Cell, int]]:
        """Remembered per bound (a move's worth of cells, read again for every destination
        a figure's stops are asked toward); the whole board is not kept."""
        if bound is None:
            return self.field.raw_within(bound)
        found = self._within.get(bound)
        if found is None:
            found = self._within[bound] = tuple(self.field.raw_within(bound))
        return iter(found)

    def onward(self, goals: Sequence[Cell], total: int) -> Callable[[Cell], bool]:
        return self.field.onward(goals, total)

    def entries(self, budget: int) -> Callable[[Sequence[Cell]], list[Cell]] | None:
        """DistanceField.entries, made once per budget: every goal asked shares its pass."""
        if budget not in self._entries:
            self._entries[budget] = self.field.entries(budget)
        return self._entries[budget]


@dataclass(frozen=True)
class Closest:
    """The cheapest reachable candidates: their raw cost and every cell tied at it."""

    cost: int | None  # raw cost in the field's 1/scale units; None when nothing is reachable
    cells: tuple[Cell, ...]
    considered: int  # how many candidates were looked at

    @property
    def found(self) -> bool:
        return bool(self.cells)


def closest_cells(
    field: DistanceField | MemoField,
    candidates: Iterable[Cell],
    accept: Callable[[Cell], bool] | None = None,
    lower_bound: Callable[[Cell], int] | None = None,
) -> Closest:
    """The reachable candidates with the lowest path cost (all of them when tied).

    `accept`, when given, is an expensive test (sight, range) run lazily: only
    on candidates at the cheapest cost level still in play, so far-away cells
    are never tested once a nearer level has an accepted cell. `lower_bound`,
    when given, is a cheap cost no route can beat (straight-line steps): cells
    whose bound exceeds the best cost found are never looked up at all.
    """
    if lower_bound is not None:
        return _closest_bounded(field, candidates, accept, lower_bound)
    by_cost: dict[int, list[Cell]] = {}
    considered = 0
    for cell in candidates:
        considered += 1
        cost = field.raw(cell)
        if cost is not None:
            by_cost.setdefault(cost, []).append(cell)
    for cost in sorted(by_cost):
        cells = by_cost[cost]
        if accept is not None:
            cells = [c for c in cells if accept(c)]
        if cells:
            return Closest(cost, tuple(sorted(set(cells))), considered)
    return Closest(None, (), considered)


def _closest_bounded(
    field: DistanceField | MemoField,
    candidates: Iterable[Cell],
    accept: Callable[[Cell], bool] | None,
    lower_bound: Callable[[Cell], int],
) -> Closest:
    ordered = sorted(set(candidates), key=lambda c: (lower_bound(c), c))
    best: int | None = None
    found: list[Cell] = []
    considered = 0
    for cell in ordered:
        if best is not None and lower_bound(cell) > best:
            break
        considered += 1
        cost = field.raw(cell)
        if cost is None or (best is not None and cost > best):
            continue
        if accept is not None and not accept(cell):
            continue
        if best is None or cost < best:
            best, found = cost, [cell]
        else:
            found.append(cell)
    return Closest(best, tuple(sorted(found)), considered)


def stops_toward(
    field: DistanceField | MemoField,
    destination: Cell,
    budget: int,
    can_stop: Callable[[Cell], bool] | None = None,
    lower_bound: Callable[[Cell], int] | None = None,
) -> tuple[Cell, ...]:
    """Cells where a mover with `budget` (raw units) stops, following a cheapest route.

    It stops on arrival when the destination is within budget. Otherwise it
    ends on the farthest-along cell it can afford on *some* cheapest route to
    the destination; several such cells mean the route is the players' choice.
    `can_stop` excludes cells it may pass but not end on (a large figure
    squeezing through a passage); it then ends on the farthest cell of those
    routes it may stop on, the start at worst. `lower_bound` (a cost no route
    to a cell can beat) lets the walk skip cells without asking the field.
    Empty when the destination cannot be reached.
    """
    return stops_toward_any(field, (destination,), budget, can_stop, lower_bound)


def stops_toward_any(
    field: DistanceField | MemoField,
    destinations: Iterable[Cell],
    budget: int,
    can_stop: Callable[[Cell], bool] | None = None,
    lower_bound: Callable[[Cell], int] | None = None,
    *,
    many: bool = False,
) -> tuple[Cell, ...]:
    """`stops_toward` for several equally good destinations at once (one search for all).

    Only the cheapest reachable destinations count. Those within budget are
    where it stops (on arrival); otherwise the farthest-along affordable cells
    on a cheapest route to any of them.

    The cells it can afford are few (a move's worth) even when the destination is far:
    each, dearest first, is checked for a cheapest route onward to a destination
    (DistanceField.onward). Walking back from the destinations instead crossed every
    cell of every cheapest route, thousands on a big board, for each destination.
    `lower_bound` is no longer needed and kept for callers.

    `many`: the caller asks this field about many destinations (a route for each of
    dozens of heroes): on a MemoField with equal step costs, the affordable cells on
    cheapest routes come from one shared pass over the field (MemoField.entries) rather
    than a route search per call. The answer is the same.
    """
    costs = {d: c for d in destinations if (c := field.raw(d)) is not None}
    if not costs:
        return ()
    total = min(costs.values())
    goals = sorted(d for d, c in costs.items() if c == total)
    allowed = can_stop or (lambda _cell: True)
    arrived = [d for d in goals if total <= budget and allowed(d)]
    if arrived:
        return tuple(arrived)
    if many and isinstance(field, MemoField) and budget >= 0:
        entries = field.entries(budget)
        if entries is not None:
            stops = [c for c in entries(goals) if allowed(c)]
            if stops:
                return tuple(sorted(stops))
    on_route = field.onward(goals, total)
    by_cost: dict[int, list[Cell]] = {}
    for cell, cost in field.raw_within(budget):
        by_cost.setdefault(cost, []).append(cell)
    for cost in sorted(by_cost, reverse=True):
        stops = [c for c in by_cost[cost] if c not in goals and allowed(c) and on_route(c)]
        if stops:
            return tuple(sorted(stops))
    return ()
