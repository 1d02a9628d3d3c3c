"""A PostgreSQL server that hangs (SIGSTOP: connections accepted, nothing ever answered): every
database call ends within bounded time with one clear error, nothing is half-saved, and the
same Session carries on by itself once the server answers again."""

from __future__ import annotations

import threading

import pytest

from db.bounded_waits import ANSWER_S
from db.engine import open_database
from db.errors import DatabaseNotAnsweringError
from db.repository import new_session, open_session
from desktop.tracker.commands import Damage
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

pytestmark = pytest.mark.postgres


def test_a_hung_server_is_a_clear_error_and_play_resumes_once_it_answers(pausable_pg):
    database = open_database(pausable_pg.url)
    try:
        session = new_session(database, "night", tiny_encounter(), rulesets)
        session.execute(Damage("p1", 2))
        saved_state, saved_history = session.state, session.history
        pausable_pg.hang()
        try:
            with pytest.raises(DatabaseNotAnsweringError) as caught:
                session.execute(Damage("p1", 1))
            message = str(caught.value)
            assert "\n" not in message and "is not answering" in message
            assert f"within {ANSWER_S:g} s" in message and "not saved" in message
            looked = []  # a look from another thread (the window's poll) ends as well

            def look() -> None:
                try:
                    session.store.version()
                except DatabaseNotAnsweringError as error:
                    looked.append(error)

            thread = threading.Thread(target=look)
            thread.start()
            thread.join()
            assert len(looked) == 1
            assert session.state == saved_state and session.history == saved_history
        finally:
            pausable_pg.unhang()
        session.execute(Damage("p1", 1))  # the same Session, by itself
        assert session.encounter.unit("p1").hp == 7
        reopened = open_session(database, "night", rulesets)
        assert reopened.state == session.state
        assert [h.text for h in reopened.history] == [h.text for h in session.history]
        assert len(reopened.history) == 2
    finally:
        database.close()
