"""monster-focus movement: what a move costs as (traps entered, movement points).

A step goes to a neighbour across no thin wall; a walking figure that steps onto ice
slides on (one point for the whole slide). Walking pays 1 more to enter difficult
terrain and counts every trap or hazardous hex it enters; a jump or a teleport counts only
the hex where it lands; flying counts none. Costs from the start (`from_start`) and to a
chosen hex (`to_target`) differ where ice, difficult terrain and traps make them uneven.
"""

from __future__ import annotations

import heapq
import sys
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat

from desktop.engine.cell_bits import flag_bits
from desktop.rulesets.monster_focus.grid import (
    FAR,
    Grid,
    hex_counts,
    hex_steps,
    ring_steps,
)

# Per hex, the hexes one step reaches, and (where a slide makes them differ from the hex
# entered) the movement points of each of those steps.
Targets = Sequence[Sequence[int]]
Costs = Sequence[Sequence[int]] | None
# Per hex asked about, a count (a whole board's list, or only the hexes asked about)
Reading = Sequence[int] | dict[int, int]
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
        terrain, kinds = grid.terrain, grid.kinds
        n = len(terrain)
        walking = not (movement.jump or movement.flying or movement.teleport)
        self.landing_only = movement.jump or movement.teleport
        # The board's own per-hex facts are made once per board (a 200x200 board has 40,000
        # hexes: each list costs milliseconds) and only read here.
        memo = grid.memo
        zeros = memo.get("zeros")
        if zeros is None:
            zeros = memo["zeros"] = [0] * n
            memo["traps"] = [int(t in (TRAP, HAZARD)) for t in terrain]
            memo["difficult"] = [int(t == DIFFICULT) for t in terrain]
            memo["open"] = _open(terrain)
        traps_count = not movement.flying and (TRAP in kinds or HAZARD in kinds)
        self.trap = memo["traps"] if traps_count else zeros
        self.extra = memo["difficult"] if DIFFICULT in kinds else zeros
        # What entering a hex costs beyond its 1 point (walking only); slides aside.
        self.step_extra = self.extra if walking else zeros
        # Every step costs 1 point and no hex counts as a trap: a breadth-first search.
        # Every step costs 1 point (no difficult terrain to walk into, or not walking).
        self.even = not walking or DIFFICULT not in kinds
        self.uniform = self.even and not traps_count
        # Its own hex is no exception: a walking or jumping monster that starts on an
        # obstacle may not end its move there (flying ones may).
        end_ok = [t != WALL for t in terrain] if movement.flying else memo["open"].copy()
        for i in characters | allies:
            end_ok[i] = False
        self.can_end = end_ok
        self.icy = walking and ICY in kinds
        self.costs: Costs = None
        if self.icy:  # slides stop before figures: the steps depend on where they stand
            self.blocked: frozenset[int] = frozenset()
            passable = memo["open"].copy()
            for i in characters:
                passable[i] = False
            self.steps, self.costs = _sliding_steps(grid, passable, allies)
        else:  # the board's own steps; characters are stepped round during the search
            self.blocked = characters if walking else frozenset()
            self.steps = _board_steps(grid, walking, movement.teleport)
        self._reverse: tuple[Targets, Costs] | None = None
        self._within: dict[int, list[int]] = {}
        # A search by bits keeps its rings, (traps, points, the hexes as bits) in the order
        # settled, and works out the hex each is reached from when asked.
        self._rings: list[tuple[int, int, int]] | None = None
        self._ends: int | None = None
        self.traps, self.cost, self._previous, order = self._search(start)
        if movement.jump and not movement.teleport and movement.jump_pays_difficult:
            self.cost = [
                c + self.extra[i] if c < FAR and i != start else c for i, c in enumerate(self.cost)
            ]
        if self.landing_only:  # landing traps and difficult terrain put it out of order
            assert order is not None  # a search by bits is a walk's
            traps, cost = self.traps, self.cost
            order.sort(key=lambda i: (traps[i], cost[i], i))
        # Every hex it can reach, cheapest first: (traps, movement points, hex number).
        self._order = order

    @property
    def order(self) -> list[int]:
        """Every hex it can reach, in the order the search settled them."""
        if self._order is None:  # searched by bits: the order (traps, points, hex number)
            traps, cost = self.traps, self.cost
            self._order = sorted(
                (i for i, c in enumerate(cost) if c < FAR), key=lambda i: (traps[i], cost[i], i)
            )
        return self._order

    @property
    def previous(self) -> list[int]:
        """Per hex, the hex it is reached from (-1: the start, or none)."""
        if self._previous is None:
            self._previous = [self._came_from(i) for i in range(len(self.cost))]
        return self._previous

    def _came_from(self, cell: int) -> int:
        """The hex `cell` is reached from. Searched by bits: of the hexes settled a point
        before it (a trap one less, when it is a trap) with a step into it, the lowest
        numbered, the first its ring steps from."""
        if self._previous is not None:
            return self._previous[cell]
        traps, cost, steps = self.traps, self.cost, self.steps
        if cell == self.start or cost[cell] >= FAR:
            return -1
        key = (traps[cell] - self.trap[cell], cost[cell] - 1)
        return min(
            (
                u
                for u in self.grid.neighbours[cell]
                if u >= 0 and (traps[u], cost[u]) == key and cell in steps[u]
            ),
            default=-1,
        )

    def dearest_end(self) -> tuple[int, int] | None:
        """(traps, movement points) of the last hex settled that it may end a move on."""
        if self._rings is not None:
            ends = self._end_bits()
            return next(((t, c) for t, c, ring in reversed(self._rings) if ring & ends), None)
        can_end = self.can_end
        last = next((i for i in reversed(self.order) if can_end[i]), None)
        return None if last is None else (self.traps[last], self.cost[last])

    def _end_bits(self) -> int:
        """The hexes it may end a move on, as bits (kept)."""
        if self._ends is None:
            self._ends = flag_bits(self.can_end)
        return self._ends

    def _search(
        self, origin: int
    ) -> tuple[list[int], list[int], list[int] | None, list[int] | None]:
        """(traps, movement points, the hex each is reached from, the hexes reached in the
        order they were settled) from `origin`. Where several ways tie, each hex is
        reached from the one a search in order of (traps, points, hex number) settles
        first: that order, but for jumps and teleports (first in, first out)."""
        steps, blocked = self.steps, self.blocked
        n = len(steps)
        cost, previous = [FAR] * n, [-1] * n
        # A hex it may not enter reads as reached already (put back after the search).
        for v in blocked:
            cost[v] = -1
        cost[origin] = 0
        if self.landing_only:  # only the landing hex can be a trap: plain shortest steps
            queue = [origin]
            for u in queue:  # the list grows as it is read: first in, first out
                nxt = cost[u] + 1
                for v in steps[u]:
                    if cost[v] == FAR:
                        cost[v] = nxt
                        previous[v] = u
                        queue.append(v)
            for v in blocked:
                cost[v] = FAR
            trap = self.trap
            traps = [trap[v] if c < FAR else FAR for v, c in enumerate(cost)]
            traps[origin] = 0
            return traps, cost, previous, queue
        if self.uniform:
            # Ring by ring, each ring in hex order: the order a (points, hex) heap settles.
            ring, points = [origin], 0
            order = [origin]
            while ring:
                points += 1
                outer = []
                for u in ring:
                    for v in steps[u]:
                        if cost[v] == FAR:
                            cost[v] = points
                            previous[v] = u
                            outer.append(v)
                outer.sort()
                order += outer
                ring = outer
            for v in blocked:
                cost[v] = FAR
            return [0 if c < FAR else FAR for c in cost], cost, previous, order
        if self.even and self.costs is None:
            return self._by_traps(origin)
        # (traps, points) as one number: traps * scale + points, points < scale. Hexes are
        # settled in order of that number, then of hex number, a bucket of hexes per
        # number: what a heap of (number, hex) would settle, with far fewer heap moves.
        scale = 2 * n + 3
        far = FAR * scale
        best = [far] * n
        best[origin] = 0
        costs, extra = self.costs, self.step_extra
        # What entering each hex adds to the number (beyond reach where it may not enter).
        enter = [scale * t + 1 + e for t, e in zip(self.trap, extra, strict=True)]
        for v in blocked:
            enter[v] = far
        buckets = {0: [origin]}
        keys = [0]
        pop, push = heapq.heappop, heapq.heappush
        order = []
        while keys:
            k = pop(keys)
            bucket = buckets.pop(k)
            bucket.sort()
            for u in bucket:
                if k != best[u]:
                    continue  # reached more cheaply since
                order.append(u)
                if costs is None:
                    reached: Iterable[tuple[int, int]] = zip(steps[u], repeat(k))
                else:  # a slide costs 1 whatever it ends on: take off what entering adds
                    reached = (
                        (v, k + c - 1 - extra[v]) for v, c in zip(steps[u], costs[u], strict=True)
                    )
                for v, base in reached:
                    key = base + enter[v]
                    if key < best[v]:
                        best[v] = key
                        previous[v] = u
                        found = buckets.get(key)
                        if found is None:
                            buckets[key] = [v]
                            push(keys, key)
                        else:
                            found.append(v)
        traps = [k // scale if k < far else FAR for k in best]
        return traps, [k % scale if k < far else FAR for k in best], previous, order

    def _by_traps(self, origin: int) -> tuple[list[int], list[int], None, None]:
        """_search where every step costs 1 point but some hexes are traps (walking): ring
        by ring for each number of traps in turn (a trap hex entered starts the next
        number's rings at its cost), each ring a number whose bits are its hexes, stepped
        all at once (a 200x200 board's search is a few hundred operations on 40,000-bit
        numbers, not a Python step per hex). The same hexes at the same (traps, points):
        the order they are settled in and the hex each is reached from are worked out
        from those when asked (order, previous)."""
        grid, blocked = self.grid, self.blocked
        memo = grid.memo
        bits = memo.get("walk bits")
        if bits is None:  # (hexes a walk may enter, trap hexes)
            bits = memo["walk bits"] = (flag_bits(memo["open"]), flag_bits(memo["traps"]))
        walkable, trapped = bits
        for v in blocked:
            walkable &= ~(1 << v)
        steps = hex_steps(grid)
        start = 1 << origin
        free = walkable & ~start  # hexes a step may still enter
        # Its own hex may be one no walk enters (an obstacle): its steps as they are.
        first = 0
        for v in self.steps[origin]:
            first |= 1 << v
        first &= free
        rings: list[tuple[int, int, int]] = []
        level = 0
        seeds: dict[int, int] = {0: start}  # points -> hexes this number starts on
        while seeds:
            entered: dict[int, int] = {}  # the next number's seeds
            starts = sorted(seeds)
            ring = 0
            points, next_start = starts[0], 0
            while ring or next_start < len(starts):
                if next_start < len(starts) and starts[next_start] == points:
                    ring |= seeds[starts[next_start]]
                    next_start += 1
                if not ring:
                    points = starts[next_start]
                    continue
                rings.append((level, points, ring))
                # (the start's own steps first)
                outer = first if len(rings) == 1 else ring_steps(ring, steps) & free
                free ^= outer
                points += 1
                caught = outer & trapped
                if caught:
                    entered[points] = entered.get(points, 0) | caught
                    outer ^= caught
                ring = outer
            seeds = entered
            level += 1
        self._rings = rings
        size = len(self.steps)
        unreached = ~(walkable ^ free | start) & ((1 << size) - 1)
        traps = _numbers([(t, r) for t, _, r in rings], unreached, size)
        cost = _numbers([(c, r) for _, c, r in rings], unreached, size)
        return traps, cost, None, None

    def to_target(self, target: int, among: Sequence[int]) -> tuple[Reading, Reading]:
        """(traps, movement points) to `target` from each hex of `among`, hexes it may end a
        move on, and from `target` itself; only those hexes are read out (a whole board's
        worth of readings costs more than a short search)."""
        wanted = set(among)
        wanted.discard(target)
        asked = (*wanted, target)
        size = len(self.steps)
        if not self.icy:
            # Without ice a step between two hexes it may enter goes both ways, and costs
            # what entering the hex it leads into costs: the way back is searched over the
            # steps themselves (hexes it may not enter are no hex it may end on).
            back: Targets = self.steps
            back_costs: Costs = None
        else:
            back, back_costs = self._reversed()
        if self.landing_only:
            cost = hex_counts(target, back, size, FAR, wanted)[1]
            landing_trap = self.trap[target]
            movement = self.movement
            landing_extra = (
                self.extra[target]
                if movement.jump and not movement.teleport and movement.jump_pays_difficult
                else 0
            )
            traps = {i: landing_trap if cost[i] < FAR else FAR for i in asked}
            traps[target] = 0
            landed = {
                i: cost[i] if i == target or cost[i] >= FAR else cost[i] + landing_extra
                for i in asked
            }
            return traps, landed
        blocked = self.blocked
        if self.uniform:
            cost = hex_counts(target, back, size, FAR, wanted, blocked)[1]
            return {i: 0 if cost[i] < FAR else FAR for i in asked}, cost
        # Walking the way back: entering hex v costs its trap, whichever way it is crossed,
        # so a reverse search charges the trap of the hex a step leads into.
        scale = 2 * size + 3
        memo_key = ("trap keys", self.trap is self.grid.memo["traps"])
        trap_key = self.grid.memo.get(memo_key)
        if trap_key is None:  # the same for every search on this board
            trap_key = self.grid.memo[memo_key] = [scale * t for t in self.trap]
        extra = self.step_extra
        far = FAR * scale
        best = [far] * size
        best[target] = 0
        heap = [(0, target)]
        pop, push = heapq.heappop, heapq.heappush
        left = len(wanted)
        while heap and left:
            k, v = pop(heap)
            if k != best[v]:
                continue
            if v in wanted:
                left -= 1
            entering = k + trap_key[v]
            if back_costs is None:
                step = entering + 1 + extra[v]
                for u in back[v]:
                    if step < best[u] and u not in blocked:
                        best[u] = step
                        push(heap, (step, u))
            else:
                for u, paid in zip(back[v], back_costs[v], strict=True):
                    key = entering + paid
                    if key < best[u] and u not in blocked:
                        best[u] = key
                        push(heap, (key, u))
        traps = {i: best[i] // scale if best[i] < far else FAR for i in asked}
        return traps, {i: best[i] % scale if best[i] < far else FAR for i in asked}

    def _reversed(self) -> tuple[Targets, Costs]:
        """Per hex, the hexes a step into it comes from (and what each step costs)."""
        if self._reverse is None:
            if self.icy:
                self._reverse = _reversed(self.steps, self.costs)
            else:  # the board's own steps, kept on the grid with them
                memo_key = ("reverse", id(self.steps))
                if memo_key not in self.grid.memo:
                    self.grid.memo[memo_key] = _reversed(self.steps, None)
                self._reverse = self.grid.memo[memo_key]
        return self._reverse

    def ends_within(self, points: int) -> list[int]:
        """The hexes it may end a move on that cost at most `points`, in hex order (kept:
        the decision and the movement overlay both ask)."""
        kept = self._within.get(points)
        if kept is None and self._rings is not None:  # the few rings that near, not the board
            within = 0
            for _, cost_of_ring, ring in self._rings:
                if cost_of_ring <= points:
                    within |= ring
            kept = self._within[points] = _cells_of(within & self._end_bits())
        if kept is None:
            cost, can_end = self.cost, self.can_end
            kept = self._within[points] = [
                at for at, c in enumerate(cost) if c <= points and can_end[at]
            ]
        return kept

    def path_to(self, cell: int) -> list[int]:
        path = []
        while cell >= 0 and cell != self.start:
            path.append(cell)
            cell = self._came_from(cell)
        return path[::-1]


def _cells_of(bits: int) -> list[int]:
    """The cells whose bits are set, lowest first (a few: a step per cell)."""
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return cells


_FLAGS = bytes.maketrans(b"01", b"\x00\x01")
# FAR as four bytes, lowest first: what a cell no ring holds reads.
_FAR_BYTES = FAR.to_bytes(4, "little")


def _numbers(rings: list[tuple[int, int]], unreached: int, size: int) -> list[int]:
    """Per cell, the number of the ring (number, cells as bits) that holds it, FAR where
    none does: each bit of the numbers a set of cells, spread to a byte per cell and
    added into four bytes a cell, read as one array (C-level steps, no Python one per
    cell)."""
    planes: dict[int, int] = {}
    for number, cells in rings:
        for bit in range(number.bit_length()):
            if number >> bit & 1:
                planes[bit] = planes.get(bit, 0) | cells
    assert max(planes, default=0) < 24 and len(_FAR_BYTES) == 4  # numbers < 2**24 < FAR

    def spread(cells: int) -> int:  # a byte per cell, 1 where a bit is set
        digits = format(cells, f"0{size}b")[::-1].encode("ascii")
        return int.from_bytes(digits.translate(_FLAGS), "little")

    lanes = bytearray(4 * size)
    missing = spread(unreached)
    for lane in range(4):
        value = 0
        for bit in range(8 * lane, 8 * lane + 8):
            if bit in planes:
                value |= spread(planes[bit]) << (bit - 8 * lane)
        value |= missing * _FAR_BYTES[lane]
        lanes[lane::4] = value.to_bytes(size, "little")
    numbers = array("I")
    assert numbers.itemsize == 4
    numbers.frombytes(lanes)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tolist()


def _open(terrain: Sequence[str]) -> list[bool]:
    """Hexes a walking figure may enter or end on: no wall hex, no obstacle."""
    return [t != WALL and t != OBSTACLE for t in terrain]


def _board_steps(grid: Grid, walking: bool, teleport: bool) -> Targets:
    """The steps of the board itself (no figures), kept on the grid: walking enters no wall
    hex or obstacle, jumping and flying no wall hex, teleporting anything; none crosses a
    thin wall."""
    memo_key = ("steps", walking, teleport)
    found: Targets | None = grid.memo.get(memo_key)
    if found is None:
        terrain, links = grid.terrain, grid.links
        if teleport:  # wall hexes too
            found = [
                tuple(v for d, v in enumerate(around) if v >= 0 and not grid.thin[u][d])
                for u, around in enumerate(grid.neighbours)
            ]
        elif walking and OBSTACLE in grid.kinds:  # the hex-count steps, but no obstacle
            found = list(links)
            around = grid.neighbours
            near = {u for i, t in enumerate(terrain) if t == OBSTACLE for u in around[i]}
            near.discard(-1)
            for u in near:
                found[u] = tuple(v for v in links[u] if terrain[v] != OBSTACLE)
        else:  # the hex-count steps: no wall hex, no thin wall
            found = links
        grid.memo[memo_key] = found
    return found


def _sliding_steps(
    grid: Grid, passable: list[bool], allies: frozenset[int]
) -> tuple[Targets, Costs]:
    """A walking figure's steps where ice lies: a step onto ice slides on in the same
    direction (one point in all), stopping before what it may not enter, an ally, a thin
    wall or the board's edge, or on the first hex that is not icy."""
    terrain, neighbours, thin = grid.terrain, grid.neighbours, grid.thin
    icy = [t == ICY for t in terrain]
    extra = [int(t == DIFFICULT) for t in terrain]
    targets: list[tuple[int, ...]] = []
    costs: list[tuple[int, ...]] = []
    for u, around in enumerate(neighbours):
        reached, paid = [], []
        for d, v in enumerate(around):
            if v < 0 or not passable[v] or thin[u][d]:
                continue
            if icy[v]:
                while True:
                    w = neighbours[v][d]
                    if w < 0 or not passable[w] or w in allies or thin[v][d]:
                        break
                    v = w
                    if not icy[v]:
                        break
                reached.append(v)
                paid.append(1)
            else:
                reached.append(v)
                paid.append(1 + extra[v])
        targets.append(tuple(reached))
        costs.append(tuple(paid))
    return targets, costs


def _reversed(steps: Targets, costs: Costs) -> tuple[Targets, Costs]:
    back: list[list[int]] = [[] for _ in steps]
    if costs is None:
        for u, out in enumerate(steps):
            for v in out:
                back[v].append(u)
        return back, None
    back_costs: list[list[int]] = [[] for _ in steps]
    for u, (out, paid) in enumerate(zip(steps, costs, strict=True)):
        for v, c in zip(out, paid, strict=True):
            back[v].append(u)
            back_costs[v].append(c)
    return back, back_costs


def move_map(
    grid: Grid,
    start: int,
    movement: Movement,
    characters: frozenset[int],
    allies: frozenset[int],
) -> MoveMap:
    """The MoveMap for these figures, made once: a decision and the board's movement overlay
    of the same monster ask for the same one (a whole-board search each). Kept on the grid,
    so a changed board starts afresh; a change of figures is a different key."""
    kept: dict[tuple[object, ...], MoveMap] = grid.memo.setdefault("move maps", {})
    key = (start, movement, characters, allies)
    found = kept.get(key)
    if found is None:
        if len(kept) >= 4:  # the monsters shown just now; older ones are done with
            kept.pop(next(iter(kept)))
        found = kept[key] = MoveMap(grid, start, movement, characters, allies)
    return found
