"""A marker gained during a figure's own turn outlasts it after a restart too (schema 5)."""

from __future__ import annotations

from db import repository
from db.engine import open_database
from desktop.tracker.commands import AddStatus, NextActivation, NextRound
from tests.desktop.rulesets.monster_focus.test_order import cave


def test_a_held_marker_survives_a_restart_and_still_ends_on_time(database):
    session = repository.new_session(database, "night", cave(cragheart=12, golem=30))
    session.execute(AddStatus("cragheart", "strengthen"))  # in its own turn
    again = open_database(database.url)
    try:
        loaded = repository.open_session(again, "night")
        assert loaded.state == session.state
        assert loaded.state.held == ("cragheart", ("strengthen",))
        loaded.execute(NextActivation())  # the end of this turn: it stays
        assert loaded.encounter.unit("cragheart").has("strengthen")
        while loaded.current_unit is not None:
            loaded.execute(NextActivation())
        loaded.execute(NextRound())
        loaded.execute(NextActivation())  # the end of its next turn
        assert not loaded.encounter.unit("cragheart").has("strengthen")
        for _ in loaded.history:
            loaded.undo()
        assert repository.open_session(again, "night").state.held is None
    finally:
        again.close()


def test_turns_begun_survive_a_restart_so_a_wound_is_not_dealt_twice(database):
    session = repository.new_session(database, "wounds", cave(golem=15, imp=25))
    session.execute(AddStatus("imp", "wound"))
    session.execute(NextActivation())  # the imp's turn begins: 1 damage
    assert session.encounter.unit("imp").hp == 3
    again = open_database(database.url)
    try:
        loaded = repository.open_session(again, "wounds")
        assert loaded.state == session.state and "imp" in loaded.state.started
        loaded.undo()
        assert loaded.encounter.unit("imp").hp == 4 and "imp" not in loaded.state.started
        loaded.redo()
        assert repository.open_session(again, "wounds").encounter.unit("imp").hp == 3
    finally:
        again.close()
