"""A seeded monkey: random real pointer and key input on the main window and whatever
dialog, popup or second window it opens, driven from a timer so that a dialog's own
exec() loop never blocks it (the monkey simply carries on inside the dialog)."""

from __future__ import annotations

import random
import sys
import traceback
from collections import deque
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QEventLoop, QPoint, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtPrintSupport import QPageSetupDialog, QPrintDialog, QPrintPreviewDialog
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget

from tests.ui.real_input import token_point, wheel

Key, Mod, Button = Qt.Key, Qt.KeyboardModifier, Qt.MouseButton
# Dialogs that reach outside the app (the file system, a printer): the monkey cancels
# them at once rather than print or write files wherever random typing leads.
OUTSIDE_WORLD = (QFileDialog, QPrintDialog, QPrintPreviewDialog, QPageSetupDialog)
KEYS = [
    Key.Key_Return,
    Key.Key_Enter,
    Key.Key_Escape,
    Key.Key_Tab,
    Key.Key_Backtab,
    Key.Key_Space,
    Key.Key_Backspace,
    Key.Key_Delete,
    Key.Key_F2,
    Key.Key_Up,
    Key.Key_Down,
    Key.Key_Left,
    Key.Key_Right,
    Key.Key_Home,
    Key.Key_End,
    Key.Key_PageUp,
    Key.Key_PageDown,
    Key.Key_Plus,
    Key.Key_Minus,
    Key.Key_Equal,
    Key.Key_A,
    Key.Key_D,
    Key.Key_H,
    Key.Key_M,
    Key.Key_X,
    Key.Key_Z,
    *(getattr(Key, f"Key_{d}") for d in range(10)),
]
MAX_EVENTS_IN_A_DIALOG = 40
STUCK_TICKS = 300


def action_shortcuts(window: QWidget) -> list[QKeySequence]:
    """Every shortcut of every action of the window, its menus and submenus."""
    actions = list(window.actions())
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    while menus:
        menu = menus.pop()
        for action in menu.actions():
            actions.append(action)
            if action.menu() is not None:
                menus.append(action.menu())
    keys = {seq.toString(): seq for a in actions for seq in a.shortcuts() if not seq.isEmpty()}
    return [keys[k] for k in sorted(keys)]


class Monkey:
    """`restart()` is called when the monkey closed the main window (Quit): it must return
    the next main window, as a restarted app would open it."""

    def __init__(
        self, window: QWidget, seed: int, events: int, restart: Callable[[], QWidget]
    ) -> None:
        self.window = window
        self.rng = random.Random(seed)
        self.seed = seed
        self.events = events
        self.restart = restart
        self.sent = 0
        self.restarts = 0
        self.dialogs: dict[str, int] = {}  # class name -> times seen open
        self.trail: deque[str] = deque(maxlen=25)
        self.errors: list[str] = []
        self.shortcuts = action_shortcuts(window)
        self._in_dialog: dict[int, int] = {}
        self._acting: list[QWidget | None] = []  # the windows of the steps under way
        self._waiting = 0
        self._loop = QEventLoop()

    # -- running -----------------------------------------------------------------------------
    def run(self) -> None:
        """Sends the events; uncaught exceptions land in `self.errors`, each with the
        events that led to it."""
        hook, sys.excepthook = sys.excepthook, self._uncaught
        try:
            self._beating(self._loop.exec)
        finally:
            sys.excepthook = hook

    def _beating(self, call) -> None:
        """Run `call` with a heartbeat of its own: if it opens a dialog, the dialog's exec()
        loop runs this timer and the monkey carries on inside (Qt never re-enters a timer
        that is still running, so each level of nesting needs its own)."""
        timer = QTimer()
        timer.setInterval(0)
        timer.timeout.connect(self._tick)
        timer.start()
        try:
            call()
        finally:
            timer.stop()

    def _uncaught(self, kind, error, trace) -> None:
        self.errors.append(
            "last events:\n"
            + "\n".join(self.trail)
            + "\n\n"
            + "".join(traceback.format_exception(kind, error, trace))
        )

    def _tick(self) -> None:
        top = QApplication.activePopupWidget() or QApplication.activeModalWidget()
        if self._acting and (top is None or top in self._acting):
            # Inside a step's own event processing, no new dialog blocking it; unless this
            # goes on, which means an event loop with no window of its own (a drag and
            # drop): the user lets go of it with Escape.
            self._waiting += 1
            if self._waiting > STUCK_TICKS:
                self._waiting = 0
                self.dialogs["drag loop"] = self.dialogs.get("drag loop", 0) + 1
                self._key(QApplication.focusWidget() or self.window, Key.Key_Escape, Mod.NoModifier)
            return
        self._waiting = 0
        if top is None and self.sent >= self.events:
            self._loop.quit()
            return
        self._acting.append(top)
        try:
            self._beating(lambda: self._step(top))
        finally:
            self._acting.pop()

    def _step(self, top: QWidget | None) -> None:
        if top is not None:
            self._in_top_level(top)
            return
        if not self.window.isVisible():  # the monkey quit the app: start it again
            self.window = self.restart()
            self.restarts += 1
        windows = [
            w
            for w in QApplication.topLevelWidgets()
            if w.isVisible() and w.windowType() == Qt.WindowType.Window
        ]
        target = self.window
        if len(windows) > 1 and self.rng.random() < 0.1:
            target = self.rng.choice(sorted(windows, key=lambda w: w.objectName()))
        if not target.isActiveWindow():
            # The user clicks into it (there is no window manager to do it on a click);
            # the activation arrives through the event loop before the next tick.
            target.activateWindow()
        self._act(target)

    def _in_top_level(self, top: QWidget) -> None:
        """A popup or a modal dialog is up: play in it, or leave it with Escape."""
        name = type(top).__name__
        key = id(top)
        if key not in self._in_dialog:
            self.dialogs[name] = self.dialogs.get(name, 0) + 1
        count = self._in_dialog.get(key, 0)
        self._in_dialog[key] = count + 1
        leave = (
            isinstance(top, OUTSIDE_WORLD)
            or self.sent >= self.events
            or count >= MAX_EVENTS_IN_A_DIALOG
            or self.rng.random() < 0.12
        )
        if leave:
            if count > MAX_EVENTS_IN_A_DIALOG + 5:
                raise AssertionError(f"{name} '{top.windowTitle()}' does not close with Escape")
            self._key(top, Key.Key_Escape, Mod.NoModifier)
        else:
            self._act(top)

    # -- input ---------------------------------------------------------------------------------
    def _note(self, text: str) -> None:
        self.sent += 1
        self.trail.append(f"{self.sent}: {text}")

    def _act(self, top: QWidget) -> None:
        roll = self.rng.random()
        if roll < 0.12:
            self._key(self._focus(top), self.rng.choice(KEYS), self._modifiers())
        elif roll < 0.22 and top is self.window and self.shortcuts:
            seq = self.rng.choice(self.shortcuts)[0]
            self._key(self._focus(top), seq.key(), seq.keyboardModifiers())
        elif roll < 0.27:
            self._key(self._focus(top), Key.Key_Escape, Mod.NoModifier)
        else:
            widget, pos = self._point(top)
            self._pointer(widget, pos)

    def _modifiers(self) -> Mod:
        roll = self.rng.random()
        return (
            Mod.ControlModifier
            if roll < 0.08
            else Mod.ShiftModifier
            if roll < 0.16
            else Mod.NoModifier
        )

    @staticmethod
    def _focus(top: QWidget) -> QWidget:
        focus = QApplication.focusWidget()
        return focus if focus is not None and focus.window() is top.window() else top

    def _point(self, top: QWidget) -> tuple[QWidget, QPoint]:
        """A random spot in `top`, often a token on the board; the widget a hand touches."""
        board = getattr(top, "board_view", None)
        session = getattr(top, "session", None)
        if (
            board is not None
            and session is not None
            and board.isVisible()
            and session.encounter.units
            and self.rng.random() < 0.3
        ):
            unit = self.rng.choice(session.encounter.units)
            if unit.id in top.scene.tokens:
                pos = token_point(top, unit.id) + QPoint(
                    self.rng.randint(-6, 6), self.rng.randint(-6, 6)
                )
                return board.viewport(), pos
        pos = QPoint(
            self.rng.randrange(max(1, top.width())), self.rng.randrange(max(1, top.height()))
        )
        child = top.childAt(pos)
        widget = child if child is not None else top
        return widget, widget.mapFrom(top, pos)

    def _pointer(self, widget: QWidget, pos: QPoint) -> None:
        roll = self.rng.random()
        desc = f"{type(widget).__name__}({widget.objectName()}) at {pos.x()},{pos.y()}"
        if roll < 0.35:
            self._note(f"move {desc}")
            QTest.mouseMove(widget, pos)
        elif roll < 0.6:
            self._note(f"click {desc}")
            QTest.mouseClick(widget, Button.LeftButton, self._modifiers(), pos)
        elif roll < 0.67:
            self._note(f"double-click {desc}")
            QTest.mouseDClick(widget, Button.LeftButton, Mod.NoModifier, pos)
        elif roll < 0.8:
            self._drag(widget, pos, desc)
        elif roll < 0.9:
            self._note(f"right-click {desc}")
            QTest.mouseClick(widget, Button.RightButton, Mod.NoModifier, pos)
        else:
            steps = self.rng.choice((-3, -1, 1, 2))
            self._note(f"wheel {steps} {desc}")
            wheel(widget, pos, steps)

    def _drag(self, widget: QWidget, pos: QPoint, desc: str) -> None:
        end = pos + QPoint(self.rng.randint(-150, 150), self.rng.randint(-150, 150))
        self._note(f"drag {desc} to {end.x()},{end.y()}")
        QTest.mousePress(widget, Button.LeftButton, Mod.NoModifier, pos)
        steps = self.rng.randint(2, 6)
        for step in range(1, steps + 1):
            if not shiboken6.isValid(widget) or not widget.isVisible():
                return  # the press itself closed or replaced what was under the pointer
            QTest.mouseMove(widget, pos + (end - pos) * step / steps)
        if shiboken6.isValid(widget):
            QTest.mouseRelease(widget, Button.LeftButton, Mod.NoModifier, end)

    def _key(self, widget: QWidget, key, modifiers) -> None:
        name = QKeySequence(key | modifiers).toString() or str(key)
        self._note(f"key {name} on {type(widget).__name__}({widget.objectName()})")
        QTest.keyClick(widget, key, modifiers)
