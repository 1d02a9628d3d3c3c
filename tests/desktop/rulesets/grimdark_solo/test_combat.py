"""grimdark-solo shooting, charge, fight (pile in, attacks, consolidation) and heroic
intervention."""

from __future__ import annotations

from desktop.engine.decision import Outcome
from desktop.rulesets.registry import ruleset_data
from tests.desktop.rulesets.grimdark_solo.units import (
    blade,
    board,
    decide_for,
    enemy,
    gun,
    player,
    scene,
    steps,
)

TITLES = ruleset_data("grimdark-solo").steps  # step titles live in the ruleset's TOML
STEP_ATTACKS, STEP_CHARGE_ROLL, STEP_CONSOLIDATE, STEP_PILE_IN, STEP_PROFILE = (
    TITLES[key] for key in ("attacks", "charge_roll", "consolidate", "pile_in", "profile")
)
FIELD = board(12, 12)


# -- fight: which player unit the attacks go to -----------------------------------------------


def _fight(a: dict, b: dict, weapons: str = blade(4)):
    enc = scene(
        FIELD,
        [
            enemy(at=(5, 5), weapons=weapons),
            player("aria", (6, 5), **a),
            player("bram", (4, 5), **b),
        ],
        phase="fight",
    )
    return decide_for(enc, "orc")


def test_attacks_go_to_the_toughness_closest_to_the_strength():
    d = _fight(
        {"toughness": 3, "power": 1},
        {"toughness": 6, "power": 9},
        weapons=f"{blade(4, 'Knife')}, {blade(6, 'Axe')}",
    )
    assert d.action == "fight"
    assert d.phase == "fight"
    assert d.targets == ("bram",)  # the Axe (S6) is the best profile: T6 beats T3
    assert "Axe, strength 6" in next(t.detail for t in d.trace if t.step == STEP_PROFILE)
    assert d.statuses_gained == ("fought",)
    assert d.alternatives == ()


def test_equal_toughness_gap_goes_to_the_highest_power():
    d = _fight({"toughness": 5, "power": 3}, {"toughness": 3, "power": 8})
    assert d.targets == ("bram",)
    assert "highest Power Level" in next(t.detail for t in d.trace if t.step == STEP_ATTACKS)


def test_then_to_the_fewest_wounds_left():
    d = _fight({"toughness": 4, "power": 5, "hp": 2}, {"toughness": 4, "power": 5, "hp": 4})
    assert d.targets == ("aria",)
    assert "fewest wounds left" in next(t.detail for t in d.trace if t.step == STEP_ATTACKS)


def test_a_full_tie_is_left_to_the_players():
    d = _fight({"toughness": 4, "power": 5, "hp": 3}, {"toughness": 4, "power": 5, "hp": 3})
    assert d.targets == ("aria",)
    assert d.alternatives == (Outcome("fight", ("bram",)),)


def test_pile_in_to_engage_more_player_units():
    enc = scene(
        FIELD,
        [
            enemy(at=(5, 5), weapons=blade(4)),
            player("aria", (6, 5)),
            player("bram", (8, 5), toughness=8),
        ],
        phase="fight",
    )
    d = decide_for(enc, "orc")
    assert d.action == "fight"
    assert d.destination == (7, 4)
    assert d.path == ((6, 4), (7, 4))
    assert d.targets == ("aria",)
    assert d.alternatives == (Outcome("fight", ("aria",), (7, 6), ((6, 6), (7, 6))),)
    assert steps(d)[STEP_PILE_IN] == "applied"


def test_pile_in_stays_when_nothing_better_is_in_reach():
    enc = scene(FIELD, [enemy(at=(5, 5), weapons=blade(4)), player("aria", (6, 5))], phase="fight")
    d = decide_for(enc, "orc")
    assert d.destination is None and d.path == ()
    assert steps(d)[STEP_PILE_IN] == "skipped"


def test_a_unit_out_of_combat_does_not_fight():
    enc = scene(FIELD, [enemy(at=(0, 0), weapons=blade(4)), player("aria", (6, 5))], phase="fight")
    assert decide_for(enc, "orc").action == "hold"


def test_consolidate_into_the_most_player_units():
    row = board(12, 1)
    enc = scene(
        row,
        [
            enemy(at=(5, 0), weapons=blade(4), statuses=("fought",)),
            player("aria", (6, 0), hp=0),
            player("bram", (8, 0)),
        ],
        phase="fight",
    )
    d = decide_for(enc, "orc")
    assert d.action == "consolidate"
    assert d.destination == (7, 0)
    assert d.targets == ("bram",)
    assert steps(d)[STEP_CONSOLIDATE] == "applied"


def test_consolidate_toward_the_goal_when_nobody_can_be_engaged():
    row = board(15, 1, {(12, 0): "O"})
    fought = enemy(at=(5, 0), weapons=blade(4), statuses=("fought",))
    enc = scene(row, [fought, player("aria", (6, 0), hp=0)], phase="fight")
    d = decide_for(enc, "orc")
    assert d.action == "consolidate"
    assert d.destination == (8, 0)
    assert "objective at [12, 0]" in d.summary


# -- shooting ---------------------------------------------------------------------------------


def test_shoot_the_best_target_in_range_and_sight():
    enc = scene(
        FIELD,
        [
            enemy(at=(0, 0), weapons=gun(12, 4)),
            player("aria", (10, 0), toughness=8),
            player("bram", (0, 10), toughness=4),
        ],
        phase="shooting",
    )
    d = decide_for(enc, "orc")
    assert d.action == "shoot"
    assert d.targets == ("bram",)


def test_each_weapon_picks_its_own_target():
    weapons = f"{gun(12, 4, 'Rifle')}, {gun(12, 9, 'Lance')}"
    enc = scene(
        FIELD,
        [
            enemy(at=(0, 0), weapons=weapons),
            player("aria", (10, 0), toughness=8),
            player("bram", (0, 10), toughness=4),
        ],
        phase="shooting",
    )
    d = decide_for(enc, "orc")
    assert d.targets == ("bram", "aria")


def test_no_shooting_through_walls_or_beyond_range():
    cells = board(12, 12, {(5, r): "#" for r in range(12)})
    enc = scene(
        cells, [enemy(at=(0, 0), weapons=gun(24)), player("aria", (10, 0))], phase="shooting"
    )
    d = decide_for(enc, "orc")
    assert d.action == "hold"
    far = scene(
        FIELD, [enemy(at=(0, 0), weapons=gun(6)), player("aria", (10, 0))], phase="shooting"
    )
    assert decide_for(far, "orc").action == "hold"


def test_engaged_or_advanced_units_do_not_shoot_except_assault_weapons():
    engaged = scene(
        FIELD, [enemy(at=(0, 0), weapons=gun(24)), player("aria", (1, 1))], phase="shooting"
    )
    assert decide_for(engaged, "orc").action == "hold"
    advanced = enemy(at=(0, 0), weapons=gun(24), statuses=("advanced",))
    enc = scene(FIELD, [advanced, player("aria", (8, 0))], phase="shooting")
    assert decide_for(enc, "orc").action == "hold"
    assault = enemy(at=(0, 0), weapons=gun(24, extra="assault = true"), statuses=("advanced",))
    enc = scene(FIELD, [assault, player("aria", (8, 0))], phase="shooting")
    d = decide_for(enc, "orc")
    assert d.action == "shoot" and d.targets == ("aria",)


def test_equally_good_shooting_targets_are_alternatives():
    enc = scene(
        FIELD,
        [enemy(at=(5, 5), weapons=gun(24)), player("aria", (5, 0)), player("bram", (5, 10))],
        phase="shooting",
    )
    d = decide_for(enc, "orc")
    assert d.targets == ("aria",)
    assert d.alternatives == (Outcome("shoot", ("bram",)),)


# -- charge -----------------------------------------------------------------------------------


def test_charge_succeeds_when_the_roll_covers_the_route():
    enc = scene(
        board(12, 5), [enemy(at=(0, 2), weapons=blade(4)), player("aria", (8, 2))], phase="charge"
    )
    d = decide_for(enc, "orc", [7])
    assert d.action == "charge"
    assert d.destination == (7, 2)
    assert d.targets == ("aria",)
    assert [(r.die, r.value) for r in d.rolls] == [("2d6", 7)]
    assert steps(d)[STEP_CHARGE_ROLL] == "applied"


def test_charge_fails_when_the_roll_is_short():
    enc = scene(
        board(12, 5), [enemy(at=(0, 2), weapons=blade(4)), player("aria", (8, 2))], phase="charge"
    )
    d = decide_for(enc, "orc", [6])
    assert d.action == "hold"
    assert d.destination is None
    assert steps(d)[STEP_CHARGE_ROLL] == "failed"


def test_no_charge_after_advancing_or_with_nobody_within_12_inches():
    advanced = enemy(at=(0, 2), weapons=blade(4), statuses=("advanced",))
    enc = scene(board(16, 5), [advanced, player("aria", (8, 2))], phase="charge")
    d = decide_for(enc, "orc", [12])
    assert d.action == "hold" and d.rolls == ()
    far = scene(board(16, 5), [enemy(at=(0, 2)), player("aria", (15, 2))], phase="charge")
    d = decide_for(far, "orc", [12])
    assert d.action == "hold" and d.rolls == ()


def test_a_charge_goes_to_the_targets_the_roll_reaches():
    # Bram (T4) is preferred by the fight order, but 8" only reaches Aria.
    enc = scene(
        board(20, 5),
        [
            enemy(at=(0, 2), weapons=blade(4)),
            player("aria", (8, 2), toughness=8),
            player("bram", (10, 2), toughness=4),
        ],
        phase="charge",
    )
    d = decide_for(enc, "orc", [8])
    assert d.action == "charge"
    assert d.targets == ("aria",)
    assert d.destination == (7, 2)
    d = decide_for(enc, "orc", [11])
    assert d.targets == ("bram", "aria")  # (9, 1) or (9, 3) is beside both: the players pick
    assert d.destination == (9, 1)
    assert [a.destination for a in d.alternatives] == [(9, 3)]


def test_charge_target_follows_the_fight_order():
    enc = scene(
        board(12, 12),
        [
            enemy(at=(5, 5), weapons=blade(4)),
            player("aria", (5, 1), toughness=8),
            player("bram", (5, 9), toughness=4),
        ],
        phase="charge",
    )
    d = decide_for(enc, "orc", [12])
    assert d.action == "charge"
    assert d.targets[0] == "bram"
    assert d.destination == (5, 8)


# -- the players' turn ------------------------------------------------------------------------


def test_characters_always_heroically_intervene():
    units = [enemy(at=(0, 2), weapons=blade(4), tags=("character",)), player("aria", (3, 2))]
    enc = scene(board(12, 5), units, phase="charge", turn="player")
    d = decide_for(enc, "orc")
    assert d.action == "intervene"
    assert d.destination == (2, 2)
    assert d.targets == ("aria",)


def test_only_characters_within_3_inches_intervene():
    plain = scene(
        board(12, 5), [enemy(at=(0, 2)), player("aria", (3, 2))], phase="charge", turn="player"
    )
    assert decide_for(plain, "orc").action == "hold"
    far = scene(
        board(12, 5),
        [enemy(at=(0, 2), tags=("character",)), player("aria", (5, 2))],
        phase="charge",
        turn="player",
    )
    assert decide_for(far, "orc").action == "hold"


def test_enemies_fight_in_the_players_fight_phase_and_wait_otherwise():
    units = [enemy(at=(5, 5), weapons=blade(4)), player("aria", (6, 5))]
    assert decide_for(scene(FIELD, units, phase="fight", turn="player"), "orc").action == "fight"
    d = decide_for(scene(FIELD, units, phase="shooting", turn="player"), "orc")
    assert d.action == "hold"
    assert d.phase == "shooting"


def test_consolidation_goal_follows_the_temperament():
    cells = board(20, 1, {(0, 0): "c", (19, 0): "O"})
    for temperament, expected in (
        ("tactical", (13, 0)),
        ("berserk", (7, 0)),
        ("erratic", (7, 0)),
        ("skittish", (7, 0)),
    ):
        fought = enemy(at=(10, 0), ai=temperament, weapons=blade(4), statuses=("fought",))
        enc = scene(
            cells, [fought, player("aria", (11, 0), hp=0), player("bram", (3, 0))], phase="fight"
        )
        d = decide_for(enc, "orc")
        assert d.action == "consolidate", temperament
        assert d.destination == expected, temperament


def test_heroic_intervention_engages_as_many_player_units_as_it_can():
    units = [
        enemy(at=(0, 2), weapons=blade(4), tags=("character",)),
        player("aria", (2, 1)),
        player("bram", (2, 3)),
    ]
    enc = scene(board(12, 5), units, phase="charge", turn="player")
    d = decide_for(enc, "orc")
    assert d.action == "intervene"
    assert d.destination == (1, 2)  # beside both; (2, 2) is too, but a step farther
    assert d.alternatives == ()
    assert set(d.targets) == {"aria", "bram"}
