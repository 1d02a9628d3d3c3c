"""A scenario played from a monster book is stored whole: the book inside the session (so it
survives the file being moved), the level, the standees, each type's ability deck and this
round's cards, the modifier deck and the elements; through reopening, undo after a restart
and an older database's upgrade, on SQLite and PostgreSQL."""

from __future__ import annotations

import shutil

from sqlalchemy import create_engine

from db import migrate, repository
from db.engine import normalise_url, open_database
from desktop.encounter_file import dump_encounter, load_encounter, parse_encounter
from desktop.engine.ability_cards import ELEMENTS
from desktop.samples import scenario_path
from desktop.tracker.commands import Damage
from desktop.tracker.scenario_commands import (
    AddModifier,
    AddStandees,
    SetElement,
    SetLevel,
    StartRound,
)
from tests.db.old_schema import insert_old_session
from tests.desktop.tracker.scenario_helpers import BRIAR_ROAD, play_round


def reopened(database, name: str):
    """The stored session as another start of Foebook reads it (its state and log)."""
    again = open_database(database.url)
    try:
        session = repository.open_session(again, name)
        return session.state, [h.text for h in session.history]
    finally:
        again.close()


def test_a_scenario_session_survives_reopening_whole(database, tmp_path):
    # The scenario's book file is read once: moving it away changes nothing stored.
    resources = scenario_path(BRIAR_ROAD).parent.parent
    for folder in ("scenarios", "books"):
        shutil.copytree(resources / folder, tmp_path / folder)
    encounter = load_encounter(tmp_path / "scenarios" / BRIAR_ROAD)
    shutil.rmtree(tmp_path / "books")
    session = repository.new_session(database, "briar", encounter)
    session.execute(SetLevel(2))
    session.execute(AddStandees("wisp", {"elite": 1}, [[8, 0]]))
    session.execute(AddModifier("curse", 2))
    session.execute(SetElement("ice", "waning"))
    session.execute(
        StartRound(
            {"warden": 15, "alchemist": 40, "scout": 72},
            {"slinger": {"initiative": 45, "move": 1, "attack": 0}},
        )
    )
    play_round(session)
    session.execute(Damage("cutthroat-1", 2, "warden"))
    # Set after the round, on an element the round's cards (drawn at random) left inert.
    inert = next(e for e in ELEMENTS if e not in session.state.play.elements)
    session.execute(SetElement(inert, "strong"))
    state, log = reopened(database, "briar")
    assert state == session.state
    assert state.encounter.book == encounter.book
    assert state.encounter.level == 2
    assert state.encounter.unit("wisp-1").standee == session.encounter.unit("wisp-1").standee
    play = state.play
    assert play.cards_round == 1 and set(play.cards) == {"cutthroat", "slinger", "wisp"}
    assert play.elements[inert] == 2 and play.modifiers.draw.count("curse") <= 2
    assert log == [h.text for h in session.history]


def test_undo_and_redo_of_a_round_start_after_a_restart(database):
    session = repository.new_session(database, "briar", load_encounter(scenario_path(BRIAR_ROAD)))
    session.execute(StartRound({"warden": 15}))
    drawn = session.state
    restarted = open_database(database.url)
    try:
        repository.open_session(restarted, "briar").undo()
        state, _ = reopened(database, "briar")
        assert state.play.cards_round == 0 and not state.play.decks
        assert state.encounter.unit("cutthroat-1").stat("initiative", 99) == 99
        repository.open_session(restarted, "briar").redo()
    finally:
        restarted.close()
    assert reopened(database, "briar")[0] == drawn


def test_an_exported_scenario_carries_its_book_and_reads_back(database):
    session = repository.new_session(database, "briar", load_encounter(scenario_path(BRIAR_ROAD)))
    session.execute(SetLevel(3))
    text = dump_encounter(repository.export_encounter(database, "briar"))
    assert "[scenario.book]" in text and 'type = "cutthroat"' in text
    again = parse_encounter(text)
    assert again.book == session.encounter.book and again.level == 3
    assert again.units == session.encounter.units


def test_sessions_from_schema_0005_open_without_a_book(db_url):
    engine = create_engine(normalise_url(db_url))
    try:
        migrate.upgrade_to(engine, "0005")
        insert_old_session(engine, "old", "monster-focus", "hex", dice={"seed": 3, "used": 0})
    finally:
        engine.dispose()
    database = open_database(db_url)  # upgrades to 0006
    try:
        old = repository.open_session(database, "old")
    finally:
        database.close()
    assert old.encounter.book is None and old.encounter.level == 0
    assert old.state.play == old.state.play.__class__()
