"""Values the columns cannot hold get one clear message on every backend, and nothing of
the change is written (PostgreSQL used to crash on them while SQLite kept them)."""

from __future__ import annotations

import dataclasses

import pytest

from db.errors import UnstorableValueError
from db.repository import list_sessions, new_session, open_session
from desktop.engine.units import make_unit
from desktop.tracker.commands import Damage, Note
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

BIG = 2**31  # one past PostgreSQL's integer


def encounter_with(**unit_fields):
    encounter = tiny_encounter()
    unit = make_unit("e9", "enemy", (2, 2), 5, 5, name="Odd", ai="brute")
    unit = dataclasses.replace(unit, **unit_fields)
    return dataclasses.replace(encounter, units=(*encounter.units, unit))


UNSTORABLE = {
    "hp beyond 32 bits": (lambda: encounter_with(hp=BIG, max_hp=BIG), r"hp is 2147483648"),
    "round beyond 32 bits": (
        lambda: dataclasses.replace(tiny_encounter(), round=BIG),
        r"the session: round is 2147483648",
    ),
    "name over 200 characters": (
        lambda: encounter_with(name="N" * 201),
        r"unit 'e9': name is 201 characters long; at most 200",
    ),
    "id over 64 characters": (
        lambda: encounter_with(id="i" * 65),
        r"unit 'i{40}…': unit id is 65 characters long; at most 64",
    ),
    "NUL in a name": (lambda: encounter_with(name="Od\x00d"), r"name contains a NUL"),
    "NaN in stats": (lambda: encounter_with(stats={"move": float("nan")}), r"stats contains nan"),
    "infinity in stats": (
        lambda: encounter_with(stats={"move": float("inf")}),
        r"stats contains inf",
    ),
}


@pytest.mark.parametrize("case", UNSTORABLE.values(), ids=UNSTORABLE.keys())
def test_an_unstorable_import_is_one_message_and_writes_nothing(database, case):
    make, message = case
    with pytest.raises(UnstorableValueError, match=message) as caught:
        new_session(database, "odd", make(), rulesets)
    assert "\n" not in str(caught.value) and "nothing of it was saved" in str(caught.value)
    assert list_sessions(database) == []  # not half-written: no session, no units


def test_a_session_name_too_long_for_the_column(database):
    with pytest.raises(UnstorableValueError, match="name is 201 characters long"):
        new_session(database, "s" * 201, tiny_encounter(), rulesets)
    assert list_sessions(database) == []


def test_an_unstorable_command_is_refused_and_the_session_is_unchanged(database):
    session = new_session(database, "night", tiny_encounter(), rulesets)
    session.execute(Damage("p1", 2))
    with pytest.raises(UnstorableValueError, match="the log entry: text contains a NUL"):
        session.execute(Note("bad\x00note"))
    with pytest.raises(UnstorableValueError, match="not valid text"):
        session.execute(Note("half a pair \ud800"))  # what no encoding can store
    assert [h.text for h in session.history] == [session.history[0].text]
    session.execute(Note("fine"))  # the session goes on
    reopened = open_session(database, "night", rulesets)
    assert reopened.state == session.state
    assert [h.seq for h in reopened.history] == [1, 2]
