"""Output files are replaced all at once: a failed write keeps the old file and leaves nothing
stray, a planted symlink is not followed (one the user chose as the output is), and a pipe
or device is refused at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.atomic_write import OutputFileError, atomic_path, write_atomically

ROOT = Path(__file__).resolve().parents[2]

# Writes 1 MB over OUT under a 64 KB file-size limit, as a full disk would stop it.
WRITE_UNDER_LIMIT = """
import resource, signal, sys
from desktop.atomic_write import write_atomically
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))
try:
    write_atomically(sys.argv[1], b"new " * 250_000)
except Exception as error:
    print(error)
    sys.exit(2)
"""


def test_a_write_replaces_the_whole_file_and_keeps_its_permissions(tmp_path):
    target = tmp_path / "out.toml"
    write_atomically(target, "first\n")
    target.chmod(0o640)
    write_atomically(target, "second\n")
    assert target.read_text() == "second\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.toml"]


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(tmp_path):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"the old file")
    result = subprocess.run(
        [sys.executable, "-c", WRITE_UNDER_LIMIT, str(target)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 2, result.stderr
    assert result.stdout == f"{target}: cannot be written (File too large; it was left as it was)\n"
    assert target.read_bytes() == b"the old file"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]


def test_an_error_in_the_writer_keeps_the_old_file(tmp_path):
    target = tmp_path / "backup.sqlite3"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_path(target) as temporary:
        temporary.write_bytes(b"half")
        raise RuntimeError("the copy failed")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["backup.sqlite3"]


def test_a_planted_symlink_does_not_redirect_the_write(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "out.toml"
    (tmp_path / "out.toml.tmp").symlink_to(victim)  # where the temporary file used to go
    write_atomically(target, "exported")
    assert victim.read_text() == "precious"
    assert target.read_text() == "exported" and not target.is_symlink()


def test_an_output_that_is_a_symlink_keeps_the_link_and_updates_its_file(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    real = shared / "cards.pdf"
    real.write_text("old deck")
    link = tmp_path / "cards.pdf"
    link.symlink_to(real)
    write_atomically(link, "new deck")
    assert link.is_symlink() and link.resolve() == real
    assert real.read_text() == "new deck"
    assert sorted(p.name for p in shared.iterdir()) == ["cards.pdf"]  # nothing stray


def test_a_symlink_to_a_missing_folder_is_refused_naming_it(tmp_path):
    link = tmp_path / "cards.pdf"
    link.symlink_to(tmp_path / "gone" / "cards.pdf")
    with pytest.raises(OutputFileError, match=r"the folder .*gone does not exist"):
        write_atomically(link, "new deck")
    assert link.is_symlink()


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_target_that_is_not_a_regular_file_is_refused_at_once(tmp_path, kind):
    if kind == "fifo":
        target = tmp_path / "pipe"
        os.mkfifo(target)  # writing to it would wait forever for a reader
        expected = "not a regular file but a pipe or a device"
    elif kind == "device":
        target, expected = Path(os.devnull), "not a regular file but a pipe or a device"
    else:
        target, expected = tmp_path, "it is a folder"
    with pytest.raises(OutputFileError, match=expected):
        write_atomically(target, "x")
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*"))


def test_keep_existing_creates_a_file_only_once(tmp_path):
    target = tmp_path / "new.sqlite3"
    with atomic_path(target, keep_existing=True) as temporary:
        temporary.write_bytes(b"first")
    with atomic_path(target, keep_existing=True) as temporary:
        temporary.write_bytes(b"second")
    assert target.read_bytes() == b"first"
    assert [p.name for p in tmp_path.iterdir()] == ["new.sqlite3"]
