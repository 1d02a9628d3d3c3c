"""Output of the headless subcommands: every line goes through `say`, so names, statuses
and messages from a file reach the terminal with their control characters escaped."""

from __future__ import annotations

import json
import sys
from typing import Any

from desktop.display_text import json_terminal_safe, terminal_safe


def say(text: str = "", *, error: bool = False) -> None:
    """Print text for a person. The newlines and tabs that lay it out stay; anything else a
    terminal would act on (escape sequences, carriage returns) is written as an escape."""
    print(terminal_safe(text, layout=True), file=sys.stderr if error else sys.stdout)


def say_json(data: Any, indent: int | None = 2) -> None:
    """Print data as JSON: still valid JSON, with no raw control character in it."""
    say(json_terminal_safe(json.dumps(data, ensure_ascii=False, indent=indent)))
