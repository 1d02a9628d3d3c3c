"""The attack step says the attack value with its parts and what each target makes of it:
"Attack 4 (card +1, elite base 3) on Warden: shield 1 → 3 before modifiers", a poisoned
target's +1, and a target's retaliate when the attacker ends next to it. Monsters without an
attack value (the acceptance data's) keep the step as it was."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.engine.decide import decide
from desktop.monster_book_file import bundled_book_path
from desktop.rulesets.monster_focus.grid import grid_of
from desktop.rulesets.registry import get_ruleset
from desktop.tracker import Session
from desktop.tracker.scenario_commands import StartRound
from tests.desktop.rulesets.scenario import encounter

RULESET = get_ruleset("monster-focus")


def duel(warden_stats: str, standee: str, statuses: str = "[]") -> Session:
    """The Warden at [0, 0] and one cutthroat standee of the sample book next to it."""
    text = f'''format = 1
ruleset = "monster-focus"
[scenario]
book = "{bundled_book_path("foebook-sample.toml")}"
level = 1
[board]
shape = "hex"
cells = """
.....
.....
"""
[[units]]
id = "warden"
name = "Warden"
side = "player"
at = [0, 0]
hp = 10
max_hp = 10
statuses = {statuses}
stats = {warden_stats}
[[standees]]
type = "cutthroat"
{standee}
at = [1, 0]
'''
    return Session.in_memory(parse_encounter(text, "duel.toml"), RULESET, dice_seed=1)


def attack_step(session: Session, unit_id: str) -> str:
    decision = decide(session.encounter, unit_id, RULESET, session.state.dice.dice())
    return next(t.detail for t in decision.trace if t.step == "3. Attack")


def test_a_standees_attack_names_the_card_its_base_and_the_targets_shield():
    session = duel("{ initiative = 10, shield = 1 }", 'rank = "elite"')
    session.execute(StartRound({}, {"cutthroat": {"initiative": 5, "move": 0, "attack": 1}}))
    assert attack_step(session, "cutthroat-1") == (
        "Attacks Warden. Attack 4 (card +1, elite base 3) on Warden: shield 1 → 3 before modifiers."
    )


def test_poison_adds_one_and_retaliate_is_named_next_to_the_target():
    session = duel("{ initiative = 10, retaliate = 2 }", 'rank = "normal"', '["poison"]')
    session.execute(StartRound({}, {"cutthroat": {"initiative": 5, "move": 0, "attack": -1}}))
    assert attack_step(session, "cutthroat-1") == (
        "Attacks Warden. Attack 1 (card -1, normal base 2) on Warden (poisoned: +1): 2 "
        "before modifiers; Warden retaliates 2."
    )


def plain_attack_step(monster_stats: str) -> str:
    """The attack step of a monster with no book next to a character with shield 2."""
    enc = encounter(
        "monster-focus",
        ".....\n.....",
        [
            'id = "c1"\nside = "player"\nat = [0, 0]\nhp = 5\nmax_hp = 5\n'
            "stats = { initiative = 10, shield = 2 }",
            f'id = "a1"\nside = "enemy"\nat = [1, 0]\nhp = 5\nmax_hp = 5\nstats = {monster_stats}',
        ],
        shape="hex",
    )
    return next(t.detail for t in decide(enc, "a1", RULESET).trace if t.step == "3. Attack")


def test_a_monster_with_an_attack_value_and_no_book_says_the_value_alone():
    step = plain_attack_step("{ move = 0, range = 0, targets = 1, attack = 1 }")
    assert step == "Attacks c1. Attack 1 on c1: shield 2 → 0 before modifiers."


def test_the_step_is_unchanged_for_a_monster_without_an_attack_value():
    assert plain_attack_step("{ move = 0, range = 0, targets = 1 }") == "Attacks c1."


def test_retaliate_is_asked_next_to_the_attacker_only_without_counting_the_whole_board():
    """A ranged attack two hexes from a retaliating character names no retaliate; the one next
    to it does. Only the ring round the attacker is counted: a big board's whole count from
    its hex was most of a decision's time, for every attack on a retaliator."""
    wide = "\n".join(["." * 40] * 40)
    for at, named in (([2, 0], False), ([1, 0], True)):
        enc = encounter(
            "monster-focus",
            wide,
            [
                'id = "c1"\nside = "player"\nat = [0, 0]\nhp = 5\nmax_hp = 5\n'
                "stats = { initiative = 10, retaliate = 3 }",
                f'id = "a1"\nside = "enemy"\nat = {at}\nhp = 5\nmax_hp = 5\n'
                "stats = { initiative = 5, move = 0, range = 3, attack = 2 }",
            ],
            shape="hex",
        )
        decision = decide(enc, "a1", RULESET)
        step = next(t.detail for t in decision.trace if t.step == "3. Attack")
        assert "Attack 2 on c1: 2 before modifiers" in step, step
        assert ("c1 retaliates 3" in step) is named, step
        grid = grid_of(enc.board)
        assert grid._rows[grid.index(enc.unit("a1").at)] is None  # no whole count kept
