"""The ruleset contract: one `decide` for every ruleset, the chain titled from the data, one
decision builder, and the data tables behind them."""

from __future__ import annotations

import dataclasses

import pytest

from desktop.engine.chain import Chain
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result
from desktop.engine.dice import Dice
from desktop.engine.errors import RulesError
from desktop.engine.ruleset import ActivationOrder, DefeatedSpec, Ruleset
from desktop.rulesets.data_loader import RulesetDataError, load_ruleset_data
from desktop.rulesets.registry import BUILT_IN, get_ruleset, ruleset_data
from tests.desktop.rulesets.scenario import encounter

DATA = dataclasses.replace(
    ruleset_data("card-flip-rpg"),
    steps={"defeated": "Out", "roll": "1. Roll a die", "fire": "2. Fire {name}"},
    defeated=DefeatedSpec("skip", "{name} is out", "HP {hp}: no turn"),
)


class Rolling(Ruleset):
    """Rolls one die, then offers the same outcome twice and a different one."""

    def evaluate(self, ctx, chain: Chain) -> Result:
        value = ctx.dice.roll(6, "a die")
        chain.applied("roll", f"rolled {value}")
        chain.skipped("fire", "nothing in sight", name="Bow")
        same = Outcome("move", (), (1, 0), ((1, 0),))
        return Result([same, same, Outcome("heal")], "Move 1", notes=("a note",))

    def order(self, encounter):
        return ActivationOrder(())


def scene(hp: int = 4):
    return encounter(
        "card-flip-rpg",
        "...\n...",
        [
            f'id = "orc"\nname = "Orc"\nside = "enemy"\nat = [0, 0]\nhp = {hp}\nmax_hp = 4',
            'id = "aria"\nname = "Aria"\nside = "player"\nat = [2, 1]\nhp = 5\nmax_hp = 5',
        ],
    )


def test_the_template_titles_steps_from_the_data_and_builds_one_decision():
    dice = Dice([2, 5])
    dice.roll(6, "an earlier decision's die")
    decision = Rolling(DATA).decide(scene(), "orc", dice)
    assert [(t.step, t.outcome, t.detail) for t in decision.trace] == [
        ("1. Roll a die", APPLIED, "rolled 5"),
        ("2. Fire Bow", SKIPPED, "nothing in sight"),
    ]
    assert [r.value for r in decision.rolls] == [5]  # only this decision's die
    assert decision.action == "move" and [o.action for o in decision.alternatives] == ["heal"]
    assert decision.notes == ("a note",) and decision.ruleset == "card-flip-rpg"


def test_a_defeated_unit_is_answered_from_the_data_without_evaluating():
    decision = Rolling(DATA).decide(scene(hp=0), "orc", Dice([]))
    assert decision.action == "skip" and decision.summary == "Orc is out"
    assert [(t.step, t.detail) for t in decision.trace] == [("Out", "HP 0: no turn")]


def test_a_player_unit_is_refused():
    with pytest.raises(RulesError, match="'aria' is a player unit"):
        Rolling(DATA).decide(scene(), "aria", Dice([]))


def test_a_step_missing_from_the_data_names_the_ruleset_and_the_key():
    chain = Chain({"roll": "1. Roll"}, "my-game")
    with pytest.raises(RulesError, match="ruleset 'my-game' has no step 'flee'"):
        chain.applied("flee", "x")


def test_first_yielding_records_each_option_tried_under_its_step():
    chain = Chain({"shoot": "2. Shooting phase"})
    walk = chain.first_yielding(
        "shoot",
        ["nearest", "gang"],
        lambda t: (None, "nobody") if t == "nearest" else ([1], "Bram"),
    )
    assert walk.chosen.option == "gang"
    assert [(t.step, t.outcome) for t in chain.steps()] == [
        ("2. Shooting phase: nearest", SKIPPED),
        ("2. Shooting phase: gang", APPLIED),
    ]


@pytest.mark.parametrize("ruleset_id", list(BUILT_IN))
def test_every_built_in_titles_its_steps_in_its_data(ruleset_id):
    data = get_ruleset(ruleset_id).data
    assert data.steps and all(title.strip() for title in data.steps.values())
    if data.defeated is not None:
        assert "defeated" in data.steps


def test_built_ins_declare_their_capabilities():
    caps = {rid: get_ruleset(rid).capabilities for rid in BUILT_IN}
    assert caps["card-flip-rpg"].card_flips.meaning("K♥").startswith("King")
    assert [rid for rid, c in caps.items() if c.card_flips] == ["card-flip-rpg"]
    deck = caps["grimdark-solo"].deck
    assert deck.id == "stratagems" and deck.default and "never" in deck.conditions
    assert [rid for rid, c in caps.items() if c.deck or c.player_turn] == ["grimdark-solo"]
    big = scene().unit("orc").evolve(stats={"size": 2})
    assert caps["dungeon-crawl"].figure_size(big) == 2
    assert caps["hex-quest"].figure_size(big) == 1


def plug_in_data(tmp_path, monkeypatch, ruleset_id: str, more: str):
    """Write a plug-in package holding a minimal `ruleset_id` data file plus `more`; a
    function that rewrites `more` and loads the data (as a plug-in's is loaded)."""
    package = tmp_path / f"{ruleset_id}game"
    (package / "rulesets").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    base = (
        f'id = "{ruleset_id}"\nname = "S"\ndescription = "S"\nboard_shape = "square"\n'
        'distance_unit = "square"\n[ai_types.a]\nname = "A"\nsummary = "A"\n'
        '[actions]\nhold = "Holds."\n'
    )

    def load(text: str = more):
        (package / "rulesets" / f"{ruleset_id}.toml").write_text(base + text)
        return load_ruleset_data(ruleset_id, package=package.name)

    return load


def test_action_effects_come_from_the_data_and_must_name_its_actions(tmp_path, monkeypatch):
    skirmish = get_ruleset("skirmish-ai").data.action_effects
    assert skirmish.shooting == {"fire"} and skirmish.brawling == {"brawl"}
    assert get_ruleset("card-flip-rpg").data.action_effects.shooting == frozenset()
    load = plug_in_data(tmp_path, monkeypatch, "fake", '[action_effects]\nshooting = ["zap"]\n')
    with pytest.raises(RulesetDataError, match="shooting: 'zap' is not one of its"):
        load()


def test_another_spelling_must_name_a_status_of_its_own(tmp_path, monkeypatch):
    statuses = (
        '[statuses.dazed]\nname = "Dazed"\nreminder = "R"\n'
        '[statuses.dazzled]\nname = "Dazzled"\nreminder = "R"\nsame_as = "{target}"\n'
    )
    load = plug_in_data(tmp_path, monkeypatch, "spell", statuses)
    with pytest.raises(RulesetDataError, match=r"\[statuses.dazzled\] same_as 'dizzy'"):
        load(statuses.replace("{target}", "dizzy"))
    assert load(statuses.replace("{target}", "dazed")).statuses["dazzled"].same_as == "dazed"


def test_a_status_colour_must_be_written_as_six_hex_digits(tmp_path, monkeypatch):
    wet = '[statuses.wet]\nname = "Wet"\nreminder = "R"\ncolour = "{colour}"\n'
    load = plug_in_data(tmp_path, monkeypatch, "paint", wet)
    with pytest.raises(RulesetDataError, match=r"\[statuses.wet\] colour 'blue' is not written"):
        load(wet.replace("{colour}", "blue"))
    assert load(wet.replace("{colour}", "#3366cc")).statuses["wet"].colour == "#3366cc"
