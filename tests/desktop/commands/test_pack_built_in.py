"""A built-in rule system that is a rule pack (card-flip-rpg): `foebook pack test` runs the
file it is given, and no other pack may take its id."""

from __future__ import annotations

from pathlib import Path

from desktop.cli import main

ROOT = Path(__file__).resolve().parents[3]
CARD_FLIP = ROOT / "desktop/rulesets/card_flip_rpg/pack.toml"
AMBUSH = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"


def test_the_built_in_pack_passes_its_own_cases(capsys):
    assert main(["pack", "test", str(CARD_FLIP)]) == 0
    assert "6 of 6 test cases passed" in capsys.readouterr().out


def test_pack_test_runs_an_edited_copy_of_the_built_in_not_the_built_in(tmp_path, capsys):
    # Badly hurt from half its HP: 5 of 20 now heals instead of attacking.
    edited = tmp_path / "card-flip-rpg.toml"
    edited.write_text(CARD_FLIP.read_text().replace('hp_below = "1/4"', 'hp_below = "1/2"'))
    assert main(["pack", "test", str(edited)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "Exactly a quarter of its HP is not badly hurt" in out


def test_no_other_pack_takes_the_built_in_id(tmp_path, capsys):
    copy = tmp_path / "mine.toml"
    copy.write_text(CARD_FLIP.read_text())
    assert main(["decide", str(AMBUSH), "--unit", "brute", "--pack", str(copy)]) == 2
    assert "'card-flip-rpg' is the id of another rule system" in capsys.readouterr().err
