"""Bundled samples: listed with their titles, and every one a valid encounter."""

from __future__ import annotations

from desktop.encounter_file import load_encounter
from desktop.rulesets.registry import shipped_ids
from desktop.samples import list_samples, sample_path


def test_every_ruleset_has_a_tutorial_and_every_sample_loads():
    samples = list_samples()
    # Foebook's own rule packs (zombie-horde) have tutorials too; plug-ins bring none.
    assert {s.ruleset for s in samples} == set(shipped_ids())
    for sample in samples:
        encounter = load_encounter(sample_path(sample.file_name))
        assert encounter.ruleset == sample.ruleset
        assert sample.title == (encounter.name or sample.path.stem)
