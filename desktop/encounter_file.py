"""Encounter TOML files <-> engine objects, exactly as docs/encounter-format.md says.

A bad file is refused with one message naming the file, the place (line, unit,
field) and what was expected. Nothing is guessed. Every type and range is checked
here, once, within the limits of `desktop.engine.limits`: whatever this accepts,
every command and both databases accept.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

from desktop.display_text import listed, shown
from desktop.engine.area_attacks import area_attack_from
from desktop.engine.board import Board, BoardError, Shape, Terrain
from desktop.engine.encounter import Encounter, Memory
from desktop.engine.errors import RulesError
from desktop.engine.hex_geometry import HEX_SIDES, hex_step
from desktop.engine.limits import (
    ID_PATTERN,
    MAX_BOARD_SIDE,
    MAX_ID_LENGTH,
    MAX_STAT,
    MAX_UNITS,
)
from desktop.engine.monster_book import MonsterBook, standee_unit
from desktop.engine.ruleset import Ruleset
from desktop.engine.unit_fields import check_unit_fields
from desktop.engine.unit_types import free_numbers
from desktop.engine.units import (
    DEFAULT_WEAPON_KIND,
    STANDEE_FILE_KEYS,
    UNIT_FILE_KEYS,
    AreaAttack,
    Side,
    Standee,
    Unit,
    Weapon,
    unit_fields,
)
from desktop.errors import FoebookError
from desktop.monster_book_file import MonsterBookError, book_in_table, dump_book, load_book
from desktop.rulesets.registry import get_ruleset
from desktop.toml_reading import Fail, Locator, parse_toml, read_limited
from desktop.toml_reading import check_choice as _choice
from desktop.toml_reading import check_list as _list
from desktop.toml_reading import check_number as _number
from desktop.toml_reading import check_table as _table
from desktop.toml_reading import check_text as _text
from desktop.toml_reading import check_text_list as _text_list
from desktop.toml_reading import check_whole as _whole
from desktop.toml_reading import is_int as _is_int
from desktop.toml_reading import toml_key as _key
from desktop.toml_reading import toml_value as _value

FORMAT_VERSION = 1
TOP_KEYS = {"format", "ruleset", "name", "board", "units", "state", "rules", "scenario", "standees"}
SCENARIO_KEYS = {"book", "level"}
STANDEE_KEYS = {"id", "type", "rank", "number", "at", "hp", "statuses"}
BOARD_KEYS = {"shape", "cells", "heights", "thin_walls", "border_walls"}
STATE_KEYS = {
    "round",
    "phase",
    "turn",
    "last_attacker",
    "shot_this_round",
    "previous_target",
    "acted",
    "started",
}
# Where the round stands, kept by an export so that an import goes on from there: the units
# done this round (this phase), in the order they acted, and those whose turn has begun.
ACTIVATION_KEYS = ("acted", "started")
TURNS = ("enemy", "player")  # whose turn it is (grimdark-solo's reactions in the players' turn)
WEAPON_KEYS = {"name", "kind", "range", "strength"}


WHAT = "an encounter file"


class EncounterFileError(FoebookError):
    """A malformed encounter file; the message names the file and the place."""


class _Reader:
    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.text = text

    @cached_property
    def locate(self) -> Locator:
        # Built only for a message: splitting a large file into lines is not free.
        return Locator(self.text)

    def fail(self, where: str, message: str, line: int | None = None) -> EncounterFileError:
        place = f"line {line}: " if line else ""
        return EncounterFileError(f"{self.source}: {place}{where}: {message}")

    def table_fail(self, table: str | None) -> Fail:
        """Errors for the keys of a top-level table ([board], [state]) or the top level."""

        def fail(field: str, message: str) -> EncounterFileError:
            base = (self.locate.table_line(table) or 0) if table else 0
            where = f"[{table}] {shown(field)}" if table else shown(field)
            return self.fail(where, message, self.locate.key_line(field, base))

        return fail

    def unit_fail(self, index: int, unit_id: Any, field: str | None, message: str):
        named = isinstance(unit_id, str) and _is_id(unit_id)
        who = f"unit '{unit_id}'" if named else f"unit #{index + 1}"
        where = f"{who}, field {shown(field)}" if field else who
        return self.fail(where, message, self.locate.entry_line("units", index, field))


def _is_id(value: str) -> bool:
    return len(value) <= MAX_ID_LENGTH and ID_PATTERN.match(value) is not None


# -- reading ---------------------------------------------------------------------------------


def load_encounter(path: str | Path) -> Encounter:
    path = Path(path)
    return parse_encounter(read_limited(path, EncounterFileError, WHAT), str(path))


def parse_encounter(text: str, source: str = "<encounter>") -> Encounter:
    data = parse_toml(text, source, EncounterFileError, WHAT)
    return _parse(data, _Reader(source, text))


def _parse(data: dict, r: _Reader) -> Encounter:
    fail = r.table_fail(None)
    unknown = set(data) - TOP_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise r.fail(
            f"key {shown(key)}",
            f"unknown top-level key (known: {listed(TOP_KEYS)})",
            r.locate.key_line(key),
        )
    if "format" not in data:
        raise r.fail("'format'", f"missing; expected format = {FORMAT_VERSION}")
    if not _is_int(data["format"]) or data["format"] != FORMAT_VERSION:
        raise fail(
            "format", f"is {shown(data['format'])}; this Foebook reads format = {FORMAT_VERSION}"
        )
    if "ruleset" not in data:
        raise r.fail("'ruleset'", "missing; expected a ruleset id (foebook rulesets lists them)")
    try:
        ruleset = get_ruleset(_text(data["ruleset"], "ruleset", fail, MAX_ID_LENGTH))
    except RulesError as error:
        raise fail("ruleset", str(error)) from None
    name = _text(data.get("name", ""), "name", fail)

    rules = _parse_rules(data.get("rules"), ruleset, r)
    board = _parse_board(data.get("board"), ruleset, r)
    book, level = _parse_scenario(data.get("scenario"), data.get("standees"), ruleset, r)
    units_raw = data.get("units", [])
    if not isinstance(units_raw, list):
        raise fail("units", "expected [[units]] tables")
    if len(units_raw) > MAX_UNITS:
        raise fail("units", f"{len(units_raw):,} units; an encounter holds at most {MAX_UNITS}")
    units: list[Unit] = []
    seen_ids: set[str] = set()
    seen_cells: dict[tuple[int, int], str] = {}
    for index, entry in enumerate(units_raw):
        unit = _parse_unit(index, entry, ruleset, board, r, book)
        if unit.id in seen_ids:
            raise r.unit_fail(index, unit.id, "id", "duplicate id; every unit needs its own")
        if unit.at in seen_cells:
            raise r.unit_fail(
                index,
                unit.id,
                "at",
                f"cell {list(unit.at)} is already taken by '{seen_cells[unit.at]}'",
            )
        seen_ids.add(unit.id)
        seen_cells[unit.at] = unit.id
        units.append(unit)
    for index, unit in enumerate(units):
        for status in unit.statuses:
            spec = ruleset.data.statuses[status]
            if not spec.available(rules):
                played = ", ".join(f"{k} = {'/'.join(v)}" for k, v in spec.only_when)
                raise r.unit_fail(
                    index, unit.id, "statuses", f"{spec.name} is only played with {played}"
                )
    units = _numbered(units, r)
    standees = data.get("standees", [])
    units += _parse_standees(standees, ruleset, board, book, level, units, rules, r)
    by_id = {u.id: (i, u) for i, u in enumerate(units)}
    for index, unit in enumerate(units):  # references, now that every unit is known
        for problem in check_unit_fields(
            ruleset.data.unit_fields, unit.fields, unit.id, ruleset.id, by_id
        ):
            raise r.unit_fail(index, unit.id, problem.field, problem.message)

    round_, phase, memory, extra = _parse_state(data.get("state", {}), ruleset, by_id, r)
    encounter = Encounter(
        ruleset=ruleset.id,
        board=board,
        units=tuple(units),
        name=name,
        round=round_,
        phase=phase,
        memory=memory,
        extra_state=extra,
        rules=rules,
        book=book,
        level=level,
    )
    problems = ruleset.validate(encounter)
    if problems:
        raise EncounterFileError(f"{r.source}: {problems[0]}")
    return encounter


def _parse_board(raw: Any, ruleset: Ruleset, r: _Reader) -> Board:
    fail = r.table_fail("board")
    if not isinstance(raw, dict):
        raise r.fail("[board]", "missing; expected a [board] table with shape and cells")
    unknown = set(raw) - BOARD_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise fail(key, f"unknown key (known: {listed(BOARD_KEYS)})")
    shape = raw.get("shape")
    if shape not in ("square", "hex"):
        raise fail("shape", f'is {shown(shape)}; expected "square" or "hex"')
    if shape != ruleset.data.board_shape:
        raise fail(
            "shape", f"{ruleset.id} is played on {ruleset.data.board_shape} boards, not {shape}"
        )
    cells = raw.get("cells")
    if not isinstance(cells, str):
        raise r.fail("[board] 'cells'", "missing; expected the board as text, one line per row")
    _check_board_size(cells, fail, r)
    try:
        board = Board.from_text(Shape(shape), cells)
    except BoardError as error:
        place = f"column {error.column + 1}: " if error.column is not None else ""
        raise r.fail(
            "[board] 'cells'", f"{place}{error}", _cells_line(r, error.text_line)
        ) from None
    refused = {t.value for t in Terrain} - {t.value for t in ruleset.data.known_terrain()}
    for row_index, row in enumerate(board.rows):
        if refused.isdisjoint(row):  # a set test per row, not a look-up per cell
            continue
        char = next(c for c in row if c in refused)
        raise r.fail(
            "[board] 'cells'",
            f"row {row_index + 1}: '{char}' ({Terrain(char).label}) is not used by {ruleset.id}",
            r.locate.key_line("cells"),
        )
    heights = raw.get("heights")
    if heights is not None:
        board = Board(board.shape, board.rows, _parse_heights(heights, board, fail))
    walls = _parse_thin_walls(raw, board, r)
    if walls:
        board = Board(board.shape, board.rows, board.heights, walls)
    return board


def _cells_line(r: _Reader, text_line: int | None) -> int | None:
    """The file line of a line of the `cells` text."""
    cells_line = r.locate.key_line("cells")
    if cells_line is None or text_line is None:
        return None
    # A multi-line string that opens with a newline starts on the next line.
    opener = r.locate.lines[cells_line - 1]
    starts_next = opener.rstrip().endswith(('"""', "'''"))
    return cells_line + text_line + (1 if starts_next else 0)


def _check_board_size(cells: str, fail: Fail, r: _Reader) -> None:
    """Refuses a board over MAX_BOARD_SIDE cells a side before anything is built for it."""
    rows = 0
    for text_line, line in enumerate(cells.split("\n")):
        width = len("".join(line.split()))
        if width == 0:
            continue
        rows += 1
        if width > MAX_BOARD_SIDE:
            raise r.fail(
                "[board] 'cells'",
                f"row {rows} has {width:,} cells; a board is at most {MAX_BOARD_SIDE} cells wide",
                _cells_line(r, text_line),
            )
    if rows > MAX_BOARD_SIDE:
        raise fail(
            "cells", f"the board has {rows:,} rows; a board is at most {MAX_BOARD_SIDE} rows high"
        )


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
            raise r.fail(
                f"[rules] '{key}'",
                f"is {shown(value)}; expected one of {', '.join(map(repr, spec['values']))}",
                r.locate.key_line(key),
            )
        chosen[key] = value
    unknown = set(raw) - set(declared)
    if unknown:
        key = sorted(unknown)[0]
        raise r.fail(
            f"[rules] key '{key}'", f"unknown (known: {listed(declared)})", r.locate.key_line(key)
        )
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
                found = [_cell(v) for v in item] if isinstance(item, list) else []
                pair = [c for c in found if c is not None]
                if len(found) != 2 or len(pair) != 2:
                    raise r.fail(
                        where, f"is {shown(item)}; expected [[col, row], [col, row]]", line
                    )
                a, b = pair
                for c in pair:
                    if not board.in_bounds(c):
                        raise r.fail(where, f"cell {list(c)} is outside the board", line)
                if b not in (hex_step(a, d) for d in range(6)):
                    raise r.fail(where, f"cells {list(a)} and {list(b)} are not neighbours", line)
            else:
                at = _cell(item.get("at")) if isinstance(item, dict) else None
                side = item.get("side") if isinstance(item, dict) else None
                if at is None or side not in HEX_SIDES:
                    raise r.fail(
                        where,
                        f"is {shown(item)}; expected {{ at = [col, row], side = "
                        f"one of {', '.join(HEX_SIDES)} }}",
                        line,
                    )
                a = at
                if not board.in_bounds(a):
                    raise r.fail(where, f"cell {list(a)} is outside the board", line)
                b = hex_step(a, HEX_SIDES.index(side))
                if board.in_bounds(b):
                    raise r.fail(
                        where,
                        f"side {side} of {list(a)} is not on the board's edge "
                        "(use thin_walls between two cells)",
                        line,
                    )
            walls.add(frozenset((a, b)))
    return frozenset(walls)


def _parse_heights(raw: Any, board: Board, fail: Fail):
    """Optional per-cell heights: a text grid of digits 0-9, one line per row."""
    if not isinstance(raw, str):
        raise fail("heights", "expected text with one digit per cell")
    rows = ["".join(row.split()) for row in raw.strip("\n").split("\n")]
    if len(rows) != board.height or any(len(row) != board.width for row in rows):
        raise fail("heights", f"expected {board.height} rows of {board.width} digits like 'cells'")
    # Not str.isdigit: it also takes '²' and other digits int() cannot read.
    if any(ch not in "0123456789" for row in rows for ch in row):
        raise fail("heights", "only digits 0-9 are allowed")
    return tuple(tuple(int(ch) for ch in row) for row in rows)


def _parse_unit(
    index: int, entry: Any, ruleset: Ruleset, board: Board, r: _Reader, book: MonsterBook | None
) -> Unit:
    if not isinstance(entry, dict):
        raise r.unit_fail(index, None, None, "expected a [[units]] table")
    unit_id = entry.get("id")

    def fail(field: str | None, message: str) -> EncounterFileError:
        return r.unit_fail(index, unit_id, field, message)

    declared = ruleset.data.unit_fields
    # `aoe` (an area attack) only where the ruleset has area attacks.
    known = (
        UNIT_FILE_KEYS
        | set(declared)
        | ({"aoe"} if ruleset.data.extra.get("area_attacks") else set())
        | (STANDEE_FILE_KEYS if ruleset.data.unit_types is not None else set())
    )
    unknown = set(entry) - known
    if unknown:
        key = sorted(unknown)[0]
        raise fail(key, f"unknown field (known: {listed(known)})")
    unit_id = _text(unit_id, "id", fail, MAX_ID_LENGTH)
    if not ID_PATTERN.match(unit_id):
        raise fail(
            "id",
            f"is {shown(unit_id)}; expected lower-case letters, digits, '-' or "
            "'_', starting with a letter or digit",
        )
    name = _text(entry.get("name", unit_id), "name", fail)
    if not name.strip():
        raise fail("name", "expected a non-empty text")
    side = entry.get("side")
    if side not in ("enemy", "player"):
        raise fail("side", f'is {shown(side)}; expected "enemy" or "player"')
    cell = _standing_cell(entry.get("at"), board, fail, ruleset)
    for key in ("hp", "max_hp"):
        if key not in entry:
            raise fail(key, "missing; expected a whole number")
    hp = _whole(entry["hp"], "hp", fail)
    max_hp = _whole(entry["max_hp"], "max_hp", fail)
    if max_hp <= 0:
        raise fail("max_hp", f"is {max_hp}; expected more than 0")
    data = ruleset.data
    ai = entry.get("ai")
    if ai is not None:
        if side != "enemy":
            raise fail("ai", "only enemies have an AI type")
        _choice(ai, "ai", fail, data.ai_types, "AI type", f" for {ruleset.id}")
    elif side == "enemy":
        ai = data.default_ai()
    statuses = _text_list(entry.get("statuses", []), "statuses", fail, MAX_ID_LENGTH)
    # A status may also be written as a sentence says it ("stunned" for `stun`).
    adjectives = {spec.said: sid for sid, spec in data.statuses.items()}
    statuses = [s if s in data.statuses else adjectives.get(s, s) for s in statuses]
    for status in statuses:
        _choice(status, "statuses", fail, data.statuses, "status", f" for {ruleset.id}")
        if statuses.count(status) > 1:  # the databases keep a unit's statuses unique
            raise fail("statuses", f"{shown(status)} is listed twice")
    # Another spelling of a status is read as that status (monster-focus `muddled`), once.
    spelled = [data.statuses[s].same_as or s for s in statuses]
    statuses = [s for i, s in enumerate(spelled) if s not in spelled[:i]]
    tags = _text_list(entry.get("tags", []), "tags", fail)
    fields = {key: entry[key] for key in declared if key in entry}
    for problem in check_unit_fields(declared, fields, unit_id, ruleset.id):
        raise fail(problem.field, problem.message)
    stats: dict[str, float] = {}
    for stat_name, value in _table(entry.get("stats", {}), "stats", fail, "{ move = 3 }").items():
        if stat_name not in data.stats:
            raise fail(
                "stats",
                f"unknown stat {shown(stat_name)} for {ruleset.id} (known: {listed(data.stats)})",
            )
        # A stat the ruleset counts in whole numbers (a survivor's noise) takes no fraction.
        check = _whole if data.stats[stat_name].whole else _number
        stats[stat_name] = check(value, stat_name, _within("stats", fail), 0, MAX_STAT)
    weapons = tuple(
        _parse_weapon(i, w, ruleset, fail)
        for i, w in enumerate(_list(entry.get("weapons", []), "weapons", fail))
    )
    aoe = _parse_aoe(entry.get("aoe"), ruleset, fail)
    standee = _parse_standee_keys(entry, ruleset, book, fail)
    if standee is not None and side != "enemy":
        raise fail("type", "only enemies are standees of a unit type")
    return Unit(
        id=unit_id,
        name=name,
        side=Side(side),
        at=cell,
        hp=hp,
        max_hp=max_hp,
        ai=ai,
        stats=MappingProxyType(stats),
        statuses=tuple(statuses),
        tags=tuple(tags),
        weapons=weapons,
        fields=unit_fields(fields),
        aoe=aoe,
        standee=standee,
    )


def _parse_standee_keys(
    entry: dict, ruleset: Ruleset, book: MonsterBook | None, fail: Fail
) -> Standee | None:
    """A unit's `type`, `rank` and `number` (number 0: the lowest free one, given later)."""
    spec = ruleset.data.unit_types
    if spec is None or not STANDEE_FILE_KEYS & set(entry):
        return None
    if "type" not in entry:
        raise fail("type", "missing; a unit with a rank or number is a standee of a unit type")
    type_id = _text(entry["type"], "type", fail, MAX_ID_LENGTH)
    if book is not None:
        _choice(type_id, "type", fail, book.types, "unit type", " in the scenario's book")
    elif not ID_PATTERN.match(type_id):
        raise fail("type", f"is {shown(type_id)}; expected a unit type id")
    rank = _choice(entry.get("rank", spec.ranks[0]), "rank", fail, spec.ranks, "rank")
    if book is not None and book.types[type_id].line(spec.levels[0], rank) is None:
        raise fail("rank", f"{book.types[type_id].name} has no {rank} stat card in the book")
    number = _whole(entry["number"], "number", fail, 1, MAX_UNITS) if "number" in entry else 0
    return Standee(type_id, rank, number)


def _numbered(units: list[Unit], r: _Reader) -> list[Unit]:
    """Standees without a number get the lowest free one of their type; two standees of a
    type with one number are refused."""
    seen: dict[tuple[str, int], str] = {}
    for index, unit in enumerate(units):
        standee = unit.standee
        if standee is None or not standee.number:
            continue
        other = seen.setdefault((standee.type, standee.number), unit.id)
        if other != unit.id:
            raise r.unit_fail(
                index, unit.id, "number", f"{other} is {standee.type} number {standee.number}"
            )
    out = []
    for unit in units:
        standee = unit.standee
        if standee is not None and not standee.number:
            number = next(n for n in range(1, MAX_UNITS + 2) if (standee.type, n) not in seen)
            seen[(standee.type, number)] = unit.id
            unit = unit.evolve(standee=Standee(standee.type, standee.rank, number))
        out.append(unit)
    return out


def _parse_scenario(
    raw: Any, standees: Any, ruleset: Ruleset, r: _Reader
) -> tuple[MonsterBook | None, int]:
    """`[scenario]`: the monster book (a file beside this one, or a table written inside it)
    and the scenario level; only for rulesets with unit types."""
    fail = r.table_fail("scenario")
    spec = ruleset.data.unit_types
    if raw is None:
        if standees:
            raise r.fail("[[standees]]", "need a [scenario] with the book their types are in")
        return None, spec.default_level if spec is not None else 0
    if spec is None:
        raise fail("book", f"{ruleset.id} has no unit types, so no scenario from a monster book")
    _table(raw, "scenario", fail, '{ book = "monsters.toml", level = 1 }')
    unknown = set(raw) - SCENARIO_KEYS
    if unknown:
        raise fail(sorted(unknown)[0], f"unknown key (known: {listed(SCENARIO_KEYS)})")
    level = raw.get("level", spec.default_level)
    if level not in spec.levels or not _is_int(level):
        levels = f"{spec.levels[0]}-{spec.levels[-1]}"
        raise fail("level", f"is {shown(level)}; expected a scenario level ({levels})")
    found = raw.get("book")
    if found is None:
        return None, level
    if isinstance(found, dict):
        try:
            return book_in_table(found, ruleset, r.text, r.source, "scenario.book"), level
        except MonsterBookError as error:
            raise EncounterFileError(error.message) from None
    path = Path(_text(found, "book", fail))
    if not path.is_absolute():
        path = Path(r.source).parent / path
    try:
        return load_book(path), level
    except MonsterBookError as error:
        raise fail("book", f"the book cannot be read: {error.message}") from None


def _parse_standees(
    raw: Any,
    ruleset: Ruleset,
    board: Board,
    book: MonsterBook | None,
    level: int,
    units: list[Unit],
    encounter_rules: MappingProxyType[str, Any],
    r: _Reader,
) -> list[Unit]:
    """`[[standees]]`: standees of the book's types placed by type, rank and hex, with the
    numbers their stat line gives at the scenario level."""
    if not raw:
        return []
    top = r.table_fail(None)
    items = _list(raw, "standees", top, MAX_UNITS)
    if book is None:
        where = r.locate.entry_line("standees", 0)
        raise r.fail("[[standees]]", "need a [scenario] book that has their types", where)
    taken = {u.at: u.id for u in units}
    ids = {u.id for u in units}
    made: list[Unit] = []
    for index, entry in enumerate(items):

        def fail(key: str, message: str, index: int = index) -> EncounterFileError:
            where = f"standee #{index + 1}, field {shown(key)}" if key else f"standee #{index + 1}"
            return r.fail(where, message, r.locate.entry_line("standees", index, key or None))

        if not isinstance(entry, dict):
            raise fail("", "expected a [[standees]] table")
        unknown = set(entry) - STANDEE_KEYS
        if unknown:
            raise fail(sorted(unknown)[0], f"unknown field (known: {listed(STANDEE_KEYS)})")
        if "type" not in entry or "at" not in entry:
            raise fail("type" if "type" not in entry else "at", "missing")
        standee = _parse_standee_keys(entry, ruleset, book, fail)
        assert standee is not None
        unit_type = book.types[standee.type]
        number = standee.number or free_numbers(unit_type, [*units, *made], 1)[0]
        if any(
            u.standee is not None and (u.standee.type, u.standee.number) == (unit_type.id, number)
            for u in (*units, *made)
        ):
            raise fail("number", f"{unit_type.name} {number} is on the board already")
        cell = _standing_cell(entry["at"], board, fail, ruleset)
        if cell in taken:
            raise fail("at", f"cell {list(cell)} is already taken by '{taken[cell]}'")
        unit_id = entry.get("id", f"{standee.type}-{number}")
        if not isinstance(unit_id, str) or not _is_id(unit_id) or unit_id in ids:
            raise fail("id", f"{shown(unit_id)} is not a free unit id")
        line = unit_type.line(level, standee.rank)
        assert line is not None  # a rank's card has every level
        unit = standee_unit(
            unit_type, line, standee.rank, number, cell, unit_id, ruleset.data.default_ai()
        )
        if "hp" in entry:
            unit = unit.evolve(hp=_whole(entry["hp"], "hp", fail, 0, unit.max_hp))
        statuses = _text_list(entry.get("statuses", []), "statuses", fail, MAX_ID_LENGTH)
        for status in statuses:
            known = ruleset.data.statuses_for(encounter_rules)
            _choice(status, "statuses", fail, known, "status", " under these rules")
        made.append(unit.evolve(statuses=tuple(dict.fromkeys(statuses))))
        taken[cell] = unit_id
        ids.add(unit_id)
    return made


def _standing_cell(at: Any, board: Board, fail: Fail, ruleset: Ruleset) -> tuple[int, int]:
    """`at`: a cell of the board a unit may stand on (under the ruleset's terrain)."""
    if not isinstance(at, list) or len(at) != 2 or not all(_is_int(v) for v in at):
        raise fail("at", f"is {shown(at)}; expected [column, row] with whole numbers")
    cell = (at[0], at[1])
    if not board.in_bounds(cell):
        raise fail(
            "at",
            f"cell {shown(at)} is outside the {board.width}x{board.height} board "
            f"(columns 0-{board.width - 1}, rows 0-{board.height - 1})",
        )
    terrain = board.terrain(cell)
    if ruleset.data.closed(terrain.value):
        raise fail(
            "at", f"cell {at} is {terrain.label} ('{terrain.value}'); a unit cannot stand there"
        )
    return cell


def _within(field: str, fail: Fail, prefix: str = "") -> Fail:
    """Errors for a key inside `field` (a stat, a weapon's key): "field 'stats': 'move' ..."."""

    def inner(key: str, message: str) -> FoebookError:
        return fail(field, f"{prefix}{shown(key)} {message}")

    return inner


def _parse_aoe(raw: Any, ruleset: Ruleset, fail) -> AreaAttack | None:
    if raw is None:
        return None
    if not ruleset.data.extra.get("area_attacks"):
        raise fail("aoe", f"{ruleset.id} has no area attacks")
    try:
        return area_attack_from(raw)
    except ValueError as error:
        raise fail("aoe", str(error)) from None


def _parse_weapon(index: int, raw: Any, ruleset: Ruleset, fail: Fail) -> Weapon:
    where = f"weapons[{index}]"
    if not isinstance(raw, dict):
        raise fail(
            "weapons",
            f'{where}: expected a table such as {{ name = "Bow", kind = "ranged", range = 6 }}',
        )
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise fail("weapons", f"{where}: 'name' is missing")
    name = _text(name, "name", _within("weapons", fail, f"{where}: "))
    inner = _within("weapons", fail, f"{where} ({name}): ")
    kind = _text(raw.get("kind", DEFAULT_WEAPON_KIND), "kind", inner, MAX_ID_LENGTH)
    kinds = ruleset.data.extra.get("weapon_kinds")
    if kinds is not None and kind not in kinds:
        raise fail(
            "weapons", f"{where} ({name}): unknown kind {shown(kind)} (known: {listed(kinds)})"
        )
    reach = _number(raw.get("range", 1), "range", inner, 0, MAX_STAT)
    strength = raw.get("strength")
    if strength is not None:
        _whole(strength, "strength", inner)
    extra = {}
    for key, value in raw.items():
        if key in WEAPON_KEYS:
            continue
        if "\x00" in key or len(key) > MAX_ID_LENGTH:
            raise fail(
                "weapons",
                f"{where} ({name}): key {shown(key)} is not allowed; keys "
                f"have at most {MAX_ID_LENGTH} characters and no NUL",
            )
        extra[key] = _weapon_extra(value, key, inner)
    return Weapon(name, kind, reach, strength, MappingProxyType(extra))


def _weapon_extra(value: Any, key: str, fail: Fail) -> Any:
    """A weapon's own key (`assault = true`, `ap = 1`): a text, a number or true/false, which
    the cards print and the databases keep as they are."""
    if isinstance(value, bool):
        return value
    if _is_int(value):
        return _whole(value, key, fail)
    if isinstance(value, float):
        return _number(value, key, fail)
    if isinstance(value, str):
        return _text(value, key, fail)
    raise fail(key, f"is {shown(value)}; expected a text, a number or true/false")


def _parse_state(raw: Any, ruleset: Ruleset, by_id: dict, r: _Reader):
    fail = r.table_fail("state")
    if not isinstance(raw, dict):
        raise r.fail("[state]", "expected a table")
    unknown = set(raw) - STATE_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise fail(key, f"unknown key (known: {listed(STATE_KEYS)})")

    round_ = _whole(raw.get("round", 1), "round", fail, low=1)
    phases = ruleset.data.phases
    phase = raw.get("phase")
    if phase is not None:
        if not phases:
            raise fail("phase", f"{ruleset.id} has no phases")
        phase = _choice(phase, "phase", fail, phases, "phase")
    elif phases:
        phase = phases[0]

    def unit_ref(value: Any, key: str) -> str:
        if not isinstance(value, str) or value not in by_id:
            raise fail(key, f"names {shown(value)}, which is not a unit (units: {listed(by_id)})")
        return value

    attackers = _table(raw.get("last_attacker", {}), "last_attacker", fail, '{ goblin = "aria" }')
    last_attacker = {}
    for enemy, attacker in attackers.items():
        unit_ref(enemy, "last_attacker")
        unit_ref(attacker, "last_attacker")
        last_attacker[enemy] = attacker
    shot = _list(raw.get("shot_this_round", []), "shot_this_round", fail, most=MAX_UNITS)
    shot_ids = tuple(unit_ref(v, "shot_this_round") for v in shot)
    previous = raw.get("previous_target")
    if previous is not None:
        previous = unit_ref(previous, "previous_target")
    memory = Memory(MappingProxyType(last_attacker), shot_ids, previous)
    extra: dict[str, Any] = {}
    turn = raw.get("turn")
    if turn is not None:
        if turn not in TURNS:
            raise fail("turn", f'is {shown(turn)}; expected "enemy" or "player"')
        extra["turn"] = turn
    for key in ACTIVATION_KEYS:
        listed_ids = _list(raw.get(key, []), key, fail, most=MAX_UNITS)
        ids = tuple(unit_ref(v, key) for v in listed_ids)
        if len(set(ids)) != len(ids):
            raise fail(key, "names a unit twice")
        if ids:
            extra[key] = ids
    return round_, phase, memory, MappingProxyType(extra)


# -- writing -----------------------------------------------------------------------------------


def dump_encounter(encounter: Encounter) -> str:
    lines = [f"format = {FORMAT_VERSION}", f"ruleset = {_value(encounter.ruleset)}"]
    if encounter.name:
        lines.append(f"name = {_value(encounter.name)}")
    board = encounter.board
    if encounter.rules:
        lines += ["", "[rules]", *(f"{_key(k)} = {_value(v)}" for k, v in encounter.rules.items())]
    lines += [
        "",
        "[board]",
        f"shape = {_value(board.shape.value)}",
        'cells = """',
        *board.rows,
        '"""',
    ]
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
        lines += [
            f"side = {_value(unit.side.value)}",
            f"at = {_value(list(unit.at))}",
            f"hp = {unit.hp}",
            f"max_hp = {unit.max_hp}",
        ]
        if unit.ai is not None:
            lines.append(f"ai = {_value(unit.ai)}")
        if unit.standee is not None:
            lines += [f"{k} = {_value(v)}" for k, v in unit.standee.to_dict().items()]
        for key, value in (*unit.fields.items(), ("statuses", unit.statuses), ("tags", unit.tags)):
            if value:
                lines.append(f"{_key(key)} = {_value(value)}")
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
    for key in ACTIVATION_KEYS:
        if encounter.extra_state.get(key):
            state.append(f"{key} = {_value(list(encounter.extra_state[key]))}")
    if memory.last_attacker:
        state.append(f"last_attacker = {_value(dict(memory.last_attacker))}")
    if memory.shot_this_round:
        state.append(f"shot_this_round = {_value(list(memory.shot_this_round))}")
    if memory.previous_target:
        state.append(f"previous_target = {_value(memory.previous_target)}")
    lines += ["", "[state]", *state]
    if encounter.book is not None or any(u.standee for u in encounter.units):
        lines += ["", "[scenario]", f"level = {encounter.level}"]
        if encounter.book is not None:
            # The book goes inside the file: the encounter reads the same wherever it is moved.
            ruleset = get_ruleset(encounter.ruleset)
            lines += ["", dump_book(encounter.book, ruleset, "scenario.book").rstrip("\n")]
    return "\n".join(lines) + "\n"


def save_encounter(encounter: Encounter, path: str | Path) -> None:
    path = Path(path)
    text = dump_encounter(encounter)
    from desktop.atomic_write import OutputFileError, write_atomically

    try:
        write_atomically(path, text)  # never a half-written file, the old one kept on failure
    except OutputFileError as error:
        raise EncounterFileError(f"{path}: cannot be written ({error.reason})") from None
