"""Movement costs and shortest paths on a board, for any ruleset's step rules.

`DistanceField` answers "what does it cost to get there, and which way": it runs
a plain-Python search on small boards and short bounded moves, and python-tcod's
C Dijkstra on large ones (see search_python.py and search_tcod.py for why, and
`search_backend` for the sizes).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from desktop.engine.board import Board, Cell
from desktop.engine.board_cache import BoardCache
from desktop.engine.geometry import Neighbourhood, neighbours
from desktop.engine.movement_rules import MovementRules
from desktop.engine.search_python import PythonSearch

if TYPE_CHECKING:  # imported when used: tcod is slow to load and small boards never need it
    from desktop.engine.search_tcod import TcodSearch

# Searches that may relax at most this many steps (cells x neighbours) run in Python, where
# they are faster than setting up tcod (measured: ~80 cells 8-way, ~160 orthogonal).
PYTHON_SEARCH_STEPS = 640
# A board whose whole-board search stays within this many steps is searched in Python
# throughout, so a small session never pays numpy's and tcod's import (~150 ms of process
# start-up). Both backends give the same costs, and paths are rebuilt the same way from the
# costs, so the choice never changes an answer.
SMALL_BOARD_STEPS = 2400
_NEIGHBOURS = {Neighbourhood.ORTHOGONAL: 4, Neighbourhood.HEX: 6, Neighbourhood.EIGHT_WAY: 8}


def _search_cells(
    board: Board, rules: MovementRules, roots: tuple[Cell, ...], limit: int | None
) -> int:
    """How many cells a search may touch: the board, or the window a bounded move allows."""
    if limit is None or not roots:
        return board.width * board.height
    reach = limit // max(1, min(rules.straight_cost, rules.diagonal_cost)) + 1
    cols = max(c for c, _ in roots) - min(c for c, _ in roots) + 2 * reach + 1
    rows = max(r for _, r in roots) - min(r for _, r in roots) + 2 * reach + 1
    return min(cols, board.width) * min(rows, board.height)


def search_backend(
    board: Board, rules: MovementRules, roots: tuple[Cell, ...], limit: int | None
) -> str:
    """ "python" or "tcod", by the size of the search and of the board alone."""
    per_cell = _NEIGHBOURS[rules.neighbourhood]
    if _search_cells(board, rules, roots, limit) * per_cell <= PYTHON_SEARCH_STEPS:
        return "python"
    if board.width * board.height * per_cell <= SMALL_BOARD_STEPS:
        return "python"
    return "tcod"


class DistanceField:
    """Cheapest cost from the root cells to every cell, never entering a `blocked` cell.

    `max_cost` bounds the search to what a mover can reach with that allowance;
    cells beyond it read as unreachable. With `reverse=True` the field holds the
    cost of moving from each cell *to* the nearest root, charging each step the
    cost of the cell entered, as a forward move would. `backend` ("python" or
    "tcod") is for tests; by default the size of the search decides.
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
        backend: str | None = None,
    ) -> None:
        self.board = board
        self.rules = rules
        self.roots = tuple(roots)
        self.reverse = reverse
        limit = None if max_cost is None else round(max_cost * rules.scale)
        if backend is None:
            backend = search_backend(board, rules, self.roots, limit)
        search_class: type[PythonSearch | TcodSearch] = PythonSearch
        if backend != "python":
            from desktop.engine.search_tcod import TcodSearch as search_class
        self._search = search_class(board, rules, self.roots, frozenset(blocked), limit, reverse)

    def raw(self, cell: Cell) -> int | None:
        """Cost in integer 1/scale units, or None when the cell cannot be reached (or is off
        the board: neither search ever reaches a cell outside it)."""
        return self._search.raw(cell)

    def cost(self, cell: Cell) -> float | None:
        value = self.raw(cell)
        if value is None:
            return None
        return value if self.rules.scale == 1 else value / self.rules.scale

    def reachable(self, limit: float | None = None) -> dict[Cell, float]:
        """Every reached cell (roots included) with its cost, optionally up to `limit`."""
        bound = None if limit is None else round(limit * self.rules.scale)
        scale = self.rules.scale
        return {
            cell: (value if scale == 1 else value / scale)
            for cell, value in self._search.items()
            if bound is None or value <= bound
        }

    def path_to(self, cell: Cell) -> list[Cell]:
        """Cells entered from the nearest root to `cell`, root excluded; [] when unreachable.

        Among equally cheap routes the same one is always chosen, whichever search ran:
        walking back from `cell`, each step goes to the first neighbour (in the board's
        fixed neighbour order) that lies on a cheapest route.
        """
        here = self.raw(cell)
        if here is None:
            return []
        path = [cell]
        while here:
            for prev in neighbours(self.board, path[-1], self.rules.neighbourhood):
                before = self.raw(prev)
                if (
                    before is not None
                    and before + self.rules.step_cost(self.board, prev, path[-1]) == here
                ):
                    path.append(prev)
                    here = before
                    break
            else:  # cannot happen for a consistent field; never loop forever
                raise RuntimeError(f"no cheapest predecessor for {path[-1]}")
        return path[-2::-1]

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
