"""The first read at start (the standard library's sqlite3, before SQLAlchemy loads) reads a
session exactly as the store's load does, leaves the file and its folder as they were, steps
aside wherever the normal open must decide, and no edit goes by it when the file differs."""

from __future__ import annotations

import sqlite3

import pytest

from db import repository
from db.engine import open_database
from db.errors import StorageError
from db.first_read import FirstReadStore, read_first, sqlite_file
from desktop.encounter_file import load_encounter
from desktop.samples import list_samples, list_scenarios, sample_path
from desktop.storage_url import sqlite_url
from desktop.tracker.commands import (
    AddStatus,
    Damage,
    EditTerrain,
    MoveUnit,
    NextActivation,
    Note,
)
from desktop.tracker.session import Session
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter


@pytest.fixture
def path(tmp_path):
    return tmp_path / "foebook.sqlite3"


def _stored(path, name, encounter, commands=(), undo=0, lookup=repository._default_rulesets):
    database = open_database(sqlite_url(path))
    try:
        session = repository.new_session(database, name, encounter, lookup)
        for command in commands:
            session.execute(command)
        for _ in range(undo):
            session.undo()
        truth = repository.SqlSessionStore(database, session.store.session_pk).load()
    finally:
        database.close()
    return truth


@pytest.mark.parametrize(
    "sample", [s.file_name for s in list_samples() + list_scenarios()], ids=str
)
def test_every_sample_reads_as_the_store_loads_it(path, sample):
    truth = _stored(path, "night", load_encounter(sample_path(sample)))
    first = read_first(path, "night")
    assert first is not None
    assert first.loaded.state == truth.state
    assert first.loaded.history == truth.history and first.loaded.version == truth.version


def test_a_played_session_with_its_log_and_undo_reads_as_the_store_loads_it(path):
    commands = [
        Damage("e1", 2, source="p1"),
        AddStatus("e1", "poison", 3),
        MoveUnit("e1", (0, 1)),
        EditTerrain((3, 2), ","),
        NextActivation(),
        Note("pizza break"),
    ]
    truth = _stored(path, "night", tiny_encounter(), commands, undo=2, lookup=rulesets)
    first = read_first(path, "night")
    assert first is not None and first.ruleset == truth.state.encounter.ruleset
    assert [h.status for h in first.loaded.history] == ["done"] * 4 + ["undone"] * 2
    assert first.loaded.history == truth.history
    assert first.loaded.history[0].time.tzinfo is not None
    assert first.loaded.state == truth.state and first.loaded.version == truth.version


def test_the_first_read_leaves_the_file_and_its_folder_as_they_were(path):
    _stored(path, "night", tiny_encounter(), lookup=rulesets)
    before = sorted(p.name for p in path.parent.iterdir())
    content = path.read_bytes()
    assert read_first(path, "night") is not None
    assert sorted(p.name for p in path.parent.iterdir()) == before  # no -wal, no -shm
    assert path.read_bytes() == content


def test_where_the_normal_open_decides_the_first_read_steps_aside(path, tmp_path):
    assert read_first(path, "night") is None  # no file: the open refuses or makes one
    _stored(path, "night", tiny_encounter(), lookup=rulesets)
    assert read_first(path, "friday") is None  # no such session: the open says so
    conn = sqlite3.connect(path)
    conn.execute("UPDATE alembic_version SET version_num = '0005'")
    conn.commit()
    conn.close()
    assert read_first(path, "night") is None  # an older schema: upgraded first
    notes = tmp_path / "notes.sqlite3"
    conn = sqlite3.connect(notes)
    conn.execute("CREATE TABLE sessions (name TEXT)")
    conn.commit()
    conn.close()
    assert read_first(notes, "night") is None  # someone else's database
    text = tmp_path / "text.sqlite3"
    text.write_text("my notes\n" * 40)
    assert read_first(text, "night") is None  # not a database at all


def test_only_a_plain_sqlite_url_is_read_first(tmp_path):
    odd = tmp_path / "a b#c?d e" / "foebook.sqlite3"
    assert sqlite_file(sqlite_url(odd)) == odd.resolve()
    assert sqlite_file("postgresql+psycopg://me@localhost/foebook") is None
    assert sqlite_file("sqlite:////tmp/foebook.sqlite3?mode=ro") is None


def _first_read_session(path, opened):
    first = read_first(path, "night")
    assert first is not None
    store = FirstReadStore(first, lambda: opened.append(True))
    return Session(rulesets(first.ruleset), store, "night"), store


def test_an_edit_before_the_database_opens_asks_for_it_and_waits(path):
    _stored(path, "night", tiny_encounter(), lookup=rulesets)
    opened: list[bool] = []
    session, store = _first_read_session(path, opened)
    assert store.version() == session.version  # a poll meanwhile: nothing newer known
    with pytest.raises(StorageError, match="the database is not open; nothing was changed"):
        session.execute(Damage("e1", 2))  # the app's opening failed: nothing applied
    assert opened == [True]
    assert session.history == []


def test_a_file_changed_since_the_first_read_is_shown_and_edits_go_on_from_it(path):
    _stored(path, "night", tiny_encounter(), lookup=rulesets)
    session, store = _first_read_session(path, [])
    hp = session.encounter.unit("e1").hp
    database = open_database(sqlite_url(path))
    try:
        other = repository.open_session(database, "night", rulesets)  # another Foebook
        other.execute(Damage("e1", 1))
        assert store.attach(database) is True  # the file is the truth
        session.execute(Damage("e1", 2))  # typed on the first read: made again on the file
        truth = repository.open_session(database, "night", rulesets)
        assert truth.encounter.unit("e1").hp == hp - 3
        assert [h.kind for h in truth.history] == ["damage", "damage"]
        assert session.state == truth.state
    finally:
        database.close()


def test_an_unchanged_file_keeps_the_session_as_shown(path):
    _stored(path, "night", tiny_encounter(), [Damage("e1", 1)], lookup=rulesets)
    session, store = _first_read_session(path, [])
    database = open_database(sqlite_url(path))
    try:
        assert store.attach(database) is False
        session.execute(Damage("e1", 2))
        assert [h.seq for h in session.history] == [1, 2]
        assert repository.open_session(database, "night", rulesets).state == session.state
    finally:
        database.close()


def _changed_behind_its_back(path, hp: int) -> None:
    """The unit's HP changed in the file, its version not (a first read that caught the file
    half-way through another's write would differ this way)."""
    conn = sqlite3.connect(path)
    conn.execute("UPDATE units SET hp = ? WHERE unit_id = 'e1'", (hp,))
    conn.commit()
    conn.close()


def test_what_the_file_holds_wins_even_at_the_same_version(path):
    _stored(path, "night", tiny_encounter(), lookup=rulesets)
    session, store = _first_read_session(path, [])
    _changed_behind_its_back(path, 5)
    database = open_database(sqlite_url(path))
    try:
        assert store.attach(database) is True
        session.execute(Damage("e1", 2))
        assert session.encounter.unit("e1").hp == 3
        assert repository.open_session(database, "night", rulesets).encounter.unit("e1").hp == 3
    finally:
        database.close()


def test_an_edit_that_opens_the_database_goes_by_the_file(path):
    _stored(path, "night", tiny_encounter(), lookup=rulesets)
    _changed = []
    first = read_first(path, "night")
    assert first is not None
    _changed_behind_its_back(path, 5)
    database = open_database(sqlite_url(path))

    def open_now():  # as the app does: the store gets the database, the window reloads
        if store.attach(database):
            session.reload()
            _changed.append(True)

    store = FirstReadStore(first, open_now)
    session = Session(rulesets(first.ruleset), store, "night")
    try:
        session.execute(Damage("e1", 2))  # typed before the database opened
        assert _changed == [True]
        assert repository.open_session(database, "night", rulesets).encounter.unit("e1").hp == 3
        assert session.encounter.unit("e1").hp == 3
    finally:
        database.close()
