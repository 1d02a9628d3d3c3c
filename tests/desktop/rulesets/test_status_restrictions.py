"""Every status a ruleset declares as restricting what a figure does (`restricts` in its data)
has a decision test here that shows the restriction through `decide`: a new restricting
status without one fails `test_every_restricting_status_has_a_decision_test`."""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import RESTRICTIONS
from desktop.rulesets.registry import BUILT_IN, get_ruleset
from tests.desktop.rulesets.dungeon_crawl import helpers as crawl
from tests.desktop.rulesets.grimdark_solo import units as grim
from tests.desktop.rulesets.hex_quest import test_scenarios as hexq
from tests.desktop.rulesets.monster_focus import test_ruleset as mf
from tests.desktop.rulesets.scenario import decided, encounter
from tests.desktop.rulesets.skirmish_ai.test_tables import FIELD, enemy, player

Check = Callable[[], None]
# (ruleset, status) -> (the restrictions the test shows, the test)
SHOWN: dict[tuple[str, str], tuple[frozenset[str], Check]] = {}


def shows(ruleset: str, status: str, *restrictions: str) -> Callable[[Check], Check]:
    def register(check: Check) -> Check:
        SHOWN[(ruleset, status)] = (frozenset(restrictions), check)
        return check

    return register


def everything(d: Decision) -> set[tuple]:
    return {(o.action, o.destination, frozenset(o.targets)) for o in (d.outcome, *d.alternatives)}


def step(d: Decision, title: str):
    return next(t for t in d.trace if t.step == title)


# -- monster-focus ----------------------------------------------------------------------------

MONSTER_FOCUS = "monster-focus"
RANGED = "move = 2, range = 3, targets = 1"
MELEE = "move = 2, range = 0, targets = 1"


def archer(statuses: str = "", stats: str = RANGED, at=(3, 2)) -> Encounter:
    """A ranged monster right next to Aria (it would step away to shoot without
    disadvantage), with Bram farther off."""
    more = f"statuses = [{statuses}]" if statuses else ""
    return mf.encounter(
        mf.unit("aria", "player", (3, 3), "initiative = 20")
        + mf.unit("bram", "player", (3, 6), "initiative = 40")
        + mf.unit("archer", "enemy", at, stats, more)
    )


def guard(statuses: str = "") -> Encounter:
    """A melee monster two hexes short of Aria: it must move to attack."""
    more = f"statuses = [{statuses}]" if statuses else ""
    return mf.encounter(
        mf.unit("aria", "player", (3, 4), "initiative = 20")
        + mf.unit("guard", "enemy", (3, 1), MELEE, more)
    )


def monster(enc: Encounter, unit_id: str) -> Decision:
    return decide(enc, unit_id, get_ruleset(MONSTER_FOCUS))


@shows(MONSTER_FOCUS, "stun", "no-action")
def test_a_stunned_monster_does_nothing_whatever_else_it_has():
    assert monster(archer(), "archer").action == "attack"
    for statuses in ('"stun"', '"stun", "immobilize", "disarm", "muddle"'):
        d = monster(archer(statuses), "archer")
        assert (d.action, d.targets, d.destination, d.alternatives) == ("hold", (), None, ())
        assert step(d, "Conditions").detail.startswith("Stunned: it takes no action")
        assert step(d, "1. Find the focus").outcome == "skipped"
        assert d.summary == "Stunned: no action"


@shows(MONSTER_FOCUS, "immobilize", "no-move")
def test_an_immobilized_monster_attacks_only_from_where_it_stands():
    free = monster(archer(), "archer")
    assert free.destination is not None  # it would step away from Aria to shoot
    d = monster(archer('"immobilize"'), "archer")
    assert everything(d) == {("attack", None, frozenset({"aria"}))}
    assert step(d, "2. Move").detail == "Immobilized: it stays on [3, 2]."
    # Out of reach from its hex: its focus is found as usual, and it does nothing.
    assert monster(guard(), "guard").action == "attack"
    held = monster(guard('"immobilize"'), "guard")
    assert everything(held) == {("hold", None, frozenset())}
    assert "focus aria" in step(held, "1. Find the focus").detail
    assert step(held, "3. Attack").detail.startswith("Immobilized: it cannot attack aria")
    assert held.summary == "Hold (immobilized)"


@shows(MONSTER_FOCUS, "disarm", "no-attack")
def test_a_disarmed_monster_moves_as_if_to_attack_and_does_not_attack():
    free = monster(guard(), "guard")
    d = monster(guard('"disarm"'), "guard")
    assert everything(d) == {("move", o[1], frozenset()) for o in everything(free)}
    assert step(d, "3. Attack").detail == "Disarmed: no attack (from there it would attack aria)."
    # Disarmed and immobilized together leave nothing to do.
    both = monster(guard('"disarm", "immobilize"'), "guard")
    assert everything(both) == {("hold", None, frozenset())}
    assert step(both, "Conditions").detail.startswith("Immobilized and disarmed: it can neither")


def check_muddle(spelling: str) -> None:
    clear = monster(archer(), "archer")
    assert clear.destination is not None  # away from Aria: no disadvantage
    d = monster(archer(f'"{spelling}"'), "archer")
    # Every attack has disadvantage anyway: it shoots from where it stands.
    assert (d.action, d.destination, d.targets) == ("attack", None, ("aria",))
    assert step(d, "Conditions").detail.startswith("Muddled: every attack it makes")


@shows(MONSTER_FOCUS, "muddle", "disadvantage")
def test_a_muddled_monster_no_longer_steps_away_to_shoot():
    check_muddle("muddle")


@shows(MONSTER_FOCUS, "muddled", "disadvantage")
def test_the_muddled_spelling_reads_as_muddle():
    check_muddle("muddled")


@shows(MONSTER_FOCUS, "invisible", "untargetable")
def test_an_invisible_character_is_never_focused_or_attacked():
    seen = mf.encounter(
        mf.unit("aria", "player", (3, 2), "initiative = 20")
        + mf.unit("bram", "player", (3, 5), "initiative = 40")
        + mf.unit("guard", "enemy", (3, 1), "move = 3, range = 0, targets = 2")
    )
    assert "aria" in monster(seen, "guard").targets
    hidden = seen.replace_unit(seen.unit("aria").evolve(statuses=("invisible",)))
    d = monster(hidden, "guard")
    assert all("aria" not in o[2] for o in everything(d)) and d.targets == ("bram",)


# -- skirmish-ai ------------------------------------------------------------------------------

SKIRMISH = "skirmish-ai"


@shows(SKIRMISH, "stunned", "move-or-attack")
def test_a_stunned_skirmisher_moves_or_attacks_not_both():
    def unit(statuses: str = "") -> Decision:
        enc = encounter(
            SKIRMISH,
            FIELD,
            [enemy("e", (7, 2), "aggressive", statuses=statuses), player("p", (20, 2))],
        )
        return decided(enc, "e", [5])

    free = unit()
    assert free.destination is not None and free.targets  # moves and fires
    d = unit('"stunned"')
    for o in (d.outcome, *d.alternatives):
        assert not (o.destination is not None and o.targets)
    assert any(t.step.startswith("Stunned") and t.outcome == "applied" for t in d.trace)


@shows(SKIRMISH, "shocked", "forced")
def test_a_shocked_skirmisher_heads_for_cover_and_never_attacks():
    def unit(statuses: str = "") -> Decision:
        enc = encounter(
            SKIRMISH,
            FIELD,
            [enemy("e", (7, 4), "aggressive", statuses=statuses), player("p", (7, 7))],
        )
        return decided(enc, "e", [6])

    assert unit().targets  # it would attack
    d = unit('"shocked"')
    assert all(not o.targets for o in (d.outcome, *d.alternatives))
    assert d.destination is not None and d.destination[1] == 2  # the hedge row: cover


# -- grimdark-solo ----------------------------------------------------------------------------

GRIMDARK = "grimdark-solo"


@shows(GRIMDARK, "advanced", "no-shoot", "no-charge")
def test_an_advanced_unit_neither_shoots_nor_charges():
    def orc(phase: str, statuses=()) -> Decision:
        units = [
            grim.enemy(at=(0, 2), weapons=f"{grim.gun(24)}, {grim.blade(4)}", statuses=statuses),
            grim.player("aria", (8, 2)),
        ]
        return grim.decide_for(grim.scene(grim.board(16, 5), units, phase=phase), "orc", [12])

    assert orc("shooting").action == "shoot" and orc("charge").action == "charge"
    assert orc("shooting", ("advanced",)).action == "hold"
    assert orc("charge", ("advanced",)).action == "hold"


@shows(GRIMDARK, "fought", "no-attack")
def test_a_unit_that_has_fought_consolidates_instead_of_attacking_again():
    def orc(statuses=()) -> Decision:
        units = [
            grim.enemy(at=(5, 0), weapons=grim.blade(4), statuses=statuses),
            grim.player("aria", (6, 0)),
        ]
        return grim.decide_for(grim.scene(grim.board(12, 1), units, phase="fight"), "orc")

    assert orc().action == "fight"
    assert orc(("fought",)).action == "consolidate"


@shows(GRIMDARK, "denied", "no-deny")
def test_a_psyker_that_has_denied_this_phase_does_not_try_again():
    def seer(statuses=()) -> Decision:
        units = [
            grim.enemy("seer", (0, 0), tags=("psyker",), statuses=statuses),
            grim.player("lib", (5, 0), tags=("psyker",)),
        ]
        enc = grim.scene(grim.board(12, 3), units, phase="psychic", turn="player")
        return grim.decide_for(enc, "seer")

    assert seer().action == "deny"
    assert seer(("denied",)).action == "hold"


# -- card-flip-rpg, hex-quest, dungeon-crawl: out of action ------------------------------------


def flip_unit(uid: str, side: str, at, hp: int) -> str:
    return (
        f'id = "{uid}"\nside = "{side}"\nat = {list(at)}\nhp = {hp}\nmax_hp = 10\n'
        "stats = { move = 3, range = 1 }"
    )


@shows("card-flip-rpg", "dead", "untargetable")
def test_card_flip_enemies_ignore_a_dead_player():
    def orc(aria_hp: int) -> Decision:
        units = [
            flip_unit("orc", "enemy", (2, 0), 10),
            flip_unit("aria", "player", (1, 0), aria_hp),
            flip_unit("bram", "player", (3, 0), 10),
        ]
        return decided(encounter("card-flip-rpg", ".......", units), "orc")

    assert "aria" in {t for o in (orc(1).outcome, *orc(1).alternatives) for t in o.targets}
    dead = orc(-1)
    assert dead.targets == ("bram",) and dead.alternatives == ()


def test_card_flip_enemies_still_attack_a_stunned_player():
    """A player at exactly 0 HP is stunned: its limits are on its own turn, so the status
    declares no restriction and enemies still attack it."""
    assert not get_ruleset("card-flip-rpg").data.statuses["stunned"].restricts
    units = [flip_unit("orc", "enemy", (2, 0), 10), flip_unit("aria", "player", (1, 0), 0)]
    assert decided(encounter("card-flip-rpg", ".......", units), "orc").targets == ("aria",)


HEX_CELLS = "\n".join(["......."] * 5)


@shows("hex-quest", "defeated", "no-action", "untargetable")
def test_a_defeated_hex_quest_unit_takes_no_turn_and_is_never_engaged():
    def enc(orc_hp: int, aria_hp: int) -> Encounter:
        return hexq.encounter(
            HEX_CELLS,
            hexq.unit("orc", "enemy", (2, 2), hp=orc_hp, ai="weakest")
            + hexq.unit("aria", "player", (3, 2), hp=aria_hp)
            + hexq.unit("bram", "player", (1, 2), hp=9),
        )

    rules = get_ruleset("hex-quest")
    assert decide(enc(5, 2), "orc", rules, Dice([1] * 9)).targets == ("aria",)
    assert decide(enc(5, 0), "orc", rules, Dice([1] * 9)).targets == ("bram",)
    out = decide(enc(0, 2), "orc", rules, Dice())
    assert (out.action, out.targets, out.destination) == ("hold", (), None)
    assert out.summary == "Defeated: no turn"


@shows("dungeon-crawl", "dead", "no-action", "untargetable")
def test_a_dead_dungeon_crawl_figure_takes_no_turn_and_is_never_fought():
    def enc(orc_hp: int, aria_hp: int) -> Encounter:
        return crawl.encounter(
            ".......",
            crawl.enemy("orc", (3, 0), hp=orc_hp)
            + crawl.hero("aria", (4, 0), hp=aria_hp)
            + crawl.hero("bram", (1, 0)),
        )

    assert decide(enc(3, 5), "orc", crawl.RULES, Dice()).targets == ("aria",)
    assert decide(enc(3, 0), "orc", crawl.RULES, Dice()).targets == ("bram",)
    out = decide(enc(0, 5), "orc", crawl.RULES, Dice())
    assert (out.action, out.targets, out.destination) == ("hold", (), None)
    assert out.summary == "Dead: no turn"


# -- the registry is complete -----------------------------------------------------------------


def declared() -> dict[tuple[str, str], frozenset[str]]:
    out = {}
    for ruleset_id in BUILT_IN:
        for spec in get_ruleset(ruleset_id).data.statuses.values():
            if spec.restricts:
                out[(ruleset_id, spec.id)] = frozenset(spec.restricts)
    return out


def test_every_restricting_status_has_a_decision_test():
    found = declared()
    assert ("monster-focus", "stun") in found  # the data declares them
    missing = sorted(set(found) - set(SHOWN))
    assert not missing, f"restricting statuses without a decision test here: {missing}"
    stale = sorted(set(SHOWN) - set(found))
    assert not stale, f"decision tests for statuses that restrict nothing: {stale}"
    for key, restrictions in found.items():
        assert SHOWN[key][0] == restrictions, f"{key}: the test shows {sorted(SHOWN[key][0])}"


def test_every_declared_restriction_is_one_the_engine_knows():
    for (ruleset_id, status), restrictions in declared().items():
        assert restrictions <= set(RESTRICTIONS), (ruleset_id, status)
