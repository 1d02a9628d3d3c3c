"""Where a session's state and log live: the protocol storage implements, and an in-memory one.

Every write carries the version the writer last saw; a store refuses it with
ConflictError when someone else wrote in between (optimistic concurrency).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from desktop.tracker.errors import ConflictError
from desktop.tracker.history import DONE, DROPPED, UNDONE, HistoryEntry, LogEntry
from desktop.tracker.state import Sections, TrackerState


@dataclass
class Loaded:
    """What a store loads: the state, the log and the version it was read at."""

    state: TrackerState
    history: list[HistoryEntry]
    version: int


class SessionStore(Protocol):
    def load(self) -> Loaded: ...

    def version(self) -> int: ...

    def append(self, log: LogEntry, after: TrackerState, expected_version: int) -> int:
        """Commit a new command (its changed sections) and drop redoable entries; new version."""
        ...

    def set_status(
        self, seq: int, status: str, changes: Sections, after: TrackerState, expected_version: int
    ) -> int:
        """Commit an undo (status UNDONE, `changes` = before) or redo (DONE, after)."""
        ...

    def changes(self, seq: int) -> tuple[Sections, Sections]:
        """The (before, after) sections of a logged command."""
        ...


@dataclass
class MemoryStore:
    """A store in plain Python: for tests and for sessions not yet saved."""

    state: TrackerState
    logs: list[LogEntry] = field(default_factory=list)
    _version: int = 0

    def load(self) -> Loaded:
        return Loaded(self.state, [log.entry for log in self.logs], self._version)

    def version(self) -> int:
        return self._version

    def _check(self, expected: int) -> None:
        if expected != self._version:
            raise ConflictError("the session was changed elsewhere")

    def append(self, log: LogEntry, after: TrackerState, expected_version: int) -> int:
        self._check(expected_version)
        self.logs = [
            LogEntry(e.entry.with_status(DROPPED), e.payload, e.before, e.after)
            if e.entry.status == UNDONE
            else e
            for e in self.logs
        ]
        self.logs.append(log)
        self.state = after
        self._version += 1
        return self._version

    def set_status(
        self, seq: int, status: str, changes: Sections, after: TrackerState, expected_version: int
    ) -> int:
        self._check(expected_version)
        assert status in (DONE, UNDONE)
        for index, log in enumerate(self.logs):
            if log.entry.seq == seq:
                self.logs[index] = LogEntry(
                    log.entry.with_status(status), log.payload, log.before, log.after
                )
        self.state = after
        self._version += 1
        return self._version

    def changes(self, seq: int) -> tuple[Sections, Sections]:
        for log in self.logs:
            if log.entry.seq == seq:
                return log.before, log.after
        raise KeyError(seq)
