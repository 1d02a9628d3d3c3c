"""A session's own dice: random per session, unchanged by looking, used up by applying,
rewound by undo, repeated by redo, and every roll named in the log."""

from __future__ import annotations

from collections import Counter

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session, TrackerError
from desktop.tracker.commands import ApplyDecision, RollAgain
from desktop.tracker.session import initial_state
from desktop.tracker.session_dice import SessionDice

RAID = "skirmish-ai-outpost-raid.toml"


def raid(seed: int) -> Session:
    encounter = load_encounter(sample_path(RAID))
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "raid", dice_seed=seed)


def pending(session: Session, unit_id: str | None = None) -> Decision:
    """What the window shows for a unit: a decision on the session's next dice draw."""
    unit_id = unit_id or session.current_unit
    return decide(session.encounter, unit_id, session.ruleset, session.state.dice.dice())


def play_turn(session: Session) -> list[Decision]:
    applied = []
    while session.current_unit is not None:
        decision = pending(session)
        session.execute(ApplyDecision.of(decision))  # its activation: the turn passes on
        applied.append(decision)
    return applied


def test_dice_over_many_sessions_show_every_face_not_only_ones():
    faces = Counter(
        roll.value
        for seed in range(20)
        for decision in play_turn(raid(seed))
        for roll in decision.rolls
        if roll.die == "d6"
    )
    assert sum(faces.values()) >= 60
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert faces[1] < sum(faces.values()) / 3


def test_new_sessions_get_seeds_of_their_own():
    encounter = load_encounter(sample_path(RAID))
    ruleset = get_ruleset(encounter.ruleset)
    seeds = {initial_state(encounter, ruleset).dice.seed for _ in range(5)}
    assert len(seeds) == 5
    assert initial_state(encounter, ruleset, dice_seed=42).dice == SessionDice(42, 0)


def test_looking_twice_shows_the_same_dice_and_applying_uses_them_up():
    session = raid(3)
    first = pending(session)
    assert first.rolls, "the trooper rolls on its table"
    assert pending(session) == first
    session.execute(ApplyDecision.of(first))
    assert session.state.dice.used == 1


def test_undo_rewinds_the_dice_and_redo_replays_the_same_rolls():
    session = raid(5)
    trooper = session.current_unit
    before = pending(session)
    session.execute(ApplyDecision.of(before))
    after_apply = pending(session)
    session.undo()
    assert pending(session, trooper) == before
    session.redo()
    assert pending(session) == after_apply
    assert (session.state.dice.seed, session.state.dice.used) == (5, 1)


def test_a_decision_without_dice_leaves_the_dice_alone():
    session = raid(1)
    decision = pending(session, "sniper")
    quiet = Decision(
        decision.unit, decision.ruleset, decision.ai, decision.outcome, decision.summary
    )
    session.execute(ApplyDecision.of(quiet))
    assert session.state.dice == SessionDice(1, 0)


def test_the_log_names_each_roll_and_what_it_meant():
    session = raid(4)
    decision = pending(session)
    table = decision.rolls[0]
    entry = session.execute(ApplyDecision.of(decision))
    assert table.meaning.startswith(f"Tactical table, row {table.value}: ")
    assert f"d6 = {table.value} (table roll (Tactical" in entry.text
    assert table.meaning.removesuffix(".") in entry.text


def test_rolling_again_gives_the_next_draw_logs_the_set_aside_dice_and_undoes():
    session = raid(8)
    unit = session.current_unit
    first = pending(session)
    entry = session.execute(RollAgain(unit, [r.to_dict() for r in first.rolls]))
    assert session.state.dice == SessionDice(8, 1)
    assert entry.text.startswith("Trooper 1: dice rolled again, setting aside d6 = ")
    assert first.rolls[0].meaning.removesuffix(".") in entry.text
    again = pending(session)
    assert again == decide(session.encounter, unit, session.ruleset, SessionDice(8, 1).dice())
    session.undo()
    assert pending(session) == first


def test_rolling_again_without_dice_is_refused():
    session = raid(2)
    with pytest.raises(TrackerError, match="rolls no dice; there is nothing to roll again"):
        session.execute(RollAgain("trooper-1", []))
    assert session.history == []


def test_the_dice_record_round_trips_and_an_empty_one_is_the_fixed_default():
    dice = SessionDice(123, 4)
    assert SessionDice.from_record(dice.to_record()) == dice
    assert SessionDice.from_record({}) == SessionDice()
    based = dice.after_decision("a", (), (), ("b", "c"))  # a group following base conditions
    assert dict(based.group_bases) == {"b": "a", "c": "a"} and based.used == 4
    assert SessionDice.from_record(based.to_record()) == based
    assert dice.draw_seed() != dice.advanced().draw_seed()
