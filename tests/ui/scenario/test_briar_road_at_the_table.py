"""Three rounds of the sample scenario (Briar road ambush: three characters, two Cutthroats of
which one elite, two Slingers) played as a group plays it, by real keys on the real window:
the start of round dialog comes up on its own, the initiatives and one type's physical card
are typed in it, the other type's card is drawn, and Enter plays each figure's turn. Each
round takes at most 12 player actions besides damage typed on monsters; the log says line by
line which card and numbers each monster used. With undo of a round's start and a restart
of the app in the middle of a round."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.at_the_table import commit_typed, key, log_lines, restart, type_text, undo
from tests.ui.modal import when_up
from tests.ui.real_input import click_roster_row, start_tutorial
from ui.scenario.round_dialog import RoundStartDialog

BRIAR_ROAD = "monster-focus-briar-road.toml"


class Hand:
    """The players' hand on the keyboard, counting its actions: a field typed (its keys and
    the Tab after it), a field passed over with Tab, a key pressed. `dialogs` has the
    actions each start of round dialog took."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.enters = 0
        self.dialogs: list[int] = []

    def enter(self, window, times: int = 1) -> None:
        """Enter on the main window (once it is active again after a dialog), `times`."""
        for _ in range(times):
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
            key(self.qtbot, Qt.Key.Key_Return)
            self.enters += 1

    def round_dialog(self, fields: list[str | None] | None) -> list[str]:
        """Once the start of round dialog is up: each field in turn typed (None: passed over),
        then Enter (no fields: Esc). Returns what it said (its title) once it was answered."""
        qtbot = self.qtbot

        def fill(dialog) -> None:
            qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
            if fields is None:
                key(qtbot, Qt.Key.Key_Escape)
                return
            for text in fields:
                if text is not None:
                    type_text(qtbot, text)
                key(qtbot, Qt.Key.Key_Tab)
            key(qtbot, Qt.Key.Key_Return)
            self.dialogs.append(len(fields) + 1)

        return when_up(qtbot, RoundStartDialog, fill)

    def round_actions(self, dialog: int) -> int:
        """A round's actions: the dialog that started it (the `dialog`th answered, from 0)
        and the Enters since the last call."""
        actions = self.dialogs[dialog] + self.enters
        self.enters = 0
        return actions


ROUND_1 = [
    "Round 1; initiatives Warden 15, Alchemist 40, Scout 72; Cutthroat: card typed in "
    "(initiative 30: move +1, attack +1); Slinger: draws Tar Pellet (initiative 53: move -1, "
    "attack +0, immobilize); order: Warden 15, Cutthroat 1 30, Cutthroat 2 30, Alchemist 40, "
    "Slinger 1 53, Slinger 2 53, Scout 72",
    "Warden done; Cutthroat 1 activates",
    "Cutthroat 1 (typed card, initiative 30: move 3, attack 4, range 0): Move to [2, 3]",
    "Cutthroat 2 (typed card, initiative 30: move 3, attack 3, range 0): Attack Warden from "
    "[2, 5]; Warden: modifier +1 → attack 4, shield 1 → 3 damage",
    "Alchemist done; Slinger 1 activates",
    "Slinger 1 (Tar Pellet, initiative 53: move 1, attack 2, range 3): Move to [5, 1]",
    "Slinger 2 (Tar Pellet, initiative 53: move 1, attack 2, range 3): Move to [1, 2]",
    "Scout done; every unit has acted in round 1",
]

ROUND_2 = [
    "Round 2 begins; initiatives Warden 30, Alchemist 20, Scout 60; Cutthroat: draws Low "
    "Blow (initiative 55: move -1, attack +1, wound); Slinger: draws Mud Lob (initiative 79: "
    "move +0, attack +0, infuse earth); order: Alchemist 20, Warden 30, Cutthroat 1 55, "
    "Cutthroat 2 55, Scout 60, Slinger 1 79, Slinger 2 79  (undone)",
    "Round 2 begins; initiatives Warden 25, Alchemist 20, Scout 60; Cutthroat: draws Low "
    "Blow (initiative 55: move -1, attack +1, wound); Slinger: draws Mud Lob (initiative 79: "
    "move +0, attack +0, infuse earth); order: Alchemist 20, Warden 25, Cutthroat 1 55, "
    "Cutthroat 2 55, Scout 60, Slinger 1 79, Slinger 2 79",
    "Alchemist done; Warden activates",
    "Cutthroat 1 takes 3 damage (HP 9 → 6 of 9)",
    "Warden done; Cutthroat 1 activates",
    "Cutthroat 1 (Low Blow, initiative 55: move 1, attack 4, range 0): Move to [2, 4]",
    "Cutthroat 2 (Low Blow, initiative 55: move 1, attack 3, range 0): Attack Warden; "
    "Warden: modifier -1 → attack 2, shield 1 → 1 damage; Warden is wounded",
    "Scout done; Slinger 1 activates",
    "Slinger 1 (Mud Lob, initiative 79: move 2, attack 2, range 3): Move to [5, 3]; earth "
    "infused (strong)",
    "Slinger 2 (Mud Lob, initiative 79: move 2, attack 2, range 3): Attack Warden from [1, "
    "3]; Warden: modifier +1 → attack 3, shield 1 → 2 damage; earth infused (strong)",
]

ROUND_3 = [
    "Round 3 begins (earth waning); initiatives Warden 8, Alchemist 55, Scout 33; Cutthroat: "
    "draws Two Blades (initiative 68: attack +1, 2 targets); Slinger: draws Quick Shot "
    "(initiative 16: move +1, attack -1); order: Warden 8, Slinger 1 16, Slinger 2 16, Scout "
    "33, Alchemist 55, Cutthroat 1 68, Cutthroat 2 68; Warden is wounded: 1 damage at the "
    "start of its turn (HP 10 → 9 of 10)",
    "Warden done; Slinger 1 activates",
    "Slinger 1 (Quick Shot, initiative 16: move 3, attack 1, range 3): Attack Warden from "
    "[5, 4]; Warden: modifier -1 → attack 0, shield 1 → 0 damage",
    "Slinger 2 (Quick Shot, initiative 16: move 3, attack 1, range 3): Attack Warden; "
    "Warden: modifier +0 → attack 1, shield 1 → 0 damage",
    "Scout done; Alchemist activates",
    "Alchemist done; Cutthroat 1 activates",
    "Cutthroat 1 (Two Blades, initiative 68: move 0, attack 4, range 0, 2 targets): Hold",
    "Cutthroat 2 (Two Blades, initiative 68: move 0, attack 3, range 0, 2 targets): Attack "
    "Warden; Warden: modifier +0 → attack 3, shield 1 → 2 damage",
]


def test_three_rounds_of_briar_road_by_keyboard(qtbot, window, monkeypatch):
    monkeypatch.setattr("desktop.tracker.session.new_seed", lambda: 1)  # the same draws
    hand = Hand(qtbot)
    # Round 1: the dialog is up as the scenario opens. The Cutthroats' card is typed from
    # the physical deck (the first card row: no Tab past another), the Slingers' drawn.
    said = hand.round_dialog(["15", "40", "72", "30 move +1 attack +1"])
    start_tutorial(qtbot, window, BRIAR_ROAD)
    qtbot.waitUntil(lambda: window.session.state.play.cards_round == 1)
    assert said == ["Start of round 1"]
    # Round 2's dialog comes up once everybody has acted: both cards drawn this time.
    said = hand.round_dialog(["30", "20", "60"])
    hand.enter(window, 7)
    qtbot.waitUntil(lambda: window.session.state.play.cards_round == 2)
    assert said == ["Start of round 2"]
    assert log_lines(window)[:8] == ROUND_1
    assert hand.round_actions(0) == 5 + 7 <= 12
    # The round's start was typed wrong: undo takes it back, Enter opens the dialog again.
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    undo(qtbot)
    qtbot.waitUntil(lambda: window.session.state.play.cards_round == 1)
    said = hand.round_dialog(["25", "20", "60"])
    hand.enter(window)
    qtbot.waitUntil(lambda: window.session.state.play.cards_round == 2)
    hand.enters = 0  # the Enter that opened the dialog again is the undo's, not the round's
    hand.enter(window)  # the Alchemist's turn passed on: the Warden's
    # The Warden's player hits the elite Cutthroat: its damage typed on its roster row.
    click_roster_row(qtbot, window, "cutthroat-1")
    type_text(qtbot, "-3")
    commit_typed(qtbot, window)
    hand.enter(window, 4)  # the Warden's turn passed on, both Cutthroats, the Scout's
    # The app closed and opened again in the middle of the round: the rest is played there.
    window = restart(qtbot, window)
    said = hand.round_dialog(["8", "55", "33"])  # round 3: both cards drawn
    hand.enter(window, 2)  # the Slingers' Mud Lob; the dialog comes up after the second
    qtbot.waitUntil(lambda: window.session.state.play.cards_round == 3)
    assert said == ["Start of round 3"]
    assert hand.round_actions(2) == 4 + 7 <= 12  # dialog 1 was undone; typed again
    closed = hand.round_dialog(None)  # round 4's: Esc, for another evening
    hand.enter(window, 7)
    qtbot.waitUntil(lambda: bool(closed))
    assert hand.round_actions(3) == 4 + 7 <= 12
    assert closed == ["Start of round 4"]
    assert log_lines(window) == ROUND_1 + ROUND_2 + ROUND_3
