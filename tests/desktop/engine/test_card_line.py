"""A physical ability card typed in one line at the round's start: its initiative first, then
its numbers after their words (long or short), its conditions, elements and flags; each
mistake named."""

from __future__ import annotations

import pytest

from desktop.engine.card_line import card_from_line

STATUSES = ("wound", "poison", "immobilize")


def test_the_initiative_then_numbers_words_and_flags():
    assert card_from_line("45 move +1 attack -1", STATUSES) == {
        "initiative": 45,
        "move": 1,
        "attack": -1,
    }
    assert card_from_line("12, m+0 a2 r3 t2 wound fire shuffle", STATUSES) == {
        "initiative": 12,
        "move": 0,
        "attack": 2,
        "range": 3,
        "targets": 2,
        "conditions": ["wound"],
        "infuse": ["fire"],
        "shuffle": True,
    }
    assert card_from_line("85 heal 2 shield 1 Jump", STATUSES) == {
        "initiative": 85,
        "heal": 2,
        "shield": 1,
        "jump": True,
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "start with the card's initiative"),
        ("move +1", "start with the card's initiative"),
        ("45 +1", "+1: which number is it?"),
        ("45 move", "'move' needs a number after it"),
        ("45 move 1 m 2", "the card's move is typed twice"),
        ("45 dance 2", "'dance' is not a card's word"),
        ("45 move ½", "'½' is neither a word nor a number"),
    ],
)
def test_a_line_that_cannot_be_read_names_the_word(line, message):
    with pytest.raises(ValueError, match=message.replace("+", r"\+").replace("?", r"\?")):
        card_from_line(line, STATUSES)
