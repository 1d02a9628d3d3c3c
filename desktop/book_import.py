"""Reads a data folder the user already has in the layout of Gloomhaven Secretariat's open data
files (`<edition>/monster/*.json` stat files, `<edition>/monster/deck/*.json` ability decks) and
turns it into a monster book, saying what it could not translate.

Only the user's own files are read; Foebook ships none of that content. What a monster-focus
book has no place for (summons, loot, a boss's special cards, stat formulas...) is left out
and reported, one line per kind of thing and file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from desktop.engine.ability_cards import ELEMENTS, AbilityCard, AbilityDeck, ElementUse
from desktop.engine.area_attacks import area_attack_from
from desktop.engine.limits import ID_PATTERN, MAX_FILE_BYTES, MAX_ID_LENGTH
from desktop.engine.monster_book import MonsterBook
from desktop.engine.ruleset import Ruleset
from desktop.engine.unit_types import StatLine, UnitType
from desktop.errors import FoebookError

DEFAULT_STANDEES = 6  # when a stat file says no count
# Their words for stat-line actions, and ours.
_LINE_STATS = (("health", "hp"), ("movement", "move"), ("attack", "attack"), ("range", "range"))
_LINE_NUMBERS = {"shield": "shield", "retaliate": "retaliate", "target": "targets"}
_AREA_HEX = re.compile(r"\((\d+),(\d+),(\w+)(?::[\w-]*)?\)")


class BookImportError(FoebookError):
    """A folder that cannot be imported at all (no such edition, unreadable files)."""


@dataclass
class Imported:
    book: MonsterBook
    skipped: list[str] = field(default_factory=list)  # one line per thing left out


@dataclass
class _Report:
    """What was left out, grouped: (file, what) -> the cards or levels it was on."""

    found: dict[tuple[str, str], list[str]] = field(default_factory=dict)

    def skip(self, file: str, what: str, where: str = "") -> None:
        places = self.found.setdefault((file, what), [])
        if where and where not in places:
            places.append(where)

    def lines(self) -> list[str]:
        out = []
        for (file, what), places in self.found.items():
            on = f" ({', '.join(_grouped(places))})" if places else ""
            out.append(f"{file}: {what} not translated{on}")
        return out


def _grouped(places: list[str]) -> list[str]:
    """ "normal level 0", "normal level 1"... as "normal levels 0-1"; cards stay as they are."""
    levels: dict[str, list[int]] = {}
    out: list[str] = []
    for place in places:
        found = re.fullmatch(r"(\w+) level (\d+)", place)
        if found is None:
            out.append(place)
        else:
            levels.setdefault(found[1], []).append(int(found[2]))
    for rank, numbers in levels.items():
        numbers.sort()
        runs: list[str] = []
        start = prev = numbers[0]
        for n in [*numbers[1:], None]:
            if n is not None and n == prev + 1:
                prev = n
                continue
            runs.append(f"{start}" if start == prev else f"{start}-{prev}")
            if n is not None:
                start = prev = n
        word = "level" if len(numbers) == 1 else "levels"
        out.append(f"{rank} {word} {', '.join(runs)}")
    return out


def import_book(folder: str | Path, edition: str, ruleset: Ruleset) -> Imported:
    """The monster book of `edition` in `folder` (the data folder holding `<edition>/`, or
    the edition's own folder)."""
    root = Path(folder)
    monster_dir = root / edition / "monster"
    if not monster_dir.is_dir() and root.name == edition:
        monster_dir = root / "monster"
    if not monster_dir.is_dir():
        raise BookImportError(
            f"{root}: no {edition}/monster folder (expected <folder>/{edition}/monster/*.json)"
        )
    spec = ruleset.data.unit_types
    if spec is None:
        raise BookImportError(f"{ruleset.id} has no unit types to import into")
    report = _Report()
    decks: dict[str, AbilityDeck] = {}
    deck_dir = monster_dir / "deck"
    for path in sorted(deck_dir.glob("*.json")) if deck_dir.is_dir() else []:
        data = _read(path, root)
        if data is None:
            report.skip(_shown(path, root), "the file (not a JSON object)")
            continue
        deck = _deck(data, _shown(path, root), ruleset, report)
        if deck is not None:
            decks[deck.id] = deck
    types: dict[str, UnitType] = {}
    for path in sorted(monster_dir.glob("*.json")):
        data = _read(path, root)
        shown = _shown(path, root)
        if data is None:
            report.skip(shown, "the file (not a JSON object)")
            continue
        unit_type = _type(data, shown, ruleset, decks, report)
        if unit_type is not None:
            types[unit_type.id] = unit_type
    used = {t.deck for t in types.values()}
    kept = {k: d for k, d in decks.items() if k in used}
    book = MonsterBook(f"Imported from {edition}", MappingProxyType(types), MappingProxyType(kept))
    return Imported(book, report.lines())


def _shown(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def _read(path: Path, root: Path) -> dict[str, Any] | None:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise BookImportError(f"{_shown(path, root)}: larger than {MAX_FILE_BYTES:,} bytes")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BookImportError(f"{_shown(path, root)}: cannot be read ({error})") from None
    return data if isinstance(data, dict) else None


def _slug(value: Any) -> str | None:
    text = str(value).strip().lower() if isinstance(value, str | int) else ""
    text = re.sub(r"[^a-z0-9_-]+", "-", text).strip("-")[:MAX_ID_LENGTH]
    return text if ID_PATTERN.match(text) else None


def _title(slug: str) -> str:
    return " ".join(part.capitalize() for part in re.split(r"[-_]+", slug) if part)


def _whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# -- stat files --------------------------------------------------------------------------------


def _type(
    data: Mapping[str, Any],
    file: str,
    ruleset: Ruleset,
    decks: Mapping[str, AbilityDeck],
    report: _Report,
) -> UnitType | None:
    spec = ruleset.data.unit_types
    assert spec is not None
    type_id = _slug(data.get("name"))
    if type_id is None:
        report.skip(file, "the monster (no usable name)")
        return None
    if data.get("boss"):
        report.skip(file, "the boss (its stat card has special actions)")
        return None
    count = _whole(data.get("count"))
    if count is None or count < 1:
        report.skip(file, f"the standee count ({DEFAULT_STANDEES} assumed)")
        count = DEFAULT_STANDEES
    deck_id = _slug(data.get("deck") or data.get("name")) or ""
    if deck_id not in decks:
        report.skip(file, f"the ability deck '{deck_id}' (no such deck file)")
        deck_id = ""
    found = data.get("baseStat")
    base: dict[str, Any] = found if isinstance(found, dict) else {}
    tags = ("flying",) if data.get("flying") else ()
    lines: dict[tuple[int, str], StatLine] = {}
    for raw in data.get("stats") or ():
        if not isinstance(raw, dict):
            continue
        merged = {**base, **raw}
        rank = str(merged.get("type") or "normal")
        level = _whole(merged.get("level"))
        if rank not in spec.ranks or level not in spec.levels:
            report.skip(file, f"the stat line of rank '{rank}' level {merged.get('level')}")
            continue
        line = _line(merged, rank, level, file, ruleset, tags, report)
        if line is not None:
            lines[(level, rank)] = line
    for rank in spec.ranks:
        have = [lv for lv in spec.levels if (lv, rank) in lines]
        if have and len(have) != len(spec.levels):
            report.skip(file, f"the {rank} stat card (not every level is there)")
            for level in have:
                del lines[(level, rank)]
    if not lines:
        report.skip(file, "the monster (no complete stat card)")
        return None
    # A stat some levels of a rank have is 0 at the others (shield from level 4 on).
    for rank in spec.ranks:
        named = {name for (_, r), line in lines.items() if r == rank for name in line.stats}
        for key, line in list(lines.items()):
            if key[1] == rank and named - set(line.stats):
                stats = {**{n: 0 for n in spec.stats if n in named}, **line.stats}
                lines[key] = replace(line, stats=MappingProxyType(stats))
    return UnitType(type_id, _title(type_id), count, MappingProxyType(lines), deck_id)


def _line(
    raw: Mapping[str, Any],
    rank: str,
    level: int,
    file: str,
    ruleset: Ruleset,
    tags: tuple[str, ...],
    report: _Report,
) -> StatLine | None:
    numbers: dict[str, float] = {}
    where = f"{rank} level {level}"
    for theirs, ours in (
        ("health", "hp"),
        ("movement", "move"),
        ("attack", "attack"),
        ("range", "range"),
    ):
        value = raw.get(theirs, 0)
        number = _whole(value)
        if number is None:
            report.skip(file, f"the {theirs} formula {str(value)!r}", where)
            return None
        numbers[ours] = number
    if numbers["hp"] < 1:
        report.skip(file, "a stat line without hit points", where)
        return None
    conditions: list[str] = []
    notes: list[str] = []
    for action in raw.get("actions") or ():
        if not isinstance(action, dict):
            continue
        kind = str(action.get("type"))
        value = action.get("value")
        number = _whole(value)
        if kind in _LINE_NUMBERS and number is not None:
            numbers[_LINE_NUMBERS[kind]] = number
        elif kind == "condition" and value in ruleset.data.statuses:
            conditions.append(str(value))
        elif kind == "pierce" and number is not None:
            notes.append(f"pierce {value}")
        else:
            report.skip(file, f"the stat card action '{kind}'", where)
    immunities = []
    for condition in raw.get("immunities") or ():
        if condition in ruleset.data.statuses:
            immunities.append(str(condition))
        else:
            report.skip(file, f"the immunity '{condition}'", where)
    if raw.get("special"):
        report.skip(file, "the special actions", where)
    stats = {k: v for k, v in numbers.items() if k != "hp"}
    return StatLine(
        int(numbers["hp"]),
        MappingProxyType(stats),
        tags,
        tuple(immunities),
        tuple(conditions),
        "; ".join(notes),
    )


# -- deck files --------------------------------------------------------------------------------


@dataclass
class _CardParts:
    """One card as it is read: what it has so far, and where to report what is left out."""

    ruleset: Ruleset
    file: str
    label: str  # "card 905"
    report: _Report
    values: dict[str, Any] = field(default_factory=dict)
    conditions: list[str] = field(default_factory=list)
    infuse: list[str] = field(default_factory=list)
    consume: list[ElementUse] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def skip(self, what: str) -> None:
        self.report.skip(self.file, what, self.label)

    def known(self, condition: Any) -> bool:
        return condition in self.ruleset.data.statuses


def _deck(
    data: Mapping[str, Any], file: str, ruleset: Ruleset, report: _Report
) -> AbilityDeck | None:
    deck_id = _slug(data.get("name"))
    if deck_id is None:
        report.skip(file, "the deck (no usable name)")
        return None
    cards: list[AbilityCard] = []
    for index, raw in enumerate(data.get("abilities") or ()):
        if not isinstance(raw, dict):
            continue
        number = raw.get("cardId", index + 1)
        label = f"card {number}"
        initiative = _whole(raw.get("initiative"))
        if initiative is None or not 0 <= initiative <= 99:
            report.skip(file, "a card without an initiative", label)
            continue
        parts = _CardParts(ruleset, file, label, report)
        for action in raw.get("actions") or ():
            _action(action, parts, top=True)
        card_id = _slug(f"{deck_id}-{number}") or f"{deck_id}-{index + 1}"
        if card_id in (c.id for c in cards):
            card_id = f"{card_id}-{index + 1}"
        values = parts.values
        cards.append(
            AbilityCard(
                card_id,
                str(raw.get("name") or f"Card {number}"),
                initiative,
                bool(raw.get("shuffle")),
                values.get("move"),
                values.get("attack"),
                values.get("range"),
                values.get("range_change", 0),
                values.get("targets"),
                values.get("area"),
                bool(values.get("jump")),
                tuple(dict.fromkeys(parts.conditions)),
                tuple(dict.fromkeys(parts.infuse)),
                tuple(parts.consume),
                values.get("shield", 0),
                values.get("retaliate", 0),
                values.get("heal", 0),
                "; ".join(parts.notes),
            )
        )
    if not cards:
        report.skip(file, "the deck (no card it could read)")
        return None
    return AbilityDeck(deck_id, _title(deck_id), tuple(cards))


def _signed(action: Mapping[str, Any]) -> int | None:
    """A "+2" / "-1" value (their valueType plus or minus), or None for a fixed value."""
    value = _whole(action.get("value"))
    kind = action.get("valueType")
    if value is None or kind not in ("plus", "minus", "add", "subtract"):
        return None
    return -value if kind in ("minus", "subtract") else value


def _action(action: Any, parts: _CardParts, top: bool = False) -> None:
    if not isinstance(action, dict):
        return
    kind = str(action.get("type"))
    value = action.get("value")
    number = _whole(value)
    subs = [a for a in action.get("subActions") or () if isinstance(a, dict)]
    values = parts.values
    if kind in ("move", "attack") and top:
        change = _signed(action)
        if change is None:
            parts.skip(f"a {kind} with a fixed value")
            return
        values[kind] = change
        for sub in subs:
            _sub_action(kind, sub, parts)
    elif kind in ("shield", "retaliate", "heal") and number is not None:
        if kind == "heal" and not any(s.get("value") == "self" for s in subs):
            parts.skip("a heal of others")
            return
        values[kind] = values.get(kind, 0) + number
    elif kind == "element" and value in ELEMENTS and action.get("valueType") != "minus":
        parts.infuse.append(str(value))
    elif kind == "element" and action.get("valueType") == "minus":
        _consume(action, subs, parts)
    elif kind == "condition" and parts.known(value) and top:
        parts.notes.append(f"gains {value}" if _self(subs) else f"gives {value}")
    else:
        parts.skip(f"the action '{kind}'")


def _self(subs: list[dict[str, Any]]) -> bool:
    return any(s.get("type") == "specialTarget" and s.get("value") == "self" for s in subs)


def _sub_action(parent: str, sub: dict[str, Any], parts: _CardParts) -> None:
    kind = str(sub.get("type"))
    value = sub.get("value")
    number = _whole(value)
    values = parts.values
    if parent == "move" and kind == "jump":
        values["jump"] = True
    elif parent == "attack" and kind == "range" and number is not None:
        change = _signed(sub)
        if change is None:
            values["range"] = number
        else:
            values["range_change"] = change
    elif parent == "attack" and kind == "target" and number is not None:
        values["targets"] = number
    elif parent == "attack" and kind == "condition" and parts.known(value):
        parts.conditions.append(str(value))
    elif parent == "attack" and kind == "area" and isinstance(value, str):
        area = _area(value)
        if area is None:
            parts.skip("an area it could not read")
            return
        values["area"] = area
        if area.kind == "melee":
            values["range"] = 0
            values.pop("range_change", None)
    elif parent == "attack" and kind in ("pierce", "push", "pull") and number is not None:
        parts.notes.append(f"{kind} {value}")
    elif parent == "attack" and kind == "element":
        _consume(sub, [s for s in sub.get("subActions") or () if isinstance(s, dict)], parts)
    else:
        parts.skip(f"the {parent} part '{kind}'")


def _consume(action: dict[str, Any], subs: list[dict[str, Any]], parts: _CardParts) -> None:
    element = action.get("value")
    if element == "wild":
        element = "any"
    if element not in (*ELEMENTS, "any"):
        parts.skip(f"consuming '{element}'")
        return
    changes: dict[str, int] = {}
    conditions: list[str] = []
    for sub in subs:
        kind = str(sub.get("type"))
        number = _whole(sub.get("value"))
        if kind in ("attack", "move", "range", "shield", "retaliate") and number is not None:
            changes[kind] = number if sub.get("valueType") != "subtract" else -number
        elif kind == "target" and number is not None:
            changes["targets"] = number
        elif kind == "condition" and parts.known(sub.get("value")):
            conditions.append(str(sub.get("value")))
        else:
            parts.skip(f"the bonus '{kind}' of a consumed element")
    parts.consume.append(ElementUse(str(element), MappingProxyType(changes), tuple(conditions)))


def _area(value: str):
    """Their area ("(x,y,target)|...|(x,y,active)", rows of pointy-topped hexes with odd rows
    half a hex to the right, as our boards) as axial offsets: from the attacker's hex when it
    is marked (a melee area), else from the first hex (a ranged one)."""
    hexes = _AREA_HEX.findall(value)
    if not hexes:
        return None

    def axial(x: str, y: str) -> tuple[int, int]:
        col, row = int(x), int(y)
        return (col - (row - (row & 1)) // 2, row)

    targets = [axial(x, y) for x, y, kind in hexes if kind in ("target", "conditional")]
    active = [axial(x, y) for x, y, kind in hexes if kind == "active"]
    if not targets:
        return None
    origin = active[0] if active else targets[0]
    offsets = [[q - origin[0], r - origin[1]] for q, r in targets]
    try:
        return area_attack_from({"kind": "melee" if active else "ranged", "hexes": offsets})
    except ValueError:
        return None
