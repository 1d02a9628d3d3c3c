"""Renaming, deleting and restoring sessions, in SQLite and PostgreSQL: the session keeps its
state, log and undo history through all of it."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from db import repository
from db.engine import open_database
from db.errors import StorageError, UnstorableValueError
from db.models import LogRow, StatusRow, TerrainRow, UnitRow
from desktop.tracker.commands import AddStatus, Damage, EditTerrain, MoveUnit, NextActivation
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter


@pytest.fixture
def played(database):
    """A session with a few commands, the last one undone (so there is a redo too)."""
    session = repository.new_session(database, "night", tiny_encounter(), rulesets)
    session.start = session.encounter  # what undoing everything comes back to
    for command in (
        Damage("e1", 2, source="p1"),
        AddStatus("e1", "poison", 3),
        EditTerrain((3, 2), ","),
        MoveUnit("e1", (0, 1)),
        NextActivation(),
    ):
        session.execute(command)
    session.undo()
    return session


def _names(database) -> list[str]:
    return [i.name for i in repository.list_sessions(database)]


def _count(database, model) -> int:
    with database.make_session() as db:
        return db.execute(select(func.count()).select_from(model)).scalar()


def test_a_renamed_session_keeps_its_state_log_and_undo(database, played, reopen):
    assert repository.rename_session(database, "night", "  Friday night  ") == "Friday night"
    assert _names(database) == ["Friday night"]
    loaded = reopen("Friday night")
    assert loaded.state == played.state
    assert loaded.history == played.history
    assert loaded.can_redo
    for _ in range(4):
        loaded.undo()
    assert loaded.encounter == played.start
    with pytest.raises(StorageError, match="no session named 'night'"):
        repository.open_session(database, "night", rulesets)


def test_renaming_refuses_an_empty_taken_or_unstorable_name(database, played, reopen):
    repository.new_session(database, "other", tiny_encounter(), rulesets)
    with pytest.raises(StorageError, match="a session needs a name"):
        repository.rename_session(database, "night", "   ")
    with pytest.raises(StorageError, match="a session named 'other' already exists"):
        repository.rename_session(database, "night", "other")
    with pytest.raises(UnstorableValueError, match="session 'xxxx"):
        repository.rename_session(database, "night", "x" * 201)
    with pytest.raises(StorageError, match=r"no session named 'gone' \(sessions: night, other\)"):
        repository.rename_session(database, "gone", "new")
    assert repository.rename_session(database, "night", "night") == "night"  # nothing to do
    assert _names(database) == ["night", "other"]


def test_a_taken_session_is_gone_at_once_and_comes_back_whole(database, played, reopen):
    deleted = repository.take_session(database, "night")
    # Committed: another connection (a restarted Foebook after a crash) no longer sees it.
    other = open_database(database.url)
    try:
        assert _names(other) == []
    finally:
        other.close()
    for model in (UnitRow, StatusRow, TerrainRow, LogRow):
        assert _count(database, model) == 0, model.__name__

    assert repository.restore_session(database, deleted) == "night"
    loaded = reopen("night")
    assert loaded.state == played.state
    assert loaded.history == played.history
    assert loaded.encounter.unit("e1").statuses == played.encounter.unit("e1").statuses
    loaded.redo()  # the redo that was waiting is still there
    assert loaded.pointer == 1
    for _ in range(5):
        loaded.undo()
    assert loaded.encounter == played.start


def test_a_session_restored_after_its_name_was_taken_again_takes_the_name_it_is_given(
    database, played, reopen
):
    deleted = repository.take_session(database, "night")
    repository.new_session(database, "night", tiny_encounter(), rulesets)
    with pytest.raises(StorageError, match="a session named 'night' already exists"):
        repository.restore_session(database, deleted)
    assert repository.restore_session(database, deleted, "night (2)") == "night (2)"
    assert _names(database) == ["night", "night (2)"]
    assert reopen("night (2)").history == played.history
    assert not reopen("night").history
    # Both sessions keep their own rows: deleting one leaves the other whole.
    repository.delete_session(database, "night")
    assert reopen("night (2)").state == played.state
