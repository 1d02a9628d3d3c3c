"""Bundled samples: listed with their titles, and every one a valid encounter."""

from __future__ import annotations

from pathlib import Path

from desktop.encounter_file import load_encounter
from desktop.monster_book_file import bundled_book_path
from desktop.rulesets.registry import shipped_ids
from desktop.samples import list_samples, list_scenarios, rule_system, sample_path, scenario_path


def test_every_ruleset_has_a_tutorial_and_every_sample_loads():
    samples = list_samples()
    # Foebook's own rule packs (zombie-horde) have tutorials too; plug-ins bring none.
    assert {s.ruleset for s in samples} == set(shipped_ids())
    for sample in samples:
        encounter = load_encounter(sample_path(sample.file_name))
        assert encounter.ruleset == sample.ruleset
        assert sample.title == (encounter.name or sample.path.stem)


def test_a_built_in_rule_system_brings_its_tutorials_from_its_package_as_a_plug_in_does():
    rulesets = Path(__file__).resolve().parents[2] / "desktop" / "rulesets"
    samples = list_samples()
    where = {s.file_name: s.path.parent for s in samples if s.ruleset == "monster-focus"}
    assert where == {
        name: rulesets / "monster_focus" / "encounters"
        for name in (
            "monster-focus-archer-volley.toml",
            "monster-focus-ice-cave.toml",
            "monster-focus-thin-wall-archer.toml",
        )
    }
    for ruleset, package in [("dungeon-crawl", "dungeon_crawl"), ("skirmish-ai", "skirmish_ai")]:
        folders = {s.path.parent for s in samples if s.ruleset == ruleset}
        assert folders == {rulesets / package / "encounters"}
    # The start page lists Foebook's own by file name, wherever each is kept.
    assert [s.file_name for s in samples] == sorted(s.file_name for s in samples)
    # monster-focus's scenario and the monster book it plays, beside each other.
    scenario = scenario_path("monster-focus-briar-road.toml")
    assert scenario == rulesets / "monster_focus" / "scenarios" / scenario.name
    assert bundled_book_path("foebook-sample.toml") == scenario.parents[1] / "books" / (
        "foebook-sample.toml"
    )
    assert [s.path for s in list_scenarios()] == [scenario]


def test_a_plug_in_brings_its_tutorials_from_its_encounters_folder(site, monkeypatch):
    from tests.plugin_examples import EXAMPLE

    monkeypatch.syspath_prepend(str(EXAMPLE))
    site("foebook-nearest-first", {"nearest-first": "foebook_nearest_first:build"})
    added = [s for s in list_samples() if s.ruleset == "nearest-first"]
    assert [(s.file_name, s.title) for s in added] == [("wolf-den.toml", "Wolf den")]
    assert load_encounter(sample_path("wolf-den.toml")).ruleset == "nearest-first"
    assert rule_system("nearest-first").name == "Nearest first (example plug-in)"


def test_an_installed_pack_brings_the_samples_beside_it(tmp_path):
    from desktop.pack_file import install_pack

    zombies = Path(__file__).resolve().parents[2] / "desktop" / "rulesets" / "zombie_horde"
    source = tmp_path / "mine"
    (source / "ghouls").mkdir(parents=True)
    text = (zombies / "pack.toml").read_text()
    (source / "ghouls.toml").write_text(text.replace('id = "zombie-horde"', 'id = "ghouls"'))
    night = (zombies / "encounters" / "zombie-horde-back-alley.toml").read_text()
    (source / "ghouls" / "ghoul-alley.toml").write_text(night.replace('"zombie-horde"', '"ghouls"'))
    install_pack(source / "ghouls.toml", tmp_path / "data")
    assert (tmp_path / "data" / "packs" / "ghouls" / "ghoul-alley.toml").is_file()
    added = [s for s in list_samples() if s.ruleset == "ghouls"]
    assert [(s.file_name, s.title) for s in added] == [("ghoul-alley.toml", "Back alley")]
    assert load_encounter(sample_path("ghoul-alley.toml")).ruleset == "ghouls"
