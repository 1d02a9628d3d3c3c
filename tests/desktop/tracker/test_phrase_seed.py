"""A phrase seeds the same draw on every machine: the seed is its SHA-256, whichever module
computes it (sessions saved before keep their dice)."""

from __future__ import annotations

import hashlib

import pytest

from desktop.tracker.phrase_seed import phrase_seed
from desktop.tracker.session_dice import SessionDice


@pytest.mark.parametrize("phrase", ["", "0:0", "1234567:41", "99:shuffle:3", "é:ü"])
def test_a_phrase_seed_is_the_first_eight_bytes_of_its_sha256(phrase):
    expected = int.from_bytes(hashlib.sha256(phrase.encode()).digest()[:8], "big")
    assert phrase_seed(phrase) == expected


def test_a_session_draws_the_seed_it_drew_before():
    # The seed of draw 41 of session 1234567, as hashlib's SHA-256 gave it.
    assert SessionDice(seed=1234567, used=41).draw_seed() == 0x51B9AB6E4F640BC1
