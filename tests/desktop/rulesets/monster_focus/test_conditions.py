"""monster-focus: what conditions do to a monster's turn (rules/README.md, "What conditions do
to a monster's turn"), checked on the acceptance boards and through `foebook decide`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.encounter import Encounter
from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.monster_focus import test_ruleset as mf
from tests.desktop.rulesets.monster_focus.data import REPO, acceptance_dir

RULES = get_ruleset("monster-focus")
# Every eighth acceptance turn: boards with walls, traps, ice, areas and several targets.
SAMPLE = sorted((acceptance_dir() / "encounters").glob("*.toml"))[::8]


def outcomes(d: Decision) -> set[tuple]:
    return {(o.destination, frozenset(o.targets)) for o in (d.outcome, *d.alternatives)}


def with_statuses(enc: Encounter, *statuses: str) -> Encounter:
    """The active monster with these conditions besides its own (muddled, in some files)."""
    unit = enc.unit("a1")
    return enc.replace_unit(unit.evolve(statuses=(*unit.statuses, *statuses)))


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_conditions_on_the_acceptance_boards(path: Path):
    enc = load_encounter(path)
    free = decide(enc, "a1", RULES)
    # Stunned, or disarmed and immobilized: nothing at all.
    for statuses in (("stun",), ("disarm", "immobilize"), ("stun", "muddle", "disarm")):
        d = decide(with_statuses(enc, *statuses), "a1", RULES)
        assert (d.action, d.targets, d.destination, d.alternatives) == ("hold", (), None, ())
    # Disarmed: the same end hexes, no attack.
    disarmed = decide(with_statuses(enc, "disarm"), "a1", RULES)
    assert outcomes(disarmed) == {(dest, frozenset()) for dest, _ in outcomes(free)}
    assert {o.action for o in (disarmed.outcome, *disarmed.alternatives)} <= {"move", "hold"}
    # Immobilized: it stays, and attacks from where it stands what it would attack there.
    immobile = decide(with_statuses(enc, "immobilize"), "a1", RULES)
    assert {dest for dest, _ in outcomes(immobile)} == {None}
    staying = {targets for dest, targets in outcomes(free) if dest is None}
    if staying:  # it attacks from where it stands anyway: the same choice of targets
        assert {targets for _, targets in outcomes(immobile)} == staying
    trace = " ".join(t.detail for t in immobile.trace)
    assert "Immobilized" in trace


def test_an_immobilized_monster_on_an_obstacle_still_attacks_from_it():
    cells = "\n".join([".......", "...x...", *["......."] * 5])
    enc = mf.encounter(
        mf.unit("aria", "player", (3, 2), "initiative = 20")
        + mf.unit("bram", "player", (4, 1), "initiative = 30")
        + mf.unit("orc", "enemy", (3, 1), "move = 2, range = 0, targets = 2"),
        cells=cells,
    )
    # Free, it must step off the obstacle to attack; immobilized it attacks both from it.
    assert all(dest is not None for dest, _ in outcomes(decide(enc, "orc", RULES)))
    pinned = enc.replace_unit(enc.unit("orc").evolve(statuses=("immobilize",)))
    d = decide(pinned, "orc", RULES)
    assert outcomes(d) == {(None, frozenset({"aria", "bram"}))}
    assert d.targets == ("aria", "bram") and d.summary == "Attack aria, bram"


def foebook_decide(tmp_path: Path, statuses: str) -> dict:
    source = (acceptance_dir() / "encounters" / "001-gloomhaven.toml").read_text()
    marker = 'id = "a1"\n'
    assert marker in source
    path = tmp_path / "stunned.toml"
    path.write_text(source.replace(marker, f"{marker}statuses = [{statuses}]\n"))
    result = subprocess.run(
        [sys.executable, "-m", "desktop", "decide", str(path), "--unit", "a1", "--json"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_foebook_decide_honours_stun_written_in_a_file(tmp_path: Path):
    data = foebook_decide(tmp_path, '"stun"')
    assert (data["action"], data["targets"], data["destination"]) == ("hold", [], None)
    assert data["alternatives"] == [] and data["path"] == []
    assert data["trace"][0] == {
        "step": "Conditions",
        "outcome": "applied",
        "detail": "Stunned: it takes no action this turn.",
    }
    # A file may also write the status as a sentence says it.
    assert foebook_decide(tmp_path, '"stunned"')["trace"][0] == data["trace"][0]


def test_a_ranged_attack_on_a_neighbour_says_it_has_disadvantage():
    enc = mf.encounter(
        mf.unit("aria", "player", (3, 2), "initiative = 20")
        + mf.unit("bram", "player", (3, 5), "initiative = 30")
        + mf.unit("archer", "enemy", (3, 1), "move = 2, range = 5, targets = 2")
    )
    pinned = enc.replace_unit(enc.unit("archer").evolve(statuses=("immobilize",)))
    d = decide(pinned, "archer", RULES)  # from where it stands: aria beside it, bram away
    assert d.targets == ("aria", "bram")
    assert d.summary == "Attack aria, bram (disadvantage on aria: next to it)"
    attack = d.trace[-1].detail
    assert attack == (
        "Attacks aria, bram. aria stands next to it: a ranged attack on a neighbour has "
        "disadvantage."
    )
    muddled = pinned.replace_unit(pinned.unit("archer").evolve(statuses=("immobilize", "muddle")))
    d = decide(muddled, "archer", RULES)
    assert d.summary == "Attack aria, bram (muddled: disadvantage)"
    assert d.trace[-1].detail.endswith("Muddled: every attack has disadvantage.")
    # Melee attacks on neighbours are as they should be: no disadvantage.
    melee = enc.replace_unit(enc.unit("archer").evolve(stats={"move": 0, "range": 0}))
    assert "disadvantage" not in decide(melee, "archer", RULES).summary
