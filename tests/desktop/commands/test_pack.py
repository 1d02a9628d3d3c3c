"""`foebook pack check|test|install`, and rule packs known to every command: installed in
the data folder, or given with --pack."""

from __future__ import annotations

import json
from pathlib import Path

from desktop.cli import main

ROOT = Path(__file__).resolve().parents[3]
ZOMBIES = ROOT / "desktop/rulesets/zombie_horde/pack.toml"
FARMHOUSE = ROOT / "desktop/rulesets/zombie_horde/encounters/zombie-horde-farmhouse.toml"


def a_pack(tmp_path: Path, pack_id: str = "ghouls", **changes: str) -> Path:
    """The zombie pack under another id (a user's own pack), with text `changes`."""
    text = ZOMBIES.read_text().replace('id = "zombie-horde"', f'id = "{pack_id}"')
    for old, new in changes.items():
        text = text.replace(old, new)
    path = tmp_path / f"{pack_id}.toml"
    path.write_text(text)
    return path


def an_encounter(tmp_path: Path, pack_id: str = "ghouls") -> Path:
    path = tmp_path / "night.toml"
    path.write_text(FARMHOUSE.read_text().replace('"zombie-horde"', f'"{pack_id}"'))
    return path


def test_pack_check_says_ok_with_what_it_holds(capsys):
    assert main(["pack", "check", str(ZOMBIES)]) == 0
    out = capsys.readouterr().out
    assert "ok — zombie-horde (Zombie horde), square board, 1 AI type, 3 rules" in out


def test_pack_check_lists_every_problem_with_file_line_and_field(tmp_path, capsys):
    path = a_pack(tmp_path, **{'"fewest-hp"] }\naction = "attack"': '"weakest"] }\naction = "x"'})
    assert main(["pack", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip().split("\n")
    lines = path.read_text().split("\n")
    prefer = next(i + 1 for i, line in enumerate(lines) if '"weakest"' in line)
    assert err == [
        f"foebook: error: {path}:{prefer}: ai_types.zombie.rules[1].target.prefer: unknown "
        "word 'weakest' (known: fewest-hp, most-hp, seen, nearest, nearest-route, "
        "attacked-last, most:<stat>, fewest:<stat>)",
        f"foebook: error: {path}:{prefer + 1}: ai_types.zombie.rules[1].action: is 'x'; "
        "expected one of attack, move-toward, move-away, flee, heal, roll, hold, move-engage",
    ]


def test_pack_test_runs_its_cases_and_fails_when_one_does(tmp_path, capsys):
    assert main(["pack", "test", str(ZOMBIES)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nok   ") + out.startswith("ok   ") == 7 and "7 of 7 test cases passed" in out
    # A runner made a walker: the runner cases fail, each saying what it decided.
    broken = a_pack(tmp_path, **{"runner = 2": "runner = 1"})
    assert main(["pack", "test", str(broken)]) == 1
    out = capsys.readouterr().out
    assert (
        "FAIL" in out
        and "decided move toward ada to [1, 0] via [1, 0]; expected move-attack → bo to [1, 0]"
        in out
    )


def test_a_pack_given_with_dash_dash_pack_decides_checks_and_orders(tmp_path, capsys):
    pack, night = a_pack(tmp_path), an_encounter(tmp_path)
    assert main(["decide", str(night), "--unit", "runner", "--json", "--pack", str(pack)]) == 0
    decision = json.loads(capsys.readouterr().out)
    assert (decision["ruleset"], decision["action"], decision["goal"]) == ("ghouls", "move", "ada")
    assert main(["check", str(night), "--pack", str(pack)]) == 0
    assert main(["order", str(night), "--pack", str(pack)]) == 0


def test_an_installed_pack_is_known_to_every_command(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FOEBOOK_DATA_DIR", str(tmp_path / "data"))
    night = an_encounter(tmp_path)
    assert main(["check", str(night)]) == 2
    assert "unknown ruleset 'ghouls'" in capsys.readouterr().err
    assert main(["pack", "install", str(a_pack(tmp_path / "..", "ghouls"))]) == 0
    assert "installed as rule system 'ghouls'" in capsys.readouterr().out
    assert (tmp_path / "data" / "packs" / "ghouls.toml").is_file()
    from desktop.rulesets import registry

    registry.forget_packs()  # as a new command would start
    assert main(["check", str(night)]) == 0
    assert main(["rulesets"]) == 0
    assert "ghouls — Zombie horde (square board)" in capsys.readouterr().out


def test_a_pack_cannot_take_a_built_in_id(tmp_path, capsys):
    pack = a_pack(tmp_path, "hex-quest")
    assert (
        main(
            ["decide", str(an_encounter(tmp_path, "hex-quest")), "--unit", "z", "--pack", str(pack)]
        )
        == 2
    )
    assert "'hex-quest' is the id of another rule system" in capsys.readouterr().err
