"""What a roll meant, where the rules turn it into an outcome: hex-quest combat dice,
grimdark-solo charges, skirmish-ai D6 tables."""

from __future__ import annotations

from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.grimdark_solo.units import (
    blade,
    board,
    decide_for,
    enemy,
    player,
    scene,
)
from tests.desktop.rulesets.hex_quest.test_scenarios import RULES, OPEN_5x7, encounter, unit


def test_hex_quest_combat_dice_are_the_damage_dealt_to_each_target():
    enc = encounter(
        OPEN_5x7,
        unit("ogre", "enemy", (3, 2), ai="strongest", stats="range = 2, targets = 2, combat = 3")
        + unit("ann", "player", (2, 2), hp=4)
        + unit("bea", "player", (4, 2), hp=8)
        + unit("cy", "player", (3, 1), hp=6),
    )
    d = decide(enc, "ogre", RULES, Dice([11]))
    assert d.rolls[0].meaning == "11 damage to each target: bea, then cy"  # names = ids here
    assert d.to_dict()["rolls"][0]["meaning"] == d.rolls[0].meaning


def test_a_grimdark_charge_roll_says_where_it_ends_or_that_it_fails():
    enc = scene(
        board(12, 5), [enemy(at=(0, 2), weapons=blade(4)), player("aria", (8, 2))], phase="charge"
    )
    made = decide_for(enc, "orc", [7]).rolls[0]
    assert made.meaning == 'charges 7" to [7, 2], beside Aria'
    short = decide_for(enc, "orc", [6]).rolls[0]
    assert short.meaning.startswith('6" is not enough: the charge fails (Aria needs ')


def test_a_skirmish_table_roll_names_its_row():
    from desktop.encounter_file import load_encounter
    from desktop.samples import sample_path

    enc = load_encounter(sample_path("skirmish-ai-outpost-raid.toml"))
    for value in range(1, 7):
        roll = decide(enc, "sniper", get_ruleset(enc.ruleset), Dice([value])).rolls[0]
        assert roll.meaning.startswith(f"Cautious table, row {value}: ")
    rows = {
        decide(enc, "sniper", get_ruleset(enc.ruleset), Dice([v]))
        .rolls[0]
        .meaning.partition(": ")[2]
        for v in range(1, 7)
    }
    assert len(rows) == 4  # the table's rows are 1, 2-3, 4-5 and 6
