"""Finding rule systems: built-ins without metadata, plug-ins through entry points, and one
clear message for an unknown id or a broken plug-in that leaves the others working."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from desktop.cli import main
from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.rulesets import registry
from desktop.rulesets.registry import (
    BUILT_IN,
    GROUP,
    BrokenRuleset,
    UnknownRuleset,
    available_rulesets,
    get_ruleset,
    ruleset_ids,
    shipped_ids,
)

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "ruleset-plugin"


def test_pyproject_registers_exactly_the_built_in_table():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"][GROUP] == BUILT_IN


# Foebook's rule systems written in Python: each a package under desktop/rulesets/.
PACKAGES = {
    "monster-focus": "monster_focus",
    "dungeon-crawl": "dungeon_crawl",
    "grimdark-solo": "grimdark_solo",
    "skirmish-ai": "skirmish_ai",
}


@pytest.mark.parametrize("ruleset_id", PACKAGES)
def test_a_built_in_is_a_package_laid_out_as_a_plug_in_is(ruleset_id):
    folder = ROOT / "desktop" / "rulesets" / PACKAGES[ruleset_id]
    assert BUILT_IN[ruleset_id] == f"desktop.rulesets.{PACKAGES[ruleset_id]}:build"
    assert registry.package_folders(BUILT_IN[ruleset_id]) == [folder]
    assert (folder / "rulesets" / f"{ruleset_id}.toml").is_file()
    assert (ruleset_id, folder / "encounters") in registry.sample_folders()
    # Its data file, read without its code (names, new-session dialog) and by its `build`.
    assert registry.ruleset_data(ruleset_id) == get_ruleset(ruleset_id).data


def test_every_shipped_pack_file_is_named_for_its_id():
    folder = ROOT / "resources" / "packs"
    for path in folder.glob("*.toml"):
        assert registry.pack_id(path.read_text(encoding="utf-8")) == path.stem


def test_a_shipped_pack_loads_without_reading_the_other_packs(monkeypatch):
    # A session opened at start waits for its rule system: the other packs are not parsed.
    read = []
    real = registry.pack_id
    monkeypatch.setattr(registry, "pack_id", lambda text: read.append(text) or real(text))
    registry._pack_files.cache_clear()
    get_ruleset.cache_clear()
    try:
        assert get_ruleset("card-flip-rpg").id == "card-flip-rpg"
        assert get_ruleset("hex-quest").id == "hex-quest"
        assert read == []
    finally:
        registry._pack_files.cache_clear()
        get_ruleset.cache_clear()


def test_built_ins_work_without_any_package_metadata(monkeypatch):
    # A frozen bundle carries no metadata: entry points find nothing at all there.
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **_: [])
    registry._discovered.cache_clear()
    try:
        assert ruleset_ids() == shipped_ids()
        assert [d.id for d in available_rulesets()[0]] == shipped_ids()
        assert get_ruleset("hex-quest").id == "hex-quest"
    finally:
        registry._discovered.cache_clear()


def test_an_unknown_id_names_the_known_ones_plug_ins_included(site):
    site("foebook-nearest-first", {"nearest-first": "foebook_nearest_first:build"})
    with pytest.raises(UnknownRuleset) as raised:
        get_ruleset("chess")
    assert str(raised.value) == (
        "unknown ruleset 'chess' (built-in: card-flip-rpg, skirmish-ai, grimdark-solo, "
        "hex-quest, dungeon-crawl, monster-focus, zombie-horde; plug-ins: nearest-first)"
    )


def test_the_example_plug_in_is_listed_and_decides(site, monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLE))
    site("foebook-nearest-first", {"nearest-first": "foebook_nearest_first:build"})
    assert ruleset_ids() == [*shipped_ids(), "nearest-first"]
    encounter = load_encounter(EXAMPLE / "sample.toml")
    ruleset = get_ruleset("nearest-first")
    wolf = decide(encounter, "wolf", ruleset, Dice())
    # Finn (5 squares) is nearer than Ada (7): four squares down to stand beside him.
    assert (wolf.action, wolf.path, wolf.alternatives) == (
        "move",
        ((1, 1), (1, 2), (1, 3), (1, 4)),
        (),
    )
    assert wolf.trace[0].detail == "reach 1; nobody in reach: Ada 7 squares, Finn 5 squares"
    archer = decide(encounter, "archer", ruleset, Dice())
    assert (archer.action, archer.targets) == ("attack", ("ada",))  # 5 squares, clear line
    sys.modules.pop("foebook_nearest_first", None)


BROKEN = {
    "plugin_missing": (
        "plugin_missing:build",
        None,
        "failed to load: ModuleNotFoundError: No module named 'plugin_missing'",
    ),
    "plugin_raises": (
        "plugin_raises:build",
        "def build():\n    raise RuntimeError('no data file')\n",
        "failed to load: RuntimeError: no data file (at ",
    ),
    "plugin_wrong_type": (
        "plugin_wrong_type:build",
        "def build():\n    return 'a game'\n",
        "gave a str, not a Ruleset",
    ),
}


@pytest.mark.parametrize("module", list(BROKEN))
def test_a_broken_plug_in_is_named_with_its_package_and_spares_the_others(site, module):
    factory, source, expected = BROKEN[module]
    plugin_id = module.replace("_", "-")
    site("broken-games", {plugin_id: factory}, {module: source} if source else {})
    with pytest.raises(BrokenRuleset) as raised:
        get_ruleset(plugin_id)
    message = str(raised.value)
    assert message.startswith(
        f"the rule system plug-in '{plugin_id}' ({factory}, from broken-games) "
    )
    assert expected in message and "Traceback" not in message
    found, problems = available_rulesets()
    assert [d.id for d in found] == shipped_ids()
    assert problems == [message]


def test_a_plug_in_must_not_take_a_built_in_id(site):
    site("copycat", {"hex-quest": "copycat:build"})
    assert ruleset_ids() == shipped_ids()
    assert get_ruleset("hex-quest").id == "hex-quest"
    assert available_rulesets()[1] == [
        "the rule system plug-in 'hex-quest' (copycat:build, from copycat) is ignored: "
        "'hex-quest' is the id of a built-in rule system"
    ]


def test_foebook_rulesets_warns_about_a_broken_plug_in_and_lists_the_rest(site, capsys):
    site("broken-games", {"plugin-missing": "plugin_missing:build"})
    assert main(["rulesets", "--json"]) == 0
    out, err = capsys.readouterr()
    assert [r["id"] for r in json.loads(out)] == shipped_ids()
    assert err.startswith(
        "foebook: warning: the rule system plug-in 'plugin-missing' "
        "(plugin_missing:build, from broken-games) failed to load"
    )
    assert err.count("\n") == 1


def test_decide_with_a_broken_plug_in_is_one_error_line(site, tmp_path, capsys):
    site(
        "broken-games",
        {"plugin-raises": "plugin_raises:build"},
        {"plugin_raises": "def build():\n    raise RuntimeError('no data file')\n"},
    )
    text = (EXAMPLE / "sample.toml").read_text().replace('"nearest-first"', '"plugin-raises"')
    path = tmp_path / "broken.toml"
    path.write_text(text)
    assert main(["decide", str(path), "--unit", "wolf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "'ruleset': the rule system plug-in 'plugin-raises'" in err
    assert "from broken-games) failed to load: RuntimeError: no data file" in err


def test_listing_the_rulesets_imports_no_ruleset_code():
    # Rule packs are read by the pack interpreter (desktop.rulesets.packs): no game's module.
    code = (
        "import sys; from desktop.cli import main; main(['rulesets']); "
        "print('LOADED', sorted(m for m in sys.modules if m.startswith('desktop.rulesets.') "
        "and not m.startswith('desktop.rulesets.packs')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert (
        "LOADED ['desktop.rulesets.data_loader', 'desktop.rulesets.registry']" in result.stdout
    ), result.stdout + result.stderr


def test_a_plug_in_that_raises_while_deciding_is_named_with_its_file_and_line(
    site, monkeypatch, tmp_path, capsys
):
    from tests.plugin_examples import RAISES, RAISING_LINE, SAMPLE, install

    install(site, monkeypatch, "plugin_raises_deciding", RAISES)
    assert main(["decide", str(SAMPLE), "--unit", "wolf"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err == (
        "foebook: error: the rule system plug-in 'nearest-first' (plugin_raises_deciding:build, "
        "from broken-games) failed while deciding for 'wolf': ZeroDivisionError: integer "
        f"division or modulo by zero (at {tmp_path / 'plugin_raises_deciding.py'}, line "
        f"{RAISING_LINE})\n"
    )
    assert main(["decide", str(SAMPLE), "--unit", "archer"]) == 0  # its other units decide


def test_a_plug_in_stuck_in_a_loop_meets_the_time_limit(site, monkeypatch, tmp_path):
    from tests.plugin_examples import EXAMPLE, LOOPS, SAMPLE, install

    install(site, monkeypatch, "plugin_loops", LOOPS)
    foebook = Path(sys.executable).with_name("foebook")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(EXAMPLE)])}
    result = subprocess.run(
        [str(foebook), "decide", str(SAMPLE), "--unit", "wolf", "--time-limit", "0.5"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        f"foebook: error: {SAMPLE}: the rule system plug-in 'nearest-first' "
        "(plugin_loops:build, from broken-games) did not decide for 'wolf' within 0.5 s (it "
        "may be stuck in a loop); --time-limit gives it longer\n"
    )


UNTITLED_STEP = """from dataclasses import replace

from desktop.rulesets.data_loader import load_ruleset_data
from foebook_nearest_first import NearestFirst


def build():
    data = load_ruleset_data("nearest-first", package="foebook_nearest_first")
    return NearestFirst(replace(data, steps={k: v for k, v in data.steps.items() if k != "attack"}))
"""


def test_check_fails_for_a_plug_in_step_its_steps_table_does_not_title(site, monkeypatch, capsys):
    # It used to pass `foebook check` and fail only when deciding.
    monkeypatch.syspath_prepend(str(EXAMPLE))
    site(
        "untitled-games",
        {"nearest-first": "plugin_untitled:build"},
        {"plugin_untitled": UNTITLED_STEP},
    )
    assert main(["check", str(EXAMPLE / "sample.toml")]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"foebook: error: {EXAMPLE / 'sample.toml'}: deciding for 'wolf' fails: ruleset "
        "'nearest-first' has no step 'attack' in its [steps] table\n"
    )
