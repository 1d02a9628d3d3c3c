"""monster-focus movement edge cases found by the differential test against Monster Mover:
where a monster may end its move."""

from __future__ import annotations

import pytest

from desktop.engine.decide import decide
from tests.desktop.rulesets.monster_focus.test_ruleset import RULES, encounter, outcomes, unit

# The monster stands on an obstacle at (3, 3) with a character right next to it at (4, 3).
ON_OBSTACLE = """
.......
.......
.......
...x...
.......
.......
.......
"""


@pytest.mark.parametrize("variant", ["gloomhaven", "frosthaven", "jaws-of-the-lion"])
@pytest.mark.parametrize("tags", ["", 'tags = ["jump"]'])
def test_a_walking_or_jumping_monster_does_not_stay_on_the_obstacle_it_starts_on(variant, tags):
    enc = encounter(
        unit("hero", "player", (4, 3), "initiative = 10")
        + unit("orc", "enemy", (3, 3), "move = 2, range = 0, targets = 1", tags),
        variant,
        ON_OBSTACLE,
    )
    decision = decide(enc, "orc", RULES)
    # Walking and jumping figures may end only on a hex that is not an obstacle, their own
    # start included, so it steps to one of the two free hexes next to both itself and the
    # hero ((4, 2) and (4, 4), one point each) and attacks from there; the players pick.
    assert outcomes(decision) == {
        ((4, 2), frozenset({"hero"})),
        ((4, 4), frozenset({"hero"})),
    }


def test_a_flying_monster_may_stay_on_the_obstacle_it_starts_on():
    enc = encounter(
        unit("hero", "player", (4, 3), "initiative = 10")
        + unit("bat", "enemy", (3, 3), "move = 2, range = 0, targets = 1", 'tags = ["flying"]'),
        cells=ON_OBSTACLE,
    )
    decision = decide(enc, "bat", RULES)
    # Flying figures may end on obstacles: it attacks from where it is, without moving.
    assert outcomes(decision) == {(None, frozenset({"hero"}))}
