"""The ruleset-specific actions of the main window (card flips, stratagems, the stratagem
deck) and the ruleset-specific parts of its turn display and menus."""

from __future__ import annotations

import random

from desktop.engine.dice import Dice
from desktop.errors import FoebookError
from desktop.tracker import commands as cmd
from desktop.tracker.turns import next_label


class RulesetActions:
    """Mixed into MainWindow: these use its session, deck, run_command, report and views."""

    def show_turn_state(self) -> None:
        session = self.session
        state = session.state
        ruleset = session.ruleset
        last_card = next((c.card for c in reversed(state.cards) if c.deck == "cards"), "")
        stratagem = next((c.card for c in reversed(state.cards)
                          if c.deck == "stratagems" and c.round == state.round), "")
        self.turns.show_state(state, ruleset.data.phases, ruleset.helpers(session.encounter),
                              ruleset.id == "card-flip-rpg", last_card,
                              hasattr(ruleset, "draw_stratagem"), stratagem,
                              next_label(state, ruleset))

    def update_ruleset_actions(self, has: bool) -> None:
        self.act_deck.setEnabled(has and hasattr(self.session.ruleset, "deck"))
        self.act_player_turn.setEnabled(has and bool(self.session.ruleset.data.phases))

    def flip_card(self) -> None:
        from desktop.rulesets.card_flip_rpg import flip_meaning

        card = self.deck.draw()
        if self.run_command(cmd.DrawCard("cards", card)):
            meaning = flip_meaning(card)
            self.statusBar().showMessage(f"Flipped {card}" + (f": {meaning}" if meaning else ""),
                                         10000)

    def draw_stratagem(self) -> None:
        """This turn's enemy stratagem; cards that would do nothing are noted and redrawn."""
        session = self.session
        if session is None or not hasattr(session.ruleset, "draw_stratagem"):
            return
        deck = self.current_deck()
        if deck is None:
            return
        draw = session.ruleset.draw_stratagem(session.encounter,
                                               Dice(seed=random.randrange(1 << 30)), deck)
        for card in draw.set_aside:
            self.run_command(cmd.Note(f"Stratagem {card.name} would do nothing now: redrawn"))
        if draw.stratagem is None:
            self.run_command(cmd.Note("No enemy stratagem this turn: " + draw.trace[-1].detail))
            return
        if self.run_command(cmd.DrawCard("stratagems", draw.stratagem.name)):
            self.statusBar().showMessage(f"Enemy stratagem: {draw.stratagem.name} — "
                                         f"{draw.stratagem.effect}", 15000)

    def current_deck(self):
        """The players' own stratagem deck if they edited one, else the ruleset's."""
        from desktop.rulesets.grimdark_command import parse_deck
        from desktop.user_decks import load_user_deck

        ruleset = self.session.ruleset
        try:
            entries = load_user_deck(ruleset.id)
            return ruleset.deck if entries is None else parse_deck(entries, "your deck")
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return None

    def edit_deck(self) -> bool:
        from desktop.user_decks import save_user_deck
        from ui.deck_dialog import DeckDialog

        if self.session is None or not hasattr(self.session.ruleset, "deck"):
            return False
        deck = self.current_deck()
        if deck is None:
            return False
        dialog = DeckDialog(deck, self.session.ruleset.deck, self)
        if not dialog.exec() or dialog.result_deck is None:
            return False
        try:
            path = save_user_deck(self.session.ruleset.id,
                                  [card.to_dict() for card in dialog.result_deck])
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return False
        count = len(dialog.result_deck)
        self.statusBar().showMessage(f"Stratagem deck saved ({count} card"
                                     f"{'s' if count != 1 else ''}, "
                                     f"{path})", 8000)
        return True
