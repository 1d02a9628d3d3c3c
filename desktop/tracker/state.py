"""The tracked state of a session and its changes as JSON sections (what the log stores).

A change is a pair of section maps, `before` and `after`, holding only what a
command changed. Undo writes `before` back, redo writes `after`: commands never
need hand-written inverse code, and the same sections tell storage which rows
to rewrite.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from desktop.engine.encounter import Encounter
from desktop.engine.units import Unit
from desktop.tracker.records import (
    board_from_record,
    board_to_record,
    memory_from_record,
    memory_to_record,
    unit_from_record,
    unit_to_record,
)
from desktop.tracker.scenario_play import ScenarioPlay
from desktop.tracker.session_dice import SessionDice

Sections = dict[str, Any]

# Sections in the order storage writes them. "units" maps unit id -> record or None
# (absent); "roster" is the list of unit ids, present whenever it changed.
SECTION_NAMES = (
    "name",
    "board",
    "units",
    "roster",
    "round",
    "phase",
    "memory",
    "order",
    "ties",
    "pointer",
    "cards",
    "dice",
    "rules",
    "held",
    "book",
    "scenario",
)


@dataclass(frozen=True)
class DrawnCard:
    """A card drawn from a deck in a round, as the log keeps it."""

    deck: str  # "cards", "stratagems", ...
    card: str
    round: int
    text: str = ""  # what the card says (a stratagem's effect), as it read when drawn

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"deck": self.deck, "card": self.card, "round": self.round}
        if self.text:
            record["text"] = self.text
        return record


@dataclass(frozen=True)
class TrackerState:
    """Immutable: an encounter plus what the tracker adds (turn order, counters, cards, dice)."""

    encounter: Encounter
    order: tuple[str, ...] = ()  # this round's activation order (ties as the players settled)
    ties: tuple[tuple[str, ...], ...] = ()  # groups the ruleset left to the players
    pointer: int = 0  # index in `order` of the unit now activating; len(order) = all done
    counters: Mapping[str, Mapping[str, int]] = field(
        default_factory=lambda: MappingProxyType({})
    )  # unit id -> status -> count
    cards: tuple[DrawnCard, ...] = ()
    dice: SessionDice = field(default_factory=SessionDice)  # seed and dice draws used
    # Markers the active unit gained during its own activation that last until the end of
    # its next one ("after-next-activation"): the unit's id and those statuses.
    held: tuple[str, tuple[str, ...]] | None = None
    # Units whose turn has begun this round (in a ruleset with phases: this phase): their
    # start-of-turn effects are done and are not repeated when the order changes.
    started: tuple[str, ...] = ()
    # A scenario played from a monster book: ability decks, this round's cards, the
    # modifier deck, elements (the book and the level are the encounter's).
    play: ScenarioPlay = field(default_factory=ScenarioPlay)

    @property
    def round(self) -> int:
        return self.encounter.round

    @property
    def current_unit(self) -> str | None:
        return self.order[self.pointer] if self.pointer < len(self.order) else None

    def has_acted(self, unit_id: str) -> bool:
        """Done this round (or phase): the unit stands before the pointer in the order."""
        return unit_id in self.order[: self.pointer]

    def drawn_this_round(self, deck: str) -> DrawnCard | None:
        """The card last drawn from `deck` this round (None when none was)."""
        return next(
            (c for c in reversed(self.cards) if c.deck == deck and c.round == self.round),
            None,
        )

    def held_through_activation(self, unit_id: str) -> tuple[str, ...]:
        """The markers `unit_id` gained during its activation now under way (they outlast it)."""
        if self.held is None or self.held[0] != unit_id or unit_id != self.current_unit:
            return ()
        return self.held[1]

    def unit(self, unit_id: str) -> Unit:
        return self.encounter.unit(unit_id)

    def counters_of(self, unit_id: str) -> Mapping[str, int]:
        return self.counters.get(unit_id, MappingProxyType({}))

    def counter(self, unit_id: str, status: str) -> int | None:
        return self.counters_of(unit_id).get(status)

    def with_units(self, units: list[Unit], counters: dict[str, dict[str, int]]) -> TrackerState:
        kept = {u.id for u in units}
        clean = {k: MappingProxyType(dict(v)) for k, v in counters.items() if v and k in kept}
        return replace(
            self,
            encounter=self.encounter.evolve(units=tuple(units)),
            counters=MappingProxyType(clean),
        )

    def evolve(self, **changes: Any) -> TrackerState:
        return replace(self, **changes)


def section(state: TrackerState, name: str) -> Any:
    enc = state.encounter
    if name == "name":
        return enc.name
    if name == "board":
        return board_to_record(enc.board)
    if name == "units":
        return {u.id: unit_to_record(u, state.counters_of(u.id)) for u in enc.units}
    if name == "roster":
        return [u.id for u in enc.units]
    if name == "round":
        return enc.round
    if name == "phase":
        return enc.phase
    if name == "memory":
        return memory_to_record(enc.memory)
    if name == "order":
        return list(state.order)
    if name == "ties":
        return [list(t) for t in state.ties]
    if name == "pointer":
        return state.pointer
    if name == "cards":
        return [c.to_record() for c in state.cards]
    if name == "dice":
        return state.dice.to_record()
    if name == "rules":  # the encounter's [rules] table (a game variant...)
        return dict(enc.rules)
    if name == "held":  # the bookkeeping of activations: held markers, turns begun
        record: dict[str, Any] = {}
        if state.held:
            record.update(unit=state.held[0], statuses=list(state.held[1]))
        if state.started:
            record["started"] = list(state.started)
        return record
    if name == "book":  # the monster book the session carries (None: none)
        return enc.book.to_record() if enc.book is not None else None
    if name == "scenario":  # the scenario level and what play from the book keeps
        return {"level": enc.level, **state.play.to_record()}
    raise KeyError(name)


def full_sections(state: TrackerState) -> Sections:
    return {name: section(state, name) for name in SECTION_NAMES}


def diff(before: TrackerState, after: TrackerState) -> tuple[Sections, Sections]:
    """The sections that differ, as (before values, after values)."""
    old: Sections = {}
    new: Sections = {}
    a, b = before.encounter, after.encounter
    if a.units != b.units or before.counters != after.counters:
        old_units = {u.id: u for u in a.units}
        new_units = {u.id: u for u in b.units}
        changed_old: dict[str, Any] = {}
        changed_new: dict[str, Any] = {}
        for unit_id in old_units.keys() | new_units.keys():
            u0, u1 = old_units.get(unit_id), new_units.get(unit_id)
            c0, c1 = before.counters_of(unit_id), after.counters_of(unit_id)
            if u0 != u1 or dict(c0) != dict(c1):
                changed_old[unit_id] = unit_to_record(u0, c0) if u0 is not None else None
                changed_new[unit_id] = unit_to_record(u1, c1) if u1 is not None else None
        if changed_old:
            old["units"], new["units"] = changed_old, changed_new
        if list(old_units) != list(new_units):
            old["roster"], new["roster"] = list(old_units), list(new_units)
    checks = (
        ("name", a.name != b.name),
        ("board", a.board != b.board),
        ("round", a.round != b.round),
        ("phase", a.phase != b.phase),
        ("memory", a.memory != b.memory),
        ("order", before.order != after.order),
        ("ties", before.ties != after.ties),
        ("pointer", before.pointer != after.pointer),
        ("cards", before.cards != after.cards),
        ("dice", before.dice != after.dice),
        ("rules", a.rules != b.rules),
        ("held", before.held != after.held or before.started != after.started),
        ("book", a.book is not b.book and a.book != b.book),
        ("scenario", a.level != b.level or before.play != after.play),
    )
    for name, changed in checks:
        if changed:
            old[name], new[name] = section(before, name), section(after, name)
    return old, new


def apply_sections(state: TrackerState, sections: Mapping[str, Any]) -> TrackerState:
    """`state` with the given sections written over it."""
    enc = state.encounter
    changes: dict[str, Any] = {}
    if "name" in sections:
        changes["name"] = sections["name"]
    if "board" in sections:
        changes["board"] = board_from_record(sections["board"])
    if "round" in sections:
        changes["round"] = int(sections["round"])
    if "phase" in sections:
        changes["phase"] = sections["phase"]
    if "memory" in sections:
        changes["memory"] = memory_from_record(sections["memory"])
    if "rules" in sections:
        changes["rules"] = MappingProxyType(dict(sections["rules"] or {}))
    if "book" in sections:
        book = sections["book"]
        if book:  # loaded here: a session without a monster book loads none of it (start-up)
            from desktop.engine.monster_book import MonsterBook

            changes["book"] = MonsterBook.from_record(book)
        else:
            changes["book"] = None
    if "scenario" in sections:
        changes["level"] = int((sections["scenario"] or {}).get("level") or 0)
    result = state
    if "units" in sections or "roster" in sections:
        units = {u.id: u for u in enc.units}
        counters = {k: dict(v) for k, v in state.counters.items()}
        for unit_id, record in (sections.get("units") or {}).items():
            if record is None:
                units.pop(unit_id, None)
                counters.pop(unit_id, None)
            else:
                unit, unit_counters = unit_from_record(record)
                units[unit_id] = unit
                counters[unit_id] = unit_counters
        roster = sections.get("roster") or list(units)
        result = result.with_units([units[i] for i in roster if i in units], counters)
    if changes:
        result = result.evolve(encounter=result.encounter.evolve(**changes))
    state_changes: dict[str, Any] = {}
    if "order" in sections:
        state_changes["order"] = tuple(sections["order"])
    if "ties" in sections:
        state_changes["ties"] = tuple(tuple(t) for t in sections["ties"])
    if "pointer" in sections:
        state_changes["pointer"] = int(sections["pointer"])
    if "cards" in sections:
        state_changes["cards"] = tuple(
            DrawnCard(c["deck"], c["card"], int(c["round"]), str(c.get("text", "")))
            for c in sections["cards"]
        )
    if "dice" in sections:
        state_changes["dice"] = SessionDice.from_record(sections["dice"])
    if "held" in sections:
        held = sections["held"] or {}
        state_changes["held"] = (
            (str(held["unit"]), tuple(held["statuses"])) if held.get("statuses") else None
        )
        state_changes["started"] = tuple(str(u) for u in held.get("started") or ())
    if "scenario" in sections:
        state_changes["play"] = ScenarioPlay.from_record(sections["scenario"] or {})
    return result.evolve(**state_changes) if state_changes else result


def state_from_sections(ruleset_id: str, sections: Mapping[str, Any]) -> TrackerState:
    """A whole state from a complete set of sections (what storage loads)."""
    board = board_from_record(sections["board"])
    empty = Encounter(ruleset=ruleset_id, board=board, units=())
    return apply_sections(TrackerState(empty), sections)
