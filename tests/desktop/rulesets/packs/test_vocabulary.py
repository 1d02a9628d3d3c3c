"""The rule pack vocabulary beyond what zombie-horde uses, one word per test, through a
small pack of goblins decided with `decide` as every game is."""

from __future__ import annotations

import pytest

from desktop.rulesets.packs.pack_format import PackError, parse_pack
from desktop.rulesets.registry import PackEntry, add_pack
from tests.desktop.rulesets.scenario import decided, encounter

GOBLINS = """
id = "goblins"
name = "Goblins"
description = "Small, cowardly, unpredictable."
board_shape = "square"
moves = "orthogonal"

[stats.move]
description = "Squares it moves"
default = 2

[statuses.scared]
name = "Scared"
reminder = "Cannot move"
restricts = ["no-move"]

[actions]
attack = "Stabs"
move = "Moves"
flee = "Runs off"
heal = "Drinks a potion"
roll = "Rolls for its mood"
hold = "Waits"

[ai_types.goblin]
name = "Goblin"
summary = "Runs when hurt, else rolls for its mood."

[[ai_types.goblin.rules]]
key = "run"
title = "1. Below half HP: flee"
when = { hp_below = 0.5 }
action = "flee"
squares = { stat = "move" }

[[ai_types.goblin.rules]]
key = "mood"
title = "2. Roll for its mood"
action = "roll"
table = [
  { roll = "1-2", rule = "sip" },
  { roll = "3-4", rule = "stab" },
  { roll = "5-6", rule = "back" },
]

[[ai_types.goblin.rules]]
key = "sip"
title = "Sip a potion when wounded"
table_only = true
when = { wounded = true }
action = "heal"
amount = 2

[[ai_types.goblin.rules]]
key = "stab"
title = "Stab the nearest within 1"
table_only = true
target = { filter = ["within:1"], prefer = ["nearest", "fewest-hp"] }
action = "attack"

[[ai_types.goblin.rules]]
key = "back"
title = "Step away from the strongest"
table_only = true
target = { prefer = ["most-hp"] }
action = "move-away"
squares = { stat = "move" }

[[ai_types.goblin.rules]]
key = "wait"
title = "3. Else: wait"
action = "hold"
"""


@pytest.fixture(autouse=True)
def goblins():
    problem = add_pack(PackEntry("goblins", "goblins.toml", lambda: GOBLINS))
    assert problem is None


def goblin(at=(2, 2), hp=6, extra=""):
    return f'id = "g"\nside = "enemy"\nat = {list(at)}\nhp = {hp}\nmax_hp = 6\n{extra}'


def hero(id, at, hp=5):
    return (
        f'id = "{id}"\nname = "{id.capitalize()}"\nside = "player"\nat = {list(at)}\n'
        f"hp = {hp}\nmax_hp = 9\n"
    )


OPEN = "\n".join([". . . . . ."] * 5)


def test_flee_backs_off_from_the_nearest_without_nearing_another():
    # hp_below: 2 of 6 is below half. Ada is nearest (1 square); Bo is 3 away.
    decision = decided(
        encounter("goblins", OPEN, [goblin(hp=2), hero("ada", (2, 1)), hero("bo", (5, 2))]), "g"
    )
    ends = {o.destination for o in (decision.outcome, *decision.alternatives)}
    assert decision.action == "flee"
    # 3 squares from Ada (the most 2 squares of move give), none nearer Bo than before.
    assert ends == {(0, 2), (1, 3), (2, 4), (3, 3)}


def test_a_marker_that_stops_moving_skips_flee_and_the_roll_decides():
    units = [goblin(hp=2, extra='statuses = ["scared"]'), hero("ada", (2, 1))]
    decision = decided(encounter("goblins", OPEN, units), "g", [1])
    assert decision.trace[0].outcome == "skipped" and "scared" in decision.trace[0].detail.lower()
    # Rolled 1: sip a potion (it is wounded), 2 HP.
    assert (decision.action, decision.summary) == ("heal", "Heal 2 HP")
    assert decision.rolls[0].meaning == "Sip a potion when wounded"


def test_a_roll_row_that_does_not_apply_goes_on_after_the_roll():
    # Rolled 2: sip a potion, but it is not wounded: the walk goes on to "wait".
    decision = decided(encounter("goblins", OPEN, [goblin(), hero("ada", (0, 0))]), "g", [2])
    assert decision.action == "hold"
    assert [t.outcome for t in decision.trace] == ["skipped", "applied", "skipped", "applied"]


def test_roll_rows_attack_with_tie_breakers_left_to_the_players():
    units = [goblin(), hero("ada", (2, 1), hp=3), hero("bo", (3, 2), hp=3)]
    decision = decided(encounter("goblins", OPEN, units), "g", [4])
    assert [o.targets for o in (decision.outcome, *decision.alternatives)] == [("ada",), ("bo",)]


def test_move_away_goes_to_the_farthest_cells_from_the_target():
    units = [goblin(), hero("ada", (0, 2), hp=9), hero("bo", (5, 0), hp=1)]
    decision = decided(encounter("goblins", OPEN, units), "g", [6])
    assert decision.action == "move" and decision.targets == ("ada",)
    # 4 squares from Ada, the most 2 squares of move give.
    assert {o.destination for o in (decision.outcome, *decision.alternatives)} == {
        (4, 2),
        (3, 1),
        (3, 3),
        (2, 0),
        (2, 4),
    }


def test_a_roll_table_must_cover_one_to_six_and_name_rules():
    text = GOBLINS.replace('{ roll = "5-6", rule = "back" }', '{ roll = "5", rule = "nap" }')
    with pytest.raises(PackError) as raised:
        parse_pack(text, "goblins.toml")
    messages = [p.message for p in raised.value.problems]
    assert any("cover 1 to 6 once each" in m for m in messages)
    assert any("'nap' is not the key of another rule of goblin" in m for m in messages)
