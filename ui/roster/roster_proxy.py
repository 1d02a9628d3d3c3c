"""Sorting and side filtering over the roster model (the model itself stays in roster order)."""

from __future__ import annotations

from enum import StrEnum
from typing import cast

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel

from ui.roster.roster_model import SIDE_ROLE, SORT_ROLE, UNIT_ID_ROLE, RosterModel


class SideFilter(StrEnum):
    ALL = "all"
    ENEMIES = "enemy"
    PLAYERS = "player"

    @property
    def label(self) -> str:
        return {"all": "All units", "enemy": "Enemies", "player": "Players"}[self.value]


class RosterProxy(QSortFilterProxyModel):
    """Sorts by any column on the model's SORT_ROLE (HP numerically); filters by side."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._side = SideFilter.ALL
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)

    @property
    def side_filter(self) -> SideFilter:
        return self._side

    def set_side_filter(self, side: SideFilter | str) -> None:
        side = SideFilter(side)
        if side == self._side:
            return
        self.beginFilterChange()
        self._side = side
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        if self._side == SideFilter.ALL:
            return True
        source = self.sourceModel()
        side = source.data(source.index(source_row, 0, source_parent), SIDE_ROLE)
        return side == self._side.value

    def unit_id(self, proxy_row: int) -> str | None:
        if not 0 <= proxy_row < self.rowCount():
            return None
        return self.index(proxy_row, 0).data(UNIT_ID_ROLE)

    def proxy_row(self, unit_id: str) -> int:
        """The row showing `unit_id`, or -1 when it is filtered out or unknown."""
        # This proxy always sits over the roster model.
        source = cast("RosterModel | None", self.sourceModel())
        if source is None:
            return -1
        row = source.row_of(unit_id)
        if row < 0:
            return -1
        return self.mapFromSource(source.index(row, 0)).row()
