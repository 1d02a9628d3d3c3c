"""Status expiry follows the ruleset data; derived statuses follow HP."""

from __future__ import annotations

import pytest

from desktop.engine.decision import Decision, Outcome
from desktop.rulesets.registry import get_ruleset, ruleset_ids
from desktop.tracker import Session
from desktop.tracker.commands import (
    AddStatus,
    ApplyDecision,
    Damage,
    Heal,
    NextActivation,
    NextRound,
    SetHp,
)
from desktop.tracker.expiry import TRIGGERS, ExpiryError, check_ruleset, parse_expires
from tests.desktop.tracker.tiny_ruleset import TINY, goblin_ambush, tiny_encounter


@pytest.fixture
def tiny() -> Session:
    return Session.in_memory(tiny_encounter(), TINY)


def statuses(session: Session, unit_id: str) -> tuple[str, ...]:
    return session.state.unit(unit_id).statuses


def test_vocabulary_parsing():
    assert parse_expires("never") == frozenset()
    assert parse_expires("on-activation, when-hit | when-brawls") == {
        "on-activation",
        "when-hit",
        "when-brawls",
    }
    assert parse_expires(["after-activation"]) == {"after-activation"}
    with pytest.raises(ExpiryError, match="unknown expiry 'sometimes'"):
        parse_expires("sometimes")
    assert "end-of-round" in TRIGGERS


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_built_in_ruleset_uses_known_expiry_words(ruleset_id):
    assert check_ruleset(get_ruleset(ruleset_id).data) == []


def test_after_activation_markers_leave_when_the_activation_ends(tiny):
    tiny.execute(AddStatus("e1", "stunned"))
    tiny.execute(AddStatus("e2", "stunned"))
    assert tiny.current_unit == "e1"
    tiny.execute(NextActivation())
    assert statuses(tiny, "e1") == () and statuses(tiny, "e2") == ("stunned",)
    tiny.execute(NextActivation())
    assert statuses(tiny, "e2") == ()
    assert tiny.current_unit is None


def test_overwatch_leaves_on_activation(tiny):
    tiny.execute(AddStatus("e2", "overwatch"))
    tiny.execute(NextActivation())  # e1 done, e2 starts: its overwatch ends
    assert statuses(tiny, "e2") == ()


def test_overwatch_leaves_when_hit(tiny):
    tiny.execute(AddStatus("e2", "overwatch"))
    tiny.execute(AddStatus("e2", "pinned"))
    tiny.execute(Damage("e2", 1))
    assert statuses(tiny, "e2") == ("pinned",)


def test_overwatch_leaves_when_brawling_for_both_sides(tiny):
    tiny.execute(AddStatus("e2", "overwatch"))
    tiny.execute(AddStatus("e1", "overwatch"))
    brawl = Decision("e1", "tiny-test", "brute", Outcome("brawl", ("e2",)), "Brawl")
    tiny.execute(ApplyDecision.of(brawl))
    assert statuses(tiny, "e1") == () and statuses(tiny, "e2") == ()


def test_end_of_round_and_when_healed(tiny):
    tiny.execute(AddStatus("p1", "pinned"))
    tiny.execute(AddStatus("p1", "blessed"))
    tiny.execute(AddStatus("p1", "poison", counter=2))
    tiny.execute(Damage("p1", 2))
    tiny.execute(NextRound())
    assert statuses(tiny, "p1") == ("blessed", "poison")
    tiny.execute(Heal("p1", 1))
    assert statuses(tiny, "p1") == ("poison",)
    assert tiny.state.counter("p1", "poison") == 2


def test_next_round_resets_order_pointer_and_shots(tiny):
    fire = Decision("e2", "tiny-test", "sneak", Outcome("fire", ("p1",)), "Fire")
    tiny.execute(ApplyDecision.of(fire))
    tiny.execute(NextActivation())
    tiny.execute(Damage("e1", 6))  # down: leaves the order from the next round
    tiny.execute(NextRound())
    assert (tiny.round, tiny.order, tiny.pointer) == (2, ("e2",), 0)
    assert tiny.encounter.memory.shot_this_round == ()
    assert tiny.encounter.memory.previous_target == "p1"


def test_card_flip_derived_statuses_follow_hp():
    session = Session.in_memory(goblin_ambush(), get_ruleset("card-flip-rpg"))
    session.execute(Damage("bram", 9))
    assert statuses(session, "bram") == ("stunned",)
    session.execute(Damage("bram", 1))
    assert statuses(session, "bram") == ("dead",)
    session.execute(SetHp("bram", 4))
    assert statuses(session, "bram") == ()
    session.undo()
    assert statuses(session, "bram") == ("dead",)
    session.execute(SetHp("goblin", 0))  # enemies get no derived markers in card-flip-rpg
    assert statuses(session, "goblin") == ()


def phased() -> Session:
    """The tiny ruleset played in a move and a fight phase, with a phase's and a turn's marker."""
    from dataclasses import replace

    from desktop.engine.ruleset import StatusSpec
    from tests.desktop.tracker.tiny_ruleset import TinyRuleset

    data = replace(
        TINY.data,
        phases=("move", "fight"),
        statuses={
            **TINY.data.statuses,
            "fought": StatusSpec("fought", "Fought", "Fought this phase.", "end-of-phase"),
            "advanced": StatusSpec("advanced", "Advanced", "Ran this turn.", "end-of-turn"),
        },
    )
    return Session.in_memory(tiny_encounter(), TinyRuleset(data))


def test_end_of_phase_markers_leave_when_the_phase_changes():
    from desktop.tracker.commands import SetPhase

    session = phased()
    session.execute(AddStatus("e1", "fought"))
    session.execute(AddStatus("e1", "advanced"))
    session.execute(SetPhase("fight"))
    assert statuses(session, "e1") == ("advanced",)
    session.execute(AddStatus("e1", "fought"))
    session.execute(NextRound())
    assert statuses(session, "e1") == ()
    assert session.encounter.phase == "move"


def fights(unit: str, reaction: bool = False) -> ApplyDecision:
    decision = Decision(
        unit,
        "tiny-test",
        None,
        Outcome("brawl"),
        "Fight",
        statuses_gained=("fought",),
        phase="fight",
    )
    return ApplyDecision.of(decision, reaction=reaction)


def test_the_turns_markers_leave_once_every_unit_has_acted_in_the_last_phase():
    """The other side's turn comes before the next round: what the enemy did in its own turn
    (fought, advanced) must not hold back its reactions then."""
    from desktop.tracker.commands import SetPhase

    session = phased()
    session.execute(AddStatus("e1", "advanced"))
    session.execute(SetPhase("fight"))
    session.execute(fights("e1"))
    assert statuses(session, "e1") == ("advanced", "fought")  # e2 is still to act
    entry = session.execute(fights("e2"))  # the last one: the turn is over
    assert statuses(session, "e1") == statuses(session, "e2") == ()
    assert entry.text == "Sniper: Fight"
    session.undo()
    assert statuses(session, "e1") == ("advanced", "fought")
    session.redo()
    # A reaction in the players' turn marks the unit until the next round.
    session.execute(fights("e1", reaction=True))
    assert statuses(session, "e1") == ("fought",)
    session.execute(NextRound())
    assert statuses(session, "e1") == ()


def test_a_phase_over_before_the_last_keeps_the_turns_markers():
    session = phased()
    session.execute(AddStatus("e1", "advanced"))
    session.execute(NextActivation())
    session.execute(NextActivation())  # every unit has acted in the move phase
    assert session.current_unit is None and statuses(session, "e1") == ("advanced",)
