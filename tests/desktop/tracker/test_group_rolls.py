"""A roll group's table roll in a session: fixed by the first member's applied decision, used
by the other members for the rest of the round (also once they moved apart), rewound by undo
and cleared by the next round."""

from __future__ import annotations

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.rulesets.registry import get_ruleset
from desktop.rulesets.skirmish_ai.ruleset import roll_group
from desktop.samples import sample_path
from desktop.tracker import Session
from desktop.tracker.commands import ApplyDecision, MoveUnit, NextRound

RAID = "skirmish-ai-outpost-raid.toml"
FAR = (12, 11)  # open ground, more than 2" from every other enemy


def squad(seed: int, third_at: tuple[int, int] = (2, 3)) -> Session:
    """The raid with a third trooper; at (2, 3) it stands within 2" of Troopers 1 and 2."""
    encounter = load_encounter(sample_path(RAID))
    third = encounter.unit("trooper-2").evolve(id="trooper-3", name="Trooper 3", at=third_at)
    encounter = encounter.evolve(units=(*encounter.units, third))
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "raid", dice_seed=seed)


def shown(session: Session, unit_id: str) -> Decision:
    """What the window shows for a unit: its group's roll (if any), then the next draw."""
    return decide(
        session.encounter, unit_id, session.ruleset, session.state.dice.dice(unit_id=unit_id)
    )


def group_of(session: Session, unit_id: str) -> list[str]:
    return [u.id for u in roll_group(session.encounter, session.encounter.unit(unit_id))]


def test_the_first_members_roll_is_the_others_table_roll_even_after_it_moved_away():
    values = set()
    for seed in range(6):
        session = squad(seed)
        first = shown(session, "trooper-1")
        assert first.shares_roll_with == ("trooper-2", "trooper-3")
        table = first.rolls[0]
        entry = session.execute(ApplyDecision.of(first))
        assert "Trooper 2, Trooper 3 share this roll for the rest of the round" in entry.text
        session.execute(MoveUnit("trooper-1", FAR))
        assert "trooper-1" not in group_of(session, "trooper-2")
        for member in ("trooper-2", "trooper-3"):
            decision = shown(session, member)
            assert decision.rolls[0].value == table.value and decision.rolls[0].shared
            assert decision.rolls[0].meaning.startswith(f"Tactical table, row {table.value}: ")
            assert decision.shares_roll_with == ()
            used = session.state.dice.used
            entry = session.execute(ApplyDecision.of(decision))
            assert f"it used the group's roll of {table.value} rolled by Trooper 1" in entry.text
            own = [r for r in decision.rolls if not r.shared]  # e.g. overwatch: a fresh draw
            assert session.state.dice.used == used + (1 if own else 0)
        values.add(table.value)
    assert len(values) > 1  # the members follow whatever the group rolled


def test_undo_of_the_first_apply_frees_the_roll_and_redo_fixes_it_again():
    session = squad(4)
    first = shown(session, "trooper-1")
    session.execute(ApplyDecision.of(first))
    assert set(session.state.dice.group_rolls) == {"trooper-2", "trooper-3"}
    session.undo()
    assert dict(session.state.dice.group_rolls) == {}
    fresh = shown(session, "trooper-2")
    assert not any(r.shared for r in fresh.rolls)
    assert fresh.shares_roll_with == ("trooper-1", "trooper-3")  # it would roll for the group
    session.redo()
    again = shown(session, "trooper-2")
    assert again.rolls[0].shared and again.rolls[0].value == first.rolls[0].value


def test_the_next_round_clears_the_groups_roll_and_undo_brings_it_back():
    session = squad(6)
    first = shown(session, "trooper-1")
    session.execute(ApplyDecision.of(first))
    session.execute(NextRound())
    assert dict(session.state.dice.group_rolls) == {} and session.state.dice.rolled == ()
    assert not any(r.shared for r in shown(session, "trooper-2").rolls)
    session.undo()
    assert shown(session, "trooper-2").rolls[0].value == first.rolls[0].value


def test_a_member_that_rolled_its_own_dice_this_round_keeps_them():
    session = squad(3, third_at=FAR)
    alone = shown(session, "trooper-3")
    assert alone.rolls and alone.shares_roll_with == ()
    session.execute(ApplyDecision.of(alone))
    session.execute(MoveUnit("trooper-3", (2, 3)))  # it joins the squad after rolling
    first = shown(session, "trooper-1")
    assert first.shares_roll_with == ("trooper-2", "trooper-3")
    entry = session.execute(ApplyDecision.of(first))
    assert set(session.state.dice.group_rolls) == {"trooper-2"}
    assert "; Trooper 2 shares this roll for the rest of the round" in entry.text
    assert not any(r.shared for r in shown(session, "trooper-3").rolls)


def test_a_group_that_followed_its_base_condition_makes_no_roll_for_the_rest_of_the_round():
    """a can reach p to brawl, so its group (a and b, 2" apart) follows base conditions; once
    a has charged away, b still makes no roll: it does its own base-condition action."""
    from tests.desktop.rulesets.scenario import encounter
    from tests.desktop.rulesets.skirmish_ai.test_tables import FIELD, enemy, player
    from tests.desktop.rulesets.skirmish_ai.test_types import CLAWS

    pair = encounter(
        "skirmish-ai",
        FIELD,
        [
            enemy("a", (10, 1), "aggressive", CLAWS),
            enemy("b", (8, 1), "aggressive", CLAWS),
            player("p", (16, 1)),
        ],
    )
    session = Session.in_memory(pair, get_ruleset("skirmish-ai"), "pair", dice_seed=5)
    first = shown(session, "a")
    assert first.rolls == () and first.shares_base_with == ("b",)
    assert first.to_dict()["shares_base_with"] == ["b"]
    entry = session.execute(ApplyDecision.of(first))
    assert entry.text == (
        "a: Move to [15, 1] and brawl p; b follows base conditions too for the rest of the "
        "round, without a roll"
    )
    assert group_of(session, "b") == ["b"]  # a has moved away
    member = shown(session, "b")
    assert member.rolls == () and member.shares_base_with == ()
    group = next(t for t in member.trace if t.step == "Group's roll")
    assert group.outcome == "base condition" and "when a acted earlier this round" in group.detail
    used = session.state.dice.used
    entry = session.execute(ApplyDecision.of(member))
    assert entry.text.endswith(
        "; its group follows base conditions this round, as a found: no roll"
    )
    assert session.state.dice.used == used
    # Undo frees the group again: alone now, b would roll on its table.
    session.undo()
    session.undo()
    assert shown(session, "b").shares_base_with == ("a",)
    session.redo()
    assert dict(session.state.dice.group_bases) == {"b": "a"}
    session.execute(NextRound())  # a new round: the group is formed afresh
    assert dict(session.state.dice.group_bases) == {}


def test_the_log_line_reads_the_table_row_as_one_clause_before_the_groups_share():
    session = squad(3)
    first = shown(session, "trooper-1")
    row = next(r for r in first.rolls if "table, row" in r.meaning)
    assert row.meaning.endswith(".")  # the row's sentence, as the panel shows it
    entry = session.execute(ApplyDecision.of(first))
    assert f"— {row.meaning[:-1]}; Trooper 2" in entry.text
    assert ".;" not in entry.text
