"""An encounter at every limit the file reader allows is stored and read back unchanged by
both databases: whatever `foebook check` accepts, `sessions import` accepts too."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.engine.limits import (
    INT_MAX,
    INT_MIN,
    MAX_BOARD_SIDE,
    MAX_ID_LENGTH,
    MAX_LIST_ITEMS,
    MAX_NAME_LENGTH,
    MAX_STAT,
    MAX_UNITS,
)
from desktop.rulesets.registry import get_ruleset
from desktop.tracker.session import initial_state

# Control characters (but NUL), a character outside the BMP and quotes, padded to the limit.
ODD = "\x01\x7f\r\n\x1b[2J\t🐉\"'\\"


def _text(length: int, start: str = "") -> str:
    text = start + ODD
    return text + "x" * (length - len(text))


def _toml(text: str) -> str:
    return '"' + "".join(f"\\U{ord(c):08X}" if c in ODD else c for c in text) + '"'


def _largest_encounter_text() -> str:
    row = "." * MAX_BOARD_SIDE
    lines = [
        "format = 1",
        'ruleset = "card-flip-rpg"',
        f"name = {_toml(_text(MAX_NAME_LENGTH))}",
        "[board]",
        'shape = "square"',
        'cells = """',
        *[row] * MAX_BOARD_SIDE,
        '"""',
    ]
    for i in range(MAX_UNITS):
        unit_id = f"u{i:03}-".ljust(MAX_ID_LENGTH, "x")
        name = _toml(_text(MAX_NAME_LENGTH, str(i)))
        lines += [
            "[[units]]",
            f'id = "{unit_id}"',
            f"name = {name}",
            f'side = "{"enemy" if i % 2 else "player"}"',
            f"at = [{i % MAX_BOARD_SIDE}, {i // MAX_BOARD_SIDE}]",
            f"hp = {INT_MAX if i % 3 else INT_MIN}",
            f"max_hp = {INT_MAX}",
            f"stats = {{ move = {MAX_STAT}, range = 0, level = 0.5 }}",
        ]
    tags = ", ".join(_toml(_text(MAX_NAME_LENGTH, str(i))) for i in range(MAX_LIST_ITEMS))
    weapon = (
        f"{{ name = {_toml(_text(MAX_NAME_LENGTH))}, kind = {_toml(_text(MAX_ID_LENGTH))}, "
        f"range = {MAX_STAT}, strength = {INT_MIN}, ap = {INT_MAX}, keen = true, "
        f"note = {_toml(_text(MAX_NAME_LENGTH))} }}"
    )
    lines += [
        f"tags = [{tags}]",
        f"weapons = [{', '.join([weapon] * MAX_LIST_ITEMS)}]",
        "[state]",
        f"round = {INT_MAX}",
    ]
    return "\n".join(lines) + "\n"


def test_an_encounter_at_every_limit_is_stored_and_read_back(database):
    from db import repository

    encounter = parse_encounter(_largest_encounter_text(), "largest.toml")
    assert len(encounter.units) == MAX_UNITS and encounter.board.width == MAX_BOARD_SIDE
    repository.new_session(database, encounter.name, encounter)
    stored = repository.export_encounter(database, encounter.name)
    assert stored == initial_state(encounter, get_ruleset(encounter.ruleset)).encounter
    assert [u.name for u in stored.units] == [u.name for u in encounter.units]
    assert stored.units[-1].weapons == encounter.units[-1].weapons
