"""The views of a scenario session, used by hand: the strip above the board (elements, the
monster modifier deck, the level), elites told apart on the board and in the roster, and the
start of round dialog refusing a card line it cannot read."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QInputDialog

from tests.ui.at_the_table import key, log_lines, type_text
from tests.ui.modal import type_over, when_up
from tests.ui.real_input import click, settle, start_tutorial, token_point
from tests.ui.start_page import go_home
from ui.roster.roster_model import COL_NAME
from ui.scenario.round_dialog import RoundStartDialog
from ui.scenario.standee_looks import ELITE_RING

BRIAR_ROAD = "monster-focus-briar-road.toml"


def open_briar_road(qtbot, window) -> None:
    """The sample scenario from the start page; the round's dialog it opens with is left
    with Esc (the players look around first)."""

    def leave(dialog) -> None:
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
        key(qtbot, Qt.Key.Key_Escape)

    closed = when_up(qtbot, RoundStartDialog, leave)
    start_tutorial(qtbot, window, BRIAR_ROAD)
    qtbot.waitUntil(lambda: bool(closed))
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    settle(qtbot, window)


def test_the_strip_comes_with_the_first_scenario_between_the_banner_and_the_board(qtbot, window):
    # The strip is built when a scenario first shows (a session without a monster book
    # has none: its modules load later): in its place above the board, and it works.
    from ui.scenario.scenario_strip import ScenarioStrip

    start_tutorial(qtbot, window, "card-flip-goblin-ambush.toml")
    assert window.findChildren(ScenarioStrip) == []
    go_home(qtbot, window)
    open_briar_road(qtbot, window)
    [strip] = window.findChildren(ScenarioStrip)
    assert strip.isVisible()
    page = window.pages.board_layout
    banner, board = window.player_banner, window.board_view
    assert page.indexOf(banner) < page.indexOf(strip) == page.indexOf(board) - 1
    assert strip.geometry().bottom() < board.geometry().top()
    fire = strip.elements["fire"]
    click(qtbot, fire)
    qtbot.waitUntil(lambda: fire.accessibleName() == "Fire, strong")


def test_elements_and_the_modifier_deck_on_the_strip(qtbot, window):
    open_briar_road(qtbot, window)
    strip = window.scenario.strip
    assert strip.isVisible()
    fire = strip.elements["fire"]
    click(qtbot, fire)
    qtbot.waitUntil(lambda: fire.accessibleName() == "Fire, strong")
    click(qtbot, fire)  # a strong element clicked is used up
    qtbot.waitUntil(lambda: fire.accessibleName() == "Fire, inert")
    assert strip.modifiers.text() == "Modifier deck: 20 to draw, 0 discarded"
    click(qtbot, strip.bless)
    qtbot.waitUntil(lambda: "(1 bless)" in strip.modifiers.text())
    assert strip.modifiers.text() == "Modifier deck: 21 to draw (1 bless), 0 discarded"
    click(qtbot, strip.own_deck)
    qtbot.waitUntil(lambda: not strip.bless.isEnabled())
    assert strip.modifiers.text() == "Modifier cards: the players draw them"
    assert log_lines(window)[-4:] == [
        "Fire: inert → strong",
        "Fire: strong → inert",
        "1 bless shuffled into the monster modifier deck (1 in it)",
        "The players draw the monsters' modifier cards themselves",
    ]


def test_the_level_button_sets_every_standees_numbers(qtbot, window):
    open_briar_road(qtbot, window)
    strip = window.scenario.strip
    assert strip.level_button.text() == "Level 1…"
    said = when_up(qtbot, QInputDialog, type_over(qtbot, "3"))
    click(qtbot, strip.level_button)
    qtbot.waitUntil(lambda: window.session.encounter.level == 3)
    assert said == ["Scenario level (every standee's numbers follow it):"]
    assert strip.level_button.text() == "Level 3…"
    elite = window.session.encounter.unit("cutthroat-1")
    assert (elite.max_hp, elite.stat("attack"), elite.stat("shield")) == (12, 4, 1)
    assert log_lines(window)[-1].startswith("Scenario level 1 → 3; Cutthroat 1: max HP 9 → 12")


def test_the_elite_stands_out_on_the_board_and_in_the_roster(qtbot, window):
    open_briar_road(qtbot, window)
    model = window.roster.model
    names = [model.index(row, COL_NAME).data() for row in range(model.rowCount())]
    assert "Cutthroat 1 ★" in names and "Cutthroat 2" in names
    tokens = window.scene.tokens
    assert "Elite standee<br>Shield 1" in tokens["cutthroat-1"].toolTip()
    assert "Normal standee" in tokens["cutthroat-2"].toolTip()
    image = window.board_view.viewport().grab().toImage()
    scale = window.board_view.transform().m11()

    def gold_pixels(unit_id: str) -> int:
        centre = token_point(window, unit_id)
        r = int(tokens[unit_id].radius * scale)
        box = QRect(centre - QPoint(r, r), centre + QPoint(r, r))
        return sum(
            _near(QColor(image.pixel(x, y)), ELITE_RING)
            for x in range(box.left(), box.right())
            for y in range(box.top(), box.bottom())
        )

    assert gold_pixels("cutthroat-1") > 20
    assert gold_pixels("cutthroat-2") == 0


def _near(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 60


def test_a_card_line_it_cannot_read_is_named_and_the_dialog_stays(qtbot, window):
    seen: list[str] = []

    def fill(dialog) -> None:
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
        for text in ("15", "40", "72", "30 dance 2"):
            type_text(qtbot, text)
            key(qtbot, Qt.Key.Key_Tab)
        key(qtbot, Qt.Key.Key_Return)
        seen.append(dialog.message.text())
        assert dialog.isVisible()
        assert QApplication.focusWidget() is dialog.cards["cutthroat"]
        key(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        type_text(qtbot, "30 move 1 attack 1")
        key(qtbot, Qt.Key.Key_Return)

    when_up(qtbot, RoundStartDialog, fill)
    start_tutorial(qtbot, window, BRIAR_ROAD)
    qtbot.waitUntil(lambda: window.session.state.play.cards_round == 1)
    assert seen == [
        "Cutthroat's card: 'dance' is not a card's word (initiative first, then e.g. move +1 "
        "attack -1 range 3, conditions, shuffle)"
    ]
    assert log_lines(window)[0].startswith(
        "Round 1; initiatives Warden 15, Alchemist 40, Scout 72; Cutthroat: card typed in "
        "(initiative 30: move +1, attack +1)"
    )


def test_the_card_drawn_from_the_players_own_deck_is_typed_on_the_strip(qtbot, window, monkeypatch):
    monkeypatch.setattr("desktop.tracker.session.new_seed", lambda: 1)
    from tests.ui.scenario.test_briar_road_at_the_table import Hand

    hand = Hand(qtbot)
    hand.round_dialog(["15", "40", "72", "30 move +1 attack +1"])
    start_tutorial(qtbot, window, BRIAR_ROAD)
    qtbot.waitUntil(lambda: window.session.state.play.cards_round == 1)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    strip = window.scenario.strip
    click(qtbot, strip.own_deck)
    qtbot.waitUntil(lambda: window.session.state.play.modifiers.physical)
    hand.enter(window, 2)  # the Warden's turn passed on; Cutthroat 1 only moves
    assert not strip.drawn.isVisible()
    hand.enter(window)  # Cutthroat 2 attacks the Warden
    qtbot.waitUntil(strip.drawn.isVisible)
    assert strip.drawn_label.text() == "&Their card, Cutthroat 2 on Warden:"
    assert log_lines(window)[-1] == (
        "Cutthroat 2 (typed card, initiative 30: move 3, attack 3, range 0): Attack Warden "
        "from [2, 5]; Warden: attack 3, shield 1 → 2 before the modifier card"
    )
    click(qtbot, strip.drawn)
    type_text(qtbot, "x2")
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not strip.drawn.isVisible())
    assert log_lines(window)[-1] == (
        "Cutthroat 2 on Warden: modifier ×2 (typed) → attack 6, shield 1 → 5 damage"
    )


def test_next_round_opens_the_start_of_round_dialog(qtbot, window):
    open_briar_road(qtbot, window)
    from tests.ui.real_input import press

    said = when_up(qtbot, RoundStartDialog, lambda dialog: dialog.reject())
    press(qtbot, window.act_round)  # Ctrl+Shift+N
    qtbot.waitUntil(lambda: bool(said))
    assert said == ["Start of round 1"]
    assert window.session.state.round == 1  # nothing begun: the dialog was closed


def test_a_scenario_file_imported_opens_with_its_monster_book(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from desktop.samples import scenario_path
    from tests.ui.real_input import press

    path = str(scenario_path(BRIAR_ROAD))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (path, ""))
    said = when_up(qtbot, RoundStartDialog, lambda dialog: dialog.reject())
    press(qtbot, window.act_import)  # Ctrl+I, the file chosen
    qtbot.waitUntil(lambda: bool(said))
    assert said == ["Start of round 1"]
    assert window.session.name == "Briar road ambush"
    assert window.session.encounter.book.name == "Foebook sample monsters"
    assert window.scenario.strip.isVisible()
