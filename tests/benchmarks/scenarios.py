"""Deterministic benchmark encounters: random walls and units from a fixed seed, and one
encounter per ruleset at the documented limits."""

from __future__ import annotations

import random

from desktop.engine.board import Board, Shape
from desktop.engine.encounter import Encounter
from desktop.engine.limits import MAX_BOARD_SIDE, MAX_UNITS
from desktop.engine.units import Weapon, make_unit


def random_encounter(
    ruleset: str,
    width: int,
    height: int,
    enemies: int,
    players: int,
    *,
    shape: Shape = Shape.SQUARE,
    wall_share: float = 0.12,
    seed: int = 7,
    enemy_stats: dict | None = None,
    player_stats: dict | None = None,
    wall_char: str = "#",
    extra_terrain: str = "",
) -> Encounter:
    rng = random.Random(seed)
    palette = [wall_char, *extra_terrain]
    rows = []
    for _ in range(height):
        rows.append(
            "".join(rng.choice(palette) if rng.random() < wall_share else "." for _ in range(width))
        )
    board = Board(shape, tuple(rows))
    free = [c for c in board.cells() if board.terrain(c).passable]
    rng.shuffle(free)
    units = []
    for i in range(enemies):
        units.append(
            make_unit(
                f"e{i}",
                "enemy",
                free.pop(),
                rng.randint(3, 10),
                10,
                stats=dict(enemy_stats or {"move": 4, "range": 1}),
            )
        )
    for i in range(players):
        units.append(
            make_unit(
                f"p{i}",
                "player",
                free.pop(),
                rng.randint(5, 20),
                20,
                stats=dict(player_stats or {"level": 3, "lift": i % 3}),
            )
        )
    return Encounter(ruleset=ruleset, board=board, units=tuple(units))


# The documented limits (desktop/engine/limits.py): a 200x200 board with 500 units.
LIMIT_RULESETS = (
    "card-flip-rpg",
    "dungeon-crawl",
    "grimdark-solo",
    "hex-quest",
    "monster-focus",
    "skirmish-ai",
)


def limits_encounter(ruleset: str, seed: int = 17) -> Encounter:
    """A deterministic encounter at the documented limits for `ruleset`: a 200x200 board of
    scattered walls and the terrain it plays on, 440 enemies and 60 players, with the
    stats, weapons and AI types its rules read."""
    side = MAX_BOARD_SIDE
    rng = random.Random(seed)
    hexes = ruleset in ("hex-quest", "monster-focus")
    extra = {"monster-focus": "x^", "hex-quest": "~,", "skirmish-ai": "c,=", "grimdark-solo": "c,"}
    palette = "#" * 6 + extra.get(ruleset, ",")
    rows = tuple(
        "".join(rng.choice(palette) if rng.random() < 0.12 else "." for _ in range(side))
        for _ in range(side)
    )
    board = Board(Shape.HEX if hexes else Shape.SQUARE, rows)
    free = [c for c in board.cells() if board.terrain(c).passable]
    rng.shuffle(free)
    units = []
    enemies, players = MAX_UNITS - 60, 60
    rifle, blade = Weapon("Rifle", "ranged", 24, 4), Weapon("Blade", "melee", 1, 4)
    for i in range(enemies):
        kwargs: dict = {}
        if ruleset == "card-flip-rpg":
            kwargs["stats"] = {
                "move": rng.choice([3, 4, 6]),
                "range": rng.choice([1, 1, 4]),
                "level": rng.randint(1, 5),
            }
        elif ruleset == "hex-quest":
            kwargs["ai"] = rng.choice(["strongest", "weakest"])
            kwargs["stats"] = {
                "move": rng.choice([2, 3]),
                "range": rng.choice([1, 1, 2, 3]),
                "targets": rng.choice([1, 2]),
                "level": rng.randint(1, 4),
            }
        elif ruleset == "dungeon-crawl":
            card = _DUNGEON_CARDS[i % len(_DUNGEON_CARDS)]
            kwargs["priorities"] = list(card)
            kwargs["weapons"] = (Weapon("Bow", "ranged"),) if card[0].startswith("shoot") else ()
            kwargs["stats"] = {"move": rng.choice([4, 5, 6])}
        elif ruleset == "grimdark-solo":
            kwargs["ai"] = ("tactical", "berserk", "erratic", "skittish")[i % 4]
            kwargs["stats"] = {"move": 6, "toughness": 4, "power": 4}
            kwargs["weapons"] = (rifle, blade) if i % 2 else (blade,)
        elif ruleset == "skirmish-ai":
            kwargs["ai"] = (
                "aggressive",
                "cautious",
                "tactical",
                "defensive",
                "rampaging",
                "beast",
            )[i % 6]
            kwargs["stats"] = {"move": 6}
            kwargs["weapons"] = (rifle,)
        elif ruleset == "monster-focus":
            kwargs["stats"] = {
                "move": rng.choice([2, 3, 4]),
                "range": rng.choice([0, 0, 3]),
                "targets": rng.choice([1, 1, 2]),
                "initiative": rng.randint(10, 90),
            }
        units.append(make_unit(f"e{i}", "enemy", free.pop(), rng.randint(3, 10), 10, **kwargs))
    for i in range(players):
        stats = {"level": 3, "lift": i % 3} if ruleset == "card-flip-rpg" else {}
        if ruleset == "grimdark-solo":
            stats = {"toughness": 3 + i % 4, "power": 4 + i % 5}
        if ruleset == "monster-focus":
            stats = {"initiative": rng.randint(91, 99)}  # the monsters act first, as Enter plays
        units.append(make_unit(f"p{i}", "player", free.pop(), rng.randint(5, 20), 20, stats=stats))
    encounter = Encounter(
        ruleset=ruleset, board=board, units=tuple(units), name=f"{ruleset} at the limits"
    )
    if ruleset == "grimdark-solo":
        encounter = encounter.evolve(phase="movement")
    return encounter


_DUNGEON_CARDS = (
    ("fight-closest",),
    ("shoot-nearest", "fight-closest"),
    ("shoot-new", "shoot-furthest", "fight-gang", "fight-closest"),
    ("fight-individual", "fight-random"),
    ("shoot-random", "fight-furthest"),
)
