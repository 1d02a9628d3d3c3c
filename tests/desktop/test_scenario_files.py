"""Encounter files with a monster book: [scenario] (the book beside the file or inside it, the
level), [[standees]] placed by type and rank, units that are standees, and their mistakes."""

from __future__ import annotations

import pytest

from desktop.cli import main
from desktop.encounter_file import (
    EncounterFileError,
    dump_encounter,
    load_encounter,
    parse_encounter,
)
from desktop.monster_book_file import bundled_book_path
from desktop.samples import scenario_path

BOOK = bundled_book_path("foebook-sample.toml")


def scenario(extra: str, book: str | None = None) -> str:
    book_line = f'book = "{book or BOOK}"\n' if book != "" else ""
    return f'''format = 1
ruleset = "monster-focus"

[scenario]
{book_line}level = 2

[board]
shape = "hex"
cells = """
.....
.....
.....
"""

[[units]]
id = "hero"
side = "player"
at = [0, 0]
hp = 8
max_hp = 8
{extra}'''


def test_the_sample_scenario_places_two_types_with_one_elite():
    encounter = load_encounter(scenario_path("monster-focus-briar-road.toml"))
    assert encounter.book is not None and encounter.level == 1
    standees = [u for u in encounter.units if u.standee]
    assert [(u.id, u.name, u.standee.rank) for u in standees] == [
        ("cutthroat-1", "Cutthroat 1", "elite"),
        ("cutthroat-2", "Cutthroat 2", "normal"),
        ("slinger-1", "Slinger 1", "normal"),
        ("slinger-2", "Slinger 2", "normal"),
    ]
    assert len(encounter.players()) == 3


def test_standees_take_their_numbers_from_the_book_at_the_level():
    encounter = parse_encounter(
        scenario(
            '\n[[standees]]\ntype = "slinger"\nrank = "elite"\nat = [2, 1]\nhp = 4\n'
            '\n[[standees]]\ntype = "slinger"\nat = [3, 1]\nnumber = 5\n'
        ),
        "test.toml",
    )
    elite, normal = encounter.unit("slinger-1"), encounter.unit("slinger-5")
    assert (elite.hp, elite.max_hp, elite.stat("range"), elite.stat("attack")) == (4, 8, 4, 3)
    assert (normal.name, normal.max_hp, normal.stat("range")) == ("Slinger 5", 5, 3)


def test_a_unit_may_be_a_standee_and_gets_the_lowest_free_number():
    encounter = parse_encounter(
        scenario(
            '\n[[units]]\nid = "a"\nside = "enemy"\nat = [1, 1]\nhp = 3\nmax_hp = 5\n'
            'type = "wisp"\nnumber = 1\n'
            '\n[[units]]\nid = "b"\nside = "enemy"\nat = [2, 1]\nhp = 3\nmax_hp = 5\n'
            'type = "wisp"\nrank = "elite"\n'
        ),
        "test.toml",
    )
    assert encounter.unit("a").standee.number == 1
    assert (encounter.unit("b").standee.number, encounter.unit("b").standee.rank) == (2, "elite")


@pytest.mark.parametrize(
    ("extra", "book", "message"),
    [
        (
            '\n[[standees]]\ntype = "ghoul"\nat = [2, 1]\n',
            None,
            r"line 2\d: standee #1, field 'type': unknown unit type 'ghoul' in the scenario's "
            r"book \(known: cutthroat, slinger, wisp\)",
        ),
        (
            '\n[[standees]]\ntype = "wisp"\nat = [0, 0]\n',
            None,
            r"standee #1, field 'at': cell \[0, 0\] is already taken by 'hero'",
        ),
        (
            '\n[[standees]]\ntype = "wisp"\nrank = "boss"\nat = [1, 1]\n',
            None,
            r"standee #1, field 'rank': unknown rank 'boss' \(known: elite, normal\)",
        ),
        (
            '\n[[standees]]\ntype = "wisp"\nat = [1, 1]\n',
            "",
            r"line 2\d: \[\[standees\]\]: need a \[scenario\] book that has their types",
        ),
        ("", "missing.toml", r"\[scenario\] 'book': the book cannot be read: .*no such file"),
        (
            '\n[[units]]\nid = "x"\nside = "enemy"\nat = [1, 1]\nhp = 3\nmax_hp = 5\n'
            'type = "wisp"\nnumber = 1\n'
            '\n[[units]]\nid = "y"\nside = "enemy"\nat = [2, 1]\nhp = 3\nmax_hp = 5\n'
            'type = "wisp"\nnumber = 1\n',
            None,
            r"unit 'y', field 'number': x is wisp number 1",
        ),
    ],
)
def test_a_scenario_mistake_names_its_place(extra, book, message):
    with pytest.raises(EncounterFileError, match=message):
        parse_encounter(scenario(extra, book), "test.toml")


def test_a_level_outside_the_rulesets_levels_is_refused():
    text = scenario("").replace("level = 2", "level = 9")
    with pytest.raises(EncounterFileError, match=r"line 6: \[scenario\] 'level': is 9; expected"):
        parse_encounter(text, "test.toml")


def test_other_rulesets_have_no_scenario():
    text = """format = 1
ruleset = "hex-quest"
[scenario]
level = 1
[board]
shape = "hex"
cells = "..."
"""
    with pytest.raises(EncounterFileError, match="hex-quest has no unit types"):
        parse_encounter(text, "test.toml")


def test_a_scenario_written_out_carries_its_book_inside_and_reads_back():
    encounter = load_encounter(scenario_path("monster-focus-briar-road.toml"))
    text = dump_encounter(encounter)
    assert "[scenario.book]" in text and "[[scenario.book.decks.cards]]" in text
    again = parse_encounter(text, "moved.toml")
    assert again == encounter


def test_a_mistake_in_a_book_written_inside_names_its_line():
    encounter = load_encounter(scenario_path("monster-focus-briar-road.toml"))
    text = dump_encounter(encounter).replace("initiative = 85", "initiative = 185")
    line = next(i for i, t in enumerate(text.split("\n"), 1) if "initiative = 185" in t)
    with pytest.raises(
        EncounterFileError,
        match=rf"moved.toml: line {line}: deck 'cutthroat', card 'bind-wounds', field "
        r"'initiative': is 185",
    ):
        parse_encounter(text, "moved.toml")


def test_check_names_the_book_and_level(capsys):
    path = scenario_path("monster-focus-briar-road.toml")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.endswith(
        "4 enemies, 3 players, round 1, monster book 'Foebook sample monsters' at level 1\n"
    )
