"""Shortest-path search in plain Python, for small boards and short moves.

On a few hundred cells this is as quick as the C search and spares a small
`foebook decide` the start-up cost of numpy and tcod. Same contract as
search_tcod.TcodSearch; a property test checks that both give the same costs
(DistanceField rebuilds paths from the costs, the same way for both).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from desktop.engine import hex_geometry
from desktop.engine.board import Board, Cell, Terrain
from desktop.engine.board_cache import board_cache
from desktop.engine.geometry import Neighbourhood, offsets
from desktop.engine.movement_rules import MovementRules


@board_cache
def _enterable(board: Board) -> frozenset[Cell]:
    return frozenset(c for t in Terrain if t.passable for c in board.cells_of(t))


class PythonSearch:
    def __init__(
        self,
        board: Board,
        rules: MovementRules,
        roots: tuple[Cell, ...],
        blocked: frozenset[Cell],
        limit: int | None,
        reverse: bool,
    ) -> None:
        self._dist: dict[Cell, int] = {}
        open_cells = _enterable(board) - blocked
        hexes = rules.neighbourhood is Neighbourhood.HEX
        steps = () if hexes else offsets(rules.neighbourhood)
        extra = {t: c for t, c in rules.extra_cost.items() if c}
        uniform = not extra and (hexes or rules.straight_cost == rules.diagonal_cost)
        straight, diagonal = rules.straight_cost, rules.diagonal_cost
        terrain = board.terrain
        dist = self._dist
        heap = [(0, i, root) for i, root in enumerate(roots) if board.in_bounds(root)]
        heapq.heapify(heap)
        counter = len(heap)
        best = {root: 0 for _, _, root in heap}
        while heap:
            cost, _, cell = heapq.heappop(heap)
            if cell in dist:
                continue
            dist[cell] = cost
            x, y = cell
            around = (
                hex_geometry.hex_neighbours(cell)
                if hexes
                else [(x + dx, y + dy) for dx, dy in steps]
            )
            for nxt in around:
                if nxt not in open_cells or nxt in dist:
                    continue
                if uniform:
                    step = straight
                else:
                    step = diagonal if (nxt[0] != x and nxt[1] != y and not hexes) else straight
                    # Forward: pay for entering nxt. Reverse: the mover walks nxt -> cell.
                    step += extra.get(terrain(cell if reverse else nxt), 0)
                total = cost + step
                if limit is not None and total > limit:
                    continue
                if total < best.get(nxt, total + 1):
                    best[nxt] = total
                    counter += 1
                    heapq.heappush(heap, (total, counter, nxt))

    def raw(self, cell: Cell) -> int | None:
        return self._dist.get(cell)

    def items(self) -> Iterator[tuple[Cell, int]]:
        return iter(self._dist.items())
