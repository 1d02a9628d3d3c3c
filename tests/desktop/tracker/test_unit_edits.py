"""Merging a unit edited in a dialog with what another window did meanwhile."""

from __future__ import annotations

import pytest

from desktop.tracker.errors import TrackerError
from desktop.tracker.records import unit_to_record
from desktop.tracker.session import initial_state
from desktop.tracker.unit_edits import (
    Collision,
    collisions,
    differences,
    flat,
    unchanged_since,
    unit_fields_of,
    update_of,
)
from tests.desktop.tracker.tiny_ruleset import TINY, tiny_encounter


def test_stats_are_fields_of_their_own():
    record = {"id": "x", "side": "enemy", "name": "X", "hp": 3, "stats": {"move": 2}}
    assert flat(record) == {"name": "X", "hp": 3, "stats.move": 2}


def test_only_the_users_changes_are_applied_to_the_unit_as_it_is_now():
    opened = {"name": "Raider", "hp": 6, "stats": {"move": 3, "range": 1}}
    typed = {"name": "Raider chief", "hp": 6, "stats": {"move": 4, "range": 1}}
    mine = differences(flat(opened), flat(typed))
    assert mine == {"name": "Raider chief", "stats.move": 4}
    unit = tiny_encounter().units[0].evolve(hp=2, stats={"move": 3, "range": 5})
    assert update_of(mine, unit) == {"name": "Raider chief", "stats": {"move": 4, "range": 5}}


def test_a_field_both_changed_differently_collides_the_same_value_does_not():
    seen = {"hp": 6, "name": "Raider", "stats.move": 3}
    now = {"hp": 4, "name": "Raider", "stats.move": 5}
    mine = {"hp": 9, "name": "Boss", "stats.move": 5}
    assert collisions(mine, seen, now) == [Collision("hp", 6, 4, 9)]


def test_the_check_at_saving_refuses_a_field_changed_between_the_look_and_the_write():
    state = initial_state(tiny_encounter(), TINY)
    seen = unit_fields_of(state.unit("e1"))
    check = unchanged_since("e1", "Raider", seen, ["hp"])
    check(state)  # nothing changed
    check(state.evolve(encounter=state.encounter.replace_unit(state.unit("e1").evolve(at=(1, 0)))))
    hurt = state.encounter.replace_unit(state.unit("e1").evolve(hp=1))
    with pytest.raises(TrackerError, match=r"changed in another window just now \(hp\)"):
        check(state.evolve(encounter=hurt))
    gone = state.with_units([u for u in state.encounter.units if u.id != "e1"], {})
    with pytest.raises(TrackerError, match="was removed in another window"):
        check(gone)
    assert unit_to_record(state.unit("e1"))["hp"] == seen["hp"]
