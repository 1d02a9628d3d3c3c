"""card-flip-rpg's party helpers, card flips and "badly hurt" as its rule pack gives them,
by the names the tests of the Python module it replaced call them."""

from __future__ import annotations

from desktop.engine.board import Board
from desktop.engine.encounter import Encounter
from desktop.engine.units import Unit, make_unit
from desktop.rulesets.packs.pack_ruleset import PackRuleset, below_share
from desktop.rulesets.registry import get_ruleset

RULESET = "card-flip-rpg"


def _rules() -> PackRuleset:
    found = get_ruleset(RULESET)
    assert isinstance(found, PackRuleset)
    return found


def _helpers(players: list[Unit]) -> dict[str, str]:
    table = Encounter(RULESET, Board.from_text("square", "." * 40), tuple(players))
    return {h.label: h.value for h in _rules().helpers(table)}


def _player(level: int) -> Unit:
    return make_unit("p", "player", (0, 0), 5, 5, name="P", stats={"level": level})


def average_party_level(players: list[Unit]) -> int:
    return int(_helpers(players)["Average party level"])


def enemy_attack_bonus(average_level: int) -> int:
    return int(_helpers([_player(average_level)])["Enemy attack bonus"])


def untrained_defence_increase(level: int) -> int:
    return int(_helpers([_player(level)])["P: untrained defence"])


def flip_meaning(card: str) -> str:
    flips = _rules().capabilities.card_flips
    assert flips is not None
    return flips.meaning(card)


def is_low(unit: Unit) -> bool:
    """The condition of its first rule (flee when badly hurt): HP below a quarter."""
    flee = _rules().pack.rules["standard"][0]
    return below_share(unit, dict(flee.when)["hp_below"])[0]
