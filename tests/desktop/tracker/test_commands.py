"""Tracker commands: what they change, what they refuse, and the history text they leave."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.decision import APPLIED, SKIPPED, Decision, Outcome, TraceStep
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session, TrackerError
from desktop.tracker.commands import (
    AddStatus,
    AddUnit,
    ApplyDecision,
    Damage,
    DrawCard,
    EditTerrain,
    Heal,
    MoveUnit,
    NextRound,
    Note,
    PaintTerrain,
    RemoveStatus,
    RemoveUnit,
    RenameUnit,
    SetAi,
    SetHp,
    SetLastAttacker,
    UpdateUnit,
    command_from_payload,
)
from desktop.tracker.state import apply_sections, section
from desktop.tracker.turns import one_draw_per_turn
from tests.desktop.tracker.tiny_ruleset import TINY, goblin_ambush, tiny_encounter


@pytest.fixture
def tiny() -> Session:
    return Session.in_memory(tiny_encounter(), TINY, "tiny")


def refused(session: Session, command, match: str) -> None:
    before, history = session.state, session.history
    with pytest.raises(TrackerError, match=match):
        session.execute(command)
    assert session.state == before
    assert session.history == history


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (Damage("nobody", 2), r"no unit 'nobody' in the session \(units: e1, e2, p1, p2\)"),
        (Damage("e1", 0), "damage must be 1 or more, not 0"),
        (Damage("e1", -3), "damage must be 1 or more, not -3"),
        (Heal("e1", 1), r"Raider is already at full HP \(6 of 6\)"),
        (SetHp("e1", 2, max_hp=-1), "Raider: max HP must be more than 0, not -1"),
        (SetHp("e1", 9), "Raider: HP 9 is above max HP 6"),
        (MoveUnit("e1", (1, 1)), r"moving Raider: cell \[1, 1\] is wall; no unit can stand there"),
        (MoveUnit("e1", (4, 1)), r"cell \[4, 1\] is impassable hazard"),
        (MoveUnit("e1", (5, 0)), r"cell \[5, 0\] is taken by Sniper \(e2\)"),
        (MoveUnit("e1", (6, 0)), r"cell \[6, 0\] is outside the 6x4 board"),
        (MoveUnit("e1", (0, 0)), r"Raider is already at \[0, 0\]"),
        (AddStatus("e1", "burning"), "unknown status 'burning' for tiny-test"),
        (AddStatus("e1", "down"), "'Down' follows from Raider's HP; change the HP instead"),
        (RemoveStatus("e1", "stunned"), "Raider is not stunned"),
        (AddStatus("e1", "poison", counter=0), "a marker count must be 1 or more, not 0"),
        (SetAi("p1", "brute"), "Ada is a player unit; only enemies have an AI type"),
        (SetAi("e1", "wizard"), r"unknown AI type 'wizard' for tiny-test \(known: brute, sneak\)"),
        (RenameUnit("e1", "  "), "Raider: the new name is empty"),
        (EditTerrain((0, 0), "#"), r"Raider stands on \[0, 0\]; it cannot become wall"),
        # Terrain of another game (an obstacle) is refused naming the terrain this one has.
        (EditTerrain((2, 2), "x"), r"has no obstacle \('x'\); its terrain: open ground \('\.'\)"),
        (EditTerrain((2, 2), "?"), "unknown terrain '\\?'"),
        (EditTerrain((1, 1), "#"), r"cell \[1, 1\] is already wall"),
        (
            AddUnit({"id": "e3", "side": "enemy", "at": [2, 2], "max_hp": -4}),
            "unit 'e3': max HP must be more than 0, not -4",
        ),
        (
            AddUnit({"id": "e1", "side": "enemy", "at": [2, 2], "max_hp": 4}),
            "there is already a unit 'e1'",
        ),
        (AddUnit({"id": "Bad Id", "side": "enemy", "at": [2, 2], "max_hp": 4}), "unit id 'Bad Id'"),
        (
            AddUnit({"id": "e3", "side": "troll", "at": [2, 2], "max_hp": 4}),
            'side must be "enemy" or "player"',
        ),
        (AddUnit({"id": "e3", "side": "enemy", "at": [2, 1], "max_hp": 4}), "is wall"),
        (
            AddUnit({"id": "e3", "side": "enemy", "at": [2, 2], "max_hp": 4, "ai": "x"}),
            "unknown AI type 'x'",
        ),
        (DrawCard("", "K"), "name the deck"),
        (Note("   "), "the note is empty"),
    ],
)
def test_invalid_commands_are_refused_with_a_clear_message(tiny, command, message):
    refused(tiny, command, message)
    assert tiny.history == []


def test_damage_heal_and_set_hp(tiny):
    entry = tiny.execute(Damage("e1", 4, source="p1"))
    assert entry.text == "Raider takes 4 damage (HP 6 → 2 of 6) from Ada"
    assert tiny.encounter.memory.last_attacker == {"e1": "p1"}
    tiny.execute(Damage("p1", 3, source="e1"))  # enemies hitting players are not remembered
    assert tiny.encounter.memory.last_attacker == {"e1": "p1"}
    assert tiny.execute(Heal("e1", 10)).text == "Raider heals 4 (HP 2 → 6 of 6)"
    tiny.execute(SetHp("e1", -2, max_hp=9))
    unit = tiny.state.unit("e1")
    assert (unit.hp, unit.max_hp, unit.statuses) == (-2, 9, ("down",))


def test_markers_with_counters(tiny):
    tiny.execute(AddStatus("e1", "poison", counter=2))
    assert tiny.state.counter("e1", "poison") == 2
    assert tiny.execute(AddStatus("e1", "poison", counter=3)).text == "Raider: Poison 2 → 5"
    tiny.execute(RemoveStatus("e1", "poison", counter=4))
    assert tiny.state.counter("e1", "poison") == 1
    assert (
        tiny.execute(RemoveStatus("e1", "poison", counter=1)).text == "Raider is no longer poisoned"
    )
    assert not tiny.state.unit("e1").has("poison")
    assert tiny.state.counter("e1", "poison") is None
    tiny.execute(AddStatus("e1", "stunned"))
    refused(tiny, AddStatus("e1", "stunned"), "Raider is already stunned")


def test_add_move_rename_and_remove_units(tiny):
    tiny.execute(
        AddUnit(
            {
                "id": "e3",
                "name": "Hound",
                "side": "enemy",
                "at": [2, 2],
                "max_hp": 3,
                "statuses": ["pinned"],
            }
        )
    )
    hound = tiny.state.unit("e3")
    assert (hound.hp, hound.ai, hound.statuses) == (3, "brute", ("pinned",))
    assert tiny.state.order == ("e1", "e2", "e3")  # nobody has acted: it joins this round
    tiny.execute(MoveUnit("e3", [3, 2]))
    tiny.execute(RenameUnit("e3", "Big Hound"))
    tiny.execute(Damage("e3", 1, source="p2"))
    assert tiny.state.unit("e3").name == "Big Hound"
    tiny.execute(RemoveUnit("p2"))
    assert tiny.encounter.memory.last_attacker == {}
    tiny.execute(RemoveUnit("e1"))
    assert tiny.state.order == ("e2", "e3")
    assert [u.id for u in tiny.encounter.units] == ["e2", "p1", "e3"]


def test_removing_a_guarded_unit_is_refused(tiny):
    tiny.execute(AddUnit({"id": "g", "side": "enemy", "at": [2, 2], "max_hp": 3, "guards": "e1"}))
    refused(tiny, RemoveUnit("e1"), "Raider is guarded by g; remove or reassign them first")


def test_edit_terrain(tiny):
    assert tiny.execute(EditTerrain((2, 2), "c")).text == "[2, 2]: open ground → cover"
    assert tiny.encounter.board.rows[2] == "..c..."


def test_draw_card_and_note(tiny):
    tiny.execute(DrawCard("stratagems", "Ambush"))
    assert [(c.deck, c.card, c.round) for c in tiny.state.cards] == [("stratagems", "Ambush", 1)]
    assert tiny.execute(Note("Bo drinks a potion")).text == "Note: Bo drinks a potion"


def test_a_drawn_card_keeps_and_logs_what_it_says(tiny):
    """The effect as the card read when drawn (the players may edit their deck later)."""
    effect = 'One enemy unit may move 3" before the game turn.'
    entry = tiny.execute(DrawCard("stratagems", "Ambush", effect))
    assert entry.text == f"Drew Ambush from stratagems: {effect}"
    assert tiny.state.cards[-1].text == effect
    # Kept through the state's record (what storage writes and a restart reads).
    record = section(tiny.state, "cards")
    assert record[-1]["text"] == effect
    restored = apply_sections(tiny.state.evolve(cards=()), {"cards": record})
    assert restored.cards == tiny.state.cards
    # A draw recorded before cards kept their text reads as it did.
    old = apply_sections(tiny.state, {"cards": [{"deck": "cards", "card": "K", "round": 1}]})
    assert old.cards[0].text == ""
    assert DrawCard("cards", "K").apply(tiny.state, tiny.ruleset)[1] == "Drew K from cards"


def test_the_enemy_draws_one_stratagem_per_turn_and_undo_gives_the_draw_back():
    encounter = load_encounter(sample_path("grimdark-solo-close-quarters.toml"))
    session = Session.in_memory(encounter, get_ruleset(encounter.ruleset), "relay")
    session.execute(DrawCard("stratagems", "Ambush"))
    refused(
        session,
        DrawCard("stratagems", "Smoke"),
        r"^Ambush is this turn's draw from the stratagems already: the enemy draws one per "
        r"turn \(undo that draw to draw again\)$",
    )
    assert one_draw_per_turn(session.state, session.ruleset, "cards") is None  # not its deck
    session.execute(DrawCard("cards", "K♠"))
    session.execute(DrawCard("cards", "2♥"))  # playing cards: as many as the players flip
    session.undo()
    session.undo()
    session.undo()
    session.execute(DrawCard("stratagems", "Smoke"))
    session.execute(NextRound())
    assert session.execute(DrawCard("stratagems", "Ambush")).text == "Drew Ambush from stratagems"


def test_payloads_round_trip_to_the_same_command(tiny):
    commands = [
        Damage("e1", 2, source="p1"),
        MoveUnit("e1", (0, 1)),
        AddStatus("e1", "poison", 2),
        AddUnit({"id": "x", "side": "player", "at": [3, 3], "max_hp": 2}),
        PaintTerrain([[2, 2], [3, 2]], "c"),
    ]
    for command in commands:
        again = command_from_payload(command.kind, command.payload())
        assert again.run(tiny.state, TINY) == command.run(tiny.state, TINY)
    with pytest.raises(TrackerError, match="unknown command 'explode'"):
        command_from_payload("explode", {})


def test_apply_a_real_card_flip_decision():
    ruleset = get_ruleset("card-flip-rpg")
    session = Session.in_memory(goblin_ambush(), ruleset)
    decision = decide(session.encounter, "goblin", ruleset, Dice([]))
    entry = session.execute(ApplyDecision.of(decision))
    goblin = session.state.unit("goblin")
    assert entry.text == f"Goblin Archer: {decision.summary}"
    if decision.destination is not None:
        assert goblin.at == decision.destination
    if decision.targets:
        assert session.encounter.memory.previous_target == decision.targets[0]


def _decision(action: str, destination=None, targets=(), gained=(), alternatives=()):
    return Decision(
        unit="e2",
        ruleset="tiny-test",
        ai="sneak",
        outcome=Outcome(action, tuple(targets), destination, (destination,) if destination else ()),
        summary=f"{action} it",
        statuses_gained=tuple(gained),
        alternatives=tuple(alternatives),
    )


def test_apply_decision_moves_records_targets_and_statuses(tiny):
    alt = Outcome("fire", ("p1",), (3, 0), ((4, 0), (3, 0)))
    decision = _decision("fire", (4, 0), ["p2"], ["overwatch"], [alt])
    tiny.execute(ApplyDecision.of(decision, choice=1))  # the players picked the alternative
    sniper = tiny.state.unit("e2")
    assert sniper.at == (3, 0) and sniper.has("overwatch")
    memory = tiny.encounter.memory
    assert memory.previous_target == "p1" and memory.shot_this_round == ("p1",)
    # The outcome taken, worded as the decision panel lists it when the ruleset gave it no
    # words of its own (where it acts from included), numbered as the panel numbers it (the
    # decided outcome is choice 1).
    assert tiny.history[-1].text == "Sniper: Fire Ada from [3, 0] (players' choice 2)"


def test_an_applied_choice_logs_its_own_summary_and_keeps_its_own_reasoning(tiny):
    # A tie the players broke: the log says what the picked outcome does in the ruleset's
    # words for it, not the decided outcome's summary, and the record keeps its reasoning.
    decided = TraceStep("1. Fire", APPLIED, "fires at Bo from [4, 0]")
    own = TraceStep("1. Fire", APPLIED, "fires at Ada from [3, 0]")
    alt = Outcome("fire", ("p1",), (3, 0), ((3, 0),), summary="Fire at Ada", steps=(own,))
    decision = replace(
        _decision("fire", (4, 0), ["p2"], alternatives=[alt]),
        summary="Fire at Bo",
        trace=(decided, TraceStep("2. Hide", SKIPPED, "no cover")),
    )
    command = ApplyDecision.of(decision, choice=1)
    assert [t["detail"] for t in command.decision["trace"]] == [own.detail, "no cover"]
    tiny.execute(command)
    assert tiny.history[-1].text == "Sniper: Fire at Ada (players' choice 2)"
    assert tiny.state.unit("e2").at == (3, 0)
    tiny.undo()
    tiny.execute(ApplyDecision.of(decision))  # as decided: the decided summary and trace
    assert tiny.history[-1].text == "Sniper: Fire at Bo"


def test_apply_decision_refusals(tiny):
    refused(
        tiny,
        ApplyDecision.of(_decision("fire", (1, 1))),
        r"Sniper's destination: cell \[1, 1\] is wall",
    )
    refused(tiny, ApplyDecision.of(_decision("fire"), choice=2), "outcome 2 does not exist")
    refused(tiny, ApplyDecision.of(_decision("fire", targets=["zed"])), "no unit 'zed'")
    other = Decision("e2", "card-flip-rpg", None, Outcome("skip"), "skip")
    refused(tiny, ApplyDecision.of(other), "made under 'card-flip-rpg'")


def test_a_brush_stroke_is_one_undo_step(tiny):
    before = tiny.state
    entry = tiny.execute(PaintTerrain([[2, 2], [3, 2], (3, 2), [4, 2]], "#"))
    assert entry.text == "Painted wall on 3 cells: [2, 2], [3, 2], [4, 2]"
    assert tiny.encounter.board.rows[2] == "..###."
    tiny.execute(PaintTerrain([[4, 2], [5, 2]], "#"))  # a cell already wall is left alone
    assert tiny.history[-1].text == "Painted wall on 1 cell: [5, 2]"
    tiny.undo()
    tiny.undo()
    assert tiny.state == before
    refused(tiny, PaintTerrain([[1, 1], [2, 1]], "#"), "every cell of the stroke is already wall")
    refused(
        tiny,
        PaintTerrain([[1, 0], [0, 0]], "#"),
        r"Raider stands on \[0, 0\]; it cannot become wall",
    )
    refused(tiny, PaintTerrain([[9, 9]], "c"), r"cell \[9, 9\] is outside the 6x4 board")
    refused(tiny, PaintTerrain([], "c"), "the brush stroke covers no cell")
    assert tiny.state == before


@pytest.mark.parametrize(
    ("unit", "message"),
    [
        (
            {"guards": "ghost"},
            r"unit 'g', field 'guards': no unit 'ghost' \(units: e1, e2, p1, p2\)",
        ),
        ({"guards": "g"}, "unit 'g', field 'guards': a unit cannot guard itself"),
        ({"guards": ["e1"]}, r"unit 'g', field 'guards': is \['e1'\]; expected a text"),
        (
            {"priorities": ["x"]},
            "unit 'g', field 'priorities': tiny-test has no unit field "
            r"'priorities' \(known: guards\)",
        ),
    ],
)
def test_added_units_are_checked_against_the_declared_fields(tiny, unit, message):
    refused(tiny, AddUnit({"id": "g", "side": "enemy", "at": [2, 2], "max_hp": 3, **unit}), message)


def test_a_guard_duty_is_kept_cleared_and_named_in_the_log(tiny):
    tiny.execute(
        AddUnit(
            {
                "id": "g",
                "side": "enemy",
                "at": [2, 2],
                "max_hp": 3,
                "guards": "e1",
                "priorities": [],
            }
        )
    )  # an old record's empty key
    assert tiny.encounter.unit("g").fields == {"guards": "e1"}
    assert tiny.execute(UpdateUnit("g", {"guards": None})).text == "Edited g: guards e1 → –"
    assert tiny.encounter.unit("g").reference("guards") is None
    tiny.execute(RemoveUnit("e1"))  # nobody guards it any more


def test_the_players_say_who_attacked_an_enemy_last_and_undo_takes_it_back(tiny):
    assert tiny.execute(SetLastAttacker("e1", "p1")).text == "Raider was attacked last by Ada"
    assert tiny.encounter.memory.last_attacker == {"e1": "p1"}
    refused(tiny, SetLastAttacker("e1", "p1"), "Ada is already the last to have attacked Raider")
    refused(tiny, SetLastAttacker("p1", "e1"), "only enemies remember attackers")
    refused(tiny, SetLastAttacker("e1", "e1"), "is an enemy: only players attack Raider here")
    assert tiny.execute(SetLastAttacker("e1", "")).text == "Raider remembers no attacker now"
    assert tiny.encounter.memory.last_attacker == {}
    refused(tiny, SetLastAttacker("e1", ""), "Raider remembers no attacker already")
    tiny.undo()
    assert tiny.encounter.memory.last_attacker == {"e1": "p1"}
    tiny.undo()
    assert tiny.encounter.memory.last_attacker == {}
