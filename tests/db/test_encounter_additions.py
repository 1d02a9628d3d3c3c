"""Sessions keep the encounter-file additions of monster-focus: thin and border walls, the
[rules] table and area attacks, through the database, reopening, undo and TOML export."""

from __future__ import annotations

from sqlalchemy import create_engine

from db import migrate, repository
from db.engine import normalise_url, open_database
from desktop.encounter_file import dump_encounter, parse_encounter
from desktop.engine.decide import decide
from desktop.engine.units import AreaAttack
from desktop.tracker.commands import ApplyDecision, UpdateUnit
from tests.db.old_schema import insert_old_session

SCENE = '''
format = 1
ruleset = "monster-focus"
name = "Walled hall"
[rules]
variant = "jaws-of-the-lion"
[board]
shape = "hex"
cells = """
.......
.......
.......
.......
.......
"""
thin_walls = [[[2, 2], [3, 2]], [[3, 1], [3, 2]]]
border_walls = [{ at = [0, 4], side = "SW" }, { at = [6, 0], side = "NE" }]
[[units]]
id = "hero"
side = "player"
at = [5, 2]
hp = 10
max_hp = 10
stats = { initiative = 20 }
[[units]]
id = "ooze"
side = "enemy"
at = [1, 2]
hp = 8
max_hp = 8
stats = { move = 3, range = 0, targets = 1 }
aoe = { kind = "melee", hexes = [[1, 0], [1, -1]] }
'''


def test_walls_rules_and_areas_survive_storing_reopening_and_export(database):
    encounter = parse_encounter(SCENE)
    assert len(encounter.board.thin_walls) == 4
    repository.new_session(database, "hall", encounter)
    again = open_database(database.url)
    try:
        stored = repository.open_session(again, "hall").encounter
    finally:
        again.close()
    assert stored.board.thin_walls == encounter.board.thin_walls
    assert dict(stored.rules) == {"variant": "jaws-of-the-lion"}
    assert stored.unit("ooze").aoe == encounter.unit("ooze").aoe
    assert stored.unit("hero").aoe is None
    # The decision in the session is the one the file gives (walls and variant included).
    ruleset = repository.open_session(database, "hall").ruleset
    assert decide(stored, "ooze", ruleset) == decide(encounter, "ooze", ruleset)
    exported = dump_encounter(repository.export_encounter(database, "hall"))
    assert "thin_walls = " in exported and "border_walls = " in exported
    assert 'variant = "jaws-of-the-lion"' in exported and "aoe = " in exported
    reread = parse_encounter(exported)
    assert reread.board.thin_walls == encounter.board.thin_walls
    assert reread.unit("ooze").aoe == encounter.unit("ooze").aoe


def test_applying_and_undoing_a_decision_keeps_the_walls_and_rules(database):
    encounter = parse_encounter(SCENE)
    session = repository.new_session(database, "hall", encounter)
    session.execute(ApplyDecision.of(decide(session.encounter, "ooze", session.ruleset)))
    session.undo()
    reopened = repository.open_session(database, "hall").encounter
    assert reopened.board.thin_walls == encounter.board.thin_walls
    assert dict(reopened.rules) == {"variant": "jaws-of-the-lion"}
    assert reopened.unit("ooze") == encounter.unit("ooze")


def test_sessions_from_schema_0002_open_without_walls_rules_or_areas(db_url):
    engine = create_engine(normalise_url(db_url))
    try:
        migrate.upgrade_to(engine, "0002")
        insert_old_session(engine, "old", "hex-quest", "hex", dice={"seed": 3, "used": 0})
    finally:
        engine.dispose()
    database = open_database(db_url)  # upgrades to 0003
    try:
        old = repository.open_session(database, "old").encounter
    finally:
        database.close()
    assert old.board.thin_walls == frozenset() and dict(old.rules) == {}


def _stored_area(database, name: str):
    again = open_database(database.url)
    try:
        return repository.open_session(again, name).encounter.unit("ooze").aoe
    finally:
        again.close()


def test_an_edited_area_attack_is_stored_undone_and_cleared(database):
    encounter = parse_encounter(SCENE)
    session = repository.new_session(database, "hall", encounter)
    wider = {"kind": "melee", "hexes": [[1, 0], [1, -1], [0, -1]]}
    session.execute(UpdateUnit("ooze", {"aoe": wider}))
    assert _stored_area(database, "hall") == AreaAttack("melee", ((1, 0), (1, -1), (0, -1)))
    session.undo()
    assert _stored_area(database, "hall") == encounter.unit("ooze").aoe
    session.redo()
    session.execute(UpdateUnit("ooze", {"aoe": None}))
    assert _stored_area(database, "hall") is None
    session.undo()
    assert len(_stored_area(database, "hall").hexes) == 3
