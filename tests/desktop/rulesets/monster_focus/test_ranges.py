"""monster-focus: the board's movement and attack range overlays follow the monster rules
(hexes reachable by its own movement, range counted around walls, sight as its variant reads
it), not the plain distances of the other rule systems (which drew nothing here)."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.engine.hex_geometry import hex_distance
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from tests.desktop.rulesets.monster_focus.test_ruleset import encounter, unit

RULES = get_ruleset("monster-focus")


def within(centre, low: int, high: int, width: int = 7, height: int = 7) -> set:
    return {
        (c, r)
        for r in range(height)
        for c in range(width)
        if low <= hex_distance((c, r), centre) <= high
    }


def test_on_open_ground_the_ranges_are_the_hexes_within_move_and_range():
    enc = encounter(
        unit("orc", "enemy", (3, 3), "move = 2, range = 3, targets = 1")
        + unit("brute", "player", (6, 6), "initiative = 30")
    )
    assert RULES.movement_range(enc, "orc") == within((3, 3), 0, 2)
    assert RULES.attack_range(enc, "orc") == within((3, 3), 1, 3)


def test_a_melee_monster_reaches_its_neighbours_and_nothing_across_a_thin_wall():
    east = [[3, 3], [4, 3]]
    enc = encounter(
        unit("orc", "enemy", (3, 3), "move = 1, range = 0, targets = 1")
        + unit("brute", "player", (6, 6), "initiative = 30"),
        extra=f"thin_walls = [{east}]",
    )
    assert RULES.attack_range(enc, "orc") == within((3, 3), 1, 1) - {(4, 3)}
    # One movement point never crosses the thin wall (it goes round in three).
    assert (4, 3) not in RULES.movement_range(enc, "orc")
    assert RULES.movement_range(enc, "orc") == within((3, 3), 0, 1) - {(4, 3)}


def test_range_is_counted_around_wall_hexes():
    cells = "\n".join([".......", ".......", "..###..", ".......", ".......", ".......", "......."])
    enc = encounter(
        unit("archer", "enemy", (3, 3), "move = 0, range = 2, targets = 1")
        + unit("brute", "player", (6, 6), "initiative = 30"),
        cells=cells,
    )
    reach = RULES.attack_range(enc, "archer")
    assert (3, 1) not in reach  # two hexes away in a line, four round the wall
    assert not reach & {(2, 2), (3, 2), (4, 2)}  # the wall hexes themselves
    assert (3, 5) in reach and (1, 3) in reach
    assert RULES.movement_range(enc, "archer") == set()  # move 0: it stays


def test_movement_follows_its_own_rules_difficult_ground_obstacles_jump_and_figures():
    cells = "\n".join([".......", ".......", ".......", "..xxx..", ".......", ".......", "......."])
    walker = unit("orc", "enemy", (3, 4), "move = 2, range = 0, targets = 1")
    jumper = unit("orc", "enemy", (3, 4), "move = 2, range = 0, targets = 1", 'tags = ["jump"]')
    brute = unit("brute", "player", (6, 6), "initiative = 30")
    walking = RULES.movement_range(encounter(walker + brute, cells=cells), "orc")
    jumping = RULES.movement_range(encounter(jumper + brute, cells=cells), "orc")
    assert (3, 2) not in walking  # the obstacles are in its way
    assert (3, 2) in jumping  # a jump goes over them
    assert not (walking | jumping) & {(2, 3), (3, 3), (4, 3)}  # nobody ends on an obstacle
    # Difficult ground costs two points to enter: one step onto it, then no further.
    rough = "\n".join([".......", ".......", ".......", ".,,,,,.", ".......", ".......", "......."])
    slow = RULES.movement_range(encounter(walker + brute, cells=rough), "orc")
    assert (3, 3) in slow and (3, 2) not in slow
    # A character bars the way; a fellow monster may be passed but not stopped on.
    figures = (
        unit("orc", "enemy", (0, 3), "move = 2, range = 0, targets = 1")
        + unit("goblin", "enemy", (1, 3), "move = 2, range = 0, targets = 1")
        + unit("brute", "player", (0, 2), "initiative = 30")
    )
    reach = RULES.movement_range(encounter(figures), "orc")
    assert (1, 3) not in reach and (2, 3) in reach  # past the goblin
    assert (0, 2) not in reach


def test_the_thin_wall_archer_cannot_shoot_past_the_walls_tip_from_where_it_stands():
    text = sample_path("monster-focus-thin-wall-archer.toml").read_text(encoding="utf-8")
    enc = parse_encounter(text)
    brute = enc.unit("brute").at
    reach = RULES.attack_range(enc, "archer")
    assert brute not in reach  # so it steps out to shoot (the decision's [1, 6])
    assert (1, 6) in RULES.movement_range(enc, "archer")
    decision_hex = (1, 6)
    moved = enc.evolve(
        units=tuple(u.evolve(at=decision_hex) if u.id == "archer" else u for u in enc.units)
    )
    assert brute in RULES.attack_range(moved, "archer")
