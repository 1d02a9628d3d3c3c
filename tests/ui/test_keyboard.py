"""Playing from the keyboard in the real main window: HP typed on a roster row, Enter in the
decision panel, and every shortcut bound once."""

from __future__ import annotations

from collections import defaultdict

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QLabel,
    QWidget,
)

from tests.ui.real_input import click, click_roster_row
from tests.ui.real_input import press as press_action
from ui.roster.roster_panel import SHORTCUTS as ROSTER_SHORTCUTS
from ui.roster.unit_editor import UnitEditor

AMBUSH = "card-flip-goblin-ambush.toml"
CRYPT = "hex-quest-crypt-gate.toml"
RELAY = "grimdark-solo-hold-the-relay.toml"
KEYPAD = Qt.KeyboardModifier.KeypadModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def press(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key press where a keyboard sends it: to whichever widget has the focus now."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


def type_keys(qtbot, text: str) -> None:
    for char in text:
        qtbot.keyClicks(QApplication.focusWidget(), char)


def applied(session) -> list[str]:
    return [e.text for e in session.history if e.kind == "apply-decision" and not e.undone]


@pytest.fixture
def ambush(window, qtbot):
    window.start_tutorial(AMBUSH)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


# -- the roster -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "enter", "expected"),
    [
        ("-3", (Qt.Key.Key_Return,), 2),
        ("+2", (Qt.Key.Key_Enter, KEYPAD), 7),
        ("=4", (Qt.Key.Key_Return,), 4),
        ("-", (Qt.Key.Key_Enter, KEYPAD), 4),
    ],
)
def test_hp_typed_on_a_roster_row_changes_hp_and_applies_nothing(
    qtbot, ambush, typed, enter, expected
):
    session = ambush.session
    click_roster_row(qtbot, ambush, "goblin")  # 5 of 8 HP
    type_keys(qtbot, typed)
    press(qtbot, *enter)
    qtbot.waitUntil(lambda: ambush.roster.view.state() != QAbstractItemView.State.EditingState)
    assert session.encounter.unit("goblin").hp == expected
    assert applied(session) == []  # Enter committed the HP; it did not apply the decision
    assert QApplication.focusWidget() is ambush.roster.view


def test_escape_in_the_hp_cell_cancels_and_keeps_the_brush(qtbot, ambush):
    click_roster_row(qtbot, ambush, "goblin")
    type_keys(qtbot, "-3")
    press(qtbot, Qt.Key.Key_Escape)
    assert ambush.roster.view.state() != QAbstractItemView.State.EditingState
    assert ambush.session.encounter.unit("goblin").hp == 5 and not ambush.session.history


def test_enter_commits_a_rename_typed_in_the_roster(qtbot, ambush):
    click_roster_row(qtbot, ambush, "brute")
    press(qtbot, Qt.Key.Key_F2)
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_keys(qtbot, "Big Brute")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ambush.session.encounter.unit("brute").name == "Big Brute")
    assert applied(ambush.session) == []


def test_ctrl_e_on_the_roster_edits_the_unit_and_ctrl_shift_e_exports(
    qtbot, ambush, tmp_path, monkeypatch
):
    click_roster_row(qtbot, ambush, "brute")
    press(qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    editor = ambush.roster.editor
    assert isinstance(editor, UnitEditor) and editor.editing == "brute"
    click(qtbot, editor.buttons.button(editor.buttons.StandardButton.Cancel))
    qtbot.waitUntil(lambda: ambush.roster.editor is None)
    target = tmp_path / "out.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), ""))
    press(
        qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert target.exists()


# -- the decision panel -----------------------------------------------------------------------
@pytest.mark.parametrize("enter", [(Qt.Key.Key_Return,), (Qt.Key.Key_Enter, KEYPAD)])
def test_enter_in_the_dice_box_uses_the_dice_then_applies(qtbot, window, enter):
    window.start_tutorial(CRYPT)
    window.activateWindow()
    window.board_view.setFocus()
    press(qtbot, Qt.Key.Key_Return)  # the lich's turn: the ghoul, whose roll we type, acts next
    assert window.selected == "ghoul"
    rolled = window.decision.rolls[0].value
    other = 1 if rolled != 1 else 2
    click(qtbot, window.panel.typed)
    type_keys(qtbot, str(other))
    press(qtbot, *enter)  # first Enter: the decision is made again with the typed die
    assert window.decision.rolls[0].value == other
    assert len(applied(window.session)) == 1
    assert QApplication.focusWidget() is window.panel.typed
    press(qtbot, *enter)  # second Enter: that decision is applied
    assert len(applied(window.session)) == 2
    assert applied(window.session)[1].startswith("Ghoul")


def test_bad_dice_are_explained_and_clearing_them_lets_enter_apply(qtbot, window):
    window.start_tutorial(CRYPT)
    window.activateWindow()
    window.board_view.setFocus()
    press(qtbot, Qt.Key.Key_Return)  # the lich's turn: the ghoul acts next
    assert window.selected == "ghoul"
    click(qtbot, window.panel.typed)
    type_keys(qtbot, "four")
    press(qtbot, Qt.Key.Key_Return)
    assert "'four' is not a die result" in window.panel.error.text()
    assert len(applied(window.session)) == 1
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Return)
    assert len(applied(window.session)) == 2 and applied(window.session)[1].startswith("Ghoul")


def test_enter_on_a_chosen_alternative_applies_it_and_focus_stays_off_the_dice_box(qtbot, ambush):
    session = ambush.session
    click_roster_row(qtbot, ambush, "kobold")
    press(qtbot, Qt.Key.Key_Return)  # the goblin's turn, then the brute's: the kobold acts
    press(qtbot, Qt.Key.Key_Return)
    assert ambush.selected == "kobold" == session.current_unit
    choices = ambush.panel.choices
    assert choices.isVisible() and choices.count() >= 3
    item = choices.item(2)
    click(qtbot, choices.viewport(), choices.visualItemRect(item).center())
    label = item.text().split(":")[0]  # "Choice 3"
    destination = ambush.decision.alternatives[1].destination
    press(qtbot, Qt.Key.Key_Return)
    assert session.encounter.unit("kobold").at == destination
    assert f"players' {label.lower()}" in applied(session)[-1]
    assert QApplication.focusWidget() is not ambush.panel.typed
    press(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | SHIFT)  # next round
    press(qtbot, Qt.Key.Key_Return)  # Enter keeps applying: no trap in the dice box
    assert len(applied(session)) == 4


def test_space_is_next_even_on_a_focused_button_or_drop_down(qtbot, ambush):
    session = ambush.session
    ambush.panel.apply_button.setFocus()  # as Tab puts it there
    press(qtbot, Qt.Key.Key_Space)  # Next: the goblin's turn is passed, nothing is applied
    assert applied(session) == [] and session.current_unit == "brute"
    assert session.history[-1].text == "Goblin Archer done; Goblin Brute activates"
    ambush.roster.side_filter.setFocus()
    press(qtbot, Qt.Key.Key_Space)  # not the drop-down's popup
    assert session.current_unit == "kobold"
    assert not ambush.roster.side_filter.view().isVisible()
    press(qtbot, Qt.Key.Key_Space)
    assert session.current_unit is None
    ambush.turns.round_button.setFocus()  # nothing left to pass on: Space says so ...
    press(qtbot, Qt.Key.Key_Space)
    assert session.round == 2  # ... and does not press Next round
    assert "every unit has acted in round 2" in ambush.statusBar().currentMessage()


def test_space_is_typed_in_a_text_field(qtbot, window):
    window.start_tutorial("skirmish-ai-outpost-raid.toml")  # its troopers roll dice
    window.activateWindow()
    click(qtbot, window.panel.typed)
    type_keys(qtbot, "1 1")
    assert window.panel.typed.text() == "1 1" and window.session.history == []


def test_after_drawing_the_stratagem_space_is_next_and_no_second_draw(qtbot, window):
    window.start_tutorial(RELAY)
    window.activateWindow()
    session, button = window.session, window.turns.stratagem_button
    click(qtbot, button)
    drawn = [c.card for c in session.state.cards]
    assert len(drawn) == 1
    current = session.current_unit
    press(qtbot, Qt.Key.Key_Space)
    assert session.current_unit != current  # Next, not a second draw
    assert [c.card for c in session.state.cards] == drawn
    assert not button.isEnabled()  # the rule: one stratagem per turn, and the button says so
    assert button.toolTip() == (
        f"{drawn[0]} is this turn's draw from the stratagems already: the enemy draws one "
        "per turn (undo that draw to draw again)."
    )
    press(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo the Next ...
    press(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # ... and the draw
    assert session.state.cards == () and button.isEnabled()
    click(qtbot, button)
    assert len(session.state.cards) == 1


# -- every binding once -----------------------------------------------------------------------
def _portable(keys: QKeySequence) -> str:
    return keys.toString(QKeySequence.SequenceFormat.PortableText)


def bindings(window) -> list[tuple[str, QWidget, QWidget | None, str]]:
    """(keys, window, widget or None for the whole window, what) for every key binding."""
    out = []
    for action in window.findChildren(QAction):
        local = action.shortcutContext() in (
            Qt.ShortcutContext.WidgetShortcut,
            Qt.ShortcutContext.WidgetWithChildrenShortcut,
        )
        owners = [o for o in action.associatedObjects() if isinstance(o, QWidget)]
        # One binding per place it can fire: a window-wide action once per window, however
        # many menus and toolbars show it; a widget's action on that widget.
        places = {(o.window(), o if local else None) for o in owners}
        for keys in action.shortcuts():
            for win, widget in places:
                out.append((_portable(keys), win, widget, action.text()))
    for shortcut in window.findChildren(QShortcut):
        owner = shortcut.parent()
        local = shortcut.context() != Qt.ShortcutContext.WindowShortcut
        out.append(
            (
                _portable(shortcut.key()),
                owner.window(),
                owner if local else None,
                shortcut.whatsThis() or "shortcut",
            )
        )
    # Keys the roster table handles itself (no action of its own), from the shortcut sheet.
    view = window.roster.view
    own = {_portable(keys) for action in view.actions() for keys in action.shortcuts()}
    for keys, text in ROSTER_SHORTCUTS:
        if _portable(QKeySequence(keys)) not in own:
            out.append((_portable(QKeySequence(keys)), window, view, text))
    # Alt+letter from menu titles, labels with a buddy and buttons.
    widgets = [a for a in window.menuBar().actions()]
    for action in widgets:
        keys = QKeySequence.mnemonic(action.text())
        if not keys.isEmpty():
            out.append((_portable(keys), window, None, action.text()))
    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if isinstance(widget, QLabel) and widget.buddy() is None:
            continue
        keys = QKeySequence.mnemonic(widget.text())
        if not keys.isEmpty():
            out.append((_portable(keys), widget.window(), None, widget.text()))
    return out


def test_no_key_is_bound_twice_where_both_could_fire(window, qtbot):
    window.start_tutorial(AMBUSH)
    press_action(qtbot, window.act_table)  # F10: its own window, F11 and Esc there are its own
    by_keys = defaultdict(list)
    for keys, win, widget, what in bindings(window):
        by_keys[keys, id(win)].append((widget, what))
    clashes = []
    for (keys, _win), places in by_keys.items():
        for i, (a, what_a) in enumerate(places):
            for b, what_b in places[i + 1 :]:
                if a is None or b is None or a is b:
                    clashes.append(f"{keys}: {what_a!r} and {what_b!r}")
    assert clashes == [], "\n".join(clashes)
    assert len(by_keys) > 30  # the collection found the menus, the roster and the sheet


def test_the_roster_sheet_lists_every_key_of_the_roster_table(window):
    sheet = {_portable(QKeySequence(keys)) for keys, _ in ROSTER_SHORTCUTS}
    for action in window.roster.view.actions():
        for keys in action.shortcuts():
            assert _portable(keys) in sheet, action.text()


def test_the_shortcut_sheet_shows_the_new_bindings(window):
    from ui.shortcuts_dialog import shortcut_rows

    rows = shortcut_rows(window.menus.menus())
    keys = {action: shown for _, action, shown in rows}
    assert keys["Export encounter file…"] == QKeySequence("Ctrl+Shift+E").toString(
        QKeySequence.SequenceFormat.NativeText
    )


@pytest.mark.parametrize("redo", ["Ctrl+Shift+Z", "Ctrl+Y"])
def test_ctrl_z_undoes_and_either_redo_key_redoes_the_last_activation(qtbot, ambush, redo):
    window = ambush
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)  # the goblin's decision
    done = applied(window.session)
    assert len(done) == 1
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert applied(window.session) == []
    keys = QKeySequence(redo)[0]
    qtbot.keyClick(window.board_view, keys.key(), keys.keyboardModifiers())
    assert applied(window.session) == done
    assert window.session.history[-1].text == done[0]
