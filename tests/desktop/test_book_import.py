"""`foebook book import`: a folder in Gloomhaven Secretariat's data layout (our own invented
fixtures, tests/desktop/book_fixtures) becomes a monster book; what it cannot translate is one
line per kind of thing and file."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.book_import import BookImportError, import_book
from desktop.cli import main
from desktop.monster_book_file import load_book
from desktop.rulesets.registry import get_ruleset

FIXTURES = Path(__file__).parent / "book_fixtures"


@pytest.fixture(scope="module")
def imported():
    return import_book(FIXTURES, "fb", get_ruleset("monster-focus"))


def test_stat_files_become_types_with_a_line_per_level_and_rank(imported):
    book = imported.book
    assert sorted(book.types) == ["bog-witch", "marsh-moth", "mire-hound"]
    hound = book.types["mire-hound"]
    assert (hound.name, hound.standees, hound.deck) == ("Mire Hound", 5, "hound-pack")
    assert hound.line(0, "normal").hp == 3 and hound.line(7, "elite").hp == 14
    assert hound.line(4, "normal").stats["shield"] == 1
    assert hound.line(3, "normal").stats["shield"] == 0  # the levels before it have none
    assert hound.line(2, "elite").stats["retaliate"] == 1
    assert hound.line(0, "elite").immunities == ("poison",)
    moth = book.types["marsh-moth"]
    # baseStat gives what the levels leave out; a flying monster is tagged so.
    assert moth.line(5, "normal").stats["move"] == 4
    assert moth.line(0, "normal").tags == ("flying",)
    assert moth.ranks() == ["normal"]
    witch = book.types["bog-witch"]
    assert witch.ranks() == ["elite"]  # the normal card had a formula at level 7
    assert witch.line(0, "elite").conditions == ("poison",)
    assert witch.line(0, "elite").stats["range"] == 4


def test_deck_files_become_ability_decks(imported):
    cards = {c.id: c for c in imported.book.decks["hound-pack"].cards}
    jump = cards["hound-pack-901"]
    assert (jump.initiative, jump.move, jump.attack, jump.jump) == (12, 1, -1, True)
    area = cards["hound-pack-902"]
    assert area.shuffle and area.conditions == ("wound",) and area.range == 0
    # (1,0) and (0,1) around the attacker at (1,1), odd rows half a hex to the right.
    assert area.area is not None and area.area.kind == "melee"
    assert sorted(area.area.hexes) == [(-1, 0), (0, -1)]
    ranged = cards["hound-pack-903"]
    assert (ranged.range, ranged.targets, ranged.infuse) == (2, 2, ("ice",))
    consume = cards["hound-pack-904"].consume[0]
    assert consume.element == "ice" and dict(consume.changes) == {"attack": 2}
    assert consume.conditions == ("immobilize",)
    heal = cards["hound-pack-905"]
    assert (heal.shield, heal.heal, heal.attack) == (1, 2, None)
    witch = {c.id: c for c in imported.book.decks["bog-witch"].cards}
    assert witch["bog-witch-921"].range_change == -1
    assert witch["bog-witch-922"].area.kind == "ranged"


def test_what_is_not_translated_is_one_line_per_kind_and_file(imported):
    assert imported.skipped == [
        "fb/monster/deck/hound-pack.json: the action 'loot' not translated (card 904)",
        "fb/monster/deck/hound-pack.json: the action 'summon' not translated (card 905)",
        "fb/monster/bog-witch.json: the health formula 'Cx3' not translated (normal level 7)",
        "fb/monster/bog-witch.json: the normal stat card (not every level is there) not translated",
        "fb/monster/mire-hound.json: the immunity 'frostbite' not translated (normal levels "
        "0-7, elite levels 0-7)",
        "fb/monster/mire-hound.json: the stat card action 'custom' not translated (elite "
        "levels 2-7)",
        "fb/monster/swamp-king.json: the boss (its stat card has special actions) not translated",
    ]


def test_the_command_writes_a_book_that_reads_back(tmp_path, capsys, imported):
    out = tmp_path / "fb.toml"
    assert main(["book", "import", str(FIXTURES), "--edition", "fb", "--out", str(out)]) == 0
    streams = capsys.readouterr()
    assert streams.err.strip().split("\n") == imported.skipped
    assert streams.out.startswith(f"{out}: 3 types, 3 decks from ")
    assert load_book(out) == imported.book


def test_a_folder_without_the_edition_is_one_message(tmp_path, capsys):
    with pytest.raises(BookImportError, match="no gh/monster folder"):
        import_book(tmp_path, "gh", get_ruleset("monster-focus"))
    assert main(["book", "import", str(tmp_path), "--edition", "gh"]) == 2
    assert "no gh/monster folder" in capsys.readouterr().err


def test_the_edition_folder_itself_may_be_given(imported):
    again = import_book(FIXTURES / "fb", "fb", get_ruleset("monster-focus"))
    assert again.book == imported.book
