"""skirmish-ai movement extras: windows, swift figures gliding down and leaping wide gaps."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.engine.decision import APPLIED
from tests.desktop.rulesets.scenario import decided, encounter
from tests.desktop.rulesets.skirmish_ai.test_tables import enemy, player

CLAWS = 'weapons = [ { name = "Claws", kind = "melee", range = 1 } ]'


def steps(d, name):
    return [t for t in d.trace if t.step == name]


def with_heights(cells: str, heights: str, units: list[str]):
    text = (
        f'format = 1\nruleset = "skirmish-ai"\n[board]\nshape = "square"\n'
        f'cells = """\n{cells.strip()}\n"""\nheights = """\n{heights.strip()}\n"""\n'
    )
    text += "".join(f"[[units]]\n{u.strip()}\n" for u in units)
    return parse_encounter(text, "scenario.toml")


# -- windows ------------------------------------------------------------------------------------

WALL_WITH_WINDOW = """
.....#......
.....#......
.....=......
.....#......
.....#......
"""


def test_charge_climbs_through_the_window_at_two_extra_inches():
    # (1" + 2" through the window) + 1" + 1" + 1" = 6": just within its move to brawl.
    enc = encounter(
        "skirmish-ai",
        WALL_WITH_WINDOW,
        [enemy("e", (4, 2), "aggressive", CLAWS), player("p", (9, 2))],
    )
    d = decided(enc, "e")
    assert d.action == "brawl" and d.targets == ("p",)
    assert d.destination == (8, 2) and d.path == ((5, 2), (6, 2), (7, 2), (8, 2))
    assert d.rolls == ()
    assert 'with 6" of its 6" move' in d.trace[1].detail


def test_one_inch_more_and_the_window_puts_the_brawl_out_of_reach():
    enc = encounter(
        "skirmish-ai",
        WALL_WITH_WINDOW,
        [enemy("e", (3, 2), "aggressive", CLAWS), player("p", (9, 2))],
    )
    d = decided(enc, "e", [5])  # base condition fails: row 5, the fastest route
    assert d.trace[1].outcome == "skipped"
    assert d.action == "move" and d.path == ((4, 2), (5, 2), (6, 2), (7, 2))
    assert d.destination == (7, 2)  # 1" + 3" + 1" + 1" = its 6", 1" short of a brawl


def test_a_window_does_not_block_sight_for_firing():
    rifle = 'weapons = [ { name = "Rifle", kind = "ranged", range = 24 } ]'
    enc = encounter(
        "skirmish-ai",
        WALL_WITH_WINDOW,
        [enemy("e", (1, 2), "tactical", rifle), player("p", (10, 2))],
    )
    d = decided(enc, "e", [1])  # row 1: hold position and fire
    assert d.action == "fire" and d.targets == ("p",) and d.destination is None


# -- swift: gliding down -----------------------------------------------------------------------

ROOF = """
............
............
............
............
............
"""
ROOF_HEIGHTS = """
555000000000
555000000000
555000000000
555000000000
555000000000
"""


def test_swift_glides_down_from_the_roof_to_brawl():
    swift = enemy("e", (2, 2), "aggressive", CLAWS + '\ntags = ["swift"]')
    enc = with_heights(ROOF, ROOF_HEIGHTS, [swift, player("p", (8, 2))])
    d = decided(enc, "e")
    # Climbing down costs 1" + 5": nothing left to reach the player. Gliding lands up to 5"
    # away (it loses 5" of height), next to the player.
    assert d.action == "brawl" and d.targets == ("p",)
    assert d.destination == (7, 2) and d.path == ((7, 2),)
    glide = steps(d, "Swift: glide down")
    assert glide and glide[0].outcome == APPLIED
    assert 'from [2, 2] (height 5") down 5" to [7, 2], 5" away' in glide[0].detail


def test_without_swift_it_cannot_glide():
    plain = enemy("e", (2, 2), "aggressive", CLAWS)
    enc = with_heights(ROOF, ROOF_HEIGHTS, [plain, player("p", (8, 2))])
    d = decided(enc, "e", [5])
    assert d.trace[1].outcome == "skipped"  # no brawl within its move
    assert not steps(d, "Swift: glide down")
    assert d.destination == (3, 2)  # it climbs down the side instead (6")


def test_a_glide_never_replaces_a_dash():
    swift = enemy("e", (2, 2), "aggressive", CLAWS + '\ntags = ["swift"]')
    enc = with_heights(ROOF, ROOF_HEIGHTS, [swift, player("p", (11, 2))])
    d = decided(enc, "e", [6])  # row 6: dash at the nearest opponent by the quickest route
    assert d.action == "dash" and not steps(d, "Swift: glide down")
    assert d.destination == (5, 2)  # 6" down the side + 2" further, walking


# -- leaping gaps --------------------------------------------------------------------------------

CHASM = """
....~~~.....
....~~~.....
....~~~.....
....~~~.....
....~~~.....
"""


def test_swift_leaps_a_three_inch_gap_on_its_way_to_brawl():
    swift = enemy("e", (2, 2), "aggressive", CLAWS + '\ntags = ["swift"]')
    enc = encounter("skirmish-ai", CHASM, [swift, player("p", (9, 2))])
    d = decided(enc, "e")
    assert d.action == "brawl" and d.destination == (8, 2)
    assert d.path == ((3, 2), (7, 2), (8, 2))  # the leap enters only its landing cell
    leap = steps(d, "Leap")
    assert [t.detail for t in leap] == [
        'it leaps the 3" gap between [3, 2] and [7, 2] as part of its move (gaps up to 4" (swift))'
    ]


def test_only_swift_figures_leap_more_than_two_inches():
    plain = enemy("e", (2, 2), "aggressive", CLAWS)
    enc = encounter("skirmish-ai", CHASM, [plain, player("p", (9, 2))])
    d = decided(enc, "e", [5])
    assert d.trace[1].outcome == "skipped"
    assert not steps(d, "Leap")
    assert d.destination is None  # no route to the player: it stays (the fallback row)


def test_swift_glides_when_a_table_row_advances_it():
    rifle = 'weapons = [ { name = "Rifle", kind = "ranged", range = 24 } ]\ntags = ["swift"]'
    cells = """
............
.......c....
.......c....
.......c....
............
"""
    enc = with_heights(
        cells, ROOF_HEIGHTS, [enemy("e", (2, 2), "tactical", rifle), player("p", (11, 2))]
    )
    d = decided(enc, "e", [5, 1])  # row 5: close on the nearest opponent using cover, fire
    assert d.action == "fire" and d.targets == ("p",)
    assert d.destination == (7, 2) and d.path == ((7, 2),)  # onto the hedge, 5" out and down
    assert steps(d, "Swift: glide down")[0].outcome == APPLIED
