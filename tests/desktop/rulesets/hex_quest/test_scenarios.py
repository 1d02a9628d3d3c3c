"""hex-quest scenarios: small hex encounters and the decision the rules fix for them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.encounter_file import load_encounter, parse_encounter
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.engine.errors import RulesError
from desktop.engine.hex_geometry import hex_distance, hex_neighbours
from desktop.engine.sight import has_line_of_sight
from desktop.rulesets.packs.pack_engage import engage_orders
from desktop.rulesets.packs.pack_ruleset import PackRuleset
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path

RULES = get_ruleset("hex-quest")


def encounter(cells: str, units: str, state: str = ""):
    return parse_encounter(
        f'format = 1\nruleset = "hex-quest"\n[board]\nshape = "hex"\ncells = """\n{cells}\n"""\n'
        f"{units}\n{state}"
    )


def unit(
    uid: str,
    side: str,
    at,
    hp: int = 5,
    max_hp: int = 10,
    ai: str | None = None,
    stats: str = "",
    tags: str = "",
    statuses: str = "",
) -> str:
    out = (
        f'[[units]]\nid = "{uid}"\nside = "{side}"\nat = [{at[0]}, {at[1]}]\n'
        f"hp = {hp}\nmax_hp = {max_hp}\n"
    )
    if ai:
        out += f'ai = "{ai}"\n'
    if stats:
        out += f"stats = {{ {stats} }}\n"
    if tags:
        out += f"tags = [{tags}]\n"
    if statuses:
        out += f"statuses = [{statuses}]\n"
    return out


def destinations(decision) -> set[tuple[int, int] | None]:
    return {decision.destination} | {a.destination for a in decision.alternatives}


def outcome_words(decision) -> list[str]:
    return [t.outcome for t in decision.trace]


OPEN_5x7 = "\n".join(["......."] * 5)


def test_in_range_and_sight_it_stays_and_engages_with_one_roll():
    enc = encounter(
        OPEN_5x7, unit("orc", "enemy", (2, 2), ai="strongest") + unit("ana", "player", (3, 2), hp=6)
    )
    d = decide(enc, "orc", RULES, Dice([5]))
    assert d.action == "attack"
    assert d.targets == ("ana",)
    assert d.destination is None and d.path == ()
    assert [r.value for r in d.rolls] == [5]
    assert d.rolls[0].die == "1d6"
    assert d.trace[1].step.startswith("2. Move") and d.trace[1].outcome == "skipped"


def test_a_wall_between_blocks_sight_so_it_moves_even_though_in_range():
    cells = "\n".join([".......", "...#...", "......."])
    # Enemy (2,1) and player (4,1) are 2 hexes apart; the wall hex (3,1) lies between.
    assert not has_line_of_sight(
        parse_encounter(
            'format = 1\nruleset = "hex-quest"\n[board]\nshape = "hex"\ncells = """\n'
            + cells
            + '\n"""\n'
        ).board,
        (2, 1),
        (4, 1),
    )
    enc = encounter(
        cells,
        unit("archer", "enemy", (2, 1), ai="strongest", stats="range = 2")
        + unit("ana", "player", (4, 1)),
    )
    d = decide(enc, "archer", RULES, Dice([3]))
    assert d.trace[1].outcome == "applied"
    assert "a wall blocks sight" in d.trace[1].detail
    assert d.action == "attack" and d.targets == ("ana",)
    assert len(d.path) == 1  # one step round the wall puts Ana in sight
    for cell in [d.destination, *(a.destination for a in d.alternatives)]:
        assert hex_distance(cell, (4, 1)) <= 2
        assert has_line_of_sight(enc.board, cell, (4, 1))


def test_it_stops_on_arriving_at_the_destination_even_with_move_left():
    enc = encounter(
        "..........", unit("orc", "enemy", (0, 0), stats="move = 8") + unit("ana", "player", (6, 0))
    )
    d = decide(enc, "orc", RULES, Dice([2]))
    assert d.destination == (5, 0)
    assert d.path == ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    assert d.action == "attack"


def test_destination_out_of_reach_moves_up_to_move_along_the_route():
    enc = encounter("..........", unit("orc", "enemy", (0, 0)) + unit("ana", "player", (8, 0)))
    d = decide(enc, "orc", RULES, Dice())
    assert d.action == "move"
    assert d.targets == ()
    assert d.destination == (2, 0)  # default move 2
    assert d.path == ((1, 0), (2, 0))
    assert d.rolls == ()
    assert "moves 2 of the 7 steps toward [7, 0]" in d.trace[1].detail


# Enemy at (0,2); Strong (HP 9) at (4,0) and Weak (HP 3) at (4,4) are both 5 hexes away.
# The hexes 4 steps away next to Strong are (3,0) and (3,1); next to Weak (3,3) and (3,4).
ICON_UNITS = unit("strong", "player", (4, 0), hp=9) + unit("weak", "player", (4, 4), hp=3)


@pytest.mark.parametrize(
    "icon,expected,target",
    [
        ("strongest", {(3, 0), (3, 1)}, "strong"),
        ("weakest", {(3, 3), (3, 4)}, "weak"),
    ],
)
def test_the_priority_icon_picks_among_equally_close_destinations(icon, expected, target):
    enc = encounter(OPEN_5x7, unit("orc", "enemy", (0, 2), ai=icon, stats="move = 4") + ICON_UNITS)
    d = decide(enc, "orc", RULES, Dice([4]))
    assert destinations(d) == expected  # still tied after the icon: the party picks
    assert len(d.alternatives) == 1
    assert d.targets == (target,)
    assert all(a.targets == (target,) for a in d.alternatives)
    assert "still tied: the party picks" in d.trace[1].detail


def test_one_destination_left_after_the_icon_means_no_alternatives():
    cells = "\n".join([".......", "...#...", ".......", ".......", "......."])
    enc = encounter(
        cells, unit("orc", "enemy", (0, 2), ai="strongest", stats="move = 4") + ICON_UNITS
    )
    d = decide(enc, "orc", RULES, Dice([4]))
    assert d.destination == (3, 0)
    assert d.alternatives == ()
    assert d.targets == ("strong",)


@pytest.mark.parametrize(
    "icon,expected",
    [
        ("strongest", {(2, 0), (6, 0)}),
        ("weakest", {(2, 0), (2, 1)}),
    ],
)
def test_the_number_of_units_a_hex_offers_does_not_count(icon, expected):
    # Two steps from the orc: (2,0) offers Ann (HP 6) and Bea (HP 2), (2,1) offers Bea,
    # (6,0) offers Cy (HP 6). Only the best unit on offer counts, not how many.
    enc = encounter(
        "\n".join([".........", "........."]),
        unit("orc", "enemy", (4, 0), ai=icon)
        + unit("ann", "player", (1, 0), hp=6)
        + unit("bea", "player", (1, 1), hp=2)
        + unit("cy", "player", (7, 0), hp=6),
    )
    d = decide(enc, "orc", RULES, Dice([1]))
    assert destinations(d) == expected
    assert "still tied" in d.trace[1].detail


def test_occupied_hexes_are_never_entered_or_passed():
    # A one-hex-wide corridor: the ally blocks it, so the route must go round via row 1.
    cells = "\n".join(["........", "........"])
    enc = encounter(
        cells,
        unit("orc", "enemy", (0, 0), stats="move = 6")
        + unit("ally", "enemy", (2, 0))
        + unit("ana", "player", (6, 0)),
    )
    d = decide(enc, "orc", RULES, Dice([1]))
    assert (2, 0) not in d.path
    occupied = {(2, 0), (6, 0)}
    assert not occupied & set(d.path)
    assert d.destination == (5, 0) or hex_distance(d.destination, (6, 0)) == 1


def test_no_destination_anywhere_heads_for_the_closest_opposing_unit():
    # Ana is sealed in by walls: no free hex has her in sight and range 1.
    cells = "\n".join(["..........", "......###.", "......#.#.", "......###."])
    board_units = (
        unit("orc", "enemy", (0, 2), stats="move = 2")
        + unit("ana", "player", (7, 2))
        + unit("bo", "player", (0, 0), hp=0)
    )
    enc = encounter(cells, board_units)
    d = decide(enc, "orc", RULES, Dice())
    assert d.action == "move"
    assert "heads for the nearest opposing unit" in d.trace[1].detail
    assert "ana (7 hexes away)" in d.trace[1].detail
    start_gap = hex_distance((0, 2), (7, 2))
    assert hex_distance(d.destination, (7, 2)) == start_gap - 2


def test_defeated_units_are_not_targetable():
    enc = encounter(
        OPEN_5x7,
        unit("orc", "enemy", (2, 2))
        + unit("down", "player", (3, 2), hp=0)
        + unit("ana", "player", (6, 2)),
    )
    d = decide(enc, "orc", RULES, Dice([1]))
    assert "down" not in d.targets
    assert d.trace[1].outcome == "applied"  # it has to move: the adjacent unit is down


def test_several_targets_in_priority_order_with_one_roll_resolved_against_each():
    enc = encounter(
        OPEN_5x7,
        unit("ogre", "enemy", (3, 2), ai="strongest", stats="range = 2, targets = 2, combat = 3")
        + unit("ann", "player", (2, 2), hp=4)
        + unit("bea", "player", (4, 2), hp=8)
        + unit("cy", "player", (3, 1), hp=6),
    )
    d = decide(enc, "ogre", RULES, Dice([11]))
    assert d.targets == ("bea", "cy")
    assert d.alternatives == ()
    assert len(d.rolls) == 1 and d.rolls[0].die == "3d6" and d.rolls[0].value == 11
    assert "against bea, then cy" in d.rolls[0].purpose
    weakest = replace(enc.unit("ogre"), ai="weakest")
    d2 = decide(enc.replace_unit(weakest), "ogre", RULES, Dice([3]))
    assert d2.targets == ("ann", "cy")


def test_equal_hp_targets_are_ordered_by_the_party():
    enc = encounter(
        OPEN_5x7,
        unit("ogre", "enemy", (3, 2), stats="targets = 2")
        + unit("ann", "player", (2, 2), hp=5)
        + unit("bea", "player", (4, 2), hp=5)
        + unit("cy", "player", (3, 1), hp=5),
    )
    d = decide(enc, "ogre", RULES, Dice([2]))
    orders = {d.targets} | {a.targets for a in d.alternatives}
    assert len(orders) == 6  # any 2 of the 3, in either order
    assert all(len(o) == 2 for o in orders)
    assert len(d.rolls) == 1  # the roll is shared, whatever the order


def test_engage_orders_cut_inside_a_tier():
    assert engage_orders([["a"], ["b", "c"]], 2) == [("a", "b"), ("a", "c")]
    assert engage_orders([["a", "b"]], 1) == [("a",), ("b",)]
    assert engage_orders([["a"]], 3) == [("a",)]


def test_zero_combat_dice_still_engages_without_rolling():
    enc = encounter(
        OPEN_5x7, unit("imp", "enemy", (2, 2), stats="combat = 0") + unit("ana", "player", (3, 2))
    )
    d = decide(enc, "imp", RULES, Dice())
    assert d.action == "attack" and d.rolls == ()
    roll_step = next(t for t in d.trace if t.step.startswith("3b"))
    assert roll_step.outcome == "applied" and "no dice" in roll_step.detail


def test_nobody_on_the_board_to_engage_holds():
    enc = encounter(OPEN_5x7, unit("imp", "enemy", (2, 2)) + unit("ana", "player", (3, 2), hp=0))
    d = decide(enc, "imp", RULES, Dice())
    assert d.action == "hold" and d.destination is None


def test_activation_order_high_to_low_level_with_quest_first_and_ties():
    enc = encounter(
        OPEN_5x7,
        unit("a", "enemy", (0, 0), stats="level = 2")
        + unit("b", "enemy", (1, 0), stats="level = 5")
        + unit("c", "enemy", (2, 0), stats="level = 2")
        + unit("boss", "enemy", (3, 0), stats="level = 1", tags='"quest"')
        + unit("dead", "enemy", (4, 0), hp=0, stats="level = 9")
        + unit("ana", "player", (6, 4)),
    )
    order = RULES.order(enc)
    assert order.order == ("boss", "b", "a", "c")
    assert order.ties == (("a", "c"),)
    assert order.to_dict() == {"order": ["boss", "b", "a", "c"], "ties": [["a", "c"]]}


def test_two_quest_units_tie_with_each_other():
    enc = encounter(
        OPEN_5x7,
        unit("q1", "enemy", (0, 0), tags='"quest"')
        + unit("q2", "enemy", (1, 0), tags='"quest"', stats="level = 7"),
    )
    assert RULES.order(enc).ties == (("q1", "q2"),)


def _with_abilities(abilities: list[dict]) -> PackRuleset:
    data = RULES.data
    extra = dict(data.extra, abilities=abilities)
    statuses = dict(data.statuses)
    return PackRuleset(replace(RULES.pack, data=replace(data, extra=extra, statuses=statuses)))


def test_start_and_end_of_turn_abilities_trigger_as_trace_entries():
    rules = _with_abilities(
        [
            {
                "id": "burn",
                "name": "Burning",
                "timing": "start-of-turn",
                "effect": "takes 1 damage",
                "when_status": ["defeated"],
            },
            {
                "id": "regen",
                "name": "Regenerate",
                "timing": "end-of-turn",
                "effect": "heals 2 HP",
                "when_tag": ["troll"],
            },
            {
                "id": "aura",
                "name": "Dread aura",
                "timing": "start-of-turn",
                "effect": "adjacent adventurers lose 1 focus",
            },
        ]
    )
    enc = encounter(
        OPEN_5x7, unit("troll", "enemy", (2, 2), tags='"troll"') + unit("ana", "player", (3, 2))
    )
    d = decide(enc, "troll", rules, Dice([1]))
    steps = [(t.step, t.outcome) for t in d.trace]
    assert ("1. Start of turn: Dread aura", "triggered") in steps
    assert ("4. End of turn: Regenerate", "triggered") in steps
    assert not any("Burning" in s for s, _ in steps)  # it has no such status
    assert "Triggered: Regenerate (end-of-turn)" in d.notes
    regen = next(t for t in d.trace if "Regenerate" in t.step)
    assert "heals 2 HP" in regen.detail and "tagged troll" in regen.detail
    # Order: start-of-turn first, end-of-turn last.
    assert d.trace[0].step.startswith("1. Start of turn")
    assert d.trace[-1].step.startswith("4. End of turn")


def test_without_matching_abilities_the_hooks_say_so():
    enc = encounter(OPEN_5x7, unit("orc", "enemy", (2, 2)) + unit("ana", "player", (3, 2)))
    d = decide(enc, "orc", RULES, Dice([1]))
    assert d.trace[0].outcome == "skipped"
    assert d.trace[-1].outcome == "skipped"
    rules = _with_abilities(
        [{"id": "x", "name": "X", "timing": "end-of-turn", "effect": "e", "when_tag": ["nobody"]}]
    )
    d2 = decide(enc, "orc", rules, Dice([1]))
    assert "none applies" in d2.trace[-1].detail


@pytest.mark.parametrize(
    "bad",
    [
        {"id": "x", "name": "X", "timing": "mid-turn", "effect": "e"},
        {"id": "x", "name": "X", "timing": "end-of-turn"},
        {"id": "x", "name": "X", "timing": "end-of-turn", "effect": "e", "when_status": ["nope"]},
    ],
)
def test_malformed_abilities_are_refused(bad):
    with pytest.raises(RulesError):
        _with_abilities([bad])


def test_player_units_are_not_decided():
    enc = encounter(OPEN_5x7, unit("orc", "enemy", (2, 2)) + unit("ana", "player", (3, 2)))
    with pytest.raises(RulesError):
        decide(enc, "ana", RULES, Dice())


def test_every_reported_path_is_a_chain_of_free_neighbouring_hexes():
    enc = load_encounter(sample_path("hex-quest-crypt-gate.toml"))
    for enemy in enc.enemies():
        d = decide(enc, enemy.id, RULES, Dice([3, 3, 3]))
        occupied = enc.occupied(exclude=[enemy.id])
        for outcome in (d.outcome, *d.alternatives):
            here = enemy.at
            for cell in outcome.path:
                assert cell in hex_neighbours(here)
                assert enc.board.passable(cell) and cell not in occupied
                here = cell
            assert len(outcome.path) <= enemy.stat("move", 2)


def test_the_bundled_crypt_gate_sample():
    enc = load_encounter(sample_path("hex-quest-crypt-gate.toml"))
    order = RULES.order(enc)
    assert order.order[0] == "lich" and order.ties == (("archer-a", "archer-b"),)
    archer = decide(enc, "archer-a", RULES, Dice([4]))
    assert archer.targets == ("sera",) and len(archer.path) == 1
    assert "a wall blocks sight" in archer.trace[1].detail
    ghoul = decide(enc, "ghoul", RULES, Dice([4]))
    assert ghoul.targets == ("wren",) and len(ghoul.alternatives) == 1
