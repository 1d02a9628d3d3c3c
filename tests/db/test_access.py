"""A database Foebook may not read or write, or a full disk: one line saying what and what
to do, exit 2, and a healthy file is never called damaged.

The permission cases run the real `foebook` command as the unprivileged `nobody` user
(tests/as_nobody.py): the tests run as root, whom no file mode stops. chmod is suggested
only where it can help: for a file or folder of the user's own.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
from pathlib import Path

from db.engine import open_database
from db.repository import list_sessions, new_session
from desktop.encounter_file import load_encounter
from tests.as_nobody import FOEBOOK, foebook_as_nobody, nobody_owns

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"


def healthy_database(folder: Path) -> Path:
    path = folder / "foebook.sqlite3"
    database = open_database(f"sqlite:///{path}")
    try:
        new_session(database, "friday", load_encounter(SAMPLE))
    finally:
        database.close()
    return path


def assert_one_clear_line(result, expected: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and expected in result.stderr, result.stderr
    assert "damaged" not in result.stderr and "Traceback" not in result.stderr


def test_a_read_only_database_file_of_ones_own(scratch):
    path = healthy_database(scratch)
    nobody_owns(path)
    path.chmod(0o444)
    result = foebook_as_nobody(scratch, "sessions", "import", str(SAMPLE), "--db", str(path))
    assert_one_clear_line(result, f"{path} is read-only: Foebook saves every change at once")
    assert "make it writable (chmod u+w)" in result.stderr


def test_a_read_only_database_file_of_someone_else(scratch):
    """chmod cannot help with a file that is not the user's: not suggested."""
    path = healthy_database(scratch)
    path.chmod(0o444)
    result = foebook_as_nobody(scratch, "sessions", "import", str(SAMPLE), "--db", str(path))
    assert_one_clear_line(result, f"{path} is read-only: Foebook saves every change at once")
    assert "it belongs to root; copy it somewhere you can write" in result.stderr
    assert "chmod" not in result.stderr


def test_a_database_in_a_read_only_folder_of_someone_else(scratch):
    folder = scratch / "ro"
    folder.mkdir()
    path = healthy_database(folder)
    path.chmod(0o666)
    folder.chmod(0o555)
    result = foebook_as_nobody(scratch, "sessions", "list", "--db", str(path))
    assert_one_clear_line(result, f"the folder {folder} is read-only")
    assert "it belongs to root; move the database to a folder you can write to" in result.stderr
    assert "chmod" not in result.stderr


def test_a_database_in_a_read_only_folder_of_ones_own(scratch):
    folder = scratch / "ro"
    folder.mkdir()
    path = healthy_database(folder)
    nobody_owns(path)
    nobody_owns(folder)
    folder.chmod(0o555)
    result = foebook_as_nobody(scratch, "sessions", "list", "--db", str(path))
    assert_one_clear_line(result, f"the folder {folder} is read-only")
    assert "make the folder writable (chmod u+w)" in result.stderr


def test_an_unreadable_database_file(scratch):
    path = healthy_database(scratch)
    path.chmod(0o000)
    result = foebook_as_nobody(scratch, "sessions", "list", "--db", str(path))
    assert_one_clear_line(result, f"{path} cannot be read (permission denied): it belongs to root")
    assert "chmod" not in result.stderr


def test_a_new_database_in_a_read_only_folder(scratch):
    folder = scratch / "ro"
    folder.mkdir(mode=0o555)
    folder.chmod(0o555)
    result = foebook_as_nobody(scratch, "sessions", "list", "--db", str(folder / "new.sqlite3"))
    assert_one_clear_line(result, f"the folder {folder} is read-only")
    assert list(folder.iterdir()) == []


def test_a_full_disk_is_not_damage(tmp_path):
    path = healthy_database(tmp_path)
    open_database(f"sqlite:///{path}").close()  # today's backup exists already

    def small_files():  # what a full disk does to a write: it fails (EFBIG here)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))

    result = subprocess.run(
        [str(FOEBOOK), "sessions", "import", str(SAMPLE), "--name", "more", "--db", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=small_files,
        env={**os.environ, "FOEBOOK_DATA_DIR": str(tmp_path / "data")},
    )
    assert_one_clear_line(result, "the disk reported an error while writing")
    assert "is it full" in result.stderr
    database = open_database(f"sqlite:///{path}")  # and it opens fine afterwards
    try:
        assert [s.name for s in list_sessions(database)] == ["friday"]
    finally:
        database.close()
