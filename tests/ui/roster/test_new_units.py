"""Ids, names and free cells for new and duplicated units."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.tracker.commands import ID_PATTERN
from tests.ui.roster.conftest import GRIMDARK
from ui.roster.new_units import duplicate_record, free_cells, next_name, slug, unique_id


def test_slug_makes_valid_ids():
    assert slug("Goblin Archer") == "goblin-archer"
    assert slug("  Ork Boyz #2 ") == "ork-boyz-2"
    assert slug("???") == "unit"
    assert ID_PATTERN.match(slug("Élan vital"))


def test_unique_id_and_next_name_skip_what_is_taken():
    assert unique_id("boss", ["mob"]) == "boss"
    assert unique_id("boss", ["boss", "boss-2"]) == "boss-3"
    assert unique_id("boss-2", ["boss", "boss-2"]) == "boss-3"
    assert next_name("Warlord", ["Warlord"]) == "Warlord 2"
    assert next_name("Warlord 2", ["Warlord", "Warlord 2", "Warlord 3"]) == "Warlord 4"


def test_free_cells_skip_walls_and_units_nearest_first():
    enc = parse_encounter(GRIMDARK)
    cells = free_cells(enc, (1, 0))
    taken = {u.at for u in enc.units}
    assert (2, 1) not in cells  # wall
    assert not taken & set(cells)
    assert cells[0] in {(2, 0), (0, 1), (1, 1)}  # one step from (1, 0)
    assert free_cells(enc)[0] == (2, 0)  # reading order without a reference cell


def test_duplicate_is_a_fresh_copy_next_to_the_original():
    enc = parse_encounter(GRIMDARK)
    boss = enc.unit("boss").evolve(hp=2, statuses=("advanced",))
    record = duplicate_record(boss, enc)
    assert record["id"] == "boss-2"
    assert record["name"] == "Warlord 2"
    assert record["hp"] == record["max_hp"] == 6
    assert record["statuses"] == []
    assert record["weapons"] == [{"name": "Power klaw", "kind": "melee", "range": 1, "strength": 8}]
    assert tuple(record["at"]) in {(0, 1), (1, 1)}
