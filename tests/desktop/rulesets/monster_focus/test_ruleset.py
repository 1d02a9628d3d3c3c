"""monster-focus on small boards written here: focus ties, invisibility, the trace, and
the encounter-file additions (thin walls, terrain, [rules], aoe)."""

from __future__ import annotations

import pytest

from desktop.encounter_file import EncounterFileError, dump_encounter, parse_encounter
from desktop.engine.decide import decide
from desktop.rulesets.registry import get_ruleset

RULES = get_ruleset("monster-focus")
BOARD = """
.......
.......
.......
.......
.......
.......
.......
"""


def encounter(units: str, variant: str = "gloomhaven", cells: str = BOARD, extra: str = ""):
    return parse_encounter(f'''
format = 1
ruleset = "monster-focus"
[rules]
variant = "{variant}"
[board]
shape = "hex"
cells = """{cells}"""
{extra}
{units}
''')


def unit(uid: str, side: str, at, stats: str, more: str = "") -> str:
    return f'''
[[units]]
id = "{uid}"
side = "{side}"
at = {list(at)}
hp = 10
max_hp = 10
stats = {{ {stats} }}
{more}
'''


def outcomes(decision) -> set:
    every = [decision.outcome, *decision.alternatives]
    return {(o.destination, frozenset(o.targets)) for o in every}


def test_the_nearer_character_is_the_focus_and_the_trace_gives_the_numbers():
    enc = encounter(
        unit("near", "player", (3, 2), "initiative = 50")
        + unit("far", "player", (3, 6), "initiative = 10")
        + unit("orc", "enemy", (3, 0), "move = 2, range = 0, targets = 1")
    )
    decision = decide(enc, "orc", RULES)
    assert decision.action == "attack" and decision.targets == ("near",)
    # Two hexes next to it, one step away each: the players pick.
    assert outcomes(decision) == {((2, 1), frozenset({"near"})), ((3, 1), frozenset({"near"}))}
    focus = decision.trace[0].detail
    assert "near: attackable after 0 traps and 1 movement point, 2 hexes away" in focus
    assert "far: needs more than the best above, 6 hexes away, initiative 10" in focus
    assert "focus near" in focus


def test_equal_standing_leaves_the_focus_to_the_players():
    enc = encounter(
        unit("a", "player", (1, 3), "initiative = 20")
        + unit("b", "player", (5, 3), "initiative = 20")
        + unit("orc", "enemy", (3, 3), "move = 2, range = 0, targets = 1")
    )
    decision = decide(enc, "orc", RULES)
    assert {t for _, targets in outcomes(decision) for t in targets} == {"a", "b"}
    assert "tied foci a, b: the players choose" in decision.trace[0].detail


def test_an_invisible_character_is_never_focused_but_still_blocks_the_way():
    enc = encounter(
        unit("ghost", "player", (3, 2), "initiative = 5", 'statuses = ["invisible"]')
        + unit("seen", "player", (3, 6), "initiative = 90")
        + unit("orc", "enemy", (3, 0), "move = 9, range = 0, targets = 1")
    )
    decision = decide(enc, "orc", RULES)
    assert decision.targets == ("seen",)
    assert (3, 2) not in decision.path


def test_alone_with_no_character_it_holds():
    enc = encounter(unit("orc", "enemy", (3, 0), "move = 3, range = 0, targets = 1"))
    decision = decide(enc, "orc", RULES)
    assert decision.action == "hold" and decision.destination is None


def test_the_trace_is_titled_from_the_data_and_a_dead_monster_takes_no_turn():
    hero = unit("hero", "player", (3, 3), "initiative = 10")
    orc = unit("orc", "enemy", (3, 0), "move = 2, range = 0, targets = 1")
    decision = decide(encounter(hero + orc), "orc", RULES)
    assert [t.step for t in decision.trace] == ["1. Find the focus", "2. Move", "3. Attack"]
    assert decision.ai == "standard"
    dead = decide(encounter(hero + orc.replace("\nhp = 10", "\nhp = 0")), "orc", RULES)
    assert dead.action == "hold" and dead.summary == "Dead: no turn"
    assert [(t.step, t.detail) for t in dead.trace] == [
        ("Dead", "HP 0: it is dead and takes no turn")
    ]


def test_a_thin_wall_stops_a_melee_attack_across_it():
    plain = encounter(
        unit("hero", "player", (3, 1), "initiative = 10")
        + unit("orc", "enemy", (3, 0), "move = 0, range = 0, targets = 1")
    )
    walled = encounter(
        unit("hero", "player", (3, 1), "initiative = 10")
        + unit("orc", "enemy", (3, 0), "move = 0, range = 0, targets = 1"),
        extra="thin_walls = [[[3, 0], [3, 1]]]",
    )
    assert decide(plain, "orc", RULES).targets == ("hero",)
    assert decide(walled, "orc", RULES).action == "hold"


def test_a_trap_on_the_short_way_is_walked_round():
    cells = "\n.......\n.......\n...^...\n.......\n.......\n.......\n.......\n"
    enc = encounter(
        unit("hero", "player", (3, 3), "initiative = 10")
        + unit("orc", "enemy", (3, 1), "move = 3, range = 0, targets = 1"),
        cells=cells,
    )
    decision = decide(enc, "orc", RULES)
    assert decision.targets == ("hero",)
    assert (3, 2) not in decision.path and decision.destination != (3, 2)


def test_the_file_additions_survive_saving_and_loading():
    enc = encounter(
        unit("hero", "player", (3, 3), "initiative = 10")
        + unit(
            "orc",
            "enemy",
            (3, 1),
            "move = 3, range = 0, targets = 1",
            'aoe = { kind = "melee", hexes = [[1, 0], [1, -1]] }',
        ),
        variant="frosthaven",
        cells="\n" + BOARD.strip().replace(".", "*", 1) + "\n",
        extra='thin_walls = [[[0, 0], [1, 0]]]\nborder_walls = [{ at = [6, 6], side = "SE" }]',
    )
    again = parse_encounter(dump_encounter(enc))
    assert again == enc
    assert again.rules["variant"] == "frosthaven"
    assert again.unit("orc").aoe.hexes == ((1, 0), (1, -1))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("thin_walls = [[[0, 0], [3, 3]]]", "are not neighbours"),
        ('border_walls = [{ at = [3, 3], side = "E" }]', "not on the board's edge"),
    ],
)
def test_walls_that_are_not_on_a_shared_side_are_refused(extra, message):
    with pytest.raises(EncounterFileError, match=message):
        encounter(unit("orc", "enemy", (3, 1), "move = 3"), extra=extra)


def test_an_unknown_variant_and_a_mismatched_area_are_refused():
    with pytest.raises(EncounterFileError, match=r"'variant'.*expected one of"):
        encounter(unit("orc", "enemy", (3, 1), "move = 3"), variant="descent")
    with pytest.raises(EncounterFileError, match="aoe kind 'ranged' does not match range 0"):
        encounter(
            unit(
                "orc",
                "enemy",
                (3, 1),
                "move = 3, range = 0",
                'aoe = { kind = "ranged", hexes = [[0, 0], [1, 0]] }',
            )
        )


def test_other_rulesets_refuse_the_new_terrain():
    with pytest.raises(EncounterFileError, match="'x' \\(obstacle\\) is not used by hex-quest"):
        parse_encounter(
            'format = 1\nruleset = "hex-quest"\n[board]\nshape = "hex"\n'
            'cells = """\n..x\n...\n"""\n'
        )


def test_a_walled_in_character_is_said_to_be_walled_off_not_a_huge_number_of_hexes_away():
    walled_in = """
.......
.......
.......
.......
.....##
....#.#
.....##
"""
    enc = encounter(
        unit("near", "player", (3, 2), "initiative = 50")
        + unit("shut", "player", (5, 5), "initiative = 10")
        + unit("orc", "enemy", (3, 0), "move = 2, range = 0, targets = 1"),
        cells=walled_in,
    )
    decision = decide(enc, "orc", RULES)
    assert decision.targets == ("near",)
    # Proximity is counted round the walls; the ring of wall hexes leaves no way to "shut".
    assert "shut: needs more than the best above, walled off (no proximity)" in (
        decision.trace[0].detail
    )
