"""The ruleset-specific actions of the main window (card flips, deck draws, the players' own
deck) and the ruleset-specific parts of its turn display and menus, all read from the
ruleset's declared capabilities."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStatusBar

from desktop.engine.capabilities import Card
from desktop.engine.dice import Deck, Dice
from desktop.errors import FoebookError
from desktop.tracker.session import Session
from desktop.tracker.turns import NEXT_ROUND, next_label, one_draw_per_turn
from ui.turn_tracker import TurnTracker

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker import commands as cmd


class _Window(Protocol):
    """What these methods use of the window they are mixed into (MainWindow)."""

    turns: TurnTracker
    deck: Deck
    act_next: QAction
    act_round: QAction
    act_deck: QAction
    act_player_turn: QAction

    @property
    def session(self) -> Session | None: ...
    def run_command(self, command: cmd.Command) -> bool: ...
    def report(self, message: str, *, dialog: bool = False) -> None: ...
    def statusBar(self) -> QStatusBar: ...
    def current_deck(self) -> tuple[Card, ...] | None: ...


class RulesetActions:
    """Mixed into MainWindow: these use its session, deck, run_command, report and views."""

    def show_turn_state(self: _Window) -> None:
        session = self.session
        assert session is not None  # shown only while a session is open
        state = session.state
        ruleset = session.ruleset
        capabilities = ruleset.capabilities
        last_card = next((c.card for c in reversed(state.cards) if c.deck == "cards"), "")
        deck_id = capabilities.deck.id if capabilities.deck is not None else None
        drawn = state.drawn_this_round(deck_id) if deck_id is not None else None
        self.turns.show_state(
            state,
            ruleset.data.phases,
            ruleset.helpers(session.encounter),
            capabilities,
            last_card,
            drawn.card if drawn is not None else "",
            next_label(state, ruleset),
            drawn.text if drawn is not None else "",
        )
        refused = one_draw_per_turn(state, ruleset, deck_id) if deck_id is not None else None
        self.turns.refuse_draw(refused or "")

    def update_ruleset_actions(self: _Window, has: bool) -> None:
        session = self.session if has else None  # `has`: a session is open and shown
        label = None
        if session is not None:  # Next says what it does now (next phase, nothing left...)
            label = next_label(session.state, session.ruleset)
            # Enabled even with nothing left to pass on (it then says why): Space is Next
            # everywhere but in text fields, never a press of the focused button.
            self.act_next.setText(f"&{label}" if label else "&Next activation")
        # Once Next itself starts the next round (after a phased round's last phase), it is
        # the one Next round entry, with both keys: not two entries that do the same.
        round_next = label == NEXT_ROUND
        self.act_round.setVisible(not round_next)
        own = self.act_next.shortcuts()[:1]  # Space
        self.act_next.setShortcuts(own + self.act_round.shortcuts() if round_next else own)
        capabilities = session.ruleset.capabilities if session is not None else None
        self.act_deck.setEnabled(capabilities is not None and capabilities.deck is not None)
        self.act_player_turn.setEnabled(capabilities is not None and capabilities.player_turn)

    def flip_card(self: _Window) -> None:
        from desktop.tracker import commands as cmd

        flips = self.session.ruleset.capabilities.card_flips if self.session else None
        card = self.deck.draw()
        if self.run_command(cmd.DrawCard("cards", card)):
            meaning = flips.meaning(card) if flips is not None else ""
            self.statusBar().showMessage(
                f"Flipped {card}" + (f": {meaning}" if meaning else ""), 10000
            )

    def draw_stratagem(self: _Window) -> None:
        """This turn's enemy stratagem; cards that would do nothing are noted and redrawn."""
        from desktop.tracker import commands as cmd

        session = self.session
        capability = session.ruleset.capabilities.deck if session is not None else None
        if session is None or capability is None:
            return
        refused = one_draw_per_turn(session.state, session.ruleset, capability.id)
        if refused is not None:  # the button says so; the rule holds however it is asked
            self.report(refused)
            return
        deck = self.current_deck()
        if deck is None:
            return
        draw = capability.draw(session.encounter, Dice(seed=random.randrange(1 << 30)), deck)
        for card in draw.set_aside:
            self.run_command(cmd.Note(f"Stratagem {card.name} would do nothing now: redrawn"))
        if draw.card is None:
            self.run_command(cmd.Note("No enemy stratagem this turn: " + draw.trace[-1].detail))
            return
        if self.run_command(cmd.DrawCard(capability.id, draw.card.name, draw.card.effect)):
            self.statusBar().showMessage(
                f"Enemy stratagem: {draw.card.name} — {draw.card.effect}", 15000
            )

    def current_deck(self: _Window) -> tuple[Card, ...] | None:
        """The players' own deck if they edited one, else the ruleset's."""
        from desktop.user_decks import load_user_deck

        session = self.session
        assert session is not None  # asked only while a session is open
        ruleset = session.ruleset
        capability = ruleset.capabilities.deck
        assert capability is not None  # and its ruleset has a deck
        try:
            entries = load_user_deck(ruleset.id)
            return capability.default if entries is None else capability.parse(entries, "your deck")
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return None

    def edit_deck(self: _Window) -> bool:
        from desktop.user_decks import save_user_deck
        from ui.deck_dialog import DeckDialog

        capability = self.session.ruleset.capabilities.deck if self.session else None
        if capability is None:
            return False
        deck = self.current_deck()
        if deck is None:
            return False
        dialog = DeckDialog(capability, deck, self)
        if not dialog.exec() or dialog.result_deck is None:
            return False
        session = self.session
        assert session is not None  # checked above; the dialog is modal
        try:
            path = save_user_deck(session.ruleset.id, capability.entries(dialog.result_deck))
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return False
        count = len(dialog.result_deck)
        self.statusBar().showMessage(
            f"Stratagem deck saved ({count} card{'s' if count != 1 else ''}, {path})", 8000
        )
        return True
