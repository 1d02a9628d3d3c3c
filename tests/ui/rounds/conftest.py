"""Round tests: every session's dice from a fixed sequence of seeds, random-looking and the
same every run, so a round takes one course (a charge that reaches, a hit that lands)."""

from __future__ import annotations

import itertools

import pytest


@pytest.fixture(autouse=True)
def fixed_dice(monkeypatch):
    seeds = itertools.count(1000)
    monkeypatch.setattr("desktop.tracker.session.new_seed", lambda: next(seeds))
