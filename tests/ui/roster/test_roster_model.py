"""The roster model over a session: structure (qtmodeltester), precise change signals,
edits as commands, refusals reported without changing anything, defeated units greyed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.tracker.commands import AddStatus, AddUnit, Damage, NextActivation, RemoveUnit, SetHp
from tests.ui.roster.conftest import CARD_FLIP, session_of
from ui import palette
from ui.roster.roster_model import (
    COL_AI,
    COL_HP,
    COL_MARKERS,
    COL_NAME,
    COL_POSITION,
    COL_SIDE,
    DEFEATED_ROLE,
    HP_FRACTION_ROLE,
    STATUSES_ROLE,
    UNIT_ID_ROLE,
    RosterModel,
)
from ui.roster.roster_proxy import RosterProxy, SideFilter


def names(model) -> list[str]:
    return [model.index(r, COL_NAME).data() for r in range(model.rowCount())]


class Recorder:
    """Every structural and data signal of a model, in order."""

    def __init__(self, model) -> None:
        self.events: list[tuple] = []
        model.dataChanged.connect(
            lambda a, b, roles=(): self.events.append(
                ("data", a.row(), a.column(), b.row(), b.column())
            )
        )
        model.rowsInserted.connect(lambda _p, a, b: self.events.append(("insert", a, b)))
        model.rowsRemoved.connect(lambda _p, a, b: self.events.append(("remove", a, b)))
        model.modelReset.connect(lambda: self.events.append(("reset",)))
        model.layoutChanged.connect(lambda *_: self.events.append(("layout",)))


def test_model_and_proxy_pass_the_model_tester_before_and_after_changes(
    qtmodeltester, second_modeltester, session
):
    model = RosterModel(session)
    qtmodeltester.check(model)
    proxy = RosterProxy()
    proxy.setSourceModel(model)
    proxy.sort(COL_HP, Qt.SortOrder.DescendingOrder)
    proxy.set_side_filter(SideFilter.ENEMIES)
    second_modeltester.check(proxy)
    session.execute(Damage("mob", 4))
    session.execute(AddStatus("seer", "advanced"))
    session.execute(
        AddUnit({"id": "grot", "name": "Grot", "side": "enemy", "at": [0, 3], "max_hp": 2})
    )
    session.execute(RemoveUnit("boss"))
    session.undo()
    qtmodeltester.check(model)
    second_modeltester.check(proxy)


def test_rows_follow_the_roster_with_roles(session):
    model = RosterModel(session)
    assert names(model) == ["Warlord", "Brute Mob", "Warp Seer", "Tactical Squad", "Librarian"]
    assert model.columnCount() == 7
    row = model.row_of("squad")
    assert model.index(row, COL_HP).data() == "9 / 10"
    assert model.index(row, COL_HP).data(HP_FRACTION_ROLE) == pytest.approx(0.9)
    assert model.index(row, COL_NAME).data(UNIT_ID_ROLE) == "squad"
    assert model.index(row, COL_SIDE).data(Qt.ItemDataRole.AccessibleTextRole) == "Player"
    assert model.index(row, COL_AI).data() == ""
    assert model.index(0, COL_AI).data() == "Tactical"
    assert model.index(0, COL_POSITION).data() == "0, 0"
    assert "Power klaw" in model.index(0, COL_NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "=7" in model.index(0, COL_HP).data(Qt.ItemDataRole.ToolTipRole)


def test_an_hp_change_signals_only_that_cell(session):
    model = RosterModel(session)
    recorder = Recorder(model)
    session.execute(Damage("mob", 3))
    assert recorder.events == [("data", 1, COL_HP, 1, COL_HP)]
    assert model.index(1, COL_HP).data() == "7 / 10"


def test_a_marker_and_a_rename_signal_their_cells(session):
    model = RosterModel(session)
    recorder = Recorder(model)
    session.execute(AddStatus("seer", "denied"))
    model.setData(model.index(0, COL_NAME), "Big Boss")
    assert recorder.events == [
        ("data", 2, COL_MARKERS, 2, COL_MARKERS),
        ("data", 0, COL_NAME, 0, COL_NAME),
    ]
    markers = model.index(2, COL_MARKERS).data(STATUSES_ROLE)
    assert [m.id for m in markers] == ["denied"]
    assert "Denied" in model.index(2, COL_MARKERS).data(Qt.ItemDataRole.ToolTipRole)


def test_add_remove_and_undo_insert_and_remove_rows_in_place(session):
    model = RosterModel(session)
    recorder = Recorder(model)
    session.execute(
        AddUnit({"id": "grot", "name": "Grot", "side": "enemy", "at": [0, 3], "max_hp": 2})
    )
    assert recorder.events == [("insert", 5, 5)]
    session.execute(Damage("mob", 2))
    session.execute(RemoveUnit("mob"))
    assert recorder.events[-1] == ("remove", 1, 1)
    assert "Brute Mob" not in names(model)
    session.undo()  # the removal: the row comes back where it was, as it was
    assert recorder.events[-1] == ("insert", 1, 1)
    assert names(model)[1] == "Brute Mob"
    assert model.index(1, COL_HP).data() == "8 / 10"
    session.undo()  # the damage
    assert model.index(1, COL_HP).data() == "10 / 10"
    session.undo()  # the addition
    assert recorder.events[-1] == ("remove", 5, 5)
    assert "reset" not in [e[0] for e in recorder.events]


def test_defeated_units_are_greyed_not_removed(session):
    model = RosterModel(session)
    recorder = Recorder(model)
    session.execute(SetHp("seer", 0))
    row = model.row_of("seer")
    assert row == 2 and model.rowCount() == 5
    assert recorder.events == [("data", 2, 0, 2, 6)]  # greying touches the whole row
    for column in range(model.columnCount()):
        assert model.index(row, column).data(Qt.ItemDataRole.ForegroundRole) == palette.DEFEATED
    assert model.index(row, COL_NAME).data(DEFEATED_ROLE) is True
    assert model.index(0, COL_NAME).data(Qt.ItemDataRole.ForegroundRole) is None
    assert "(defeated)" in model.index(row, COL_NAME).data(Qt.ItemDataRole.AccessibleTextRole)


def test_card_flip_players_are_only_stunned_at_zero(card_session):
    model = RosterModel(card_session)
    card_session.execute(SetHp("aria", 0))
    aria = model.row_of("aria")
    assert model.index(aria, COL_NAME).data(DEFEATED_ROLE) is False
    assert [m.id for m in model.index(aria, COL_MARKERS).data(STATUSES_ROLE)] == ["stunned"]
    card_session.execute(SetHp("aria", -1))
    assert model.index(aria, COL_NAME).data(DEFEATED_ROLE) is True
    card_session.execute(SetHp("goblin", 0))  # enemies are out at 0
    assert model.index(model.row_of("goblin"), COL_NAME).data(DEFEATED_ROLE) is True


@pytest.mark.parametrize(
    ("typed", "shown"),
    [("-3", "6 / 10"), ("+1", "10 / 10"), ("=7", "7 / 10"), ("4", "4 / 10"), ("=2/12", "2 / 12")],
)
def test_typing_in_the_hp_cell_runs_the_command(session, typed, shown):
    model = RosterModel(session)
    row = model.row_of("squad")
    assert model.setData(model.index(row, COL_HP), typed) is True
    assert model.index(row, COL_HP).data() == shown


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("abc", "'abc' is not an HP change"),
        ("=-", "'=-' is not an HP change"),
        ("+5", "already at full HP"),
        ("-0", "damage must be 1 or more"),
        ("=20", "above max HP"),
    ],
)
def test_bad_hp_input_is_reported_and_changes_nothing(session, typed, expected):
    model = RosterModel(session)
    failures: list[str] = []
    model.commandFailed.connect(failures.append)
    recorder = Recorder(model)
    history = len(session.history)
    row = model.row_of("libby")
    assert model.setData(model.index(row, COL_HP), typed) is False
    assert len(failures) == 1 and expected.lower() in failures[0].lower()
    assert failures[0][0].isupper() and failures[0].endswith(".")
    assert len(session.history) == history
    assert recorder.events == []
    assert model.index(row, COL_HP).data() == "5 / 5"


def test_name_and_ai_edits(session):
    model = RosterModel(session)
    failures: list[str] = []
    model.commandFailed.connect(failures.append)
    assert model.setData(model.index(1, COL_AI), "erratic") is True
    assert model.index(1, COL_AI).data() == "Erratic"
    assert model.setData(model.index(1, COL_NAME), "  ") is False
    assert failures == ["Brute Mob: the new name is empty."]
    assert model.index(1, COL_NAME).data() == "Brute Mob"
    player = model.row_of("squad")
    assert not model.flags(model.index(player, COL_AI)) & Qt.ItemFlag.ItemIsEditable
    assert model.flags(model.index(player, COL_HP)) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(player, COL_MARKERS)) & Qt.ItemFlag.ItemIsEditable
    history = len(session.history)
    assert model.setData(model.index(1, COL_AI), "erratic") is False  # unchanged: no entry
    assert len(session.history) == history


def test_the_activating_unit_is_bold(session):
    model = RosterModel(session)
    current = session.current_unit
    assert current is not None
    font = model.index(model.row_of(current), COL_NAME).data(Qt.ItemDataRole.FontRole)
    assert font is not None and font.bold()
    recorder = Recorder(model)
    session.execute(NextActivation())
    rows = {e[1] for e in recorder.events if e[0] == "data"}
    assert model.row_of(current) in rows
    if session.current_unit is not None:
        assert model.row_of(session.current_unit) in rows
    assert model.index(model.row_of(current), COL_NAME).data(Qt.ItemDataRole.FontRole) is None


def test_a_model_without_a_session_is_empty_and_refuses(qtmodeltester):
    model = RosterModel()
    failures: list[str] = []
    model.commandFailed.connect(failures.append)
    qtmodeltester.check(model)
    assert model.rowCount() == 0
    assert model.execute(Damage("x", 1)) is False and failures


def test_switching_sessions_resets_and_stops_listening(session):
    model = RosterModel(session)
    other = session_of(CARD_FLIP)
    model.set_session(other)
    assert names(model) == ["Goblin", "Aria"]
    recorder = Recorder(model)
    session.execute(Damage("mob", 1))  # the old session no longer reaches the model
    assert recorder.events == []
