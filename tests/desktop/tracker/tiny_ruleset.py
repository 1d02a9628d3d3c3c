"""A tiny in-test ruleset with one marker per expiry kind, so tracker tests need no real game."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.engine.board import Board
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import (
    ActionEffects,
    ActivationOrder,
    AiTypeSpec,
    Ruleset,
    RulesetData,
    StatSpec,
    StatusSpec,
)
from desktop.engine.unit_fields import UNIT, UnitFieldSpec
from desktop.engine.units import make_unit

DATA = RulesetData(
    id="tiny-test",
    name="Tiny test game",
    description="Only for tests.",
    board_shape="square",
    distance_unit="square",
    stats={"move": StatSpec("move", "Squares per move.", 3)},
    statuses={
        "stunned": StatusSpec("stunned", "Stunned", "Move or fight.", "after-activation"),
        "overwatch": StatusSpec(
            "overwatch",
            "Overwatch",
            "Fires at the first target.",
            "on-activation, when-hit, when-brawls",
            adjective="on overwatch",
        ),
        "pinned": StatusSpec("pinned", "Pinned", "Cannot move this round.", "end-of-round"),
        "poison": StatusSpec(
            "poison", "Poison", "Loses 1 HP a round per counter.", adjective="poisoned"
        ),
        "blessed": StatusSpec("blessed", "Blessed", "Until healed.", "when-healed"),
        "down": StatusSpec("down", "Down", "At 0 HP or less.", derived=True),
    },
    ai_types={
        "brute": AiTypeSpec("brute", "Brute", "Charges."),
        "sneak": AiTypeSpec("sneak", "Sneak", "Hides."),
    },
    actions={"brawl": "Fights.", "fire": "Shoots.", "move": "Moves.", "hold": "Waits."},
    action_effects=ActionEffects(shooting=frozenset({"fire"}), brawling=frozenset({"brawl"})),
    unit_fields={
        "guards": UnitFieldSpec(
            "guards",
            UNIT,
            "Guards",
            "The unit it guards.",
            "enemy",
            itself="a unit cannot guard itself",
            named_by="{unit} is guarded by {others}",
        )
    },
)


class TinyRuleset(Ruleset):
    def evaluate(self, ctx, chain):
        raise NotImplementedError("the tiny test ruleset makes no decisions")

    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = tuple(u.id for u in encounter.enemies() if u.hp > 0)
        return ActivationOrder(enemies, (enemies,) if len(enemies) > 1 else ())

    def derived_statuses(self, unit):
        return {"down"} if unit.hp <= 0 else set()


TINY = TinyRuleset(DATA)


def rulesets(ruleset_id: str) -> Ruleset:
    """Ruleset lookup for storage: the tiny ruleset plus the built-in ones."""
    if ruleset_id == TINY.id:
        return TINY
    from desktop.rulesets.registry import get_ruleset

    return get_ruleset(ruleset_id)


def tiny_encounter() -> Encounter:
    board = Board.from_text(
        "square",
        """
        . . . . . .
        . # # . ~ .
        . . . . . .
        . . . . . .
    """,
    )
    units = (
        make_unit("e1", "enemy", (0, 0), 6, 6, name="Raider", ai="brute"),
        make_unit("e2", "enemy", (5, 0), 4, 4, name="Sniper", ai="sneak"),
        make_unit("p1", "player", (0, 3), 10, 10, name="Ada"),
        make_unit("p2", "player", (5, 3), 8, 8, name="Bo"),
    )
    return Encounter(ruleset=TINY.id, board=board, units=units, name="Tiny")


SAMPLE = "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"


def goblin_ambush() -> Encounter:
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    return parse_encounter((root / SAMPLE).read_text(encoding="utf-8"), SAMPLE)
