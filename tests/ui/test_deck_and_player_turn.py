"""grimdark-solo in the app: the players edit the stratagem deck; the players' turn shows
how enemies react."""

from __future__ import annotations

from desktop.user_decks import deck_path, load_user_deck
from ui.deck_dialog import DeckDialog

RELAY = "grimdark-solo-close-quarters.toml"


def test_edited_deck_is_saved_used_and_restorable(window, monkeypatch):
    window.start_tutorial(RELAY)
    default = window.session.ruleset.deck

    def keep_one_card(dialog: DeckDialog) -> int:
        while dialog.table.rowCount() > 1:
            dialog.table.setCurrentCell(1, 0)
            dialog.remove_card()
        dialog.table.item(0, 0).setText("Ambush")
        dialog.table.item(0, 1).setText('One enemy unit may move 3" before the game turn.')
        combo = dialog.table.cellWidget(0, 2)
        combo.setCurrentIndex(combo.findData("never"))
        dialog.accept()
        return 1

    monkeypatch.setattr(DeckDialog, "exec", keep_one_card)
    assert window.edit_deck()
    assert load_user_deck("grimdark-solo")[0]["name"] == "Ambush"
    window.turns.stratagem_button.click()
    assert window.session.state.cards[-1].card == "Ambush"  # the players' deck is drawn from
    deck_path("grimdark-solo").unlink()
    assert window.current_deck() == default


def test_a_card_without_a_name_is_refused_in_the_dialog(window, qtbot):
    window.start_tutorial(RELAY)
    capability = window.session.ruleset.capabilities.deck
    dialog = DeckDialog(capability, capability.default, window)
    qtbot.addWidget(dialog)
    dialog.table.item(0, 0).setText("")
    dialog.accept()
    assert "'name' must be a non-empty text" in dialog.error.text()
    assert dialog.result_deck is None


def test_players_turn_shows_enemy_reactions(window):
    window.start_tutorial(RELAY)
    window.panel.phases.setCurrentIndex(window.session.ruleset.data.phases.index("charge"))
    window.select_unit("captain")
    own_turn = window.decision.trace[0].step
    window.act_player_turn.trigger()
    assert window.decision.trace[0].step.startswith("Heroic intervention")
    assert window.decision.trace[0].step != own_turn
    window.act_player_turn.trigger()
    assert window.decision.trace[0].step == own_turn
