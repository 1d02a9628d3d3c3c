"""grimdark-solo in the app: the players edit the stratagem deck; the players' turn shows
how enemies react."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from desktop.user_decks import deck_path, load_user_deck
from tests.ui.real_input import (
    choose,
    click,
    open_saved_session,
    pick_in_combo,
    press,
    select_on_board,
)
from tests.ui.showing import show_active
from ui.deck_dialog import DeckDialog
from ui.rich_text import escape

RELAY = "grimdark-solo-close-quarters.toml"


def keep_one_card(effect: str):
    """The dialog is modal: its exec is replaced by the edits a player makes in it (one
    card, Ambush, with this effect, that never does nothing)."""

    def edit(dialog: DeckDialog) -> int:
        while dialog.table.rowCount() > 1:
            dialog.table.setCurrentCell(1, 0)
            dialog.remove_card()
        dialog.table.item(0, 0).setText("Ambush")
        dialog.table.item(0, 1).setText(effect)
        combo = dialog.table.cellWidget(0, 2)
        combo.setCurrentIndex(combo.findData("never"))
        dialog.accept()
        return 1

    return edit


def test_edited_deck_is_saved_used_and_restorable(window, qtbot, monkeypatch):
    window.start_tutorial(RELAY)
    default = window.session.ruleset.deck

    monkeypatch.setattr(
        DeckDialog, "exec", keep_one_card('One enemy unit may move 3" before the game turn.')
    )
    choose(qtbot, window, window.act_deck)  # Session > Edit stratagem deck…
    assert load_user_deck("grimdark-solo")[0]["name"] == "Ambush"
    click(qtbot, window.turns.stratagem_button)
    assert window.session.state.cards[-1].card == "Ambush"  # the players' deck is drawn from
    deck_path("grimdark-solo").unlink()
    assert window.current_deck() == default


def open_default_deck(window, qtbot) -> DeckDialog:
    """The deck editor on the ruleset's own deck, shown as the menu entry shows it."""
    window.start_tutorial(RELAY)
    capability = window.session.ruleset.capabilities.deck
    dialog = DeckDialog(capability, capability.default, window)
    qtbot.addWidget(dialog)
    show_active(qtbot, dialog)
    return dialog


def test_a_card_without_a_name_is_refused_in_the_dialog(window, qtbot):
    dialog = open_default_deck(window, qtbot)
    dialog.table.item(0, 0).setText("")
    save = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save)
    click(qtbot, save)
    assert "'name' must be a non-empty text" in dialog.error.text()
    assert dialog.result_deck is None


def test_players_turn_shows_enemy_reactions(window, qtbot):
    window.start_tutorial(RELAY)
    phases = window.session.ruleset.data.phases
    pick_in_combo(qtbot, window.panel.phases, phases.index("charge"))  # preview the charge phase
    select_on_board(qtbot, window, "captain")
    own_turn = window.decision.trace[0].step
    press(qtbot, window.act_player_turn)  # Ctrl+T
    assert window.decision.trace[0].step.startswith("Heroic intervention")
    assert window.decision.trace[0].step != own_turn
    press(qtbot, window.act_player_turn)
    assert window.decision.trace[0].step == own_turn


def test_the_drawn_stratagem_shows_what_it_does_from_the_players_deck(window, qtbot, monkeypatch):
    """Not only its name: the effect, as the (edited) deck words it, under the draw button,
    in the log, after undo and redo, and after a restart."""
    window.start_tutorial(RELAY)
    effect = (
        'One enemy unit may move 3" before the game turn; if it ends within 1" of a '
        "player unit, that unit may not shoot in the players' next turn."
    )
    monkeypatch.setattr(DeckDialog, "exec", keep_one_card(effect))
    choose(qtbot, window, window.act_deck)  # Session > Edit stratagem deck…
    shown = window.turns.drawn_card
    assert not shown.isVisibleTo(window.turns)  # nothing drawn yet
    click(qtbot, window.turns.stratagem_button)
    assert shown.isVisibleTo(window.turns)
    assert "Ambush" in shown.text() and escape(effect) in shown.text()
    # Readable: wrapped to the panel's width and given the height of all its lines.
    assert shown.wordWrap() and shown.width() <= window.turns.width()
    qtbot.waitUntil(lambda: shown.heightForWidth(shown.width()) <= shown.height())
    assert window.session.history[-1].text == f"Drew Ambush from stratagems: {effect}"
    press(qtbot, window.act_undo)
    assert not shown.isVisibleTo(window.turns)
    press(qtbot, window.act_redo)
    assert escape(effect) in shown.text()
    deck_path("grimdark-solo").unlink()  # the players' deck gone: the draw still says it
    name = window.session.name
    window.close()

    from ui.main_window import MainWindow

    again = MainWindow(window.database)
    qtbot.addWidget(again)
    show_active(qtbot, again)
    open_saved_session(qtbot, again, name)
    assert again.turns.drawn_card.isVisibleTo(again.turns)
    assert escape(effect) in again.turns.drawn_card.text()


def test_a_drawn_default_stratagem_shows_its_effect(window, qtbot):
    window.start_tutorial(RELAY)
    click(qtbot, window.turns.stratagem_button)
    drawn = window.session.state.cards[-1]
    card = next(c for c in window.session.ruleset.deck if c.name == drawn.card)
    assert card.effect and drawn.text == card.effect
    label = window.turns.drawn_card
    assert label.isVisibleTo(window.turns) and escape(card.effect) in label.text()
    # Readable: wrapped in the turn order's width, not cut off.
    assert label.wordWrap() and label.width() <= window.turns.width()
    qtbot.waitUntil(lambda: label.heightForWidth(label.width()) <= label.height())


def test_the_deck_editor_shows_every_column_whole(window, qtbot):
    """The third column's header and drop-downs were cut (the dialog kept 100 px for them)."""
    dialog = open_default_deck(window, qtbot)
    table, header = dialog.table, dialog.table.horizontalHeader()
    qtbot.waitUntil(lambda: table.horizontalScrollBar().maximum() == 0)
    for column in range(table.columnCount()):
        text = table.horizontalHeaderItem(column).text()
        assert header.fontMetrics().horizontalAdvance(text) < header.sectionSize(column), text
    # Every column within the table's view: nothing hidden off its right edge.
    assert header.sectionViewportPosition(2) + header.sectionSize(2) <= table.viewport().width()
    for row in range(table.rowCount()):
        name = table.item(row, 0).text()
        assert table.fontMetrics().horizontalAdvance(name) < table.columnWidth(0), name
        combo = table.cellWidget(row, 2)
        assert combo.width() >= combo.sizeHint().width(), combo.currentText()
        # Every choice of the drop-down fits it, not only the one shown.
        for item in range(combo.count()):
            words = combo.itemText(item)
            assert combo.fontMetrics().horizontalAdvance(words) < combo.width() - 24, words
