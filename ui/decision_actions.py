"""The decision panel and the board's highlight follow the decision controller; Enter, typed
dice and the physical-dice switch reach it from here."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QStatusBar

from desktop.tracker.decision_controller import (
    AskForDice,
    DecisionController,
    Evaluation,
    ShowDecision,
    ShowDiceError,
    ShowMessage,
)
from ui.board.board_scene import BoardScene
from ui.decision.decision_panel import DecisionPanel
from ui.roster.roster_panel import RosterPanel
from ui.setting_flags import PHYSICAL_DICE

NOTE_MS = 8000


class DecisionActions:
    """`shown()` is called after each evaluation the panel shows (the menus follow it)."""

    def __init__(
        self,
        controller: DecisionController,
        panel: DecisionPanel,
        scene: BoardScene,
        roster: RosterPanel,
        status: QStatusBar,
        shown: Callable[[], None],
    ) -> None:
        self.controller = controller
        self.panel, self.scene, self.roster, self.status = panel, scene, roster, status
        self._shown = shown
        controller.subscribe(self._show)
        panel.applyRequested.connect(lambda _choice: self.apply_shown())
        panel.choiceChanged.connect(lambda _row: self.highlight())
        panel.rollsEntered.connect(controller.use_rolls)
        panel.rerollRequested.connect(controller.roll_for_me)
        panel.phaseChosen.connect(controller.preview_phase)

    def _show(self, evaluation: Evaluation) -> None:
        if evaluation.reselected and evaluation.selected:
            self.roster.select_unit(evaluation.selected)
        if evaluation.forget_typed:
            self.panel.clear_typed()
        shown = evaluation.shown
        if isinstance(shown, ShowDiceError):  # the shown decision stays, with what is wrong
            self.panel.show_error(shown.text)
            return
        if isinstance(shown, ShowMessage):
            self.panel.show_message(shown.text)
            self.scene.clear_outcome()
        elif isinstance(shown, AskForDice):
            self.panel.ask_for_dice(
                list(shown.needed), shown.typed, shown.unit_name, shown.ai, shown.shared
            )
            self.scene.clear_outcome()
        elif isinstance(shown, ShowDecision):
            self.panel.show_decision(shown.decision, shown.unit_name, shown.names, shown.rolled_by)
            self.highlight()
        self.panel.show_context(evaluation.note, evaluation.enter, evaluation.out_of_turn)
        self._shown()

    def highlight(self) -> None:
        """The board shows the outcome chosen in the panel, with the unit's ranges."""
        session, decision = self.controller.session, self.controller.decision
        if session is None or decision is None:
            return
        outcome = self.panel.chosen_outcome()
        ruleset, encounter = session.ruleset, session.encounter
        if decision.phase and decision.phase != encounter.phase:
            encounter = encounter.evolve(phase=decision.phase)  # the ranges of the phase shown
        self.scene.show_outcome(
            decision.unit,
            outcome,
            ruleset.movement_range(encounter, decision.unit),
            ruleset.attack_range(encounter, decision.unit),
        )

    def _use_typed_dice(self) -> bool:
        """Dice typed in the decision panel that the shown decision has not used yet are used
        first (the decision is made again with them, and the next Enter applies it), so a
        decision never ignores what the players rolled. True when that (or a bad entry)
        was all this key press did."""
        try:
            typed = self.panel.typed_dice()
        except ValueError as error:
            self.panel.show_error(str(error))
            return True
        if typed == self.controller.typed_rolls:
            return False
        self.controller.use_rolls(typed)
        controller = self.controller
        if controller.decision is not None:
            session = controller.session
            plays = controller.player_turn or (
                session is not None and controller.shows == session.current_unit
            )
            self.status.showMessage(
                "Decided again with the dice you typed" + ("; Enter applies it" if plays else ""),
                NOTE_MS,
            )
        return True

    def apply_shown(self) -> None:
        """The panel's Apply button: the decision it shows (out of turn for a unit it
        previews while another acts)."""
        if not self._use_typed_dice():
            self.controller.apply(self.panel.chosen())

    def play_turn(self) -> None:
        """Enter (wherever the focus is outside a cell being typed in), the menu and the
        toolbar: the activation in progress, whatever is selected (DecisionController.
        play_turn); dice typed and not used yet are used first."""
        if not self._use_typed_dice():
            self.controller.play_turn(self.panel.chosen())

    def set_physical(self, on: bool) -> None:
        """The open session's dice; the choice is also what the next new session starts
        with."""
        QSettings().setValue(PHYSICAL_DICE, bool(on))
        self.controller.set_physical(on)
        self._shown()
