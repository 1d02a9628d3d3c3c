"""grimdark-solo: stepping whole enemy turns on the hand-written sample encounters."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from desktop.encounter_file import EncounterFileError, load_encounter, parse_encounter
from desktop.engine.decide import decide
from desktop.engine.dice import Dice
from desktop.engine.errors import RulesError
from desktop.rulesets.grimdark_solo.turn import apply_decision, step_enemy_turn
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from tests.desktop.rulesets.grimdark_solo.units import blade, board, enemy, gun, player, scene

RULESET = get_ruleset("grimdark-solo")
PHASES = ["command", "movement", "psychic", "shooting", "charge", "fight"]


def _sample(name: str):
    return load_encounter(sample_path(f"grimdark-solo-{name}.toml"))


def _summary(turn, phase):
    return [(d.unit, d.action, d.targets, d.destination) for d in turn.decisions(phase)]


def test_a_full_enemy_turn_at_close_quarters():
    enc = _sample("close-quarters")
    # d8 stratagem, d2 command recipient, 2D6 captain's charge, 2D6 hounds' charge
    turn = step_enemy_turn(enc, RULESET, Dice([1, 2, 9, 5]))
    assert [name for name, _ in turn.phases] == PHASES
    assert turn.stratagem.stratagem.name == "Warp Surge"  # the seer is a psyker: it counts
    assert _summary(turn, "command")[0] == ("captain", "hold", ("seer",), None)
    assert _summary(turn, "movement") == [
        ("captain", "move", (), (10, 5)),
        ("mob", "hold", (), None),  # already fighting the guard squad
        ("gunners", "move", (), (3, 4)),
        ("hounds", "move", (), (13, 8)),
        ("seer", "move", (), (3, 2)),
    ]
    assert _summary(turn, "shooting")[0] == ("captain", "shoot", ("lib",), None)
    assert _summary(turn, "shooting")[2] == ("gunners", "shoot", ("guard",), None)
    charges = _summary(turn, "charge")
    assert charges[0] == ("captain", "charge", ("lib",), (17, 3))
    assert charges[2] == ("gunners", "hold", (), None)  # no melee weapon
    assert charges[3] == ("hounds", "charge", ("guard",), (13, 7))  # 5" covers the 1" needed
    assert [(d.unit, d.action) for d in turn.decisions("fight")] == [
        ("captain", "fight"),
        ("captain", "consolidate"),
        ("mob", "fight"),
        ("mob", "consolidate"),
        ("gunners", "hold"),
        ("hounds", "fight"),
        ("hounds", "consolidate"),
        ("seer", "hold"),
    ]
    for name, decisions in turn.phases:
        assert all(d.phase == name for d in decisions)
    assert turn.encounter.unit("captain").at == (17, 3)
    assert all(not u.statuses for u in turn.encounter.units)
    assert set(turn.to_dict()["phases"]) == set(PHASES)


def test_an_advanced_unit_neither_shoots_nor_charges_later_in_the_turn():
    enc = _sample("hold-the-relay")
    turn = step_enemy_turn(enc, RULESET, Dice([8, 1, 3, 4]))
    assert _summary(turn, "movement")[0] == ("warboss", "advance", (), (5, 7))
    assert turn.decisions("movement")[0].statuses_gained == ("advanced",)
    assert turn.decisions("shooting")[0].summary == "Advanced: no shooting"
    assert turn.decisions("charge")[0].summary == "Advanced: no charge"
    assert "advanced" not in turn.encounter.unit("warboss").statuses


def test_each_decision_keeps_only_its_own_rolls():
    turn = step_enemy_turn(_sample("hold-the-relay"), RULESET, Dice([8, 1, 3, 4]))
    moves = turn.decisions("movement")
    assert [r.value for r in moves[0].rolls] == [3]
    assert [r.value for r in moves[1].rolls] == [4]
    assert [r.value for r in turn.stratagem.rolls] == [8]


def test_every_sample_unit_gets_a_decision_in_every_phase_and_turn():
    for name in ("close-quarters", "hold-the-relay"):
        enc = _sample(name)
        for phase in PHASES:
            for turn in ("enemy", "player"):
                here = enc.evolve(phase=phase, extra_state=MappingProxyType({"turn": turn}))
                for unit in here.enemies():
                    d = decide(here, unit.id, RULESET, Dice(seed=3))
                    assert d.phase == phase
                    assert d.action in RULESET.data.actions


def test_the_phase_comes_from_the_encounter_and_defaults_to_command():
    text = (
        'format = 1\nruleset = "grimdark-solo"\n[board]\nshape = "square"\n'
        'cells = """\n.....\n"""\n[[units]]\nid = "orc"\nside = "enemy"\nat = [0, 0]\n'
        "hp = 1\nmax_hp = 1\n"
    )
    enc = parse_encounter(text)
    assert enc.phase == "command"
    assert decide(enc, "orc", RULESET).phase == "command"
    with pytest.raises(EncounterFileError, match="unknown phase 'morale'"):
        parse_encounter(text + '[state]\nphase = "morale"\n')


def test_units_act_in_roster_order():
    enc = scene(board(10, 3), [enemy("b", (0, 0)), enemy("a", (5, 0)), enemy("dead", (9, 0), hp=0)])
    order = RULESET.order(enc)
    assert order.order == ("b", "a")
    assert order.ties == ()


def test_melee_weapons_need_a_strength():
    text = (
        'format = 1\nruleset = "grimdark-solo"\n[board]\nshape = "square"\n'
        'cells = """\n.....\n"""\n[[units]]\nid = "orc"\nside = "enemy"\nat = [0, 0]\n'
        'hp = 1\nmax_hp = 1\nweapons = [ { name = "Club", kind = "melee" } ]\n'
    )
    with pytest.raises(EncounterFileError, match="needs a strength"):
        parse_encounter(text)


def test_apply_decision_moves_the_unit_and_adds_its_markers():
    enc = scene(
        board(12, 3), [enemy(at=(5, 1), weapons=blade(4)), player("aria", (6, 1))], phase="fight"
    )
    d = decide(enc, "orc", RULESET)
    after = apply_decision(enc, d)
    assert after.unit("orc").statuses == ("fought",)
    assert decide(after, "orc", RULESET).action == "consolidate"


def test_an_unknown_turn_is_refused():
    enc = scene(board(5, 1), [enemy(at=(0, 0))]).evolve(
        extra_state=MappingProxyType({"turn": "neutral"})
    )
    with pytest.raises(RulesError, match="turn is 'neutral'"):
        decide(enc, "orc", RULESET)


# -- units with nothing to do ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["close-quarters", "hold-the-relay"])
@pytest.mark.parametrize("advanced", [False, True])
def test_a_unit_the_tracker_passes_as_idle_would_only_have_held(name, advanced):
    enc = _sample(name)
    if advanced:  # everyone advanced this turn: no shooting but assault weapons, no charge
        enc = enc.evolve(
            units=tuple(
                u.evolve(statuses=(*u.statuses, "advanced")) if u.is_enemy else u for u in enc.units
            )
        )
    passed = 0
    for phase in PHASES:
        in_phase = enc.evolve(phase=phase)
        for unit in in_phase.enemies():
            reason = RULESET.idle_reason(in_phase, unit.id)
            decision = decide(in_phase, unit.id, RULESET, Dice(seed=3))
            if reason is not None:
                passed += 1
                assert decision.action == "hold", (phase, unit.id, reason, decision.summary)
    assert passed >= 8


def test_an_advanced_unit_with_an_assault_weapon_is_not_passed_in_the_shooting_phase():
    gunner = enemy(at=(0, 0), weapons=gun(24, extra="assault = true"), statuses=("advanced",))
    enc = scene(board(12, 12), [gunner, player("aria", (8, 0))], phase="shooting")
    assert RULESET.idle_reason(enc, "orc") is None
    plain = scene(
        board(12, 12),
        [enemy(at=(0, 0), weapons=gun(24), statuses=("advanced",)), player("aria", (8, 0))],
        phase="shooting",
    )
    assert RULESET.idle_reason(plain, "orc") == "advanced, with no assault weapon"


def test_in_the_players_turn_no_enemy_is_passed():
    enc = scene(board(12, 12), [enemy(at=(0, 0)), player("aria", (8, 0))], phase="fight")
    assert RULESET.idle_reason(enc, "orc") == "not in combat"
    theirs = enc.evolve(extra_state=MappingProxyType({"turn": "player"}))
    assert RULESET.idle_reason(theirs, "orc") is None
