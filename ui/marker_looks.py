"""How each status marker looks: an icon (resources/icons/status/<icon>.svg) on a disc of
its colour, never the same pair twice within one ruleset, declared or not.

A status names its icon and colour in its ruleset's data (`icon`, `colour`). When it names
no icon that exists, it gets one of the plain shapes; when it names no colour, it gets its
icon's own (the disc's colour in the file) or one of PALETTE. Whatever a ruleset declares,
two of its statuses never get the same icon on the same colour: the later one gets the
next free colour (or shape), chosen in a fixed order, so every board and every session
shows a status alike.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from desktop.engine.ruleset import COLOUR, StatusSpec
from desktop.package_files import package_folder

SVG_NS = "http://www.w3.org/2000/svg"
DISC = "disc"  # the id of the coloured disc every status icon is drawn on
# For statuses without an icon of their own: shapes told apart without colour.
PLAIN_SHAPES = ("marker", "marker-square", "marker-triangle", "marker-diamond", "marker-ring")
# Colours a white shape reads on; colour-blind-safe hues first (Okabe–Ito), then darker ones.
PALETTE = (
    "#0072B2",  # blue
    "#D55E00",  # vermilion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#7B3F9E",  # purple
    "#4A4A52",  # slate
    "#8A6D3B",  # brown
)


@dataclass(frozen=True)
class MarkerLook:
    """How a status marker is drawn: an icon on a coloured disc."""

    icon: str  # an icon file's name under resources/icons/status, without .svg
    colour: str  # "#RRGGBB": the disc the icon is drawn on


UNKNOWN = MarkerLook("marker", "#7F7F7F")  # a status the ruleset does not know


def _icon_dir():
    return package_folder("resources").joinpath("icons", "status")


@cache
def has_icon(icon_id: str) -> bool:
    return bool(icon_id) and "/" not in icon_id and _icon_dir().joinpath(f"{icon_id}.svg").is_file()


@cache
def _icon_tree(icon_id: str) -> ET.Element | None:
    """The icon's SVG, or None when the file is not SVG with a disc (then the plain marker
    is drawn instead: a broken file must not break the board)."""
    try:
        root = ET.fromstring(_icon_dir().joinpath(f"{icon_id}.svg").read_bytes())
    except (OSError, ET.ParseError):
        return None
    return root if _disc(root) is not None else None


def _disc(root: ET.Element) -> ET.Element | None:
    return next((e for e in root.iter() if e.get("id") == DISC), None)


def usable_icon(icon_id: str) -> bool:
    """An icon file that exists and can be coloured."""
    return has_icon(icon_id) and _icon_tree(icon_id) is not None


def icon_colour(icon_id: str) -> str:
    """The colour the icon's file gives its disc; the unknown marker's grey when it has none."""
    root = _icon_tree(icon_id) if has_icon(icon_id) else None
    disc = _disc(root) if root is not None else None
    fill = disc.get("fill", "") if disc is not None else ""
    return fill.upper() if COLOUR.fullmatch(fill) else UNKNOWN.colour


def edge_colour(colour: str) -> str:
    """The disc's rim: its colour, darker (as the icon files draw it)."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02X}{:02X}{:02X}".format(*(round(c * 0.68) for c in (red, green, blue)))


def icon_svg(look: MarkerLook) -> bytes:
    """The look's icon as SVG, its disc in the look's colour."""
    root = _icon_tree(look.icon) if has_icon(look.icon) else None
    if root is None:
        root = _icon_tree(UNKNOWN.icon)
    assert root is not None  # the plain marker ships with the app
    copy = ET.fromstring(ET.tostring(root))
    disc = _disc(copy)
    assert disc is not None  # _icon_tree keeps only icons with a disc
    disc.set("fill", look.colour)
    disc.set("stroke", edge_colour(look.colour))
    ET.register_namespace("", SVG_NS)
    return ET.tostring(copy)


def _pairs() -> Iterable[tuple[str, str]]:
    """Every plain shape with every palette colour, shape and colour both changing from one
    to the next (5 shapes and 8 colours: all 40 pairs before one repeats)."""
    count = len(PLAIN_SHAPES) * len(PALETTE)
    return ((PLAIN_SHAPES[k % len(PLAIN_SHAPES)], PALETTE[k % len(PALETTE)]) for k in range(count))


def marker_looks(statuses: Mapping[str, StatusSpec]) -> dict[str, MarkerLook]:
    """Every status's look; another spelling of a status (`same_as`) looks as that status."""
    return dict(_looks(tuple(statuses.items())))


@cache  # specs are frozen: a ruleset's looks are worked out once
def _looks(items: tuple[tuple[str, StatusSpec], ...]) -> tuple[tuple[str, MarkerLook], ...]:
    statuses = dict(items)
    looks: dict[str, MarkerLook] = {}
    taken: set[MarkerLook] = set()
    own = [s for s in statuses.values() if not s.same_as]
    # First what the data asks for, first come first served; then the rest.
    rest = []
    for spec in own:
        icon = spec.icon if usable_icon(spec.icon) else ""
        colour = spec.colour.upper() or (icon_colour(icon) if icon else "")
        look = MarkerLook(icon, colour)
        if icon and look not in taken:
            looks[spec.id] = look
            taken.add(look)
        else:
            rest.append((spec.id, icon, colour))
    for sid, icon, colour in rest:
        looks[sid] = look = _free_look(icon, colour, taken)
        taken.add(look)
    for spec in statuses.values():
        if spec.same_as:
            looks[spec.id] = looks.get(spec.same_as, UNKNOWN)
    return tuple((sid, looks[sid]) for sid in statuses)


def _free_look(icon: str, colour: str, taken: set[MarkerLook]) -> MarkerLook:
    """The first free look that keeps what was asked for: the icon (in another colour), or
    the colour (on another shape); else a plain shape, in a colour nobody uses yet if any."""
    if icon:
        wanted = [MarkerLook(icon, c) for c in PALETTE]
    else:
        wanted = [MarkerLook(shape, colour) for shape in PLAIN_SHAPES] if colour else []
    pairs = [MarkerLook(s, c) for s, c in _pairs()]
    used = {look.colour for look in taken}
    for options in (
        [o for o in wanted if o.colour not in used],
        wanted,
        [o for o in pairs if o.colour not in used],
        pairs,
    ):
        free = [o for o in options if o not in taken]
        if free:
            return free[0]
    # More statuses than looks (over forty plain ones): repeat, but never break the board.
    return pairs[len(taken) % len(pairs)]


def look_of(looks: Mapping[str, MarkerLook], status: str) -> MarkerLook:
    return looks.get(status, UNKNOWN)
