"""A physical ability card typed in one line ("45 move +1 attack -1 wound"), read into the
plain data a typed-in card is (the fields of a monster book's card), for the round's start.

The line is the card's initiative, then its numbers as a word and a number ("move +1",
"m+1", "range 3"), and words for what it has besides: conditions, elements it infuses,
"shuffle", "jump". The numbers are checked later, as any typed-in card's are.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from desktop.engine.ability_cards import ELEMENTS

# A number's word on the line (and its short forms) -> the card's field.
NUMBER_WORDS = {
    "move": "move",
    "m": "move",
    "attack": "attack",
    "a": "attack",
    "range": "range",
    "r": "range",
    "targets": "targets",
    "target": "targets",
    "t": "targets",
    "shield": "shield",
    "retaliate": "retaliate",
    "heal": "heal",
    "h": "heal",
}
FLAGS = ("shuffle", "jump")
HELP = "initiative first, then e.g. move +1 attack -1 range 3, conditions, shuffle"
_TOKEN = re.compile(r"([a-z]+)|([+-]?\d+)")


def card_from_line(text: str, statuses: Collection[str]) -> dict[str, Any]:
    """The card `text` says, as plain data; ValueError saying which word is wrong."""
    words = [(w, n) for w, n in _TOKEN.findall(text.lower().replace(",", " "))]
    leftover = _TOKEN.sub("", text.lower().replace(",", " ")).strip()
    if leftover:
        raise ValueError(f"'{leftover.split()[0]}' is neither a word nor a number ({HELP})")
    if not words or not words[0][1]:
        raise ValueError(f"start with the card's initiative ({HELP})")
    card: dict[str, Any] = {"initiative": int(words[0][1])}
    index = 1
    while index < len(words):
        word, number = words[index]
        if number:
            raise ValueError(f"{number}: which number is it? Say it after a word ({HELP})")
        index += 1
        if word in NUMBER_WORDS:
            if index >= len(words) or not words[index][1]:
                raise ValueError(f"'{word}' needs a number after it, such as {word} +1")
            field = NUMBER_WORDS[word]
            if field in card:
                raise ValueError(f"the card's {field} is typed twice")
            card[field] = int(words[index][1])
            index += 1
        elif word in FLAGS:
            card[word] = True
        elif word in ELEMENTS:
            card.setdefault("infuse", []).append(word)
        elif word in statuses:
            card.setdefault("conditions", []).append(word)
        else:
            raise ValueError(f"'{word}' is not a card's word ({HELP})")
    return card
