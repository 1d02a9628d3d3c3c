"""skirmish-ai scenarios: rampaging, beast, guardian, groups, markers, overwatch, movement."""

from __future__ import annotations

import pytest

from desktop.engine.dice import Dice
from desktop.engine.square_geometry import chebyshev, inches
from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.scenario import decided, encounter
from tests.desktop.rulesets.skirmish_ai.test_tables import FIELD, enemy, player

CLAWS = 'weapons = [ { name = "Claws", kind = "melee", range = 1 } ]'
OPEN = "\n".join(["." * 30] * 8)


def step(d, prefix):
    return next(t for t in d.trace if t.step.startswith(prefix))


# -- rampaging -------------------------------------------------------------------------------------


def test_rampaging_brawls_the_closest_opponent_within_its_move():
    enc = encounter(
        "skirmish-ai",
        OPEN,
        [enemy("r", (2, 2), "rampaging", CLAWS), player("near", (7, 2)), player("far", (2, 7))],
    )
    d = decided(enc, "r")
    assert d.action == "brawl" and d.targets == ("near",)
    assert d.destination == (6, 2) and d.rolls == ()


def test_rampaging_dashes_when_the_brawl_is_out_of_reach():
    enc = encounter(
        "skirmish-ai", OPEN, [enemy("r", (0, 2), "rampaging", CLAWS), player("p", (20, 2))]
    )
    d = decided(enc, "r")
    assert d.action == "dash" and d.destination == (8, 2)  # 6" + 2" dash, straight at it


def test_rampaging_heavy_weapon_stands_and_fires():
    heavy = 'weapons = [ { name = "Cannon", kind = "heavy", range = 30 } ]'
    enc = encounter(
        "skirmish-ai", OPEN, [enemy("r", (0, 2), "rampaging", heavy), player("p", (20, 2))]
    )
    d = decided(enc, "r")
    assert d.action == "fire" and d.destination is None and d.targets == ("p",)


# -- beast ---------------------------------------------------------------------------------------

BEAST_FIELD = """
..............................
..cc......cc..................
..cc......cc..................
..............................
..............................
"""


def test_beast_pounces_when_a_brawl_is_within_this_move():
    enc = encounter(
        "skirmish-ai", BEAST_FIELD, [enemy("b", (3, 1), "beast", CLAWS), player("p", (8, 3))]
    )
    d = decided(enc, "b", [1])
    assert d.action == "brawl" and chebyshev(d.destination, (8, 3)) == 1


def test_beast_breaks_cover_for_a_brawl_within_two_moves():
    enc = encounter(
        "skirmish-ai", BEAST_FIELD, [enemy("b", (3, 1), "beast", CLAWS), player("p", (14, 1))]
    )
    d = decided(enc, "b", [1])
    assert d.action == "dash"
    assert "within two moves" in step(d, "Beast").detail


def test_beast_stalks_cover_to_cover_when_the_brawl_is_far():
    enc = encounter(
        "skirmish-ai", BEAST_FIELD, [enemy("b", (2, 1), "beast", CLAWS), player("p", (29, 4))]
    )
    d = decided(enc, "b", [1])
    assert d.destination in {
        (9, 1),
        (9, 2),
        (10, 1),
        (10, 2),
        (11, 1),
        (11, 2),
        (9, 0),
        (9, 3),
        (10, 3),
        (11, 3),
        (12, 3),
        (12, 1),
        (12, 2),
        (10, 0),
        (11, 0),
        (12, 0),
    }
    assert "creeps" in step(d, "Beast").detail


def test_beast_skulks_to_the_next_feature_on_five_or_six():
    board = """
..........#...........
..cc......#.....cc....
..cc......#.....cc....
..........#...........
"""
    enc = encounter(
        "skirmish-ai", board, [enemy("b", (2, 1), "beast", CLAWS), player("p", (21, 1))]
    )
    # Far away (19"), the wall hides the player: it creeps, then the skulking roll of 6.
    d = decided(enc, "b", [6])
    skulk = step(d, "End of activation: skulking")
    assert skulk.outcome == "moved"
    assert d.destination in {(16, 1), (16, 2), (17, 1), (17, 2)}
    stay = decided(enc, "b", [4])
    assert step(stay, "End of activation: skulking").outcome == "stays"


def test_beast_stays_within_two_inches_of_a_packmate_when_it_can():
    enc = encounter(
        "skirmish-ai",
        BEAST_FIELD,
        [
            enemy("b", (2, 1), "beast", CLAWS),
            enemy("pack", (9, 1), "rampaging", CLAWS),
            player("p", (29, 4)),
        ],
    )
    d = decided(enc, "b", [1])
    assert inches(d.destination, (9, 1)) <= 2


# -- guardian --------------------------------------------------------------------------------------


def test_guardian_follows_its_ward_and_fires_at_the_same_target():
    ward = enemy("boss", (7, 2), "aggressive")
    guard = enemy("g", (5, 2), "guardian") + '\nguards = "boss"'
    enc = encounter("skirmish-ai", FIELD, [ward, guard, player("p", (20, 5))])
    d = decided(enc, "g", [5])  # the ward's table roll: fastest route, ends at [13, 2]
    assert inches(d.destination, (13, 2)) <= 3
    assert d.action == "fire" and d.targets == ("p",)
    assert d.rolls[0].value == 5 and "Aggressive" in d.rolls[0].purpose
    assert any("activate boss next" in n for n in d.notes)


def test_guardian_without_a_ward_alive_falls_back():
    ward = enemy("boss", (7, 2), "aggressive").replace("hp = 5\nmax_hp", "hp = 0\nmax_hp")
    guard = enemy("g", (5, 2), "guardian") + '\nguards = "boss"'
    enc = encounter("skirmish-ai", FIELD, [ward, guard, player("p", (20, 5))])
    d = decided(enc, "g", [5])
    assert step(d, "Guardian").outcome == "impossible"
    assert step(d, "Fallback").outcome == "applied"


def test_guardian_is_ordered_just_before_its_ward():
    ward = enemy("boss", (7, 2), "aggressive")
    guard = enemy("g", (5, 6), "guardian") + '\nguards = "boss"'
    enc = encounter("skirmish-ai", FIELD, [ward, guard, player("p", (20, 5))])
    assert get_ruleset("skirmish-ai").order(enc).order == ("g", "boss")


# -- groups ---------------------------------------------------------------------------------------


def line_of(ai, cells):
    return [enemy(f"e{i}", c, ai) for i, c in enumerate(cells)]


def test_enemies_within_two_inches_share_one_roll_named_in_the_notes():
    units = [
        *line_of("aggressive", [(6, 1), (7, 2), (8, 1)]),
        enemy("lone", (2, 6), "aggressive"),
        player("p", (20, 5)),
    ]
    enc = encounter("skirmish-ai", FIELD, units)
    d = decided(enc, "e1", [3])
    assert step(d, "Group").outcome == "group"
    assert any("e0, e1, e2" in n for n in d.notes)
    assert "group of" in d.rolls[0].purpose
    together = get_ruleset("skirmish-ai").decide_group(enc, "e0", Dice([3]))
    assert [x.unit for x in together] == ["e0", "e1", "e2"]
    assert [x.rolls[0].value for x in together] == [3, 3, 3]
    assert len(Dice([3]).rolls) == 0  # one value typed, reused by all three
    alone = decided(enc, "lone", [3])
    assert step(alone, "Group").outcome == "alone"


def test_the_member_that_rolls_names_the_others_and_a_later_member_reuses_that_roll():
    units = [
        *line_of("aggressive", [(6, 1), (7, 2), (8, 1)]),
        enemy("lone", (2, 6), "aggressive"),
        player("p", (20, 5)),
    ]
    enc = encounter("skirmish-ai", FIELD, units)
    ruleset = get_ruleset("skirmish-ai")
    roller = decided(enc, "e1", [3])
    assert roller.shares_roll_with == ("e0", "e2")
    assert roller.to_dict()["shares_roll_with"] == ["e0", "e2"]
    assert decided(enc, "lone", [3]).shares_roll_with == ()
    assert "shares_roll_with" not in decided(enc, "lone", [3]).to_dict()
    dice = Dice([5], group_roll=3)  # e2 activates later: the group's 3 is already rolled
    member = ruleset.decide(enc, "e2", dice)
    assert member.rolls[0].value == 3 and member.rolls[0].shared
    assert member.shares_roll_with == ()  # not rolled here, so not shared again
    assert step(member, "Group's roll").outcome == "shared"
    assert step(member, "D6 table").step.startswith("D6 table: rolled 3")
    assert dice.scripted_left == 1  # the typed 5 was not spent on the table roll
    together = ruleset.decide_group(enc, "e0", Dice([3]))
    assert [x.shares_roll_with for x in together] == [("e1", "e2"), (), ()]


def test_one_member_meeting_the_base_condition_carries_the_whole_group():
    units = [
        enemy("a", (10, 1), "aggressive", CLAWS),
        enemy("b", (8, 1), "aggressive", CLAWS),
        player("p", (16, 1)),
    ]
    enc = encounter("skirmish-ai", FIELD, units)
    d = decided(enc, "b", [6])
    assert d.rolls == ()  # no roll: the group follows the base condition
    base = step(d, "Base condition")
    assert base.outcome == "applied" and "a can reach p" in base.detail
    # Had the group rolled before a came within reach, b would follow that roll: the group
    # checked its base conditions when it rolled.
    later = get_ruleset("skirmish-ai").decide(enc, "b", Dice(group_roll=2))
    assert [r.value for r in later.rolls] == [2]
    assert not any(t.step.startswith("Base condition") for t in later.trace)


# -- markers --------------------------------------------------------------------------------------


def test_stunned_attacks_in_place_instead_of_moving_and_firing():
    enc = encounter(
        "skirmish-ai",
        FIELD,
        [enemy("e", (7, 2), "aggressive", statuses='"stunned"'), player("p", (20, 2))],
    )
    d = decided(enc, "e", [5])
    assert d.action == "fire" and d.destination is None
    assert d.alternatives[-1].action == "move" and d.alternatives[-1].targets == ()
    assert step(d, "Stunned:").outcome == "applied"


def test_stunned_dash_is_cut_to_a_normal_move():
    enc = encounter(
        "skirmish-ai",
        OPEN,
        [enemy("r", (0, 2), "rampaging", CLAWS, '"stunned"'), player("p", (20, 2))],
    )
    d = decided(enc, "r")
    assert d.action == "move" and d.destination == (6, 2)


def test_shocked_in_the_open_heads_for_cover_without_attacking():
    enc = encounter(
        "skirmish-ai",
        FIELD,
        [enemy("e", (7, 4), "aggressive", statuses='"shocked", "stunned"'), player("p", (7, 7))],
    )
    d = decided(enc, "e", [6])
    assert d.action == "move" and d.targets == ()
    assert d.destination in {(6, 2), (7, 2), (8, 2), (5, 2), (9, 2)}
    assert "stun marker is ignored" in step(d, "Shocked").detail


def test_shocked_in_cover_breaks_sight_of_an_opponent():
    enc = encounter(
        "skirmish-ai",
        FIELD,
        [enemy("e", (10, 4), "tactical", statuses='"shocked"'), player("p", (10, 7))],
    )
    d = decided(enc, "e", [6])
    assert d.targets == ()
    from desktop.engine.sight import has_line_of_sight

    assert not has_line_of_sight(enc.board, d.destination, (10, 7))


def test_shocked_unseen_stays_put():
    enc = encounter(
        "skirmish-ai",
        FIELD,
        [enemy("e", (10, 4), "tactical", statuses='"shocked"'), player("p", (14, 4))],
    )
    d = decided(enc, "e", [6])
    assert d.action == "hold" and d.destination is None


def test_overwatch_marker_ends_when_it_activates():
    enc = encounter(
        "skirmish-ai",
        FIELD,
        [enemy("e", (7, 2), "tactical", statuses='"overwatch"'), player("p", (20, 2))],
    )
    d = decided(enc, "e", [1])
    assert d.trace[0].step == "Overwatch" and d.trace[0].outcome == "removed"


# -- overwatch thresholds --------------------------------------------------------------------

HIDDEN = """
............#.......
............#.......
............#.......
"""


@pytest.mark.parametrize(
    ("ai", "roll", "gained"),
    [
        ("aggressive", 4, False),
        ("aggressive", 5, True),
        ("tactical", 4, False),
        ("tactical", 6, True),
        ("cautious", 3, False),
        ("cautious", 4, True),
        ("defensive", 3, False),
        ("defensive", 4, True),
    ],
)
def test_overwatch_threshold_per_type(ai, roll, gained):
    enc = encounter("skirmish-ai", HIDDEN, [enemy("e", (2, 1), ai), player("p", (18, 1))])
    d = decided(enc, "e", [1, roll])  # row 1 keeps it out of sight; then the overwatch roll
    ow = step(d, "End of activation: overwatch")
    assert ow.outcome == ("gained" if gained else "not gained")
    assert ("overwatch" in d.statuses_gained) is gained
    assert d.rolls[-1].purpose == "overwatch"


def test_no_overwatch_roll_when_a_target_is_in_sight_or_without_a_gun():
    seen = decided(
        encounter("skirmish-ai", HIDDEN, [enemy("e", (2, 1), "tactical"), player("p", (8, 1))]),
        "e",
        [1],
    )
    assert step(seen, "End of activation: overwatch").outcome == "not rolled"
    claws = decided(
        encounter(
            "skirmish-ai", HIDDEN, [enemy("e", (2, 1), "tactical", CLAWS), player("p", (18, 1))]
        ),
        "e",
        [1],
    )
    assert step(claws, "End of activation: overwatch").detail == "no ranged weapon"


# -- movement costs ------------------------------------------------------------------------------


def test_difficult_ground_and_doors_cost_extra():
    board = "," * 10 + "\n" + "." * 10
    enc = encounter(
        "skirmish-ai",
        board,
        [
            enemy("r", (0, 0), "rampaging", CLAWS).replace("move = 6", "move = 3"),
            player("p", (9, 0)),
        ],
    )
    d = decided(enc, "r")
    # 3" + 2" dash = 5": through difficult ground each step costs 1.5"; the open row is cheaper.
    assert d.action == "dash" and d.destination[1] == 1


def test_heights_are_climbed_at_their_cost():
    text = f'''format = 1
ruleset = "skirmish-ai"
[board]
shape = "square"
cells = """
{"." * 12}
"""
heights = """
000300000000
"""
[[units]]
{enemy("r", (0, 0), "rampaging", CLAWS)}
[[units]]
{player("p", (11, 0))}
'''
    from desktop.encounter_file import parse_encounter

    enc = parse_encounter(text)
    d = decided(enc, "r")
    # Dash 8": 2" to the foot, 1" + 3" climbing onto the block (6"); the 3" climb down
    # would need 1" + 3" more, so it ends on top of the block.
    assert d.destination == (3, 0)


def test_gaps_are_leapt_up_to_two_inches():
    board = "..~~.....\n..~~~....\n"
    enc = encounter(
        "skirmish-ai", board, [enemy("r", (1, 0), "rampaging", CLAWS), player("p", (8, 0))]
    )
    d = decided(enc, "r")
    assert d.destination == (7, 0) and d.action == "brawl"
    assert (2, 0) not in d.path and (4, 0) in d.path


def test_rampaging_heavy_weapon_picks_its_target_within_the_heavy_weapons_range():
    # The rifle reaches the player in the open, 20" away; the cannon only reaches the one in
    # cover, 10" away. It stands to fire the cannon, so the cannon's range picks the target.
    arms = (
        'weapons = [ { name = "Cannon", kind = "heavy", range = 12 }, '
        '{ name = "Rifle", kind = "ranged", range = 30 } ]'
    )
    board = "\n".join(["." * 30] * 3 + ["..........c" + "." * 19] + ["." * 30] * 4)
    enc = encounter(
        "skirmish-ai",
        board,
        [enemy("r", (0, 2), "rampaging", arms), player("open", (20, 2)), player("hid", (10, 2))],
    )
    d = decided(enc, "r")
    assert d.action == "fire" and d.destination is None and d.targets == ("hid",)
    assert step(d, "Rampaging with a heavy weapon").detail.endswith(
        "within its heavy weapon's 12\"; fires at hid"
    )
