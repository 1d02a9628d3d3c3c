"""Running the real `foebook` command as the unprivileged `nobody` user.

The tests run as root, who may read and write any file whatever its mode, so permission
cases run the command as `nobody` (setpriv), in a world-writable scratch folder (the
`scratch` fixture of tests/conftest.py), exactly as a normal user would meet them.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.foebook_process import FOEBOOK, changed_environment

AS_NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


def foebook_as_nobody(folder: Path, *args: str, **env: str | None) -> subprocess.CompletedProcess:
    """`foebook ARGS` as nobody in `folder` (its HOME, data in folder/data); `env` adds
    variables, None removes one."""
    environment = changed_environment(
        {"FOEBOOK_DATA_DIR": str(folder / "data"), "HOME": str(folder)}, **env
    )
    return subprocess.run(
        [*AS_NOBODY, str(FOEBOOK), *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        cwd=folder,
    )


def nobody_owns(path: Path) -> None:
    """Give `path` to nobody, as a file of the user's own."""
    import pwd

    entry = pwd.getpwnam("nobody")
    os.chown(path, entry.pw_uid, entry.pw_gid)
