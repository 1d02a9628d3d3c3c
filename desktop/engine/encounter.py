"""An encounter: the board, the units on it, the round/phase and what the enemies remember."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from desktop.display_text import listed, shown
from desktop.engine.board import Board, Cell
from desktop.engine.errors import RulesError
from desktop.engine.units import Side, Unit

if TYPE_CHECKING:  # a session without a monster book loads none of it (start-up)
    from desktop.engine.monster_book import MonsterBook


@dataclass(frozen=True)
class Memory:
    """Battle memory the rulesets read: who attacked whom, who was shot this round."""

    last_attacker: MappingProxyType[str, str] = field(default_factory=lambda: MappingProxyType({}))
    shot_this_round: tuple[str, ...] = ()
    previous_target: str | None = None


@dataclass(frozen=True)
class Encounter:
    """Immutable snapshot; evaluation never mutates it."""

    ruleset: str
    board: Board
    units: tuple[Unit, ...]
    name: str = ""
    round: int = 1
    phase: str | None = None
    memory: Memory = field(default_factory=Memory)
    extra_state: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # The [rules] table: the rule options the ruleset declares (e.g. a game variant).
    rules: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # The monster book its standees' types come from (rulesets with unit types), and the
    # scenario level their stat lines are read at.
    book: MonsterBook | None = None
    level: int = 0

    def unit(self, unit_id: str) -> Unit:
        found = self._by_id.get(unit_id)
        if found is None:
            raise RulesError(
                f"no unit {shown(unit_id)} in the encounter (units: {listed(self._by_id)})"
            )
        return found

    def has_unit(self, unit_id: str) -> bool:
        return unit_id in self._by_id

    @cached_property
    def _by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    def side(self, side: Side) -> list[Unit]:
        return [u for u in self.units if u.side is side]

    def enemies(self) -> list[Unit]:
        return self.side(Side.ENEMY)

    def players(self) -> list[Unit]:
        return self.side(Side.PLAYER)

    def unit_at(self, cell: Cell) -> Unit | None:
        for u in self.units:
            if u.at == cell:
                return u
        return None

    def occupied(self, exclude: Iterable[str] = ()) -> set[Cell]:
        skip = set(exclude)
        return {u.at for u in self.units if u.id not in skip}

    def replace_unit(self, unit: Unit) -> Encounter:
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def evolve(self, **changes: Any) -> Encounter:
        return replace(self, **changes)
