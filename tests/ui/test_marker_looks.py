"""Every status marker has a look of its own within its ruleset (icon and colour), declared in
the ruleset's data or worked out the same way every time for data that declares none."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from desktop.engine.ruleset import StatusSpec
from desktop.rulesets.registry import ruleset_data, ruleset_ids
from ui.marker_looks import (
    PALETTE,
    PLAIN_SHAPES,
    UNKNOWN,
    MarkerLook,
    icon_colour,
    icon_svg,
    look_of,
    marker_looks,
    usable_icon,
)


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65), to measure how far apart two colours look."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(v: float) -> float:
        return v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def colour_difference(a: str, b: str) -> float:
    """CIE76 delta E: about 2 is the least a trained eye sees, 30 is plainly another colour."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5


def _own(statuses: dict[str, StatusSpec]) -> list[str]:
    return [sid for sid, spec in statuses.items() if not spec.same_as]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_no_two_statuses_of_a_ruleset_share_icon_and_colour(ruleset_id):
    statuses = ruleset_data(ruleset_id).statuses
    looks = marker_looks(statuses)
    own = _own(statuses)
    assert len({looks[sid] for sid in own}) == len(own), looks
    for sid, spec in statuses.items():
        assert usable_icon(looks[sid].icon), f"{ruleset_id}: {sid} has no icon to draw"
        if spec.same_as:  # another spelling is the same marker, drawn the same
            assert looks[sid] == looks[spec.same_as]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_the_built_in_markers_of_a_ruleset_differ_in_colour_too(ruleset_id):
    """Shapes are small on a token at arm's length: colour alone must tell them apart."""
    looks = marker_looks(ruleset_data(ruleset_id).statuses)
    colours = {look.colour for look in looks.values()}
    for a, b in itertools.combinations(sorted(colours), 2):
        assert colour_difference(a, b) >= 30, f"{ruleset_id}: {a} and {b} look alike"
    # Poison and stun (the pair that looked alike) are far apart.
    if ruleset_id == "monster-focus":
        assert looks["poison"].icon != looks["stun"].icon
        assert colour_difference(looks["poison"].colour, looks["stun"].colour) > 60


def test_every_built_in_status_declares_its_icon_and_colour_in_its_data():
    for ruleset_id in ruleset_ids():
        for spec in ruleset_data(ruleset_id).statuses.values():
            if spec.same_as:  # looks as the status it spells
                continue
            assert spec.colour, f"{ruleset_id}: [statuses.{spec.id}] declares no colour"
            assert usable_icon(spec.icon), f"{ruleset_id}: [statuses.{spec.id}] icon"
            assert marker_looks({spec.id: spec})[spec.id] == MarkerLook(spec.icon, spec.colour)


def _plain(*ids: str, **fields: str) -> dict[str, StatusSpec]:
    return {sid: StatusSpec(sid, sid.title(), "", icon=sid, **fields) for sid in ids}


def test_statuses_declaring_nothing_get_distinct_plain_looks_the_same_every_time():
    ids = [f"hex-{n}" for n in range(12)]  # no icon file has these names
    looks = marker_looks(_plain(*ids))
    assert len(set(looks.values())) == 12
    assert all(look.icon in PLAIN_SHAPES and look.colour in PALETTE for look in looks.values())
    # The first eight all differ in colour, and shapes change from one to the next.
    assert len({looks[sid].colour for sid in ids[:8]}) == 8
    assert all(looks[a].icon != looks[b].icon for a, b in itertools.pairwise(ids[:5]))
    # Deterministic: the same data (built afresh) looks the same; a status keeps its look
    # when statuses are added after it.
    assert marker_looks(_plain(*ids)) == looks
    assert marker_looks(_plain(*ids[:5])) == {sid: looks[sid] for sid in ids[:5]}


def test_two_statuses_asking_for_the_same_look_are_told_apart_by_colour():
    statuses = {
        "dazed": StatusSpec("dazed", "Dazed", "", icon="stunned"),
        "reeling": StatusSpec("reeling", "Reeling", "", icon="stunned"),
        "burning": StatusSpec("burning", "Burning", "", icon="fire", colour="#D55E00"),
        "smoking": StatusSpec("smoking", "Smoking", "", icon="smoke", colour="#D55E00"),
    }
    looks = marker_looks(statuses)
    # The first keeps the icon's own colour; the second the same icon in an unused colour.
    assert looks["dazed"] == MarkerLook("stunned", icon_colour("stunned"))
    assert looks["reeling"].icon == "stunned"
    assert looks["reeling"].colour not in {looks["dazed"].colour, "#D55E00"}
    # No icon file: a plain shape, in the colour asked for, each its own shape.
    assert looks["burning"].colour == looks["smoking"].colour == "#D55E00"
    assert looks["burning"].icon != looks["smoking"].icon
    assert len(set(looks.values())) == 4


def test_a_declared_colour_recolours_the_icons_disc_and_only_it():
    svg = icon_svg(MarkerLook("poison", "#123456"))
    root = ET.fromstring(svg)
    disc = next(e for e in root.iter() if e.get("id") == "disc")
    assert disc.get("fill") == "#123456"
    assert disc.get("stroke") not in (None, "#123456")  # a darker rim
    assert b"#FFFFFF" in svg  # the white drop on it is unchanged
    assert icon_colour("poison") == "#7B3F9E"  # the file itself is untouched


def test_a_status_the_ruleset_does_not_know_is_a_plain_grey_dot():
    looks = marker_looks(_plain("hex-a"))
    assert look_of(looks, "hex-b") == UNKNOWN
    assert UNKNOWN not in looks.values()


def test_a_declared_colour_is_read_in_capitals():
    spec = StatusSpec("wet", "Wet", "", icon="wet", colour="#3366cc")
    assert marker_looks({"wet": spec})["wet"] == MarkerLook("marker", "#3366CC")
