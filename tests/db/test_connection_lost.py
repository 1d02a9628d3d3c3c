"""The PostgreSQL server goes away mid-session: a storage error, nothing half-saved, and once
the server is back the same Session works again with every earlier change in place."""

from __future__ import annotations

import pytest

from db.engine import open_database
from db.errors import DatabaseUnreachableError
from db.repository import new_session, open_session
from desktop.tracker.commands import Damage, Note
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

pytestmark = pytest.mark.postgres


def test_a_lost_server_is_a_storage_error_and_nothing_saved_is_lost(pausable_pg):
    database = open_database(pausable_pg.url)
    try:
        session = new_session(database, "night", tiny_encounter(), rulesets)
        session.execute(Damage("p1", 2))
        session.execute(Note("before the outage"))
        saved_state, saved_history = session.state, session.history
        pausable_pg.pause()
        with pytest.raises(DatabaseUnreachableError) as caught:
            session.execute(Damage("p1", 1))
        assert "\n" not in str(caught.value)
        assert str(caught.value).startswith("lost the connection to postgresql")
        with pytest.raises(DatabaseUnreachableError):
            session.undo()
        assert session.state == saved_state and session.history == saved_history
        pausable_pg.resume()
        session.execute(Damage("p1", 1))  # the same Session reconnects by itself
        assert session.encounter.unit("p1").hp == 7
        reopened = open_session(database, "night", rulesets)
        assert reopened.state == session.state
        assert [h.text for h in reopened.history][:2] == [h.text for h in saved_history]
        assert len(reopened.history) == 3
    finally:
        database.close()
