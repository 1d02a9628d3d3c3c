"""Units with nothing to do in a phase (grimdark-solo: no usable command ability in the
command phase, in combat in the movement phase, not a psyker in the psychic phase, nothing to
shoot with or at, nobody to charge, nobody to fight) are passed as their turn comes,
together, in the same step and one sentence of the log; a unit whose decision could be an
action is not."""

from __future__ import annotations

from desktop.encounter_file import load_encounter
from desktop.engine.board import Board
from desktop.engine.decide import decide
from desktop.engine.encounter import Encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import (
    AddStatus,
    AddUnit,
    ApplyDecision,
    MoveUnit,
    NextActivation,
    SetPhase,
)

CLOSE_QUARTERS = "grimdark-solo-close-quarters.toml"  # captain (command ability), 4 others
RELAY = "grimdark-solo-hold-the-relay.toml"  # warboss (command ability), boyz, weirdboy, gretchin


def session(sample: str) -> Session:
    encounter = load_encounter(sample_path(sample))
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "idle", dice_seed=4)


def apply_current(table: Session):
    decision = decide(table.encounter, table.current_unit, table.ruleset, table.state.dice.dice())
    return table.execute(ApplyDecision.of(decision))


def test_the_units_without_a_command_ability_are_passed_with_the_one_that_has_it():
    table = session(CLOSE_QUARTERS)
    assert table.encounter.phase == "command" and table.current_unit == "captain"
    entry = apply_current(table)
    assert entry.text.endswith(
        "; Cultist Mob (no command ability), Raider Gunners (no command ability), Warp "
        "Hounds (no command ability) and Dark Seer (no command ability) have nothing to do "
        "in the command phase: passed"
    )
    assert table.current_unit is None and len(table.history) == 1
    assert all(table.state.has_acted(u) for u in table.order)
    table.undo()
    assert table.current_unit == "captain" and table.state.pointer == 0


def test_as_the_psychic_phase_begins_only_the_psykers_are_left_to_act():
    table = session(CLOSE_QUARTERS)
    entry = table.execute(SetPhase("psychic"))
    assert entry.text == (
        "Phase: psychic; Raider Captain (not a psyker), Cultist Mob (not a psyker), Raider "
        "Gunners (not a psyker) and Warp Hounds (not a psyker) have nothing to do in the "
        "psychic phase: passed; Dark Seer activates first"
    )  # the captain, passed, is not said to activate
    assert table.current_unit == "seer"
    apply_current(table)
    assert table.current_unit is None
    assert table.execute(NextActivation()).text.startswith("The shooting phase begins")


def test_an_ability_with_nobody_in_reach_is_nothing_to_do_and_says_so():
    table = session(RELAY)
    table.execute(MoveUnit("warboss", (20, 1)))  # far from every friendly unit
    entry = table.execute(SetPhase("command"))
    assert entry.text == (
        "Phase: command; Warlord (nobody in reach of its command "
        "ability), Brute Mob (no command ability), Warp Seer (no command ability) and Scrap "
        "Gunners (no command ability) have nothing to do in the command phase: passed"
    )
    assert table.current_unit is None


def test_a_unit_with_something_to_do_is_not_passed_and_nor_are_those_after_it():
    table = session(RELAY)
    table.execute(SetPhase("command"))
    assert table.current_unit == "warboss"  # its ability reaches the boyz: it acts
    assert table.state.pointer == 0


def test_the_log_never_says_that_a_unit_passed_at_once_activates():
    # Next ends the movement phase; the psychic phase begins with two units that are not
    # psykers, passed at once: the log names them as passed, not as activating first. Next
    # on the psyker then reaches the last unit, passed too.
    table = session(RELAY)
    assert table.encounter.phase == "movement"
    while table.current_unit is not None:
        table.execute(NextActivation())
    entry = table.execute(NextActivation())
    assert entry.text == (
        "The psychic phase begins; Warlord (not a psyker) and Brute Mob (not a psyker) have "
        "nothing to do in the psychic phase: passed; Warp Seer activates first"
    )
    entry = table.execute(NextActivation())
    assert entry.text == (
        "Warp Seer done; Scrap Gunners (not a psyker) has nothing to do in the psychic "
        "phase: passed"
    )


def test_a_session_set_up_from_nothing_passes_nobody_while_its_units_are_added():
    # A new grimdark-solo session starts in the command phase with no units. The warboss,
    # added first, has nobody in reach of its ability yet: it must not be passed (its turn
    # has not come, nobody has acted), or the boyz added next would miss the round.
    ruleset = get_ruleset("grimdark-solo")
    empty = Encounter(
        ruleset=ruleset.id,
        board=Board.blank("square", 12, 10),
        units=(),
        name="new",
        phase="command",
    )
    table = Session.in_memory(empty, ruleset, "new", dice_seed=4)
    boss = {
        "id": "boss",
        "name": "Warboss",
        "side": "enemy",
        "at": [1, 1],
        "hp": 5,
        "max_hp": 5,
        "tags": ["command-ability"],
    }
    boyz = {"id": "boyz", "name": "Boyz", "side": "enemy", "at": [2, 1], "hp": 8, "max_hp": 8}
    assert table.execute(AddUnit(boss)).text == "Added Warboss (enemy) at [1, 1]"
    assert table.execute(AddUnit(boyz)).text == "Added Boyz (enemy) at [2, 1]"
    assert table.state.order == ("boss", "boyz") and table.state.pointer == 0
    assert table.current_unit == "boss"
    entry = apply_current(table)  # its ability reaches the boyz now; they are passed
    assert entry.text.startswith("Warboss: Use its command ability on Boyz")
    assert entry.text.endswith(
        "Boyz (no command ability) has nothing to do in the command phase: passed"
    )


def test_in_the_movement_phase_a_unit_in_combat_stays_without_a_turn_of_its_own():
    table = session(CLOSE_QUARTERS)
    assert table.execute(SetPhase("movement")).text.endswith("Raider Captain activates first")
    entry = apply_current(table)
    assert entry.text.endswith(
        "; Cultist Mob (in combat with Guard Squad) has nothing to do in the movement "
        "phase: passed; Raider Gunners activates"
    )


def test_in_the_shooting_phase_units_that_cannot_fire_are_passed_each_with_its_reason():
    table = session(CLOSE_QUARTERS)
    table.execute(MoveUnit("gunners", (0, 15)))  # its rifles still reach someone
    table.execute(MoveUnit("captain", (1, 15)))  # its pistol reaches nobody
    entry = table.execute(SetPhase("shooting"))
    assert entry.text == (
        "Phase: shooting; Raider Captain (no player unit in range and sight) and Cultist Mob "
        "(no ranged weapon) have nothing to do in the shooting phase: passed; Raider "
        "Gunners activates first"
    )
    entry = apply_current(table)
    assert entry.text.startswith("Raider Gunners: Shoot ")
    assert entry.text.endswith(
        "; Warp Hounds (no ranged weapon) and Dark Seer (no ranged weapon) have nothing to "
        "do in the shooting phase: passed"
    )
    assert table.current_unit is None


def test_a_unit_that_advanced_shoots_and_charges_nothing_without_an_assault_weapon():
    table = session(CLOSE_QUARTERS)
    table.execute(AddStatus("captain", "advanced"))
    assert table.execute(SetPhase("shooting")).text.startswith(
        "Phase: shooting; Raider Captain (advanced, with no assault weapon) and Cultist Mob "
        "(no ranged weapon) have nothing to do in the shooting phase: passed; Raider Gunners "
        "activates first"
    )
    assert table.execute(SetPhase("charge")).text.startswith(
        "Phase: charge; Raider Captain (advanced this turn), Cultist Mob (already in combat "
        "with Guard Squad) and Raider Gunners (no melee weapon) have nothing to do in the "
        "charge phase: passed; Warp Hounds activates first"
    )


def test_a_charge_that_might_reach_is_not_passed():
    table = session(CLOSE_QUARTERS)
    table.execute(SetPhase("charge"))
    assert table.current_unit == "captain"  # the Guard Squad is within a 12" route
    entry = apply_current(table)
    assert entry.text.endswith(
        "; Cultist Mob (already in combat with Guard Squad) and Raider Gunners (no melee "
        "weapon) have nothing to do in the charge phase: passed; Warp Hounds activates"
    )


def test_in_the_fight_phase_only_units_in_combat_act_and_the_last_ends_the_turn():
    table = session(CLOSE_QUARTERS)
    entry = table.execute(SetPhase("fight"))
    assert entry.text == (
        "Phase: fight; Raider Captain (not in combat) has nothing to do in the fight phase: "
        "passed; Cultist Mob activates first"
    )
    assert apply_current(table).text == "Cultist Mob: Fight Guard Squad with Blades"
    assert table.state.unit("mob").has("fought") and table.current_unit == "mob"
    entry = apply_current(table)  # its consolidation: then nobody else is in combat
    assert entry.text == (
        "Cultist Mob: Consolidate in place; Raider Gunners (not in combat), Warp Hounds (not "
        "in combat) and Dark Seer (not in combat) have nothing to do in the fight phase: "
        "passed"
    )
    assert table.current_unit is None
    assert not table.state.unit("mob").has("fought")  # the enemy's turn is over
    table.undo()
    assert table.current_unit == "mob" and table.state.unit("mob").has("fought")
