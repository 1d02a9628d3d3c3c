"""grimdark-solo movement phase: the tactical move, its stop checks and the advance roll."""

from __future__ import annotations

import pytest

from desktop.engine.decision import Outcome
from desktop.rulesets.grimdark_solo.movement import advance_modifier
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
STEP_ADVANCE, STEP_FIRE, STEP_GOAL, STEP_HOLD, STEP_MOVE, STEP_NEAR = (
    TITLES[key] for key in ("advance", "fire", "goal", "hold", "move", "near")
)
WIDE = board(30, 5)


def test_nothing_useful_in_reach_turns_the_move_into_an_advance():
    enc = scene(board(30, 5, {(20, 2): "O"}), [enemy(at=(0, 2), move=6)])
    d = decide_for(enc, "orc", [3])
    assert d.action == "advance"
    assert d.phase == "movement"
    assert d.destination == (9, 2)
    assert d.path == tuple((c, 2) for c in range(1, 10))
    assert [(r.die, r.value) for r in d.rolls] == [("d6", 3)]
    assert d.statuses_gained == ("advanced",)
    assert steps(d) == {
        STEP_GOAL: "applied",
        STEP_MOVE: "applied",
        STEP_FIRE: "skipped",
        STEP_NEAR: "skipped",
        STEP_HOLD: "skipped",
        STEP_ADVANCE: "applied",
    }
    assert d.to_dict()["phase"] == "movement"


def test_stops_when_it_would_give_up_an_objective():
    enc = scene(board(30, 5, {(8, 2): "O"}), [enemy(at=(0, 2), move=6)])
    d = decide_for(enc, "orc", [6])
    assert d.action == "move"
    assert d.destination == (6, 2)
    assert d.rolls == ()
    assert d.statuses_gained == ()
    assert steps(d)[STEP_HOLD] == "applied"
    assert steps(d)[STEP_ADVANCE] == "skipped"


def test_a_unit_already_holding_an_objective_stays():
    enc = scene(board(30, 5, {(2, 2): "O"}), [enemy(at=(2, 2))])
    d = decide_for(enc, "orc")
    assert d.action == "hold"
    assert d.destination is None
    assert steps(d)[STEP_HOLD] == "applied"


def test_stops_when_it_can_fire_at_a_player_unit():
    enc = scene(
        board(30, 5, {(29, 2): "O"}), [enemy(at=(0, 2), weapons=gun(24)), player("aria", (27, 2))]
    )
    d = decide_for(enc, "orc", [6])
    assert d.action == "move"
    assert d.destination == (6, 2)
    assert d.rolls == ()
    assert steps(d)[STEP_FIRE] == "applied"
    assert steps(d)[STEP_NEAR] == "skipped"
    assert "Rifle" in d.trace[2].detail and '21"' in d.trace[2].detail


def test_a_wall_in_the_line_of_fire_does_not_stop_it():
    walls = {(22, r): "#" for r in range(5)} | {(15, 2): "O"}
    enc = scene(board(30, 5, walls), [enemy(at=(0, 2), weapons=gun(24)), player("aria", (27, 2))])
    d = decide_for(enc, "orc", [2])
    assert steps(d)[STEP_FIRE] == "skipped"
    assert d.action == "advance"
    assert d.destination == (8, 2)


def test_stops_within_12_inches_of_a_player_unit():
    enc = scene(board(30, 5, {(29, 2): "O"}), [enemy(at=(0, 2)), player("aria", (17, 2))])
    d = decide_for(enc, "orc", [6])
    assert d.action == "move"
    assert d.destination == (6, 2)
    assert steps(d)[STEP_NEAR] == "applied"
    assert '11"' in next(t.detail for t in d.trace if t.step == STEP_NEAR)


def test_advance_tags_change_the_roll():
    cells = board(30, 5, {(25, 2): "O"})
    plus = scene(cells, [enemy(at=(0, 2), tags=("advance+1",))])
    d = decide_for(plus, "orc", [3])
    assert d.destination == (10, 2)
    fixed = scene(cells, [enemy(at=(0, 2), tags=("advance-max",))])
    d = decide_for(fixed, "orc")
    assert d.rolls == ()
    assert d.destination == (12, 2)
    assert advance_modifier(("advance+2", "advance+1", "psyker")) == (
        3,
        False,
        ["advance+2", "advance+1"],
    )


def test_berserk_heads_for_the_nearest_player_but_never_next_to_it():
    enc = scene(
        WIDE, [enemy(at=(0, 2), ai="berserk"), player("aria", (5, 2)), player("bram", (20, 2))]
    )
    d = decide_for(enc, "orc")
    assert d.action == "move"
    assert d.destination == (3, 2)
    assert "Aria" in d.trace[0].detail
    assert steps(d)[STEP_NEAR] == "applied"


@pytest.mark.parametrize("temperament", ["erratic", "skittish"])
def test_erratic_and_skittish_make_for_the_nearest_cover_and_stay_there(temperament):
    cells = board(30, 5, {(4, 0): "c", (20, 4): "c", (12, 2): "O"})
    enc = scene(cells, [enemy(at=(0, 2), ai=temperament)])
    d = decide_for(enc, "orc", [6])
    assert d.action == "move"
    assert d.destination == (4, 0)
    assert d.rolls == ()
    assert steps(d)[STEP_ADVANCE] == "skipped"
    settled = scene(cells, [enemy(at=(4, 0), ai=temperament)])
    d = decide_for(settled, "orc", [6])
    assert d.action == "hold"
    assert d.rolls == ()


def test_tactical_without_objectives_holds():
    enc = scene(WIDE, [enemy(at=(0, 2))])
    d = decide_for(enc, "orc")
    assert d.action == "hold"
    assert steps(d) == {STEP_GOAL: "skipped"}


def test_a_unit_in_combat_stays_to_fight():
    enc = scene(
        board(30, 5, {(20, 2): "O"}), [enemy(at=(0, 2), weapons=blade()), player("aria", (1, 3))]
    )
    d = decide_for(enc, "orc")
    assert d.action == "hold"
    assert "Aria" in d.trace[0].detail


def test_equally_near_objectives_are_alternatives():
    enc = scene(board(11, 5, {(0, 2): "O", (10, 2): "O"}), [enemy(at=(5, 2))])
    d = decide_for(enc, "orc")
    assert d.action == "move"
    assert d.destination == (0, 2)
    assert d.alternatives == (Outcome("move", (), (10, 2), tuple((c, 2) for c in range(6, 11))),)


@pytest.mark.parametrize(
    "row, expected", [(".,,,........", (2, 0)), ("..+.........", (2, 0)), ("............", (3, 0))]
)
def test_difficult_ground_and_doors_cost_extra(row, expected):
    enc = scene(row, [enemy(at=(0, 0), move=3, ai="berserk"), player("aria", (11, 0))])
    d = decide_for(enc, "orc")
    assert d.destination == expected


def test_diagonal_steps_cost_an_inch_and_a_half():
    enc = scene(board(6, 6, {(4, 4): "O"}), [enemy(at=(0, 0), move=3)])
    d = decide_for(enc, "orc")
    assert d.path == ((1, 1), (2, 2))  # two diagonals use the whole 3"
    assert d.action == "move"  # within 3" of the objective at (4, 4)
    assert 'moves 3" of its 3"' in d.trace[1].detail
