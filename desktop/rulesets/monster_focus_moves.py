"""monster-focus movement: what a move costs as (traps entered, movement points).

A step goes to a neighbour across no thin wall; a walking figure that steps onto ice
slides on (one point for the whole slide). Walking pays 1 more to enter difficult
terrain and counts every trap or hazardous hex it enters; a jump or a teleport counts only
the hex where it lands; flying counts none. Costs from the start (`from_start`) and to a
chosen hex (`to_target`) differ where ice, difficult terrain and traps make them uneven.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from desktop.rulesets.monster_focus_grid import FAR, Grid

Steps = list[list[tuple[int, int]]]  # per hex: (hex reached, movement points) per step
WALL, OBSTACLE, TRAP, HAZARD, ICY, DIFFICULT = "#", "x", "^", "%", "*", ","


@dataclass(frozen=True)
class Movement:
    """How the active monster moves this turn."""

    jump: bool = False
    flying: bool = False
    teleport: bool = False
    jump_pays_difficult: bool = False  # Gloomhaven: a jump landing on difficult terrain


class MoveMap:
    """The steps a monster can take on this board with these figures, and their costs."""

    def __init__(
        self,
        grid: Grid,
        start: int,
        movement: Movement,
        characters: frozenset[int],
        allies: frozenset[int],
    ) -> None:
        self.grid = grid
        self.start = start
        self.movement = movement
        terrain = grid.terrain
        walking = not (movement.jump or movement.flying or movement.teleport)
        self.landing_only = movement.jump or movement.teleport
        self.trap = tuple(not movement.flying and t in (TRAP, HAZARD) for t in terrain)
        self.extra = tuple(int(t == DIFFICULT) for t in terrain)
        n = len(terrain)
        if movement.teleport:
            passable = [True] * n
        elif walking:
            passable = [
                t not in (WALL, OBSTACLE) and i not in characters for i, t in enumerate(terrain)
            ]
        else:
            passable = [t != WALL for t in terrain]
        # Its own hex is no exception: a walking or jumping monster that starts on an
        # obstacle may not end its move there (flying ones may).
        blocked_end = (WALL,) if movement.flying else (WALL, OBSTACLE)
        self.can_end = tuple(
            terrain[i] not in blocked_end and i not in characters and i not in allies
            for i in range(n)
        )
        self.icy = walking and ICY in terrain
        if self.icy:  # slides stop before figures: the steps depend on where they stand
            self.blocked: frozenset[int] = frozenset()
            self.steps: Steps = _steps(grid, passable, walking, allies)
        else:  # the board's own steps; characters are stepped round during the search
            self.blocked = characters if walking else frozenset()
            memo_key = ("steps", walking, movement.teleport, movement.jump or movement.flying)
            if memo_key not in grid.memo:
                open_ground = (
                    passable if not walking else [t not in (WALL, OBSTACLE) for t in terrain]
                )
                grid.memo[memo_key] = _steps(grid, open_ground, walking, frozenset())
            self.steps = grid.memo[memo_key]
        self._reverse: list[list[tuple[int, int]]] | None = None
        self.traps, self.cost, self.previous = self._search(start, self.steps)
        if movement.jump and not movement.teleport and movement.jump_pays_difficult:
            self.cost = [
                c + self.extra[i] if c < FAR and i != start else c for i, c in enumerate(self.cost)
            ]

    def _search(self, origin: int, steps: Steps) -> tuple[list[int], list[int], list[int]]:
        n = len(steps)
        traps, cost, previous = [FAR] * n, [FAR] * n, [-1] * n
        traps[origin] = cost[origin] = 0
        if self.landing_only:  # only the landing hex can be a trap: plain shortest steps
            queue = deque([origin])
            blocked = self.blocked
            while queue:
                u = queue.popleft()
                for v, c in steps[u]:
                    if cost[v] == FAR and v not in blocked:
                        cost[v] = cost[u] + c
                        previous[v] = u
                        queue.append(v)
            for v in range(n):
                if cost[v] < FAR and v != origin:
                    traps[v] = int(self.trap[v])
            return traps, cost, previous
        heap = [(0, 0, origin)]
        blocked = self.blocked
        while heap:
            t, c, u = heapq.heappop(heap)
            if (t, c) != (traps[u], cost[u]):
                continue
            for v, step_cost in steps[u]:
                if v in blocked:
                    continue
                key = (t + self.trap[v], c + step_cost)
                if key < (traps[v], cost[v]):
                    traps[v], cost[v] = key
                    previous[v] = u
                    heapq.heappush(heap, (key[0], key[1], v))
        return traps, cost, previous

    def to_target(self, target: int) -> tuple[list[int], list[int]]:
        """(traps, movement points) from every hex to `target`."""
        if self._reverse is None:
            memo_key = ("reverse", id(self.steps))
            if self.icy:
                self._reverse = _reversed(self.steps)
            else:  # the board's own steps, kept on the grid with them
                if memo_key not in self.grid.memo:
                    self.grid.memo[memo_key] = _reversed(self.steps)
                self._reverse = self.grid.memo[memo_key]
        if self.landing_only:
            _, cost, _ = self._search(target, self._reverse)
            landing_trap = int(self.trap[target])
            extra = (
                self.extra[target]
                if (
                    self.movement.jump
                    and not self.movement.teleport
                    and self.movement.jump_pays_difficult
                )
                else 0
            )
            traps = [
                0 if i == target else (landing_trap if c < FAR else FAR) for i, c in enumerate(cost)
            ]
            cost = [c if i == target or c >= FAR else c + extra for i, c in enumerate(cost)]
            return traps, cost
        # Walking the way back: entering hex v costs its trap, whichever way it is crossed,
        # so a reverse search charges the trap of the hex a step leads into.
        n = len(self.steps)
        traps, cost = [FAR] * n, [FAR] * n
        traps[target] = cost[target] = 0
        heap = [(0, 0, target)]
        while heap:
            t, c, v = heapq.heappop(heap)
            if (t, c) != (traps[v], cost[v]):
                continue
            for u, step_cost in self._reverse[v]:
                if u in self.blocked:
                    continue
                key = (t + self.trap[v], c + step_cost)
                if key < (traps[u], cost[u]):
                    traps[u], cost[u] = key
                    heapq.heappush(heap, (key[0], key[1], u))
        return traps, cost

    def path_to(self, cell: int) -> list[int]:
        path = []
        while cell >= 0 and cell != self.start:
            path.append(cell)
            cell = self.previous[cell]
        return path[::-1]


def _steps(
    grid: Grid, passable: list[bool], walking: bool, allies: frozenset[int]
) -> list[list[tuple[int, int]]]:
    """Per hex, the (hex reached, movement points) of each step from it."""
    icy = [walking and t == ICY for t in grid.terrain]
    extra = [int(walking and t == DIFFICULT) for t in grid.terrain]
    steps: list[list[tuple[int, int]]] = []
    for u, around in enumerate(grid.neighbours):
        out = []
        for d, v in enumerate(around):
            if v < 0 or not passable[v] or grid.thin[u][d]:
                continue
            if icy[v]:
                while True:
                    w = grid.neighbours[v][d]
                    if w < 0 or not passable[w] or w in allies or grid.thin[v][d]:
                        break
                    v = w
                    if not icy[v]:
                        break
                out.append((v, 1))
            else:
                out.append((v, 1 + extra[v]))
        steps.append(out)
    return steps


def _reversed(steps: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    back: list[list[tuple[int, int]]] = [[] for _ in steps]
    for u, out in enumerate(steps):
        for v, c in out:
            back[v].append((u, c))
    return back
