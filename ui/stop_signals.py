"""SIGTERM and SIGINT end Foebook as its Quit does: a desktop logging out, `kill`, or Ctrl+C
in the terminal that started it is a clean exit (layout saved, no crash notice next time)."""

from __future__ import annotations

import os
import signal

from PySide6.QtCore import QSocketNotifier
from PySide6.QtWidgets import QApplication

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StopSignals:
    """Watches for the stop signals while `app` runs; `release()` gives them back."""

    def __init__(self, app: QApplication) -> None:
        self.app = app
        # Python runs a signal handler only between bytecodes, and the Qt event loop runs in
        # C++: the wakeup fd turns the signal into a byte on a pipe that Qt watches (a pipe,
        # not a socket pair: the socket module alone is ~3 ms of the start's imports).
        self.receiver, self.sender = os.pipe()
        os.set_blocking(self.receiver, False)
        os.set_blocking(self.sender, False)
        self.previous_fd = signal.set_wakeup_fd(self.sender)
        self.previous = {n: signal.signal(n, lambda *_: None) for n in STOP_SIGNALS}
        self.notifier = QSocketNotifier(self.receiver, QSocketNotifier.Type.Read)
        self.notifier.activated.connect(self._stop)

    def _stop(self) -> None:
        try:
            os.read(self.receiver, 64)
        except BlockingIOError:
            return
        # Every window closes, modal dialogs included (the main one saves its layout); then
        # the event loop ends and the start-up code's clean exit runs.
        self.app.closeAllWindows()
        self.app.quit()

    def release(self) -> None:
        self.notifier.setEnabled(False)
        signal.set_wakeup_fd(self.previous_fd)
        for number, handler in self.previous.items():
            signal.signal(number, handler)
        os.close(self.receiver)
        os.close(self.sender)
