"""Turn flow: applying a decision is the unit's activation, acted units are not decided
again, defeated units leave the order, new units join a round nobody has acted in, and
grimdark-solo phases flow into one another — in memory and across a real SQLite file."""

from __future__ import annotations

import pytest

from db import repository
from db.engine import open_database
from desktop.engine.board import Board
from desktop.engine.decide import decide
from desktop.engine.decision import Decision, Outcome
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.storage_url import sqlite_url
from desktop.tracker import Session, TrackerError
from desktop.tracker.commands import (
    AddStatus,
    AddUnit,
    ApplyDecision,
    Damage,
    Heal,
    NextActivation,
    NextRound,
    SetPhase,
    SettleOrder,
)
from tests.desktop.tracker.tiny_ruleset import TINY, rulesets, tiny_encounter

GRIMDARK = "grimdark-solo-close-quarters.toml"


@pytest.fixture
def tiny() -> Session:
    return Session.in_memory(tiny_encounter(), TINY)


@pytest.fixture
def database(tmp_path):
    opened = open_database(sqlite_url(tmp_path / "foebook.sqlite3"))
    yield opened
    opened.close()


def reopened(database, name: str) -> Session:
    """The session as a restarted Foebook loads it: a new engine on the same file."""
    again = open_database(database.url)
    try:
        return repository.open_session(again, name, rulesets)
    finally:
        again.close()


def hold(
    unit: str,
    destination=None,
    phase: str | None = None,
    ruleset: str = TINY.id,
    action: str = "move",
) -> ApplyDecision:
    outcome = Outcome(action, (), destination, (destination,) if destination else ())
    return ApplyDecision.of(Decision(unit, ruleset, None, outcome, f"{action} it", phase=phase))


# -- acting ------------------------------------------------------------------------------------


def test_applying_the_active_units_decision_is_one_step_that_passes_the_turn(tiny):
    tiny.execute(AddStatus("e1", "stunned"))  # wears off when its activation ends
    before = tiny.state
    tiny.execute(hold("e1", (0, 1)))
    assert len(tiny.history) == 2
    assert tiny.state.unit("e1").at == (0, 1) and not tiny.state.unit("e1").has("stunned")
    assert tiny.current_unit == "e2" and tiny.state.has_acted("e1")
    tiny.undo()  # one undo takes back the move, the marker and the turn
    assert tiny.state == before and not tiny.state.has_acted("e1")
    tiny.redo()
    assert tiny.current_unit == "e2" and tiny.state.unit("e1").at == (0, 1)


def test_a_unit_that_has_acted_is_not_decided_again(tiny):
    tiny.execute(hold("e1"))
    with pytest.raises(TrackerError, match="Raider has acted this round"):
        tiny.execute(hold("e1"))
    tiny.execute(NextActivation())  # passing a unit with Next also counts as acting
    with pytest.raises(TrackerError, match="Sniper has acted this round"):
        tiny.execute(hold("e2"))
    assert [e.kind for e in tiny.history] == ["apply-decision", "next-activation"]
    tiny.execute(NextRound())
    tiny.execute(hold("e1"))  # a new round: everyone acts again
    assert tiny.current_unit == "e2"


def test_acting_out_of_turn_puts_the_unit_among_those_that_have_acted(tiny):
    tiny.execute(AddStatus("e2", "overwatch"))  # ends when its activation starts
    tiny.execute(AddStatus("e2", "stunned"))  # ends when its activation ends
    tiny.execute(hold("e2", (4, 0)))
    assert (tiny.order, tiny.pointer, tiny.current_unit) == (("e2", "e1"), 1, "e1")
    assert tiny.state.has_acted("e2") and tiny.state.unit("e2").statuses == ()
    entry = tiny.execute(NextActivation())
    assert entry.text == "Raider done; every unit has acted in round 1"


def test_a_reaction_in_the_players_turn_moves_nothing_in_the_order(tiny):
    tiny.execute(hold("e1"))
    reaction = hold("e1", (0, 1))
    tiny.execute(ApplyDecision(reaction.decision, reaction=True))
    assert tiny.state.unit("e1").at == (0, 1)
    assert (tiny.order, tiny.pointer) == (("e1", "e2"), 1)


# -- defeated units ----------------------------------------------------------------------------


def test_a_unit_defeated_mid_round_leaves_the_order_and_may_return_next_round(tiny):
    tiny.execute(Damage("e2", 4))
    assert tiny.order == ("e1",) and tiny.state.ties == ()
    entry = tiny.execute(NextActivation())
    assert entry.text == "Raider done; every unit has acted in round 1"  # e2 never activates
    tiny.execute(Heal("e2", 2))
    assert tiny.order == ("e1",)  # healed: it waits for the next round
    tiny.execute(NextRound())
    assert tiny.order == ("e1", "e2")
    tiny.undo()
    tiny.undo()
    tiny.undo()
    tiny.undo()
    assert tiny.order == ("e1", "e2") and tiny.state.unit("e2").hp == 4


def test_the_active_unit_defeated_hands_the_turn_to_the_next(tiny):
    tiny.execute(AddStatus("e2", "overwatch"))
    tiny.execute(Damage("e1", 9))
    assert (tiny.order, tiny.pointer, tiny.current_unit) == (("e2",), 0, "e2")
    assert not tiny.state.unit("e2").has("overwatch")  # its activation has begun


def test_a_defeated_unit_that_had_acted_leaves_the_done_part_too(tiny):
    tiny.execute(hold("e1"))
    tiny.execute(Damage("e1", 6))
    assert (tiny.order, tiny.pointer, tiny.current_unit) == (("e2",), 0, "e2")


def test_defeated_means_what_the_ruleset_says():
    flip = get_ruleset("card-flip-rpg")
    from desktop.engine.units import make_unit

    hero = make_unit("h", "player", (0, 0), 0, 5)
    goblin = make_unit("g", "enemy", (0, 0), 0, 5)
    assert not flip.is_defeated(hero)  # a card-flip hero at exactly 0 is only stunned
    assert flip.is_defeated(hero.evolve(hp=-1)) and flip.is_defeated(goblin)
    assert TINY.is_defeated(hero) and not TINY.is_defeated(goblin.evolve(hp=1))


# -- new units ---------------------------------------------------------------------------------


def test_units_added_to_a_new_empty_session_join_round_one():
    empty = Encounter(
        ruleset=TINY.id, board=Board.from_text("square", ". . . .\n. . . ."), units=()
    )
    session = Session.in_memory(empty, TINY)
    assert (session.round, session.order) == (1, ())
    session.execute(AddUnit({"id": "a", "side": "enemy", "at": [0, 0], "max_hp": 3}))
    session.execute(AddUnit({"id": "hero", "side": "player", "at": [3, 1], "max_hp": 3}))
    session.execute(AddUnit({"id": "b", "side": "enemy", "at": [1, 0], "max_hp": 3}))
    assert (session.order, session.current_unit) == (("a", "b"), "a")
    assert session.state.ties == (("a", "b"),)
    assert session.execute(NextActivation()).text == "a done; b activates"


def test_a_new_unit_keeps_the_players_settled_order(tiny):
    tiny.execute(SettleOrder(["e2", "e1"]))
    tiny.execute(AddUnit({"id": "e3", "side": "enemy", "at": [2, 2], "max_hp": 3}))
    assert tiny.order == ("e2", "e1", "e3")


def test_once_a_unit_has_acted_new_units_wait_for_the_next_round(tiny):
    tiny.execute(NextActivation())
    tiny.execute(AddUnit({"id": "e3", "side": "enemy", "at": [2, 2], "max_hp": 3}))
    assert tiny.order == ("e1", "e2")
    tiny.execute(NextRound())
    assert tiny.order == ("e1", "e2", "e3")


# -- grimdark-solo phases ----------------------------------------------------------------------


def grimdark_session() -> Session:
    from desktop.encounter_file import load_encounter

    ruleset = get_ruleset("grimdark-solo")
    return Session.in_memory(load_encounter(sample_path(GRIMDARK)), ruleset)


def play_current(session: Session, seed: int = 0) -> str:
    decision = decide(session.encounter, session.current_unit, session.ruleset, Dice(seed=seed))
    return session.execute(ApplyDecision.of(decision)).text


def test_grimdark_phases_flow_into_the_next_and_the_fight_into_the_next_round():
    session = grimdark_session()
    phases = session.ruleset.data.phases
    everyone = session.order
    assert (session.round, session.encounter.phase, len(everyone)) == (2, "command", 5)
    for index, phase in enumerate(phases):
        assert (session.encounter.phase, session.order) == (phase, everyone)
        # Units with nothing to do in this phase were passed as their turn came.
        for passed in everyone[: session.pointer]:
            assert session.ruleset.idle_reason(session.encounter, passed), (phase, passed)
        while session.current_unit is not None:
            unit = session.current_unit
            play_current(session, seed=index)
            if session.current_unit == unit:  # it fought: its consolidation comes next
                assert phase == "fight" and session.state.unit(unit).has("fought")
                play_current(session, seed=index)
            assert session.state.has_acted(unit)
        text = session.execute(NextActivation()).text
        if index + 1 < len(phases):
            # It names the unit that acts first, after any passed.
            acting = session.state.unit(session.current_unit).name
            assert text.startswith(f"The {phases[index + 1]} phase begins; ")
            assert text.endswith(f"; {acting} activates first"), text
    assert (session.round, session.encounter.phase, session.pointer) == (3, "command", 0)
    assert not any(u.has("fought") for u in session.encounter.units)


def test_in_the_players_turn_an_enemy_that_fought_in_its_own_turn_fights_back():
    from types import MappingProxyType

    session = grimdark_session()
    session.execute(SetPhase("fight"))
    while session.current_unit is not None:  # the mob fights the Guard Squad, consolidates
        play_current(session)
    assert session.state.unit("mob").statuses == ()  # its fight phase and turn are over

    def reaction() -> Decision:
        enc = session.encounter
        theirs = enc.evolve(extra_state=MappingProxyType({**enc.extra_state, "turn": "player"}))
        return decide(theirs, "mob", session.ruleset, Dice(seed=0))

    fights = reaction()
    assert fights.summary == "Fight Guard Squad with Blades"
    session.execute(ApplyDecision.of(fights, reaction=True))
    assert reaction().summary == "Consolidate in place"  # it has fought in this phase
    session.execute(NextRound())
    assert session.state.unit("mob").statuses == ()


def test_fighting_then_consolidating_is_one_activation():
    grimdark = get_ruleset("grimdark-solo")
    assert grimdark.activation_continues("fight", "fight")
    assert not grimdark.activation_continues("fight", "consolidate")
    assert not grimdark.activation_continues("charge", "fight")


def test_choosing_a_phase_makes_every_unit_ready_for_it():
    session = grimdark_session()
    play_current(session)
    session.execute(SetPhase("shooting"))
    assert (session.encounter.phase, session.pointer, session.current_unit) == (
        "shooting",
        0,
        "captain",
    )
    assert not any(session.state.has_acted(u) for u in session.order)


def test_a_decision_previewed_for_another_phase_is_not_the_units_activation():
    session = grimdark_session()
    preview = decide(
        session.encounter.evolve(phase="shooting"), "gunners", session.ruleset, Dice(seed=1)
    )
    session.execute(ApplyDecision.of(preview))
    assert session.pointer == 0 and not session.state.has_acted("gunners")


def test_a_new_grimdark_session_starts_in_the_first_phase():
    empty = Encounter(
        ruleset="grimdark-solo", board=Board.from_text("square", ". . .\n. . ."), units=()
    )
    session = Session.in_memory(empty, get_ruleset("grimdark-solo"))
    assert session.encounter.phase == "command"


# -- across restarts ---------------------------------------------------------------------------


def test_acted_units_and_the_order_survive_undo_redo_and_a_restart(database):
    session = repository.new_session(database, "night", tiny_encounter(), rulesets)
    session.execute(hold("e2", (4, 0)))  # out of turn
    session.execute(hold("e1", (0, 1)))  # the active unit: the round is done
    again = reopened(database, "night")
    assert again.state == session.state
    assert again.state.has_acted("e1") and again.state.has_acted("e2")
    with pytest.raises(TrackerError, match="Raider has acted this round"):
        again.execute(hold("e1"))
    again.undo()
    again = reopened(database, "night")
    assert (again.current_unit, again.state.has_acted("e1")) == ("e1", False)
    assert again.state.unit("e1").at == (0, 0)
    again.redo()
    again = reopened(database, "night")
    assert again.current_unit is None and again.state.unit("e1").at == (0, 1)


def test_a_defeat_and_a_phase_change_survive_a_restart(database):
    from desktop.encounter_file import load_encounter

    session = repository.new_session(
        database, "war", load_encounter(sample_path(GRIMDARK)), rulesets
    )
    session.execute(Damage("mob", 8))
    while session.current_unit is not None:
        play_current(session)
    session.execute(NextActivation())
    again = reopened(database, "war")
    assert again.encounter.phase == "movement" and "mob" not in again.order
    assert again.state == session.state
    again.undo()
    again = reopened(database, "war")
    assert again.encounter.phase == "command" and again.current_unit is None
