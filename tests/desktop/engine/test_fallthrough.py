"""Walking a priority list until an option yields."""

from __future__ import annotations

from desktop.engine.fallthrough import first_yielding


def test_stops_at_the_first_option_that_yields_and_keeps_the_misses():
    calls = []

    def attempt(option):
        calls.append(option)
        return ({"b": "B"}.get(option), f"{option} tried")

    walk = first_yielding(["a", "b", "c"], attempt)
    assert calls == ["a", "b"]
    assert [a.option for a in walk.attempts] == ["a", "b"]
    assert [a.yielded for a in walk.attempts] == [False, True]
    assert walk.chosen.result == "B" and walk.chosen.detail == "b tried"


def test_nothing_yields():
    walk = first_yielding(["a", "b"], lambda o: (None, "no"))
    assert walk.chosen is None and len(walk.attempts) == 2
    assert first_yielding([], lambda o: (o, "")).chosen is None


def test_an_empty_list_result_still_counts_as_yielding():
    walk = first_yielding(["x"], lambda o: ([], "empty but found"))
    assert walk.chosen is not None
