"""The monster attack modifier deck: its 20 standard cards, bless and curse, and what a card
does to an attack's value (drawn once, or twice with advantage or disadvantage)."""

from __future__ import annotations

from dataclasses import dataclass

DOUBLE, NULL, BLESS, CURSE = "x2", "null", "bless", "curse"
# The standard monster deck: six +0, five +1, five -1, one +2, one -2, one null, one x2.
STANDARD_DECK: tuple[str, ...] = (
    *("+0",) * 6,
    *("+1",) * 5,
    *("-1",) * 5,
    "+2",
    "-2",
    NULL,
    DOUBLE,
)
# Cards that leave the deck when drawn (never shuffled back) and those whose draw makes the
# deck be shuffled at the end of the round.
ONE_USE = (BLESS, CURSE)
RESHUFFLING = (NULL, DOUBLE)
MOST_BLESSINGS = 10  # each of bless and curse: the game has ten of each
# What players may type for a card they drew themselves.
_SPELLINGS = {
    "x2": DOUBLE,
    "×2": DOUBLE,
    "2x": DOUBLE,
    "*2": DOUBLE,
    "double": DOUBLE,
    "null": NULL,
    "miss": NULL,
    "0x": NULL,
    "bless": BLESS,
    "curse": CURSE,
}


def modifier_card(text: str) -> str | None:
    """The card a player typed ("+1", "-2", "0", "x2", "null", "bless"...), or None."""
    word = text.strip().lower().replace(" ", "")
    if word in _SPELLINGS:
        return _SPELLINGS[word]
    sign = word[:1] if word[:1] in "+-" else "+"
    digits = word.lstrip("+-")
    if digits.isdigit() and len(digits) < 3:
        value = int(digits)
        return f"{sign if value else '+'}{value}"
    return None


def damage(attack: int, card: str) -> int:
    """An attack's value after the card: ×2 and bless double it, null and curse make it 0,
    a number is added (never below 0)."""
    if card in (DOUBLE, BLESS):
        return attack * 2
    if card in (NULL, CURSE):
        return 0
    return max(0, attack + int(card))


def card_words(card: str) -> str:
    return {DOUBLE: "×2", NULL: "null", BLESS: "bless (×2)", CURSE: "curse (null)"}.get(card, card)


@dataclass(frozen=True)
class Draw:
    """The cards drawn for one attack and the one used (with advantage the better, with
    disadvantage the worse)."""

    cards: tuple[str, ...]
    used: str
    value: int  # the attack's value after the card, before the target's shield


def resolve(attack: int, cards: tuple[str, ...], advantage: int) -> Draw:
    """Which drawn card counts: one card as it is; two with advantage (`advantage` > 0) the
    one giving more, with disadvantage (< 0) the one giving less."""
    if len(cards) == 1 or advantage == 0:
        return Draw(cards, cards[0], damage(attack, cards[0]))
    values = [damage(attack, c) for c in cards]
    pick = values.index(max(values) if advantage > 0 else min(values))
    return Draw(cards, cards[pick], values[pick])
