"""zombie-horde, the sample rule pack Foebook ships (desktop/rulesets/zombie_horde/pack.toml):
one scenario per clause of its rules, decided through `decide` like every built-in game."""

from __future__ import annotations

import pytest

from desktop.encounter_file import EncounterFileError
from desktop.pack_cases import run_cases
from desktop.pack_file import read_pack
from desktop.rulesets.registry import bundled_packs, get_ruleset
from tests.desktop.rulesets.scenario import decided, encounter

RULESET = "zombie-horde"
PACK = "desktop/rulesets/zombie_horde/pack.toml"


def zombie(id="z", at=(0, 0), hp=3, kind=""):
    extra = f'kind = "{kind}"\n' if kind else ""
    return f'id = "{id}"\nside = "enemy"\nat = {list(at)}\nhp = {hp}\nmax_hp = 3\n{extra}'


def survivor(id, at, hp=3, noise=None):
    stats = f"stats = {{ noise = {noise} }}\n" if noise is not None else ""
    return (
        f'id = "{id}"\nname = "{id.capitalize()}"\nside = "player"\nat = {list(at)}\n'
        f"hp = {hp}\nmax_hp = 5\n{stats}"
    )


def play(cells, units, unit="z"):
    return decided(encounter(RULESET, cells, units), unit)


def moves(decision):
    return [(o.action, o.goal, o.path) for o in (decision.outcome, *decision.alternatives)]


def test_the_pack_ships_as_a_rule_system_and_its_own_cases_pass():
    assert RULESET in bundled_packs()
    results = run_cases(read_pack(PACK))
    assert len(results) >= 7 and [r.problems for r in results if not r.passed] == []


def test_out_at_0_hp_or_less():
    for hp in (0, -2):
        decision = play(". .", [zombie(hp=hp), survivor("ada", (1, 0))])
        assert decision.action == "out" and decision.alternatives == ()


def test_beside_survivors_it_bites_the_one_with_fewest_hp_and_ignores_the_fallen():
    cells = ". . .\n. . .\n. . ."
    decision = play(
        cells,
        [zombie(at=(1, 1)), survivor("ada", (1, 0), hp=4), survivor("bo", (2, 1), hp=2),
         survivor("cy", (0, 1), hp=0), survivor("di", (2, 2), hp=1)],
    )  # fmt: skip
    # Di (1 HP) is diagonal, not beside; Cy has no HP left.
    assert (decision.action, decision.targets, decision.alternatives) == ("attack", ("bo",), ())


def test_equal_hp_beside_it_each_is_a_choice():
    decision = play(". . .", [zombie(at=(1, 0)), survivor("ada", (0, 0)), survivor("bo", (2, 0))])
    assert [o.targets for o in (decision.outcome, *decision.alternatives)] == [("ada",), ("bo",)]
    assert {o.action for o in decision.alternatives} == {"attack"}


def test_a_survivor_in_sight_wins_over_a_louder_one_out_of_sight():
    cells = ". . . . . .\n# # + # # #\n. . . . . ."
    units = [zombie(at=(0, 2)), survivor("ada", (5, 2), noise=1), survivor("bo", (0, 0), noise=5)]
    decision = play(cells, units)
    # A move names whom it heads for as its goal (the board rings it), not as a target.
    assert (decision.action, decision.targets, decision.outcome.goal, decision.path) == (
        "move",
        (),
        "ada",
        ((1, 2),),
    )


def test_none_in_sight_the_loudest_anywhere():
    # The wall row hides both; the way round is by the right-hand column. Ada is nearer by
    # route, Bo louder: Bo.
    cells = ". . . . .\n# # # # .\n. . . . .\n. . . . ."
    units = [zombie(at=(0, 0)), survivor("ada", (3, 2), noise=1), survivor("bo", (0, 2), noise=2)]
    decision = play(cells, units)
    assert (decision.outcome.goal, decision.path) == ("bo", ((1, 0),))
    detail = decision.trace[1].detail
    assert "Ada unseen, Bo unseen (no difference)" in detail and "most noise" in detail


def test_a_closed_door_blocks_sight_and_movement_and_nobody_stands_on_it():
    cells = ". + .\n. # ."
    decision = play(cells, [zombie(at=(0, 0)), survivor("bo", (2, 0), noise=5)])
    assert decision.action == "hold"  # no route: the door is never entered
    with pytest.raises(EncounterFileError, match="door"):
        encounter(RULESET, cells, [zombie(at=(1, 0)), survivor("bo", (2, 0))])


def test_equal_noise_the_fewest_squares_by_route():
    cells = ". . . . . . ."
    units = [zombie(at=(2, 0)), survivor("ada", (6, 0)), survivor("bo", (0, 0))]
    decision = play(cells, units)
    assert (decision.outcome.goal, decision.path, decision.alternatives) == ("bo", ((1, 0),), ())


def test_still_equal_the_players_choose_and_a_shared_move_is_listed_once():
    # Ada and Bo are both 2 squares away by route and equally loud: each one's moves are
    # choices. The square below the zombie leads to both: that move is listed once.
    cells = ". . . . .\n. . . . .\n. . . . ."
    units = [zombie(at=(2, 0)), survivor("ada", (1, 2)), survivor("bo", (3, 2))]
    decision = play(cells, units)
    listed = moves(decision)
    assert sorted(path for _, _, path in listed) == [((1, 0),), ((2, 1),), ((3, 0),)]
    assert ("move", "ada", ((1, 0),)) in listed and ("move", "bo", ((3, 0),)) in listed
    assert "the players choose" in decision.trace[1].detail


def test_zombies_never_enter_a_square_holding_another_figure():
    cells = ". . . .\n# . # ."
    units = [zombie(at=(0, 0)), zombie("y", at=(1, 0)), survivor("ada", (1, 1))]
    # Ada's only free neighbour is taken by the other zombie, which is beside her.
    decision = play(cells, units)
    assert decision.action == "hold"


def test_a_runner_moves_two_squares_every_distinct_pair_of_squares_a_choice():
    decision = play(". . . .\n. . . .", [zombie(kind="runner"), survivor("ada", (2, 1))])
    paths = {o.path for o in (decision.outcome, *decision.alternatives)}
    assert paths == {((1, 0), (2, 0)), ((1, 0), (1, 1)), ((0, 1), (1, 1))}


def test_a_runner_beside_a_survivor_after_its_first_square_bites_the_weakest_there():
    cells = ". . . . .\n. . . . .\n. . . . ."
    units = [
        zombie(at=(0, 1), kind="runner"),
        survivor("ada", (4, 1), noise=5),
        survivor("bo", (1, 0), hp=2),  # beside [1, 1]? no: beside [1, 1] are [1, 0] and [1, 2]
        survivor("cy", (1, 2), hp=2),
    ]
    decision = play(cells, units)
    # Step 1 does not apply: Bo and Cy are diagonal to [0, 1]. It runs for Ada; its first
    # square [1, 1] stands beside Bo and Cy (2 HP each): it bites one of them instead.
    assert {(o.action, o.targets, o.path) for o in (decision.outcome, *decision.alternatives)} == {
        ("move-attack", ("bo",), ((1, 1),)),
        ("move-attack", ("cy",), ((1, 1),)),
    }


def test_a_walker_moves_one_square():
    decision = play(". . . . .", [zombie(), survivor("ada", (4, 0))])
    assert (decision.action, decision.path) == ("move", ((1, 0),))


def test_no_survivor_with_hp_left_hold():
    decision = play(". . .", [zombie(), survivor("ada", (2, 0), hp=0)])
    assert decision.action == "hold"


@pytest.mark.parametrize(
    "unit, message",
    [
        (zombie(kind="crawler"), "field 'kind': is 'crawler'; expected one of runner, walker"),
        (survivor("ada", (0, 0), noise=2.5), "'noise' is 2.5; expected a whole number"),
    ],
)
def test_foebook_check_refuses_other_kinds_and_fractional_noise(unit, message):
    with pytest.raises(EncounterFileError) as raised:
        encounter(RULESET, ". .", [unit])
    assert message in raised.value.message and "line " in raised.value.message


def test_units_without_kind_or_noise_read_as_walker_and_0():
    data = get_ruleset(RULESET).data
    assert data.unit_fields["kind"].default == "walker" and data.stat_default("noise") == 0


def test_the_board_overlays_show_a_runners_two_squares_and_the_squares_beside_it():
    cells = ". . . .\n. # . .\n. . . ."
    enc = encounter(RULESET, cells, [zombie(at=(0, 0), kind="runner"), survivor("ada", (2, 0))])
    ruleset = get_ruleset(RULESET)
    # Two squares, never onto Ada nor through the wall; its own cell included.
    assert ruleset.movement_range(enc, "z") == {(0, 0), (1, 0), (0, 1), (0, 2)}
    assert ruleset.attack_range(enc, "z") == {(1, 0), (0, 1)}
    walker = encounter(RULESET, cells, [zombie(at=(0, 0)), survivor("ada", (2, 0))])
    assert ruleset.movement_range(walker, "z") == {(0, 0), (1, 0), (0, 1)}
