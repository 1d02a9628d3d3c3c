"""Every built-in rule system plays a board with windows (`=`) without failing.

Each sample encounter gets its doors and one row of open ground turned into windows (some
figures then stand on one) and every enemy is decided. Only skirmish-ai (2" to climb
through) and grimdark-solo (1", like its doors) charge for them; the others cross them like
open ground.
"""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.board import Board, Terrain
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset
from tests.sample_files import SAMPLES


def _windowed(board: Board, row: int) -> Board:
    rows = []
    for r, line in enumerate(board.rows):
        line = line.replace(Terrain.DOOR.value, Terrain.WINDOW.value)
        if r == row:
            line = line.replace(Terrain.OPEN.value, Terrain.WINDOW.value)
        rows.append(line)
    return Board(board.shape, tuple(rows), board.heights)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_enemy_is_decided_on_a_board_with_windows(path):
    enc = load_encounter(path)
    first = enc.enemies()[0]
    was = enc.board.terrain(first.at)
    enc = enc.evolve(board=_windowed(enc.board, first.at[1]))
    assert enc.board.terrain(first.at) is (Terrain.WINDOW if was is Terrain.OPEN else was)
    assert len(enc.board.cells_of(Terrain.WINDOW)) >= 3
    ruleset = get_ruleset(enc.ruleset)
    for unit in enc.enemies():
        decision = decide(enc, unit.id, ruleset, Dice(seed=5))
        assert decision.outcome.action


def test_grimdark_charges_a_window_like_a_door():
    from desktop.rulesets.grimdark_solo.common import MOVEMENT

    assert MOVEMENT.extra_cost[Terrain.WINDOW] == MOVEMENT.extra_cost[Terrain.DOOR]
