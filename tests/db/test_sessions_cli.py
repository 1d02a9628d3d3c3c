"""`foebook sessions ...` end to end, and the import/export round trip of every sample encounter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from desktop.cli import main
from desktop.encounter_file import load_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.tracker.session import initial_state
from tests.sample_files import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
FOEBOOK = Path(sys.executable).with_name("foebook")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_whole_cycle(tmp_path, capsys):
    db = ["--db", str(tmp_path / "s.sqlite3")]
    sample = str(SAMPLES[0])
    assert run(capsys, "sessions", "list", *db)[1].startswith("No sessions in ")
    status, out, _ = run(capsys, "sessions", "import", sample, "--name", "friday", *db)
    assert status == 0 and "as session 'friday'" in out
    status, _, err = run(capsys, "sessions", "import", sample, "--name", "friday", *db)
    assert (status, err.strip()) == (
        2,
        "foebook: error: a session named 'friday' already exists; choose another name",
    )
    listing = run(capsys, "sessions", "list", *db)[1]
    assert listing.startswith("friday\t")
    assert run(capsys, "sessions", "log", "friday", *db)[1] == ""
    target = tmp_path / "out.toml"
    assert run(capsys, "sessions", "export", "friday", str(target), *db)[0] == 0
    assert load_encounter(target) == load_encounter(sample)
    assert run(capsys, "sessions", "delete", "friday", *db)[0] == 0
    status, _, err = run(capsys, "sessions", "log", "friday", *db)
    assert status == 2 and "no session named 'friday'" in err


def test_log_shows_text_and_undone_flags(tmp_path, capsys):
    from db.engine import open_database
    from db.repository import new_session
    from desktop.tracker.commands import Damage

    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    database = open_database(url)
    session = new_session(database, "night", load_encounter(SAMPLES[0]))
    session.execute(Damage("aria", 2))
    session.execute(Damage("aria", 1))
    session.undo()
    database.close()
    lines = run(capsys, "sessions", "log", "night", "--db", url)[1].splitlines()
    assert lines[0].startswith("1\t")
    assert lines[0].endswith("Aria takes 2 damage (HP 14 → 12 of 18)")
    assert lines[1].endswith("[undone]")


def test_foebook_db_environment_variable(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FOEBOOK_DB", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    run(capsys, "sessions", "import", str(SAMPLES[0]))
    assert (tmp_path / "env.sqlite3").exists()


def test_a_corrupt_database_is_one_clear_line_from_a_real_process(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"\x00garbage" * 100)
    result = subprocess.run(
        [str(FOEBOOK), "sessions", "list", "--db", str(bad)], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "is not a SQLite database" in result.stderr and "Traceback" not in result.stderr
    assert bad.read_bytes() == b"\x00garbage" * 100


def test_the_cli_does_not_import_sqlalchemy_until_it_runs():
    code = "import sys, desktop.cli as c; c._build_parser(); print('sqlalchemy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_import_export_round_trip_of_every_sample(sample, tmp_path, capsys):
    db = ["--db", str(tmp_path / "s.sqlite3")]
    assert run(capsys, "sessions", "import", str(sample), "--name", "a", *db)[0] == 0
    first = tmp_path / "first.toml"
    run(capsys, "sessions", "export", "a", str(first), *db)
    assert run(capsys, "sessions", "import", str(first), "--name", "b", *db)[0] == 0
    second = tmp_path / "second.toml"
    run(capsys, "sessions", "export", "b", str(second), *db)
    assert first.read_text() == second.read_text()
    original = load_encounter(sample)
    ruleset = get_ruleset(original.ruleset)
    # What was imported is the file, with derived markers brought up to date.
    assert load_encounter(first) == initial_state(original, ruleset).encounter


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_an_export_to_a_pipe_or_folder_is_refused_and_leaves_nothing(tmp_path, capsys, kind):
    import os

    db = ["--db", str(tmp_path / "s.sqlite3")]
    run(capsys, "sessions", "import", str(SAMPLES[0]), "--name", "friday", *db)
    target = tmp_path / "out.toml"
    os.mkfifo(target) if kind == "fifo" else target.mkdir()
    run(capsys, "sessions", "list", *db)  # the day's backup is taken by now
    before = sorted(p.name for p in tmp_path.iterdir())
    status, _, err = run(capsys, "sessions", "export", "friday", str(target), *db)
    assert status == 2 and err.count("\n") == 1
    assert f"{target}: cannot be written (it is" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no out.toml.tmp left


def test_an_export_replaces_the_old_file_whole(tmp_path, capsys):
    db = ["--db", str(tmp_path / "s.sqlite3")]
    run(capsys, "sessions", "import", str(SAMPLES[0]), "--name", "friday", *db)
    target = tmp_path / "out.toml"
    target.write_text("last week's export\n")
    assert run(capsys, "sessions", "export", "friday", str(target), *db)[0] == 0
    assert load_encounter(target) == load_encounter(SAMPLES[0])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "out.toml", "s.sqlite3"]
