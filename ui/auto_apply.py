"""Auto-apply: every remaining enemy's decision applied one by one, at a pace players follow."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from desktop.tracker.decision_controller import DecisionController
from desktop.tracker.display_names import display_names
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
        if waiting_for_database():
            return  # the last step is still being saved; the next tick goes on
        session = self.controller.session
        if session is None or session.current_unit is None:
            self.toggle(False)
            return
        current = session.current_unit
        self.select(current)
        unit = session.encounter.unit(current)
        if not unit.is_enemy:  # a player's turn in the round's order (monster-focus)
            name = display_names(session.encounter.units)[unit.id]
            self.toggle(False, f"Auto-apply paused: {name}'s turn is the players' (Space)")
        elif self.controller.decision is None or not self.controller.apply(0):
            self.toggle(False)
        elif session.current_unit is None:
            self.toggle(False)  # that was the last activation of the round
