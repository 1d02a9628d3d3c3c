"""Encounter files: the spec's format read exactly, and one clear message per mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.encounter_file import (
    EncounterFileError,
    dump_encounter,
    load_encounter,
    parse_encounter,
    save_encounter,
)

GOOD = '''format = 1
ruleset = "card-flip-rpg"
name = "Goblin ambush"

[board]
shape = "square"
cells = """
..........
..##......
..........
"""

[[units]]
id = "goblin"
name = "Goblin Archer"
side = "enemy"
at = [2, 0]
hp = 5
max_hp = 8
ai = "standard"
stats = { move = 3, range = 1, level = 2 }
weapons = [ { name = "Short bow", kind = "ranged", range = 6, strength = 3 } ]

[[units]]
id = "aria"
side = "player"
at = [5, 2]
hp = 0
max_hp = 12
statuses = ["stunned"]

[state]
round = 3
last_attacker = { goblin = "aria" }
shot_this_round = ["aria"]
previous_target = "aria"
'''

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "resources" / "encounters").glob("*.toml"))


def test_reads_every_field_of_the_spec():
    enc = parse_encounter(GOOD, "good.toml")
    assert enc.name == "Goblin ambush" and enc.round == 3
    assert (enc.board.width, enc.board.height) == (10, 3)
    goblin = enc.unit("goblin")
    assert goblin.name == "Goblin Archer" and goblin.at == (2, 0)
    assert (goblin.hp, goblin.max_hp, goblin.ai) == (5, 8, "standard")
    assert goblin.stats["move"] == 3
    assert goblin.weapons[0].name == "Short bow" and goblin.weapons[0].strength == 3
    aria = enc.unit("aria")
    assert aria.name == "aria" and aria.statuses == ("stunned",) and aria.ai is None
    assert enc.memory.last_attacker["goblin"] == "aria"
    assert enc.memory.shot_this_round == ("aria",)
    assert enc.memory.previous_target == "aria"


def test_enemy_ai_defaults_to_the_rulesets_first():
    enc = parse_encounter(GOOD.replace('ai = "standard"\n', ""))
    assert enc.unit("goblin").ai == "standard"


def test_round_trip_through_text_and_file(tmp_path):
    enc = parse_encounter(GOOD)
    assert parse_encounter(dump_encounter(enc)) == enc
    save_encounter(enc, tmp_path / "out.toml")
    assert load_encounter(tmp_path / "out.toml") == enc


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_every_sample_encounter_loads_and_round_trips(sample):
    enc = load_encounter(sample)
    assert parse_encounter(dump_encounter(enc)) == enc


def _error(text: str) -> str:
    with pytest.raises(EncounterFileError) as caught:
        parse_encounter(text, "bad.toml")
    message = str(caught.value)
    assert message.startswith("bad.toml: ")
    return message


@pytest.mark.parametrize(("change", "expected"), [
    (("format = 1", "format = 2"), "line 1: 'format': is 2; this Foebook reads format = 1"),
    (("format = 1\n", ""), "'format': missing"),
    (('ruleset = "card-flip-rpg"', 'ruleset = "chess"'),
     "line 2: 'ruleset': unknown ruleset 'chess' (built-in: card-flip-rpg"),
    (("..##......", "..#X......"),
     "line 9: [board] 'cells': column 4: unknown terrain character 'X'"),
    (("..##......", "..##....."), "line 9: [board] 'cells': row has 9 cells"),
    (('shape = "square"', 'shape = "hex"'), "card-flip-rpg is played on square boards"),
    (("at = [5, 2]", "at = [10, 2]"),
     "unit 'aria', field 'at': cell [10, 2] is outside the 10x3 board"),
    (("at = [5, 2]", "at = [2, 1]"), "unit 'aria', field 'at': cell [2, 1] is wall"),
    (("at = [5, 2]", "at = [2, 0]"), "cell [2, 0] is already taken by 'goblin'"),
    (('id = "aria"', 'id = "goblin"'), "unit 'goblin', field 'id': duplicate id"),
    (('id = "aria"', 'id = "Aria!"'), "field 'id': is 'Aria!'; expected lower-case"),
    (('ai = "standard"', 'ai = "sneaky"'),
     "unit 'goblin', field 'ai': unknown AI type 'sneaky' for card-flip-rpg (known: standard)"),
    (('statuses = ["stunned"]', 'statuses = ["frozen"]'),
     "unknown status 'frozen' for card-flip-rpg (known: dead, stunned)"),
    (("move = 3,", "speed = 3,"),
     "unknown stat 'speed' for card-flip-rpg (known: level, lift, move, range)"),
    (("max_hp = 12", "max_hp = 0"), "field 'max_hp': is 0; expected more than 0"),
    (("hp = 5\n", 'hp = "five"\n'), "field 'hp': is 'five'; expected a whole number"),
    (('side = "player"', 'side = "neutral"'), "field 'side': is 'neutral'"),
    (('last_attacker = { goblin = "aria" }', 'last_attacker = { goblin = "zed" }'),
     "[state] 'last_attacker': names 'zed', which is not a unit (units: aria, goblin)"),
    (('previous_target = "aria"', 'previous_target = "nobody"'),
     "[state] 'previous_target': names 'nobody'"),
    (("round = 3", "round = 0"), "[state] 'round': is 0"),
    (("round = 3", 'phase = "fight"'), "[state] 'phase': card-flip-rpg has no phases"),
    (("hp = 0\n", "hp = 0\nhpp = 3\n"), "unit 'aria', field 'hpp': unknown field"),
])
def test_each_mistake_gets_one_clear_message(change, expected):
    old, new = change
    assert old in GOOD
    message = _error(GOOD.replace(old, new, 1))
    assert expected in message


def test_unit_errors_point_at_the_line_of_the_field():
    message = _error(GOOD.replace("at = [5, 2]", "at = [2, 1]"))
    line = GOOD.split("\n").index("at = [5, 2]") + 1
    assert message.startswith(f"bad.toml: line {line}: unit 'aria'")


def test_not_toml_and_not_utf8(tmp_path):
    assert "not valid TOML" in _error("format = = 1")
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"format = 1\n\xff\xfe")
    with pytest.raises(EncounterFileError, match="not UTF-8"):
        load_encounter(binary)
    with pytest.raises(EncounterFileError, match="no such file"):
        load_encounter(tmp_path / "missing.toml")


def test_saving_to_an_unwritable_place_is_a_clear_error(tmp_path):
    enc = parse_encounter(GOOD)
    with pytest.raises(EncounterFileError, match="cannot be written"):
        save_encounter(enc, tmp_path / "no-such-dir" / "out.toml")


def test_state_turn_says_whose_turn_it_is_and_round_trips():
    enc = parse_encounter(GOOD.replace("round = 3", 'round = 3\nturn = "player"'))
    assert enc.extra_state["turn"] == "player"
    assert parse_encounter(dump_encounter(enc)) == enc
    assert "[state] 'turn': is 'night'" in _error(GOOD.replace("round = 3", 'turn = "night"'))
