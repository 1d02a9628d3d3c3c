"""grimdark-solo: the board's movement and attack range overlays follow its rules (a normal
move in inches, 8-way, a diagonal 1.5", difficult ground +0.5", a door +1", never into a
player unit's cell or next to one; shooting within the longest ranged weapon's range in
sight, fighting whoever is engaged). Expected cells worked out by hand."""

from __future__ import annotations

from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.grimdark_solo.units import blade, enemy, gun, player, scene

RULES = get_ruleset("grimdark-solo")

# Difficult ground north of the raiders, a wall east, a door south; the squad south-east.
YARD = """
......
..,...
...#..
..+...
......
"""


def _yard(weapons: str, squad_at=(4, 4)):
    raiders = enemy("raiders", at=(2, 2), move=2, weapons=weapons)
    return scene(YARD, [raiders, player("squad", squad_at)])


def test_a_normal_move_pays_its_costs_and_keeps_clear_of_player_units():
    # 2": west 1" and 2"; the difficult cell north 1.5" and no further (2.5" to (2, 0));
    # the diagonals 1.5", but (3, 3) is next to the squad; the door south exactly 2".
    assert RULES.movement_range(_yard(blade()), "raiders") == {
        (2, 2),
        (1, 2),
        (0, 2),
        (2, 1),
        (1, 1),
        (3, 1),
        (1, 3),
        (2, 3),
    }
    # Engaged (the squad next to it), it stays to fight: no normal move.
    assert RULES.movement_range(_yard(blade(), squad_at=(3, 3)), "raiders") == set()


def test_it_shoots_within_range_in_sight_and_fights_the_cells_around_it():
    # 2": the cells around it (less the wall) and four cells 2" away in straight lines, of
    # which the wall hides (4, 2); the door does not block sight.
    around = {(1, 1), (2, 1), (3, 1), (1, 2), (1, 3), (2, 3), (3, 3)}
    assert RULES.attack_range(_yard(f"{blade()}, {gun(range_=2)}"), "raiders") == around | {
        (2, 0),
        (0, 2),
        (2, 4),
    }
    assert RULES.attack_range(_yard(blade()), "raiders") == around
