"""Sessions stored in SQLite and PostgreSQL: state, log, undo across restarts, management."""

from __future__ import annotations

import sqlite3

import pytest

from db import repository
from db.engine import open_database
from db.errors import StorageError
from desktop.tracker.commands import (
    AddStatus,
    AddUnit,
    Damage,
    DrawCard,
    EditTerrain,
    MoveUnit,
    NextActivation,
    NextRound,
    Note,
    RemoveUnit,
)
from tests.desktop.tracker.tiny_ruleset import goblin_ambush, rulesets, tiny_encounter

COMMANDS = [
    Damage("e1", 2, source="p1"),
    AddStatus("e1", "poison", 3),
    MoveUnit("e1", (0, 1)),
    AddUnit(
        {
            "id": "x",
            "side": "player",
            "at": [3, 3],
            "max_hp": 2,
            "tags": ["hero"],
            "weapons": [{"name": "Bow", "kind": "ranged", "range": 6, "ammo": 3}],
        }
    ),
    RemoveUnit("p2"),
    EditTerrain((3, 2), ","),
    NextActivation(),
    NextRound(),
    DrawCard("stratagems", "Ambush"),
    Note("pizza break"),
]


def test_state_and_history_survive_a_restart(database, reopen):
    session = repository.new_session(database, "night", tiny_encounter(), rulesets)
    for command in COMMANDS:
        session.execute(command)
    loaded = reopen("night")
    assert loaded.state == session.state
    assert loaded.history == session.history
    assert loaded.history[0].time.tzinfo is not None


def test_undo_and_redo_across_restarts(database, reopen):
    session = repository.new_session(database, "night", tiny_encounter(), rulesets)
    states = [session.state]
    for command in COMMANDS:
        session.execute(command)
        states.append(session.state)
    for expected in reversed(states[:-1]):
        session = reopen("night")  # a restart before every undo
        session.undo()
        assert session.state == expected
    session = reopen("night")
    assert all(h.undone for h in session.history)
    for expected in states[1:4]:
        session = reopen("night")
        session.redo()
        assert session.state == expected
    session.execute(Damage("e2", 1))
    statuses = [h.status for h in reopen("night").history]
    assert statuses == ["done"] * 3 + ["dropped"] * (len(COMMANDS) - 3) + ["done"]


def test_every_command_is_committed_when_it_happens(database):
    session = repository.new_session(database, "night", tiny_encounter(), rulesets)
    session.execute(Damage("e1", 2))
    # A second, independent connection sees it at once.
    other = open_database(database.url)
    try:
        assert repository.session_log(other, "night")[0].text.startswith("Raider takes 2")
    finally:
        other.close()


def test_list_delete_and_log(database):
    repository.new_session(database, "b", tiny_encounter(), rulesets)
    session = repository.new_session(database, "a", goblin_ambush())
    session.execute(Damage("aria", 1))
    info = repository.list_sessions(database)
    assert [(i.name, i.ruleset, i.units, i.entries) for i in info] == [
        ("a", "card-flip-rpg", 5, 1),
        ("b", "tiny-test", 4, 0),
    ]
    with pytest.raises(StorageError, match="a session named 'a' already exists"):
        repository.new_session(database, "a", goblin_ambush())
    repository.delete_session(database, "a")
    with pytest.raises(StorageError, match=r"no session named 'a' \(sessions: b\)"):
        repository.session_log(database, "a")
    assert [i.name for i in repository.list_sessions(database)] == ["b"]


def test_deleting_a_session_deletes_its_rows(database):
    from sqlalchemy import func, select

    from db.models import LogRow, StatusRow, TerrainRow, UnitRow

    session = repository.new_session(database, "night", tiny_encounter(), rulesets)
    session.execute(AddStatus("e1", "stunned"))
    repository.delete_session(database, "night")
    with database.make_session() as db:
        for model in (UnitRow, StatusRow, TerrainRow, LogRow):
            assert db.execute(select(func.count()).select_from(model)).scalar() == 0


def test_sqlite_runs_in_wal_mode_with_foreign_keys(sqlite_url):
    database = open_database(sqlite_url)
    try:
        with database.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        database.close()
    path = sqlite_url.removeprefix("sqlite:///")
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # stored in the file
    raw.close()


@pytest.mark.parametrize(
    "url", ["nonsense", "sqlite://", "mysql+nope://x/y", "postgresql://nobody@127.0.0.1:1/none"]
)
def test_bad_urls_are_clear_errors(url):
    with pytest.raises(StorageError):
        open_database(url)


def test_a_session_can_start_with_no_units(database):
    from desktop.engine.board import Board
    from desktop.engine.encounter import Encounter

    empty = Encounter("card-flip-rpg", Board.blank("square", 6, 4), ())
    session = repository.new_session(database, "empty", empty)
    assert session.encounter.units == ()
    assert repository.open_session(database, "empty").encounter.board.width == 6


def test_resized_board_and_edited_unit_survive_a_restart(database, reopen):
    from desktop.tracker.commands import ResizeBoard, UpdateUnit

    session = repository.new_session(database, "edit", tiny_encounter(), rulesets)
    session.execute(ResizeBoard(9, 6))
    session.execute(UpdateUnit("e1", {"name": "Boss", "stats": {"move": 5}, "at": [8, 5]}))
    again = reopen("edit")
    assert (again.encounter.board.width, again.encounter.board.height) == (9, 6)
    boss = again.encounter.unit("e1")
    assert (boss.name, boss.stats["move"], boss.at) == ("Boss", 5, (8, 5))
    again.undo()
    again.undo()
    assert reopen("edit").encounter.board.width == 6
