"""The decision controller without any window: what it tells the panel for the selected unit,
typed and physical dice, rolling again, phase previews, the players' turn, and following the
session as it changes."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.cover import cover_map
from desktop.engine.decide import decide
from desktop.engine.errors import PluginOrigin
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import MoveUnit, NextActivation, NextRound, Note
from desktop.tracker.decision_controller import (
    AskForDice,
    DecisionController,
    Evaluation,
    ShowDecision,
    ShowDiceError,
    ShowMessage,
)
from desktop.tracker.display_names import with_display_names
from desktop.tracker.errors import TrackerError

AMBUSH = "card-flip-goblin-ambush.toml"  # enemies in order: goblin, brute, kobold
RAID = "skirmish-ai-outpost-raid.toml"  # trooper-1 and trooper-2 share a table roll
CLOSE_QUARTERS = "grimdark-solo-close-quarters.toml"  # phased


class Table:
    """A controller on an in-memory session, wired as the window wires it: commands run on
    the session (refusals noted), and the controller follows every change."""

    def __init__(self, sample: str, seed: int = 7) -> None:
        encounter = load_encounter(sample_path(sample))
        self.session = Session.in_memory(
            encounter, get_ruleset(encounter.ruleset), sample, dice_seed=seed
        )
        self.refused: list[str] = []
        self.shown: list[Evaluation] = []
        self.play = DecisionController(self.run, self.refused.append)
        self.play.subscribe(self.shown.append)
        self.session.subscribe(lambda change: self.play.follow(change, self.play.turn_moved()))
        self.play.set_session(self.session)
        self.play.show_first()

    def run(self, command) -> bool:
        try:
            self.session.execute(command)
        except TrackerError as error:
            self.refused.append(str(error))
            return False
        return True

    @property
    def last(self):
        return self.shown[-1].shown

    def decided(self, unit_id: str, typed=()) -> object:
        """What the engine decides for the unit with the session's next dice."""
        s = self.session
        return decide(
            with_display_names(s.encounter),
            unit_id,
            s.ruleset,
            s.state.dice.dice(list(typed), unit_id),
        )


def test_a_session_shows_the_enemy_acting_now_with_the_sessions_next_dice():
    table = Table(AMBUSH)
    assert table.play.selected == "goblin"
    shown = table.last
    assert isinstance(shown, ShowDecision) and shown.unit_name == "Goblin Archer"
    assert shown.decision == table.decided("goblin") == table.play.decision
    assert table.shown[-1].reselected and table.shown[-1].selected == "goblin"


def test_a_selection_with_nothing_to_decide_leaves_the_panel_to_the_unit_acting_now():
    table = Table(AMBUSH)
    table.play.select("aria")
    shown = table.shown[-1]
    assert shown.selected == "aria" and shown.shows == "goblin"
    assert isinstance(shown.shown, ShowDecision) and shown.shown.decision.unit == "goblin"
    assert shown.note == (
        "Aria is a player unit: the players decide. Shown here: Goblin Archer, acting now."
    )
    assert shown.enter == "" and not shown.out_of_turn
    table.play.select(None)
    assert table.shown[-1].shows == "goblin" and table.shown[-1].note == ""
    while table.session.current_unit is not None:  # nobody acts now: the selection's words
        assert table.play.play_turn()
    table.play.select("aria")
    assert table.last == ShowMessage("Aria is a player unit: the players decide.")
    assert table.play.decision is None and not table.play.enter_acts
    table.play.select(None)
    assert table.last == ShowMessage("Select an enemy to see what it does and why.")


def test_another_enemy_selected_is_previewed_and_enter_plays_the_unit_acting_now():
    table = Table(AMBUSH)
    table.play.select("brute")
    shown = table.shown[-1]
    assert shown.shows == "brute" and table.play.decision.unit == "brute"
    acting = table.play.turn_decision
    assert acting == table.decided("goblin") and shown.out_of_turn
    assert shown.enter == f"Enter plays Goblin Archer's turn (acting now): {acting.summary}"
    assert table.play.play_turn()
    assert [e.text.split(":")[0] for e in table.session.history] == ["Goblin Archer"]
    assert table.play.selected == "brute" == table.session.current_unit


def test_applying_passes_the_turn_and_the_unit_that_acted_is_not_decided_again():
    table = Table(AMBUSH)
    assert table.play.apply()
    assert [e.kind for e in table.session.history] == ["apply-decision"]
    assert table.play.selected == "brute" == table.session.current_unit
    assert table.play.decision == table.decided("brute")
    table.play.select("goblin")  # it is not decided again: the panel shows who acts now
    assert table.shown[-1].note.startswith("Goblin Archer has acted this round.")
    assert table.play.decision.unit == "brute"


def test_once_every_unit_has_acted_the_panel_says_how_play_goes_on():
    table = Table(AMBUSH)
    while table.session.current_unit is not None:
        assert table.play.apply()
    table.play.select("goblin")
    assert table.last == ShowMessage(
        "Goblin Archer has acted this round. Every unit has: Next round (Ctrl+Shift+N)."
    )
    phased = Table(CLOSE_QUARTERS)
    while phased.session.current_unit is not None:
        assert phased.play.apply()
    phased.play.select(phased.session.order[0])
    assert phased.last.text.endswith(
        "in the command phase. Every unit has: Next phase: movement (Space)."
    )


def test_typed_dice_are_used_first_and_forgotten_for_another_unit_or_round():
    table = Table(RAID)
    table.play.use_rolls([4, 2])  # its one die is the 4: one die too many, nothing decided
    assert table.last == ShowDiceError(
        "d6 needs 1 die (table roll (Tactical, group of Trooper 1, Trooper 2)); you typed 2: "
        "type one number per die, or clear the box to let Foebook roll."
    )
    assert table.play.decision is None
    table.play.use_rolls([4])
    decision = table.play.decision
    assert [(r.value, r.scripted) for r in decision.rolls] == [(4, True)]
    table.play.select("sniper")
    assert table.play.typed_rolls == [] and table.shown[-1].forget_typed
    table.play.use_rolls([3])
    table.session.execute(NextRound())
    assert table.play.typed_rolls == [] and table.shown[-1].forget_typed


def test_typed_dice_out_of_range_are_an_error_and_nothing_is_decided():
    table = Table(RAID)
    table.play.use_rolls([9])
    assert isinstance(table.last, ShowDiceError) and "9" in table.last.text
    assert table.play.decision is None


def test_physical_dice_are_asked_for_until_typed_or_rolled_by_foebook():
    table = Table(RAID)
    table.play.set_physical(True)
    asked = table.last
    assert isinstance(asked, AskForDice) and table.play.asking
    assert table.play.decision is None and [r.die for r in asked.needed] == ["d6"]
    table.play.use_rolls([9])  # a bad die keeps the question open
    assert isinstance(table.last, ShowDiceError) and table.play.asking
    table.play.use_rolls([2])
    assert not table.play.asking and table.play.decision.rolls[0].value == 2
    table.play.select("sniper")  # another unit: asked again, then Foebook rolls this time
    assert table.play.asking
    table.play.roll_for_me()
    assert table.play.decision == table.decided("sniper") and not table.play.asking


def test_rolling_again_is_one_logged_command_with_fresh_dice():
    table = Table(RAID)
    dice = table.session.state.dice
    table.play.use_rolls([4])
    table.play.reroll()
    assert [e.kind for e in table.session.history] == ["roll-again"]
    assert table.session.state.dice != dice and table.shown[-1].forget_typed
    assert table.play.typed_rolls == [] and table.play.decision == table.decided("trooper-1")


def test_the_groups_roll_alone_is_not_rolled_again():
    table = Table(RAID)
    value = table.play.decision.rolls[0].value
    assert table.play.apply()
    assert table.play.selected == "trooper-2"
    assert [r.shared for r in table.play.decision.rolls] == [True]
    assert table.last.rolled_by == "Trooper 1"
    logged = len(table.session.history)
    table.play.reroll()
    assert len(table.session.history) == logged
    assert "only die is its group's roll" in table.refused[-1]
    assert table.play.decision.rolls[0].value == value


def test_a_phase_preview_decides_for_that_phase_until_the_turn_moves_on():
    table = Table(CLOSE_QUARTERS)
    phases = table.session.ruleset.data.phases
    table.play.preview_phase(phases[1])
    assert table.play.phase_override == phases[1]
    assert table.play.decision.phase == phases[1]
    table.play.preview_phase(table.session.encounter.phase)  # the current one: no preview
    assert table.play.phase_override is None
    table.play.preview_phase(phases[1])
    assert table.play.apply()  # a previewed decision is not the unit's activation ...
    assert table.session.pointer == 0 and table.play.phase_override == phases[1]
    table.session.execute(NextActivation())  # ... and once the turn moves the preview ends
    assert table.play.phase_override is None
    # The others have no command ability: passed with the captain, so the phase is over.
    assert table.session.encounter.phase == phases[0] and table.session.current_unit is None
    assert table.last == ShowMessage(
        "Raider Captain has acted in the command phase. Every unit has: "
        f"Next phase: {phases[1]} (Space)."
    )


def test_enter_shows_the_acting_enemy_first_when_its_physical_dice_are_still_to_roll():
    table = Table(RAID)
    table.play.set_physical(True)
    table.play.select("sniper")
    shown = table.shown[-1]
    assert table.play.turn_decision is None
    assert shown.enter == "Enter shows Trooper 1, acting now: its dice are yours to roll first."
    kinds = [e.kind for e in table.session.history]
    assert kinds == ["physical-dice"]  # the session's choice, logged
    assert not table.play.play_turn() and [e.kind for e in table.session.history] == kinds
    assert table.play.selected == "trooper-1" and table.play.asking  # the dice it asks for


def test_enter_plays_the_phase_being_played_while_another_unit_is_previewed_in_another():
    table = Table(CLOSE_QUARTERS)
    acting = table.session.current_unit
    other = next(u for u in table.session.order if u != acting)
    movement = table.session.ruleset.data.phases[1]
    table.play.preview_phase(movement)
    table.play.select(other)
    assert table.play.decision.unit == other and table.play.decision.phase == movement
    turn = table.play.turn_decision
    assert turn is not None and turn.unit == acting
    assert turn.phase == table.session.encounter.phase != movement
    assert table.play.play_turn()
    # Its command-phase turn (the others have no command ability: passed with it), not a
    # move in the previewed movement phase.
    (entry,) = table.session.history
    assert acting == "captain" and entry.text.startswith("Raider Captain: Use its command ability")


def test_in_the_players_turn_a_unit_that_acted_reacts_without_passing_the_turn():
    table = Table(CLOSE_QUARTERS)
    captain = table.play.selected
    assert table.play.apply()
    table.play.select(captain)
    # The others, with no command ability, were passed with it: nobody is left to show.
    assert "has acted" in table.shown[-1].shown.text and table.play.decision is None
    table.play.set_player_turn(True)
    assert table.play.decision.unit == captain
    pointer = table.session.pointer
    assert table.play.apply()
    assert table.session.pointer == pointer  # a reaction: the order does not move


@pytest.mark.parametrize("edit", ["note", "move"])
def test_only_a_change_of_what_the_decision_reads_decides_again(edit):
    table = Table(AMBUSH)
    shown = len(table.shown)
    if edit == "note":
        table.session.execute(Note("the goblin looks nervous"))
        assert len(table.shown) == shown  # nothing it reads changed
    else:
        table.session.execute(MoveUnit("aria", (6, 5)))
        assert len(table.shown) == shown + 1
        assert table.play.decision == table.decided("goblin")


def test_an_undone_apply_shows_the_unit_again_with_the_same_decision():
    table = Table(AMBUSH)
    first = table.play.decision
    table.play.apply()
    table.session.undo()
    assert table.play.selected == "goblin" and table.play.decision == first


def test_a_refused_apply_changes_nothing():
    table = Table(AMBUSH)
    blocked = DecisionController(lambda _command: False, table.refused.append)
    blocked.set_session(table.session)
    blocked.show_first()
    decision = blocked.decision
    assert decision is not None and not blocked.apply()
    assert blocked.decision == decision and not table.session.history


def test_a_characters_turn_in_the_round_is_the_players_to_play():
    table = Table("monster-focus-ice-cave.toml")  # golem 15, imp 25, brute and cragheart 40
    assert table.session.order == ("golem", "imp", "brute", "cragheart")
    assert table.play.apply() and table.play.selected == "imp"
    assert table.play.apply()
    assert table.session.current_unit == table.play.selected == "brute"
    assert table.last == ShowMessage(
        "Brute's turn: the players play it, then Enter or Space passes the turn on."
    )
    assert table.play.decision is None and not table.play.apply()
    assert table.play.play_turn() and table.play.selected == "cragheart"  # Enter passes it
    assert table.session.history[-1].text == "Brute done; Cragheart activates"
    table.play.select("brute")
    assert table.last == ShowMessage(
        "Cragheart's turn: the players play it, then Enter or Space passes the turn on."
    )
    assert table.shown[-1].note.startswith("Brute has acted this round.")
    assert table.run(NextActivation())
    assert table.last == ShowMessage(
        "Brute has acted this round. Every unit has: Next round (Ctrl+Shift+N)."
    )


def test_applying_decides_the_next_unit_once_with_fresh_dice():
    table = Table(RAID)
    table.play.use_rolls([6])  # typed for trooper 1's table roll: used up by its apply
    assert table.play.decision.rolls[0].value == 6
    shown = len(table.shown)
    assert table.play.apply()
    # One evaluation for trooper 2, now acting: on a big board each costs tens of ms.
    assert len(table.shown) == shown + 1
    assert table.play.selected == "trooper-2" and table.play.typed_rolls == []
    assert table.last.decision == table.decided("trooper-2")


def test_a_refused_apply_keeps_the_typed_dice():
    table = Table(AMBUSH)
    table.play.use_rolls([6])
    table.session.execute(MoveUnit("goblin", (0, 0)))  # the shown decision is now stale
    table.play.decision = table.decided("goblin", [6])
    before = table.play.typed_rolls
    table.run = lambda command: False  # type: ignore[method-assign]
    table.play._run = table.run
    assert not table.play.apply()
    assert table.play.typed_rolls == before


def test_prepare_builds_ahead_what_the_next_decisions_ask_of_the_board():
    table = Table(RAID)
    board = table.session.encounter.board
    cover_map.forget(board)  # (the troopers' first decision asked who is in cover)
    table.play.prepare()
    prepared = board.derived[cover_map]
    assert table.play.apply()
    assert table.session.encounter.board.derived[cover_map] is prepared


def test_prepare_leaves_a_plug_ins_rule_system_alone():
    # Its code runs off the window's thread only (ui/plugin_decisions.py).
    table = Table(RAID)
    plug_in = type(table.session.ruleset)(table.session.ruleset.data)
    plug_in.origin = PluginOrigin("skirmish-ai", "games:build", "more-games")
    encounter = table.session.encounter
    session = Session.in_memory(encounter, plug_in, RAID, dice_seed=7)
    cover_map.forget(encounter.board)
    play = DecisionController(lambda _command: False, [].append)
    play.set_session(session)
    play.prepare()
    assert cover_map not in encounter.board.derived
