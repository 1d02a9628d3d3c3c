"""The command log as the history view sees it: time, text, and whether it is undone."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from desktop.tracker.state import Sections

DONE = "done"
UNDONE = "undone"  # undone and can be redone
DROPPED = "dropped"  # undone, then a new command was given: no longer redoable
STATUSES = (DONE, UNDONE, DROPPED)


@dataclass(frozen=True)
class HistoryEntry:
    """One line of the session's log: the command given, when, and what it did."""

    seq: int  # 1, 2, 3... in the order the commands were given
    time: datetime  # when it was given (UTC)
    kind: str  # the command kind, e.g. "damage"
    text: str  # "Goblin takes 3 damage (HP 5 → 2 of 8)"
    status: str = DONE

    @property
    def undone(self) -> bool:
        return self.status != DONE

    def with_status(self, status: str) -> HistoryEntry:
        return HistoryEntry(self.seq, self.time, self.kind, self.text, status)


@dataclass(frozen=True)
class LogEntry:
    """A history entry with what storage keeps besides: the command and its state change."""

    entry: HistoryEntry
    payload: dict[str, Any]
    before: Sections
    after: Sections


def last_done(history: list[HistoryEntry]) -> int | None:
    """Index of the entry `undo` reverts, or None."""
    for index in range(len(history) - 1, -1, -1):
        if history[index].status == DONE:
            return index
    return None


def next_redo(history: list[HistoryEntry]) -> int | None:
    """Index of the entry `redo` re-applies: the first redoable one after the last done."""
    start = last_done(history)
    start = -1 if start is None else start
    for index in range(start + 1, len(history)):
        if history[index].status == UNDONE:
            return index
    return None
