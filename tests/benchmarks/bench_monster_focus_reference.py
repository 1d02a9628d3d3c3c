"""monster-focus side by side with the reference solver, turn by turn, on the 456 acceptance
turns: CPU time of a decision on a freshly loaded board against the reference solver's
on a freshly built scenario. Budgets: the median of the per-turn ratios at most 0.33, and
every turn faster than the reference (the slowest turn's ratio under 1).

The reference is Monster Mover (Daniel Nelson, MIT, https://github.com/AluminumAngel/gloom
at commit b6266a0cbe22755552522dc7371191e1e51d7d58, the commit the acceptance README
names). Its code is not part of Foebook: set FOEBOOK_REFERENCE_SOLVER to a folder holding a
Python 3 copy of its server/solver.py, utils.py and settings.py (integer divisions and
prints ported; calculate_monster_move without its logging and without the sightlines it
works out for drawing, so that only deciding is timed). Without it the benchmark prints
one row saying it was skipped and why, and passes.

Both sides start cold on every turn: Foebook's board caches are empty (a freshly loaded
board), and the reference gets a new Scenario (its caches live there) and prepares its map
inside the timing, as Foebook builds its grid inside `decide`. Each turn is timed three
times alternately and the least CPU time of each side kept. Before timing, each turn's
answer from the reference is checked against the acceptance answers, which proves the
conversion below.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import statistics
import sys
import time
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.encounter import Encounter
from desktop.rulesets.registry import get_ruleset
from tests.benchmarks import harness
from tests.benchmarks.harness import Benchmark
from tests.desktop.rulesets.monster_focus.data import acceptance_dir

ENV = "FOEBOOK_REFERENCE_SOLVER"
RULESET = get_ruleset("monster-focus")
REPEATS = 3
# The reference's rule sets, numbered as its `game_rules`.
GAME_RULES = {"frosthaven": 0, "gloomhaven": 1, "jaws-of-the-lion": 2}
# Our legend -> the reference's contents: wall, obstacle, trap, hazardous, difficult, icy.
CONTENTS = {"#": "X", "x": "O", "^": "T", "%": "H", ",": "D", "*": "I"}
AOE_SIDE = 7  # its area patterns sit in a 7x7 grid around the middle hex (24)


@cache
def _reference() -> tuple[ModuleType, ModuleType] | str:
    """(solver, utils) imported from FOEBOOK_REFERENCE_SOLVER, or why it cannot be."""
    folder = os.environ.get(ENV, "")
    if not folder:
        return f"{ENV} is not set (a folder with a copy of the reference solver)"
    if not (Path(folder) / "solver.py").is_file():
        return f"{ENV}={folder} holds no solver.py"
    # Its modules have plain names (solver, utils, settings): import them from its folder
    # alone, and leave any other modules of those names as they were.
    names = ("solver", "utils", "settings")
    saved = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    sys.path.insert(0, folder)
    try:
        solver, utils = importlib.import_module("solver"), importlib.import_module("utils")
    except Exception as exc:  # a broken copy: say so, as for a missing one
        return f"{ENV}={folder}: importing its solver failed ({type(exc).__name__}: {exc})"
    finally:
        sys.path.remove(folder)
        for name in names:
            sys.modules.pop(name, None)
        sys.modules.update(saved)
    return solver, utils


class _Converter:
    """An encounter in the reference's terms. Its map numbers a hex `row + column *
    MAP_HEIGHT` in flat-top columns; our odd-r picture is that one turned a quarter turn
    (acceptance README), so our hex (col, row) is its location `row * width + col`: our
    rows are its columns, our width its MAP_HEIGHT."""

    def __init__(self, solver: ModuleType, utils: ModuleType) -> None:
        self.solver, self.utils = solver, utils
        self._neighbours: dict[tuple[int, int], Any] = {}
        self._aoe: dict[tuple[int, int], dict[tuple[int, int], int]] = {}

    def _blank(self, width: int, height: int) -> Any:
        """A Scenario with an empty map, as the reference's scenarios.init makes one."""
        s = self.solver.Scenario()
        s.MAP_WIDTH, s.MAP_HEIGHT = height, width
        s.MAP_SIZE = width * height
        s.MAP_VERTEX_COUNT = 6 * s.MAP_SIZE
        s.AOE_WIDTH = s.AOE_HEIGHT = AOE_SIDE
        s.AOE_SIZE = AOE_SIDE * AOE_SIDE
        s.AOE_CENTER = (s.AOE_SIZE - 1) // 2
        s.walls = [[False] * 6 for _ in range(s.MAP_SIZE)]
        s.contents = [" "] * s.MAP_SIZE
        s.figures = [" "] * s.MAP_SIZE
        s.initiatives = [0] * s.MAP_SIZE
        s.aoe = [False] * s.AOE_SIZE
        s.message = ""
        s.reduced = False
        return s

    def neighbours(self, width: int, height: int) -> Any:
        key = (width, height)
        if key not in self._neighbours:
            s = self._blank(width, height)
            s.setup_neighbors_mapping()
            self._neighbours[key] = s.neighbors
        return self._neighbours[key]

    def aoe_cells(self, width: int, height: int) -> dict[tuple[int, int], int]:
        """Axial offset (dq, dr) in our frame -> the cell of the reference's 7x7 pattern
        grid: each pattern cell's offset, applied round a hex in the middle of the map."""
        key = (width, height)
        if key not in self._aoe:
            size = width * height
            middle = (height // 2) * width + width // 2

            def axial(location: int) -> tuple[int, int]:
                col, row = location % width, location // width
                return col - (row - (row & 1)) // 2, row

            q0, r0 = axial(middle)
            found = {}
            for cell in range(AOE_SIDE * AOE_SIDE):
                offset = self.utils.get_offset(24, cell, AOE_SIDE)
                at = self.utils.apply_offset(middle, offset, width, size)
                if at is not None:
                    q, r = axial(at)
                    found[(q - q0, r - r0)] = cell
            self._aoe[key] = found
        return self._aoe[key]

    def packed(self, encounter: Encounter, active: str) -> dict[str, Any]:
        """Everything the reference reads, worked out once (not timed)."""
        board = encounter.board
        width, height = board.width, board.height

        def loc(cell: tuple[int, int]) -> int:
            return cell[1] * width + cell[0]

        contents = {
            r * width + c: CONTENTS[ch]
            for r, line in enumerate(board.rows)
            for c, ch in enumerate(line)
            if ch in CONTENTS
        }
        neighbours = self.neighbours(width, height)
        walls = []
        for pair in board.thin_walls:
            a, b = sorted(pair)
            if board.in_bounds(a) and board.in_bounds(b):
                walls.append((loc(a), neighbours[loc(a)].index(loc(b))))
        figures, initiatives, ids = {}, {}, {}
        monster = encounter.unit(active)
        for unit in encounter.units:
            at = loc(unit.at)
            ids[at] = unit.id
            if unit.id == active:
                figures[at] = "A"
            elif unit.is_enemy:
                figures[at] = "M"
            else:
                figures[at] = "C"
                initiatives[at] = int(unit.stat("initiative", 0))
        aoe = []
        if monster.aoe is not None:
            cells = self.aoe_cells(width, height)
            aoe = [cells[(h[0], h[1])] for h in monster.aoe.hexes]
        return {
            "size": (width, height),
            "rules": GAME_RULES[str(encounter.rules["variant"])],
            "contents": contents,
            "walls": walls,
            "figures": figures,
            "initiatives": initiatives,
            "aoe": aoe,
            "move": int(monster.stat("move", 0)),
            "range": int(monster.stat("range", 0)),
            "target": int(monster.stat("targets", 1)),
            "jump": "jump" in monster.tags,
            "flying": "flying" in monster.tags,
            "teleport": "teleport" in monster.tags,
            # A muddled monster attacks at disadvantage (the file's "muddled" reads "muddle").
            "muddled": "disadvantage" in RULESET.data.restrictions(monster.statuses),
            "ids": ids,
            "at": loc(monster.at),
            "width": width,
        }

    def solve(self, p: dict[str, Any]) -> set:
        """The reference's turn from scratch: a new Scenario, its map prepared, the move."""
        s = self._blank(*p["size"])
        for at, content in p["contents"].items():
            s.contents[at] = content
        for at, figure in p["figures"].items():
            s.figures[at] = figure
        for at, initiative in p["initiatives"].items():
            s.initiatives[at] = initiative
        for at, edge in p["walls"]:
            s.walls[at][edge] = True
        s.ACTION_MOVE, s.ACTION_RANGE, s.ACTION_TARGET = p["move"], p["range"], p["target"]
        s.JUMPING, s.FLYING, s.TELEPORT = p["jump"], p["flying"], p["teleport"]
        s.MUDDLED = p["muddled"]
        for cell in p["aoe"]:
            if cell != s.AOE_CENTER or s.ACTION_RANGE > 0:  # as its unpack_scenario does
                s.aoe[cell] = True
        s.set_rules(p["rules"])
        s.prepare_map()
        return s.calculate_monster_move()[0]

    def outcomes(self, p: dict[str, Any], actions: set) -> set:
        width, out = p["width"], set()
        for action in actions:
            at = action[0]
            destination = None if at == p["at"] else (at % width, at // width)
            out.add((destination, tuple(sorted(p["ids"][t] for t in action[1:]))))
        return out


def _expected(answers: dict, name: str, start: tuple[int, int]) -> set:
    """The acceptance answers as (destination or None for staying, sorted targets)."""
    out = set()
    for answer in answers[name]:
        destination = answer["destination"]
        if destination is not None and tuple(destination) == start:
            destination = None
        out.add((None if destination is None else tuple(destination), tuple(answer["targets"])))
    return out


@cache
def _table() -> list[tuple[str, float, float]] | str:
    """(turn, Foebook's CPU seconds, the reference's CPU seconds) per acceptance turn, or
    why the side by side cannot run."""
    found = _reference()
    if isinstance(found, str):
        return found
    converter = _Converter(*found)
    folder = acceptance_dir()
    answers = json.loads((folder / "answers.json").read_text())
    paths = sorted((folder / "encounters").glob("*.toml"))
    packed = {}
    for path in paths:
        encounter = load_encounter(path)
        p = packed[path] = converter.packed(encounter, "a1")
        got = converter.outcomes(p, converter.solve(p))
        if got != _expected(answers, path.name, encounter.unit("a1").at):
            raise RuntimeError(
                f"the reference solver in {os.environ[ENV]} does not give the acceptance "
                f"answer for {path.name}: its copy or the conversion is wrong"
            )
    rows = []
    # Both sides start alike: right after a collection, which looks only at what was made
    # since the table began (what the run made before is frozen). A collection walking the
    # whole run's objects (the full `make bench`) leaves the CPU caches cold for whichever
    # side comes next: measured 0.355 there against 0.320 alone, charged to Foebook alone.
    gc.collect()
    gc.freeze()
    try:
        for path in paths:
            foebook, reference = [], []
            for _ in range(REPEATS):
                encounter = load_encounter(path)  # a fresh board: no sight lines, no hex counts
                encounter.board.derived.clear()
                gc.collect()
                start = time.process_time()
                decide(encounter, "a1", RULESET)
                foebook.append(time.process_time() - start)
                gc.collect()
                start = time.process_time()
                converter.solve(packed[path])
                reference.append(time.process_time() - start)
            rows.append((path.stem, min(foebook), min(reference)))
    finally:
        gc.unfreeze()
    _print_table(rows)
    return rows


def _print_table(rows: list[tuple[str, float, float]]) -> None:
    """The ratio table, for a reader of the run (stderr: stdout is one JSON row a line)."""
    ratios = sorted(f / r for _, f, r in rows)
    out = sys.stderr
    print("monster-focus vs the reference solver, CPU time per turn, cold:", file=out)
    print(
        f"  turns {len(rows)}, median ratio {statistics.median(ratios):.3f}, "
        f"p90 {ratios[round(0.9 * (len(ratios) - 1))]:.3f}, max {ratios[-1]:.3f}, "
        f"Foebook slower on {sum(r >= 1 for r in ratios)}",
        file=out,
    )
    print(
        f"  total CPU: Foebook {sum(f for _, f, _ in rows):.3f} s, "
        f"reference {sum(r for _, _, r in rows):.3f} s",
        file=out,
    )
    print("  the ten highest ratios:", file=out)
    for name, f, r in sorted(rows, key=lambda row: row[2] / row[1])[:10]:
        print(f"    {name:26s} {f * 1e3:8.2f} ms  {r * 1e3:8.2f} ms  {f / r:.3f}", file=out)


def _ratios() -> list[float]:
    table = _table()
    assert not isinstance(table, str)
    return sorted(f / r for _, f, r in table)


def _ratio_row(name: str, run: Any, most: float) -> Benchmark:
    """A row whose value is already a ratio to the reference solver on the same turns, for
    the harness of budgets relative to a floor (`Budget`) as for the one of seconds."""
    budget: dict[str, Any] = {"budget_s": most}
    if hasattr(harness, "Budget"):
        floor = harness.Floor
        same_turn = floor("the reference solver on the same turn", lambda cpu: 1.0, rounds=1)
        budget = {"budget": harness.Budget(most, same_turn)}
    return Benchmark(name, run, rounds=1, self_timed=True, **budget)


# Rows the harness prints in place of benchmarks that cannot run here, each with its reason
# (printed only when --only selects them, as a benchmark's row is).
SKIPPED: list[dict[str, str]] = []


def _benchmarks() -> list[Benchmark]:
    found = _reference()
    if isinstance(found, str):
        SKIPPED.append({"name": "monster-focus vs the reference solver", "skipped": found})
        return []
    return [
        _ratio_row(
            "monster-focus vs the reference solver: median of the per-turn CPU ratios, cold",
            lambda: statistics.median(_ratios()),
            0.33,
        ),
        _ratio_row(
            "monster-focus vs the reference solver: the highest per-turn CPU ratio, cold",
            lambda: _ratios()[-1],
            0.999,
        ),
    ]


BENCHMARKS = _benchmarks()
