"""Auto-apply: every remaining enemy's decision applied one by one, at a pace players follow."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from desktop.tracker.decision_controller import DecisionController
from desktop.tracker.display_names import display_names
from desktop.tracker.session import Session
from desktop.tracker.turns import acting_span, phase_over, turn_over
from ui.database_wait import waiting_for_database

AUTO_STEP_MS = 900  # pause between enemies during auto-apply, so players can follow


class AutoApply:
    """`select(unit_id)` shows a unit as the window does when the user picks it."""

    def __init__(
        self,
        window: QMainWindow,
        action: QAction,
        controller: DecisionController,
        select: Callable[[str], None],
    ) -> None:
        self.window, self.action, self.controller, self.select = (
            window,
            action,
            controller,
            select,
        )
        self.timer = QTimer(window)
        self.timer.setInterval(AUTO_STEP_MS)
        self.timer.timeout.connect(self.step)

    def toggle(self, on: bool | None = None, why: str = "Auto-apply stopped") -> None:
        on = self.action.isChecked() if on is None else on
        self.action.setChecked(on)
        if on:
            self.window.statusBar().showMessage(
                "Auto-applying the enemy turn (Ctrl+Return to stop)"
            )
            self.step()
            self.timer.start()
        else:
            self.timer.stop()
            self.window.statusBar().showMessage(why, 6000)

    def step(self) -> None:
        """One enemy's decision applied, or the next phase begun once every unit has acted
        in one; it stops where the players act or decide, saying so."""
        if waiting_for_database():
            return  # the last step is still being saved; the next tick goes on
        session = self.controller.session
        if session is None:
            self.toggle(False)
            return
        if self.controller.player_turn:
            self.toggle(
                False, "Auto-apply plays the enemy's own turn: end the players' turn first (Ctrl+T)"
            )
            return
        current = session.current_unit
        if current is None:
            if _phase_to_go(session):
                if not self.controller.next_activation():  # the enemy's next phase
                    self.toggle(False)
                return
            self.toggle(False, f"Auto-apply done: every unit has acted {_span(session)}")
            return
        self.select(current)
        unit = session.encounter.unit(current)
        name = display_names(session.encounter.units)[unit.id]
        decision = self.controller.decision
        if not unit.is_enemy:  # a player's turn in the round's order (monster-focus)
            self.toggle(False, f"Auto-apply paused: {name}'s turn is the players' (Space)")
        elif self.controller.asking:
            self.toggle(False, f"Auto-apply paused: roll {name}'s dice and type them (Enter)")
        elif decision is not None and decision.alternatives:
            self.toggle(
                False,
                f"Auto-apply paused: the rules leave the players a choice for {name} "
                "(pick one, then Enter)",
            )
        elif decision is None or not self.controller.apply(0):
            self.toggle(False)
        elif session.current_unit is None and not _phase_to_go(session):
            self.toggle(False, f"Auto-apply done: every unit has acted {_span(session)}")


def _phase_to_go(session: Session) -> bool:
    """Every unit has acted in this phase and another phase of the enemy's turn follows."""
    state, ruleset = session.state, session.ruleset
    return phase_over(state, ruleset) and not turn_over(state, ruleset)


def _span(session: Session) -> str:
    """ "in round 3", or "in the fight phase" (the last of the enemy's turn), and what
    comes next where the players' turn follows the enemy's."""
    span = acting_span(session.state, session.ruleset).replace(
        "this round", f"in round {session.round}"
    )
    if session.ruleset.capabilities.player_turn:
        span += "; the players' turn follows (Ctrl+T)"
    return span
