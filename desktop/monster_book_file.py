"""Monster book TOML files <-> MonsterBook, as docs/monster-book.md says.

Every mistake is one message naming the file, the line, the type, deck or card and the field;
`check_book` lists them all (one per entry at most), `load_book` refuses the file with the
first. Nothing is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

from desktop.display_text import listed, shown
from desktop.engine.ability_cards import LONGEST_TEXT, AbilityCard, AbilityDeck, card_from_raw
from desktop.engine.errors import RulesError
from desktop.engine.limits import MAX_ID_LENGTH, MAX_STAT
from desktop.engine.monster_book import MonsterBook
from desktop.engine.ruleset import Ruleset
from desktop.engine.unit_types import StatLine, UnitType, UnitTypesSpec
from desktop.engine.value_checks import check_words
from desktop.errors import FoebookError
from desktop.rulesets.registry import get_ruleset
from desktop.toml_reading import (
    Fail,
    Locator,
    check_choice,
    check_list,
    check_table,
    check_text,
    check_whole,
    is_int,
    parse_toml,
    read_limited,
    toml_key,
    toml_value,
)

FORMAT_VERSION = 1
WHAT = "a monster book"
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")
TOP_KEYS = ("format", "ruleset", "name", "types", "decks")
TYPE_KEYS = ("id", "name", "standees", "deck", "tags", "immunities", "notes")
LINE_LISTS = ("tags", "immunities", "conditions")  # a rank's lists of words
MOST_STANDEES = 100
MOST_CARDS = 100


class MonsterBookError(FoebookError):
    """A malformed monster book; the message names the file, the line and the field."""


@dataclass
class _Reader:
    """Reads one monster book's TOML, collecting every problem with its line."""

    source: str
    text: str
    table: str = ""  # the table holding the book ("scenario.book" in an encounter file)
    problems: list[str] = field(default_factory=list)

    @cached_property
    def locate(self) -> Locator:
        return Locator(self.text)

    def error(self, where: str, message: str, line: int | None) -> MonsterBookError:
        place = f"line {line}: " if line else ""
        return MonsterBookError(f"{self.source}: {place}{where}: {message}")

    def top(self, key: str, message: str) -> MonsterBookError:
        start = (self.locate.table_line(self.table) or 0) if self.table else 0
        where = f"[{self.table}] {shown(key)}" if self.table else shown(key)
        return self.error(where, message, self.locate.key_line(key, start))

    def entry_fail(self, array: str, index: int, who: str) -> Fail:
        """Errors for the fields of the `index`-th [[array]] entry, called `who`."""

        def fail(key: str, message: str) -> MonsterBookError:
            prefix = f"{self.table}." if self.table else ""
            line = self.locate.entry_line(prefix + array, index, key or None)
            return self.error(f"{who}, field {shown(key)}" if key else who, message, line)

        return fail


def load_book(path: str | Path) -> MonsterBook:
    """The book in the file at `path`; MonsterBookError with its first problem otherwise."""
    path = Path(path)
    return parse_book(read_limited(path, MonsterBookError, WHAT), str(path))


def parse_book(text: str, source: str = "<monster book>") -> MonsterBook:
    book, problems = check_book(text, source)
    if problems or book is None:
        raise MonsterBookError(problems[0])
    return book


def check_book_file(path: str | Path) -> tuple[MonsterBook | None, list[str]]:
    path = Path(path)
    try:
        text = read_limited(path, MonsterBookError, WHAT)
    except MonsterBookError as error:
        return None, [error.message]
    return check_book(text, str(path))


def check_book(text: str, source: str = "<monster book>") -> tuple[MonsterBook | None, list[str]]:
    """The book and every problem found in it (at most one per type and card); the book is
    None when there is any."""
    r = _Reader(source, text)
    try:
        data = parse_toml(text, source, MonsterBookError, WHAT)
        ruleset = _head(data, r)
    except MonsterBookError as error:
        return None, [error.message]
    return _book(data, ruleset, r)


def book_in_table(
    data: dict[str, Any], ruleset: Ruleset, text: str, source: str, table: str
) -> MonsterBook:
    """A book written inside another file (an encounter file's [scenario.book]), for the
    ruleset that file names; MonsterBookError with its first problem otherwise."""
    r = _Reader(source, text, table)
    if ruleset.data.unit_types is None:
        raise r.top("types", f"{ruleset.id} has no unit types; a monster book cannot fill it")
    unknown = sorted(set(data) - {"name", "types", "decks"})
    if unknown:
        raise r.top(unknown[0], "unknown key (known: decks, name, types)")
    _lists(data, r)
    book, problems = _book(data, ruleset, r)
    if book is None:
        raise MonsterBookError(problems[0])
    return book


def _book(
    data: dict[str, Any], ruleset: Ruleset, r: _Reader
) -> tuple[MonsterBook | None, list[str]]:
    spec = ruleset.data.unit_types
    assert spec is not None  # checked by the caller
    decks = _decks(data.get("decks", []), ruleset, r)
    types = _types(data.get("types", []), ruleset, spec, decks, r)
    if r.problems:
        return None, r.problems
    book = MonsterBook(
        str(data.get("name", "")),
        MappingProxyType({t.id: t for t in types}),
        MappingProxyType({d.id: d for d in decks}),
    )
    return book, []


def _head(data: dict[str, Any], r: _Reader) -> Ruleset:
    unknown = sorted(set(data) - set(TOP_KEYS))
    if unknown:
        raise r.top(unknown[0], f"unknown top-level key (known: {listed(TOP_KEYS)})")
    if data.get("format") != FORMAT_VERSION or not is_int(data.get("format")):
        raise r.top("format", f"is {shown(data.get('format'))}; expected format = 1")
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise r.top("ruleset", 'missing; expected the rule system it is for ("monster-focus")')
    try:
        ruleset = get_ruleset(ruleset_id)
    except RulesError as error:
        raise r.top("ruleset", str(error)) from None
    if ruleset.data.unit_types is None:
        raise r.top("ruleset", f"{ruleset.id} has no unit types; a monster book cannot fill it")
    _lists(data, r)
    return ruleset


def _lists(data: dict[str, Any], r: _Reader) -> None:
    check_text(data.get("name", ""), "name", r.top)
    for key in ("types", "decks"):
        check_list(data.get(key, []), key, r.top, MOST_CARDS * 10)


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_ID_LENGTH and bool(ID_PATTERN.match(value))


def _id(value: Any, fail: Fail) -> str:
    if not _is_id(value):
        raise fail("id", f"is {shown(value)}; expected lower-case letters, digits, '-' or '_'")
    return value


def _unknown(raw: dict, known: tuple[str, ...], fail: Fail) -> None:
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise fail(unknown[0], f"unknown field (known: {listed(known)})")


# -- types -------------------------------------------------------------------------------------


def _types(
    raw: list, ruleset: Ruleset, spec: UnitTypesSpec, decks: list[AbilityDeck], r: _Reader
) -> list[UnitType]:
    found: list[UnitType] = []
    deck_ids = [d.id for d in decks]
    for index, entry in enumerate(raw):
        named = entry.get("id") if isinstance(entry, dict) else None
        who = f"type {shown(named)}" if _is_id(named) else f"type #{index + 1}"
        fail = r.entry_fail("types", index, who)
        try:
            if not isinstance(entry, dict):
                raise fail("", "expected a [[types]] table")
            unit_type = _type(entry, ruleset, spec, deck_ids, fail)
            if unit_type.id in (t.id for t in found):
                raise fail("id", "another type has this id; every type needs its own")
            found.append(unit_type)
        except MonsterBookError as error:
            r.problems.append(error.message)
    return found


def _type(
    entry: dict,
    ruleset: Ruleset,
    spec: UnitTypesSpec,
    deck_ids: list[str],
    fail: Fail,
) -> UnitType:
    _unknown(entry, (*TYPE_KEYS, *spec.ranks), fail)
    type_id = _id(entry.get("id"), fail)
    name = check_text(entry.get("name", type_id), "name", fail)
    if not name.strip():
        raise fail("name", "expected a non-empty text")
    if "standees" not in entry:
        raise fail("standees", "missing; expected how many standees it has (1 or more)")
    standees = check_whole(entry["standees"], "standees", fail, 1, MOST_STANDEES)
    deck = entry.get("deck", "")
    if deck:
        check_choice(deck, "deck", fail, deck_ids, "deck", " in this book")
    common = _words(entry, "tags", spec.tags, "tag", fail)
    immune = _words(entry, "immunities", ruleset.data.statuses, "status", fail)
    notes = check_text(entry.get("notes", ""), "notes", fail, LONGEST_TEXT)
    ranks = [rank for rank in spec.ranks if rank in entry]
    if not ranks:
        raise fail(
            spec.ranks[0],
            f"missing; a type needs a stat card for at least one rank ({', '.join(spec.ranks)})",
        )
    lines: dict[tuple[int, str], StatLine] = {}
    for rank in ranks:
        for level, line in _rank_lines(entry[rank], rank, ruleset, spec, fail).items():
            lines[(level, rank)] = StatLine(
                line.hp,
                line.stats,
                tuple(dict.fromkeys((*common, *line.tags))),
                tuple(dict.fromkeys((*immune, *line.immunities))),
                line.conditions,
                line.notes,
            )
    return UnitType(type_id, name, standees, MappingProxyType(lines), deck, notes)


def _rank_lines(
    raw: Any,
    rank: str,
    ruleset: Ruleset,
    spec: UnitTypesSpec,
    fail: Fail,
) -> dict[int, StatLine]:
    """A rank's stat card: each key one value for every level, or a list of one per level."""
    table = check_table(raw, rank, fail, f"{rank}.hp = [5, 6, 7, 8, 9, 10, 11, 12]")
    known = ("hp", *spec.stats, *LINE_LISTS, "notes")
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise fail(f"{rank}.{unknown[0]}", f"unknown field (known: {listed(known)})")
    if "hp" not in table:
        raise fail(f"{rank}.hp", "missing; expected its hit points (a number, or one per level)")
    levels = spec.levels

    def per_level(key: str, check: Callable[[Any, str], Any]) -> list[Any]:
        value = table[key]
        where = f"{rank}.{key}"
        many = isinstance(value, list) and (key not in LINE_LISTS or _nested(value))
        if not many:
            return [check(value, where)] * len(levels)
        if len(value) != len(levels):
            raise fail(
                where,
                f"{len(value)} values; expected one for every level "
                f"({levels[0]}-{levels[-1]}: {len(levels)}) or one for all",
            )
        return [check(v, f"{where} (level {lv})") for v, lv in zip(value, levels, strict=True)]

    def whole(low: int) -> Callable[[Any, str], int]:
        return lambda value, where: check_whole(value, where, fail, low, MAX_STAT)

    hp = per_level("hp", whole(1))
    stats = {name: per_level(name, whole(0)) for name in spec.stats if name in table}
    choices = {
        "tags": spec.tags,
        "immunities": ruleset.data.statuses,
        "conditions": ruleset.data.statuses,
    }
    lists = {
        key: per_level(key, _word_list(choices[key], key, fail))
        if key in table
        else [()] * len(levels)
        for key in LINE_LISTS
    }
    notes = (
        per_level("notes", lambda v, w: check_text(v, w, fail, LONGEST_TEXT))
        if "notes" in table
        else [""] * len(levels)
    )
    return {
        level: StatLine(
            hp[i],
            MappingProxyType({name: values[i] for name, values in stats.items()}),
            lists["tags"][i],
            lists["immunities"][i],
            lists["conditions"][i],
            notes[i],
        )
        for i, level in enumerate(levels)
    }


def _nested(value: list) -> bool:
    return bool(value) and all(isinstance(v, list) for v in value)


def _word_list(
    known: Collection[str], key: str, fail: Fail
) -> Callable[[Any, str], tuple[str, ...]]:
    what = {"tags": "tag", "immunities": "status", "conditions": "status"}[key]
    return lambda value, where: check_words(value, where, fail, known, what)


def _words(entry: dict, key: str, known, what: str, fail) -> tuple[str, ...]:
    if key not in entry:
        return ()
    return _word_list(known, key, fail)(entry[key], key)


# -- decks -------------------------------------------------------------------------------------


def _decks(raw: list, ruleset: Ruleset, r: _Reader) -> list[AbilityDeck]:
    found: list[AbilityDeck] = []
    first_card = 0  # the index among every [[decks.cards]] of the file of this deck's first
    for index, entry in enumerate(raw):
        named = entry.get("id") if isinstance(entry, dict) else None
        who = f"deck {shown(named)}" if _is_id(named) else f"deck #{index + 1}"
        fail = r.entry_fail("decks", index, who)
        cards_raw = entry.get("cards", []) if isinstance(entry, dict) else []
        try:
            if not isinstance(entry, dict):
                raise fail("", "expected a [[decks]] table")
            _unknown(entry, ("id", "name", "cards"), fail)
            deck_id = _id(entry.get("id"), fail)
            if deck_id in (d.id for d in found):
                raise fail("id", "another deck has this id; every deck needs its own")
            name = check_text(entry.get("name", deck_id), "name", fail)
            check_list(cards_raw, "cards", fail, MOST_CARDS)
            if not cards_raw:
                raise fail("cards", "no [[decks.cards]]; a deck needs at least one card")
        except MonsterBookError as error:
            r.problems.append(error.message)
            first_card += len(cards_raw) if isinstance(cards_raw, list) else 0
            continue
        cards: list[AbilityCard] = []
        for number, raw_card in enumerate(cards_raw):
            card_id = raw_card.get("id") if isinstance(raw_card, dict) else None
            label = shown(card_id) if _is_id(card_id) else f"#{number + 1}"
            card_fail = r.entry_fail("decks.cards", first_card + number, f"{who}, card {label}")
            try:
                statuses = ruleset.data.statuses
                card = card_from_raw(raw_card, f"{deck_id}-{number + 1}", statuses, card_fail)
                if card.id in (c.id for c in cards):
                    raise card_fail("id", "another card of the deck has this id")
                cards.append(card)
            except MonsterBookError as error:
                r.problems.append(error.message)
        first_card += len(cards_raw)
        found.append(AbilityDeck(deck_id, name, tuple(cards)))
    return found


# -- writing -----------------------------------------------------------------------------------


def dump_book(book: MonsterBook, ruleset: Ruleset, table: str = "") -> str:
    """The book as a monster book file (what `load_book` reads back to the same book); with
    `table`, as that table of another file (an encounter file's "scenario.book")."""
    spec = ruleset.data.unit_types
    assert spec is not None
    if table:
        lines = [f"[{table}]"]
    else:
        lines = [f"format = {FORMAT_VERSION}", f"ruleset = {toml_value(ruleset.id)}"]
    prefix = f"{table}." if table else ""
    if book.name:
        lines.append(f"name = {toml_value(book.name)}")
    for unit_type in book.types.values():
        lines += ["", f"[[{prefix}types]]", f"id = {toml_value(unit_type.id)}"]
        lines.append(f"name = {toml_value(unit_type.name)}")
        lines.append(f"standees = {unit_type.standees}")
        if unit_type.deck:
            lines.append(f"deck = {toml_value(unit_type.deck)}")
        if unit_type.notes:
            lines.append(f"notes = {toml_value(unit_type.notes)}")
        for rank in spec.ranks:
            levels = [unit_type.line(level, rank) for level in spec.levels]
            if any(line is None for line in levels):
                continue
            rows = [line for line in levels if line is not None]
            columns: dict[str, list[Any]] = {"hp": [line.hp for line in rows]}
            for name in spec.stats:
                if any(name in line.stats for line in rows):
                    columns[name] = [_plain(line.stat(name)) for line in rows]
            for key in LINE_LISTS:
                columns[key] = [list(getattr(line, key)) for line in rows]
            columns["notes"] = [line.notes for line in rows]
            for key, values in columns.items():
                empty = values[0] in ([], "")
                if all(v == values[0] for v in values):
                    if not empty:
                        lines.append(f"{rank}.{toml_key(key)} = {toml_value(values[0])}")
                else:
                    lines.append(f"{rank}.{toml_key(key)} = {toml_value(values)}")
    for deck in book.decks.values():
        lines += ["", f"[[{prefix}decks]]", f"id = {toml_value(deck.id)}"]
        lines.append(f"name = {toml_value(deck.name)}")
        for card in deck.cards:
            lines += ["", f"[[{prefix}decks.cards]]"]
            lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in card.to_record().items()]
    return "\n".join(lines) + "\n"


def _plain(value: float) -> float:
    return int(value) if float(value).is_integer() else value


def save_book(book: MonsterBook, ruleset: Ruleset, path: str | Path) -> None:
    from desktop.atomic_write import OutputFileError, write_atomically

    try:
        write_atomically(Path(path), dump_book(book, ruleset))
    except OutputFileError as error:
        raise MonsterBookError(f"{path}: cannot be written ({error.reason})") from None


def bundled_book_path(file_name: str) -> Path:
    """A monster book shipped with a rule system (the `books/` folder of its package, as
    desktop/rulesets/monster_focus/books/); a path that does not exist when there is none."""
    from desktop.rulesets.registry import package_data_folders

    paths = [folder / file_name for _, folder in package_data_folders("books")]
    return next((path for path in paths if path.is_file()), Path(file_name))
