"""The pack words hex-quest is written in (move-engage, within:<stat>, turn abilities,
activation by a stat, a derived marker on either side): on a square pack of their own, in
the shipped hex-quest pack, and refused with line and field when written wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.cli import main
from desktop.pack_cases import run_cases
from desktop.pack_file import read_pack
from desktop.rulesets.packs.pack_format import PackError, parse_pack
from desktop.rulesets.packs.pack_ruleset import PackRuleset
from desktop.rulesets.registry import (
    PackEntry,
    add_pack,
    bundled_packs,
    get_ruleset,
    ruleset_ids,
)
from tests.desktop.rulesets.packs.test_vocabulary import hero
from tests.desktop.rulesets.scenario import decided, encounter

HEX_QUEST = Path(__file__).resolve().parents[4] / "desktop/rulesets/hex_quest/pack.toml"

# Orcs on squares (8-way): the hex-quest words are not hex-only.
ORCS = """
id = "orcs"
name = "Orcs"
description = "Orcs close in and cleave."
board_shape = "square"
moves = "8-way"
abilities = [
  { id = "howl", name = "Howl", timing = "start-of-turn", effect = "cheer", when_tag = ["chief"] },
]
activation = { by = "rank", highest_tag = "chief" }
derived = [{ status = "down", side = "any", hp_below = 1 }]

[stats.move]
default = 3
[stats.reach]
default = 1
[stats.cleave]
default = 2
[stats.rank]
default = 0

[statuses.down]
name = "Down"
reminder = "At 0 HP or less: takes no turn."
restricts = ["no-action"]
derived = true

[ai_types.brute]
name = "Brute"
summary = "Goes for the weakest it can get at, cleaving two."

[[ai_types.brute.rules]]
key = "cleave"
title = "Close in, then cleave the fewest HP first"
target = { filter = ["within:reach"], prefer = ["fewest-hp"] }
action = "move-engage"
says = "cleave"
squares = { stat = "move" }
engages = { stat = "cleave" }
dice = 2

[steps]
defeated = "0. Down"
start = "1. Start of turn"
move = "2. Close in"
targets = "3. Pick who it cleaves"
roll = "4. Roll"
end = "5. End of turn"

[defeated]
action = "hold"
summary = "Down: no turn"
detail = "{name} is down"

[actions]
cleave = "Cleaves one or more heroes"
move = "Closes in"
hold = "Waits"
"""


@pytest.fixture(autouse=True)
def orcs():
    assert add_pack(PackEntry("orcs", "orcs.toml", lambda: ORCS)) is None


def orc(id="o", at=(0, 0), hp=5, extra=""):
    return f'id = "{id}"\nside = "enemy"\nat = {list(at)}\nhp = {hp}\nmax_hp = 5\n{extra}'


def problems(text: str) -> list[tuple[int | None, str, str]]:
    with pytest.raises(PackError) as raised:
        parse_pack(text, "my.toml")
    return [(p.line, p.field, p.message) for p in raised.value.problems]


def line_of(text: str, fragment: str) -> int:
    return next(i + 1 for i, line in enumerate(text.split("\n")) if fragment in line)


def test_move_engage_on_squares_stops_where_it_can_engage_and_cleaves_with_one_roll():
    # 8-way, reach 1: the nearest squares from which someone is in reach are 3 steps away;
    # (3, 0), (3, 1) and (3, 2) all offer Ada (HP 2, the fewest): tied, each is a choice,
    # and each cleaves whoever it reaches from there, fewest HP first, up to 2.
    cells = "\n".join([". . . . . ."] * 4)
    d = decided(
        encounter("orcs", cells, [orc(), hero("ada", (4, 1), hp=2), hero("bo", (4, 2), hp=7)]),
        "o",
        [9],
    )
    options = {(o.action, o.destination, o.targets, len(o.path)) for o in d.options}
    assert options == {
        ("cleave", (3, 0), ("ada",), 3),
        ("cleave", (3, 1), ("ada", "bo"), 3),
        ("cleave", (3, 2), ("ada", "bo"), 3),
    }
    assert [r.die for r in d.rolls] == ["2d6"] and d.rolls[0].value == 9
    assert d.summary == "Move 3 squares, then engage Ada"
    steps = [t.step for t in d.trace]
    assert steps[:3] == ["1. Start of turn", "2. Close in", "3. Pick who it cleaves"]
    assert steps[3:] == ["4. Roll", "5. End of turn"]
    assert d.trace[-1].outcome == "skipped"  # no end-of-turn ability in the pack
    assert d.trace[0].detail == "1 of this ruleset's abilities trigger now; none applies to o"
    assert "still tied: the party picks" in d.trace[1].detail


def test_within_a_stat_reads_the_unit_s_stat_for_targets_and_the_attack_overlay():
    cells = "\n".join([". . . . . ."] * 3)
    enc = encounter(
        "orcs", cells, [orc(at=(0, 1), extra="stats = { reach = 3 }"), hero("ada", (3, 1))]
    )
    d = decided(enc, "o", [2])
    assert (d.action, d.targets, d.path) == ("cleave", ("ada",), ())  # 3 away: in reach
    assert (3, 1) in get_ruleset("orcs").attack_range(enc, "o")
    assert (4, 1) not in get_ruleset("orcs").attack_range(enc, "o")


def test_abilities_activation_and_the_defeated_marker():
    cells = ". . . . . ."
    enc = encounter(
        "orcs",
        cells,
        [
            orc("a", (0, 0), extra="stats = { rank = 1 }"),
            orc("b", (1, 0), extra="stats = { rank = 3 }"),
            orc("c", (2, 0), extra='tags = ["chief"]'),
            orc("d", (3, 0), extra="stats = { rank = 1 }"),
            orc("x", (4, 0), hp=0, extra="stats = { rank = 9 }"),
            hero("ada", (5, 0)),
        ],
    )
    rules = get_ruleset("orcs")
    order = rules.order(enc)
    assert (order.order, order.ties) == (("c", "b", "a", "d"), (("a", "d"),))
    assert order.explanation[0] == "chief unit (highest): c"
    assert "rank 1: a, d (the party picks their order)" in order.explanation
    chief = decided(enc, "c", [2])
    assert ("1. Start of turn: Howl", "triggered") in [(t.step, t.outcome) for t in chief.trace]
    assert chief.notes == ("Triggered: Howl (start-of-turn)",)
    assert rules.derived_statuses(enc.unit("x")) == {"down"}
    assert rules.derived_statuses(enc.unit("a")) == set()
    # The marker follows the HP: written on an orc with HP left it stops nothing.
    marked = encounter("orcs", ". .", [orc(extra='statuses = ["down"]'), hero("ada", (1, 0))])
    assert decided(marked, "o", [2]).action == "cleave"


def test_hex_quest_is_the_built_in_from_its_pack_listed_once_and_its_cases_pass():
    assert isinstance(get_ruleset("hex-quest"), PackRuleset)
    assert "hex-quest" not in bundled_packs()
    assert ruleset_ids().count("hex-quest") == 1
    results = run_cases(read_pack(HEX_QUEST))
    assert len(results) >= 7 and [r.problems for r in results if not r.passed] == []


def test_pack_test_runs_the_shipped_hex_quest_pack(capsys):
    assert main(["pack", "test", str(HEX_QUEST)]) == 0
    assert "7 of 7 test cases passed" in capsys.readouterr().out


def test_move_engage_words_written_wrong_are_refused_with_line_and_field():
    text = ORCS.replace('filter = ["within:reach"]', 'filter = ["beside"]').replace(
        'engages = { stat = "cleave" }', 'engages = { stat = "fury" }'
    )
    found = problems(text)
    fields = {(line, field) for line, field, _ in found}
    assert (line_of(text, "target ="), "ai_types.brute.rules[1].target") in fields
    assert (line_of(text, "engages ="), "ai_types.brute.rules[1].engages") in fields
    messages = " | ".join(m for _, _, m in found)
    assert "'move-engage' needs filter = [\"within:<N or stat>\"]" in messages
    assert "'fury' is not one of its [stats]" in messages


def test_within_an_unknown_stat_and_a_second_preference_are_refused():
    text = ORCS.replace(
        '["within:reach"], prefer = ["fewest-hp"]',
        '["within:rage"], prefer = ["fewest-hp", "nearest"]',
    )
    found = problems(text)
    line = line_of(text, "target =")
    assert (
        line,
        "ai_types.brute.rules[1].target.filter",
        "'rage' is not one of its [stats]",
    ) in found
    assert any(
        f == "ai_types.brute.rules[1].target" and "prefer = one of" in m for _, f, m in found
    )


def test_move_engage_needs_its_steps_and_actions():
    text = ORCS.replace('targets = "3. Pick who it cleaves"\n', "").replace(
        'move = "Closes in"\n', ""
    )
    found = problems(text)
    assert (line_of(text, "[steps]"), "steps") in {(line, f) for line, f, _ in found}
    assert (line_of(text, "[actions]"), "actions") in {(line, f) for line, f, _ in found}
    messages = " | ".join(m for _, _, m in found)
    assert "missing: targets" in messages and "says 'move': add it to [actions]" in messages


@pytest.mark.parametrize(
    "old,new,key,message",
    [
        ('timing = "start-of-turn"', 'timing = "noon"', "abilities", "timing 'noon' is not one of"),
        ('by = "rank"', 'by = "age"', "activation", "'age' is not one of its [stats]"),
        ('status = "down", side', 'status = "gone", side', "derived[1].status", "'gone'"),
        ("derived = true", "derived = false", "derived[1].status", "needs derived = true"),
        ('start = "1. Start of turn"\n', "", "steps", "missing: start"),
    ],
)
def test_turn_words_written_wrong_are_refused_with_their_line(old, new, key, message):
    text = ORCS.replace(old, new)
    [(line, field, said)] = problems(text)
    assert field == key and message in said
    top = key.partition("[")[0]  # derived[1].status: said on the derived line
    assert line == line_of(text, "[steps]" if key == "steps" else f"{top} =")
