"""Session dice in the database: a reopened session shows the same pending decision and rolls,
undo and redo across a restart replay them, and sessions from before schema 0002 get dice."""

from __future__ import annotations

from sqlalchemy import create_engine, select

from db import migrate, repository
from db.engine import normalise_url, open_database
from db.models import SessionRow
from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker.commands import ApplyDecision
from desktop.tracker.session import initial_state
from desktop.tracker.session_dice import SessionDice
from tests.db.old_schema import insert_old_session

RAID = "skirmish-ai-outpost-raid.toml"


def pending(session, unit_id=None):
    unit_id = unit_id or session.current_unit
    return decide(session.encounter, unit_id, session.ruleset, session.state.dice.dice())


def test_a_reopened_session_shows_the_same_pending_decision_and_rolls(database):
    encounter = load_encounter(sample_path(RAID))
    start = initial_state(encounter, get_ruleset(encounter.ruleset), dice_seed=7)
    repository.create_session(database, "raid", start)
    session = repository.open_session(database, "raid")
    first = pending(session)
    session.execute(ApplyDecision.of(first))  # its activation: the turn passes on
    shown = pending(session)
    assert first.rolls and shown.rolls
    again = open_database(database.url)
    try:
        reopened = repository.open_session(again, "raid")
        assert reopened.state.dice == session.state.dice
        assert (session.state.dice.seed, session.state.dice.used) == (7, 1)
        assert pending(reopened) == shown
        reopened.undo()
        assert pending(reopened, first.unit) == first
        reopened.redo()
        assert pending(reopened) == shown
    finally:
        again.close()


def test_two_new_sessions_roll_differently(database):
    encounter = load_encounter(sample_path(RAID))
    a = repository.new_session(database, "a", encounter)
    b = repository.new_session(database, "b", encounter)
    assert a.state.dice.seed != b.state.dice.seed


def test_sessions_from_schema_0001_get_dice_of_their_own(db_url):
    engine = create_engine(normalise_url(db_url))
    try:
        migrate.upgrade_to(engine, "0001")
        for name in ("old one", "old two"):
            insert_old_session(engine, name, "skirmish-ai", "square")
        migrate.upgrade(engine, "test database")
        with engine.connect() as conn:
            dice = [
                SessionDice.from_record(d)
                for d in conn.execute(select(SessionRow.dice).order_by(SessionRow.name)).scalars()
            ]
    finally:
        engine.dispose()
    assert [d.used for d in dice] == [0, 0]
    assert dice[0].seed != dice[1].seed


def test_a_groups_roll_is_kept_in_the_database_and_undo_frees_it_after_reopening(database):
    encounter = load_encounter(sample_path(RAID))
    start = initial_state(encounter, get_ruleset(encounter.ruleset), dice_seed=11)
    repository.create_session(database, "raid", start)
    session = repository.open_session(database, "raid")
    first = decide(
        session.encounter,
        "trooper-1",
        session.ruleset,
        session.state.dice.dice(unit_id="trooper-1"),
    )
    assert first.shares_roll_with == ("trooper-2",)
    session.execute(ApplyDecision.of(first))
    again = open_database(database.url)
    try:
        reopened = repository.open_session(again, "raid")
        kept = reopened.state.dice.group_rolls["trooper-2"]
        assert (kept.value, kept.by) == (first.rolls[0].value, "trooper-1")
        member = decide(
            reopened.encounter,
            "trooper-2",
            reopened.ruleset,
            reopened.state.dice.dice(unit_id="trooper-2"),
        )
        assert member.rolls[0].shared and member.rolls[0].value == first.rolls[0].value
        reopened.undo()
        assert dict(repository.open_session(again, "raid").state.dice.group_rolls) == {}
    finally:
        again.close()
