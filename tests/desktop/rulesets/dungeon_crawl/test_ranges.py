"""dungeon-crawl: the board's movement and attack range overlays follow its rules (8-way
moves that never enter or pass a figure, large figures' blocks; fighting within reach in
clear sight, shooting anything in clear sight). Expected squares worked out by hand."""

from __future__ import annotations

from tests.desktop.rulesets.dungeon_crawl.helpers import BOW, RULES, encounter, enemy, hero

# A wall down column 3 with a gap at the bottom; the room is columns 0-2.
ROOM = """
...#..
...#..
...#..
......
"""


def test_it_moves_move_squares_eight_ways_and_never_through_a_hero():
    enc = encounter(ROOM, enemy("orc", (1, 1), move=2) + hero("bree", (2, 2)))
    # Every square of the room within two king steps, less Bree's; the gap (3, 3) would be
    # two steps through Bree, three round her.
    assert RULES.movement_range(enc, "orc") == {
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (0, 2),
        (1, 2),
        (0, 3),
        (1, 3),
        (2, 3),
    }
    standing = encounter(ROOM, enemy("orc", (1, 1), move=0) + hero("bree", (2, 2)))
    assert RULES.movement_range(standing, "orc") == set()  # move 0: no square to draw


def test_it_fights_the_squares_around_it():
    enc = encounter(ROOM, enemy("orc", (1, 1), move=2) + hero("bree", (2, 2)))
    assert RULES.attack_range(enc, "orc") == {
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (2, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    }


def test_a_bow_reaches_every_square_in_clear_sight_however_far():
    enc = encounter(ROOM, enemy("archer", (0, 1), weapons=BOW) + hero("bree", (2, 2)))
    # The whole room and, through the gap, (3, 3); every line to the far side of the wall
    # crosses it (to (4, 3) it enters (3, 2) at x = 3, y = 2.75).
    room = {(c, r) for c in range(3) for r in range(4)} - {(0, 1)}
    assert RULES.attack_range(enc, "archer") == room | {(3, 3)}


OPEN_5 = "\n".join(["....."] * 5)


def test_a_large_figure_covers_its_block_wherever_it_can_stop_and_reaches_round_it():
    # A size 2 ogre with move 1: its anchor (top-left square) may go to any of the 3x3
    # squares round (1, 1) except (2, 2), whose block would cover Bree at (3, 3).
    enc = encounter(OPEN_5, enemy("ogre", (1, 1), move=1, size=2, reach=2) + hero("bree", (3, 3)))
    block_squares = {(c, r) for c in range(4) for r in range(4)} - {(3, 3)}
    assert RULES.movement_range(enc, "ogre") == block_squares
    # Reach 2 from any square of its body (1-2, 1-2): the whole board but the body.
    body = {(1, 1), (2, 1), (1, 2), (2, 2)}
    assert RULES.attack_range(enc, "ogre") == {(c, r) for c in range(5) for r in range(5)} - body
