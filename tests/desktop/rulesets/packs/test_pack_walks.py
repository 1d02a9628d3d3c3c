"""What a rule pack's kept and bounded walks must never change: a decision on a board that
already answered other questions (another position, a figure since moved) is the decision a
freshly loaded board gives, and a route longer than the first, short search still wins."""

from __future__ import annotations

import pytest

from desktop.engine.board import Board
from desktop.engine.decision import Decision
from desktop.engine.encounter import Encounter
from desktop.rulesets.packs.pack_explain import Facts, render
from desktop.rulesets.registry import PackEntry, add_pack
from tests.desktop.rulesets.packs.test_hex_words import ORCS, orc
from tests.desktop.rulesets.packs.test_vocabulary import hero
from tests.desktop.rulesets.scenario import decided, encounter


@pytest.fixture(autouse=True)
def orcs():
    assert add_pack(PackEntry("orcs", "orcs.toml", lambda: ORCS)) is None


def fresh(enc: Encounter) -> Encounter:
    """The same position on a board object that has learned nothing yet."""
    return enc.evolve(board=Board(enc.board.shape, enc.board.rows))


def said(d: Decision) -> list[object]:
    return [
        [(o.action, o.destination, o.path, o.targets, o.summary) for o in d.options],
        d.summary,
        [(t.step, t.outcome, t.detail) for t in d.trace],
    ]


def moved(enc: Encounter, unit_id: str, at: tuple[int, int]) -> Encounter:
    return enc.replace_unit(enc.unit(unit_id).evolve(at=at))


def test_a_detour_longer_than_the_first_short_search_still_leads_to_the_nearest_square():
    # Ada stands 2 squares away across a wall that only opens at the bottom: the nearest
    # squares from which the orc reaches her are 7 steps away by route, far past the few steps
    # the first search looks (the straight line says 1).
    cells = """
    . # . .
    . # . .
    . # . .
    . # . .
    . . . .
    """
    enc = encounter(
        "orcs", cells, [orc(at=(0, 0), extra="stats = { move = 9 }"), hero("ada", (2, 0))]
    )
    d = decided(enc, "o", [4])
    assert {(o.action, o.destination, o.targets, len(o.path)) for o in d.options} == {
        ("cleave", (2, 1), ("ada",), 7),
        ("cleave", (3, 1), ("ada",), 7),
    }
    assert d.path == ((0, 1), (0, 2), (0, 3), (1, 4), (2, 3), (3, 2), (2, 1))
    assert "nearest squares from which someone is targetable: 7 steps away" in d.trace[1].detail


def test_move_engage_on_a_board_that_kept_walks_decides_as_a_fresh_board_does():
    cells = "\n".join([". . . . . . ."] * 4)
    enc = encounter(
        "orcs",
        cells,
        [orc("a", (0, 1)), orc("b", (0, 3)), hero("ada", (5, 1), hp=2), hero("bo", (6, 3))],
    )
    first = decided(enc, "a", [3])
    assert decided(enc, "a", [3]) == first  # the same position again: the kept walk
    # Orc b steps into the square orc a was heading for: the same board object, new blockers.
    blocked = moved(enc, "b", first.destination)
    assert blocked.board is enc.board
    again = decided(blocked, "a", [3])
    assert said(again) == said(decided(fresh(blocked), "a", [3]))
    assert again.destination != first.destination


def test_card_flip_moves_on_a_board_that_kept_walks_decide_as_a_fresh_board_does():
    cells = "\n".join([". . . . . . . ."] * 3)
    units = [
        'id = "gob"\nside = "enemy"\nat = [0, 1]\nhp = 9\nmax_hp = 9\nstats = { move = 3 }',
        'id = "orc"\nside = "enemy"\nat = [0, 0]\nhp = 9\nmax_hp = 9\nstats = { move = 0 }',
        hero("ada", (7, 1)),
    ]
    enc = encounter("card-flip-rpg", cells, units)
    first = decided(enc, "gob", [])
    assert first.destination == (3, 1) and first.alternatives == ()
    assert decided(enc, "gob", []) == first
    # The orc is carried onto the square the goblin would have ended on: it may pass the orc
    # but not stop there. The same board object, with new figures on it.
    blocked = moved(enc, "orc", (3, 1))
    assert blocked.board is enc.board
    again = decided(blocked, "gob", [])
    assert said(again) == said(decided(fresh(blocked), "gob", []))
    assert again.destination == (2, 1)


def test_a_template_said_again_and_with_other_facts_reads_each_time_as_written():
    template = "{name} backs off{choices?; {choices} squares: {who?{who} picks}}{none?!}"
    assert render(template, Facts(name="Orc", choices=2, who="the party")) == (
        "Orc backs off; 2 squares: the party picks"
    )
    assert render(template, Facts(name="Gob", choices=0, who="x")) == "Gob backs off"
    assert render(template, {"name": "Imp", "choices": 3}) == "Imp backs off; 3 squares: "


def test_a_kept_walk_stops_a_longer_move_farther_along():
    # The same orc in the same place past the same figures, its move raised between two
    # decisions (an edit in the tracker): the walk is the one kept, the stop is not.
    cells = ". . . . . . . . ."
    enc = encounter(
        "orcs", cells, [orc(at=(0, 0), extra="stats = { move = 2 }"), hero("ada", (8, 0))]
    )
    assert decided(enc, "o", [3]).destination == (2, 0)
    faster = enc.replace_unit(enc.unit("o").evolve(stats={"move": 4}))
    assert faster.board is enc.board
    again = decided(faster, "o", [3])
    assert said(again) == said(decided(fresh(faster), "o", [3]))
    assert again.destination == (4, 0)
