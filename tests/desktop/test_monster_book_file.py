"""Monster book files: the sample reads and writes back the same, and every mistake is one
message naming the file, the line, the type, deck or card and the field."""

from __future__ import annotations

import re
import textwrap

import pytest

from desktop.cli import main
from desktop.engine.ability_cards import round_stats
from desktop.monster_book_file import (
    MonsterBookError,
    bundled_book_path,
    check_book,
    dump_book,
    load_book,
    parse_book,
)
from desktop.rulesets.registry import get_ruleset

SAMPLE = bundled_book_path("foebook-sample.toml")

GOOD = """\
format = 1
ruleset = "monster-focus"
name = "Test book"

[[types]]
id = "gnasher"
name = "Gnasher"
standees = 4
deck = "gnash"
normal.hp = [3, 4, 5, 6, 7, 8, 9, 10]
normal.move = 2
normal.attack = [1, 1, 2, 2, 2, 3, 3, 3]
elite.hp = [5, 6, 7, 8, 9, 10, 11, 12]
elite.move = 3
elite.attack = [2, 2, 3, 3, 3, 4, 4, 4]

[[decks]]
id = "gnash"
name = "Gnashing"

[[decks.cards]]
id = "bite"
name = "Bite"
initiative = 20
move = 1
attack = 0
"""


def test_the_sample_book_has_three_types_with_a_deck_of_eight_cards_each():
    book = load_book(SAMPLE)
    assert list(book.types) == ["cutthroat", "slinger", "wisp"]
    assert {t.deck for t in book.types.values()} == set(book.decks)
    assert [len(d.cards) for d in book.decks.values()] == [8, 8, 8]
    slinger = book.types["slinger"]
    assert slinger.line(1, "normal").stats["range"] == 3  # the ranged type
    assert slinger.line(4, "elite").conditions == ("poison",)
    assert slinger.line(3, "elite").conditions == ()
    wisp = book.types["wisp"]
    assert wisp.line(0, "normal").tags == ("flying",)
    assert wisp.line(0, "elite").immunities == ("wound",)
    areas = [c for c in book.decks["wisp"].cards if c.area is not None]
    assert {c.area.kind for c in areas} == {"melee", "ranged"}  # the area attacks


def test_a_book_written_out_reads_back_the_same():
    ruleset = get_ruleset("monster-focus")
    book = load_book(SAMPLE)
    assert parse_book(dump_book(book, ruleset)) == book


def test_a_card_changes_its_stat_line_for_the_round():
    book = parse_book(GOOD)
    line = book.types["gnasher"].line(2, "elite")
    card = book.decks["gnash"].cards[0]
    assert round_stats(line.stats, card) == {
        "move": 4,
        "attack": 3,
        "range": 0,
        "targets": 1,
        "initiative": 20,
    }


def _problems(text: str) -> list[str]:
    book, problems = check_book(text, "book.toml")
    assert book is None
    return problems


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


@pytest.mark.parametrize(
    ("change", "needle", "where", "says"),
    [
        (
            ("elite.hp = [5, 6, 7, 8, 9, 10, 11, 12]", "elite.hp = [5, 6, 7, 8, 9, 10, 11]"),
            "elite.hp",
            "type 'gnasher', field 'elite.hp'",
            "7 values; expected one for every level (0-7: 8) or one for all",
        ),
        (
            ("normal.move = 2", "normal.move = -2"),
            "normal.move",
            "type 'gnasher', field 'normal.move'",
            "expected a whole number from 0 to 1000",
        ),
        (
            ("standees = 4", 'standees = 4\ntags = ["burrowing"]'),
            "tags",
            "type 'gnasher', field 'tags'",
            "unknown tag 'burrowing' (known: flying, jump)",
        ),
        (
            ('deck = "gnash"', 'deck = "gnaw"'),
            "deck = ",
            "type 'gnasher', field 'deck'",
            "unknown deck 'gnaw' in this book (known: gnash)",
        ),
        (
            ("initiative = 20", "initiative = 120"),
            "initiative",
            "deck 'gnash', card 'bite', field 'initiative'",
            "expected a whole number from 0 to 99",
        ),
        (
            ("attack = 0\n", 'attack = 0\nconditions = ["sleepy"]\n'),
            "conditions",
            "deck 'gnash', card 'bite', field 'conditions'",
            "unknown status 'sleepy'",
        ),
        (
            ("attack = 0\n", "attack = 0\nrange = 2\nrange_change = 1\n"),
            "range_change",
            "deck 'gnash', card 'bite', field 'range_change'",
            "a card gives its range or a change to it, not both",
        ),
        (
            ("elite.move = 3", "elite.move = 3\nelite.speed = 3"),
            "elite.speed",
            "type 'gnasher', field 'elite.speed'",
            "unknown field",
        ),
    ],
)
def test_a_mistake_names_the_line_the_entry_and_the_field(change, needle, where, says):
    text = GOOD.replace(*change)
    (problem,) = _problems(text)
    line = _line_of(text, needle)
    assert problem.startswith(f"book.toml: line {line}: {where}: "), problem
    assert says in problem


def test_every_entry_with_a_mistake_is_listed():
    text = GOOD.replace("standees = 4", "standees = 0").replace("initiative = 20", "")
    problems = _problems(text)
    assert len(problems) == 2
    assert "type 'gnasher', field 'standees'" in problems[1]
    assert "deck 'gnash', card 'bite', field 'initiative': missing" in problems[0]


def test_a_second_card_of_a_second_deck_is_found_on_its_own_line():
    text = GOOD + textwrap.dedent(
        """
        [[decks]]
        id = "other"

        [[decks.cards]]
        initiative = 40

        [[decks.cards]]
        initiative = 41
        move = "fast"
        """
    )
    (problem,) = _problems(text)
    line = _line_of(text, 'move = "fast"')
    assert problem.startswith(f"book.toml: line {line}: ")
    assert "deck 'other', card #2, field 'move'" in problem


def test_a_wrong_ruleset_or_format_is_refused_with_its_line():
    assert _problems(GOOD.replace('ruleset = "monster-focus"', 'ruleset = "hex-quest"')) == [
        "book.toml: line 2: 'ruleset': hex-quest has no unit types; a monster book cannot fill it"
    ]
    (problem,) = _problems(GOOD.replace("format = 1", "format = 2"))
    assert problem.startswith("book.toml: line 1: 'format': is 2")


def test_load_book_refuses_with_the_first_problem(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace("initiative = 20", "initiative = -1"), encoding="utf-8")
    with pytest.raises(MonsterBookError, match=r"bad.toml: line \d+: deck 'gnash', card 'bite'"):
        load_book(path)
    with pytest.raises(MonsterBookError, match="no such file"):
        load_book(tmp_path / "missing.toml")


def test_book_check_prints_ok_or_one_line_per_problem(tmp_path, capsys):
    assert main(["book", "check", str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.endswith('ok "Foebook sample monsters" — 3 types, 3 decks, 24 cards\n')
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace("standees = 4", "standees = 0").replace("initiative = 20", ""))
    assert main(["book", "check", str(bad)]) == 2
    lines = capsys.readouterr().err.strip().split("\n")
    assert len(lines) == 2
    assert all(re.match(rf"{re.escape(str(bad))}: line \d+: ", line) for line in lines)
