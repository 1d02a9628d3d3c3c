"""Side effects every command shares: expiring markers and recomputing derived statuses."""

from __future__ import annotations

from collections.abc import Iterable

from desktop.engine.ruleset import Ruleset
from desktop.tracker.expiry import expiring
from desktop.tracker.state import TrackerState


def expire(
    state: TrackerState,
    ruleset: Ruleset,
    unit_ids: Iterable[str],
    trigger: str,
    keep: Iterable[str] = (),
) -> TrackerState:
    """Remove the markers `trigger` ends from the given units (and their counters), all but
    those in `keep`."""
    units = list(state.encounter.units)
    counters = {k: dict(v) for k, v in state.counters.items()}
    wanted = set(unit_ids)
    kept = set(keep)
    changed = False
    for index, unit in enumerate(units):
        if unit.id not in wanted:
            continue
        gone = [s for s in expiring(ruleset.data, unit.statuses, trigger) if s not in kept]
        if gone:
            changed = True
            units[index] = unit.evolve(statuses=tuple(s for s in unit.statuses if s not in gone))
            for status in gone:
                counters.get(unit.id, {}).pop(status, None)
    return state.with_units(units, counters) if changed else state


def refresh_derived(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    """Derived markers follow the numbers: set or cleared from `Ruleset.derived_statuses`."""
    specs = ruleset.data.statuses
    units = list(state.encounter.units)
    changed = False
    for index, unit in enumerate(units):
        derived = ruleset.derived_statuses(unit)
        kept = tuple(s for s in unit.statuses if not (s in specs and specs[s].derived))
        wanted = kept + tuple(sorted(derived))
        if wanted != unit.statuses:
            units[index] = unit.evolve(statuses=wanted)
            changed = True
    if not changed:
        return state
    return state.with_units(units, {k: dict(v) for k, v in state.counters.items()})
