"""Child process for the crash test: applies commands forever, reporting each commit.

Run as `python -m tests.db.crash_child URL SESSION`; prints "committed SEQ" only
after the command's transaction has committed.
"""

from __future__ import annotations

import sys

from desktop.tracker.commands import AddStatus, Damage, Heal, MoveUnit, Note


def command_for(index: int):
    """The index-th command of an endless, always-valid sequence on the tiny encounter."""
    step = index % 5
    if step == 0:
        return Damage("p1", 1)
    if step == 1:
        return Heal("p1", 1)
    if step == 2:
        return AddStatus("p1", "poison", 1)
    if step == 3:
        return MoveUnit("p2", (4, 3) if (index // 5) % 2 == 0 else (5, 3))
    return Note(f"note {index}")


def main(url: str, name: str) -> None:
    from db.engine import open_database
    from db.repository import open_session
    from tests.desktop.tracker.tiny_ruleset import rulesets

    session = open_session(open_database(url, backup=False), name, rulesets)
    index = len(session.history)
    while True:
        entry = session.execute(command_for(index))
        print(f"committed {entry.seq}", flush=True)
        index += 1


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
