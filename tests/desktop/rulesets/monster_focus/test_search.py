"""monster-focus: the fast grid and move searches give what their plain definitions give, on
random boards with every terrain, thin walls and figures: hex counts, the steps of each
way of moving, the search from the monster (traps, points, the hex each is reached from,
the order hexes are settled in, the dearest hex it may end on) and the way back to a goal;
and the walls sight looks up by chunk of a big board are those a full scan finds."""

from __future__ import annotations

import heapq
import random
from collections import deque

import pytest

from desktop.engine.board import Board, Shape
from desktop.engine.hex_geometry import hex_step
from desktop.rulesets.monster_focus.grid import FAR, Grid, grid_of
from desktop.rulesets.monster_focus.moves import MoveMap, Movement, move_map
from desktop.rulesets.monster_focus.sight import _boxes, _nearby, _touching, segments_touch

TERRAIN = "..........#x^%*,"
MOVEMENTS = [
    Movement(),
    Movement(jump=True),
    Movement(jump=True, jump_pays_difficult=True),
    Movement(flying=True),
    Movement(teleport=True),
    Movement(teleport=True, flying=True),
]


def random_board(rng: random.Random, width: int, height: int, terrain: str = TERRAIN) -> Board:
    rows = tuple("".join(rng.choice(terrain) for _ in range(width)) for _ in range(height))
    thin = set()
    for _ in range(rng.choice([0, 3, 10])):
        cell = (rng.randrange(width), rng.randrange(height))
        thin.add(frozenset((cell, hex_step(cell, rng.randrange(6)))))  # edge walls too
    return Board(Shape.HEX, rows, thin_walls=frozenset(thin))


def boards(count: int, seed: int, terrain: str = TERRAIN):
    rng = random.Random(seed)
    for _ in range(count):
        yield rng, random_board(rng, rng.randint(1, 9), rng.randint(1, 9), terrain)


def cell_of(board: Board, i: int) -> tuple[int, int]:
    return (i % board.width, i // board.width)


def neighbour(board: Board, i: int, d: int) -> int:
    col, row = hex_step(cell_of(board, i), d)
    return row * board.width + col if board.in_bounds((col, row)) else -1


def walled_between(board: Board, i: int, j: int) -> bool:
    return frozenset((cell_of(board, i), cell_of(board, j))) in board.thin_walls


def plain_hex_counts(board: Board, start: int) -> list[int]:
    """Hexes from `start`, never into a wall hex nor across a thin wall."""
    n = board.width * board.height
    dist = [FAR] * n
    dist[start] = 0
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for d in range(6):
            v = neighbour(board, u, d)
            wall = v >= 0 and board.rows[v // board.width][v % board.width] == "#"
            if v >= 0 and dist[v] == FAR and not wall and not walled_between(board, u, v):
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def test_neighbours_and_hex_counts_are_the_plain_ones():
    for rng, board in boards(150, 1):
        grid = grid_of(board)
        n = board.width * board.height
        for i in range(n):
            assert grid.neighbours[i] == tuple(neighbour(board, i, d) for d in range(6))
        for start in rng.sample(range(n), min(n, 4)):
            plain = plain_hex_counts(board, start)
            limit = rng.randint(0, 4)
            # Asked bounded first, then in full: each answer exact as far as it promises.
            within = grid.hexes_within(start, limit)
            assert [min(within[i], limit + 1) for i in range(n)] == [
                min(h, limit + 1) for h in plain
            ]
            around = grid.hexes_around(start, limit)
            assert sorted(around) == [i for i in range(n) if plain[i] <= limit]
            cells = rng.sample(range(n), min(n, 3))
            near = grid.proximity(start, cells)
            assert [near[i] for i in cells] == [plain[i] for i in cells]
            assert list(grid.hexes_from(start)) == plain
            for i in range(n):  # adjacency: one step of a hex count
                assert grid.adjacent(start, i) == (plain[i] == 1 and i in grid.neighbours[start])


def test_short_hex_counts_on_a_big_board_are_the_plain_ones():
    """A short count (a range test) keeps only the cells it reached: every other cell reads
    farther than its limit, and a longer count or a whole row asked after it is exact."""
    rng = random.Random(5)
    board = random_board(rng, 40, 36, "......#^")
    grid = grid_of(board)
    n = board.width * board.height
    for start in rng.sample(range(n), 12):
        plain = plain_hex_counts(board, start)
        for limit in (rng.randint(0, 3), rng.randint(4, 7)):
            within = grid.hexes_within(start, limit)
            assert [min(within[i], limit + 1) for i in range(n)] == [
                min(h, limit + 1) for h in plain
            ]
            around = grid.hexes_around(start, limit)
            assert sorted(around) == [i for i in range(n) if plain[i] <= limit]
        cells = rng.sample(range(n), 3)
        near = grid.proximity(start, cells)
        assert [near[i] for i in cells] == [plain[i] for i in cells]
        assert list(grid.hexes_from(start)) == plain


def test_proximity_to_every_cell_is_the_plain_hex_count():
    """Proximity asked of many cells at once (a ring of bits at a time, from a start that is
    no wall hex): every cell's count is the plain one, on narrow boards too (where two
    sides of a row step as far along the numbering), with thin walls on every side."""
    rng = random.Random(11)
    sized = [(rng.randint(1, 4), rng.randint(1, 9)) for _ in range(60)]
    sized += [(rng.randint(5, 12), rng.randint(1, 12)) for _ in range(60)]
    for width, height in sized:
        board = random_board(rng, width, height, "......#x^")
        grid = grid_of(board)
        n = width * height
        for start in rng.sample(range(n), min(n, 3)):
            near = grid.proximity(start, range(n))
            assert [near[i] for i in range(n)] == plain_hex_counts(board, start)


def plain_steps(board: Board, movement: Movement, characters: set[int], allies: set[int]):
    """Per hex, (hex reached, points) of each step, as the rules define them."""
    walking = not (movement.jump or movement.flying or movement.teleport)
    n = board.width * board.height
    terrain = "".join(board.rows)

    def enters(v: int) -> bool:
        if movement.teleport:
            return True
        if walking:
            return terrain[v] not in "#x" and v not in characters
        return terrain[v] != "#"

    steps = []
    for u in range(n):
        out = []
        for d in range(6):
            v = neighbour(board, u, d)
            if v < 0 or walled_between(board, u, v) or not enters(v):
                continue
            if walking and terrain[v] == "*":  # slide on, stopping before what stops it
                while True:
                    w = neighbour(board, v, d)
                    if w < 0 or not enters(w) or w in allies or walled_between(board, v, w):
                        break
                    v = w
                    if terrain[v] != "*":
                        break
                out.append((v, 1))
            else:
                out.append((v, 1 + int(walking and terrain[v] == ",")))
        steps.append(out)
    return steps


def plain_search(board: Board, movement: Movement, start: int, steps):
    """(traps, points, previous, order): one heap of (traps, points, hex); a jump or a
    teleport, first in first out (only its landing hex can be a trap)."""
    n = len(steps)
    terrain = "".join(board.rows)
    trap = [int(not movement.flying and t in "^%") for t in terrain]
    traps, cost, previous = [FAR] * n, [FAR] * n, [-1] * n
    traps[start] = cost[start] = 0
    order = []
    if movement.jump or movement.teleport:
        queue = deque([start])
        while queue:
            u = queue.popleft()
            order.append(u)
            for v, _ in steps[u]:
                if cost[v] == FAR:
                    cost[v], previous[v] = cost[u] + 1, u
                    traps[v] = trap[v]
                    queue.append(v)
        if movement.jump and not movement.teleport and movement.jump_pays_difficult:
            cost = [
                c + (terrain[i] == ",") if c < FAR and i != start else c for i, c in enumerate(cost)
            ]
        order.sort(key=lambda i: (traps[i], cost[i], i))
        return traps, cost, previous, order
    heap = [(0, 0, start)]
    while heap:
        t, c, u = heapq.heappop(heap)
        if (t, c) != (traps[u], cost[u]):
            continue
        order.append(u)
        for v, paid in steps[u]:
            key = (t + trap[v], c + paid)
            if key < (traps[v], cost[v]):
                traps[v], cost[v] = key
                previous[v] = u
                heapq.heappush(heap, (*key, v))
    return traps, cost, previous, order


def plain_way_back(board: Board, movement: Movement, target: int, steps):
    """(traps, points) from every hex to `target`."""
    n = len(steps)
    terrain = "".join(board.rows)
    trap = [int(not movement.flying and t in "^%") for t in terrain]
    back: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, out in enumerate(steps):
        for v, paid in out:
            back[v].append((u, paid))
    traps, cost = [FAR] * n, [FAR] * n
    traps[target] = cost[target] = 0
    if movement.jump or movement.teleport:
        queue = deque([target])
        while queue:
            v = queue.popleft()
            for u, _ in back[v]:
                if cost[u] == FAR:
                    cost[u] = cost[v] + 1
                    queue.append(u)
        pays = movement.jump and not movement.teleport and movement.jump_pays_difficult
        extra = int(pays and terrain[target] == ",")
        for i in range(n):
            if i != target and cost[i] < FAR:
                traps[i], cost[i] = trap[target], cost[i] + extra
        return traps, cost
    heap = [(0, 0, target)]
    while heap:
        t, c, v = heapq.heappop(heap)
        if (t, c) != (traps[v], cost[v]):
            continue
        for u, paid in back[v]:
            key = (t + trap[v], c + paid)
            if key < (traps[u], cost[u]):
                traps[u], cost[u] = key
                heapq.heappush(heap, (*key, u))
    return traps, cost


@pytest.mark.parametrize("terrain", [TERRAIN, "......#x^", "......#x,", "....#*", "...."])
def test_move_searches_settle_as_one_heap_would(terrain: str):
    for rng, board in boards(120, 2, terrain):
        n = board.width * board.height
        grid: Grid = grid_of(board)
        figures = rng.sample(range(n), min(n, rng.randint(1, 5)))
        start, others = figures[0], figures[1:]
        characters = set(others[: len(others) // 2 + 1])
        allies = set(others) - characters
        for movement in MOVEMENTS:
            moves = MoveMap(grid, start, movement, frozenset(characters), frozenset(allies))
            steps = plain_steps(board, movement, characters, allies)
            traps, cost, previous, order = plain_search(board, movement, start, steps)
            assert moves.traps == traps and moves.cost == cost
            reached = [i for i in range(n) if cost[i] < FAR]
            assert [moves.previous[i] for i in reached] == [previous[i] for i in reached]
            assert moves.order == order
            ends = [i for i in order if moves.can_end[i]]
            dearest = (traps[ends[-1]], cost[ends[-1]]) if ends else None
            assert moves.dearest_end() == dearest
            for cell in rng.sample(reached, min(len(reached), 3)):
                path, at = [], cell
                while at >= 0 and at != start:
                    path.append(at)
                    at = previous[at]
                assert moves.path_to(cell) == path[::-1]
            walking = not (movement.jump or movement.flying or movement.teleport)
            blocked_end = "#" if movement.flying else "#x"
            assert list(moves.can_end) == [
                board.rows[i // board.width][i % board.width] not in blocked_end
                and i not in characters
                and i not in allies
                for i in range(n)
            ]
            for points in range(5):
                assert moves.ends_within(points) == [
                    i for i in range(n) if cost[i] <= points and moves.can_end[i]
                ]
            among = [i for i in reached if cost[i] <= 3 and moves.can_end[i]]
            for target in rng.sample(among, min(len(among), 2)):
                back = moves.to_target(target, among)
                plain = plain_way_back(board, movement, target, steps)
                assert [(back[0][i], back[1][i]) for i in among] == [
                    (plain[0][i], plain[1][i]) for i in among
                ], (walking, movement)


def test_sight_finds_the_walls_near_a_line_by_chunk_as_a_full_scan_does():
    rng = random.Random(3)
    board = random_board(rng, 40, 36, "......####^")
    grid = grid_of(board)
    lefts, rights, lows, highs, chunks = _boxes(grid)
    assert chunks is not None  # a board with this many walls files them by chunk
    for _ in range(400):
        points = [(rng.randint(-4, 84), rng.randint(-112, 4)) for _ in range(rng.choice([2, 4]))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        boxes = zip(lefts, rights, lows, highs, grid.occluders, strict=True)
        scanned = [
            o
            for left, right, low, high, o in boxes
            if right >= min(xs) and left <= max(xs) and high >= min(ys) and low <= max(ys)
        ]
        assert _nearby(grid, points) == scanned
    walls = grid.occluders
    for a in rng.sample(walls, 60):
        assert _touching(grid, a) == [b for b in walls if b != a and segments_touch(*a, *b)]


def test_a_move_map_is_searched_once_for_the_same_board_figures_and_movement():
    """The decision and the board's movement overlay of one monster share one search; figures
    that moved, another movement or another board search afresh."""
    board = random_board(random.Random(5), 12, 10)
    grid = grid_of(board)
    walk, characters, allies = Movement(), frozenset({3, 40}), frozenset({7})
    first = move_map(grid, 0, walk, characters, allies)
    assert move_map(grid, 0, walk, frozenset({40, 3}), frozenset({7})) is first
    assert move_map(grid, 0, walk, frozenset({3, 41}), allies) is not first
    assert move_map(grid, 0, Movement(flying=True), characters, allies) is not first
    assert move_map(grid, 1, walk, characters, allies) is not first
    again = grid_of(Board(board.shape, board.rows))  # a board loaded afresh
    assert move_map(again, 0, walk, characters, allies) is not first


def test_the_movement_overlay_reads_the_decisions_move_map(monkeypatch):
    from desktop.engine.dice import Dice
    from desktop.engine.encounter import Encounter
    from desktop.engine.units import make_unit
    from desktop.rulesets.registry import get_ruleset

    searches = []
    search = MoveMap._search
    monkeypatch.setattr(MoveMap, "_search", lambda self, o: searches.append(o) or search(self, o))
    board = Board(Shape.HEX, tuple("." * 9 for _ in range(8)))
    units = (
        make_unit("m", "enemy", (1, 1), 5, 5, stats={"move": 2, "initiative": 20}),
        make_unit("c", "player", (7, 6), 9, 9, stats={"initiative": 50}),
    )
    encounter = Encounter(ruleset="monster-focus", board=board, units=units)
    ruleset = get_ruleset("monster-focus")
    ruleset.decide(encounter, "m", Dice())
    reach = ruleset.movement_range(encounter, "m")
    assert len(searches) == 1 and (3, 1) in reach


def test_prepare_builds_the_walls_sight_reads_and_the_steps_as_bits_ahead():
    """What the decisions read of a board is built once a session shows (Ruleset.prepare):
    the walls' boxes and lines sight looks up, the links as bits. A decision then reads
    those, not new ones."""
    from desktop.engine.dice import Dice
    from desktop.engine.encounter import Encounter
    from desktop.engine.units import make_unit
    from desktop.rulesets.registry import get_ruleset

    rows = ("." * 9, "..####...", "." * 9, "...^.#...", "." * 9, "." * 9, "." * 9, "." * 9)
    board = Board(Shape.HEX, rows)
    units = (
        make_unit("m", "enemy", (1, 4), 5, 5, stats={"move": 2, "range": 3, "initiative": 20}),
        make_unit("c", "player", (7, 6), 9, 9, stats={"initiative": 50}),
        make_unit("d", "player", (4, 0), 9, 9, stats={"initiative": 60}),
    )
    encounter = Encounter(ruleset="monster-focus", board=board, units=units)
    ruleset = get_ruleset("monster-focus")
    grid = grid_of(board)
    ruleset.prepare(encounter)
    kept = ("occluder boxes", "occluder lines", "step bits")
    built = [grid.memo[k] for k in kept]
    ruleset.decide(encounter, "m", Dice())
    assert all(grid.memo[k] is b for k, b in zip(kept, built, strict=True))


def test_sight_any_point_finds_the_walls_touching_a_wall_for_the_walls_it_asks_about():
    """The walls each wall touches are found for the walls a sight question meets, not for
    every wall of a big board at the first question (~180 ms at the documented limits)."""
    from desktop.rulesets.monster_focus.sight import sees_any_point

    rng = random.Random(4)
    board = random_board(rng, 40, 36, "......####^")
    grid = grid_of(board)
    n = board.width * board.height
    for _ in range(20):
        sees_any_point(grid, rng.randrange(n), rng.randrange(n))
    asked = grid.memo["touching walls"]
    assert 0 < len(asked) < len(grid.occluders) // 2
    for wall, touching in asked.items():
        assert touching == [o for o in grid.occluders if o != wall and segments_touch(*wall, *o)]
