"""A database Foebook may not read or write, or a full disk: one line saying what and what
to do, exit 2, and a healthy file is never called damaged.

The tests run as root, who may read and write any file whatever its mode, so the
permission cases run the real `foebook` command as the unprivileged `nobody` user
(setpriv), in a world-writable scratch folder, exactly as a normal user would meet them.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from db.engine import open_database
from db.repository import list_sessions, new_session
from desktop.encounter_file import load_encounter

ROOT = Path(__file__).resolve().parents[2]
FOEBOOK = Path(sys.executable).with_name("foebook")
SAMPLE = ROOT / "resources" / "encounters" / "card-flip-goblin-ambush.toml"
AS_NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


@pytest.fixture
def scratch():
    """A folder the `nobody` user can use (pytest's tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="foebook-access-"))
    folder.chmod(0o777)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(0o777)
    shutil.rmtree(folder)


def healthy_database(folder: Path) -> Path:
    path = folder / "foebook.sqlite3"
    database = open_database(f"sqlite:///{path}")
    try:
        new_session(database, "friday", load_encounter(SAMPLE))
    finally:
        database.close()
    return path


def foebook_as_nobody(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "FOEBOOK_DATA_DIR": str(folder / "data"), "HOME": str(folder)}
    return subprocess.run(
        [*AS_NOBODY, str(FOEBOOK), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=folder,
    )


def assert_one_clear_line(result, expected: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and expected in result.stderr, result.stderr
    assert "damaged" not in result.stderr and "Traceback" not in result.stderr


def test_a_read_only_database_file(scratch):
    path = healthy_database(scratch)
    path.chmod(0o444)
    result = foebook_as_nobody(scratch, "sessions", "import", str(SAMPLE), "--db", str(path))
    assert_one_clear_line(result, f"{path} is read-only: Foebook saves every change at once")
    assert "chmod u+w" in result.stderr


def test_a_database_in_a_read_only_folder(scratch):
    folder = scratch / "ro"
    folder.mkdir()
    path = healthy_database(folder)
    path.chmod(0o666)
    folder.chmod(0o555)
    result = foebook_as_nobody(scratch, "sessions", "list", "--db", str(path))
    assert_one_clear_line(result, f"the folder {folder} is read-only")


def test_an_unreadable_database_file(scratch):
    path = healthy_database(scratch)
    path.chmod(0o000)
    result = foebook_as_nobody(scratch, "sessions", "list", "--db", str(path))
    assert_one_clear_line(result, f"{path} cannot be read (permission denied)")


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
