"""A unit edited in a dialog while another window may change it too: the fields the user
changed, those another window changed since the user last looked, and the update that
applies only the user's changes to the unit as it is now.

Records are compared flat: each stat is a field of its own ("stats.move"), so two players
who change different stats of one unit do not collide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from desktop.engine.units import Unit
from desktop.tracker.errors import TrackerError
from desktop.tracker.records import unit_to_record
from desktop.tracker.session import MeantFor
from desktop.tracker.state import TrackerState

STATS = "stats."
_NOT_EDITED = ("id", "side", "statuses", "counters")  # fixed in the dialog, or not in it


def flat(record: Mapping[str, Any]) -> dict[str, Any]:
    """A unit record with its stats as fields of their own."""
    out = {k: v for k, v in record.items() if k != "stats" and k not in _NOT_EDITED}
    out.update({STATS + name: value for name, value in (record.get("stats") or {}).items()})
    return out


def unit_fields_of(unit: Unit) -> dict[str, Any]:
    return flat(unit_to_record(unit))


def differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """The fields whose value differs, with their value in `after` (None: gone)."""
    return {k: after.get(k) for k in before.keys() | after.keys() if before.get(k) != after.get(k)}


@dataclass(frozen=True)
class Collision:
    """A field both the user and another window changed, to different values."""

    field: str
    seen: Any  # what the user last saw
    now: Any  # what another window made it
    mine: Any  # what the user typed


def collisions(
    mine: Mapping[str, Any], seen: Mapping[str, Any], now: Mapping[str, Any]
) -> list[Collision]:
    """The user's changes (`mine`) to fields that changed from `seen` to `now` meanwhile, to
    something else than the user typed."""
    return [
        Collision(k, seen.get(k), now.get(k), v)
        for k, v in sorted(mine.items())
        if seen.get(k) != now.get(k) and now.get(k) != v
    ]


def update_of(mine: Mapping[str, Any], current: Unit) -> dict[str, Any]:
    """The UpdateUnit record that applies the user's changed fields to the unit as it is
    now (every field the user left alone keeps its current value)."""
    update = {k: v for k, v in mine.items() if not k.startswith(STATS)}
    stats = {k[len(STATS) :]: v for k, v in mine.items() if k.startswith(STATS)}
    if stats:
        merged = dict(current.stats)
        for name, value in stats.items():
            if value is None:
                merged.pop(name, None)
            else:
                merged[name] = value
        update["stats"] = merged
    return update


def unchanged_since(
    unit_id: str, name: str, seen: Mapping[str, Any], keys: Iterable[str]
) -> MeantFor:
    """The check that the unit is still there and the fields in `keys` still hold what the
    user saw when saving (another window may change them between the look and the write)."""
    fields = sorted(keys)

    def check(state: TrackerState) -> None:
        if not state.encounter.has_unit(unit_id):
            raise TrackerError(
                f"{name} was removed in another window while you edited it; nothing was saved"
            )
        now = unit_fields_of(state.encounter.unit(unit_id))
        moved = [k for k in fields if now.get(k) != seen.get(k)]
        if moved:
            raise TrackerError(
                f"{name} was changed in another window just now ({', '.join(moved)}); "
                "nothing was saved: look at the fields and save again"
            )

    return check
