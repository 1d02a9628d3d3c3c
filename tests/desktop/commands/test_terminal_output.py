"""Names, statuses and messages reach the terminal escaped: a file cannot make `foebook`
send escape sequences (retitle the window, clear the screen) or fake lines of output."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from desktop.cli import main
from desktop.display_text import terminal_safe
from desktop.encounter_file import dump_encounter, load_encounter
from desktop.samples import sample_path

ROOT = Path(__file__).resolve().parents[3]
AMBUSH = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"
QUARTERS = sample_path("grimdark-solo-close-quarters.toml")
# Retitles the terminal, clears the screen, returns the cursor, opens a C1 sequence,
# reverses the text direction and starts a fake line.
EVIL = "Evil\x1b]0;owned\x07\x1b[2J\r\x9b1m\u202e\nDecision: none"
ACTED_ON = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0x202E)]


def assert_safe(text: str) -> None:
    raw = sorted({char for char in text if char in ACTED_ON and char not in "\n\t"})
    assert not raw, f"raw control characters reached the terminal: {raw}"
    assert "\nDecision: none" not in text


@pytest.fixture
def evil_file(tmp_path) -> Path:
    encounter = load_encounter(AMBUSH)
    for unit_id in ("goblin", "kobold", "aria"):
        encounter = encounter.replace_unit(encounter.unit(unit_id).evolve(name=EVIL))
    path = tmp_path / "evil.toml"
    path.write_text(dump_encounter(replace(encounter, name=EVIL)))
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_check_shows_the_encounter_name_escaped(evil_file, capsys):
    status, out, _ = run(capsys, "check", str(evil_file))
    assert status == 0
    assert_safe(out)
    assert f'ok "{terminal_safe(EVIL)}"' in out
    assert len(out.splitlines()) == 1


def test_decide_shows_names_escaped_in_text_and_json(evil_file, capsys):
    for unit_id in ("goblin", "kobold"):
        status, out, _ = run(capsys, "decide", str(evil_file), "--unit", unit_id)
        assert status == 0
        assert_safe(out)
        assert out.startswith(f"{terminal_safe(EVIL)} ({unit_id})")
    status, out, _ = run(capsys, "decide", str(evil_file), "--unit", "kobold", "--json")
    assert_safe(out)
    details = " ".join(step["detail"] for step in json.loads(out)["trace"])
    assert EVIL in details  # the JSON still holds the name exactly


def test_order_shows_names_escaped(evil_file, capsys):
    status, out, _ = run(capsys, "order", str(evil_file))
    assert status == 0
    assert_safe(out)
    assert f"{terminal_safe(EVIL)} (goblin)" in out
    status, out, _ = run(capsys, "order", str(evil_file), "--json")
    assert_safe(out)
    assert json.loads(out)["order"][0] == "goblin"


def test_sessions_list_import_and_log_show_names_escaped(evil_file, tmp_path, capsys):
    db = ["--db", str(tmp_path / "s.sqlite3")]
    status, out, _ = run(capsys, "sessions", "import", str(evil_file), *db)
    assert status == 0
    assert_safe(out)
    status, out, _ = run(capsys, "sessions", "list", *db)
    assert_safe(out)
    assert out.startswith(terminal_safe(EVIL) + "\t")
    assert len(out.splitlines()) == 1

    from db.engine import open_database
    from db.repository import open_session
    from desktop.tracker.commands import Damage

    database = open_database(f"sqlite:///{tmp_path / 's.sqlite3'}")
    open_session(database, EVIL).execute(Damage("aria", 2))
    database.close()
    status, out, _ = run(capsys, "sessions", "log", EVIL, *db)
    assert_safe(out)
    assert terminal_safe(EVIL) in out


def test_error_messages_show_names_escaped(tmp_path, capsys):
    text = QUARTERS.read_text().replace(
        '{ name = "Blades", kind = "melee", strength = 3 }',
        '{ name = "Blades\\u001b[2J", kind = "melee" }',
    )
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    status, out, err = run(capsys, "check", str(bad))
    assert status == 2 and out == ""
    assert_safe(err)
    assert "melee weapon 'Blades\\x1b[2J' needs a strength" in err
    status, _, err = run(capsys, "check", str(tmp_path / f"{EVIL}.toml"))
    assert status == 2
    assert_safe(err)
    assert len(err.splitlines()) == 1 and err.endswith("no such file\n")
