"""dungeon-crawl: the card's tactics, fall-through, clear-sight moves and activation order."""

from __future__ import annotations

import pytest

from desktop.encounter_file import EncounterFileError
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.samples import sample_path
from tests.desktop.rulesets.dungeon_crawl.helpers import (
    BOW,
    RULES,
    SPELL,
    encounter,
    enemy,
    hero,
    results,
    step,
)

OPEN_9 = "\n".join(["........."] * 9)


# -- shooting tactics ------------------------------------------------------------------------


def _archer(card, move=0, at=(4, 4), weapons=BOW):
    return enemy("archer", at, card=card, move=move, weapons=weapons)


def test_shoot_nearest_counts_king_moves_and_ties_are_alternatives():
    units = (
        _archer(["shoot-nearest"]) + hero("ann", (4, 1)) + hero("bo", (7, 4)) + hero("cy", (0, 0))
    )
    d = decide(encounter(OPEN_9, units), "archer", RULES, Dice())
    assert results(d) == {("shoot", ("ann",), None), ("shoot", ("bo",), None)}
    assert (
        "ann 3 squares, bo 3 squares, cy 4 squares"
        in step(d, "2. Shooting phase: shoot-nearest").detail
    )


def test_shoot_furthest():
    units = (
        _archer(["shoot-furthest"]) + hero("ann", (4, 1)) + hero("bo", (7, 4)) + hero("cy", (0, 0))
    )
    d = decide(encounter(OPEN_9, units), "archer", RULES, Dice())
    assert results(d) == {("shoot", ("cy",), None)}


def test_shoot_gang_takes_the_previous_enemys_target():
    units = _archer(["shoot-gang", "shoot-nearest"]) + hero("ann", (4, 1)) + hero("cy", (0, 0))
    d = decide(encounter(OPEN_9, units, '[state]\nprevious_target = "cy"'), "archer", RULES, Dice())
    assert d.targets == ("cy",) and d.alternatives == ()


def test_shoot_gang_with_no_previous_target_falls_through_to_the_next_priority():
    units = _archer(["shoot-gang", "shoot-nearest"]) + hero("ann", (4, 1)) + hero("cy", (0, 0))
    d = decide(encounter(OPEN_9, units), "archer", RULES, Dice())
    assert d.targets == ("ann",)
    assert step(d, "2. Shooting phase: shoot-gang").outcome == "skipped"
    assert step(d, "2. Shooting phase: shoot-nearest").outcome == "applied"


def test_shoot_new_skips_heroes_already_shot_and_falls_through_when_all_were():
    units = _archer(["shoot-new", "shoot-furthest"]) + hero("ann", (4, 1)) + hero("cy", (0, 0))
    d = decide(
        encounter(OPEN_9, units, '[state]\nshot_this_round = ["cy"]'), "archer", RULES, Dice()
    )
    assert d.targets == ("ann",)
    everyone = '[state]\nshot_this_round = ["cy", "ann"]'
    d2 = decide(encounter(OPEN_9, units, everyone), "archer", RULES, Dice())
    assert step(d2, "2. Shooting phase: shoot-new").detail == (
        "every hero has been shot at this round"
    )
    assert d2.targets == ("cy",)  # shoot-furthest


def test_shoot_random_goes_through_the_dice_and_is_recorded():
    units = (
        _archer(["shoot-random"]) + hero("ann", (4, 1)) + hero("bo", (7, 4)) + hero("cy", (0, 0))
    )
    d = decide(encounter(OPEN_9, units), "archer", RULES, Dice([3]))
    assert d.targets == ("cy",)
    assert [(r.die, r.value) for r in d.rolls] == [("d3", 3)]
    assert "1 ann, 2 bo, 3 cy" in d.rolls[0].purpose
    assert d.alternatives == ()


def test_a_spell_comes_before_shooting():
    units = _archer(["shoot-nearest"], weapons=f"{SPELL}, {BOW}") + hero("ann", (4, 1))
    d = decide(encounter(OPEN_9, units), "archer", RULES, Dice())
    assert d.action == "cast" and d.targets == ("ann",)
    assert step(d, "1. Spell phase: shoot-nearest").outcome == "applied"
    assert not any(t.step.startswith("2.") for t in d.trace)


def test_a_figure_without_missiles_skips_to_fighting():
    units = enemy("brute", (4, 4), card=["shoot-nearest", "fight-closest"]) + hero("ann", (4, 3))
    d = decide(encounter(OPEN_9, units), "brute", RULES, Dice())
    assert d.action == "fight" and d.targets == ("ann",) and d.destination is None
    assert step(d, "2. Shooting phase").detail == "it carries no missile weapon"


# -- moving for clear sight ------------------------------------------------------------------


def test_with_clear_sight_it_backs_straight_away_as_far_as_it_can():
    units = _archer(["shoot-nearest"], move=2) + hero("ann", (4, 1))
    d = decide(encounter(OPEN_9, units), "archer", RULES, Dice())
    assert d.action == "shoot" and d.destination == (4, 6) and len(d.path) == 2
    assert d.alternatives == ()
    assert "moves backwards 2 squares" in step(d, "Moving for clear sight").detail


LEFT_OR_RIGHT = "\n".join(
    [
        ".........",
        ".........",
        ".........",
        "....#....",
        ".........",
        "#########",
    ]
)


def test_with_no_way_back_it_tries_left_before_right():
    # A wall square between archer (4,4) and Ann (4,1); the wall row behind it stops
    # any move back. Both side squares see Ann from 3 squares: left (west) wins.
    units = _archer(["shoot-nearest"], move=1) + hero("ann", (4, 1))
    d = decide(encounter(LEFT_OR_RIGHT, units), "archer", RULES, Dice())
    assert d.action == "shoot"
    assert d.destination == (3, 4)
    assert d.alternatives == ()
    assert "lacks clear sight" in step(d, "Moving for clear sight").detail


def test_it_stays_put_when_no_square_is_farther_with_clear_sight():
    units = _archer(["shoot-nearest"], move=2) + hero("ann", (4, 1))
    cells = "\n".join(
        [".........", ".........", ".........", ".........", ".........", "#########"]
    )
    d = decide(encounter(cells, units), "archer", RULES, Dice())
    assert d.action == "shoot" and d.destination is None and d.path == ()
    assert "stays where it is" in step(d, "Moving for clear sight").detail


WALLED = "\n".join(
    [
        ".........",
        "....#....",
        "....#....",
        "....#....",
        ".........",
    ]
)


def test_no_clear_sight_anywhere_it_can_reach_means_it_fights_instead():
    # Nearest hero Ned is behind the wall; the farther Fay is in plain view, but the
    # card's first shooting pick has no clear sight, so it fights (no second shot pick).
    units = (
        _archer(["shoot-nearest", "shoot-furthest", "fight-closest"], move=1, at=(3, 2))
        + hero("ned", (5, 2))
        + hero("fay", (0, 0))
    )
    d = decide(encounter(WALLED, units), "archer", RULES, Dice())
    sight = step(d, "Moving for clear sight")
    assert sight.outcome == "skipped" and "fights instead" in sight.detail
    assert not any("shoot-furthest" in t.step for t in d.trace)
    assert d.action in ("fight", "move")
    assert step(d, "3. Fighting phase: fight-closest").outcome == "applied"


# -- fighting tactics ------------------------------------------------------------------------

ROUTE = "\n".join(
    [
        ".......",
        ".......",
        "#####..",
        ".......",
    ]
)


def test_fight_closest_counts_squares_moved_not_straight_distance():
    # Ann is 3 squares away in a straight count but 9 moves round the wall; Bo is 5 moves.
    units = (
        enemy("orc", (0, 3), card=["fight-closest"], move=10)
        + hero("ann", (0, 0))
        + hero("bo", (6, 3))
    )
    d = decide(encounter(ROUTE, units), "orc", RULES, Dice())
    assert d.action == "fight" and d.targets == ("bo",)
    assert (
        "ann 9 squares to reach, bo 5 squares to reach"
        in step(d, "3. Fighting phase: fight-closest").detail
    )


def test_fight_furthest():
    units = (
        enemy("orc", (0, 3), card=["fight-furthest"], move=10)
        + hero("ann", (0, 0))
        + hero("bo", (6, 3))
    )
    d = decide(encounter(ROUTE, units), "orc", RULES, Dice())
    assert d.targets == ("ann",) and len(d.path) == 9


def test_fight_gang_picks_the_hero_with_most_enemies_next_to_them():
    units = (
        enemy("orc", (0, 0), card=["fight-gang"])
        + enemy("g1", (5, 4))
        + enemy("g2", (6, 5))
        + enemy("g3", (2, 7))
        + hero("ann", (6, 4))
        + hero("bo", (2, 6))
    )
    d = decide(encounter(OPEN_9, units), "orc", RULES, Dice())
    # g1 holds Ann's west square and g2 her south one: it flanks to the nearer opposite, north.
    assert results(d) == {("fight", ("ann",), (6, 3))}
    assert (
        "ann 2 enemies, bo 1 enemy next to them" in step(d, "3. Fighting phase: fight-gang").detail
    )


def test_fight_gang_with_nobody_ganged_up_on_falls_through():
    units = (
        enemy("orc", (0, 0), card=["fight-gang", "fight-furthest"])
        + hero("ann", (6, 4))
        + hero("bo", (2, 2))
    )
    d = decide(encounter(OPEN_9, units), "orc", RULES, Dice())
    assert step(d, "3. Fighting phase: fight-gang").outcome == "skipped"
    assert step(d, "3. Fighting phase: fight-furthest").outcome == "applied"


def test_fight_individual_picks_heroes_with_no_enemy_next_to_them():
    units = (
        enemy("orc", (0, 0), card=["fight-individual"])
        + enemy("g1", (5, 4))
        + hero("ann", (6, 4))
        + hero("bo", (2, 6))
        + hero("cy", (8, 8))
    )
    d = decide(encounter(OPEN_9, units), "orc", RULES, Dice())
    # A tie for the players: fight Bo (reachable now), or head 6 squares toward Cy.
    assert {(o[0], o[1]) for o in results(d)} == {("fight", ("bo",)), ("move", ())}
    chosen = step(d, "3. Fighting phase: fight-individual").detail
    assert chosen.endswith("→ bo and cy")


def test_fight_random_rolls_among_reachable_heroes():
    units = enemy("orc", (0, 0), card=["fight-random"]) + hero("ann", (6, 4)) + hero("bo", (1, 1))
    d = decide(encounter(OPEN_9, units), "orc", RULES, Dice([2]))
    assert d.targets == ("bo",) and d.action == "fight" and d.destination is None
    assert [(r.die, r.value) for r in d.rolls] == [("d2", 2)]


def test_no_hero_it_can_reach_holds():
    cells = "\n".join(["..#..", "..#..", "..#.."])
    units = enemy("orc", (0, 1), card=["fight-closest"]) + hero("ann", (4, 1))
    d = decide(encounter(cells, units), "orc", RULES, Dice())
    assert d.action == "hold" and d.destination is None
    assert "no way to reach" in step(d, "3. Fighting phase: fight-closest").detail


def test_a_card_without_priorities_uses_the_default_card():
    units = '[[units]]\nid = "orc"\nside = "enemy"\nat = [4, 4]\nhp = 2\nmax_hp = 2\n' + hero(
        "ann", (4, 3)
    )
    d = decide(encounter(OPEN_9, units), "orc", RULES, Dice())
    assert d.action == "fight" and "Card: shoot-nearest, fight-closest" in d.notes


# -- activation order and validation ---------------------------------------------------------


def test_activation_goes_from_the_lowest_square_left_to_right():
    units = (
        enemy("top", (2, 0))
        + enemy("right", (5, 5))
        + enemy("left", (1, 5))
        + enemy("ogre", (3, 3), size=2)
        + enemy("dead", (0, 8), hp=0)
        + hero("ann", (8, 8))
    )
    order = RULES.order(encounter(OPEN_9, units))
    # ogre's lowest square is (3,4): above row 5.
    assert order.order == ("left", "right", "ogre", "top")
    assert order.ties == ()


def test_overlapping_large_figures_are_refused():
    units = enemy("ogre", (2, 2), size=2) + enemy("troll", (3, 3), size=2) + hero("ann", (8, 8))
    with pytest.raises(EncounterFileError, match=r"troll.*already taken by 'ogre'"):
        encounter(OPEN_9, units)
    with pytest.raises(EncounterFileError, match="off the 9x9 board"):
        encounter(OPEN_9, enemy("ogre", (8, 8), size=2))
    with pytest.raises(EncounterFileError, match="size"):
        encounter(OPEN_9, enemy("ogre", (1, 1), size=0))


def test_the_bundled_guard_room_sample():

    from desktop.encounter_file import load_encounter

    enc = load_encounter(sample_path("dungeon-crawl-guard-room.toml"))
    assert RULES.order(enc).order == ("ogre", "goblin-b", "goblin-a", "orc-archer")
    archer = decide(enc, "orc-archer", RULES, Dice())
    assert archer.action == "shoot" and "barbarian" not in archer.targets
    assert {o[1] for o in results(archer)} == {("dwarf",), ("elf",)}
    flanker = decide(enc, "goblin-b", RULES, Dice())
    assert results(flanker) == {("fight", ("barbarian",), (4, 3))}
    ogre = decide(enc, "ogre", RULES, Dice())
    assert ogre.action == "move" and len(ogre.path) == 6


def test_enemies_next_to_a_hero_count_every_square_of_a_large_figure():
    # The count is looked up around the hero's block: an ogre whose 2x2 block touches the
    # hero only by its far corner counts, one a square further away does not.
    enc = encounter(
        OPEN_9,
        hero("hero", (4, 4))
        + enemy("ogre", (2, 2), size=2)  # covers (2..3, 2..3): (3, 3) touches the hero
        + enemy("troll", (6, 6), size=2)  # covers (6..7, 6..7): a square away
        + enemy("imp", (5, 4))
        + enemy("asker", (0, 8)),
    )
    world = RULES.context(enc, enc.unit("asker"), Dice())
    assert [e.id for e in world.enemies_adjacent_to(enc.unit("hero"))] == ["ogre", "imp"]
