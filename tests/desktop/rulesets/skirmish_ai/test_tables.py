"""skirmish-ai scenarios: base conditions and every D6 table row of the four table types."""

from __future__ import annotations

import pytest

from desktop.engine.cover import in_cover
from desktop.engine.square_geometry import inches
from tests.desktop.rulesets.scenario import decided, encounter, outcomes

RIFLE = 'weapons = [ { name = "Rifle", kind = "ranged", range = 24 } ]'


def enemy(uid, at, ai, extra=RIFLE, statuses=""):
    status = f"\nstatuses = [{statuses}]" if statuses else ""
    return (
        f'id = "{uid}"\nside = "enemy"\nat = {list(at)}\nhp = 5\nmax_hp = 5\nai = "{ai}"\n'
        f"stats = {{ move = 6 }}{status}\n{extra}"
    )


def player(uid, at):
    return f'id = "{uid}"\nside = "player"\nat = {list(at)}\nhp = 5\nmax_hp = 5'


# A hedge row on the left, a wall stub in the middle, open ground toward the players.
FIELD = """
..........................
......ccc.................
..........................
...........#..............
...........#......c.......
...........#..............
..........................
..........................
"""


def field(ai, at=(7, 2), players=((20, 5),), extra=RIFLE, statuses=""):
    units = [enemy("e", at, ai, extra, statuses)]
    units += [player(f"p{i}", p) for i, p in enumerate(players)]
    return encounter("skirmish-ai", FIELD, units)


FIELD_BOARD = encounter("skirmish-ai", FIELD, []).board


def table_step(d):
    return next(t for t in d.trace if t.step.startswith("D6 table"))


# -- aggressive ---------------------------------------------------------------------------------


def test_aggressive_base_condition_charges_into_a_brawl():
    enc = field("aggressive", at=(7, 2), players=((11, 1),))
    d = decided(enc, "e")
    assert d.action == "brawl" and d.targets == ("p0",)
    assert inches(d.destination, (11, 1)) < 1.5
    assert d.rolls == ()  # the base condition holds: no table roll
    assert outcomes(d)[:2] == ["alone", "applied"]


@pytest.mark.parametrize("roll", [1, 2])
def test_aggressive_1_2_manoeuvre_within_cover_to_a_shot(roll):
    d = decided(field("aggressive"), "e", [roll])
    assert d.action == "fire" and d.targets == ("p0",)
    assert d.destination == (7, 1)  # on the hedge, the cheapest covered cell with a clear shot
    assert table_step(d).outcome == "applied"


def test_aggressive_3_next_forward_position():
    d = decided(field("aggressive"), "e", [3])
    assert d.destination == (10, 2)  # beside the wall stub, nearer the players than the hedge
    assert "next forward position" in table_step(d).detail
    assert d.action == "fire"


def test_aggressive_4_advance_using_cover():
    enc = field("aggressive")
    d = decided(enc, "e", [4])
    assert in_cover(enc.board, d.destination)
    assert inches(d.destination, (20, 5)) < inches((7, 2), (20, 5))
    assert d.action == "fire" and d.targets == ("p0",)


def test_aggressive_5_fastest_route_uses_the_whole_move():
    enc = field("aggressive")
    d = decided(enc, "e", [5])
    assert d.destination == (13, 2)
    assert 'covers 6"' in table_step(d).detail
    assert d.action == "fire"


def test_aggressive_6_dashes_when_it_cannot_fire():
    d = decided(field("aggressive"), "e", [6])
    assert d.action == "dash" and d.targets == ()
    assert {d.destination} | {a.destination for a in d.alternatives} == {(15, 2), (14, 4)}
    assert 'covers 8"' in table_step(d).detail


def test_aggressive_6_never_dashes_when_it_can_fire():
    d = decided(field("aggressive", at=(7, 2), players=((20, 2),)), "e", [6])
    assert d.action == "fire"
    assert "never dashes" in table_step(d).detail


# -- cautious -------------------------------------------------------------------------------------


def test_cautious_base_condition_pulls_back_in_cover_and_fires():
    enc = field("cautious", at=(12, 4), players=((20, 4),))
    d = decided(enc, "e")
    assert d.rolls == ()
    assert d.action == "fire" and d.targets == ("p0",)
    assert in_cover(enc.board, d.destination)
    assert inches(d.destination, (20, 4)) > 8


def test_cautious_1_retreats_a_full_move_in_cover():
    enc = field("cautious", at=(10, 4), players=((24, 7),))
    d = decided(enc, "e", [1])
    assert table_step(d).outcome == "applied"
    assert in_cover(enc.board, d.destination)
    assert inches(d.destination, (24, 7)) > inches((10, 4), (24, 7))


@pytest.mark.parametrize("roll", [2, 3])
def test_cautious_2_3_remain_or_manoeuvre(roll):
    d = decided(field("cautious"), "e", [roll])
    assert d.destination == (7, 1) and d.action == "fire"


@pytest.mark.parametrize("roll", [4, 5])
def test_cautious_4_5_advance_to_within_12_in_cover(roll):
    enc = field("cautious", players=((21, 4),))
    d = decided(enc, "e", [roll])
    assert in_cover(enc.board, d.destination)
    assert inches(d.destination, (21, 4)) <= 12 < inches((7, 2), (21, 4))
    far = field("cautious", players=((24, 4),))
    short = decided(far, "e", [roll])  # 12" cannot be reached in cover: as close as it can
    assert "as close as cover allows" in table_step(short).detail
    assert in_cover(far.board, short.destination)


def test_cautious_6_advances_ending_in_cover():
    enc = field("cautious")
    d = decided(enc, "e", [6])
    assert in_cover(enc.board, d.destination)
    assert inches(d.destination, (20, 5)) < inches((7, 2), (20, 5))


# -- tactical -------------------------------------------------------------------------------------


def test_tactical_base_condition_holds_and_fires():
    d = decided(field("tactical", at=(10, 2), players=((18, 2),)), "e")
    assert d.rolls == () and d.action == "fire" and d.destination is None


def test_tactical_1_remains_in_place():
    d = decided(field("tactical"), "e", [1])
    assert d.destination is None


def test_tactical_2_manoeuvres():
    d = decided(field("tactical"), "e", [2])
    assert d.destination == (7, 1)


@pytest.mark.parametrize("roll", [3, 4])
def test_tactical_3_4_forward_position_or_flank_as_alternatives(roll):
    d = decided(field("tactical"), "e", [roll])
    assert d.destination == (10, 2)
    assert "flanking is not possible" in table_step(d).detail  # 13" away: 6" cannot swing 45°
    close = decided(field("tactical", at=(14, 7), players=((18, 7),)), "e", [roll])
    assert in_cover(FIELD_BOARD, close.destination)
    assert close.alternatives  # the flanking moves the players may prefer instead
    assert "flanks" in table_step(close).detail
    flank = close.alternatives[-1]
    assert inches(flank.destination, (18, 7)) <= 4


@pytest.mark.parametrize("roll", [5, 6])
def test_tactical_5_6_advance_using_cover(roll):
    enc = field("tactical")
    d = decided(enc, "e", [roll])
    assert in_cover(enc.board, d.destination)


# -- defensive ------------------------------------------------------------------------------------


def test_defensive_base_condition_needs_an_opponent_in_the_open():
    d = decided(field("defensive", at=(7, 1), players=((20, 1),)), "e")
    assert d.rolls == () and d.action == "fire" and d.destination is None
    covered = decided(field("defensive", at=(7, 1), players=((18, 3),)), "e", [1])
    assert len(covered.rolls) >= 1  # the target stands in cover: the table is rolled


def test_defensive_1_holds():
    assert decided(field("defensive"), "e", [1]).destination is None


@pytest.mark.parametrize("roll", [2, 3, 4])
def test_defensive_2_4_manoeuvre(roll):
    assert decided(field("defensive"), "e", [roll]).destination == (7, 1)


def test_defensive_5_next_forward_position():
    assert decided(field("defensive"), "e", [5]).destination == (10, 2)


def test_defensive_6_advance_using_cover():
    enc = field("defensive")
    d = decided(enc, "e", [6])
    assert in_cover(enc.board, d.destination)
    assert inches(d.destination, (20, 5)) < inches((7, 2), (20, 5))


# -- fallback ------------------------------------------------------------------------------------


def test_impossible_row_falls_back_to_stay_and_fire():
    # Open ground everywhere: no cover to manoeuvre in or dash to, and it can fire.
    enc = encounter(
        "skirmish-ai",
        "." * 20 + "\n" + "." * 20,
        [enemy("e", (0, 0), "aggressive"), player("p", (19, 1))],
    )
    d = decided(enc, "e", [1])
    assert table_step(d).outcome == "impossible"
    assert "never dashes" in table_step(d).detail
    assert d.trace[-2].step.startswith("Fallback") and d.trace[-2].outcome == "applied"
    assert d.action == "fire" and d.destination is None and d.targets == ("p",)


def test_table_rows_in_the_data_cover_one_to_six():
    from desktop.rulesets.registry import get_ruleset
    from desktop.rulesets.skirmish_ai.ruleset import TABLES, _row_text

    data = get_ruleset("skirmish-ai").data
    for ai, table in TABLES.items():
        assert sorted(table) == [1, 2, 3, 4, 5, 6]
        for value in range(1, 7):
            assert _row_text(data.ai_types[ai].table, value) != "(no row)"
