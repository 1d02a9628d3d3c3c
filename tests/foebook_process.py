"""The real `foebook` command run as a process, in an environment a test sets."""

from __future__ import annotations

import os
import sys
from pathlib import Path

FOEBOOK = Path(sys.executable).with_name("foebook")


def changed_environment(base: dict[str, str], **changes: str | None) -> dict[str, str]:
    """This process's environment with `base` and `changes` over it (None removes a
    variable); never the smoke-test switch, unless a change sets it."""
    environment = {**os.environ, **base}
    environment.pop("FOEBOOK_QUIT_WHEN_SHOWN", None)
    for name, value in changes.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    return environment
