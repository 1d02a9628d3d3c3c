"""A data folder Foebook cannot make (a read-only home): one line naming the folder and
FOEBOOK_DATA_DIR, exit 2, for the window and the commands alike; no chmod hint, which
cannot help with a folder that is not the user's."""

from __future__ import annotations

import pytest

from tests.as_nobody import foebook_as_nobody

START_WINDOW = {"QT_QPA_PLATFORM": "offscreen", "FOEBOOK_QUIT_WHEN_SHOWN": "1"}


def assert_one_line(result, expected: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert expected in result.stderr
    assert "Traceback" not in result.stderr and "bug" not in result.stderr
    assert "chmod" not in result.stderr


@pytest.mark.parametrize(
    ("args", "env"), [((), START_WINDOW), (("sessions", "list"), {})], ids=["window", "cli"]
)
def test_a_read_only_home_without_a_data_folder(scratch, args, env):
    home = scratch / "home"
    home.mkdir(mode=0o555)
    home.chmod(0o555)
    result = foebook_as_nobody(
        scratch,
        *args,
        HOME=str(home),
        FOEBOOK_DATA_DIR=None,
        XDG_DATA_HOME=None,
        XDG_CONFIG_HOME=str(scratch / "config"),
        **env,
    )
    assert_one_line(
        result,
        f"foebook: error: cannot create Foebook's data folder {home}/.local/share/Foebook "
        f"(permission denied for {home}/.local); set FOEBOOK_DATA_DIR to a folder you can "
        "write to",
    )
    assert result.stdout == ""


def test_a_data_folder_variable_naming_a_folder_that_cannot_be_made(scratch):
    locked = scratch / "locked"
    locked.mkdir(mode=0o555)
    locked.chmod(0o555)
    result = foebook_as_nobody(
        scratch, "sessions", "list", FOEBOOK_DATA_DIR=str(locked / "foebook")
    )
    assert_one_line(
        result,
        f"cannot create Foebook's data folder {locked}/foebook, which FOEBOOK_DATA_DIR names "
        "(permission denied); set FOEBOOK_DATA_DIR to a folder you can write to",
    )


def test_commands_that_need_no_data_folder_still_work(scratch):
    from tests.desktop.test_storage_url import SAMPLE

    home = scratch / "home"
    home.mkdir(mode=0o555)
    home.chmod(0o555)
    result = foebook_as_nobody(
        scratch, "check", str(SAMPLE), HOME=str(home), FOEBOOK_DATA_DIR=None, XDG_DATA_HOME=None
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
