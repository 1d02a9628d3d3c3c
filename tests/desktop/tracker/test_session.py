"""The session object: undo/redo, history flags, observers, turn order, concurrent writers."""

from __future__ import annotations

import pytest

from desktop.tracker import ConflictError, Session, TrackerError
from desktop.tracker.commands import (
    AddStatus,
    AddUnit,
    Damage,
    EditTerrain,
    MoveUnit,
    NextActivation,
    NextRound,
    Note,
    RemoveUnit,
    SettleOrder,
)
from desktop.tracker.session import initial_state
from desktop.tracker.store import MemoryStore
from tests.desktop.tracker.tiny_ruleset import TINY, tiny_encounter


@pytest.fixture
def tiny() -> Session:
    return Session.in_memory(tiny_encounter(), TINY)


def test_undo_and_redo_restore_exact_states(tiny):
    states = [tiny.state]
    for command in (
        Damage("e1", 2),
        AddStatus("e1", "poison", 3),
        MoveUnit("e1", (0, 1)),
        AddUnit({"id": "x", "side": "player", "at": [3, 3], "max_hp": 2}),
        RemoveUnit("p2"),
        EditTerrain((3, 2), ","),
        NextActivation(),
        NextRound(),
    ):
        tiny.execute(command)
        states.append(tiny.state)
    for expected in reversed(states[:-1]):
        tiny.undo()
        assert tiny.state == expected
    assert not tiny.can_undo
    with pytest.raises(TrackerError, match="nothing to undo"):
        tiny.undo()
    for expected in states[1:]:
        tiny.redo()
        assert tiny.state == expected
    with pytest.raises(TrackerError, match="nothing to redo"):
        tiny.redo()


def test_history_flags_and_dropped_redo(tiny):
    tiny.execute(Damage("e1", 1))
    tiny.execute(Damage("e1", 2))
    tiny.undo()
    assert [h.undone for h in tiny.history] == [False, True]
    assert tiny.redo_text() == "Raider takes 2 damage (HP 5 → 3 of 6)"
    tiny.execute(Damage("e2", 1))  # a new command ends the redo chain
    assert [h.status for h in tiny.history] == ["done", "dropped", "done"]
    assert not tiny.can_redo
    assert tiny.undo_text() == "Sniper takes 1 damage (HP 4 → 3 of 4)"
    tiny.undo()
    tiny.undo()
    assert tiny.state.unit("e1").hp == 6 and tiny.state.unit("e2").hp == 4
    tiny.redo()
    assert tiny.state.unit("e1").hp == 5  # redo skips the dropped entry
    tiny.redo()
    assert tiny.state.unit("e2").hp == 3


def test_observers_hear_every_change(tiny):
    heard = []
    unsubscribe = tiny.subscribe(heard.append)
    tiny.execute(Damage("e1", 1))
    tiny.undo()
    tiny.redo()
    assert [(c.kind, c.sections) for c in heard] == [
        ("command", frozenset({"units"})),
        ("undo", frozenset({"units"})),
        ("redo", frozenset({"units"})),
    ]
    assert heard[1].entry.undone and not heard[2].entry.undone
    unsubscribe()
    tiny.execute(Damage("e1", 1))
    assert len(heard) == 3
    with pytest.raises(TrackerError):
        tiny.execute(Damage("e1", 0))
    assert len(heard) == 3  # refused commands change nothing and notify nobody


def test_a_change_says_which_sections_it_touched_and_a_reload_touches_all(tiny):
    heard = []
    store = tiny.store
    tiny.subscribe(heard.append)
    tiny.execute(Note("the raider looks nervous"))
    tiny.execute(Damage("e1", 1))
    note, damage = heard
    assert not note.touches() and not note.touches("units", "board")
    assert damage.touches() and damage.touches("board", "units") and not damage.touches("board")
    other = Session(TINY, store)
    other.execute(MoveUnit("p1", (0, 1)))
    assert tiny.refresh()
    assert heard[-1].kind == "reload" and heard[-1].touches("board")


def test_turn_order_pointer_and_settled_ties(tiny):
    assert (tiny.order, tiny.state.ties, tiny.pointer) == (("e1", "e2"), (("e1", "e2"),), 0)
    tiny.execute(AddStatus("e2", "overwatch"))
    tiny.execute(SettleOrder(["e2", "e1"]))  # e2 now activates first: its overwatch ends
    assert tiny.current_unit == "e2" and not tiny.state.unit("e2").has("overwatch")
    tiny.execute(NextActivation())
    with pytest.raises(TrackerError, match="e2 already acted this round"):
        tiny.execute(SettleOrder(["e1", "e2"]))
    with pytest.raises(TrackerError, match="the same units as the current one"):
        tiny.execute(SettleOrder(["e1"]))
    tiny.execute(NextActivation())
    with pytest.raises(TrackerError, match="every unit has acted in round 1; start the next"):
        tiny.execute(NextActivation())
    assert tiny.history[-1].text == "Raider done; every unit has acted in round 1"
    tiny.execute(NextRound())
    assert (tiny.round, tiny.pointer, tiny.current_unit) == (2, 0, "e1")


def test_concurrent_writers_never_lose_an_update():
    store = MemoryStore(initial_state(tiny_encounter(), TINY))
    one, two = Session(TINY, store), Session(TINY, store)
    one.execute(Damage("p1", 1))
    two.execute(Damage("p1", 2))  # saw an old version: reloads and re-applies
    assert two.state.unit("p1").hp == 7
    one.execute(Damage("p1", 3))
    assert one.state.unit("p1").hp == 4
    assert [h.seq for h in one.history] == [1, 2, 3]
    with pytest.raises(ConflictError, match="was changed in another Foebook window"):
        two.undo()  # undo never guesses across someone else's change
    assert two.state == one.state
    two.undo()
    assert two.state.unit("p1").hp == 7
    assert one.refresh() and one.state == two.state
    assert not one.refresh()


def test_a_command_that_no_longer_fits_after_a_concurrent_change_is_reported():
    store = MemoryStore(initial_state(tiny_encounter(), TINY))
    one, two = Session(TINY, store), Session(TINY, store)
    one.execute(RemoveUnit("p2"))
    with pytest.raises(TrackerError, match=r"changed in another Foebook window.*no unit 'p2'"):
        two.execute(Damage("p2", 1))


def test_initial_state_checks_the_ruleset(tiny):
    from desktop.rulesets.registry import get_ruleset

    with pytest.raises(TrackerError, match="played with 'tiny-test', not 'card-flip-rpg'"):
        initial_state(tiny_encounter(), get_ruleset("card-flip-rpg"))


def test_what_a_command_was_meant_for_is_checked_on_the_state_it_is_applied_to():
    """A check given with a command runs on every state the command is tried on, the one
    reloaded after a concurrent change included: it refuses with its own words."""
    store = MemoryStore(initial_state(tiny_encounter(), TINY))
    one, two = Session(TINY, store), Session(TINY, store)

    def standing(state) -> None:
        if TINY.is_defeated(state.unit("e2")):
            raise TrackerError("Sniper was defeated meanwhile")

    one.execute(Damage("e2", 4))  # two has not seen it
    with pytest.raises(TrackerError, match=r"\ASniper was defeated meanwhile\Z"):
        two.execute(Damage("e2", 1), standing)
    assert two.state == one.state and [h.text for h in two.history] == [h.text for h in one.history]
    with pytest.raises(TrackerError):
        two.execute(Damage("e1", 1), standing)  # checked before the first try too
    two.execute(Damage("e1", 1))
    assert two.state.unit("e1").hp == 5
