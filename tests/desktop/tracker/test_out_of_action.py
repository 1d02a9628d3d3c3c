"""A unit out of action gets no decision applied: applying one is refused with the reason and
nothing is logged, however often it is tried (a dead monster, a skirmisher at HP 0)."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import ApplyDecision, Damage
from desktop.tracker.errors import TrackerError


def session(sample: str) -> Session:
    encounter = load_encounter(sample_path(sample))
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "out", dice_seed=2)


@pytest.mark.parametrize(
    ("sample", "unit_id", "summary"),
    [
        ("monster-focus-ice-cave.toml", "imp", "Dead: no turn"),
        ("skirmish-ai-outpost-raid.toml", "trooper-2", "Out of action: no activation"),
    ],
)
def test_a_defeated_units_decision_is_refused_every_time(sample, unit_id, summary):
    table = session(sample)
    unit = table.encounter.unit(unit_id)
    table.execute(Damage(unit_id, unit.hp))
    assert table.ruleset.is_defeated(table.encounter.unit(unit_id))
    decision = decide(table.encounter, unit_id, table.ruleset, table.state.dice.dice())
    assert decision.summary.startswith(summary)
    logged = len(table.history)
    state = table.state
    for _ in range(3):
        with pytest.raises(TrackerError, match=r"out of action \(HP 0\): it takes no turn"):
            table.execute(ApplyDecision.of(decision))
    assert len(table.history) == logged and table.state == state
    assert unit_id not in table.state.order
