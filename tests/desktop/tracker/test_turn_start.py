"""Start-of-turn damage (monster-focus wound: `turn_start_damage` in the ruleset data): dealt
by the command that starts the figure's turn, logged there, undone with it, never twice in a
round (redo, reopening, a changed order), and a figure it kills is out for the turn."""

from __future__ import annotations

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import (
    AddStatus,
    ApplyDecision,
    NextActivation,
    NextRound,
    SetStat,
)

CAVE = "monster-focus-ice-cave.toml"  # golem (15), imp (25), then brute and cragheart (40)


def cave(**hp: int) -> Session:
    encounter = load_encounter(sample_path(CAVE))
    for unit_id, value in hp.items():
        encounter = encounter.replace_unit(encounter.unit(unit_id).evolve(hp=value))
    return Session.in_memory(encounter, get_ruleset("monster-focus"), "cave", dice_seed=3)


def shown(session: Session, unit_id: str):
    return decide(session.encounter, unit_id, session.ruleset, session.state.dice.dice())


def hp(session: Session, unit_id: str) -> int:
    return session.encounter.unit(unit_id).hp


def test_the_wound_bites_when_the_turn_moves_on_to_the_figure_and_undo_takes_it_back():
    table = cave()
    assert table.order[:2] == ("golem", "imp")
    table.execute(AddStatus("imp", "wound"))
    assert hp(table, "imp") == 4  # not its turn yet
    entry = table.execute(ApplyDecision.of(shown(table, "golem")))
    assert table.current_unit == "imp" and hp(table, "imp") == 3
    assert entry.text.endswith(
        "; Flame imp is wounded: 1 damage at the start of its turn (HP 4 → 3 of 4)"
    )
    table.undo()
    assert hp(table, "imp") == 4 and table.current_unit == "golem"
    table.redo()
    assert hp(table, "imp") == 3 and table.current_unit == "imp"
    # Its own turn ends and the round goes on: no second bite this round.
    table.execute(ApplyDecision.of(shown(table, "imp")))
    table.execute(NextActivation())
    assert hp(table, "imp") == 3
    # Next round: the golem acts first, then the imp's turn starts again.
    table.execute(NextActivation())
    table.execute(NextRound())
    assert hp(table, "imp") == 3
    table.execute(NextActivation())
    assert hp(table, "imp") == 2


def test_a_reopened_session_does_not_deal_it_again():
    table = cave()
    table.execute(AddStatus("imp", "wound"))
    table.execute(NextActivation())
    assert hp(table, "imp") == 3
    reopened = Session(table.ruleset, table.store, "cave")
    assert hp(reopened, "imp") == 3 and reopened.state.started == ("golem", "imp")
    reopened.execute(NextActivation())
    assert hp(reopened, "imp") == 3


def test_a_figure_the_wound_kills_is_out_for_the_turn():
    table = cave(imp=1)
    table.execute(AddStatus("imp", "wound"))
    entry = table.execute(NextActivation())
    assert hp(table, "imp") == 0 and "imp" not in table.order
    assert table.current_unit == "brute"
    assert entry.text == (
        "Ice golem done; Flame imp activates; Flame imp is wounded: 1 damage at the start of "
        "its turn (HP 1 → 0 of 4); it is out of action and takes no turn"
    )
    table.undo()
    assert hp(table, "imp") == 1 and table.current_unit == "golem"


def test_the_first_figure_of_a_new_session_is_wounded_when_its_turn_is_taken():
    table = cave(golem=1)
    table.execute(AddStatus("golem", "wound"))
    assert hp(table, "golem") == 1  # the session opened on its turn: nothing moved yet
    decision = shown(table, "golem")
    assert decision.action == "attack"
    entry = table.execute(ApplyDecision.of(decision))
    # Put out of action as its turn begins: the decision is not carried out.
    assert entry.text == (
        "Ice golem is wounded: 1 damage at the start of its turn (HP 1 → 0 of 9); it is "
        "out of action and takes no turn"
    )
    assert table.encounter.unit("golem").at == (4, 1)
    assert table.current_unit == "imp" and table.state.dice.used == 0


def test_a_new_order_before_anyone_acts_does_not_wound_twice():
    table = cave()
    table.execute(AddStatus("imp", "wound"))
    table.execute(SetStat("imp", "initiative", 5))  # the imp now acts first
    assert table.current_unit == "imp" and hp(table, "imp") == 3
    table.execute(SetStat("imp", "initiative", 25))  # ... and second again
    assert table.current_unit == "golem" and hp(table, "imp") == 3
    table.execute(NextActivation())
    assert table.current_unit == "imp" and hp(table, "imp") == 3


@pytest.mark.parametrize("status", ["poison", "immobilize"])
def test_markers_without_start_of_turn_damage_do_nothing_then(status):
    table = cave()
    table.execute(AddStatus("imp", status))
    table.execute(NextActivation())
    assert hp(table, "imp") == 4
