"""The bundled skirmish-ai sample encounters load and every enemy in them gets a decision."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from tests.sample_files import SAMPLES as ALL_SAMPLES

SAMPLES = [path for path in ALL_SAMPLES if path.name.startswith("skirmish-ai-")]


def test_there_are_samples_with_heights_and_a_group():
    assert len(SAMPLES) >= 2
    raid = load_encounter(sample_path("skirmish-ai-outpost-raid.toml"))
    assert raid.board.heights is not None
    ruleset = get_ruleset("skirmish-ai")
    assert any(h.label == "Roll group" for h in ruleset.helpers(raid))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_enemy_decides(path):
    enc = load_encounter(path)
    ruleset = get_ruleset("skirmish-ai")
    for unit in enc.enemies():
        d = decide(enc, unit.id, ruleset, Dice([3, 5, 5]))
        assert d.action in ruleset.data.actions
        assert d.trace
