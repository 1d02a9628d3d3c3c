"""A move's goal (whom it heads for) is ringed on the board, with no sight line: the
example plug-in's wolf walks toward Finn, and Finn is ringed."""

from __future__ import annotations

from db.repository import new_session
from desktop.encounter_file import load_encounter
from tests.plugin_examples import EXAMPLE, SAMPLE
from tests.ui.real_input import click_roster_row


def test_the_goal_of_a_move_is_ringed_without_a_sight_line(qtbot, window, site, monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLE))
    site("foebook-nearest-first", {"nearest-first": "foebook_nearest_first:build"})
    new_session(window.database, "ford", load_encounter(SAMPLE))
    window.open_session("ford")
    qtbot.waitUntil(lambda: window.session is not None)
    click_roster_row(qtbot, window, "wolf")
    outcome = window.decision.outcome
    assert (outcome.action, outcome.targets, outcome.goal) == ("move", (), "finn")
    rings = window.scene.highlights.target_items
    assert len(rings) == 1
    finn = window.scene.tokens["finn"]
    assert rings[0].sceneBoundingRect().contains(finn.sceneBoundingRect().center())
    assert window.scene.highlights.groups["sight"].childItems() == []
