"""The rule pack words card-flip-rpg brought (passes, in_play_hp, can_move, hp_below as a
fraction, in-reach, attacked-last, farthest-along, full_says, order, derived, card flips,
helpers, explain), each through a small pack of rats decided as every game is."""

from __future__ import annotations

import pytest

from desktop.engine.board import Board
from desktop.engine.encounter import Encounter
from desktop.engine.units import make_unit
from desktop.rulesets.packs.pack_format import PackError, parse_pack
from desktop.rulesets.registry import PackEntry, add_pack, get_ruleset
from tests.desktop.rulesets.scenario import decided, encounter, outcomes

# The bite's reasoning: who is in reach, who hit it last, the tie-breakers, whom it bites.
BITE = (
    "{kept}{last_out?; {last_out} hit it last but is out of reach}{reasons?; {reasons}}"
    "{single? → {chosen}}{tied?; the players choose between {chosen}}"
)
RATS = """
id = "rats"
name = "Rats"
description = "A swarm that bites whoever hit it last."
board_shape = "square"
moves = "orthogonal"
passes = "allies"
in_play_hp = 0
order = "players-choose"
derived = [{ status = "down", side = "player", hp_below = 0 }]

[stats.move]
description = "Squares it moves"
default = 2
[stats.reach]
description = "How far it spits"
default = 1
[stats.grit]
description = "How tough a hero is"
default = 0

[statuses.down]
name = "Down"
reminder = "Out of the fight"
derived = true

[actions]
attack = "Bites"
move = "Scurries"
flee = "Runs off"
heal = "Licks its wounds"
skip = "Waits"

[card_flips]
Q = "Queen: the rat bites twice."

[ai_types.rat]
name = "Rat"
summary = "Runs when badly hurt, bites the last hero to hit it, else scurries closer."

[[ai_types.rat.rules]]
key = "run"
title = "1. Under a third of its HP and able to move: run"
when = { hp_below = "1/3", can_move = true }
action = "flee"
squares = { stat = "move" }

[[ai_types.rat.rules]]
key = "lick"
title = "2. Under a third and stuck: lick its wounds"
when = { hp_below = "1/3", can_move = false }
action = "heal"
explain.applied = "{hp_below}; {can_move}: it licks {amount} HP back"
explain.unmet = { hp_below = "not hurt enough", can_move = "it could still run ({can_move})" }

[[ai_types.rat.rules]]
key = "bite"
title = "3. Bite a hero in reach"
target = { filter = ["in-reach:reach"], prefer = ["attacked-last", "nearest", "fewest:grit"] }
action = "attack"
explain.applied = "BITE"
explain.filtered = "out of reach: {pool}"
explain.outcome = "Bite {chosen}"

[[ai_types.rat.rules]]
key = "scurry"
title = "4. Scurry toward a hero"
target = { prefer = ["attacked-last", "nearest"] }
action = "move-toward"
policy = "farthest-along"
squares = { stat = "move" }

[[ai_types.rat.rules]]
key = "rest"
title = "5. Else: lick its wounds or wait"
action = "heal"
full_says = "skip"
explain.full = "{name} is unhurt: it waits"
explain.full_summary = "Wait"

[explain.prefer]
"fewest:grit" = { label = "least grit", each = "{name} grit {value}" }

[[helpers]]
id = "pack"
label = "Heroes' grit"
value = "total(grit)"
explain = "{each.grit}"

[[helpers]]
id = "dodge"
for_each = "player"
label = "{name}: dodge"
value = "max(1, 4 - grit // 2 - pack // 10)"
shows = "{value}+"
""".replace("BITE", BITE)


@pytest.fixture(autouse=True)
def rats():
    assert add_pack(PackEntry("rats", "rats.toml", lambda: RATS)) is None


def rat(id="r", at=(0, 0), hp=6, max_hp=6, move=2, reach=1):
    return (
        f'id = "{id}"\nname = "Rat {id}"\nside = "enemy"\nat = {list(at)}\n'
        f"hp = {hp}\nmax_hp = {max_hp}\n"
        f"stats = {{ move = {move}, reach = {reach} }}\n"
    )


def hero(id, at, hp=5, grit=0):
    return (
        f'id = "{id}"\nname = "{id.capitalize()}"\nside = "player"\nat = {list(at)}\n'
        f"hp = {hp}\nmax_hp = 9\nstats = {{ grit = {grit} }}\n"
    )


def ends(decision):
    return [o.destination for o in decision.options]


# -- conditions: hp_below as a fraction, can_move ----------------------------------------------


def test_a_fraction_is_worked_in_whole_numbers_and_said_so():
    # 2 of 6 is not below a third (2×3 ≥ 6); 1 of 6 is.
    whole = decided(encounter("rats", ". . . . . .", [rat(hp=2), hero("ada", (5, 0))]), "r")
    assert whole.trace[0].detail == "HP 2 of 6 is not below a third (2×3 ≥ 6)"
    low = decided(
        encounter("rats", ". . . . . .", [rat(at=(1, 0), hp=1), hero("ada", (2, 0))]), "r"
    )
    assert low.action == "flee" and low.destination == (0, 0)


def test_can_move_fails_with_move_zero_or_boxed_in_and_the_stuck_rat_heals():
    stuck = decided(encounter("rats", ". .", [rat(hp=1, move=0), hero("ada", (1, 0))]), "r")
    assert (stuck.action, outcomes(stuck)) == ("heal", ["skipped", "applied"])
    assert stuck.trace[0].detail == "its move is 0"
    assert (
        stuck.trace[1].detail
        == "HP 1 of 6 is below a third (1×3 < 6); its move is 0: it licks 1 HP back"
    )
    boxed = decided(
        encounter("rats", "# . #\n. . .", [rat(at=(1, 0), hp=1), hero("ada", (1, 1))]), "r"
    )
    assert boxed.trace[0].detail == "every square around it is blocked"


def test_explain_unmet_per_condition_word():
    hurt_free = decided(
        encounter("rats", ". . . . .", [rat(at=(2, 0), hp=6), hero("ada", (4, 0))]), "r"
    )
    assert hurt_free.trace[1].detail == "not hurt enough"
    # Low, able to move, but every cell it reaches nears Bo: it could run, but does not.
    units = [rat(at=(1, 0), hp=1), hero("ada", (0, 0)), hero("bo", (4, 0))]
    cornered = decided(encounter("rats", ". . . . .", units), "r")
    assert outcomes(cornered)[:2] == ["skipped", "skipped"]
    assert cornered.trace[1].detail == "it could still run (it can move 2 squares)"


# -- passes and in_play_hp ------------------------------------------------------------------


def test_it_passes_other_rats_but_never_stops_on_them_and_never_passes_a_hero():
    units = [rat(move=2), rat("s", at=(2, 0)), hero("ada", (5, 0))]
    assert decided(encounter("rats", ". . . . . .", units), "r").destination == (1, 0)
    units = [rat(move=3), rat("s", at=(1, 0)), hero("ada", (5, 0))]
    assert decided(encounter("rats", ". . . . . .", units), "r").path == ((1, 0), (2, 0), (3, 0))
    # It goes for Bo (who hit it last), but Ada blocks the corridor: it gets as near as it
    # can without passing her.
    corridor = [rat(move=4), hero("ada", (2, 0)), hero("bo", (4, 0))]
    decision = decided(
        encounter("rats", ". . . . .", corridor, 'last_attacker = { r = "bo" }'), "r"
    )
    assert (decision.action, decision.path) == ("move", ((1, 0),))


def test_a_hero_at_zero_hp_is_still_in_play_and_below_zero_is_not():
    at_zero = decided(encounter("rats", ". .", [rat(), hero("ada", (1, 0), hp=0)]), "r")
    assert at_zero.targets == ("ada",)
    below = decided(encounter("rats", ". .", [rat(), hero("ada", (1, 0), hp=-1)]), "r")
    assert below.action == "skip"


# -- in-reach, attacked-last, explain.prefer ---------------------------------------------------


def test_in_reach_needs_a_clear_line_beyond_one_square():
    cells = ". . . .\n. # . .\n. . . ."
    units = [rat(at=(0, 1), reach=3, move=0), hero("ada", (2, 1))]
    blocked = decided(encounter("rats", cells, units), "r")
    assert blocked.trace[2].detail == "out of reach: Ada 2 squares away, but a wall blocks the line"
    units = [rat(at=(0, 0), reach=3, move=0), hero("ada", (3, 0))]
    assert decided(encounter("rats", cells, units), "r").targets == ("ada",)


def test_attacked_last_counts_only_when_among_those_in_reach():
    units = [rat(at=(1, 1)), hero("ada", (1, 0)), hero("bo", (2, 1), grit=3), hero("cy", (4, 4))]
    cells = "\n".join([". . . . ."] * 5)
    # Bo hit it last: bitten although Ada is as near and has less grit.
    bo = decided(encounter("rats", cells, units, 'last_attacker = { r = "bo" }'), "r")
    assert bo.targets == ("bo",)
    cy = decided(encounter("rats", cells, units, 'last_attacker = { r = "cy" }'), "r")
    # Cy is out of reach: passed over; nearest ties; the least grit (in the pack's words).
    assert cy.targets == ("ada",)
    assert cy.trace[2].detail == (
        "Ada 1 square away, reach 1; Bo 1 square away, reach 1; Cy hit it last but is out of reach"
        "; nearest: Ada 1 square, Bo 1 square (no difference); least grit: Ada grit 0, Bo grit 3"
        " → Ada"
    )
    assert cy.summary == "Attack Ada" and cy.outcome.summary == "Bite Ada"


# -- farthest-along ------------------------------------------------------------------------


def test_farthest_along_ends_on_each_farthest_free_cell_with_one_path():
    decision = decided(
        encounter("rats", "\n".join([". . . . ."] * 5), [rat(), hero("ada", (4, 4))]), "r"
    )
    assert (decision.action, sorted(ends(decision))) == ("move", [(0, 2), (1, 1), (2, 0)])
    assert all(len(o.path) == 2 and o.goal is None for o in decision.options)
    assert "heads for Ada" in decision.trace[3].detail


def test_farthest_along_gets_as_near_as_walls_allow_when_no_cell_beside_is_reachable():
    cells = ". . . # .\n. . . # ."
    decision = decided(encounter("rats", cells, [rat(), hero("ada", (4, 0))]), "r")
    assert decision.destination == (2, 0)


# -- full_says, order, derived, card flips, helpers ---------------------------------------


def test_heal_says_its_full_word_at_full_hp():
    decision = decided(encounter("rats", ". # .", [rat(move=0), hero("ada", (2, 0))]), "r")
    assert (decision.action, decision.summary) == ("skip", "Wait")
    assert decision.trace[-1].detail == "Rat r is unhurt: it waits"
    hurt = decided(encounter("rats", ". # .", [rat(hp=5, move=0), hero("ada", (2, 0))]), "r")
    assert (hurt.action, hurt.summary) == ("heal", "Heal 1 HP")


def test_order_markers_card_flips_and_who_attacked_last():
    rules = get_ruleset("rats")
    table = encounter("rats", ". . .", [rat(), rat("s", at=(1, 0)), hero("ada", (2, 0))])
    assert rules.order(table).ties == (("r", "s"),)
    assert rules.derived_statuses(make_unit("a", "player", (0, 0), -1, 5)) == {"down"}
    assert rules.derived_statuses(make_unit("a", "player", (0, 0), 0, 5)) == set()
    assert rules.derived_statuses(make_unit("a", "enemy", (0, 0), -1, 5)) == set()
    flips = rules.capabilities.card_flips
    assert (
        flips is not None and flips.meaning("Q♦").startswith("Queen") and flips.meaning("2♠") == ""
    )
    assert rules.capabilities.remembers_attacker


def test_helpers_are_formulas_over_the_players():
    players = (
        make_unit("a", "player", (0, 0), 5, 5, name="Ada", stats={"grit": 7}),
        make_unit("b", "player", (1, 0), 5, 5, name="Bo", stats={"grit": 4}),
    )
    table = Encounter("rats", Board.from_text("square", "..."), players)
    shown = [(h.label, h.value, h.explanation) for h in get_ruleset("rats").helpers(table)]
    assert shown == [
        ("Heroes' grit", "11", "7 + 4"),
        ("Ada: dodge", "1+", ""),  # max(1, 4 - 3 - 1)
        ("Bo: dodge", "1+", ""),  # max(1, 4 - 2 - 1)
    ]
    alone = Encounter("rats", Board.from_text("square", "..."), (players[1],))
    assert [h.value for h in get_ruleset("rats").helpers(alone)] == ["4", "2+"]
    nobody = Encounter("rats", Board.from_text("square", "..."), ())
    assert get_ruleset("rats").helpers(nobody) == []


# -- problems, each with its line and field -------------------------------------------------


def problems(text):
    with pytest.raises(PackError) as raised:
        parse_pack(text, "rats.toml")
    return [(p.line, p.field, p.message) for p in raised.value.problems]


def line_of(fragment):
    return next(i for i, line in enumerate(RATS.split("\n"), 1) if fragment in line)


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ('passes = "allies"', 'passes = "everyone"', "passes", "expected one of nobody, allies"),
        ('order = "players-choose"', 'order = "random"', "order", "expected one of roster"),
        ("in_play_hp = 0", 'in_play_hp = "zero"', "in_play_hp", "expected a whole number"),
        ('"in-reach:reach"', '"in-reach:spit"', "ai_types.rat.rules[3].target.filter", "'spit'"),
        (
            '"attacked-last", "nearest"]',
            '"hit-last"]',
            "ai_types.rat.rules[4].target.prefer",
            "'hit-last'",
        ),
        (
            'policy = "farthest-along"',
            'policy = "far"',
            "ai_types.rat.rules[4].policy",
            "farthest-along",
        ),
        (
            'hp_below = "1/3", can_move = true',
            'hp_below = "a third"',
            "ai_types.rat.rules[1].when.hp_below",
            "1/4",
        ),
        (
            "can_move = false",
            'can_move = "no"',
            "ai_types.rat.rules[2].when.can_move",
            "true or false",
        ),
        ('full_says = "skip"', 'full_says = "nap"', "ai_types.rat.rules[5].full_says", "'nap'"),
        (
            "{last_out?",
            "{lastout?",
            "ai_types.rat.rules[3].explain.applied",
            "'{lastout}' is no fact",
        ),
        (
            'explain.full = "',
            'explain.fuller = "',
            "ai_types.rat.rules[5].explain.fuller",
            "unknown key",
        ),
        ('value = "total(grit)"', 'value = "total(grip)"', "helpers[1].value", "takes a stat"),
        ('"max(1, 4', '"maxi(1, 4', "helpers[2].value", "only max, min may be called"),
        ('label = "least grit"', 'lable = "least grit"', "explain.prefer.fewest:grit", "label"),
        ('{ status = "down"', '{ status = "gone"', "derived[1].status", "'gone'"),
    ],
)
def test_each_new_word_is_checked_with_its_line_and_field(old, new, field, message):
    assert RATS.count(old) == 1
    found = problems(RATS.replace(old, new))
    assert any(f == field and message in m and line for line, f, m in found), found


def test_a_formula_problem_names_the_line_of_its_value():
    found = problems(RATS.replace('value = "total(grit)"', 'value = "total(grit"'))
    assert (line_of('value = "total(grit)"'), "helpers[1].value") == found[0][:2]
