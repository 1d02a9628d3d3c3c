"""Tracker on SQLite: a command applied and committed, undo, and opening a 10,000-entry session."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

from sqlalchemy import insert, update

from db.engine import open_database
from db.models import LogRow, SessionRow
from db.repository import create_session, new_session, open_session
from desktop.encounter_file import load_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.tracker import Session
from desktop.tracker.commands import Damage, Heal, MoveUnit, Note
from desktop.tracker.state import full_sections
from tests.benchmarks.harness import Benchmark, Budget

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"
BIG = 10_000


class _Fixture:
    """One temporary database shared by the tracker benchmarks, built on first use."""

    def __init__(self) -> None:
        self.ready = False

    def setup(self) -> None:
        if self.ready:
            return
        self.folder = tempfile.TemporaryDirectory(prefix="foebook-bench-")
        self.database = open_database(f"sqlite:///{Path(self.folder.name) / 'bench.sqlite3'}")
        encounter = load_encounter(SAMPLE)
        self.session = new_session(self.database, "commands", encounter)
        self.commands = itertools.cycle([Damage("brute", 1), Heal("brute", 1)])
        self._build_big(encounter)
        self.big = open_session(self.database, "big")
        self.ready = True

    def _build_big(self, encounter) -> None:
        """A session with BIG logged commands, written in one transaction (setup speed only)."""
        ruleset = get_ruleset(encounter.ruleset)
        memory = Session.in_memory(encounter, ruleset)
        moves = itertools.cycle([MoveUnit("brute", (9, 2)), MoveUnit("brute", (9, 1))])
        for index in range(BIG):
            kind = index % 3
            command = (
                Damage("aria", 1)
                if kind == 0
                else Heal("aria", 1)
                if kind == 1
                else next(moves)
                if index % 2
                else Note(f"note {index}")
            )
            memory.execute(command)
        pk = create_session(self.database, "big", Session.in_memory(encounter, ruleset).state)
        logs = memory.store.logs
        rows = [
            {
                "session_id": pk,
                "seq": log.entry.seq,
                "created_at": log.entry.time,
                "kind": log.entry.kind,
                "text": log.entry.text,
                "status": log.entry.status,
                "payload": log.payload,
                "before": log.before,
                "after": log.after,
            }
            for log in logs
        ]
        final = full_sections(memory.state)
        with self.database.engine.begin() as conn:
            conn.execute(insert(LogRow), rows)
            from db.repository import _write_sections  # the same writer the store uses

            values = _write_sections(conn, pk, {"units": final["units"]}, final["roster"])
            conn.execute(
                update(SessionRow).where(SessionRow.id == pk).values(version=len(logs), **values)
            )

    def command(self) -> None:
        self.session.execute(next(self.commands))

    def open_big(self) -> None:
        session = open_session(self.database, "big")
        assert len(session.history) == BIG

    def undo(self) -> None:
        self.big.undo()


FIXTURE = _Fixture()

BENCHMARKS = [
    Benchmark(
        "tracker: command applied and committed (SQLite)",
        FIXTURE.command,
        budget=Budget.cpu(0.005),
        rounds=200,
        setup=FIXTURE.setup,
        clock="wall",  # a commit waits for the disk (harness.py)
    ),
    Benchmark(
        "tracker: open a session with 10,000 log entries (SQLite)",
        FIXTURE.open_big,
        budget=Budget.cpu(0.300),
        rounds=10,
        setup=FIXTURE.setup,
        clock="wall",  # a commit waits for the disk (harness.py)
    ),
    Benchmark(
        "tracker: undo committed (SQLite)",
        FIXTURE.undo,
        budget=Budget.cpu(0.005),
        rounds=200,
        setup=FIXTURE.setup,
        clock="wall",  # a commit waits for the disk (harness.py)
    ),
]
