"""Keeps Python's `None` alive while painting many cards (PySide6 6.12.0 on Python 3.11).

That PySide6 release drops one reference to `None` on every call of many void methods
(`QPen.setWidthF`, `QPainter.setPen`, ...). On Python 3.12+ `None` is immortal and nothing
happens; on 3.11 a few thousand calls bring its count to zero and the interpreter aborts
("none_dealloc: deallocating None"). A deck of cards makes tens of thousands of such calls,
so before each page we make sure `None` holds plenty of references of our own. The real
fix is a PySide6 without the bug (or Python 3.12+); this guard then does nothing.
"""

from __future__ import annotations

import ctypes
import sys

_LOW_WATER = 200_000
_TOP_UP = 1_000_000


def ensure_none_references() -> None:
    if sys.getrefcount(None) < _LOW_WATER:
        ballast = [None] * _TOP_UP
        # Never freed, not even at interpreter exit: freeing it would hand the stolen
        # references back and drive None's count below zero then.
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(ballast))
