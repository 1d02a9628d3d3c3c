"""The window-or-hole terrain `=`: parsed, passable, see-through; its cost is each ruleset's."""

from __future__ import annotations

import pytest

from desktop.encounter_file import dump_encounter, parse_encounter
from desktop.engine.board import LEGEND, Board, BoardError, Terrain
from desktop.engine.climbing import InchField, InchMoves
from desktop.engine.cover import in_cover
from desktop.engine.geometry import Neighbourhood
from desktop.engine.movement import DistanceField, MovementRules
from desktop.engine.sight import has_line_of_sight
from desktop.engine.visibility import sees

# A wall across the board with one window in it.
WALLED = Board.from_text(
    "square",
    """
..#..
..#..
..=..
..#..
..#..
""",
)


def test_window_is_parsed_and_written_back():
    assert LEGEND["="] is Terrain.WINDOW
    assert WALLED.terrain((2, 2)) is Terrain.WINDOW
    assert Terrain.WINDOW.label == "window or hole"
    text = 'format = 1\nruleset = "skirmish-ai"\n[board]\nshape = "square"\ncells = """\n.=.\n"""\n'
    enc = parse_encounter(text, "window.toml")
    assert enc.board.rows == (".=.",)
    assert ".=." in dump_encounter(enc)


def test_unknown_characters_still_fail_and_name_the_window():
    with pytest.raises(BoardError, match="'='"):
        Board.from_text("square", ".q.")


def test_window_is_passable_and_does_not_block_sight():
    assert Terrain.WINDOW.passable and not Terrain.WINDOW.blocks_sight
    assert has_line_of_sight(WALLED, (0, 2), (4, 2))
    assert sees(WALLED, (0, 2), (4, 2))
    assert not has_line_of_sight(WALLED, (0, 0), (4, 0))  # the wall beside it still blocks
    # It is not cover of its own: a cell beside it is in cover only for the wall next to it.
    lone = Board.from_text("square", ".....\n..=..\n.....")
    assert not in_cover(lone, (1, 1))


def test_climbing_through_a_window_costs_two_extra_inches():
    field = InchField(WALLED, InchMoves(), (1, 2))
    assert field.cost((2, 2)) == 3  # 1" step + 2" to climb through
    assert field.cost((3, 2)) == 4
    assert field.path_to((4, 2)) == [(2, 2), (3, 2), (4, 2)]
    assert field.cost((3, 0)) == 5.5  # through the window, then 1.5" and 1" up the far side


def test_grid_rulesets_without_a_window_rule_cross_it_like_open_ground():
    rules = MovementRules(Neighbourhood.ORTHOGONAL)
    field = DistanceField(WALLED, rules, [(1, 2)])
    assert field.cost((3, 2)) == 2
    assert field.path_to((3, 2)) == [(2, 2), (3, 2)]
