"""skirmish-ai: the board's movement and attack range overlays follow its rules (inches,
8-way, a diagonal 1.5", difficult ground +0.5", a door +1", figures never passed; fire
within the longest ranged weapon's reach in sight, brawl all round). Expected cells worked
out by hand."""

from __future__ import annotations

from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.scenario import encounter

RULES = get_ruleset("skirmish-ai")

# Difficult ground north of the raider, a wall north-east, a door south, Kestrel east.
YARD = """
.....
..,#.
.....
..+..
.....
"""


def _yard(weapons: str, move: int = 2):
    raider = (
        f'id = "raider"\nside = "enemy"\nat = [2, 2]\nhp = 5\nmax_hp = 5\nai = "tactical"\n'
        f"stats = {{ move = {move} }}\nweapons = [ {weapons} ]"
    )
    kestrel = 'id = "kestrel"\nside = "player"\nat = [3, 2]\nhp = 5\nmax_hp = 5'
    return encounter("skirmish-ai", YARD, [raider, kestrel])


CARBINE = '{ name = "Carbine", kind = "ranged", range = 2.5 }'
KNIFE = '{ name = "Knife", kind = "melee", range = 1 }'


def test_a_normal_move_pays_diagonals_difficult_ground_and_doors():
    # 2": west 1" and 2" ((1, 2), (0, 2)); the difficult cell north 1.5" but no further
    # (2.5" to (2, 0)); the three open diagonals 1.5" (a corner cell (0, 0) would be 3");
    # the door south exactly 2". Kestrel's cell is never entered, so (4, 2) is out of reach.
    assert RULES.movement_range(_yard(CARBINE), "raider") == {
        (2, 2),
        (1, 2),
        (0, 2),
        (2, 1),
        (1, 1),
        (1, 3),
        (3, 3),
        (2, 3),
    }


def test_it_fires_within_its_longest_range_in_sight_and_brawls_all_round():
    # Within 2.5": every cell but the four corners (2.8"); less the wall and the two cells
    # behind it, (3, 0) and (4, 1).
    everything = {(c, r) for c in range(5) for r in range(5)}
    corners = {(0, 0), (4, 0), (0, 4), (4, 4)}
    shadow = {(3, 1), (3, 0), (4, 1)}
    assert RULES.attack_range(_yard(f"{KNIFE}, {CARBINE}"), "raider") == (
        everything - corners - shadow - {(2, 2)}
    )


def test_a_brawler_reaches_the_eight_cells_around_it():
    around = {(1, 1), (2, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)}  # (3, 1) is the wall
    assert RULES.attack_range(_yard(KNIFE), "raider") == around
