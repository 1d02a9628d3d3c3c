"""Model-based test: random commands, undo and redo against a plain model, with reloads.

The model is deliberately naive: units as dicts, undo/redo as stacks of deep
copies. The real session stores only state changes in SQLite and is reopened
from the database at random points; both must always agree.
"""

from __future__ import annotations

import copy
import itertools

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from db.engine import open_database
from db.repository import new_session, open_session
from desktop.tracker import TrackerError
from desktop.tracker.commands import (
    AddStatus,
    Damage,
    Heal,
    MoveUnit,
    Note,
    RemoveStatus,
    SetHp,
)
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

UNITS = ["e1", "e2", "p1", "p2"]
MANUAL = ["stunned", "overwatch", "poison", "blessed"]
CELLS = [(c, r) for r in range(4) for c in range(6)]
WALLS = {(1, 1), (2, 1), (4, 1)}


def model_from(session) -> dict:
    return {
        u.id: {
            "hp": u.hp,
            "max_hp": u.max_hp,
            "at": u.at,
            "statuses": [s for s in u.statuses if s != "down"],
            "counters": dict(session.state.counters_of(u.id)),
        }
        for u in session.encounter.units
    }


class TrackerMachine(RuleBasedStateMachine):
    def __init__(self, database, names) -> None:
        super().__init__()
        self.database = database
        self.session = new_session(database, next(names), tiny_encounter(), rulesets)
        self.model = model_from(self.session)
        self.done: list[dict] = []
        self.redo_stack: list[dict] = []

    # -- helpers ---------------------------------------------------------------------------
    def apply(self, command, change) -> None:
        """Run `command`; `change(model)` edits the model or raises TrackerError if invalid."""
        expected = copy.deepcopy(self.model)
        try:
            change(expected)
        except TrackerError:
            before = self.session.state
            try:
                self.session.execute(command)
            except TrackerError:
                assert self.session.state == before
                return
            raise AssertionError(f"{command} should have been refused") from None
        self._next_activates_if_active_falls(expected)
        self.session.execute(command)
        self.done.append(self.model)
        self.redo_stack.clear()
        self.model = expected

    def _next_activates_if_active_falls(self, m: dict) -> None:
        """A defeated unit leaves the order; when it was the active one, the next unit still
        standing activates, and its on-activation markers (overwatch) wear off."""
        order, pointer = self.session.order, self.session.pointer
        if pointer >= len(order) or m[order[pointer]]["hp"] > 0:
            return
        following = [u for u in order[pointer + 1 :] if m[u]["hp"] > 0]
        if following and "overwatch" in m[following[0]]["statuses"]:
            m[following[0]]["statuses"].remove("overwatch")
            m[following[0]]["counters"].pop("overwatch", None)

    # -- rules -----------------------------------------------------------------------------
    @rule(unit=st.sampled_from(UNITS), amount=st.integers(-1, 6))
    def damage(self, unit, amount):
        def change(m):
            if amount <= 0:
                raise TrackerError("bad amount")
            m[unit]["hp"] -= amount
            if "overwatch" in m[unit]["statuses"]:
                m[unit]["statuses"].remove("overwatch")
                m[unit]["counters"].pop("overwatch", None)

        self.apply(Damage(unit, amount), change)

    @rule(unit=st.sampled_from(UNITS), amount=st.integers(0, 6))
    def heal(self, unit, amount):
        def change(m):
            u = m[unit]
            full = u["hp"] >= u["max_hp"]
            if amount <= 0 or (full and "blessed" not in u["statuses"]):
                raise TrackerError("cannot heal")
            u["hp"] = min(u["max_hp"], u["hp"] + amount)  # at full HP: only ends "blessed"
            if "blessed" in u["statuses"]:
                u["statuses"].remove("blessed")
                u["counters"].pop("blessed", None)

        self.apply(Heal(unit, amount), change)

    @rule(unit=st.sampled_from(UNITS), hp=st.integers(-3, 12), max_hp=st.integers(-1, 12))
    def set_hp(self, unit, hp, max_hp):
        def change(m):
            u = m[unit]
            if max_hp <= 0 or hp > max_hp or (hp, max_hp) == (u["hp"], u["max_hp"]):
                raise TrackerError("bad hp")
            if hp > u["hp"] and "blessed" in u["statuses"]:
                u["statuses"].remove("blessed")
                u["counters"].pop("blessed", None)
            u["hp"], u["max_hp"] = hp, max_hp

        self.apply(SetHp(unit, hp, max_hp), change)

    @rule(
        unit=st.sampled_from(UNITS),
        status=st.sampled_from(MANUAL),
        counter=st.none() | st.integers(1, 3),
    )
    def add_status(self, unit, status, counter):
        def change(m):
            u = m[unit]
            if status in u["statuses"]:
                if counter is None:
                    raise TrackerError("already")
                u["counters"][status] = u["counters"].get(status, 1) + counter
            else:
                u["statuses"].append(status)
                if counter is not None:
                    u["counters"][status] = counter

        self.apply(AddStatus(unit, status, counter), change)

    @rule(
        unit=st.sampled_from(UNITS),
        status=st.sampled_from(MANUAL),
        counter=st.none() | st.integers(1, 3),
    )
    def remove_status(self, unit, status, counter):
        def change(m):
            u = m[unit]
            if status not in u["statuses"]:
                raise TrackerError("not there")
            left = u["counters"].get(status, 1) - counter if counter is not None else 0
            if left > 0:
                u["counters"][status] = left
            else:
                u["statuses"].remove(status)
                u["counters"].pop(status, None)

        self.apply(RemoveStatus(unit, status, counter), change)

    @rule(unit=st.sampled_from(UNITS), cell=st.sampled_from(CELLS))
    def move(self, unit, cell):
        def change(m):
            taken = {v["at"] for k, v in m.items() if k != unit}
            if cell in WALLS or cell in taken or cell == m[unit]["at"]:
                raise TrackerError("cannot move there")
            m[unit]["at"] = cell

        self.apply(MoveUnit(unit, cell), change)

    # Storage refuses NUL characters and lone surrogates (tests/db/test_limits.py); the
    # model's notes avoid them.
    @rule(
        text=st.text(
            st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=20
        )
    )
    def note(self, text):
        def change(m):
            if not text.strip():
                raise TrackerError("empty")

        self.apply(Note(text), change)

    @precondition(lambda self: self.done)
    @rule()
    def undo(self):
        self.session.undo()
        self.redo_stack.append(self.model)
        self.model = self.done.pop()

    @precondition(lambda self: self.redo_stack)
    @rule()
    def redo(self):
        self.session.redo()
        self.done.append(self.model)
        self.model = self.redo_stack.pop()

    @rule()
    def restart(self):
        """Reopen the session from the database, as after quitting Foebook."""
        again = open_session(self.database, self.session.name, rulesets)
        assert again.state == self.session.state
        assert again.history == self.session.history
        self.session = again

    # -- checks ----------------------------------------------------------------------------
    @invariant()
    def agrees_with_the_model(self):
        assert model_from(self.session) == self.model
        for unit in self.session.encounter.units:
            assert unit.has("down") == (unit.hp <= 0)
        assert self.session.can_undo == bool(self.done)
        assert self.session.can_redo == bool(self.redo_stack)
        undone = sum(h.status == "undone" for h in self.session.history)
        assert undone == len(self.redo_stack)


def test_random_commands_undo_redo_and_restarts_match_the_model(tmp_path):
    database = open_database(f"sqlite:///{tmp_path / 'model.sqlite3'}")
    names = (f"run {i}" for i in itertools.count())
    try:
        run_state_machine_as_test(
            lambda: TrackerMachine(database, names),
            settings=settings(
                max_examples=40,
                stateful_step_count=30,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
    finally:
        database.close()
