"""SetStat: a character's initiative for the round, logged, undone and checked."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session, TrackerError
from desktop.tracker.commands import SetStat, UpdateUnit, command_from_payload


@pytest.fixture
def cave() -> Session:
    encounter = load_encounter(sample_path("monster-focus-ice-cave.toml"))
    return Session.in_memory(encounter, get_ruleset("monster-focus"), "cave")


def test_initiative_is_set_logged_and_undone(cave):
    entry = cave.execute(SetStat("brute", "initiative", 12))
    assert cave.encounter.unit("brute").stat("initiative") == 12
    assert entry.text == (
        "Brute: initiative 40 → 12; the round's order is sorted again; Brute activates first"
    )
    cave.undo()
    assert cave.encounter.unit("brute").stat("initiative") == 40
    cave.redo()
    assert cave.encounter.unit("brute").stat("initiative") == 12


def test_the_payload_round_trips():
    command = SetStat("brute", "initiative", 7.5)
    assert command_from_payload(command.kind, command.payload()) == command


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (SetStat("brute", "targets", 2), "only for enemy units"),
        (SetStat("brute", "speed", 3), "unknown stat 'speed'"),
        (SetStat("brute", "initiative", 40), "already 40"),
        (SetStat("brute", "initiative", float("nan")), "must be a number"),
        (SetStat("brute", "initiative", "10"), "must be a number"),
        (SetStat("nobody", "initiative", 10), "nobody"),
    ],
)
def test_bad_values_are_refused_and_change_nothing(cave, command, message):
    before = cave.state
    with pytest.raises(TrackerError, match=message):
        cave.execute(command)
    assert cave.state == before


def test_an_initiative_that_breaks_or_makes_a_tie_updates_it_even_when_the_order_stays(cave):
    # Brute and Cragheart are tied at 40, last in the order; Cragheart's 50 keeps the
    # order as it was but settles the tie: the turn tracker must stop offering it (⇅).
    assert cave.state.order == ("golem", "imp", "brute", "cragheart")
    assert cave.state.ties == (("brute", "cragheart"),)
    entry = cave.execute(SetStat("cragheart", "initiative", 50))
    assert entry.text == "Cragheart: initiative 40 → 50"
    assert cave.state.order == ("golem", "imp", "brute", "cragheart")
    assert cave.state.ties == ()
    cave.execute(SetStat("brute", "initiative", 50))  # tied again, the order unchanged
    assert cave.state.order == ("golem", "imp", "brute", "cragheart")
    assert cave.state.ties == (("brute", "cragheart"),)
    cave.undo()
    cave.undo()
    assert cave.state.ties == (("brute", "cragheart"),)


def test_an_initiative_changed_in_the_unit_editor_sorts_the_order_as_typing_it_does(cave):
    # A monster's ability card gives it a new initiative each round; set in the unit editor
    # (Ctrl+E) before anyone acts, it sorts the order as the roster's Init cell (I) does.
    stats = dict(cave.encounter.unit("golem").stats)
    entry = cave.execute(UpdateUnit("golem", {"stats": {**stats, "initiative": 70}}))
    assert entry.text == (
        "Edited Ice golem: initiative 15 → 70; the round's order is sorted again; "
        "Flame imp activates first"
    )
    assert cave.state.order == ("imp", "brute", "cragheart", "golem")
    assert cave.current_unit == "imp"
    cave.undo()
    assert cave.state.order == ("golem", "imp", "brute", "cragheart")
