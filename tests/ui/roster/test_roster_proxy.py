"""Sorting (HP numerically) and the side filter."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.tracker.commands import AddUnit, SetHp
from ui.roster.roster_model import COL_HP, COL_NAME, COL_POSITION, RosterModel
from ui.roster.roster_proxy import RosterProxy, SideFilter


def shown(proxy) -> list[str]:
    return [proxy.index(r, COL_NAME).data() for r in range(proxy.rowCount())]


def make(session):
    model = RosterModel(session)
    proxy = RosterProxy()
    proxy.setSourceModel(model)
    return model, proxy


def test_hp_sorts_as_numbers_not_text(session):
    _model, proxy = make(session)  # the model must outlive the proxy
    session.execute(SetHp("mob", 9, 100))
    session.execute(SetHp("boss", 10, 10))
    session.execute(
        AddUnit(
            {"id": "grot", "name": "Grot", "side": "enemy", "at": [0, 3], "hp": 100, "max_hp": 100}
        )
    )
    session.execute(SetHp("seer", -2))
    proxy.sort(COL_HP, Qt.SortOrder.AscendingOrder)
    # As text "100" < "10 / 10" < "9"; as numbers -2 < 5 < 9 < 9 < 10 < 100.
    assert shown(proxy) == [
        "Warp Seer",
        "Librarian",
        "Brute Mob",
        "Tactical Squad",
        "Warlord",
        "Grot",
    ]
    proxy.sort(COL_HP, Qt.SortOrder.DescendingOrder)
    assert shown(proxy)[0] == "Grot" and shown(proxy)[-1] == "Warp Seer"


def test_sorting_follows_changes_and_other_columns(session):
    model, proxy = make(session)
    proxy.sort(COL_HP, Qt.SortOrder.AscendingOrder)
    session.execute(SetHp("mob", 1))
    assert shown(proxy)[0] == "Brute Mob"  # re-sorted when the HP changed
    proxy.sort(COL_NAME, Qt.SortOrder.AscendingOrder)
    assert shown(proxy) == sorted(shown(proxy), key=str.casefold)
    proxy.sort(COL_POSITION, Qt.SortOrder.AscendingOrder)
    assert shown(proxy)[:3] == ["Warlord", "Brute Mob", "Warp Seer"]  # row 0, by column
    proxy.sort(-1)
    assert shown(proxy) == [model.index(r, COL_NAME).data() for r in range(model.rowCount())]


def test_side_filter(session):
    model, proxy = make(session)
    proxy.set_side_filter(SideFilter.ENEMIES)
    assert shown(proxy) == ["Warlord", "Brute Mob", "Warp Seer"]
    assert proxy.proxy_row("squad") == -1
    proxy.set_side_filter("player")
    assert shown(proxy) == ["Tactical Squad", "Librarian"]
    assert proxy.unit_id(1) == "libby" and proxy.unit_id(7) is None
    session.execute(
        AddUnit({"id": "scout", "name": "Scout", "side": "player", "at": [0, 3], "max_hp": 4})
    )
    assert shown(proxy)[-1] == "Scout"
    proxy.set_side_filter(SideFilter.ALL)
    assert proxy.rowCount() == model.rowCount() == 6
