"""The players' own decks on disk: saved, read back, and a broken file is a clear error."""

from __future__ import annotations

import pytest

from desktop.user_decks import (
    DeckFileError,
    deck_path,
    load_user_deck,
    reset_user_deck,
    save_user_deck,
)


def test_save_load_and_reset(tmp_path, monkeypatch):
    monkeypatch.setenv("FOEBOOK_DATA_DIR", str(tmp_path))
    assert load_user_deck("grimdark-solo") is None
    entries = [{"name": "Ambush", "effect": 'Move 3".', "no_effect_when": "never"}]
    save_user_deck("grimdark-solo", entries)
    assert load_user_deck("grimdark-solo") == entries
    reset_user_deck("grimdark-solo")
    assert load_user_deck("grimdark-solo") is None


def test_a_broken_deck_file_names_itself(tmp_path, monkeypatch):
    monkeypatch.setenv("FOEBOOK_DATA_DIR", str(tmp_path))
    path = deck_path("grimdark-solo")
    path.parent.mkdir(parents=True)
    path.write_text("stratagems = 3 =")
    with pytest.raises(DeckFileError, match="cannot be read as a deck"):
        load_user_deck("grimdark-solo")
    path.write_text("stratagems = 3")
    with pytest.raises(DeckFileError, match=r"expected \[\[stratagems\]\] tables"):
        load_user_deck("grimdark-solo")
