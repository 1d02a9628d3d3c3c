"""skirmish-ai tracker helpers: random movement and teleport mishaps (scripted dice)."""

from __future__ import annotations

from desktop.engine.dice import Dice
from desktop.rulesets.skirmish_ai.mishaps import random_move, roll_direction, teleport
from tests.desktop.rulesets.scenario import encounter
from tests.desktop.rulesets.skirmish_ai.test_tables import enemy, player

BOARD = """
..........
....#.....
..........
...~......
"""


def units(*extra):
    return [enemy("e", (0, 0), "aggressive").replace("move = 6", "move = 4"), *extra]


def test_direction_roll_is_clockwise_from_north():
    assert roll_direction(Dice([1])) == (0, -1)
    assert roll_direction(Dice([3])) == (1, 0)
    assert roll_direction(Dice([8])) == (-1, -1)


def test_random_move_goes_its_full_move_in_a_straight_line():
    enc = encounter("skirmish-ai", BOARD, units())
    r = random_move(enc, "e", Dice([3]))  # east
    assert r.path == [(1, 0), (2, 0), (3, 0), (4, 0)] and r.statuses == {}


def test_random_move_halts_and_is_stunned_at_terrain():
    enc = encounter("skirmish-ai", BOARD, units())
    r = random_move(enc, "e", Dice([4]), distance=6)  # south-east: (1,1) (2,2), (3,3) hazard
    assert r.end == (2, 2) and r.statuses == {"e": ["stunned"]}


def test_random_move_collision_stuns_both_and_pushes_the_other():
    enc = encounter("skirmish-ai", BOARD, units(player("p", (2, 0))))
    r = random_move(enc, "e", Dice([3]))
    assert r.end == (1, 0)
    assert r.statuses == {"e": ["stunned"], "p": ["stunned"]}
    assert r.moved == {"p": (3, 0)}


def test_teleport_into_a_wall_shifts_and_stuns_then_shocks_on_a_second_miss():
    enc = encounter("skirmish-ai", BOARD, units())
    # Into the wall at [4, 1]: shift east 2 -> [6, 1], free.
    ok = teleport(enc, "e", (4, 1), Dice([3, 2]))
    assert ok.end == (6, 1) and ok.statuses == {"e": ["stunned"]}
    # Shift north 2 -> off the board (solid again), then south 4 -> [4, 3].
    twice = teleport(enc, "e", (4, 1), Dice([1, 2, 5, 4]))
    assert twice.end == (4, 3)
    assert twice.statuses["e"] == ["stunned", "shocked"]


def test_teleport_onto_a_figure_stuns_it_and_shifts_the_teleporter():
    enc = encounter("skirmish-ai", BOARD, units(player("p", (7, 0))))
    r = teleport(enc, "e", (7, 0), Dice([5, 2]))  # south 2 -> [7, 2]
    assert r.end == (7, 2)
    assert r.statuses["p"] == ["stunned"] and r.statuses["e"] == ["stunned"]


def test_teleport_over_a_hazard_is_a_casualty():
    enc = encounter("skirmish-ai", BOARD, units())
    r = teleport(enc, "e", (3, 3), Dice([]))
    assert r.casualty and r.end is None
