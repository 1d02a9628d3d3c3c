"""Movement costs and shortest paths on a board, for any ruleset's step rules.

`DistanceField` answers "what does it cost to get there, and which way"; the
search itself runs in grid_search.py.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence

from desktop.engine.board import Board, Cell
from desktop.engine.board_cache import BoardCache
from desktop.engine.geometry import Neighbourhood, neighbours
from desktop.engine.grid_search import GridSearch
from desktop.engine.hex_geometry import to_axial
from desktop.engine.movement_rules import MovementRules


class DistanceField:
    """Cheapest cost from the root cells to every cell, never entering a `blocked` cell.

    `max_cost` bounds the search to what a mover can reach with that allowance;
    cells beyond it read as unreachable. With `reverse=True` the field holds the
    cost of moving from each cell *to* the nearest root, charging each step the
    cost of the cell entered, as a forward move would. `by_cell`: it is read cell
    by cell more than in order of cost (GridSearch: a whole big board's flood is faster).
    """

    def __init__(
        self,
        board: Board,
        rules: MovementRules,
        roots: Iterable[Cell],
        blocked: Iterable[Cell] = (),
        *,
        max_cost: float | None = None,
        reverse: bool = False,
        by_cell: bool = False,
    ) -> None:
        self.board = board
        self.rules = rules
        self.roots = tuple(roots)
        self.reverse = reverse
        limit = None if max_cost is None else round(max_cost * rules.scale)
        self._search = GridSearch(
            board, rules, self.roots, frozenset(blocked), limit, reverse, by_cell
        )

    def raw(self, cell: Cell) -> int | None:
        """Cost in integer 1/scale units, or None when the cell cannot be reached (or is off
        the board: the search never reaches a cell outside it)."""
        return self._search.raw(cell)

    def cost(self, cell: Cell) -> float | None:
        value = self.raw(cell)
        if value is None:
            return None
        return value if self.rules.scale == 1 else value / self.rules.scale

    def reachable(self, limit: float | None = None) -> dict[Cell, float]:
        """Every reached cell (roots included) with its cost, optionally up to `limit`,
        cheapest first."""
        bound = None if limit is None else round(limit * self.rules.scale)
        scale = self.rules.scale
        return {
            cell: (value if scale == 1 else value / scale) for cell, value in self.raw_within(bound)
        }

    def raw_within(self, bound: int | None = None) -> Iterator[tuple[Cell, int]]:
        """(cell, raw cost) of every reached cell up to `bound`, cheapest first: a short
        move on a big board reads a few cells, not the whole board."""
        for cell, value in self._search.items():
            if bound is not None and value > bound:
                return  # the search lists its cells in the order it settled them
            yield cell, value

    def onward(self, goals: Sequence[Cell], total: int) -> Callable[[Cell], bool]:
        """A test of whether a cell lies on a cheapest route to one of `goals`, reached
        at raw cost `total` (grid_search.GridSearch.onward)."""
        return self._search.onward(goals, total)

    def entries(self, budget: int) -> Callable[[Sequence[Cell]], list[Cell]] | None:
        """The dearest cells within raw cost `budget` on a cheapest route to given goals
        dearer than it, for many goals in one pass (GridSearch.entries); None when steps
        differ in cost."""
        return self._search.entries(budget)

    def path_to(self, cell: Cell) -> list[Cell]:
        """Cells entered from the nearest root to `cell`, root excluded; [] when unreachable.

        Among equally cheap routes, the one a player would walk: the fewest changes of
        direction (a straight line where one is as short as a zig-zag); a tie after that
        goes to the first neighbour in the board's fixed neighbour order, walking back
        from `cell`, so the same route is always chosen.
        """
        here = self.raw(cell)
        if here is None:
            return []
        return _straightest(cell, self._predecessors, self._heading, self._cost)[1:]

    def _predecessors(self, cell: Cell) -> list[Cell]:
        """The neighbours a cheapest route to `cell` comes from, in the fixed order."""
        raw = self._search.raw
        here = raw(cell)
        if not here:
            return []
        quick = self._search.steps_into(cell)
        if quick is not None:
            return quick
        step_cost, board = self.rules.step_cost, self.board
        # Every step costing the same (no terrain costs extra), the cost need not be asked.
        uniform = self._search.uniform_step
        found = []
        for prev in neighbours(board, cell, self.rules.neighbourhood):
            before = raw(prev)
            if (
                before is not None
                and before + (uniform if uniform is not None else step_cost(board, prev, cell))
                == here
            ):
                found.append(prev)
        if not found:  # cannot happen for a consistent field
            raise RuntimeError(f"no cheapest predecessor for {cell}")
        return found

    def _cost(self, cell: Cell) -> int:
        return self.raw(cell) or 0

    def _heading(self, a: Cell, b: Cell) -> tuple[int, int]:
        """The direction of the step from `a` to `b` (on hexes, in axial coordinates, the
        same whatever the row)."""
        if self.rules.neighbourhood is Neighbourhood.HEX:
            (qa, ra), (qb, rb) = to_axial(a), to_axial(b)
            return qb - qa, rb - ra
        return b[0] - a[0], b[1] - a[1]

    def route_from(self, cell: Cell) -> list[Cell]:
        """For a reverse field: the cells a mover at `cell` enters to reach the nearest root,
        chosen among equally cheap routes the same way as path_to."""
        here = self.raw(cell)
        if here is None:
            return []
        route = [cell]
        while here:
            for nxt in neighbours(self.board, route[-1], self.rules.neighbourhood):
                after = self.raw(nxt)
                if (
                    after is not None
                    and after + self.rules.step_cost(self.board, route[-1], nxt) == here
                ):
                    route.append(nxt)
                    here = after
                    break
            else:
                raise RuntimeError(f"no cheapest next step from {route[-1]}")
        return route[1:]

    def cells_on_shortest_paths(self, goals: Iterable[Cell]) -> set[Cell]:
        """Every cell on some cheapest route from a root to the cheapest of `goals`."""
        reached = [(d, g) for g in goals if (d := self.raw(g)) is not None]
        if not reached:
            return set()
        best = min(d for d, _ in reached)
        frontier = [g for d, g in reached if d == best]
        seen = set(frontier)
        while frontier:
            cell = frontier.pop()
            here = self.raw(cell)
            if here == 0:
                continue
            for prev in neighbours(self.board, cell, self.rules.neighbourhood):
                before = self.raw(prev)
                if before is None or prev in seen:
                    continue
                if before + self.rules.step_cost(self.board, prev, cell) == here:
                    seen.add(prev)
                    frontier.append(prev)
        return seen


_SHARED_FIELDS = 64
# (rules key, roots, blocked, reverse) -> field, least recently used first
_FieldKey = tuple[tuple[object, ...], tuple[Cell, ...], frozenset[Cell], bool]
_SHARED: BoardCache[OrderedDict[_FieldKey, DistanceField]] = BoardCache(
    "shared fields", lambda _board: OrderedDict()
)


def shared_field(
    board: Board,
    rules: MovementRules,
    roots: Iterable[Cell],
    blocked: Iterable[Cell] = (),
    *,
    reverse: bool = False,
) -> DistanceField:
    """A full-board field reused by every caller asking the same question of the same board.

    Enemies of one round mostly head for the same few players over the same
    obstacles, so the field around a target is computed once and shared (a few
    dozen are kept per board, least recently used dropped first).
    """
    roots = tuple(sorted(set(roots)))
    blocked = frozenset(blocked)
    key = (rules.cache_key(), roots, blocked, reverse)
    cache = _SHARED(board)
    found = cache.get(key)
    if found is None:
        found = DistanceField(board, rules, roots, blocked, reverse=reverse)
        cache[key] = found
        if len(cache) > _SHARED_FIELDS:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return found


def _straightest(
    end: Cell,
    predecessors: Callable[[Cell], list[Cell]],
    heading: Callable[[Cell, Cell], tuple[int, int]],
    cost: Callable[[Cell], int],
) -> list[Cell]:
    """The route from a root to `end` (both included) over the cheapest-route steps
    `predecessors` gives, with the fewest changes of `heading`; ties go to the earlier
    predecessor. Worked out over every cell on a cheapest route, cheapest first."""
    # The cells on some cheapest route to `end`, cheapest first: each after its predecessors.
    back: dict[Cell, list[Cell]] = {}
    stack = [end]
    while stack:
        cell = stack.pop()
        if cell not in back:
            back[cell] = predecessors(cell)
            stack.extend(back[cell])
    order = sorted(back, key=cost)
    # turns[cell][h]: the fewest turns of a route from a root into `cell` by a step heading h
    # (None: `cell` is a root); came[cell][h]: the cell that step leaves from.
    turns: dict[Cell, dict[tuple[int, int] | None, int]] = {}
    came: dict[Cell, dict[tuple[int, int], Cell]] = {}
    for cell in order:
        if not back[cell]:
            turns[cell] = {None: 0}
            continue
        mine: dict[tuple[int, int] | None, int] = {}
        from_: dict[tuple[int, int], Cell] = {}
        for prev in back[cell]:
            h = heading(prev, cell)
            best = min(
                t + (before is not None and before != h) for before, t in turns[prev].items()
            )
            if h not in mine or best < mine[h]:
                mine[h], from_[h] = best, prev
        turns[cell], came[cell] = mine, from_
    route = [end]
    into: tuple[int, int] | None = None
    while back[route[-1]]:
        cell = route[-1]
        options = turns[cell]
        # The heading into `cell`: fewest turns counting the one onto `into`.
        h = min(
            (t + (into is not None and k != into), n, k)
            for n, (k, t) in enumerate(options.items())
            if k is not None
        )[2]
        route.append(came[cell][h])
        into = h
    return route[::-1]
