"""card-flip-rpg: one scenario per clause of the five-rule chain and its helpers."""

from __future__ import annotations

import pytest

from desktop.engine.units import make_unit
from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.card_flip_rpg.words import (
    average_party_level,
    enemy_attack_bonus,
    flip_meaning,
    is_low,
    untrained_defence_increase,
)
from tests.desktop.rulesets.scenario import decided, encounter, outcomes

RULESET = "card-flip-rpg"


def enemy(id="orc", at=(0, 0), hp=10, max_hp=10, move=3, range_=1, extra=""):
    return (
        f'id = "{id}"\nside = "enemy"\nat = {list(at)}\nhp = {hp}\nmax_hp = {max_hp}\n'
        f"stats = {{ move = {move}, range = {range_} }}\n{extra}"
    )


def player(id, at, hp=10, lift=0, level=1):
    return (
        f'id = "{id}"\nname = "{id.capitalize()}"\nside = "player"\n'
        f"at = {list(at)}\nhp = {hp}\nmax_hp = 20\n"
        f"stats = {{ lift = {lift}, level = {level} }}\n"
    )


OPEN_7 = "\n".join(["......."] * 7)


# -- 1. flee --------------------------------------------------------------------------------


def test_low_enemy_flees_to_the_farthest_square_from_the_nearest_player():
    cells = "\n".join(["......."] * 1)
    enc = encounter(RULESET, cells, [enemy(at=(2, 0), hp=2), player("aria", (1, 0))])
    d = decided(enc, "orc")
    assert d.action == "flee"
    assert d.destination == (5, 0)
    assert d.path == ((3, 0), (4, 0), (5, 0))
    assert d.alternatives == ()
    assert outcomes(d) == ["applied"]
    assert "nearest player Aria is 1 square away" in d.trace[0].detail


def test_flee_never_comes_closer_to_another_player():
    # Fleeing right would approach bram; the only way out is left... which nears nobody.
    cells = "........."
    enc = encounter(
        RULESET, cells, [enemy(at=(4, 0), hp=2), player("aria", (5, 0)), player("bram", (8, 0))]
    )
    d = decided(enc, "orc")
    assert d.action == "flee"
    assert d.destination == (1, 0)


def test_equally_good_flee_squares_are_alternatives_for_the_players():
    enc = encounter(RULESET, OPEN_7, [enemy(at=(3, 3), hp=2, move=1), player("aria", (3, 4))])
    d = decided(enc, "orc")
    assert d.action == "flee"
    destinations = {d.destination} | {a.destination for a in d.alternatives}
    assert destinations == {(2, 3), (3, 2), (4, 3)}  # every step away is 2 from Aria
    enc2 = encounter(RULESET, OPEN_7, [enemy(at=(3, 3), hp=2, move=2), player("aria", (3, 4))])
    d2 = decided(enc2, "orc")
    destinations = {d2.destination} | {a.destination for a in d2.alternatives}
    assert destinations == {(3, 1), (2, 2), (4, 2), (1, 3), (5, 3)}
    assert "the players choose" in d2.trace[0].detail


def test_exactly_a_quarter_is_not_low():
    enc = encounter(RULESET, OPEN_7, [enemy(at=(3, 3), hp=5, max_hp=20), player("aria", (3, 4))])
    d = decided(enc, "orc")
    assert d.action == "attack"
    assert d.trace[0].outcome == "skipped"
    assert "5 of 20 is not below a quarter" in d.trace[0].detail
    assert is_low(make_unit("x", "enemy", (0, 0), 4, 20))
    assert not is_low(make_unit("x", "enemy", (0, 0), 5, 20))


def test_low_enemy_with_no_safe_square_falls_through_to_attack():
    # Boxed into a corridor with players at both ends: every step nears someone.
    enc = encounter(
        RULESET, ".....", [enemy(at=(2, 0), hp=1), player("aria", (1, 0)), player("bram", (3, 0))]
    )
    d = decided(enc, "orc")
    assert outcomes(d)[:1] == ["skipped"]
    assert d.action in ("heal", "attack")


# -- 2. heal when stuck -----------------------------------------------------------------------


def test_low_enemy_walled_in_heals():
    cells = "#####\n#...#\n#####"
    enc = encounter(
        RULESET,
        cells,
        [enemy(at=(1, 1), hp=1, extra=""), player("aria", (2, 1)), enemy(id="gob", at=(3, 1))],
    )
    d = decided(enc, "orc")
    assert d.action == "heal"
    assert outcomes(d) == ["skipped", "applied"]
    assert "blocked" in d.trace[1].detail


def test_low_enemy_with_move_zero_heals():
    enc = encounter(RULESET, OPEN_7, [enemy(at=(3, 3), hp=1, move=0), player("aria", (0, 0))])
    d = decided(enc, "orc")
    assert d.action == "heal"
    assert "move is 0" in d.trace[1].detail


# -- 3. attack and its target order ------------------------------------------------------------


def test_last_attacker_in_range_comes_first():
    enc = encounter(
        RULESET,
        OPEN_7,
        [enemy(at=(3, 3)), player("aria", (3, 2), hp=1), player("bram", (4, 3), hp=9)],
        state='last_attacker = { orc = "bram" }',
    )
    d = decided(enc, "orc")
    assert (d.action, d.targets) == ("attack", ("bram",))
    assert "attacked it last" in d.trace[2].detail


def test_last_attacker_out_of_range_is_ignored_for_the_attack():
    enc = encounter(
        RULESET,
        OPEN_7,
        [enemy(at=(3, 3)), player("aria", (3, 2)), player("bram", (6, 6))],
        state='last_attacker = { orc = "bram" }',
    )
    d = decided(enc, "orc")
    assert d.targets == ("aria",)
    assert "Bram attacked it last but is not in range" in d.trace[2].detail


def test_closest_then_weakest_then_lowest_lift():
    ranged = enemy(at=(3, 3), range_=3)
    closest = encounter(RULESET, OPEN_7, [ranged, player("aria", (3, 1)), player("bram", (3, 4))])
    assert decided(closest, "orc").targets == ("bram",)
    weakest = encounter(
        RULESET, OPEN_7, [ranged, player("aria", (3, 2), hp=3), player("bram", (3, 4), hp=7)]
    )
    assert decided(weakest, "orc").targets == ("aria",)
    lift = encounter(
        RULESET,
        OPEN_7,
        [ranged, player("aria", (3, 2), hp=3, lift=2), player("bram", (3, 4), hp=3, lift=1)],
    )
    d = decided(lift, "orc")
    assert d.targets == ("bram",)
    assert "lowest Lift: Aria Lift 2, Bram Lift 1" in d.trace[2].detail


def test_full_tie_is_left_to_the_players():
    enc = encounter(
        RULESET, OPEN_7, [enemy(at=(3, 3)), player("aria", (3, 2)), player("bram", (3, 4))]
    )
    d = decided(enc, "orc")
    assert d.action == "attack"
    assert {d.targets[0], d.alternatives[0].targets[0]} == {"aria", "bram"}
    assert len(d.alternatives) == 1
    assert "the players choose between Aria and Bram" in d.trace[2].detail


def test_diagonal_neighbour_is_not_in_melee_range():
    enc = encounter(RULESET, OPEN_7, [enemy(at=(3, 3), move=0), player("aria", (4, 4))])
    d = decided(enc, "orc")
    assert d.action == "skip"
    assert "Aria 2 squares away, range 1" in d.trace[2].detail


def test_ranged_attack_counts_orthogonal_steps_not_diagonals():
    enc = encounter(RULESET, OPEN_7, [enemy(at=(0, 0), range_=3, move=0), player("aria", (2, 2))])
    d = decided(enc, "orc")
    assert d.action == "skip"  # 4 orthogonal steps away although only 2 diagonally
    assert "Aria 4 squares away, range 3" in d.trace[2].detail


def test_ranged_attack_blocked_by_a_wall():
    cells = ".......\n...#...\n......."
    enc = encounter(RULESET, cells, [enemy(at=(1, 1), range_=4, move=0), player("aria", (5, 1))])
    d = decided(enc, "orc")
    assert d.action == "skip"
    assert "a wall blocks the line" in d.trace[2].detail
    open_line = encounter(
        RULESET, cells, [enemy(at=(1, 0), range_=4, move=0), player("aria", (5, 0))]
    )
    assert decided(open_line, "orc").action == "attack"


def test_dead_players_are_not_targets_but_stunned_ones_are():
    enc = encounter(
        RULESET,
        OPEN_7,
        [enemy(at=(3, 3)), player("aria", (3, 2), hp=-1), player("bram", (3, 4), hp=0)],
    )
    d = decided(enc, "orc")
    assert d.targets == ("bram",)


# -- 4. move ------------------------------------------------------------------------------


def test_moves_along_a_shortest_orthogonal_path_toward_the_closest_player():
    enc = encounter(RULESET, "..........", [enemy(at=(0, 0)), player("aria", (9, 0))])
    d = decided(enc, "orc")
    assert d.action == "move"
    assert d.path == ((1, 0), (2, 0), (3, 0))
    assert d.summary == "Move 3 squares toward Aria"
    assert outcomes(d) == ["skipped", "skipped", "skipped", "applied"]


def test_moves_toward_the_last_attacker_even_if_farther():
    enc = encounter(
        RULESET,
        "..........",
        [enemy(at=(4, 0)), player("aria", (0, 0)), player("bram", (9, 0))],
        state='last_attacker = { orc = "bram" }',
    )
    d = decided(enc, "orc")
    assert d.destination == (7, 0)


def test_move_stops_before_a_player_and_never_passes_one():
    cells = "#######\n.......\n#######"
    enc = encounter(
        RULESET,
        cells,
        [enemy(at=(0, 1), move=6), player("aria", (3, 1)), player("bram", (6, 1), hp=1)],
    )
    d = decided(enc, "orc")
    assert d.destination == (2, 1)
    assert all(cell[0] < 3 for cell in d.path)


def test_walls_force_the_way_round():
    cells = "....\n.##.\n...."
    enc = encounter(RULESET, cells, [enemy(at=(1, 2), move=4), player("aria", (2, 0))])
    d = decided(enc, "orc")
    assert d.action == "move"
    assert d.destination in ((1, 0), (3, 0))
    assert len(d.path) in (3, 4)


def test_equally_short_routes_ending_on_different_squares_are_choices():
    enc = encounter(RULESET, OPEN_7, [enemy(at=(0, 0), move=2), player("aria", (4, 4))])
    d = decided(enc, "orc")
    ends = {d.destination} | {a.destination for a in d.alternatives}
    assert ends == {(2, 0), (1, 1), (0, 2)}


def test_cannot_move_when_players_surround_it():
    cells = "#.#\n...\n#.#"
    units = [
        enemy(at=(1, 1), hp=10),
        player("a", (1, 0)),
        player("b", (0, 1)),
        player("c", (2, 1)),
        player("d", (1, 2)),
    ]
    d = decided(encounter(RULESET, cells, units), "orc")
    assert d.action == "attack"  # it still attacks, it just cannot move
    low = [enemy(at=(1, 1), hp=1), *units[1:]]
    assert decided(encounter(RULESET, cells, low), "orc").action == "heal"


def test_may_pass_other_enemies_but_not_stop_on_them():
    cells = "......"
    enc = encounter(
        RULESET,
        cells,
        [enemy(at=(0, 0), move=2), enemy(id="gob", at=(2, 0)), player("aria", (5, 0))],
    )
    d = decided(enc, "orc")
    assert d.destination == (1, 0)  # 2 squares would land on the goblin
    enc2 = encounter(
        RULESET,
        cells,
        [enemy(at=(0, 0), move=3), enemy(id="gob", at=(1, 0)), player("aria", (5, 0))],
    )
    assert decided(enc2, "orc").path == ((1, 0), (2, 0), (3, 0))


# -- 5. rest -----------------------------------------------------------------------------------


def test_nothing_to_do_heals_when_hurt_or_skips_when_whole():
    cells = "#####\n#...#\n#####"
    hurt = encounter(RULESET, cells, [enemy(at=(1, 1), hp=8, move=0), player("aria", (3, 1))])
    d = decided(hurt, "orc")
    assert (d.action, outcomes(d)) == ("heal", ["skipped"] * 4 + ["applied"])
    whole = encounter(RULESET, cells, [enemy(at=(1, 1), move=0), player("aria", (3, 1))])
    assert decided(whole, "orc").action == "skip"


def test_no_players_at_all():
    d = decided(encounter(RULESET, OPEN_7, [enemy(at=(3, 3), hp=9)]), "orc")
    assert d.action == "heal"
    assert "no living player" in d.trace[3].detail


def test_defeated_enemy_takes_no_turn():
    d = decided(encounter(RULESET, OPEN_7, [enemy(hp=0), player("aria", (0, 1))]), "orc")
    assert d.action == "skip"


def test_decide_never_changes_the_encounter():
    enc = encounter(RULESET, OPEN_7, [enemy(at=(0, 0)), player("aria", (6, 6))])
    before = enc.units
    decided(enc, "orc")
    assert enc.units == before


# -- helpers and order -------------------------------------------------------------------------


def test_party_helpers():
    players = [
        make_unit(f"p{i}", "player", (i, 0), 5, 5, stats={"level": lvl})
        for i, lvl in enumerate((3, 5, 6))
    ]
    assert average_party_level(players) == 4
    assert enemy_attack_bonus(7) == 1 and enemy_attack_bonus(19) == 3 and enemy_attack_bonus(4) == 0
    assert untrained_defence_increase(4) == 3
    assert untrained_defence_increase(12) == 1
    assert untrained_defence_increase(30) == 1  # never below +1
    assert flip_meaning("A♠").startswith("Ace") and flip_meaning("K♥").startswith("King")
    assert flip_meaning("7♦") == ""


@pytest.mark.parametrize(("hp", "expected"), [(1, set()), (0, {"stunned"}), (-1, {"dead"})])
def test_player_hp_gives_derived_statuses(hp, expected):
    unit = make_unit("aria", "player", (0, 0), hp, 10)
    assert get_ruleset(RULESET).derived_statuses(unit) == expected


def test_order_leaves_enemies_to_the_players():
    enc = encounter(
        RULESET,
        OPEN_7,
        [
            enemy(id="a", at=(0, 0)),
            enemy(id="b", at=(1, 0)),
            enemy(id="c", at=(2, 0), hp=0),
            player("p", (6, 6)),
        ],
    )
    order = get_ruleset(RULESET).order(enc)
    assert order.order == ("a", "b")
    assert order.ties == (("a", "b"),)
