"""The sample scenario (Briar road ambush, from Foebook's sample monster book) as a session,
and Enter as the players press it (the decision controller playing the turn in progress)."""

from __future__ import annotations

from desktop.encounter_file import load_encounter
from desktop.rulesets.registry import get_ruleset
from desktop.samples import scenario_path
from desktop.tracker import Session
from desktop.tracker.decision_controller import DecisionController

BRIAR_ROAD = "monster-focus-briar-road.toml"


def briar_road(seed: int = 1) -> Session:
    encounter = load_encounter(scenario_path(BRIAR_ROAD))
    return Session.in_memory(encounter, get_ruleset("monster-focus"), "briar", dice_seed=seed)


def enter_presser(session: Session):
    """A function pressing Enter once: the activation in progress is played."""
    refused: list[str] = []

    def run(command) -> bool:
        session.execute(command)
        return True

    controller = DecisionController(run, refused.append)
    controller.set_session(session)

    def press() -> None:
        controller.evaluate()
        assert controller.play_turn(), refused
        assert not refused

    return press


def play_round(session: Session) -> int:
    """Enter until every figure has acted; returns how many presses it took."""
    press = enter_presser(session)
    presses = 0
    while session.current_unit is not None:
        press()
        presses += 1
    return presses
