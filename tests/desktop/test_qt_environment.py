"""Qt's needs settled before Qt starts: without a reachable display the window's start is one
line and exit 2 (not an abort that says why only in the log), and a non-UTF-8 locale gets no
warning from Qt on the terminal."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.foebook_process import FOEBOOK, changed_environment

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"


def _display_nobody_serves() -> str:
    """An X display number no server on this machine has taken (a player's or a test's
    Xvfb may run on any), as ":77"."""
    number = 77
    while any(Path(p).exists() for p in (f"/tmp/.X11-unix/X{number}", f"/tmp/.X{number}-lock")):
        number += 1
    return f":{number}"


NO_X = _display_nobody_serves()


def foebook(tmp_path: Path, *args: str, **env: str | None) -> subprocess.CompletedProcess:
    """The real command, with the environment as the test says (None removes a variable)."""
    cleared: dict[str, str | None] = dict.fromkeys(
        ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "XDG_SESSION_TYPE")
    )
    environment = changed_environment(
        {"FOEBOOK_DATA_DIR": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")},
        **{**cleared, **env},
    )
    return subprocess.run(
        [str(FOEBOOK), *args], capture_output=True, text=True, env=environment, timeout=60
    )


@pytest.mark.parametrize(
    ("display", "reason"),
    [
        ({"DISPLAY": None}, "DISPLAY is not set"),
        ({"DISPLAY": NO_X}, f"cannot connect to the X display '{NO_X}'"),
        (
            {"DISPLAY": NO_X, "WAYLAND_DISPLAY": "no-such-wayland"},
            "cannot connect to the Wayland display 'no-such-wayland'",
        ),
    ],
)
def test_no_display_is_one_line_and_exit_2(tmp_path, display, reason):
    result = foebook(tmp_path, **display)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("foebook: error: no graphical display was found")
    assert reason in result.stderr
    assert "`foebook --help` lists the commands that need none" in result.stderr


def test_a_platform_asked_for_by_name_needs_no_display(tmp_path):
    result = foebook(
        tmp_path, DISPLAY=None, QT_QPA_PLATFORM="offscreen", FOEBOOK_QUIT_WHEN_SHOWN="1"
    )
    assert result.returncode == 0, result.stderr
    assert "main window shown" in result.stdout


@pytest.mark.parametrize(
    "locale_env",
    [
        {"LC_ALL": "C", "LANG": "C"},
        # Python's own switch away from the C locale turned off, as in a frozen bundle.
        {"LC_ALL": None, "LC_CTYPE": None, "LANG": "C", "PYTHONCOERCECLOCALE": "0"},
    ],
)
def test_cards_under_the_c_locale_print_no_qt_warning(tmp_path, locale_env):
    out = tmp_path / "cards.pdf"
    result = foebook(tmp_path, "cards", str(SAMPLE), "--out", str(out), **locale_env)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith("Wrote ") and out.read_bytes().startswith(b"%PDF")


def test_cards_with_an_unreachable_display_still_print(tmp_path):
    out = tmp_path / "cards.pdf"
    result = foebook(tmp_path, "cards", str(SAMPLE), "--out", str(out), DISPLAY=NO_X)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and out.read_bytes().startswith(b"%PDF")


def test_the_window_under_the_c_locale_logs_no_qt_warning(tmp_path):
    result = foebook(tmp_path, FOEBOOK_QUIT_WHEN_SHOWN="1", LC_ALL="C", LANG="C")
    assert result.returncode == 0, result.stderr
    assert "main window shown" in result.stdout
    log = (tmp_path / "data" / "foebook.log").read_text(encoding="utf-8")
    assert "Foebook" in log and "Detected locale" not in log
