"""A play session: ruleset + state + command log, with undo/redo and change notifications.

Observers are plain callables (no Qt) that receive a `Change`; the GUI adapts
them to signals. Every command, undo and redo is written through the store
before the session's own state moves on, so what the user sees is committed.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from types import MappingProxyType
from typing import TYPE_CHECKING

from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import Ruleset
from desktop.tracker.effects import refresh_derived
from desktop.tracker.errors import ConflictError, TrackerError
from desktop.tracker.history import (
    DONE,
    DROPPED,
    UNDONE,
    HistoryEntry,
    LogEntry,
    last_done,
    next_redo,
)
from desktop.tracker.session_dice import SessionDice, new_seed
from desktop.tracker.state import Sections, TrackerState, apply_sections, diff
from desktop.tracker.store import Loaded, MemoryStore, SessionStore
from desktop.tracker.turns import ties_among, with_fresh_order

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker.commands import Command

log = logging.getLogger(__name__)

COMMAND = "command"
UNDO = "undo"
REDO = "redo"
RELOAD = "reload"
RETRIES = 30  # attempts before a busy shared table gives up


@dataclass(frozen=True)
class Change:
    """What just happened: `kind` is command/undo/redo/reload; `sections` what changed."""

    kind: str
    entry: HistoryEntry | None
    sections: frozenset[str]

    def touches(self, *names: str) -> bool:
        """Whether any of the named sections (any section, when none are named) may have
        changed: a reload may have changed them all."""
        if self.kind == RELOAD:
            return True
        return not self.sections.isdisjoint(names) if names else bool(self.sections)


Observer = Callable[[Change], None]
# A check of what a command was meant for (the unit still standing, a field nobody else
# changed), run on the state it is about to be applied to, after any reload: it raises a
# TrackerError saying what changed when the command no longer means what the user meant.
MeantFor = Callable[[TrackerState], None]


def initial_state(
    encounter: Encounter,
    ruleset: Ruleset,
    dice_seed: int | None = None,
    physical_dice: bool = False,
) -> TrackerState:
    """A fresh session's state: derived markers brought up to date, the round's order (units
    added before anyone acts join it: see turns.join_order), and dice of its own (a random
    seed unless `dice_seed` is given; rolled by the players with `physical_dice`)."""
    if encounter.ruleset != ruleset.id:
        raise TrackerError(
            f"the encounter is played with '{encounter.ruleset}', not '{ruleset.id}'"
        )
    phases = ruleset.data.phases
    if phases and encounter.phase not in phases:
        encounter = encounter.evolve(phase=phases[0])  # play starts in the first phase
    dice = SessionDice(new_seed() if dice_seed is None else dice_seed, physical=physical_dice)
    extra = encounter.extra_state
    acted, started = tuple(extra.get("acted", ())), tuple(extra.get("started", ()))
    if acted or started:  # tracker bookkeeping: the state keeps it, not the encounter
        kept = {k: v for k, v in extra.items() if k not in ("acted", "started")}
        encounter = encounter.evolve(extra_state=MappingProxyType(kept))
    state = refresh_derived(TrackerState(encounter, dice=dice), ruleset)
    return resumed(with_fresh_order(state, ruleset), acted, started)


def resumed(state: TrackerState, acted: tuple[str, ...], started: tuple[str, ...]) -> TrackerState:
    """A fresh round's `state` gone on to where an exported one stood: the units that had
    acted first (in the order they acted), the pointer after them, the turns that had begun
    not begun again (a wound does not bite twice)."""
    done = tuple(u for u in acted if u in state.order)
    rest = tuple(u for u in state.order if u not in done)
    ties = ties_among(state.ties, rest)
    present = tuple(u for u in started if state.encounter.has_unit(u))
    return state.evolve(order=done + rest, ties=ties, pointer=len(done), started=present)


def exported_encounter(state: TrackerState) -> Encounter:
    """The session as an encounter file holds it, with where the round stands (`[state]
    acted` and `started`), so that importing it goes on from there (`initial_state`)."""
    extra = dict(state.encounter.extra_state)
    if state.order[: state.pointer]:
        extra["acted"] = state.order[: state.pointer]
    if state.started:
        extra["started"] = state.started
    return state.encounter.evolve(extra_state=MappingProxyType(extra))


class Session:
    def __init__(self, ruleset: Ruleset, store: SessionStore, name: str = "") -> None:
        self.ruleset = ruleset
        self.name = name
        self.store = store
        self._observers: list[Observer] = []
        self._changes: dict[int, tuple[Sections, Sections]] = {}
        loaded = store.load()
        self._state = loaded.state
        self._history = list(loaded.history)
        self._version = loaded.version

    @classmethod
    def in_memory(
        cls, encounter: Encounter, ruleset: Ruleset, name: str = "", dice_seed: int | None = None
    ) -> Session:
        return cls(ruleset, MemoryStore(initial_state(encounter, ruleset, dice_seed)), name)

    # -- what the views read -------------------------------------------------------------
    @property
    def state(self) -> TrackerState:
        return self._state

    @property
    def encounter(self) -> Encounter:
        return self._state.encounter

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def order(self) -> tuple[str, ...]:
        return self._state.order

    @property
    def pointer(self) -> int:
        return self._state.pointer

    @property
    def current_unit(self) -> str | None:
        return self._state.current_unit

    @property
    def history(self) -> list[HistoryEntry]:
        return list(self._history)

    @property
    def version(self) -> int:
        return self._version

    @property
    def can_undo(self) -> bool:
        return last_done(self._history) is not None

    @property
    def can_redo(self) -> bool:
        return next_redo(self._history) is not None

    def undo_text(self) -> str | None:
        index = last_done(self._history)
        return None if index is None else self._history[index].text

    def redo_text(self) -> str | None:
        index = next_redo(self._history)
        return None if index is None else self._history[index].text

    # -- observers -----------------------------------------------------------------------
    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call `observer` after every change; returns a function that unsubscribes."""
        self._observers.append(observer)
        return lambda: self._observers.remove(observer) if observer in self._observers else None

    def _notify(self, change: Change) -> None:
        for observer in list(self._observers):
            observer(change)

    # -- changing the session ------------------------------------------------------------
    def execute(self, command: Command, meant_for: MeantFor | None = None) -> HistoryEntry:
        """Validate, commit and apply a command; on a concurrent edit reload and re-apply.
        `meant_for` (if given) checks each state it is applied to first."""
        for attempt in range(RETRIES):
            if meant_for is not None:
                meant_for(self._state)  # its message already says what changed meanwhile
            try:
                new_state, text = command.run(self._state, self.ruleset)
            except TrackerError as error:
                if attempt:
                    raise TrackerError(
                        "the session was changed in another Foebook window "
                        f"and the command no longer fits: {error}"
                    ) from None
                raise
            before, after = diff(self._state, new_state)
            seq = (self._history[-1].seq if self._history else 0) + 1
            entry = HistoryEntry(seq, datetime.now(UTC), command.kind, text)
            try:
                self._version = self.store.append(
                    LogEntry(entry, command.payload(), before, after), new_state, self._version
                )
            except ConflictError:
                log.info("concurrent edit while applying %s; reloading", command.kind)
                # A random pause, growing with each collision (at most 0.2 s), lets two
                # writers that keep colliding fall out of step, also on a machine so busy
                # that either may lose the processor between its reload and its write.
                time.sleep(random.uniform(0, min(0.2, 0.001 * 2**attempt)))
                self._reload()
                continue
            self._history = [
                h.with_status(DROPPED) if h.status == UNDONE else h for h in self._history
            ]
            self._history.append(entry)
            self._changes[seq] = (before, after)
            self._state = new_state
            # The log file tells the evening as the session's log does, for a bug report.
            log.info("%s #%d: %s", self.name, seq, text)
            self._notify(Change(COMMAND, entry, frozenset(after)))
            return entry
        raise ConflictError(
            "the session keeps changing in another Foebook window; "
            "the command was not applied, try again"
        )

    def undo(self) -> HistoryEntry:
        index = last_done(self._history)
        if index is None:
            raise TrackerError("nothing to undo")
        return self._move(index, UNDONE, UNDO)

    def redo(self) -> HistoryEntry:
        index = next_redo(self._history)
        if index is None:
            raise TrackerError("nothing to redo")
        return self._move(index, DONE, REDO)

    def _move(self, index: int, status: str, kind: str) -> HistoryEntry:
        entry = self._history[index]
        before, after = self._entry_changes(entry.seq)
        sections = before if status == UNDONE else after
        new_state = apply_sections(self._state, sections)
        try:
            self._version = self.store.set_status(
                entry.seq, status, sections, new_state, self._version
            )
        except ConflictError:
            self._reload()
            raise ConflictError(
                f"the session was changed in another Foebook window, so '{entry.text}' was "
                f"not {'undone' if kind == UNDO else 'redone'}; the session has been "
                "reloaded: look at the history and try again"
            ) from None
        changed = entry.with_status(status)
        done = "undone" if status == UNDONE else "redone"
        log.info("%s #%d %s: %s", self.name, entry.seq, done, entry.text)
        self._history[index] = changed
        self._state = new_state
        self._notify(Change(kind, changed, frozenset(sections)))
        return changed

    def _entry_changes(self, seq: int) -> tuple[Sections, Sections]:
        found = self._changes.get(seq)
        if found is None:
            found = self._changes[seq] = self.store.changes(seq)
        return found

    # -- shared sessions -----------------------------------------------------------------
    def reload(self) -> None:
        """Show what the store holds now (the app's quick first read at start turned out
        to differ from the file)."""
        self._reload()

    def _reload(self) -> None:
        self._take(self.store.load())

    def _take(self, loaded: Loaded) -> None:
        self._state, self._history, self._version = (
            loaded.state,
            list(loaded.history),
            loaded.version,
        )
        self._changes.clear()
        self._notify(Change(RELOAD, None, frozenset()))

    def refresh(self) -> bool:
        """Pick up changes another Foebook made to this session; True when there were some."""
        if self.store.version() == self._version:
            return False
        self._reload()
        return True

    def adopt(self, loaded: Loaded) -> bool:
        """Take what the store held when another thread read it (a window's poll), if it is
        newer than what this session shows; True when it was."""
        if loaded.version <= self._version:
            return False  # this session has written since (or nothing changed)
        self._take(loaded)
        return True
