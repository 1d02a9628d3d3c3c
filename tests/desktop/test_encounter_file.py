"""Encounter files: the spec's format read exactly, and one clear message per mistake."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.encounter_file import (
    TURNS,
    EncounterFileError,
    dump_encounter,
    load_encounter,
    parse_encounter,
    save_encounter,
)
from desktop.engine.encounter import Memory
from desktop.engine.limits import INT_MAX, INT_MIN, MAX_ID_LENGTH, MAX_NAME_LENGTH
from desktop.engine.units import Weapon
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from tests.growth import assert_grows_at_most
from tests.sample_files import SAMPLES

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


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("format = 1", "format = 2"), "line 1: 'format': is 2; this Foebook reads format = 1"),
        (("format = 1\n", ""), "'format': missing"),
        (
            ('ruleset = "card-flip-rpg"', 'ruleset = "chess"'),
            "line 2: 'ruleset': unknown ruleset 'chess' (built-in: card-flip-rpg",
        ),
        (
            ("..##......", "..#X......"),
            "line 9: [board] 'cells': column 4: unknown terrain character 'X'",
        ),
        (("..##......", "..##....."), "line 9: [board] 'cells': row has 9 cells"),
        (('shape = "square"', 'shape = "hex"'), "card-flip-rpg is played on square boards"),
        (
            ("at = [5, 2]", "at = [10, 2]"),
            "unit 'aria', field 'at': cell [10, 2] is outside the 10x3 board",
        ),
        (("at = [5, 2]", "at = [2, 1]"), "unit 'aria', field 'at': cell [2, 1] is wall"),
        (("at = [5, 2]", "at = [2, 0]"), "cell [2, 0] is already taken by 'goblin'"),
        (('id = "aria"', 'id = "goblin"'), "unit 'goblin', field 'id': duplicate id"),
        (('id = "aria"', 'id = "Aria!"'), "field 'id': is 'Aria!'; expected lower-case"),
        (
            ('ai = "standard"', 'ai = "sneaky"'),
            "unit 'goblin', field 'ai': unknown AI type 'sneaky' for card-flip-rpg "
            "(known: standard)",
        ),
        (
            ('statuses = ["stunned"]', 'statuses = ["frozen"]'),
            "unknown status 'frozen' for card-flip-rpg (known: dead, stunned)",
        ),
        (
            ("move = 3,", "speed = 3,"),
            "unknown stat 'speed' for card-flip-rpg (known: level, lift, move, range)",
        ),
        (("max_hp = 12", "max_hp = 0"), "field 'max_hp': is 0; expected more than 0"),
        (("hp = 5\n", 'hp = "five"\n'), "field 'hp': is 'five'; expected a whole number"),
        (('side = "player"', 'side = "neutral"'), "field 'side': is 'neutral'"),
        (
            ('last_attacker = { goblin = "aria" }', 'last_attacker = { goblin = "zed" }'),
            "[state] 'last_attacker': names 'zed', which is not a unit (units: aria, goblin)",
        ),
        (
            ('previous_target = "aria"', 'previous_target = "nobody"'),
            "[state] 'previous_target': names 'nobody'",
        ),
        (("round = 3", "round = 0"), "[state] 'round': is 0"),
        (("round = 3", 'phase = "fight"'), "[state] 'phase': card-flip-rpg has no phases"),
        (("hp = 0\n", "hp = 0\nhpp = 3\n"), "unit 'aria', field 'hpp': unknown field"),
    ],
)
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


def test_state_acted_and_started_say_where_the_round_stands_and_round_trip():
    enc = parse_encounter(
        GOOD.replace("round = 3", 'round = 3\nacted = ["goblin"]\nstarted = ["goblin", "aria"]')
    )
    assert enc.extra_state["acted"] == ("goblin",)
    assert enc.extra_state["started"] == ("goblin", "aria")
    assert parse_encounter(dump_encounter(enc)) == enc
    assert "[state] 'acted': names 'orc', which is not a unit" in _error(
        GOOD.replace("round = 3", 'acted = ["orc"]')
    )
    assert "[state] 'started': names a unit twice" in _error(
        GOOD.replace("round = 3", 'started = ["aria", "aria"]')
    )


# -- hardening: values from a fault campaign that crashed commands or could not round-trip ---


def _unit_line(text: str, unit_id: str, old: str, new: str) -> str:
    """`text` with `old` replaced by `new` inside the [[units]] table of `unit_id`."""
    start = text.index(f'id = "{unit_id}"')
    stop = text.find("[[units]]", start)
    stop = len(text) if stop < 0 else stop
    block = text[start:stop]
    assert old in block
    return text[:start] + block.replace(old, new, 1) + text[stop:]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (GOOD.replace('ai = "standard"', "ai = {}"), "field 'ai': is {}; expected a text"),
        (GOOD.replace("move = 3", "move = inf"), "field 'stats': 'move' is inf; expected a finite"),
        (GOOD.replace("move = 3", "move = nan"), "field 'stats': 'move' is nan; expected a finite"),
        (
            GOOD.replace("move = 3", "move = 1001"),
            "field 'stats': 'move' is 1001; expected a number from 0 to 1000",
        ),
        (
            GOOD.replace("move = 3", "move = -1"),
            "field 'stats': 'move' is -1; expected a number from 0 to 1000",
        ),
        (
            GOOD.replace("range = 6", "range = 1000.5"),
            "weapons[0] (Short bow): 'range' is 1000.5; expected a number from 0 to 1000",
        ),
        (GOOD.replace("max_hp = 8", "max_hp = " + "9" * 300), "field 'max_hp': is 99999999999999"),
        (GOOD.replace("hp = 5\n", "hp = 9223372036854775808\n"), "field 'hp': is 9223372036"),
        (
            GOOD.replace("hp = 5\n", "hp = 2147483648\n"),
            "field 'hp': is 2147483648; expected a whole number from -2147483648 to 2147483647",
        ),
        (GOOD.replace("round = 3", "round = 2147483648"), "[state] 'round': is 2147483648"),
        (
            GOOD.replace('kind = "ranged"', "kind = 3"),
            "weapons[0] (Short bow): 'kind' is 3; expected a text",
        ),
        (
            GOOD.replace("strength = 3", "strength = 3, ap = 99999999999999999999"),
            "weapons[0] (Short bow): 'ap' is 99999999999999999999; expected a whole number from",
        ),
        (
            GOOD.replace("strength = 3", "strength = 3, made = 1979-05-27"),
            "weapons[0] (Short bow): 'made' is datetime.date(1979, 5, 27); "
            "expected a text, a number",
        ),
        (
            GOOD.replace("strength = 3", "strength = 3, notes = [1, 2]"),
            "weapons[0] (Short bow): 'notes' is [1, 2]; expected a text, a number",
        ),
        (
            GOOD.replace('statuses = ["stunned"]', 'statuses = ["stunned", "stunned"]'),
            "field 'statuses': 'stunned' is listed twice",
        ),
        (
            GOOD.replace('name = "Goblin Archer"', 'name = "Gob\\u0000lin"'),
            "field 'name': contains a NUL character",
        ),
        (
            GOOD.replace('name = "Goblin Archer"', f'name = "{"x" * 201}"'),
            "field 'name': is 201 characters long; at most 200 are allowed",
        ),
        (
            GOOD.replace('id = "aria"', f'id = "{"a" * 65}"').replace('"aria"', f'"{"a" * 65}"'),
            "field 'id': is 65 characters long; at most 64 are allowed",
        ),
        (
            GOOD.replace(
                'shot_this_round = ["aria"]', "shot_this_round = " + "[" * 1000 + "]" * 1000
            ),
            "not valid TOML: arrays or tables are nested too deeply",
        ),
        (
            GOOD.replace("hp = 5\n", "hp = " + "9" * 5000 + "\n"),
            "not valid TOML: a number has too many digits",
        ),
        (
            GOOD.replace('ruleset = "card-flip-rpg"', "ruleset = { a = 1 }"),
            "'ruleset': is {'a': 1}",
        ),
    ],
)
def test_values_that_crashed_commands_are_refused_with_one_clear_message(text, expected):
    assert expected in _error(text)


def test_heights_take_only_the_digits_0_to_9():
    text = (
        GOOD.replace('cells = """', 'heights = "² 0"\ncells = """')
        .replace("..........\n..##......\n..........\n", ". .\n")
        .replace("at = [2, 0]", "at = [0, 0]")
    )
    text = text.replace("at = [5, 2]", "at = [1, 0]")
    assert "[board] 'heights': only digits 0-9 are allowed" in _error(text)


def test_the_largest_values_the_databases_hold_are_accepted():
    top = 2**31 - 1
    text = GOOD.replace("max_hp = 8", f"max_hp = {top}").replace("hp = 5\n", f"hp = {top}\n")
    text = text.replace("round = 3", f"round = {top}").replace(
        'name = "Goblin Archer"', f'name = "{"x" * 200}"'
    )
    enc = parse_encounter(text)
    assert enc.unit("goblin").max_hp == top and enc.round == top
    assert parse_encounter(dump_encounter(enc)) == enc


def test_a_bad_value_is_echoed_shortened():
    message = _error(GOOD.replace('side = "player"', f'side = "{"n" * 2_000_000}"'))
    assert len(message) < 300
    assert "(2,000,000 characters)" in message


def test_long_unit_lists_in_messages_are_cut():
    taken = {(2, 0), (5, 2), (2, 1), (3, 1)}  # the goblin, Aria and the walls
    free = [(c, r) for r in range(3) for c in range(10) if (c, r) not in taken]
    units = "".join(
        f'\n[[units]]\nid = "p{i:02}"\nside = "player"\nat = [{c}, {r}]\nhp = 1\nmax_hp = 1\n'
        for i, (c, r) in enumerate(free)
    )
    text = GOOD.replace("\n[state]", units + "\n[state]").replace(
        'previous_target = "aria"', 'previous_target = "nobody"'
    )
    message = _error(text)
    assert "(units: aria, goblin, p00, p01," in message
    assert f", … and {len(free) + 2 - 20} more)" in message


def test_a_dungeon_crawl_figure_larger_than_the_board_is_refused_at_once():
    guard_room = sample_path("dungeon-crawl-guard-room.toml").read_text()

    def sized(size: int) -> str:
        return guard_room.replace("stats = { move = 4 }", f"stats = {{ move = 4, size = {size} }}")

    for size in (13, 1000):
        message = _error(sized(size))
        assert f"size {size} covers [12, 2], which is off the 12x9 board" in message
    # The block of squares the figure would cover is never built: four times its area
    # costs no more to refuse (built, it would cost four times as much).
    assert_grows_at_most(lambda size: _error(sized(size)), 1000, 2000, factor=2.5)


# -- resource limits ---------------------------------------------------------------------------


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(GOOD.encode() + b"\n" * (2 * 1024 * 1024))
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(big)
    assert str(caught.value) == (
        f"{big}: the file is {big.stat().st_size:,} bytes; an "
        "encounter file may be at most 2 MB (2,097,152 bytes)"
    )


def test_a_board_over_200_cells_a_side_is_refused():
    wide = GOOD.replace("..........\n..##......\n..........\n", "." * 201 + "\n")
    assert "line 8: [board] 'cells': row 1 has 201 cells; a board is at most 200 cells" in _error(
        wide.replace("at = [5, 2]", "at = [5, 0]")
    )
    tall = GOOD.replace("..........\n..##......\n..........\n", ".\n" * 201)
    assert "[board] 'cells': the board has 201 rows; a board is at most 200 rows" in _error(tall)


def test_more_than_500_units_are_refused():
    board = ("." * 30 + "\n") * 30
    units = "".join(
        f'\n[[units]]\nid = "p{i}"\nside = "player"\nat = [{i % 30}, {i // 30}]\n'
        f"hp = 1\nmax_hp = 1\n"
        for i in range(501)
    )
    text = (
        f'format = 1\nruleset = "card-flip-rpg"\n[board]\nshape = "square"\n'
        f'cells = """\n{board}"""\n{units}'
    )
    assert "'units': 501 units; an encounter holds at most 500" in _error(text)


def test_a_unit_with_too_many_tags_is_refused():
    tags = ", ".join(f'"t{i}"' for i in range(101))
    message = _error(GOOD.replace('statuses = ["stunned"]', f"tags = [{tags}]"))
    assert "unit 'aria', field 'tags': 101 items; at most 100 are allowed" in message


def test_blank_lines_are_checked_in_linear_time(tmp_path):
    def blank_lines(count: int) -> None:
        blank = tmp_path / f"blank-{count}.toml"
        blank.write_text(GOOD.replace('cells = """\n', 'cells = """\n' + "\n" * count))
        assert load_encounter(blank).board.width == 10

    # Trimming them was once quadratic (minutes for two megabytes): twice the lines may
    # cost at most three times as much.
    assert_grows_at_most(blank_lines, 500_000, 1_000_000, factor=3, runs=2)


# -- writing: every accepted text survives export and import --------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "a\rb",
        "\x01x",
        "x\x7f",
        "esc\x1b[31m",
        "tab\there",
        'quote " and \\ backslash',
        "line\nbreak",
        "cr\r\nlf",
        "'''",
        '"""',
        "\u2028 sep",
        "emoji 🐉",
    ],
)
def test_names_and_tags_with_control_characters_round_trip(name):
    enc = parse_encounter(GOOD)
    goblin = enc.unit("goblin").evolve(name=name, tags=(name,))
    enc = enc.replace_unit(goblin)
    assert parse_encounter(dump_encounter(enc)) == enc


# Any text the reader takes: every character but NUL (surrogates cannot be in a UTF-8 file).
_CHARACTERS = st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",))
_texts = st.text(_CHARACTERS, max_size=MAX_NAME_LENGTH)
_names = _texts.filter(str.strip)
_keys = st.text(_CHARACTERS, min_size=1, max_size=MAX_ID_LENGTH)
_ids = st.from_regex(r"[a-z0-9][a-z0-9_-]{0,63}", fullmatch=True)
_extras = st.dictionaries(
    _keys.filter(lambda k: k not in ("name", "kind", "range", "strength")),
    _texts
    | st.booleans()
    | st.integers(INT_MIN, INT_MAX)
    | st.floats(INT_MIN, INT_MAX, allow_nan=False),
    max_size=3,
)


@st.composite
def _accepted_encounters(draw):
    """A sample encounter with every string field (and the extra keys of weapons) drawn."""
    enc = load_encounter(draw(st.sampled_from(SAMPLES)))
    data = get_ruleset(enc.ruleset).data
    new_ids = draw(st.lists(_ids, min_size=len(enc.units), max_size=len(enc.units), unique=True))
    renamed = dict(zip((u.id for u in enc.units), new_ids, strict=True))
    kinds = data.extra.get("weapon_kinds")
    tactics = sorted(data.extra.get("tactics") or [])
    # What the reader keeps: another spelling (same_as) is read as its status, and a status
    # exists only under the rule options it declares (Frosthaven's conditions).
    statuses = data.statuses_for(enc.rules)
    own_statuses = sorted(s for s, spec in statuses.items() if not spec.same_as)
    units = []
    for unit in enc.units:
        weapons = tuple(
            Weapon(
                draw(_names),
                draw(st.sampled_from(kinds))
                if kinds
                else draw(_texts.filter(lambda t: len(t) <= MAX_ID_LENGTH)),
                w.range,
                w.strength,
                MappingProxyType(draw(_extras)),
            )
            for w in unit.weapons
        )
        changes = {
            "id": renamed[unit.id],
            "name": draw(_names),
            "weapons": weapons,
            "tags": tuple(draw(st.lists(_texts, max_size=4))),
            "statuses": tuple(  # zombie-horde has no markers
                draw(st.lists(st.sampled_from(own_statuses), unique=True, max_size=3))
                if own_statuses
                else ()
            ),
            "fields": dict(unit.fields),
        }
        ward = unit.reference("guards")
        if ward is not None:
            changes["fields"]["guards"] = renamed[ward]
        if unit.is_enemy:
            choices = sorted(a for a in data.ai_types if a != "guardian" or ward)
            changes["ai"] = draw(st.sampled_from(choices))
            if tactics:
                changes["fields"]["priorities"] = draw(
                    st.lists(st.sampled_from(tactics), max_size=3)
                )
        units.append(unit.evolve(**changes))
    memory = enc.memory
    memory = Memory(
        MappingProxyType({renamed[k]: renamed[v] for k, v in memory.last_attacker.items()}),
        tuple(renamed[u] for u in memory.shot_this_round),
        renamed.get(memory.previous_target),
    )
    phase = draw(st.sampled_from(data.phases)) if data.phases else None
    turn = draw(st.sampled_from([None, *TURNS]))
    return replace(
        enc,
        name=draw(_texts),
        units=tuple(units),
        memory=memory,
        phase=phase,
        extra_state=MappingProxyType({"turn": turn} if turn else {}),
    )


@settings(max_examples=150, deadline=None)
@given(_accepted_encounters())
def test_any_accepted_encounter_survives_export_and_import_unchanged(encounter):
    text = dump_encounter(encounter)
    again = parse_encounter(text)
    assert again == encounter
    assert dump_encounter(again) == text


# -- declared unit fields: the ruleset's schema, checked by the one shared function ----------

OUTPOST = sample_path("skirmish-ai-outpost-raid.toml").read_text()
GUARD_ROOM = sample_path("dungeon-crawl-guard-room.toml").read_text()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            OUTPOST.replace('guards = "sergeant"', 'guards = "bodyguard"'),
            "unit 'bodyguard', field 'guards': a unit cannot guard itself",
        ),
        (
            OUTPOST.replace('guards = "sergeant"', 'guards = "sarge"'),
            "unit 'bodyguard', field 'guards': no unit 'sarge' (units: bodyguard, brute, kestrel",
        ),
        (
            OUTPOST.replace('guards = "sergeant"', "guards = 3"),
            "unit 'bodyguard', field 'guards': is 3; expected a text",
        ),
        (
            OUTPOST.replace('guards = "sergeant"', 'priorities = ["fight-closest"]'),
            "field 'priorities': unknown field (known: ai, at, guards, hp, id,",
        ),
        (
            GUARD_ROOM.replace('priorities = ["fight-closest"]', 'priorities = ["fight-nearest"]'),
            "field 'priorities': unknown tactic 'fight-nearest' (known: fight-closest",
        ),
        (
            GUARD_ROOM.replace('priorities = ["fight-closest"]', 'guards = "nobody"'),
            "field 'guards': unknown field (known: ai, at, hp, id, max_hp, name, priorities,",
        ),
    ],
)
def test_declared_fields_are_checked_against_the_rulesets_schema(text, expected):
    assert expected in _error(text)


def test_a_bad_declared_field_points_at_its_line():
    text = OUTPOST.replace('guards = "sergeant"', 'guards = "sarge"')
    line = text.split("\n").index('guards = "sarge"') + 1
    assert _error(text).startswith(f"bad.toml: line {line}: unit 'bodyguard'")


def test_declared_fields_are_written_back_as_top_level_unit_keys():
    outpost = dump_encounter(parse_encounter(OUTPOST))
    assert '\nguards = "sergeant"\n' in outpost
    room = parse_encounter(GUARD_ROOM)
    assert room.unit("orc-archer").choices("priorities") == (
        "shoot-new",
        "shoot-nearest",
        "fight-closest",
    )
    assert '\npriorities = ["shoot-new", "shoot-nearest", "fight-closest"]\n' in dump_encounter(
        room
    )


def test_another_spelling_of_a_status_is_read_as_that_status_once():
    text = load_encounter_text("monster-focus-ice-cave.toml").replace(
        'id = "golem"', 'id = "golem"\nstatuses = ["muddled", "poison", "muddle"]'
    )
    golem = parse_encounter(text).unit("golem")
    assert golem.statuses == ("muddle", "poison")


def load_encounter_text(name: str) -> str:
    from desktop.samples import sample_path

    return sample_path(name).read_text(encoding="utf-8")


def test_the_first_refused_terrain_of_the_row_is_the_one_named():
    with pytest.raises(
        EncounterFileError, match="row 2: '\\^' \\(trap\\) is not used by hex-quest"
    ):
        parse_encounter(
            'format = 1\nruleset = "hex-quest"\n[board]\nshape = "hex"\n'
            'cells = """\n...\n.^x\n"""\n'
        )
