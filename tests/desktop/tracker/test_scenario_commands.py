"""The monster-book commands one by one: the book, the level, adding standees, starting a
round (and what it refuses), ability decks, the modifier deck and the elements."""

from __future__ import annotations

from collections import Counter

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.attack_modifiers import STANDARD_DECK
from desktop.monster_book_file import bundled_book_path, load_book
from desktop.rulesets.registry import get_ruleset
from desktop.samples import scenario_path
from desktop.tracker import Session, TrackerError
from desktop.tracker.commands import ApplyDecision, Damage, NextActivation, NextRound, RemoveUnit
from desktop.tracker.scenario_commands import (
    AddModifier,
    AddStandees,
    LoadBook,
    SetElement,
    SetLevel,
    StartRound,
    TypedModifier,
    UseOwnModifierDeck,
)
from desktop.tracker.scenario_turns import draw_modifier
from tests.desktop.tracker.scenario_helpers import briar_road, enter_presser, play_round

RULESET = get_ruleset("monster-focus")
BOOK = load_book(bundled_book_path("foebook-sample.toml"))


def unit(session: Session, unit_id: str):
    return session.encounter.unit(unit_id)


def empty_road() -> Session:
    """The sample board and characters without a book or monsters."""
    encounter = load_encounter(scenario_path("monster-focus-briar-road.toml"))
    encounter = encounter.evolve(units=encounter.players(), book=None)
    return Session.in_memory(encounter, RULESET, "road", dice_seed=5)


# -- the book and the level -------------------------------------------------------------


def test_a_book_is_loaded_into_a_session_and_standees_are_added_with_the_lowest_numbers():
    session = empty_road()
    with pytest.raises(TrackerError, match="no monster book: load one first"):
        session.execute(AddStandees("cutthroat", {"normal": 1}, [[4, 1]]))
    session.execute(LoadBook(BOOK.to_record()))
    assert session.history[-1].text == (
        "Monster book 'Foebook sample monsters': 3 unit types, 3 ability decks"
    )
    session.execute(AddStandees("cutthroat", {"normal": 2, "elite": 1}, [[4, 1], [2, 2], [6, 0]]))
    assert session.history[-1].text == (
        "Added Cutthroat 1 (elite) at [4, 1], Cutthroat 2 at [2, 2] and Cutthroat 3 at [6, 0]"
    )
    elite = unit(session, "cutthroat-1")
    assert (elite.standee.rank, elite.hp, elite.max_hp) == ("elite", 9, 9)  # level 1
    session.execute(Damage("cutthroat-2", 6))  # dead, and taken off the board:
    session.execute(RemoveUnit("cutthroat-2"))  # its number is free again
    session.execute(AddStandees("cutthroat", {"normal": 2}, [[7, 0], [8, 0]]))
    assert [u.name for u in session.encounter.units if u.standee][-2:] == [
        "Cutthroat 2",
        "Cutthroat 4",
    ]
    session.execute(AddStandees("slinger", {"elite": 1}, [[0, 1]]))
    assert unit(session, "slinger-1").stat("range") == 4  # the level 1 elite line


def test_add_standees_refuses_what_cannot_be_placed():
    session = empty_road()
    session.execute(LoadBook(BOOK.to_record()))
    with pytest.raises(TrackerError, match="2 standees need a hex each, and 1 hex was given"):
        session.execute(AddStandees("wisp", {"normal": 2}, [[4, 1]]))
    with pytest.raises(TrackerError, match="no unit type 'ghoul' in the monster book"):
        session.execute(AddStandees("ghoul", {"normal": 1}, [[4, 1]]))
    with pytest.raises(TrackerError, match=r"cell \[3, 4\] is wall"):
        session.execute(AddStandees("wisp", {"normal": 1}, [[3, 4]]))
    with pytest.raises(TrackerError, match="taken by Warden"):
        session.execute(AddStandees("wisp", {"normal": 1}, [[3, 6]]))
    with pytest.raises(TrackerError, match="unknown rank 'boss'"):
        session.execute(AddStandees("wisp", {"boss": 1}, [[4, 1]]))


def test_the_level_sets_every_standees_numbers_and_each_keeps_its_damage():
    session = briar_road()
    session.execute(Damage("cutthroat-1", 4))  # elite, level 1: 9 HP → 5
    session.execute(Damage("slinger-2", 5))  # dead at 0
    session.execute(SetLevel(3))
    assert session.history[-1].text == (
        "Scenario level 1 → 3; Cutthroat 1: max HP 9 → 12, HP 5 → 8; "
        "Cutthroat 2: max HP 6 → 8, HP 6 → 8; Slinger 1: max HP 5 → 6, HP 5 → 6; "
        "Slinger 2: max HP 5 → 6, HP 0 → 0; each standee keeps the damage it had taken"
    )
    elite = unit(session, "cutthroat-1")
    assert dict(elite.stats) == {"move": 3, "attack": 4, "shield": 1}  # the level 3 line
    session.execute(SetLevel(0))  # 12 - 4 damage... at level 0 the elite has 8 HP: 4 left
    assert (unit(session, "cutthroat-1").hp, unit(session, "cutthroat-1").max_hp) == (4, 8)
    with pytest.raises(TrackerError, match="the scenario level is 0 to 7, not 8"):
        session.execute(SetLevel(8))


def test_a_level_change_mid_round_keeps_the_rounds_card():
    session = briar_road()
    card = {"initiative": 30, "move": 1, "attack": 1}
    session.execute(StartRound({}, {"cutthroat": card, "slinger": {"initiative": 40}}))
    session.execute(SetLevel(2))
    elite = unit(session, "cutthroat-1")  # level 2 elite: move 3, attack 4
    assert (elite.stat("move"), elite.stat("attack"), elite.stat("initiative")) == (4, 5, 30)


# -- starting a round ------------------------------------------------------------------


def test_start_round_refuses_a_round_under_way_and_a_second_start():
    session = briar_road()
    session.execute(StartRound({"warden": 10}))
    with pytest.raises(TrackerError, match="the cards of round 1 are in already"):
        session.execute(StartRound({"warden": 10}))
    session.execute(NextActivation())  # Warden (10) has acted
    with pytest.raises(TrackerError, match=r"round 1 is under way \(Warden has acted\)"):
        session.execute(StartRound())


def test_start_round_checks_every_initiative_and_card():
    session = briar_road()
    with pytest.raises(TrackerError, match="Cutthroat 1 is a monster"):
        session.execute(StartRound({"cutthroat-1": 10}))
    with pytest.raises(TrackerError, match="Warden's initiative is 0 to 99, not 140"):
        session.execute(StartRound({"warden": 140}))
    with pytest.raises(TrackerError, match="no Wisp stands on the board"):
        session.execute(StartRound({}, {"wisp": "draw"}))
    with pytest.raises(TrackerError, match="Slinger's card, initiative: missing"):
        session.execute(StartRound({}, {"slinger": {"move": 1}}))
    with pytest.raises(TrackerError, match="Slinger's card, conditions: unknown status"):
        session.execute(StartRound({}, {"slinger": {"initiative": 5, "conditions": ["itchy"]}}))
    assert not session.history  # nothing of it was applied


def test_a_typed_ranged_area_needs_a_range():
    session = briar_road()
    area = {"kind": "ranged", "hexes": [[0, 0], [1, 0]]}
    with pytest.raises(TrackerError, match="aoe kind 'ranged' does not match range 0"):
        session.execute(StartRound({}, {"cutthroat": {"initiative": 5, "attack": 0, "area": area}}))
    session.execute(
        StartRound({}, {"cutthroat": {"initiative": 5, "attack": 0, "area": area, "range": 2}})
    )
    assert unit(session, "cutthroat-1").aoe.kind == "ranged"


# -- ability decks ---------------------------------------------------------------------


def test_a_deck_is_drawn_card_by_card_and_shuffled_when_a_card_says_so_or_it_runs_out():
    session = briar_road(seed=11)
    drawn: list[str] = []
    shuffles = []
    for _ in range(10):
        session.execute(StartRound({}, {"slinger": {"initiative": 50}}))
        card = session.state.play.cards["cutthroat"].card
        drawn.append(card.id)
        deck = session.state.play.decks["cutthroat"]
        assert deck.discard[-1] == card.id
        assert deck.shuffle_due == any(
            BOOK.decks["cutthroat"].card(c).shuffle for c in deck.discard
        )
        play_round(session)
        before = session.state.play.decks["cutthroat"]
        session.execute(NextRound())
        after = session.state.play.decks["cutthroat"]
        if before.shuffle_due:  # the round's end shuffled every card back in
            assert (len(after.draw), after.discard) == (8, ())
            shuffles.append(len(drawn))
        else:
            assert after == before
    assert shuffles  # the sample deck has shuffle cards; with this seed one is drawn
    # Until a shuffle, no card comes twice.
    start = 0
    for end in [*shuffles, len(drawn)]:
        run = drawn[start:end]
        assert len(run) == len(set(run))
        start = end


def test_round_end_shuffle_is_logged_by_next_round():
    session = briar_road(seed=11)
    while True:
        session.execute(StartRound({}, {"slinger": {"initiative": 50}}))
        if session.state.play.decks["cutthroat"].shuffle_due:
            break
        play_round(session)
        session.execute(NextRound())
    play_round(session)
    session.execute(NextRound())
    assert "Cutthroat's ability deck is shuffled" in session.history[-1].text


# -- the modifier deck -----------------------------------------------------------------


def test_the_standard_modifier_deck_and_bless_and_curse():
    assert Counter(STANDARD_DECK) == {
        "+0": 6,
        "+1": 5,
        "-1": 5,
        "+2": 1,
        "-2": 1,
        "null": 1,
        "x2": 1,
    }
    session = briar_road()
    session.execute(AddModifier("bless", 2))
    assert session.history[-1].text == (
        "2 blesses shuffled into the monster modifier deck (2 in it)"
    )
    deck = session.state.play.modifiers
    assert Counter(deck.draw) == Counter(STANDARD_DECK) + Counter({"bless": 2})
    session.execute(AddModifier("bless", -1))
    assert Counter(session.state.play.modifiers.draw)["bless"] == 1
    with pytest.raises(TrackerError, match="holds 1 bless cards; it can hold 0 to 10"):
        session.execute(AddModifier("bless", 10))


def test_a_drawn_bless_leaves_the_deck_and_a_null_or_double_shuffles_it_at_the_rounds_end():
    session = briar_road()
    session.execute(AddModifier("curse", 1))
    play = session.state.play
    seen = []
    while play.modifiers.draw:
        play, card = draw_modifier(play, session.state.dice.seed)
        seen.append(card)
    assert Counter(seen) == Counter(STANDARD_DECK) + Counter({"curse": 1})
    assert "curse" not in play.modifiers.discard and len(play.modifiers.discard) == 20
    assert play.modifiers.reshuffle_due  # the null and ×2 were drawn
    play, card = draw_modifier(play, session.state.dice.seed)  # empty: shuffled first
    assert len(play.modifiers.draw) == 19 and play.modifiers.discard == (card,)


def test_the_players_may_draw_their_own_modifier_cards():
    session = briar_road()
    session.execute(UseOwnModifierDeck(True))
    assert session.history[-1].text == "The players draw the monsters' modifier cards themselves"
    rush = {"initiative": 10, "move": 3, "attack": 0}
    session.execute(StartRound({"warden": 90, "alchemist": 90, "scout": 90}, {"slinger": rush}))
    play_round(session)
    attacks = [e.text for e in session.history if "before the modifier card" in e.text]
    assert attacks and all("damage" not in text for text in attacks)
    assert any("Warden: attack 2, shield 1 → 1 before the modifier card" in t for t in attacks)
    assert session.state.play.modifiers.draw == ()  # the app's deck was not touched
    with pytest.raises(TrackerError, match="draw their own modifier cards"):
        session.execute(AddModifier("bless"))
    session.execute(TypedModifier("slinger-1", "warden", "x2"))
    assert session.history[-1].text == (
        "Slinger 1 on Warden: modifier ×2 (typed) → attack 4, shield 1 → 3 damage"
    )
    with pytest.raises(TrackerError, match=r"'\+9x' is no modifier card"):
        session.execute(TypedModifier("slinger-1", "warden", "+9x"))


# -- elements --------------------------------------------------------------------------


def wisps() -> Session:
    session = empty_road()
    session.execute(LoadBook(BOOK.to_record()))
    session.execute(AddStandees("wisp", {"normal": 1, "elite": 1}, [[4, 3], [5, 3]]))
    return session


def test_a_card_infuses_at_the_end_of_each_standees_turn_and_elements_wane_each_round():
    session = wisps()
    flicker = {"initiative": 9, "move": 1, "attack": -1, "infuse": ["fire"]}
    session.execute(StartRound({"warden": 50, "alchemist": 50, "scout": 50}, {"wisp": flicker}))
    press = enter_presser(session)
    press()  # the elite wisp acts first
    assert session.state.play.elements == {"fire": 2}
    assert session.history[-1].text.endswith("fire infused (strong)")
    play_round(session)
    session.execute(NextRound())
    assert session.state.play.elements == {"fire": 1}
    assert session.history[-1].text.startswith("Round 2 begins (fire waning)")
    session.execute(NextRound())
    assert session.state.play.elements == {}


def test_the_first_standee_consumes_an_element_for_its_bonus_and_the_next_finds_none():
    session = wisps()
    session.execute(SetElement("fire", "strong"))
    assert session.history[-1].text == "Fire: inert → strong"
    spark = {
        "initiative": 9,
        "move": 0,
        "attack": 1,
        "consume": [{"element": "fire", "attack": 1, "conditions": ["wound"]}],
    }
    session.execute(StartRound({"warden": 50, "alchemist": 50, "scout": 50}, {"wisp": spark}))
    # The elite (placed first: number 1) acts first; its turn began with the round's start,
    # and it consumed the fire.
    assert session.history[-1].text.endswith("; Wisp 1 consumes fire: attack +1, wound")
    assert session.state.play.elements == {}
    elite, normal = unit(session, "wisp-1"), unit(session, "wisp-2")
    assert elite.stat("attack") == 4  # level 1 elite: 2, card +1, fire +1
    assert normal.stat("attack") == 2  # level 1 normal: 1, card +1, no fire left
    press = enter_presser(session)
    press()
    assert session.history[-1].text.startswith("Wisp 1 (typed card, initiative 9:")
    # Undo brings the fire back.
    while session.can_undo:
        session.undo()
    assert session.state.play.elements == {}


def test_an_apply_decision_logs_the_card_and_numbers_of_a_standee():
    session = briar_road()
    session.execute(StartRound({}, {"cutthroat": {"initiative": 4, "move": 1, "attack": 0}}))
    decision = RULESET.decide(session.encounter, "cutthroat-1", session.state.dice.dice())
    session.execute(ApplyDecision.of(decision))
    assert session.history[-1].text.startswith(
        "Cutthroat 1 (typed card, initiative 4: move 3, attack 3, range 0): "
    )
