"""The players' turn shows on screen, not only as a menu tick; and once Next itself starts
the next round there is one Next round button and one menu entry, not two."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.ui.real_input import click, select_on_board
from tests.ui.start_page import go_home, start_tutorial_by_hand

CLOSE_QUARTERS = "grimdark-solo-close-quarters.toml"
AMBUSH = "card-flip-goblin-ambush.toml"
CTRL = Qt.KeyboardModifier.ControlModifier


def ctrl_t(qtbot, window) -> None:
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_T, CTRL)


def shown_on_screen(widget) -> bool:
    """Visible, with room, and inside the window: a player sees it."""
    window = widget.window()
    area = widget.rect().translated(widget.mapTo(window, widget.rect().topLeft()))
    return widget.isVisible() and widget.height() > 10 and window.rect().contains(area)


def test_ctrl_t_shows_the_players_turn_over_the_board_and_its_button_ends_it(window, qtbot):
    start_tutorial_by_hand(qtbot, window, CLOSE_QUARTERS)
    banner = window.player_banner
    assert not banner.isVisible()
    select_on_board(qtbot, window, "captain")
    own_turn = window.decision.trace[0].step

    ctrl_t(qtbot, window)
    assert window.act_player_turn.isChecked()
    assert shown_on_screen(banner)
    assert "Players' turn" in banner.label.text()
    assert banner.end_button.text() == "End players' turn (Ctrl+T)"
    assert window.decision.trace[0].step != own_turn  # the panel shows a reaction

    click(qtbot, banner.end_button)
    assert not banner.isVisible() and not window.act_player_turn.isChecked()
    assert window.decision.trace[0].step == own_turn

    ctrl_t(qtbot, window)
    assert shown_on_screen(banner)
    ctrl_t(qtbot, window)  # the key ends it too
    assert not banner.isVisible()


def test_another_session_opens_in_the_enemies_own_turn(window, qtbot):
    start_tutorial_by_hand(qtbot, window, CLOSE_QUARTERS)
    ctrl_t(qtbot, window)
    assert window.player_banner.isVisible()
    go_home(qtbot, window)
    assert not window.player_banner.isVisible()
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    assert not window.player_turn and not window.act_player_turn.isChecked()
    assert not window.player_banner.isVisible()
    # An enemy that has acted is not decided again (as it would be in a players' turn).
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
    select_on_board(qtbot, window, "goblin")
    assert window.decision is None or window.decision.unit != "goblin"


def round_buttons(window) -> list[QPushButton]:
    """The turn order's visible buttons that start the next round."""
    return [
        b
        for b in window.turns.findChildren(QPushButton)
        if b.isVisible() and b.text() == "Next round"
    ]


def round_entries(window) -> list[str]:
    """The Session menu's visible entries that start the next round, with their keys."""
    return [
        f"{a.text().replace('&', '')}: {', '.join(k.toString() for k in a.shortcuts())}"
        for a in window.menus.session_menu.actions()
        if a.isVisible() and a.text().replace("&", "") == "Next round"
    ]


def space_until_round_ends(qtbot, window) -> None:
    """Space (Next) through every unit of every phase, until Next would start a round."""
    window.board_view.setFocus()
    for _ in range(200):
        if window.act_next.text() == "&Next round":
            return
        qtbot.keyClick(window.board_view, Qt.Key.Key_Space)
    raise AssertionError("Next never came to the next round")


def test_after_the_last_phase_there_is_one_next_round_button_and_entry(window, qtbot):
    start_tutorial_by_hand(qtbot, window, CLOSE_QUARTERS)
    first = window.session.round
    assert [b.text() for b in round_buttons(window)] == ["Next round"]  # the round's own
    assert round_entries(window) == ["Next round: Ctrl+Shift+N"]
    space_until_round_ends(qtbot, window)
    assert window.session.encounter.phase == "fight"
    buttons = round_buttons(window)
    assert buttons == [window.turns.next_button]
    assert round_entries(window) == ["Next round: Space, Ctrl+Shift+N"]
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_N, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.round == first + 1 and window.session.encounter.phase == "command"
    assert window.session.history[-1].text.startswith(f"Round {first + 1} begins")
    assert round_entries(window) == ["Next round: Ctrl+Shift+N"]  # the round's own again
    space_until_round_ends(qtbot, window)
    click(qtbot, round_buttons(window)[0])
    assert window.session.round == first + 2


def test_without_phases_the_round_button_stays_the_only_one(window, qtbot):
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    first = window.session.round
    window.board_view.setFocus()
    for _ in range(50):  # Space until every unit has acted
        if window.session.current_unit is None:
            break
        qtbot.keyClick(window.board_view, Qt.Key.Key_Space)
    assert window.session.current_unit is None
    assert round_buttons(window) == [window.turns.round_button]
    assert round_entries(window) == ["Next round: Ctrl+Shift+N"]
    click(qtbot, window.turns.round_button)
    assert window.session.round == first + 1
