"""A plug-in's decision runs off the window's thread: the window keeps drawing and answering
(a stop signal too) however long it takes, and after a second a note offers to cancel it.
Foebook's own rule systems decide in milliseconds, on the spot.

Python cannot stop a thread: a cancelled decision's result is thrown away when it comes, and
a plug-in stuck in a loop keeps its thread busy until Foebook closes (a daemon thread, so it
never holds Foebook open)."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, QMetaObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.errors import PluginError
from desktop.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressDialog

log = logging.getLogger(__name__)
NOTE_AFTER_MS = 1000


class PluginDecisions:
    """The decision controller's `decider` for a window."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        self.note: QProgressDialog | None = None  # the "still deciding" note while it shows
        self.waiting = False

    def decide(self, encounter: Encounter, unit_id: str, ruleset: Ruleset, dice: Dice) -> Decision:
        if ruleset.origin is None:
            return decide(encounter, unit_id, ruleset, dice)
        if self.waiting:  # asked again from a timer while waiting (another window's change)
            raise PluginError(
                f"Still deciding for another unit: the {ruleset.origin.describe()} is slow"
            )
        self.waiting = True
        try:
            return self._decide_off_thread(encounter, unit_id, ruleset, dice)
        finally:
            self.waiting = False

    def _decide_off_thread(
        self, encounter: Encounter, unit_id: str, ruleset: Ruleset, dice: Dice
    ) -> Decision:
        outcome: list = []
        waiting = QEventLoop()

        def work() -> None:
            try:
                outcome.append(decide(encounter, unit_id, ruleset, dice))
            except BaseException as error:  # handed to the window's thread, raised there
                outcome.append(error)
            # Queued: the loop quits in the window's thread (a no-op once it has returned).
            QMetaObject.invokeMethod(waiting, "quit", Qt.ConnectionType.QueuedConnection)

        worker = threading.Thread(target=work, name=f"decide {unit_id}", daemon=True)
        later = QTimer(singleShot=True, interval=NOTE_AFTER_MS)
        later.timeout.connect(waiting.quit)
        worker.start()
        later.start()
        # The first second as a quick decision would be: the window draws, input waits.
        waiting.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        if not outcome and later.isActive() is False:
            self._wait_with_note(waiting, ruleset, unit_id, encounter)
        later.stop()
        if not outcome:
            assert ruleset.origin is not None
            raise PluginError(
                f"Deciding for {encounter.unit(unit_id).name} was cancelled: the "
                f"{ruleset.origin.describe()} took too long (it may be stuck in a loop). Its "
                "work goes on in the background until Foebook is closed; its answer is "
                "ignored."
            )
        result = outcome[0]
        if isinstance(result, BaseException):
            raise result
        return result

    def _wait_with_note(
        self, waiting: QEventLoop, ruleset: Ruleset, unit_id: str, encounter: Encounter
    ) -> None:
        """Until the decision comes or the user cancels (or Foebook is asked to stop): a
        modal note, so that nothing else is played meanwhile."""
        from PySide6.QtWidgets import QProgressDialog  # where it opens (ui/__init__.py)

        assert ruleset.origin is not None
        note = self.note = QProgressDialog(
            f"Still deciding for {encounter.unit(unit_id).name}… (the {ruleset.origin.describe()})",
            "Cancel",
            0,
            0,
            self.parent,
        )
        note.setObjectName("stillDeciding")
        note.setWindowTitle("Foebook")
        note.setWindowModality(Qt.WindowModality.ApplicationModal)
        note.setMinimumDuration(0)
        note.setAutoClose(False)
        note.setAutoReset(False)
        note.canceled.connect(waiting.quit)
        note.rejected.connect(waiting.quit)  # Esc, or closed
        active, focus = QApplication.activeWindow(), QApplication.focusWidget()
        note.show()
        try:
            waiting.exec()
        finally:
            self.note = None
            note.close()
            note.deleteLater()
            if active is not None:  # back where the user was (the roster row they clicked)
                active.activateWindow()
            if focus is not None:
                focus.setFocus()
