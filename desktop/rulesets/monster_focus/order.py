"""Who acts when in the Gloomhaven family: every figure by initiative, lowest first.

Monsters act on their ability card's initiative and characters on their leading card's,
both typed into the roster each round. At equal initiative a character acts before the
monsters; characters tied with each other are the players' choice; monsters tied keep the
roster order, but a unit type's standees go together where its first one stands, elites
first, then by standee number.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import ActivationOrder
from desktop.engine.units import Unit

INITIATIVE = "initiative"


def initiative_of(unit: Unit, default: float) -> float:
    return float(unit.stat(INITIATIVE, default))


# Where a standee's rank acts among its type's standees at one initiative (0 first).
RankOrder = Callable[[str], int]


def _ranked(units: list[Unit], default: float, rank_order: RankOrder | None = None) -> list[Unit]:
    # Stable: the roster order stays among figures of one side at one initiative, but the
    # standees of a type stand together where its first one is, by rank, then by number.
    first: dict[str, int] = {}
    for index, unit in enumerate(units):
        if unit.standee is not None:
            first.setdefault(unit.standee.type, index)

    def key(item: tuple[int, Unit]) -> tuple[float, bool, int, int, int]:
        index, unit = item
        standee = unit.standee
        if standee is None or rank_order is None:
            return (initiative_of(unit, default), unit.is_enemy, index, 0, 0)
        rank = rank_order(standee.rank)
        group = first[standee.type]
        return (initiative_of(unit, default), unit.is_enemy, group, rank, standee.number)

    return [unit for _, unit in sorted(enumerate(units), key=key)]


def _named(units: list[Unit], default: float) -> str:
    return ", ".join(f"{u.name} {initiative_of(u, default):g}" for u in units)


def monsters_order(
    encounter: Encounter, default: float, rank_order: RankOrder | None = None
) -> ActivationOrder:
    """The monsters' turns only (what `foebook order` prints)."""
    monsters = _ranked([u for u in encounter.enemies() if u.hp > 0], default, rank_order)
    return ActivationOrder(
        tuple(u.id for u in monsters),
        (),
        (
            "Monsters act by their ability card's initiative (the Init column), lowest first; "
            "at equal initiative in roster order (elites first, then by standee number).",
            *([f"Initiative: {_named(monsters, default)}."] if monsters else []),
        ),
    )


def round_order(
    encounter: Encounter, default: float, rank_order: RankOrder | None = None
) -> ActivationOrder:
    """Every figure's turn: characters between the monsters by initiative."""
    figures = _ranked([u for u in encounter.units if u.hp > 0], default, rank_order)
    ties: list[tuple[str, ...]] = []
    for _, same in groupby(figures, key=lambda u: (initiative_of(u, default), u.is_enemy)):
        group = [u for u in same if not u.is_enemy]
        if len(group) > 1:
            ties.append(tuple(u.id for u in group))
    return ActivationOrder(
        tuple(u.id for u in figures),
        tuple(ties),
        (
            "Every figure acts by initiative, lowest first (the Init column: a character's "
            "leading card, a monster's ability card). At equal initiative a character acts "
            "before the monsters; characters tied with each other: the players choose.",
            *([f"Initiative: {_named(figures, default)}."] if figures else []),
        ),
    )
