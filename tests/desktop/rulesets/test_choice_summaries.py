"""A tie left to the players: picked instead of the decided outcome, an alternative reads as
itself, its summary and the trace steps that say what it does (each ruleset with ties)."""

from __future__ import annotations

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset, ruleset_data
from desktop.samples import sample_path
from tests.desktop.rulesets.card_flip_rpg.test_rules import enemy as card_enemy
from tests.desktop.rulesets.card_flip_rpg.test_rules import player as card_player
from tests.desktop.rulesets.dungeon_crawl.helpers import BOW, hero
from tests.desktop.rulesets.dungeon_crawl.helpers import RULES as DUNGEON
from tests.desktop.rulesets.dungeon_crawl.helpers import encounter as dungeon
from tests.desktop.rulesets.dungeon_crawl.helpers import enemy as dungeon_enemy
from tests.desktop.rulesets.grimdark_solo import units as grimdark
from tests.desktop.rulesets.hex_quest.test_scenarios import RULES as HEX
from tests.desktop.rulesets.hex_quest.test_scenarios import OPEN_5x7
from tests.desktop.rulesets.hex_quest.test_scenarios import encounter as hex_encounter
from tests.desktop.rulesets.hex_quest.test_scenarios import unit as hex_unit
from tests.desktop.rulesets.scenario import decided, encounter
from tests.desktop.rulesets.skirmish_ai.test_tables import field as skirmish_field

GRIMDARK = ruleset_data("grimdark-solo").steps  # step titles live in the ruleset's TOML


def _sample(name: str, unit: str, rolls: list[int] | None = None) -> Decision:
    enc = load_encounter(sample_path(name))
    return decide(enc, unit, get_ruleset(enc.ruleset), Dice(rolls or []))


def _summaries(d: Decision) -> list[str]:
    return [d.summary_of(n, {}) for n in range(len(d.alternatives) + 1)]


def _details(d: Decision, title_starts: str) -> list[str]:
    """The detail of the step titled `title_starts...` as each choice reads it."""
    return [
        next(s.detail for s in d.trace_of(n) if s.step.startswith(title_starts))
        for n in range(len(d.alternatives) + 1)
    ]


def _only_changed(d: Decision, choice: int, titles: set[str]) -> None:
    """Choice `choice` reads as the decided trace but for the steps `titles`."""
    changed = {a.step for a, b in zip(d.trace, d.trace_of(choice), strict=True) if a != b}
    assert changed == titles


def test_monster_focus_each_tied_focus_reads_as_its_own_attack():
    d = _sample("monster-focus-ice-cave.toml", "golem")
    assert _summaries(d) == ["Attack Brute from [3, 4]", "Attack Cragheart from [6, 4]"]
    assert _details(d, "3. Attack") == [
        "Attacks Brute; area on [3, 5], [2, 5].",
        "Attacks Cragheart; area on [7, 4], [6, 5].",
    ]
    _only_changed(d, 1, {"3. Attack"})
    assert d.trace_of(0) == d.trace and d.summary_of(0, {}) == d.summary


def test_card_flip_a_tied_attack_names_its_own_target():
    cells = "\n".join(["......."] * 7)
    enc = encounter(
        "card-flip-rpg",
        cells,
        [card_enemy(at=(3, 3)), card_player("aria", (3, 2)), card_player("bram", (3, 4))],
    )
    assert _summaries(decided(enc, "orc")) == ["Attack Aria", "Attack Bram"]


def test_card_flip_each_flee_square_counts_its_own_steps():
    cells = "\n".join(["......."] * 7)
    enc = encounter(
        "card-flip-rpg", cells, [card_enemy(at=(3, 3), hp=2, move=2), card_player("aria", (3, 4))]
    )
    d = decided(enc, "orc")
    words = {
        (o.destination, d.summary_of(n, {})) for n, o in enumerate((d.outcome, *d.alternatives))
    }
    assert {w for _, w in words} == {"Flee 2 squares from Aria"}
    assert len(words) == 5


def test_dungeon_crawl_a_tied_shot_names_its_own_target():
    units = (
        dungeon_enemy("archer", (4, 4), card=["shoot-nearest"], move=0, weapons=BOW)
        + hero("ann", (4, 1))
        + hero("bo", (7, 4))
        + hero("cy", (0, 0))
    )
    d = decide(dungeon("\n".join(["........."] * 9), units), "archer", DUNGEON, Dice())
    assert _summaries(d) == ["Shoot ann", "Shoot bo"]


def _grimdark_tie(phase: str, weapons: str, aria, bram, **player):
    """An orc at [5, 5] with `weapons`, Aria and Bram alike where told, in `phase`."""
    return grimdark.scene(
        grimdark.board(12, 12),
        [
            grimdark.enemy(at=(5, 5), weapons=weapons),
            grimdark.player("aria", aria, **player),
            grimdark.player("bram", bram, **player),
        ],
        phase=phase,
    )


def test_grimdark_a_tied_charge_names_its_own_target_and_end_cell():
    enc = _grimdark_tie("charge", grimdark.blade(4), (5, 1), (5, 9))
    d = grimdark.decide_for(enc, "orc", [12])
    assert _summaries(d) == ['Charge Aria (12")', 'Charge Bram (12")']
    assert [s.split(": ", 1)[1] for s in _details(d, GRIMDARK["charge_roll"])] == [
        "ends at [5, 2] beside Aria, as many declared targets as it can reach, the preferred first",
        "ends at [5, 8] beside Bram, as many declared targets as it can reach, the preferred first",
    ]


def test_grimdark_tied_shooting_and_fighting_targets_name_their_own():
    shooting = _grimdark_tie("shooting", grimdark.gun(24), (5, 0), (5, 10))
    assert _summaries(grimdark.decide_for(shooting, "orc")) == ["Shoot Aria", "Shoot Bram"]
    fight = _grimdark_tie("fight", grimdark.blade(4), (6, 5), (4, 5), hp=3)
    assert _summaries(grimdark.decide_for(fight, "orc")) == [
        "Fight Aria with Blade",
        "Fight Bram with Blade",
    ]


def test_grimdark_a_move_toward_the_other_objective_reads_as_that_move():
    enc = grimdark.scene(
        grimdark.board(11, 5, {(0, 2): "O", (10, 2): "O"}), [grimdark.enemy(at=(5, 2))]
    )
    d = grimdark.decide_for(enc, "orc")
    assert [o.destination for o in (d.outcome, *d.alternatives)] == [(0, 2), (10, 2)]
    first, second = _summaries(d)
    assert first.startswith("Move 5") and "[0, 2]" in first
    assert second.startswith("Move 5") and "[10, 2]" in second
    moves = _details(d, GRIMDARK["move"])
    assert "to [0, 2]" in moves[0] and "to [10, 2]" in moves[1]


def test_hex_quest_each_tied_target_order_engages_its_own_targets_with_the_same_roll():
    units = (
        hex_unit("ogre", "enemy", (3, 2), stats="targets = 2")
        + hex_unit("ann", "player", (2, 2), hp=5)
        + hex_unit("bea", "player", (4, 2), hp=5)
        + hex_unit("cy", "player", (3, 1), hp=5)
    )
    d = decide(hex_encounter(OPEN_5x7, units), "ogre", HEX, Dice([2]))
    orders = [o.targets for o in (d.outcome, *d.alternatives)]
    words = [", then ".join(order) for order in orders]  # unnamed: named by their ids
    assert _summaries(d) == [f"Engage {w}" for w in words]
    assert _details(d, "3b.") == [
        f"rolls 1d6 once: 2; resolved against {w}, in that order" for w in words
    ]
    assert len(set(words)) == 6


def test_skirmish_the_flank_reads_as_the_flank():
    d = decided(skirmish_field("tactical", at=(14, 7), players=((18, 7),)), "e", [3])
    summaries = _summaries(d)
    assert summaries[0] == "Move to [17, 5] and fire at p0"
    assert summaries[-1] == "Move to [19, 5] and fire at p0"
