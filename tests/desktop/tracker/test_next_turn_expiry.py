"""Gloomhaven-family conditions last until the end of the figure's next turn, with the
characters' turns in the round by initiative (monster-focus)."""

from __future__ import annotations

import pytest

from desktop.rulesets.registry import get_ruleset
from desktop.tracker import Session, TrackerError
from desktop.tracker.commands import (
    AddStatus,
    Damage,
    Heal,
    NextActivation,
    NextRound,
    RemoveStatus,
    SetHp,
    SetStat,
    SettleOrder,
)
from tests.desktop.rulesets.monster_focus.test_order import cave

RULESET = get_ruleset("monster-focus")


@pytest.fixture
def night() -> Session:
    """Round 1 order: Cragheart 12, Ice golem 30, Brute 55, Flame imp 70."""
    return Session.in_memory(cave(cragheart=12, golem=30, brute=55, imp=70), RULESET)


def has(session: Session, unit_id: str, status: str) -> bool:
    return session.encounter.unit(unit_id).has(status)


def next_until(session: Session, unit_id: str) -> None:
    """Next, until `unit_id` is the one acting."""
    for _ in range(10):
        if session.current_unit == unit_id:
            return
        session.execute(NextActivation())
    raise AssertionError(f"{unit_id} never acted")


def test_characters_take_their_turns_between_the_monsters(night):
    assert night.order == ("cragheart", "golem", "brute", "imp")
    assert night.current_unit == "cragheart"


def test_a_condition_given_before_the_figures_turn_ends_with_that_turn(night):
    next_until(night, "golem")
    night.execute(AddStatus("brute", "immobilize"))  # the golem's attack immobilizes
    night.execute(AddStatus("brute", "poison"))
    night.execute(NextActivation())  # the golem is done; the brute's turn
    assert night.current_unit == "brute" and has(night, "brute", "immobilize")
    night.execute(NextActivation())  # the end of the brute's turn
    assert not has(night, "brute", "immobilize")
    assert has(night, "brute", "poison")  # poison stays until healed


def test_a_condition_given_after_the_figures_turn_lasts_into_the_next_round(night):
    next_until(night, "golem")  # the cragheart has acted
    night.execute(AddStatus("cragheart", "muddle"))
    next_until(night, "imp")
    night.execute(NextActivation())
    night.execute(NextRound())
    assert night.round == 2 and night.current_unit == "cragheart"
    assert has(night, "cragheart", "muddle")
    night.execute(NextActivation())
    assert not has(night, "cragheart", "muddle")


def test_a_condition_gained_in_its_own_turn_lasts_through_its_next_turn(night):
    entry = night.execute(AddStatus("cragheart", "strengthen"))
    assert entry.text == "Cragheart is strengthened until the end of its next turn"
    night.execute(NextActivation())  # the end of this turn: it stays
    assert has(night, "cragheart", "strengthen")
    next_until(night, "imp")
    night.execute(NextActivation())
    night.execute(NextRound())
    assert has(night, "cragheart", "strengthen")
    night.execute(NextActivation())  # the end of its next turn
    assert not has(night, "cragheart", "strengthen")


def test_a_monster_strengthened_in_its_own_turn_keeps_it_for_its_next(night):
    next_until(night, "golem")
    night.execute(AddStatus("golem", "strengthen"))
    night.execute(AddStatus("imp", "stun"))
    next_until(night, "imp")
    night.execute(NextActivation())
    assert has(night, "golem", "strengthen") and not has(night, "imp", "stun")


def test_what_it_holds_survives_undo_and_redo(night):
    night.execute(AddStatus("cragheart", "invisible"))
    night.undo()
    assert not has(night, "cragheart", "invisible") and night.state.held is None
    night.redo()
    night.execute(NextActivation())
    assert has(night, "cragheart", "invisible")


def test_a_marker_taken_off_and_put_back_out_of_its_turn_is_not_held(night):
    night.execute(AddStatus("cragheart", "disarm"))
    night.execute(RemoveStatus("cragheart", "disarm"))
    assert night.state.held is None
    night.execute(NextActivation())
    night.execute(AddStatus("cragheart", "disarm"))  # now in the golem's turn
    next_until(night, "imp")
    night.execute(NextActivation())
    night.execute(NextRound())
    night.execute(NextActivation())
    assert not has(night, "cragheart", "disarm")


def test_poison_and_wound_leave_only_when_healed(night):
    night.execute(AddStatus("brute", "wound"))
    for _ in range(3):
        next_until(night, "imp")
        night.execute(NextActivation())
        night.execute(NextRound())
    assert has(night, "brute", "wound")
    assert night.encounter.unit("brute").hp == 7  # 1 damage at the start of each turn
    entry = night.execute(Heal("brute", 1))
    assert entry.text == "Brute heals 1 (HP 7 → 8 of 10); no longer wounded"
    night.execute(SetHp("brute", 10))
    night.execute(AddStatus("brute", "wound"))
    entry = night.execute(Heal("brute", 1))  # at full HP the heal still ends the wound
    assert entry.text == "Brute is at full HP; the heal removes Wound"
    assert not has(night, "brute", "wound")


def test_a_heal_on_a_poisoned_figure_removes_poison_instead_of_restoring_hp(night):
    night.execute(Damage("brute", 4))
    night.execute(AddStatus("brute", "poison"))
    night.execute(AddStatus("brute", "wound"))
    entry = night.execute(Heal("brute", 3))
    assert entry.text == "Brute: the heal removes Poison and Wound and restores no HP"
    assert night.encounter.unit("brute").hp == 6
    assert night.encounter.unit("brute").statuses == ()
    entry = night.execute(Heal("brute", 3))
    assert entry.text == "Brute heals 3 (HP 6 → 9 of 10)"


def test_initiatives_typed_before_anyone_acts_sort_the_round_again(night):
    entry = night.execute(SetStat("imp", "initiative", 5))
    assert night.order == ("imp", "cragheart", "golem", "brute")
    assert night.current_unit == "imp"
    assert entry.text == (
        "Flame imp: initiative 70 → 5; the round's order is sorted again; Flame imp activates first"
    )
    night.undo()
    assert night.order == ("cragheart", "golem", "brute", "imp")


def test_initiatives_typed_once_play_has_begun_wait_for_the_next_round(night):
    night.execute(NextActivation())
    night.execute(SetStat("imp", "initiative", 5))
    assert night.order == ("cragheart", "golem", "brute", "imp")
    next_until(night, "imp")
    night.execute(NextActivation())
    night.execute(NextRound())
    assert night.order == ("imp", "cragheart", "golem", "brute")


def test_a_settled_tie_stays_while_other_numbers_change():
    session = Session.in_memory(cave(cragheart=40, brute=40, golem=10, imp=90), RULESET)
    assert session.state.ties == (("brute", "cragheart"),)
    session.execute(SettleOrder(["golem", "cragheart", "brute", "imp"]))
    session.execute(SetStat("golem", "move", 4))
    assert session.order == ("golem", "cragheart", "brute", "imp")


def test_a_monster_cannot_be_given_a_character_only_stat():
    session = Session.in_memory(cave(), RULESET)
    with pytest.raises(TrackerError, match="only for enemy units"):
        session.execute(SetStat("brute", "move", 3))


def test_a_marker_given_by_another_spelling_is_its_status(night):
    entry = night.execute(AddStatus("golem", "muddled"))
    assert night.encounter.unit("golem").statuses == ("muddle",)
    assert entry.text == "Ice golem is muddled"
    night.execute(RemoveStatus("golem", "muddled"))
    assert night.encounter.unit("golem").statuses == ()
