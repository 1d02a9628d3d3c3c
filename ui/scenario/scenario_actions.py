"""What the main window does for a scenario played from a monster book: the start of round
dialog (Next round, Enter while the round's cards are not in, and on its own once everybody
has acted) and the scenario level."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QStatusBar, QWidget

from desktop.engine.board import Cell, Terrain
from desktop.engine.decision import Decision
from desktop.tracker.session import Change, Session
from ui.board.board_view import BoardView
from ui.decision_actions import DecisionActions
from ui.scenario.standee_looks import ELITE
from ui.window_pages import WindowPages

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker import commands as cmd
    from ui.scenario.add_standees import StandeePlacing
    from ui.scenario.scenario_strip import ScenarioStrip


class ScenarioHost(Protocol):
    """What of the main window a scenario's actions use."""

    decisions: DecisionActions
    board_view: BoardView
    pages: WindowPages  # the scenario strip goes above the board on the board's page
    brush_actions: dict[Terrain | None, QAction]

    @property
    def session(self) -> Session | None: ...
    @property
    def decision(self) -> Decision | None: ...
    def run_command(self, command: cmd.Command) -> bool: ...
    def report(self, message: str, *, dialog: bool = False) -> None: ...
    def statusBar(self) -> QStatusBar: ...
    def activateWindow(self) -> None: ...
    def window(self) -> QWidget: ...  # QWidget.window(): parent of the dialogs and actions


class ScenarioActions:
    def __init__(self, host: ScenarioHost) -> None:
        self.host = host
        window = host.window()
        self._offered: tuple[str, int] | None = None  # the round end the dialog came up at
        self._asking = False  # the dialog is up
        self.act_level = QAction("Scenario &level…", window)
        self.act_level.setStatusTip("The scenario level: every standee's numbers follow it")
        self.act_level.triggered.connect(lambda: self.set_level())
        window.addAction(self.act_level)
        self.act_standees = QAction("Add &standees…", window)
        self.act_standees.setStatusTip(
            "Standees of a monster type: how many normal and elite, then a click per hex"
        )
        self.act_standees.triggered.connect(lambda: self.add_standees())
        window.addAction(self.act_standees)
        self.placing: StandeePlacing | None = None
        # Built with the first scenario shown (with it its cards' modules load): most
        # sessions play none.
        self._strip: ScenarioStrip | None = None

    @property
    def strip(self) -> ScenarioStrip:
        if self._strip is None:
            from ui.scenario.scenario_strip import ScenarioStrip

            self._strip = ScenarioStrip(self.host.run_command, lambda: self.set_level())
            self._strip.setVisible(False)
            # Above the board, under the players' turn banner.
            page = self.host.pages.board_layout
            page.insertWidget(page.indexOf(self.host.board_view), self._strip)
        return self._strip

    def _show_strip(self, session: Session | None) -> None:
        if session is not None or self._strip is not None:
            self.strip.show_session(session)

    def add_to_menu(self, menu: QMenu) -> None:
        menu.addSeparator()
        menu.addAction(self.act_level)
        menu.addAction(self.act_standees)

    def session(self) -> Session | None:
        """The open session when it plays a scenario from a monster book and is shown."""
        session = self.host.session
        if session is None or session.encounter.book is None:
            return None
        return session if self.host.pages.currentIndex() == 1 else None

    def update_actions(self) -> None:
        self.act_level.setEnabled(self.session() is not None)
        self.act_standees.setEnabled(self.session() is not None and self.placing is None)

    def cards_wanted(self) -> bool:
        """Whether the round to play needs its cards first: everybody has acted, or the
        round has not begun and its cards are not in."""
        session = self.session()
        if session is None:
            return False
        state = session.state
        if state.order and state.pointer >= len(state.order):
            return True
        return state.play.cards_round != state.round and state.pointer == 0

    def start_round(self) -> bool:
        """The start of round dialog, and the round started as one step; False when the
        session plays no scenario (Next round then does what it does elsewhere)."""
        from desktop.tracker.scenario_commands import StartRound
        from ui.scenario.round_dialog import RoundStartDialog  # a dialog: loaded when first up

        session = self.session()
        if session is None:
            return False
        if self._asking:  # up already (Enter pressed as it came up on its own)
            return True
        dialog = RoundStartDialog(session, self.host.window())
        self._asking = True
        try:
            started = dialog.exec()
        finally:
            self._asking = False
        self.host.activateWindow()  # the keys go on to the board: Enter plays the turns
        if started:
            self.host.run_command(StartRound(dialog.chosen_initiatives, dialog.chosen_cards))
        return True

    def enter(self) -> None:
        """Enter: the round's start when its cards are wanted, else the turn in progress (a
        monster's attacks then wait on the strip for the cards the players drew, when they
        draw their own)."""
        # Enter where the card drawn is typed: that card.
        if self._strip is not None and self._strip.drawn.hasFocus():
            self.strip.type_drawn()
            return
        if self.cards_wanted():
            self.start_round()
            return
        session, decision = self.session(), self.host.decision
        before = session.version if session is not None else None
        self.host.decisions.play_turn()
        if session is None or decision is None or session.version == before:
            return
        if not session.state.play.modifiers.physical or not decision.targets:
            return
        names = session.encounter
        attacker = names.unit(decision.unit).name if names.has_unit(decision.unit) else ""
        self.strip.add_attacks(
            [
                (decision.unit, t, f"{attacker} on {names.unit(t).name}")
                for t in decision.targets
                if names.has_unit(t)
            ]
        )

    def follow(self, change: Change) -> None:
        """Once the last figure of a round has acted here, the next round's dialog comes up
        (once: closed with Esc, Next round or Enter brings it back)."""
        session = self.session()
        self._show_strip(session)
        if session is None or change.kind != "command":
            return
        state = session.state
        over = bool(state.order) and state.pointer >= len(state.order)
        here = (session.name, state.round)
        if over and state.play.cards_round == state.round and self._offered != here:
            self._offered = here
            QTimer.singleShot(0, self._offer)

    def opened(self) -> None:
        """A scenario session shown before any round's cards are in: the dialog comes up
        (Esc leaves it for later, to set the level or add standees first)."""
        session = self.session()
        self._show_strip(session)
        if session is not None and session.state.play.cards_round == 0 and self.cards_wanted():
            QTimer.singleShot(0, self._offer)

    def _offer(self) -> None:
        if self.cards_wanted():
            self.start_round()

    def set_level(self, level: int | None = None) -> None:
        from desktop.tracker.scenario_commands import SetLevel

        session = self.session()
        if session is None:
            return
        spec = session.ruleset.data.unit_types
        assert spec is not None  # a session with a book has a ruleset with unit types
        if level is None:
            from PySide6.QtWidgets import QInputDialog  # where it opens (ui/__init__.py)

            level, ok = QInputDialog.getInt(
                self.host.window(),
                "Scenario level",
                "Scenario level (every standee's numbers follow it):",
                session.encounter.level,
                spec.levels[0],
                spec.levels[-1],
            )
            if not ok or level == session.encounter.level:
                return
        self.host.run_command(SetLevel(level))

    def add_standees(self) -> None:
        """The dialog, then a click per hex on the board; one AddStandees at the end."""
        # where it opens (ui/__init__.py)
        from ui.scenario.add_standees import NORMAL, AddStandeesDialog, StandeePlacing, counts_for

        session = self.session()
        if session is None or self.placing is not None:
            return
        book = session.encounter.book
        assert book is not None  # session() has a book
        dialog = AddStandeesDialog(book, self.host.window())
        chosen = dialog.exec()
        self.host.activateWindow()
        if not chosen:
            return
        type_id, counts = dialog.chosen()
        unit_type = book.unit_type(type_id)
        if not counts or unit_type is None:
            self.host.report("No standee was asked for.")
            return
        ranks = [ELITE] * counts.get(ELITE, 0) + [NORMAL] * counts.get(NORMAL, 0)
        esc = self.host.brush_actions[None]  # Esc: back to selecting, and placing ends

        def done(cells: list[Cell]) -> None:
            from desktop.tracker.scenario_commands import AddStandees

            esc.triggered.disconnect(end)
            self.placing = None
            self.host.statusBar().clearMessage()
            if cells:
                placed = counts_for(ranks, len(cells))
                self.host.run_command(AddStandees(type_id, placed, cells))
            self.update_actions()

        def end() -> None:
            if self.placing is not None:
                self.placing.finish()

        esc.triggered.connect(end)
        self.placing = StandeePlacing(
            self.host.board_view,
            lambda: session.encounter.board,
            ranks,
            unit_type.name,
            lambda text: self.host.statusBar().showMessage(text),
            done,
        )
        self.update_actions()
