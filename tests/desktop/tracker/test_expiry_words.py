"""Plain wording of status expiry: every trigger word reads as a phrase, several join with "or"."""

from __future__ import annotations

import pytest

from desktop.engine.ruleset import StatusSpec
from desktop.rulesets.registry import get_ruleset, ruleset_ids
from desktop.tracker.expiry import TRIGGERS
from desktop.tracker.expiry_words import DERIVED, UNTIL, expiry_words


def spec(expires: str, derived: bool = False) -> StatusSpec:
    return StatusSpec("x", "X", "", expires=expires, derived=derived)


def test_every_trigger_word_has_a_wording():
    assert set(TRIGGERS) <= set(UNTIL)
    # the word the turn order is getting for Gloomhaven-style conditions
    assert "after-next-activation" in UNTIL


def test_single_triggers_read_as_plain_sentences():
    assert expiry_words(spec("when-healed")) == "Lasts until it is healed."
    assert expiry_words(spec("end-of-round")) == "Lasts until the end of the round."
    assert expiry_words(spec("never")) == "Lasts until removed."


def test_several_triggers_join_with_or_in_a_fixed_order():
    words = expiry_words(spec("when-hit | on-activation"))
    assert words == "Lasts until its next activation starts or it takes damage."
    assert expiry_words(spec("on-activation, when-hit")) == words


def test_derived_markers_follow_hit_points_whatever_expires_says():
    assert expiry_words(spec("when-healed", derived=True)) == DERIVED


def test_an_unknown_word_gives_no_wording_instead_of_failing():
    assert expiry_words(spec("sometimes")) == ""


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_built_in_status_has_a_wording(ruleset_id):
    for status in get_ruleset(ruleset_id).data.statuses.values():
        assert expiry_words(status).endswith("."), status.id
