"""Every database path works as given: spaces, "#" and "?" in folder and file names open that
exact file, and nothing is created anywhere else."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from desktop.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"


def every_file(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize(
    "relative",
    ["x/a b#c?d e/y.sqlite3", "campaign #3/foebook.sqlite3", "50% off/%41.sqlite3"],
)
def test_a_database_path_opens_exactly_that_file(tmp_path, monkeypatch, capsys, relative):
    monkeypatch.setenv("FOEBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "games" / relative
    path.parent.mkdir(parents=True)
    assert main(["sessions", "import", str(SAMPLE), "--name", "friday", "--db", str(path)]) == 0
    # Opened again, twice: the second opening checks the file read-only and backs it up.
    for _ in range(2):
        assert main(["sessions", "list", "--db", str(path)]) == 0
    listed = capsys.readouterr().out.splitlines()[1:]
    assert [line.split("\t")[0] for line in listed] == ["friday", "friday"]
    games = every_file(tmp_path / "games")
    assert games == sorted(
        [relative, f"{Path(relative).parent}/backups/{path.stem}-{date.today()}.sqlite3"]
    )
    # Nothing beside them: no stray "campaign " or "a b" file from a cut-off name.
    assert [p for p in every_file(tmp_path) if not p.startswith(("games/", "data/"))] == []
