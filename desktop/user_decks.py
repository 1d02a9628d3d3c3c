"""Decks the players edit (grimdark-solo's stratagems), kept in the user data directory.

The ruleset ships a default deck; a player's own version is a small TOML file,
`decks/<ruleset>.toml` with `[[stratagems]]` tables, used from then on.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from desktop.atomic_write import write_atomically
from desktop.errors import FoebookError
from desktop.paths import data_dir


class DeckFileError(FoebookError):
    pass


def deck_path(ruleset_id: str) -> Path:
    return data_dir() / "decks" / f"{ruleset_id}.toml"


def load_user_deck(ruleset_id: str) -> list[dict[str, Any]] | None:
    """The player's deck entries, or None when they keep the default."""
    path = deck_path(ruleset_id)
    if not path.exists():
        return None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise DeckFileError(
            f"{path}: cannot be read as a deck ({error}); fix or delete it to use the default deck"
        ) from None
    entries = data.get("stratagems")
    if not isinstance(entries, list):
        raise DeckFileError(f"{path}: expected [[stratagems]] tables")
    return entries


def save_user_deck(ruleset_id: str, entries: list[dict[str, Any]]) -> Path:
    path = deck_path(ruleset_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, tomli_w.dumps({"stratagems": entries}))
    return path


def reset_user_deck(ruleset_id: str) -> None:
    deck_path(ruleset_id).unlink(missing_ok=True)
