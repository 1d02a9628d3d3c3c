"""The decision for the selected enemy and the choices around it (typed dice, phase preview,
players' turn, physical dice): decided on the session's state, told to observers as plain data."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.dice import Roll
from desktop.errors import FoebookError
from desktop.tracker import commands as cmd
from desktop.tracker.display_names import display_names, with_display_names
from desktop.tracker.session import Change, Session
from desktop.tracker.turns import acting_span, next_label


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
    unused_dice: int  # typed dice the decision did not need
    reselected: bool  # a unit was selected (by the user or because the turn moved on)
    selected: str | None


Observer = Callable[[Evaluation], None]
# round, phase, activation order, pointer
Turn = tuple[int, str | None, tuple[str, ...], int]


def turn_of(session: Session) -> Turn:
    """Round, phase, order and pointer: when they change the turn has moved on."""
    state = session.state
    return state.round, state.encounter.phase, state.order, state.pointer


class DecisionController:
    """`run(command) -> bool` executes a command (reporting its refusal); `refuse(text)`
    tells the user why something was not done."""

    def __init__(self, run: Callable[[cmd.Command], bool], refuse: Callable[[str], None]) -> None:
        self._run = run
        self._refuse = refuse
        self._observers: list[Observer] = []
        self.session: Session | None = None
        self.selected: str | None = None
        self.decision: Decision | None = None
        self.shown: Shown | None = None
        self.typed_rolls: list[int] = []
        self.physical = False  # the players roll physical dice: ask before showing
        self.foebook_rolls = False  # ... but let Foebook roll for the shown unit this time
        self.asking = False  # waiting for physical dice; the outcome is hidden
        self.phase_override: str | None = None
        self.player_turn = False  # previewing the enemies' reactions in the players' turn
        self._turn: Turn | None = None
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
        self.selected = None
        self._shown_round = session.round
        self.fresh_dice()
        self._turn = turn_of(session)

    def show_first(self) -> None:
        """The unit activating now if it is an enemy, else the first enemy."""
        assert self.session is not None
        current = self.session.current_unit
        enemies = [u.id for u in self.session.encounter.enemies()]
        self.select(current if current in enemies else (enemies[0] if enemies else None))

    def select(self, unit_id: str | None) -> None:
        if unit_id != self.selected:
            self.fresh_dice()
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

    def set_physical(self, on: bool) -> None:
        self.physical = bool(on)
        self.foebook_rolls = False
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
        self.fresh_typed()
        if not self._run(cmd.RollAgain(self.decision.unit, set_aside)):
            self.evaluate()  # nothing rolled again; the typed dice are gone, show that

    def fresh_typed(self) -> None:
        """The typed dice are dropped (the box empties); 'roll for me' still holds."""
        self.typed_rolls = []
        self._forgot = True

    def apply(self, choice: int = 0) -> bool:
        """Record the decision as one command (one undo step): in the enemies' turn it is the
        unit's activation, so the turn passes to the next unit in the same step."""
        if self.session is None or self.decision is None:
            return False
        command = cmd.ApplyDecision.of(self.decision, choice, reaction=self.player_turn)
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

    # -- following the session -------------------------------------------------------------
    def turn_moved(self) -> bool:
        """Call first on a session change (before the views refresh): True when the turn
        moved on, which ends any phase preview."""
        assert self.session is not None
        turn, self._turn = self._turn, turn_of(self.session)
        moved = turn != self._turn
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

    # -- evaluation ------------------------------------------------------------------------
    def evaluate(self) -> None:
        """Decide for the selected enemy on the current state and tell the observers."""
        self.decision = None
        shown, unused = self._decide()
        if isinstance(shown, ShowDecision):
            self.decision = shown.decision
        if not isinstance(shown, ShowDiceError):
            self.asking = isinstance(shown, AskForDice)
        self.shown = shown
        evaluation = Evaluation(shown, self._forgot, unused, self._reselected, self.selected)
        self._forgot = self._reselected = False
        for observer in list(self._observers):
            observer(evaluation)

    def _decide(self) -> tuple[Shown, int]:
        session = self.session
        if session is None or self.selected is None:
            return ShowMessage("Select an enemy to see what it does and why."), 0
        unit = session.encounter.unit(self.selected)
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
            return ShowMessage(text), 0
        if not unit.is_enemy:
            if unit.id == session.current_unit:  # a player's turn in the round's order
                return ShowMessage(
                    f"{unit.name}'s turn: the players play it, then Next (Space) passes the "
                    "turn on."
                ), 0
            return ShowMessage(f"{unit.name} is a player unit: the players decide."), 0
        encounter = session.encounter
        if self.phase_override:
            encounter = encounter.evolve(phase=self.phase_override)
        if self.player_turn and session.ruleset.data.phases:
            encounter = encounter.evolve(
                extra_state=MappingProxyType({**encounter.extra_state, "turn": "player"})
            )
        # The session's next dice draw: looking never changes it, applying uses it up.
        # A unit whose group rolled this round uses that roll first.
        dice = session.state.dice.dice(self.typed_rolls, unit.id)
        try:
            decision = decide(with_display_names(encounter), unit.id, session.ruleset, dice)
        except FoebookError as error:
            return ShowMessage(str(error)), 0
        except ValueError as error:  # typed dice out of range for the die asked
            return ShowDiceError(str(error)), 0
        names = display_names(session.encounter.units)
        needed = [r for r in decision.rolls if not r.scripted]
        shared = next((r for r in decision.rolls if r.shared), None)
        group = session.state.dice.group_rolls.get(unit.id)
        rolled_by = names.get(group.by, group.by) if group is not None else ""
        if needed and self.physical and not self.foebook_rolls:
            typed = len(decision.rolls) - len(needed) - (shared is not None)
            return AskForDice(
                tuple(needed),
                typed,
                names[unit.id],
                decision.ai,
                (shared, rolled_by) if shared is not None else None,
            ), dice.scripted_left
        return ShowDecision(decision, names[unit.id], names, rolled_by), dice.scripted_left
