"""Names to show for units: figures that share a name are numbered ("Goblin 1", "Goblin 2")."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from desktop.engine.encounter import Encounter
from desktop.engine.units import Unit

_NUMBERED = re.compile(r"^(?P<base>.*\S)\s+(?P<number>\d+)$")


def display_names(units: Iterable[Unit]) -> dict[str, str]:
    """Unit id -> the name to show. Shared names get a number in roster order, skipping
    numbers another unit's own name already uses ("Goblin 2" in the file stays unique)."""
    units = list(units)
    counts = Counter(u.name for u in units)
    taken = set(counts)
    names: dict[str, str] = {}
    next_number: dict[str, int] = {}
    for unit in units:
        if counts[unit.name] == 1:
            names[unit.id] = unit.name
            continue
        number = next_number.get(unit.name, 1)
        while f"{unit.name} {number}" in taken:
            number += 1
        names[unit.id] = f"{unit.name} {number}"
        taken.add(names[unit.id])
        next_number[unit.name] = number + 1
    return names


def with_display_names(encounter: Encounter) -> Encounter:
    """The encounter with shared names numbered, so every text made from it (decision
    reasons, log lines, cards) tells the figures apart; the same encounter if none share."""
    names = display_names(encounter.units)
    if all(names[u.id] == u.name for u in encounter.units):
        return encounter
    return encounter.evolve(units=tuple(u.evolve(name=names[u.id]) for u in encounter.units))


def split_number(name: str) -> tuple[str, str]:
    """ "Orc Warrior 2" -> ("Orc Warrior", "2"); a name without a trailing number -> (name, "")."""
    match = _NUMBERED.match(name)
    return (match["base"], match["number"]) if match else (name, "")


def last_attacker_name(encounter: Encounter, enemy_id: str) -> str:
    """Who attacked the enemy last (Memory.last_attacker), by the name the table shows;
    "nobody" when none is remembered."""
    last = encounter.memory.last_attacker.get(enemy_id) or ""
    return display_names(encounter.units).get(last, "nobody")
