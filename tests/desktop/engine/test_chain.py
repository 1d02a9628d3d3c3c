"""Counts and lists in reasoning and messages read as English."""

from __future__ import annotations

from desktop.engine.chain import joined, plural


def test_counts_and_lists_read_as_english():
    assert [plural(1, "hex"), plural(3, "hex"), plural(2, "enemy"), plural(0.5, "square")] == [
        "1 hex",
        "3 hexes",
        "2 enemies",
        "0.5 squares",
    ]
    assert plural(2, "day") == "2 days" and plural(2, "inch") == "2 inches"
    assert [joined([]), joined(["A"]), joined(["A", "B"]), joined(["A", "B", "C"], "or")] == [
        "",
        "A",
        "A and B",
        "A, B or C",
    ]
