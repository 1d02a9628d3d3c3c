"""`foebook cards`: a PDF from an encounter file, a stored session or a ruleset; clear errors."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.rulesets.registry import get_ruleset, ruleset_ids
from desktop.samples import sample_path
from tests.ui.cards import pdf_tools

ROOT = Path(__file__).resolve().parents[3]
AMBUSH = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"


def foebook(*args: str) -> subprocess.CompletedProcess[str]:
    # No display and no platform chosen: the command must manage headless by itself.
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    return subprocess.run(
        [sys.executable, "-m", "desktop", "cards", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )


def test_cards_from_an_encounter_file(tmp_path):
    out = tmp_path / "ambush.pdf"
    result = foebook(str(AMBUSH), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert f"to {out}" in result.stdout
    text = pdf_tools.text(out)
    for name in ("Goblin Archer", "Goblin Brute", "Kobold Sneak"):
        assert name in text
    assert "Aria" not in text  # players get no card
    assert pdf_tools.page_count(out) == 1


@pytest.mark.parametrize(
    ("size", "paper", "backs", "per_page"),
    [
        ("poker", "a4", False, 9),
        ("poker", "letter", True, 9),
        ("tarot", "a4", False, 4),
        ("a6", "letter", True, 2),
    ],
)
def test_size_paper_and_backs(tmp_path, size, paper, backs, per_page):
    out = tmp_path / "raid.pdf"
    args = [
        str(sample_path("skirmish-ai-outpost-raid.toml")),
        "--out",
        str(out),
        "--size",
        size,
        "--paper",
        paper,
    ]
    result = foebook(*args, *(["--backs"] if backs else []))
    assert result.returncode == 0, result.stderr
    match = re.match(r"Wrote (\d+) cards? .*on (\d+) (pages?) ", result.stdout)
    assert match, result.stdout
    cards, pages = int(match.group(1)), int(match.group(2))
    assert match.group(3) == ("page" if pages == 1 else "pages")  # "1 page", "2 pages"
    assert cards >= 7  # one per enemy, more where a card continues
    assert pages == math.ceil(cards / per_page) * (2 if backs else 1)
    assert pdf_tools.page_count(out) == pages
    width = {"a4": "595", "letter": "612"}[paper]
    assert width in subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout


def test_unit_selection_and_one_per_ai_type(tmp_path):
    out = tmp_path / "one.pdf"
    assert foebook(str(AMBUSH), "--out", str(out), "--unit", "brute").returncode == 0
    text = pdf_tools.text(out)
    assert "Goblin Brute" in text and "Goblin Archer" not in text
    assert foebook(str(AMBUSH), "--out", str(out), "--one-per-ai").returncode == 0
    text = pdf_tools.text(out)
    assert "Goblin Archer" in text and "Kobold Sneak" not in text


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_reference_deck_of_every_ruleset(tmp_path, ruleset_id):
    out = tmp_path / f"{ruleset_id}.pdf"
    result = foebook("--ruleset", ruleset_id, "--out", str(out), "--size", "tarot")
    assert result.returncode == 0, result.stderr
    text = " ".join(pdf_tools.text(out).split())
    for ai in get_ruleset(ruleset_id).data.ai_types.values():
        assert ai.name in text


def test_cards_from_a_stored_session(tmp_path):
    db = tmp_path / "sessions.sqlite3"
    imported = subprocess.run(
        [
            sys.executable,
            "-m",
            "desktop",
            "sessions",
            "import",
            str(AMBUSH),
            "--name",
            "Friday game",
            "--db",
            str(db),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert imported.returncode == 0, imported.stderr
    out = tmp_path / "friday.pdf"
    result = foebook("--session", "Friday game", "--db", str(db), "--out", str(out))
    assert result.returncode == 0, result.stderr
    text = pdf_tools.text(out)
    assert "Goblin Archer" in text
    assert "Friday game ·" in text  # the footer names the session


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruleset", "chess", "--out", "{tmp}/x.pdf"], "unknown ruleset 'chess'"),
        ([str(AMBUSH), "--out", "{tmp}/no/such/folder/x.pdf"], "does not exist"),
        ([str(AMBUSH), "--out", "{tmp}"], "is a folder"),
        ([str(AMBUSH), "--out", "{tmp}/x.pdf", "--unit", "aria"], "--unit aria: no such enemy"),
        (["--out", "{tmp}/x.pdf"], "give exactly one of"),
        ([str(AMBUSH), "--ruleset", "hex-quest", "--out", "{tmp}/x.pdf"], "give exactly one of"),
        (
            ["--session", "Nobody", "--db", "{tmp}/s.sqlite3", "--out", "{tmp}/x.pdf"],
            "no session named 'Nobody'",
        ),
        (["{tmp}/missing.toml", "--out", "{tmp}/x.pdf"], "missing.toml"),
    ],
)
def test_errors_exit_2_with_one_clear_line(tmp_path, args, message):
    result = foebook(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("foebook: error: ")
    assert message in lines[0]
    assert not (tmp_path / "x.pdf").exists()


def test_bad_encounter_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'format = 1\nruleset = "card-flip-rpg"\n[board]\nshape = "square"\ncells = "..q.."\n',
        encoding="utf-8",
    )
    result = foebook(str(bad), "--out", str(tmp_path / "x.pdf"))
    assert result.returncode == 2
    assert result.stderr.startswith(f"foebook: error: {bad}")
    assert len(result.stderr.strip().splitlines()) == 1


def test_read_only_output_is_refused(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        # root ignores permissions: then use a place nobody can create files in
        writable = os.access(folder, os.W_OK)
        target = "/proc/foebook-cards.pdf" if writable else str(folder / "x.pdf")
        result = foebook(str(AMBUSH), "--out", target)
    finally:
        folder.chmod(0o700)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("foebook: error: ")
    assert target in lines[0]


def test_a_pipe_as_output_is_refused_at_once(tmp_path):
    pipe = tmp_path / "cards.pdf"
    os.mkfifo(pipe)  # writing the PDF into it used to wait forever for a reader
    result = foebook(str(AMBUSH), "--out", str(pipe))
    assert result.returncode == 2
    assert result.stderr == (
        f"foebook: error: --out {pipe}: cannot be written (it is not a "
        "regular file but a pipe or a device; give the name of an ordinary "
        "file)\n"
    )


def test_a_failed_pdf_write_keeps_the_old_pdf_and_leaves_nothing(tmp_path):
    import resource
    import signal

    out = tmp_path / "cards.pdf"
    out.write_bytes(b"%PDF- last week's cards")

    def small_files():  # as a full disk would: the PDF cannot be written past 4 KB
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    result = subprocess.run(
        [sys.executable, "-m", "desktop", "cards", str(AMBUSH), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        preexec_fn=small_files,
    )
    assert result.returncode == 2
    assert result.stderr == (
        f"foebook: error: cannot write the PDF to {out}: File too large; it was left as it was\n"
    )
    assert out.read_bytes() == b"%PDF- last week's cards"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]
