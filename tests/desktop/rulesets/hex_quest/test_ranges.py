"""hex-quest: the board's movement and attack range overlays follow its rules (hexes stepped
through unoccupied, enterable hexes; range in hexes with the centre line crossing no wall
hex). Expected hexes worked out by hand on the odd-r layout."""

from __future__ import annotations

from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.scenario import encounter

RULES = get_ruleset("hex-quest")

# Two wall hexes north of the archer, a player south-east of it, a fellow enemy west of it.
CELLS = """
. . . . .
. # # . .
. . . . .
. . . . .
. . . . .
"""


def _unit(uid: str, side: str, at, stats: str = "") -> str:
    lines = f'id = "{uid}"\nside = "{side}"\nat = {list(at)}\nhp = 5\nmax_hp = 5'
    return lines + (f"\nstats = {{ {stats} }}" if stats else "")


def _crypt(archer_stats: str = "move = 2, range = 2"):
    return encounter(
        "hex-quest",
        CELLS,
        [
            _unit("archer", "enemy", (2, 2), archer_stats),
            _unit("ghoul", "enemy", (1, 2)),
            _unit("sera", "player", (2, 3)),
        ],
        shape="hex",
    )


def test_it_moves_up_to_move_hexes_and_no_unit_is_entered_or_passed():
    # One step: E (3, 2) and SW (1, 3); the walls, the ghoul (W) and Sera (SE) bar the rest.
    # Two steps: from (3, 2) to (4, 2), (3, 1), (3, 3); from (1, 3) to (0, 3), (1, 4), (2, 4).
    # Through the ghoul (0, 2) and (0, 1) would be two steps, through Sera (3, 4).
    assert RULES.movement_range(_crypt(), "archer") == {
        (2, 2),
        (3, 2),
        (1, 3),
        (4, 2),
        (3, 1),
        (3, 3),
        (0, 3),
        (1, 4),
        (2, 4),
    }


def test_its_attack_range_is_range_hexes_in_sight():
    # Range 2 around (2, 2): the four open neighbours (units stand there, they block no sight)
    # and the ring two hexes out, less the wall hexes' shadow: (3, 0) and (1, 0) lie straight
    # behind a wall hex, the line to (2, 0) runs between the two walls; the lines to (3, 1)
    # and (0, 1) only graze one wall's edge, which blocks nothing.
    assert RULES.attack_range(_crypt(), "archer") == {
        (3, 2),
        (1, 2),
        (1, 3),
        (2, 3),
        (4, 2),
        (3, 1),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 4),
        (2, 4),
        (3, 4),
        (3, 3),
    }


def test_without_stats_it_moves_two_hexes_and_reaches_its_neighbours():
    crypt = _crypt(archer_stats="")
    assert RULES.attack_range(crypt, "archer") == {(3, 2), (1, 2), (1, 3), (2, 3)}
    assert (4, 2) in RULES.movement_range(crypt, "archer")  # two steps: the default move 2
    assert (4, 3) not in RULES.movement_range(crypt, "archer")  # three steps away
    # Move 0: it stays; no hex to draw.
    assert RULES.movement_range(_crypt("move = 0, range = 2"), "archer") == set()
