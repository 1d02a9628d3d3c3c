"""The `foebook` command: version, help, and starting the GUI from a real process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from desktop import __version__
from desktop.cli import SUBCOMMANDS, main

ROOT = Path(__file__).resolve().parents[2]
FOEBOOK = Path(sys.executable).with_name("foebook")


def test_version_flag(capsys):
    try:
        main(["--version"])
    except SystemExit as stop:
        assert stop.code == 0
    assert capsys.readouterr().out.strip() == f"foebook {__version__}"


def test_help_lists_every_subcommand(capsys):
    try:
        main(["--help"])
    except SystemExit as stop:
        assert stop.code == 0
    out = capsys.readouterr().out
    for name in SUBCOMMANDS:
        assert name in out


def test_installed_console_script_and_module_agree():
    script = subprocess.run([str(FOEBOOK), "--version"], capture_output=True, text=True)
    module = subprocess.run(
        [sys.executable, "-m", "desktop", "--version"], capture_output=True, text=True
    )
    assert script.returncode == module.returncode == 0
    assert script.stdout == module.stdout == f"foebook {__version__}\n"


def test_unknown_option_is_a_clear_error():
    result = subprocess.run([str(FOEBOOK), "--frobnicate"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "unrecognised arguments: --frobnicate" in result.stderr
    assert "Traceback" not in result.stderr


def test_gui_starts_and_quits_from_a_real_process(tmp_path):
    env = dict(
        os.environ,
        FOEBOOK_QUIT_WHEN_SHOWN="1",  # on the tests' X server
        FOEBOOK_DATA_DIR=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "cfg"),
    )
    result = subprocess.run([str(FOEBOOK)], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "main window shown" in result.stdout
    assert (tmp_path / "foebook.log").read_text().count("Foebook") >= 1


def test_a_bug_is_reported_in_one_line_with_the_log_location(monkeypatch, capsys):
    import desktop.commands.check as check

    def broken(args):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(check, "run", broken)
    assert main(["check", "whatever.toml"]) == 1
    err = capsys.readouterr().err
    assert "unexpected error (ZeroDivisionError: division by zero)" in err
    assert "foebook.log" in err
    assert "Traceback" not in err
