"""dungeon-crawl: moving to fight: approach square, clockwise, flanking, doorways, large figures."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.encounter_file import EncounterFileError
from desktop.engine.board import Board
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.engine.doorways import doorway_at
from desktop.engine.encounter import Encounter
from desktop.engine.footprint import footprint
from desktop.engine.square_geometry import chebyshev
from desktop.engine.units import make_unit
from tests.desktop.rulesets.dungeon_crawl.helpers import (
    RULES,
    encounter,
    enemy,
    hero,
    results,
    step,
)

OPEN_7 = "\n".join(["......."] * 7)


# -- the approach square ---------------------------------------------------------------------


def test_it_takes_the_square_on_its_own_side_of_the_hero():
    units = enemy("orc", (0, 3), card=["fight-random"]) + hero("tom", (3, 3))
    d = decide(encounter(OPEN_7, units), "orc", RULES, Dice())
    assert results(d) == {("fight", ("tom",), (2, 3))}


def test_exactly_diagonal_it_takes_the_diagonal_square():
    units = enemy("orc", (0, 0), card=["fight-random"]) + hero("tom", (3, 3))
    d = decide(encounter(OPEN_7, units), "orc", RULES, Dice())
    assert d.destination == (2, 2)


def test_its_square_taken_it_tries_clockwise_first():
    units = (
        enemy("orc", (0, 3), card=["fight-random"]) + hero("tom", (3, 3)) + hero("wall-a", (2, 3))
    )
    d = decide(encounter(OPEN_7, units), "orc", RULES, Dice([1]))
    # west is taken; next clockwise is north-west.
    assert results(d) == {("fight", ("tom",), (2, 2))}
    assert (
        "trying clockwise, then anticlockwise: north-west [2, 2]"
        in step(d, "Moving to fight").detail
    )


def test_clockwise_taken_too_it_goes_anticlockwise():
    units = (
        enemy("orc", (0, 3), card=["fight-random"])
        + hero("tom", (3, 3))
        + hero("wall-a", (2, 3))
        + hero("wall-b", (2, 2))
    )
    d = decide(encounter(OPEN_7, units), "orc", RULES, Dice([1]))
    assert results(d) == {("fight", ("tom",), (2, 4))}


def test_flanking_takes_the_square_opposite_an_enemy_already_there():
    units = (
        enemy("orc", (3, 0), card=["fight-random"]) + enemy("ally", (2, 3)) + hero("tom", (3, 3))
    )
    d = decide(encounter(OPEN_7, units), "orc", RULES, Dice())
    assert results(d) == {("fight", ("tom",), (4, 3))}
    assert "flanks from the opposite side" in step(d, "Moving to fight").detail
    alone = enemy("orc", (3, 0), card=["fight-random"]) + hero("tom", (3, 3))
    assert decide(encounter(OPEN_7, alone), "orc", RULES, Dice()).destination == (3, 2)


def test_short_of_the_hero_it_moves_and_every_route_end_is_an_alternative():
    units = enemy("orc", (0, 3), card=["fight-random"], move=1) + hero("tom", (3, 3))
    d = decide(encounter(OPEN_7, units), "orc", RULES, Dice())
    assert results(d) == {("move", (), (1, 2)), ("move", (), (1, 3)), ("move", (), (1, 4))}


def test_already_next_to_the_hero_it_fights_without_moving():
    units = enemy("orc", (2, 2), card=["fight-closest"]) + hero("tom", (3, 3))
    d = decide(encounter(OPEN_7, units), "orc", RULES, Dice())
    assert results(d) == {("fight", ("tom",), None)}
    assert step(d, "Moving to fight").outcome == "skipped"


def test_walls_squeezed_at_a_corner_block_a_diagonal_fight():
    cells = "\n".join(["#....", ".#...", "....."])
    units = enemy("orc", (0, 1), card=["fight-closest"], move=0) + hero("tom", (1, 0))
    d = decide(encounter(cells, units), "orc", RULES, Dice())
    # Not adjacent through the pinched corner; with move 0 it cannot get round: it holds.
    assert d.action == "hold" and d.targets == ()


# -- doorways --------------------------------------------------------------------------------

DOOR = "\n".join(
    [
        "....#....",
        "....#....",
        "....#....",
        "....+....",
        "....#....",
        "....#....",
        "....#....",
    ]
)


def test_doorway_it_goes_further_in_rather_than_face_three_heroes():
    units = (
        enemy("orc", (2, 3), card=["fight-random"])
        + hero("tom", (6, 3))
        + hero("una", (6, 2))
        + hero("vic", (6, 4))
    )
    d = decide(encounter(DOOR, units), "orc", RULES, Dice([1]))
    assert results(d) == {("fight", ("tom",), (5, 2)), ("fight", ("tom",), (5, 4))}
    assert step(d, "Doorway: go further in").outcome == "applied"
    assert "would face 3 heroes" in step(d, "Doorway: go further in").detail


def test_doorway_no_better_square_it_stops_in_the_doorway_to_fight():
    units = (
        enemy("orc", (2, 3), card=["fight-random"], move=3)
        + hero("tom", (6, 3))
        + hero("una", (5, 2))
        + hero("vic", (5, 4))
    )
    d = decide(encounter(DOOR, units), "orc", RULES, Dice([1]))
    assert results(d) == {("fight", ("una",), (4, 3)), ("fight", ("vic",), (4, 3))}
    assert step(d, "Doorway: go further in").outcome == "skipped"
    assert step(d, "Doorway: fight from the doorway").outcome == "applied"


PASSAGE = "\n".join(
    [
        "....##....",
        "....##....",
        "....###...",
        "....+.....",
        "....###...",
        "....##....",
        "....##....",
    ]
)


def test_doorway_with_no_hero_at_the_door_it_steps_aside():
    units = (
        enemy("orc", (2, 3), card=["fight-random"], move=4)
        + hero("tom", (7, 3))
        + hero("una", (7, 2))
        + hero("vic", (7, 4))
    )
    d = decide(encounter(PASSAGE, units), "orc", RULES, Dice([1]))
    assert results(d) == {("move", (), (3, 2)), ("move", (), (3, 4))}
    assert step(d, "Doorway: fight from the doorway").outcome == "skipped"
    assert step(d, "Doorway: step aside").outcome == "applied"


def test_through_a_doorway_to_face_two_heroes_is_fine():
    units = enemy("orc", (2, 3), card=["fight-random"]) + hero("tom", (6, 3)) + hero("una", (6, 2))
    d = decide(encounter(DOOR, units), "orc", RULES, Dice([1]))
    assert results(d) == {("fight", ("tom",), (5, 3))}
    assert not any(t.step.startswith("Doorway") for t in d.trace)


# -- large figures ---------------------------------------------------------------------------


def test_a_large_figure_fights_all_round_and_up_to_its_reach():
    units = enemy("ogre", (2, 2), size=2, card=["fight-closest"]) + hero("tom", (4, 4))
    d = decide(encounter(OPEN_7, units), "ogre", RULES, Dice())
    assert results(d) == {("fight", ("tom",), None)}  # diagonal to its (3,3) square
    far = enemy("ogre", (0, 2), size=2, card=["fight-closest"]) + hero("tom", (3, 3))
    assert decide(encounter(OPEN_7, far), "ogre", RULES, Dice()).destination is not None
    long_reach = enemy("ogre", (0, 2), size=2, reach=2, card=["fight-closest"]) + hero(
        "tom", (3, 3)
    )
    d2 = decide(encounter(OPEN_7, long_reach), "ogre", RULES, Dice())
    assert results(d2) == {("fight", ("tom",), None)}


CORRIDOR = "\n".join(
    [
        "..#####..",
        ".........",
        "..#####..",
        "..#####..",
    ]
)


def test_a_large_figure_squeezes_down_a_narrow_passage_counting_its_front_square():
    units = enemy("ogre", (0, 0), size=2, card=["fight-closest"], move=6) + hero("tom", (8, 1))
    d = decide(encounter(CORRIDOR, units), "ogre", RULES, Dice())
    assert d.action == "fight" and d.targets == ("tom",)
    assert d.destination == (6, 1)
    assert len(d.path) == 6  # six moves of its front (anchor) square
    assert d.path[1:] == ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1))  # squeezed along row 1
    short = enemy("ogre", (0, 0), size=2, card=["fight-closest"], move=3) + hero("tom", (8, 1))
    d2 = decide(encounter(CORRIDOR, short), "ogre", RULES, Dice())
    assert d2.action == "move" and d2.destination == (3, 1)  # may stop mid-passage


WALL_WITH_DOOR = "\n".join(
    [
        "....#....",
        "....#....",
        "....{door}....",
        "....{door2}....",
        "....#....",
        "....#....",
    ]
)


def _door_board(double: bool) -> str:
    return WALL_WITH_DOOR.format(door="+", door2="+" if double else "#")


def test_a_large_figure_passes_a_door_one_size_smaller_but_no_narrower():
    three = enemy("troll", (0, 1), size=3, card=["fight-closest"], move=12) + hero("tom", (7, 2))
    single = decide(encounter(_door_board(False), three), "troll", RULES, Dice())
    assert single.action == "hold"  # a 1-wide door is two sizes too small for size 3
    double = decide(encounter(_door_board(True), three), "troll", RULES, Dice())
    assert double.action == "fight" and double.targets == ("tom",)
    two = enemy("ogre", (0, 1), size=2, card=["fight-closest"], move=12) + hero("tom", (7, 2))
    assert decide(encounter(_door_board(False), two), "ogre", RULES, Dice()).action == "fight"


FAN = "\n".join(
    [
        "...#...",
        "...#...",
        "...+...",
        "...#...",
        "...#...",
    ]
)


def test_through_a_doorway_it_reaches_only_the_squares_just_beyond():
    # Ogre (size 2, reach 4) stands beside the door at (3,2). Ann at (1,2) is two
    # squares beyond the wall: fightable. Cy at (0,2) is in clear sight and within
    # reach 4, but three squares beyond: it must move to fight her.
    ann = enemy("ogre", (4, 2), size=2, reach=4, card=["fight-closest"]) + hero("ann", (1, 2))
    assert results(decide(encounter(FAN, ann), "ogre", RULES, Dice())) == {
        ("fight", ("ann",), None)
    }
    cy = enemy("ogre", (4, 2), size=2, reach=4, card=["fight-closest"]) + hero("cy", (0, 2))
    d = decide(encounter(FAN, cy), "ogre", RULES, Dice())
    assert d.destination is not None
    assert step(d, "Moving to fight").outcome == "applied"


def test_a_large_figure_overhanging_a_wall_is_a_valid_encounter():
    units = enemy("ogre", (0, 1), size=2) + hero("tom", (8, 1))
    enc = encounter(CORRIDOR, units)  # its lower squares are over the wall row
    assert enc.unit("ogre").at == (0, 1)
    try:
        encounter(CORRIDOR, enemy("ogre", (2, 1), size=2) + hero("tom", (3, 0)))
    except EncounterFileError:
        pass
    else:
        raise AssertionError("a hero under the block must be refused")


# -- property: every reported path is legal for the board and the mover's size ----------------


def _random_encounter(seed: int) -> tuple[Encounter, str]:
    rng = random.Random(seed)
    width, height = rng.randint(5, 10), rng.randint(5, 10)
    rows = []
    for _ in range(height):
        rows.append("".join(rng.choices(".#+", weights=[8, 2, 1])[0] for _ in range(width)))
    board = Board.from_text("square", "\n".join(rows))
    size = rng.choice([1, 1, 2, 3])
    taken: set = set()
    units = []

    def place(uid, side, unit_size, **stats):
        for _ in range(60):
            at = (rng.randrange(width - unit_size + 1), rng.randrange(height - unit_size + 1))
            cells = set(footprint(at, unit_size))
            if board.passable(at) and not cells & taken:
                taken.update(cells)
                units.append(
                    make_unit(
                        uid,
                        side,
                        at,
                        3,
                        3,
                        stats=stats,
                        priorities=[
                            rng.choice(
                                [
                                    "fight-closest",
                                    "fight-furthest",
                                    "fight-gang",
                                    "shoot-nearest",
                                    "fight-random",
                                ]
                            ),
                            "fight-closest",
                        ]
                        if side == "enemy"
                        else [],
                    )
                )
                return True
        return False

    if not place(
        "mover", "enemy", size, move=rng.randint(1, 8), size=size, reach=rng.choice([1, 1, 2])
    ):
        return None, ""
    for i in range(rng.randint(1, 3)):
        place(f"hero{i}", "player", 1)
    for i in range(rng.randint(0, 3)):
        place(f"foe{i}", "enemy", 1, move=3)
    return Encounter("dungeon-crawl", board, tuple(units)), "mover"


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_every_reported_path_is_legal_for_the_board_and_the_movers_size(seed):
    enc, uid = _random_encounter(seed)
    if enc is None:
        return
    mover = enc.unit(uid)
    size = int(mover.stat("size", 1))
    board = enc.board
    others = {
        c
        for u in enc.units
        if u.id != uid and u.hp > 0
        for c in footprint(u.at, int(u.stat("size", 1)))
    }
    d = decide(enc, uid, RULES, Dice(seed=seed))
    for outcome in (d.outcome, *d.alternatives):
        here = mover.at
        assert len(outcome.path) <= mover.stat("move")
        for anchor in outcome.path:
            assert chebyshev(here, anchor) == 1
            assert board.passable(anchor)
            block = footprint(anchor, size)
            assert all(board.in_bounds(c) for c in block)
            assert not set(block) & others
            door = doorway_at(board, anchor)
            assert door is None or door.width >= size - 1
            here = anchor
        if outcome.path:
            assert outcome.destination == outcome.path[-1]
        else:
            assert outcome.destination is None
