"""Editing a unit's details and resizing the board: what changes, what is refused, undo."""

from __future__ import annotations

import pytest

from desktop.tracker import Session
from desktop.tracker.commands import AddStatus, ResizeBoard, UpdateUnit, command_from_payload
from tests.desktop.tracker.test_commands import refused
from tests.desktop.tracker.tiny_ruleset import TINY, tiny_encounter


@pytest.fixture
def tiny() -> Session:
    return Session.in_memory(tiny_encounter(), TINY, "tiny")


def test_edit_changes_details_and_keeps_markers(tiny):
    tiny.execute(AddStatus("e1", "poison", 2))
    entry = tiny.execute(
        UpdateUnit(
            "e1",
            {
                "name": "Raider Boss",
                "max_hp": 9,
                "hp": 9,
                "ai": "sneak",
                "tags": ["boss"],
                "at": [1, 0],
                "weapons": [{"name": "Axe", "kind": "melee"}],
            },
        )
    )
    unit = tiny.encounter.unit("e1")
    assert (unit.name, unit.max_hp, unit.hp, unit.ai, unit.tags, unit.at) == (
        "Raider Boss",
        9,
        9,
        "sneak",
        ("boss",),
        (1, 0),
    )
    assert unit.weapons[0].name == "Axe"
    assert unit.has("poison") and tiny.state.counter("e1", "poison") == 2
    assert entry.text == (
        "Edited Raider Boss: name Raider → Raider Boss, at [0, 0] → [1, 0], HP 6 → 9, "
        "max HP 6 → 9, AI brute → sneak, weapons, tags"
    )
    tiny.undo()
    assert tiny.encounter.unit("e1").name == "Raider"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"max_hp": 0}, "max HP must be more than 0"),
        ({"at": [1, 1]}, "is wall"),
        ({"at": [5, 0]}, "is taken by Sniper"),
        ({"ai": "wizard"}, "unknown AI type 'wizard'"),
        ({"stats": {"speed": 3}}, "unknown stat 'speed'"),
        ({"side": "player"}, "cannot change sides"),
        ({"guards": "e1"}, "cannot guard itself"),
        ({}, "nothing changed"),
    ],
)
def test_bad_edits_are_refused_and_change_nothing(tiny, changes, message):
    refused(tiny, UpdateUnit("e1", changes), message)


def test_resize_grows_with_open_ground_and_shrinks_when_nobody_is_cut_off(tiny):
    tiny.execute(ResizeBoard(8, 5))
    board = tiny.encounter.board
    assert (board.width, board.height) == (8, 5)
    assert board.terrain((7, 4)).value == "."
    assert board.terrain((1, 1)).value == "#"  # old terrain kept
    tiny.undo()
    assert tiny.encounter.board.width == 6
    refused(tiny, ResizeBoard(5, 4), "would leave out Sniper at \\[5, 0\\]")
    refused(tiny, ResizeBoard(0, 4), "1 to 200 cells")
    refused(tiny, ResizeBoard(6, 4), "already 6x4")


def test_new_commands_round_trip_through_their_payload():
    for command in (UpdateUnit("e1", {"name": "X"}), ResizeBoard(7, 7)):
        assert command_from_payload(command.kind, command.payload()) == command
