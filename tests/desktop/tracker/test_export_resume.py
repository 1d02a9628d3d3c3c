"""An exported session (its `[state] acted` and `started`) imported again goes on where the
round stood: the same phase, the same unit acting, no start-of-turn effect twice."""

from __future__ import annotations

from desktop.encounter_file import dump_encounter, load_encounter, parse_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import NextActivation
from desktop.tracker.session import exported_encounter


def test_an_exported_session_imported_again_goes_on_in_the_same_phase_with_the_same_unit():
    encounter = load_encounter(sample_path("grimdark-solo-close-quarters.toml"))
    ruleset = get_ruleset(encounter.ruleset)
    table = Session.in_memory(encounter, ruleset, "relay", dice_seed=5)
    table.execute(NextActivation())  # the command phase: the captain; the rest are passed
    table.execute(NextActivation())  # the movement phase begins
    table.execute(NextActivation())  # the captain has moved (the mob is passed)
    state = table.state
    assert (state.encounter.phase, state.current_unit) == ("movement", "gunners")
    again = Session.in_memory(
        parse_encounter(dump_encounter(exported_encounter(state))), ruleset, "again"
    )
    assert again.encounter.phase == "movement" and again.round == state.round
    assert (again.order, again.pointer) == (state.order, state.pointer)
    assert again.state.started == state.started
    assert "acted" not in again.encounter.extra_state  # the state keeps it, not the encounter


def test_a_file_without_them_starts_the_round_from_its_first_unit():
    encounter = load_encounter(sample_path("grimdark-solo-close-quarters.toml"))
    table = Session.in_memory(encounter, get_ruleset(encounter.ruleset), "relay", dice_seed=5)
    assert table.pointer == 0 and table.state.started == ()
