"""Child process for the shared-table test: a second Foebook on the same session.

Protocol on stdin/stdout: prints "ready"; on "go" applies COUNT damage commands,
prints "done"; then polls until it sees a note "ping" and prints "seen" (gives up after
120 s, printing nothing).
"""

from __future__ import annotations

import sys
import time

COUNT = 100


def main(url: str, name: str) -> None:
    from db.engine import open_database
    from db.repository import open_session
    from db.shared_table import SessionWatcher
    from desktop.tracker.commands import Damage
    from tests.desktop.tracker.tiny_ruleset import rulesets

    database = open_database(url, backup=False)
    session = open_session(database, name, rulesets)
    print("ready", flush=True)
    assert sys.stdin.readline().strip() == "go"
    for _ in range(COUNT):
        session.execute(Damage("p1", 1))
    print("done", flush=True)
    watcher = SessionWatcher(session, interval=0.05)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if watcher.poll() and any(h.text == "Note: ping" for h in session.history):
            print("seen", flush=True)
            break
        time.sleep(watcher.interval)
    database.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
