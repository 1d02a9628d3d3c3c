"""Child process for the replaced-file tests: a Foebook writing to a session, whose file is
deleted or replaced between two commands, then ends as a process ends (not killed).

Run as `python -m tests.db.replaced_child PATH SESSION`: applies three commands, prints
"ready", waits for a line on stdin, tries three more and prints "saved SEQ" or
"refused MESSAGE" for each, closes the database and exits normally.
"""

from __future__ import annotations

import sys

from tests.db.crash_child import command_for


def main(path: str, name: str) -> None:
    from db.engine import open_database
    from db.repository import open_session
    from desktop.errors import FoebookError
    from desktop.storage_url import sqlite_url
    from tests.desktop.tracker.tiny_ruleset import rulesets

    database = open_database(sqlite_url(path), backup=False)
    session = open_session(database, name, rulesets)
    for index in range(3):
        session.execute(command_for(index))
    print("ready", flush=True)
    sys.stdin.readline()
    for index in range(3, 6):
        try:
            entry = session.execute(command_for(index))
        except FoebookError as error:
            print(f"refused {error}", flush=True)
        else:
            print(f"saved {entry.seq}", flush=True)
    database.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])


def delete_then_kill(path, name: str) -> None:
    """A Foebook writing to `path` (a session `name` in it) has the file deleted under it,
    then is killed: its journal (-wal, -shm) is left without its database."""
    import signal
    import subprocess
    from pathlib import Path

    child = subprocess.Popen(
        [sys.executable, "-m", "tests.db.replaced_child", str(path), name],
        cwd=Path(__file__).resolve().parents[2],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        Path(path).unlink()
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        child.kill()
        if child.stdout is not None:
            child.stdout.close()
        if child.stdin is not None:
            child.stdin.close()
