"""The decision for the selected enemy and the choices around it (typed dice, phase preview,
players' turn, physical dice), and what Enter plays (the activation in progress, whatever is
selected): decided on the session's state, told to observers as plain data."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.dice import Dice, Roll
from desktop.engine.encounter import Encounter
from desktop.engine.errors import PluginError
from desktop.engine.ruleset import Ruleset
from desktop.errors import FoebookError
from desktop.tracker.display_names import display_names, with_display_names
from desktop.tracker.session import Change, Session
from desktop.tracker.turns import acting_span, next_label
from desktop.tracker.typed_dice import dice_count_error

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker import commands as cmd

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ShowMessage:
    """No decision to show, and why (nothing selected, a player unit, it has acted...)."""

    text: str


@dataclass(frozen=True)
class ShowDiceError:
    """The typed dice do not fit the dice asked for; whatever was shown stays."""

    text: str


@dataclass(frozen=True)
class AskForDice:
    """Physical dice: the decision waits for the dice the players roll."""

    needed: tuple[Roll, ...]
    typed: int  # dice already typed and used
    unit_name: str
    ai: str | None
    shared: tuple[Roll, str] | None  # the group's roll the unit uses, and who rolled it


@dataclass(frozen=True)
class ShowDecision:
    """A decision to show, with the names it speaks of."""

    decision: Decision
    unit_name: str
    names: dict[str, str]
    rolled_by: str  # who rolled the group's roll the decision shares ("" when none)


Shown = ShowMessage | ShowDiceError | AskForDice | ShowDecision


@dataclass(frozen=True)
class Evaluation:
    """One evaluation for the views: what to show, and what else they have to do."""

    shown: Shown
    forget_typed: bool  # the typed dice no longer apply: empty the dice box
    reselected: bool  # a unit was selected (by the user or because the turn moved on)
    selected: str | None
    # The unit the panel shows: the selected one, or the unit acting now when the selection
    # has nothing to decide (a character, a unit that has acted, nothing selected).
    shows: str | None = None
    note: str = ""  # why the panel shows the unit acting now instead of the selection
    enter: str = ""  # what Enter does, when the panel previews another unit than it plays
    out_of_turn: bool = False  # the panel's decision is not the activation in progress


Observer = Callable[[Evaluation], None]
# decide(encounter, unit_id, ruleset, dice), or one that runs it where the caller wants it
# (the window: a plug-in's off its thread).
Decider = Callable[[Encounter, str, Ruleset, Dice], Decision]
# round, phase, the units that have acted, the units in the order
Turn = tuple[int, str | None, frozenset[str], frozenset[str]]


def turn_of(session: Session) -> Turn:
    """Where play stands: the round, the phase and who has acted."""
    state = session.state
    return (
        state.round,
        state.encounter.phase,
        frozenset(state.order[: state.pointer]),
        frozenset(state.order),
    )


def moved_on(before: Turn, after: Turn) -> bool:
    """Whether play moved on: another round or phase, or a unit that acted or stopped having
    acted (Next, Apply, their undo). An edit is no move, also when it sorts the units still
    to act again (an initiative typed, a tie settled) or takes one out (a unit defeated):
    the selection stays where the players put it."""
    if before[:2] != after[:2]:
        return True
    staying = before[3] & after[3]
    return before[2] & staying != after[2] & staying


class DecisionController:
    """`run(command) -> bool` executes a command (reporting its refusal); `refuse(text)`
    tells the user why something was not done."""

    def __init__(
        self,
        run: Callable[[cmd.Command], bool],
        refuse: Callable[[str], None],
        decider: Decider = decide,
    ) -> None:
        self._run = run
        self._refuse = refuse
        self._decider = decider
        self._observers: list[Observer] = []
        self.session: Session | None = None
        self.selected: str | None = None
        self.shows: str | None = None  # the unit the panel shows (Evaluation.shows)
        self.decision: Decision | None = None  # the panel's decision
        # What Enter applies while the panel previews another unit: the decision of the unit
        # acting now, with the session's dice (None when it needs the players first).
        self.turn_decision: Decision | None = None
        self.shown: Shown | None = None
        self.typed_rolls: list[int] = []
        self.foebook_rolls = False  # ... but let Foebook roll for the shown unit this time
        self.asking = False  # waiting for physical dice; the outcome is hidden
        self.phase_override: str | None = None
        self.player_turn = False  # previewing the enemies' reactions in the players' turn
        self._turn: Turn | None = None
        self._turn_cache: tuple[tuple[object, bool], Shown] | None = None  # _enter_line's
        self._shown_round: int | None = None
        self._forgot = False  # typed dice dropped since the last evaluation
        self._reselected = False

    # -- observers -----------------------------------------------------------------------
    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call `observer` after every evaluation; returns a function that unsubscribes."""
        self._observers.append(observer)
        return lambda: self._observers.remove(observer) if observer in self._observers else None

    # -- what the players do ---------------------------------------------------------------
    def set_session(self, session: Session) -> None:
        """A session opens; show it with `show_first` once the views follow it."""
        self.session = session
        self.phase_override = None
        self.selected = self.shows = None
        self._shown_round = session.round
        self.fresh_dice()
        self._turn = turn_of(session)

    def prepare(self) -> None:
        """Build ahead what the next decisions ask of the open session's board (its ruleset's
        `prepare`), once the session shows. Not a plug-in's rule system: its code runs off
        the window's thread only (ui/plugin_decisions.py)."""
        session = self.session
        if session is not None and session.ruleset.origin is None:
            session.ruleset.prepare(session.encounter)

    def close_session(self) -> None:
        """The session leaves (it is being deleted): nothing is decided until another opens."""
        self.session = None
        self.selected = None
        self.phase_override = None
        self.fresh_dice()
        self.evaluate()

    def show_first(self) -> None:
        """The unit activating now if it is an enemy, else the first enemy."""
        assert self.session is not None
        current = self.session.current_unit
        enemies = [u.id for u in self.session.encounter.enemies()]
        self.select(current if current in enemies else (enemies[0] if enemies else None))

    def select(self, unit_id: str | None) -> None:
        self.selected = unit_id
        self._reselected = True
        self.evaluate()

    def use_rolls(self, values: list[int]) -> None:
        self.typed_rolls = list(values)
        self.evaluate()

    def fresh_dice(self) -> None:
        """Another unit, round or session: typed dice and 'roll for me' no longer apply."""
        self.typed_rolls = []
        self.foebook_rolls = False
        self._forgot = True

    @property
    def physical(self) -> bool:
        """The players roll physical dice in this session: ask before showing."""
        return self.session is not None and self.session.state.dice.physical

    def set_physical(self, on: bool) -> None:
        """The open session's choice of dice (logged, undoable; each session keeps its own)."""
        from desktop.tracker import commands as cmd

        self.foebook_rolls = False
        if self.session is None or self.physical == bool(on):
            self.evaluate()
            return
        if not self._run(cmd.UsePhysicalDice(bool(on))) or self._forgot:
            self.evaluate()

    def set_player_turn(self, on: bool) -> None:
        self.player_turn = bool(on)
        self.evaluate()

    def preview_phase(self, phase: str) -> None:
        session = self.session
        self.phase_override = phase if session and phase != session.encounter.phase else None
        self.evaluate()

    def roll_for_me(self) -> None:
        """While asking for physical dice Foebook rolls them this time; otherwise the shown
        dice are rolled again."""
        if self.asking:
            self.typed_rolls = []
            self.foebook_rolls = True
            self.evaluate()
        else:
            self.reroll()

    def reroll(self) -> None:
        """Set the shown dice aside and roll again: one logged command, so it replays."""
        from desktop.tracker import commands as cmd

        if self.session is None or self.selected is None:
            return
        if self.asking:  # nothing shown yet: roll the physical dice again
            self.fresh_typed()
            self.evaluate()
            return
        if self.decision is None:
            return
        set_aside = [r.to_dict() for r in self.decision.rolls if not r.shared]
        if not set_aside and self.decision.rolls:
            self._refuse(
                "This decision's only die is its group's roll, kept for the whole "
                "round: there is nothing to roll again"
            )
            return
        if not set_aside and self.decision.unit in self.session.state.dice.group_bases:
            self._refuse(
                "Its group follows base conditions this round, so it rolls no die: "
                "there is nothing to roll again"
            )
            return
        self.fresh_typed()
        if not self._run(cmd.RollAgain(self.decision.unit, set_aside)):
            self.evaluate()  # nothing rolled again; the typed dice are gone, show that

    def fresh_typed(self) -> None:
        """The typed dice are dropped (the box empties); 'roll for me' still holds."""
        self.typed_rolls = []
        self._forgot = True

    def apply(self, choice: int = 0) -> bool:
        """Record the panel's decision as one command (one undo step): in the enemies' turn it
        is the unit's activation, so the turn passes to the next unit in the same step (a
        unit the panel previews acts out of turn)."""
        if self.session is None or self.decision is None:
            return False
        return self._apply(self.decision, choice)

    def _apply(self, decision: Decision, choice: int) -> bool:
        from desktop.tracker import commands as cmd

        command = cmd.ApplyDecision.of(decision, choice, reaction=self.player_turn)
        kept = (self.typed_rolls, self.foebook_rolls, self._forgot)
        # Those dice are used up, also when the same unit stays selected. Dropped before the
        # command runs, the decision that follows it is made once (follow), not twice.
        self.fresh_dice()
        if not self._run(command):
            self.typed_rolls, self.foebook_rolls, self._forgot = kept
            return False
        if self._forgot:  # nobody followed the change (no window listening): decide now
            self.evaluate()
        return True

    def next_activation(self) -> bool:
        """Next (Space): the next unit activates, or the next phase or round begins."""
        from desktop.tracker import commands as cmd

        return self.session is not None and self._run(cmd.NextActivation())

    def play_turn(self, choice: int = 0) -> bool:
        """Enter: the activation in progress is played, whatever is selected. An enemy's
        decision is applied (the panel's, with the outcome chosen there, when it shows that
        unit; else the one the panel's Enter line names); a character's turn is passed on,
        the players having played it. When the acting enemy needs the players first (a tie
        to settle, physical dice to type), it is shown instead. In the players' turn there is
        no activation: the unit the panel shows reacts."""
        from desktop.tracker import commands as cmd

        session = self.session
        if session is None:
            return False
        current = session.current_unit
        if self.player_turn or current is None or self.shows == current:
            if self.decision is not None:
                return self.apply(choice)
            if current is None or self.player_turn or session.encounter.unit(current).is_enemy:
                return False  # nothing decided: dice asked for, or every unit has acted
            return self._run(cmd.NextActivation())
        if not session.encounter.unit(current).is_enemy:
            return self._run(cmd.NextActivation())
        if self.turn_decision is None:
            self.select(current)  # the players settle something first: show what
            return False
        return self._apply(self.turn_decision, 0)

    @property
    def enter_acts(self) -> bool:
        """Whether Enter has something to do now (applies, passes a turn on, or shows the
        unit acting now)."""
        session = self.session
        if session is None:
            return False
        if self.decision is not None:
            return True
        current = session.current_unit
        if current is None or self.player_turn:
            return False
        return self.shows != current or not session.encounter.unit(current).is_enemy

    # -- following the session -------------------------------------------------------------
    def turn_moved(self) -> bool:
        """Call first on a session change (before the views refresh): True when the turn
        moved on, which ends any phase preview."""
        assert self.session is not None
        turn, self._turn = self._turn, turn_of(self.session)
        moved = turn is None or moved_on(turn, self._turn)
        if moved:
            self.phase_override = None
        return moved

    def follow(self, change: Change, moved: bool) -> None:
        """Then, once the views show the change: show who acts now, or decide again."""
        session = self.session
        assert session is not None
        if self.selected is not None and not session.encounter.has_unit(self.selected):
            self.selected = None
        if session.round != self._shown_round:  # dice typed last round are not this one's
            self._shown_round = session.round
            self.fresh_dice()
        current = session.current_unit
        if moved and current is not None:
            self.select(current)  # the turn moved (Next, Apply, undo...): show who acts
        elif change.touches() or self._forgot:
            self.evaluate()  # a change of nothing the decision reads (a note) leaves it

    def ruleset_changed(self) -> None:
        """The session's ruleset was replaced (a rule pack saved again): decide afresh."""
        self._turn_cache = None
        self.evaluate()

    # -- evaluation ------------------------------------------------------------------------
    def evaluate(self) -> None:
        """Decide for the unit the panel shows on the current state and tell the observers."""
        self.decision = self.turn_decision = None
        shows, note = self._panel_unit()
        if shows != self.shows:
            self.shows = shows
            self.fresh_dice()  # the typed dice were rolled for the unit shown before
        shown = self._decide(shows, self.typed_rolls)
        if isinstance(shown, ShowDecision):
            self.decision = shown.decision
        if not isinstance(shown, ShowDiceError):
            self.asking = isinstance(shown, AskForDice)
        self.shown = shown
        session = self.session
        current = session.current_unit if session is not None else None
        enter = ""
        out_of_turn = not self.player_turn and current is not None and shows != current
        if out_of_turn:
            enter = self._enter_line()
        evaluation = Evaluation(
            shown, self._forgot, self._reselected, self.selected, shows, note, enter, out_of_turn
        )
        self._forgot = self._reselected = False
        for observer in list(self._observers):
            observer(evaluation)

    def _panel_unit(self) -> tuple[str | None, str]:
        """The unit the panel shows and, when it is not the selected one, why: a selection
        with nothing to decide (a character, a unit that has acted, nothing) leaves the panel
        to the activation in progress, which is what Enter plays."""
        session = self.session
        current = session.current_unit if session is not None else None
        if session is None or current is None or current == self.selected or self.player_turn:
            return self.selected, ""
        why = self._nothing_to_decide(self.selected)
        if why is None:
            return self.selected, ""
        if self.selected is None:
            return current, ""
        name = display_names(session.encounter.units)[current]
        return current, f"{why} Shown here: {name}, acting now."

    def _nothing_to_decide(self, unit_id: str | None) -> str | None:
        """Why there is no decision for this unit now (None: there is one to make)."""
        session = self.session
        if session is None or unit_id is None:
            return "Select an enemy to see what it does and why."
        unit = session.encounter.unit(unit_id)
        if (
            not self.player_turn
            and self.phase_override is None
            and session.state.has_acted(unit.id)
        ):
            text = f"{unit.name} has acted {acting_span(session.state, session.ruleset)}."
            if session.current_unit is None:  # everyone has: say how play goes on
                following = next_label(session.state, session.ruleset)
                text += (
                    f" Every unit has: {following} (Space)."
                    if following
                    else " Every unit has: Next round (Ctrl+Shift+N)."
                )
            return text
        if unit.is_enemy and session.ruleset.is_defeated(unit) and not self.player_turn:
            return f"{unit.name} is out of action (HP {unit.hp}): it takes no turn."
        if not unit.is_enemy:
            if unit.id == session.current_unit:  # a player's turn in the round's order
                return (
                    f"{unit.name}'s turn: the players play it, then Enter or Space passes "
                    "the turn on."
                )
            return f"{unit.name} is a player unit: the players decide."
        return None

    def _enter_line(self) -> str:
        """What Enter does while the panel previews another unit than the one acting now;
        sets the decision it would apply."""
        session = self.session
        assert session is not None and session.current_unit is not None
        current = session.current_unit
        name = display_names(session.encounter.units)[current]
        if not session.encounter.unit(current).is_enemy:
            return f"Enter passes {name}'s turn on (the players play it)."
        # Decided once per state: looking at one enemy after another costs one decision each.
        key = (session.state, self.physical)
        cached = self._turn_cache
        if cached is not None and cached[0][0] is key[0] and cached[0][1] == key[1]:
            shown = cached[1]
        else:
            shown = self._decide(current, [], played=True)
            self._turn_cache = (key, shown)
        if isinstance(shown, AskForDice):
            return f"Enter shows {name}, acting now: its dice are yours to roll first."
        if not isinstance(shown, ShowDecision):
            return f"Enter shows {name}, acting now."
        if shown.decision.alternatives:
            return f"Enter shows {name}, acting now: the rules leave the players a choice."
        self.turn_decision = shown.decision
        return f"Enter plays {name}'s turn (acting now): {shown.decision.summary}"

    def _decide(self, unit_id: str | None, typed: list[int], played: bool = False) -> Shown:
        """`played`: the acting unit's turn as Enter plays it (the phase being played, and
        its dice as the session sets them), not the panel's preview of it."""
        session = self.session
        why = self._nothing_to_decide(unit_id)
        if why is not None or session is None or unit_id is None:
            return ShowMessage(why or "")
        unit = session.encounter.unit(unit_id)
        encounter = session.encounter
        if self.phase_override and not played:
            encounter = encounter.evolve(phase=self.phase_override)
        if self.player_turn and session.ruleset.data.phases:
            encounter = encounter.evolve(
                extra_state=MappingProxyType({**encounter.extra_state, "turn": "player"})
            )
        # The session's next dice draw: looking never changes it, applying uses it up.
        # A unit whose group rolled this round uses that roll first. Typed dice are one
        # number per die (a 2d6 takes two).
        dice = session.state.dice.dice(typed, unit.id, per_die=True)
        try:
            decision = self._decider(with_display_names(encounter), unit.id, session.ruleset, dice)
        except FoebookError as error:
            if isinstance(error, PluginError):  # its author wants the whole story
                log.warning("%s", error, exc_info=error.__cause__)
            return ShowMessage(str(error))
        except ValueError as error:  # typed dice out of range for the die asked
            return ShowDiceError(str(error))
        names = display_names(session.encounter.units)
        own = [r for r in decision.rolls if not r.shared]
        needed = [r for r in own if not r.scripted]
        shared = next((r for r in decision.rolls if r.shared), None)
        group = session.state.dice.group_rolls.get(unit.id)
        rolled_by = names.get(group.by, group.by) if group is not None else ""
        asking = bool(needed) and self.physical and (played or not self.foebook_rolls)
        wrong = dice_count_error(own, len(typed), staged=asking) if typed else None
        if wrong is not None:
            return ShowDiceError(wrong)
        if asking:
            return AskForDice(
                tuple(needed),
                len(typed),
                names[unit.id],
                decision.ai,
                (shared, rolled_by) if shared is not None else None,
            )
        return ShowDecision(decision, names[unit.id], names, rolled_by)
