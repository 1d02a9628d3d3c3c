"""The headless contract: `foebook decide / order / check / rulesets` as the spec says."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.encounter_file import load_encounter
from desktop.samples import sample_path
from tests.sample_files import SAMPLES

ROOT = Path(__file__).resolve().parents[3]
AMBUSH = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"
KEYS = [
    "unit",
    "ruleset",
    "ai",
    "action",
    "targets",
    "destination",
    "path",
    "rolls",
    "statuses_gained",
    "alternatives",
    "trace",
]


def foebook(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop", *args], capture_output=True, text=True, timeout=60
    )


def test_decide_json_has_the_contract_keys_in_order():
    result = foebook("decide", str(AMBUSH), "--unit", "goblin", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data)[: len(KEYS)] == KEYS
    assert data["unit"] == "goblin" and data["ruleset"] == "card-flip-rpg"
    assert data["action"] == "move" and data["targets"] == []
    assert data["destination"] == data["path"][-1]
    assert all(set(t) == {"step", "outcome", "detail"} for t in data["trace"])
    assert data["trace"][-1]["outcome"] == "applied"
    for alt in data["alternatives"]:
        assert set(alt) == {"action", "targets", "destination", "path"}


def test_decide_json_names_the_group_sharing_the_table_roll_only_when_there_is_one():
    raid = sample_path("skirmish-ai-outpost-raid.toml")
    trooper = json.loads(foebook("decide", str(raid), "--unit", "trooper-1", "--json").stdout)
    assert list(trooper)[: len(KEYS)] == KEYS
    assert trooper["shares_roll_with"] == ["trooper-2"]
    assert trooper["rolls"][0]["purpose"].startswith("table roll (Tactical, group of ")
    sniper = json.loads(foebook("decide", str(raid), "--unit", "sniper", "--json").stdout)
    assert "shares_roll_with" not in sniper


def test_decide_for_a_person_explains_each_step():
    result = foebook("decide", str(AMBUSH), "--unit", "kobold")
    assert result.returncode == 0
    assert "Decision: Flee 4 squares from Aria" in result.stdout
    assert "1. Badly hurt and able to move: back away — applied" in result.stdout
    assert "The players may choose instead:" in result.stdout


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_same_seed_same_answer_for_every_enemy_of_every_sample(sample, capsys):
    from desktop.cli import main

    encounter = load_encounter(sample)
    for enemy in encounter.enemies():
        printed = []
        for _ in range(2):
            assert main(["decide", str(sample), "--unit", enemy.id, "--json", "--seed", "7"]) == 0
            printed.append(capsys.readouterr().out)
        assert printed[0] == printed[1]
        assert json.loads(printed[0]) == _decide_dict(sample, enemy.id, seed=7)


def _decide_dict(sample, unit_id, seed=None, rolls=()):
    from desktop.engine.decide import decide
    from desktop.engine.dice import Dice
    from desktop.rulesets.registry import get_ruleset

    enc = load_encounter(sample)
    return decide(enc, unit_id, get_ruleset(enc.ruleset), Dice(rolls, seed=seed)).to_dict()


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_typed_rolls_replace_the_generator(sample):
    """Feeding back the rolls a decision used reproduces it, whatever the seed."""
    encounter = load_encounter(sample)
    for enemy in encounter.enemies():
        first = _decide_dict(sample, enemy.id, seed=1)
        typed = [r["value"] for r in first["rolls"]]
        again = _decide_dict(sample, enemy.id, seed=99, rolls=typed)
        assert again == first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["decide", "missing.toml", "--unit", "x"], "missing.toml: no such file"),
        (["decide", str(AMBUSH), "--unit", "nobody"], "no unit 'nobody' in the encounter"),
        (["decide", str(AMBUSH), "--unit", "aria"], "'aria' is a player unit"),
        (["order", "missing.toml"], "missing.toml: no such file"),
        (["check", str(ROOT / "pyproject.toml")], "key 'build-system'"),
    ],
)
def test_errors_exit_2_with_one_message_and_no_traceback(args, message):
    result = foebook(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_bad_encounter_file_exit_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(AMBUSH.read_text().replace('ruleset = "card-flip-rpg"', 'ruleset = "x"'))
    result = foebook("decide", str(bad), "--unit", "goblin", "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"{bad}: line 3: 'ruleset': unknown ruleset 'x'" in result.stderr


def test_order_json_and_text():
    result = foebook("order", str(AMBUSH), "--json")
    assert json.loads(result.stdout) == {
        "order": ["goblin", "brute", "kobold"],
        "ties": [["goblin", "brute", "kobold"]],
    }
    text = foebook("order", str(AMBUSH)).stdout
    assert "1. Goblin Archer (goblin)" in text


def test_check_summarises_a_good_file():
    result = foebook("check", str(AMBUSH))
    assert result.returncode == 0
    assert (
        'ok "Goblin ambush" — card-flip-rpg, 10x6 square board, 3 enemies, 2 players'
        in result.stdout
    )


def test_rulesets_lists_ai_types():
    data = json.loads(foebook("rulesets", "--json").stdout)
    by_id = {r["id"]: r for r in data}
    assert by_id["card-flip-rpg"]["ai_types"] == ["standard"]


def test_one_shot_commands_import_only_the_standard_library_and_foebook(tmp_path):
    # A one-shot command pays for every import: numpy and tcod alone took longer to load
    # (~0.35 s) than any decision takes, and Qt or SQLAlchemy are never needed here.
    from desktop.encounter_file import save_encounter
    from tests.benchmarks.scenarios import random_encounter

    large = tmp_path / "large.toml"
    save_encounter(random_encounter("card-flip-rpg", 64, 64, enemies=50, players=6), large)
    runs = [(large, "e0")] + [(p, load_encounter(p).enemies()[0].id) for p in SAMPLES]
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "from desktop.cli import main\n"
        f"for path, unit in {[(str(p), u) for p, u in runs]!r}:\n"
        "    main(['decide', path, '--unit', unit, '--json'])\n"
        "    main(['order', path])\n"
        "    main(['check', path])\n"
        "ours = ('desktop', 'resources')\n"
        "top = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print('FOREIGN', sorted(top - set(sys.stdlib_module_names) - set(ours)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert "FOREIGN []" in result.stdout, result.stdout[-2000:] + result.stderr


def test_state_turn_reaches_grimdark_player_turn_reactions(tmp_path):
    sample = sample_path("grimdark-solo-close-quarters.toml")
    text = re.sub(
        r'phase = "[a-z]+"', 'phase = "charge"\nturn = "player"', sample.read_text(), count=1
    )
    path = tmp_path / "player-turn.toml"
    path.write_text(text)
    data = json.loads(foebook("decide", str(path), "--unit", "captain", "--json").stdout)
    assert data["phase"] == "charge"
    assert data["trace"][0]["step"].startswith("Heroic intervention")


def test_a_subcommand_loads_no_other_subcommand():
    code = (
        "import sys; from desktop.cli import main; "
        f"main(['decide', {str(AMBUSH)!r}, '--unit', 'goblin', '--json']); "
        "print('LOADED', sorted(m for m in sys.modules if m.startswith('desktop.commands.')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    # packs_used: the rule packs every command knows (a helper, not a subcommand).
    loaded = "['desktop.commands.decide', 'desktop.commands.output', 'desktop.commands.packs_used']"
    assert f"LOADED {loaded}" in result.stdout, result.stdout + result.stderr


def test_a_monster_focus_decision_imports_only_what_deciding_needs():
    # `foebook decide` runs as a process per turn, and every module it imports is paid for
    # on every turn (issue 24): not the movement and sight searches of the board's range
    # overlays (engine.movement, engine.reach), the resource readers (importlib.resources,
    # zipfile, tempfile) for a ruleset's data file on disk, nor threading for the time limit.
    unused = [
        "desktop.engine.movement",
        "desktop.engine.grid_search",
        "desktop.engine.reach",
        "desktop.engine.visibility",
        "importlib.resources",
        "zipfile",
        "tempfile",
        "threading",
    ]
    volley = sample_path("monster-focus-archer-volley.toml")
    code = (
        "import sys; from desktop.cli import main; "
        f"main(['decide', {str(volley)!r}, '--unit', 'archer', '--json']); "
        f"print('UNUSED LOADED', [m for m in {unused!r} if m in sys.modules])"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert "UNUSED LOADED []" in result.stdout, result.stdout[-2000:] + result.stderr


def test_off_the_main_thread_a_decision_has_no_time_limit_and_still_runs():
    # Only the main thread can take the alarm signal: elsewhere the limit is left out.
    import threading

    from desktop.commands.decide import time_limit

    ran = []

    def decide() -> None:
        with time_limit(5.0):
            ran.append("decided")

    worker = threading.Thread(target=decide)
    worker.start()
    worker.join()
    assert ran == ["decided"]
