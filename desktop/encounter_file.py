"""Encounter TOML files <-> engine objects, exactly as docs/encounter-format.md says.

A bad file is refused with one message naming the file, the place (line, unit,
field) and what was expected. Nothing is guessed.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any

from desktop.engine.board import OPTIONAL_TERRAIN, Board, BoardError, Shape, Terrain
from desktop.engine.encounter import Encounter, Memory
from desktop.engine.errors import RulesError
from desktop.engine.hex_geometry import HEX_SIDES, hex_step
from desktop.engine.ruleset import Ruleset
from desktop.engine.units import DEFAULT_WEAPON_KIND, AreaAttack, Side, Unit, Weapon
from desktop.errors import FoebookError
from desktop.rulesets.registry import get_ruleset

FORMAT_VERSION = 1
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")
TOP_KEYS = {"format", "ruleset", "name", "board", "units", "state", "rules"}
BOARD_KEYS = {"shape", "cells", "heights", "thin_walls", "border_walls"}
UNIT_KEYS = {"id", "name", "side", "at", "hp", "max_hp", "ai", "priorities", "statuses", "tags",
             "guards", "stats", "weapons", "aoe"}
AOE_KINDS = ("melee", "ranged")
STATE_KEYS = {"round", "phase", "turn", "last_attacker", "shot_this_round", "previous_target"}
TURNS = ("enemy", "player")  # whose turn it is (grimdark-solo's reactions in the players' turn)
WEAPON_KEYS = {"name", "kind", "range", "strength"}


class EncounterFileError(FoebookError):
    """A malformed encounter file; the message names the file and the place."""


class _Locator:
    """Finds line numbers in the raw text for error messages (tomllib does not keep them)."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.unit_headers = [i for i, line in enumerate(self.lines)
                             if re.match(r"\s*\[\[\s*units\s*\]\]", line)]

    def key_line(self, key: str, start: int = 0, stop: int | None = None) -> int | None:
        pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
        for i in range(start, len(self.lines) if stop is None else stop):
            if pattern.match(self.lines[i]):
                return i + 1
        return None

    def table_line(self, name: str) -> int | None:
        pattern = re.compile(rf"\s*\[\s*{re.escape(name)}\s*\]")
        for i, line in enumerate(self.lines):
            if pattern.match(line):
                return i
        return None

    def unit_line(self, index: int, key: str | None = None) -> int | None:
        if index >= len(self.unit_headers):
            return None
        start = self.unit_headers[index]
        stop = self.unit_headers[index + 1] if index + 1 < len(self.unit_headers) else None
        if stop is None:
            after = [i for i, line in enumerate(self.lines) if i > start
                     and re.match(r"\s*\[", line)]
            stop = after[0] if after else len(self.lines)
        if key is None:
            return start + 1
        return self.key_line(key, start, stop) or start + 1


class _Reader:
    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.locate = _Locator(text)

    def fail(self, where: str, message: str, line: int | None = None) -> EncounterFileError:
        place = f"line {line}: " if line else ""
        return EncounterFileError(f"{self.source}: {place}{where}: {message}")

    def unit_fail(self, index: int, unit_id: str | None, field: str | None, message: str):
        who = f"unit '{unit_id}'" if unit_id else f"unit #{index + 1}"
        where = f"{who}, field '{field}'" if field else who
        return self.fail(where, message, self.locate.unit_line(index, field))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _known(names) -> str:
    return ", ".join(sorted(names)) or "none"


def load_encounter(path: str | Path) -> Encounter:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise EncounterFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise EncounterFileError(f"{path}: is a directory, not an encounter file") from None
    except OSError as error:
        raise EncounterFileError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise EncounterFileError(
            f"{path}: not UTF-8 text (byte {error.start}); save the file as UTF-8"
        ) from None
    return parse_encounter(text, str(path))


def parse_encounter(text: str, source: str = "<encounter>") -> Encounter:
    reader = _Reader(source, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise EncounterFileError(f"{source}: not valid TOML: {error}") from None
    return _parse(data, reader)


def _parse(data: dict, r: _Reader) -> Encounter:
    loc = r.locate
    unknown = set(data) - TOP_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise r.fail(f"key '{key}'", f"unknown top-level key (known: {_known(TOP_KEYS)})",
                     loc.key_line(key))
    if "format" not in data:
        raise r.fail("'format'", f"missing; expected format = {FORMAT_VERSION}")
    if data["format"] != FORMAT_VERSION or not _is_int(data["format"]):
        raise r.fail("'format'", f"is {data['format']!r}; this Foebook reads format = "
                     f"{FORMAT_VERSION}", loc.key_line("format"))
    if "ruleset" not in data:
        raise r.fail("'ruleset'", "missing; expected a ruleset id (foebook rulesets lists them)")
    ruleset_id = data["ruleset"]
    try:
        ruleset = get_ruleset(str(ruleset_id))
    except RulesError as error:
        raise r.fail("'ruleset'", str(error), loc.key_line("ruleset")) from None
    name = data.get("name", "")
    if not isinstance(name, str):
        raise r.fail("'name'", "expected a text", loc.key_line("name"))

    rules = _parse_rules(data.get("rules"), ruleset, r)
    board = _parse_board(data.get("board"), ruleset, r)
    units_raw = data.get("units", [])
    if not isinstance(units_raw, list):
        raise r.fail("'units'", "expected [[units]] tables", loc.key_line("units"))
    units: list[Unit] = []
    seen_cells: dict[tuple[int, int], str] = {}
    for index, entry in enumerate(units_raw):
        unit = _parse_unit(index, entry, ruleset, board, r)
        if any(u.id == unit.id for u in units):
            raise r.unit_fail(index, unit.id, "id", "duplicate id; every unit needs its own")
        if unit.at in seen_cells:
            raise r.unit_fail(index, unit.id, "at",
                              f"cell {list(unit.at)} is already taken by '{seen_cells[unit.at]}'")
        seen_cells[unit.at] = unit.id
        units.append(unit)
    by_id = {u.id: (i, u) for i, u in enumerate(units)}
    for index, unit in enumerate(units):
        if unit.guards is not None and unit.guards not in by_id:
            raise r.unit_fail(index, unit.id, "guards",
                              f"no unit '{unit.guards}' (units: {_known(by_id)})")
        if unit.guards == unit.id:
            raise r.unit_fail(index, unit.id, "guards", "a unit cannot guard itself")

    round_, phase, memory, extra = _parse_state(data.get("state", {}), ruleset, by_id, r)
    encounter = Encounter(ruleset=ruleset.id, board=board, units=tuple(units), name=name,
                          round=round_, phase=phase, memory=memory, extra_state=extra,
                          rules=rules)
    problems = ruleset.validate(encounter)
    if problems:
        raise EncounterFileError(f"{r.source}: {problems[0]}")
    return encounter


def _parse_board(raw: Any, ruleset: Ruleset, r: _Reader) -> Board:
    loc = r.locate
    if not isinstance(raw, dict):
        raise r.fail("[board]", "missing; expected a [board] table with shape and cells")
    unknown = set(raw) - BOARD_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise r.fail(f"[board] key '{key}'", f"unknown (known: {_known(BOARD_KEYS)})",
                     loc.key_line(key))
    shape = raw.get("shape")
    if shape not in ("square", "hex"):
        raise r.fail("[board] 'shape'", f"is {shape!r}; expected \"square\" or \"hex\"",
                     loc.key_line("shape"))
    if shape != ruleset.data.board_shape:
        raise r.fail("[board] 'shape'",
                     f"{ruleset.id} is played on {ruleset.data.board_shape} boards, not {shape}",
                     loc.key_line("shape"))
    cells = raw.get("cells")
    if not isinstance(cells, str):
        raise r.fail("[board] 'cells'", "missing; expected the board as text, one line per row")
    cells_line = loc.key_line("cells")
    try:
        board = Board.from_text(Shape(shape), cells)
    except BoardError as error:
        line = None
        if cells_line is not None and error.text_line is not None:
            # A multi-line string that opens with a newline starts on the next line.
            opener = loc.lines[cells_line - 1]
            starts_next = opener.rstrip().endswith(('"""', "'''"))
            line = cells_line + error.text_line + (1 if starts_next else 0)
        place = f"column {error.column + 1}: " if error.column is not None else ""
        raise r.fail("[board] 'cells'", f"{place}{error}", line) from None
    allowed = set(ruleset.data.extra.get("terrain", ()))
    for row_index, row in enumerate(board.rows):
        for char in row:
            if Terrain(char) in OPTIONAL_TERRAIN and char not in allowed:
                raise r.fail("[board] 'cells'", f"row {row_index + 1}: '{char}' "
                             f"({Terrain(char).label}) is not used by {ruleset.id}",
                             cells_line)
    heights = raw.get("heights")
    if heights is not None:
        board = Board(board.shape, board.rows, _parse_heights(heights, board, r))
    walls = _parse_thin_walls(raw, board, r)
    if walls:
        board = Board(board.shape, board.rows, board.heights, walls)
    return board


def _parse_rules(raw: Any, ruleset: Ruleset, r: _Reader) -> MappingProxyType:
    """`[rules]`: the rule options a ruleset declares (`rules` in its data), by name."""
    declared = ruleset.data.extra.get("rules", {})
    line = r.locate.table_line("rules")
    line = line + 1 if line is not None else None
    if raw is None:
        return MappingProxyType({k: spec["default"] for k, spec in declared.items()})
    if not isinstance(raw, dict):
        raise r.fail("[rules]", "expected a table such as [rules] with option = value", line)
    if not declared:
        raise r.fail("[rules]", f"{ruleset.id} has no rule options", line)
    chosen = {}
    for key, spec in declared.items():
        value = raw.get(key, spec["default"])
        if value not in spec["values"]:
            raise r.fail(f"[rules] '{key}'", f"is {value!r}; expected one of "
                         f"{', '.join(map(repr, spec['values']))}", r.locate.key_line(key))
        chosen[key] = value
    unknown = set(raw) - set(declared)
    if unknown:
        key = sorted(unknown)[0]
        raise r.fail(f"[rules] key '{key}'", f"unknown (known: {_known(declared)})",
                     r.locate.key_line(key))
    return MappingProxyType(chosen)


def _cell(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value):
        return (value[0], value[1])
    return None


def _parse_thin_walls(raw: dict, board: Board, r: _Reader) -> frozenset:
    """`thin_walls` (pairs of neighbouring cells) and `border_walls` ({at, side}) on hex
    boards: walls along one side of a cell."""
    walls: set[frozenset] = set()
    for key in ("thin_walls", "border_walls"):
        items = raw.get(key, [])
        line = r.locate.key_line(key)
        if not isinstance(items, list):
            raise r.fail(f"[board] '{key}'", "expected a list", line)
        if items and board.shape is not Shape.HEX:
            raise r.fail(f"[board] '{key}'", "only hex boards have thin walls", line)
        for index, item in enumerate(items):
            where = f"[board] '{key}' #{index + 1}"
            if key == "thin_walls":
                pair = [_cell(v) for v in item] if isinstance(item, list) else []
                if len(pair) != 2 or None in pair:
                    raise r.fail(where, f"is {item!r}; expected [[col, row], [col, row]]", line)
                a, b = pair
                for c in pair:
                    if not board.in_bounds(c):
                        raise r.fail(where, f"cell {list(c)} is outside the board", line)
                if b not in (hex_step(a, d) for d in range(6)):
                    raise r.fail(where, f"cells {list(a)} and {list(b)} are not neighbours",
                                 line)
            else:
                a = _cell(item.get("at")) if isinstance(item, dict) else None
                side = item.get("side") if isinstance(item, dict) else None
                if a is None or side not in HEX_SIDES:
                    raise r.fail(where, f"is {item!r}; expected {{ at = [col, row], side = "
                                 f"one of {', '.join(HEX_SIDES)} }}", line)
                if not board.in_bounds(a):
                    raise r.fail(where, f"cell {list(a)} is outside the board", line)
                b = hex_step(a, HEX_SIDES.index(side))
                if board.in_bounds(b):
                    raise r.fail(where, f"side {side} of {list(a)} is not on the board's edge "
                                 "(use thin_walls between two cells)", line)
            walls.add(frozenset((a, b)))
    return frozenset(walls)


def _parse_heights(raw: Any, board: Board, r: _Reader):
    """Optional per-cell heights: a text grid of digits 0-9, one line per row."""
    line = r.locate.key_line("heights")
    if not isinstance(raw, str):
        raise r.fail("[board] 'heights'", "expected text with one digit per cell", line)
    rows = ["".join(row.split()) for row in raw.strip("\n").split("\n")]
    if len(rows) != board.height or any(len(row) != board.width for row in rows):
        raise r.fail("[board] 'heights'",
                     f"expected {board.height} rows of {board.width} digits like 'cells'", line)
    if any(not ch.isdigit() for row in rows for ch in row):
        raise r.fail("[board] 'heights'", "only digits 0-9 are allowed", line)
    return tuple(tuple(int(ch) for ch in row) for row in rows)


def _parse_unit(index: int, entry: Any, ruleset: Ruleset, board: Board, r: _Reader) -> Unit:
    if not isinstance(entry, dict):
        raise r.unit_fail(index, None, None, "expected a [[units]] table")
    unit_id = entry.get("id")

    def fail(field: str | None, message: str) -> EncounterFileError:
        return r.unit_fail(index, unit_id if isinstance(unit_id, str) else None, field, message)

    unknown = set(entry) - UNIT_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise fail(key, f"unknown field (known: {_known(UNIT_KEYS)})")
    if not isinstance(unit_id, str) or not ID_PATTERN.match(unit_id):
        raise fail("id", f"is {unit_id!r}; expected lower-case letters, digits, '-' or '_', "
                   "starting with a letter or digit")
    name = entry.get("name", unit_id)
    if not isinstance(name, str) or not name.strip():
        raise fail("name", "expected a non-empty text")
    side = entry.get("side")
    if side not in ("enemy", "player"):
        raise fail("side", f"is {side!r}; expected \"enemy\" or \"player\"")
    at = entry.get("at")
    if (not isinstance(at, list) or len(at) != 2 or not all(_is_int(v) for v in at)):
        raise fail("at", f"is {at!r}; expected [column, row] with whole numbers")
    cell = (at[0], at[1])
    if not board.in_bounds(cell):
        raise fail("at", f"cell {at} is outside the {board.width}x{board.height} board "
                   f"(columns 0-{board.width - 1}, rows 0-{board.height - 1})")
    terrain = board.terrain(cell)
    if not terrain.passable:
        raise fail("at", f"cell {at} is {terrain.label} ('{terrain.value}'); a unit cannot stand "
                   "there")
    for key in ("hp", "max_hp"):
        if key not in entry:
            raise fail(key, "missing; expected a whole number")
        if not _is_int(entry[key]):
            raise fail(key, f"is {entry[key]!r}; expected a whole number")
    if entry["max_hp"] <= 0:
        raise fail("max_hp", f"is {entry['max_hp']}; expected more than 0")
    data = ruleset.data
    ai = entry.get("ai")
    if ai is not None:
        if side != "enemy":
            raise fail("ai", "only enemies have an AI type")
        if ai not in data.ai_types:
            raise fail("ai", f"unknown AI type '{ai}' for {ruleset.id} "
                       f"(known: {_known(data.ai_types)})")
    elif side == "enemy":
        ai = data.default_ai()
    statuses = _string_list(entry.get("statuses", []), "statuses", fail)
    for status in statuses:
        if status not in data.statuses:
            raise fail("statuses", f"unknown status '{status}' for {ruleset.id} "
                       f"(known: {_known(data.statuses)})")
    tags = _string_list(entry.get("tags", []), "tags", fail)
    priorities = _string_list(entry.get("priorities", []), "priorities", fail)
    tactics = data.extra.get("tactics")
    if priorities and tactics is None:
        raise fail("priorities", f"{ruleset.id} does not use enemy priority lists")
    for tactic in priorities:
        if tactics is not None and tactic not in tactics:
            raise fail("priorities", f"unknown tactic '{tactic}' (known: {_known(tactics)})")
    guards = entry.get("guards")
    if guards is not None and not isinstance(guards, str):
        raise fail("guards", "expected the id of the unit it guards")
    stats_raw = entry.get("stats", {})
    if not isinstance(stats_raw, dict):
        raise fail("stats", "expected a table such as { move = 3 }")
    stats: dict[str, float] = {}
    for stat_name, value in stats_raw.items():
        if stat_name not in data.stats:
            raise fail("stats", f"unknown stat '{stat_name}' for {ruleset.id} "
                       f"(known: {_known(data.stats)})")
        if not _is_number(value):
            raise fail("stats", f"'{stat_name}' is {value!r}; expected a number")
        stats[stat_name] = value
    weapons = tuple(_parse_weapon(i, w, ruleset, fail)
                    for i, w in enumerate(_list(entry.get("weapons", []), "weapons", fail)))
    aoe = _parse_aoe(entry.get("aoe"), ruleset, fail)
    return Unit(
        id=unit_id, name=name, side=Side(side), at=cell, hp=entry["hp"],
        max_hp=entry["max_hp"], ai=ai, stats=MappingProxyType(stats), statuses=tuple(statuses),
        tags=tuple(tags), weapons=weapons, priorities=tuple(priorities), guards=guards, aoe=aoe,
    )


def _parse_aoe(raw: Any, ruleset: Ruleset, fail) -> AreaAttack | None:
    if raw is None:
        return None
    if not ruleset.data.extra.get("area_attacks"):
        raise fail("aoe", f"{ruleset.id} has no area attacks")
    hexes = raw.get("hexes") if isinstance(raw, dict) else None
    kind = raw.get("kind") if isinstance(raw, dict) else None
    cells = [_cell(h) for h in hexes] if isinstance(hexes, list) else [None]
    if kind not in AOE_KINDS or not cells or None in cells or set(raw) - {"kind", "hexes"}:
        raise fail("aoe", "expected { kind = \"melee\" or \"ranged\", hexes = [[dq, dr], ...] }")
    return AreaAttack(kind, tuple(cells))


def _list(value: Any, field: str, fail) -> list:
    if not isinstance(value, list):
        raise fail(field, "expected a list")
    return value


def _string_list(value: Any, field: str, fail) -> list[str]:
    items = _list(value, field, fail)
    if not all(isinstance(v, str) for v in items):
        raise fail(field, "expected a list of texts such as [\"stunned\"]")
    return items


def _parse_weapon(index: int, raw: Any, ruleset: Ruleset, fail) -> Weapon:
    where = f"weapons[{index}]"
    if not isinstance(raw, dict):
        raise fail("weapons", f"{where}: expected a table such as {{ name = \"Bow\", "
                   "kind = \"ranged\", range = 6 }")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise fail("weapons", f"{where}: 'name' is missing")
    kind = raw.get("kind", DEFAULT_WEAPON_KIND)
    kinds = ruleset.data.extra.get("weapon_kinds")
    if kinds is not None and kind not in kinds:
        raise fail("weapons", f"{where} ({name}): unknown kind '{kind}' (known: {_known(kinds)})")
    reach = raw.get("range", 1)
    if not _is_number(reach) or reach < 0:
        raise fail("weapons", f"{where} ({name}): 'range' is {reach!r}; expected a number >= 0")
    strength = raw.get("strength")
    if strength is not None and not _is_int(strength):
        raise fail("weapons", f"{where} ({name}): 'strength' is {strength!r}; expected a whole "
                   "number")
    extra = {k: v for k, v in raw.items() if k not in WEAPON_KEYS}
    return Weapon(name, kind, reach, strength, MappingProxyType(extra))


def _parse_state(raw: Any, ruleset: Ruleset, by_id: dict, r: _Reader):
    loc = r.locate
    base = loc.table_line("state") or 0
    if not isinstance(raw, dict):
        raise r.fail("[state]", "expected a table")
    unknown = set(raw) - STATE_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise r.fail(f"[state] key '{key}'", f"unknown (known: {_known(STATE_KEYS)})",
                     loc.key_line(key, base))

    def line(key: str) -> int | None:
        return loc.key_line(key, base)

    round_ = raw.get("round", 1)
    if not _is_int(round_) or round_ < 1:
        raise r.fail("[state] 'round'", f"is {round_!r}; expected a whole number from 1",
                     line("round"))
    phases = ruleset.data.phases
    phase = raw.get("phase")
    if phase is not None:
        if not phases:
            raise r.fail("[state] 'phase'", f"{ruleset.id} has no phases", line("phase"))
        if phase not in phases:
            raise r.fail("[state] 'phase'", f"unknown phase {phase!r} (known: "
                         f"{', '.join(phases)})", line("phase"))
    elif phases:
        phase = phases[0]

    def unit_ref(value: Any, key: str, side: str | None = None) -> str:
        if not isinstance(value, str) or value not in by_id:
            raise r.fail(f"[state] '{key}'", f"names {value!r}, which is not a unit "
                         f"(units: {_known(by_id)})", line(key))
        if side is not None and by_id[value][1].side.value != side:
            raise r.fail(f"[state] '{key}'", f"'{value}' is not a {side} unit", line(key))
        return value

    attackers = raw.get("last_attacker", {})
    if not isinstance(attackers, dict):
        raise r.fail("[state] 'last_attacker'", "expected a table such as { goblin = \"aria\" }",
                     line("last_attacker"))
    last_attacker = {}
    for enemy, attacker in attackers.items():
        unit_ref(enemy, "last_attacker")
        unit_ref(attacker, "last_attacker")
        last_attacker[enemy] = attacker
    shot = raw.get("shot_this_round", [])
    if not isinstance(shot, list):
        raise r.fail("[state] 'shot_this_round'", "expected a list of unit ids",
                     line("shot_this_round"))
    shot_ids = tuple(unit_ref(v, "shot_this_round") for v in shot)
    previous = raw.get("previous_target")
    if previous is not None:
        previous = unit_ref(previous, "previous_target")
    memory = Memory(MappingProxyType(last_attacker), shot_ids, previous)
    extra: dict[str, Any] = {}
    turn = raw.get("turn")
    if turn is not None:
        if turn not in TURNS:
            raise r.fail("[state] 'turn'", f"is {turn!r}; expected \"enemy\" or \"player\"",
                         line("turn"))
        extra["turn"] = turn
    return round_, phase, memory, MappingProxyType(extra)


# -- writing -----------------------------------------------------------------------------------

def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict | MappingProxyType):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} to TOML")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _value(key)


def dump_encounter(encounter: Encounter) -> str:
    lines = [f"format = {FORMAT_VERSION}", f"ruleset = {_value(encounter.ruleset)}"]
    if encounter.name:
        lines.append(f"name = {_value(encounter.name)}")
    board = encounter.board
    if encounter.rules:
        lines += ["", "[rules]", *(f"{_key(k)} = {_value(v)}" for k, v in encounter.rules.items())]
    lines += ["", "[board]", f"shape = {_value(board.shape.value)}",
              'cells = """', *board.rows, '"""']
    if board.heights is not None:
        lines += ['heights = """', *("".join(map(str, r)) for r in board.heights), '"""']
    inner, border = [], []
    for wall in sorted(sorted(w) for w in board.thin_walls):
        a, b = wall if board.in_bounds(wall[0]) else wall[::-1]
        if board.in_bounds(b):
            inner.append([list(a), list(b)])
        else:
            side = next(HEX_SIDES[d] for d in range(6) if hex_step(a, d) == b)
            border.append({"at": list(a), "side": side})
    if inner:
        lines.append(f"thin_walls = {_value(inner)}")
    if border:
        lines.append(f"border_walls = {_value(border)}")
    for unit in encounter.units:
        lines += ["", "[[units]]", f"id = {_value(unit.id)}"]
        if unit.name != unit.id:
            lines.append(f"name = {_value(unit.name)}")
        lines += [f"side = {_value(unit.side.value)}", f"at = {_value(list(unit.at))}",
                  f"hp = {unit.hp}", f"max_hp = {unit.max_hp}"]
        if unit.ai is not None:
            lines.append(f"ai = {_value(unit.ai)}")
        for key in ("priorities", "statuses", "tags"):
            if getattr(unit, key):
                lines.append(f"{key} = {_value(list(getattr(unit, key)))}")
        if unit.guards:
            lines.append(f"guards = {_value(unit.guards)}")
        if unit.stats:
            lines.append(f"stats = {_value(dict(unit.stats))}")
        if unit.weapons:
            lines.append(f"weapons = {_value([w.to_dict() for w in unit.weapons])}")
        if unit.aoe is not None:
            lines.append(f"aoe = {_value(unit.aoe.to_dict())}")
    memory = encounter.memory
    state = [f"round = {encounter.round}"]
    if encounter.phase is not None:
        state.append(f"phase = {_value(encounter.phase)}")
    if encounter.extra_state.get("turn"):
        state.append(f"turn = {_value(encounter.extra_state['turn'])}")
    if memory.last_attacker:
        state.append(f"last_attacker = {_value(dict(memory.last_attacker))}")
    if memory.shot_this_round:
        state.append(f"shot_this_round = {_value(list(memory.shot_this_round))}")
    if memory.previous_target:
        state.append(f"previous_target = {_value(memory.previous_target)}")
    lines += ["", "[state]", *state]
    return "\n".join(lines) + "\n"


def save_encounter(encounter: Encounter, path: str | Path) -> None:
    path = Path(path)
    text = dump_encounter(encounter)
    from desktop.atomic_write import OutputFileError, write_atomically

    try:
        write_atomically(path, text)  # never a half-written file, the old one kept on failure
    except OutputFileError as error:
        raise EncounterFileError(f"{path}: cannot be written ({error.reason})") from None
