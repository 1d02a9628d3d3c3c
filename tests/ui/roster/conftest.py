"""Small sessions for the roster tests (inline encounters, in-memory store)."""

from __future__ import annotations

import pytest

from desktop.encounter_file import parse_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.tracker.session import Session

GRIMDARK = """
format = 1
ruleset = "grimdark-solo"
name = "Roster test"

[board]
shape = "square"
cells = '''
. . . . . .
. . # . . .
. . . . . .
. . . . . .
'''

[[units]]
id = "boss"
name = "Warlord"
side = "enemy"
at = [0, 0]
hp = 6
max_hp = 6
ai = "tactical"
stats = { move = 5, toughness = 5, power = 6 }
weapons = [ { name = "Power klaw", kind = "melee", strength = 8 } ]

[[units]]
id = "mob"
name = "Brute Mob"
side = "enemy"
at = [1, 0]
hp = 10
max_hp = 10
ai = "berserk"

[[units]]
id = "seer"
name = "Warp Seer"
side = "enemy"
at = [3, 0]
hp = 3
max_hp = 3
ai = "skittish"
tags = ["psyker"]

[[units]]
id = "squad"
name = "Tactical Squad"
side = "player"
at = [5, 3]
hp = 9
max_hp = 10

[[units]]
id = "libby"
name = "Librarian"
side = "player"
at = [4, 3]
hp = 5
max_hp = 5
"""

CARD_FLIP = """
format = 1
ruleset = "card-flip-rpg"
name = "Defeat test"

[board]
shape = "square"
cells = '''
. . . .
. . . .
'''

[[units]]
id = "goblin"
name = "Goblin"
side = "enemy"
at = [0, 0]
hp = 5
max_hp = 8

[[units]]
id = "aria"
name = "Aria"
side = "player"
at = [3, 1]
hp = 4
max_hp = 18
"""

DUNGEON = """
format = 1
ruleset = "dungeon-crawl"
name = "Card test"

[board]
shape = "square"
cells = '''
. . . .
. . . .
'''

[[units]]
id = "orc"
name = "Orc"
side = "enemy"
at = [0, 0]
hp = 4
max_hp = 4

[[units]]
id = "hero"
name = "Hero"
side = "player"
at = [3, 1]
hp = 8
max_hp = 8
"""


def session_of(text: str) -> Session:
    encounter = parse_encounter(text)
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "test")


@pytest.fixture
def session() -> Session:
    return session_of(GRIMDARK)


@pytest.fixture
def card_session() -> Session:
    return session_of(CARD_FLIP)


@pytest.fixture
def dungeon_session() -> Session:
    return session_of(DUNGEON)


@pytest.fixture
def second_modeltester(request):
    """A separate tester: one ModelTester keeps one model's in-flight state."""
    from pytestqt.modeltest import ModelTester

    tester = ModelTester(request.config)
    yield tester
    tester._cleanup()
