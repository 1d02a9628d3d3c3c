"""Every marker of every built-in ruleset has its own SVG icon; unknown ones fall back; a
marker's icon is drawn on a disc of its own colour."""

from __future__ import annotations

import tomllib

import pytest
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter

from tests.sample_files import RULESET_FILES
from ui.marker_looks import UNKNOWN, MarkerLook, has_icon
from ui.roster.status_icons import paint_status_icon, status_icon

RULESETS = RULESET_FILES


def _statuses() -> list[tuple[str, str]]:
    out = []
    for path in RULESETS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for sid, spec in data.get("statuses", {}).items():
            out.append((data["id"], spec.get("icon", sid)))
    return out


@pytest.mark.parametrize(("ruleset", "icon"), _statuses())
def test_every_ruleset_marker_has_an_icon(ruleset, icon):
    assert has_icon(icon), f"{ruleset}: add resources/icons/status/{icon}.svg"


def _render(look: MarkerLook) -> QImage:
    image = QImage(32, 32, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_status_icon(painter, QRectF(0, 0, 32, 32), look)
    painter.end()
    return image


def test_icons_render_and_unknown_ids_use_the_plain_marker(qapp):
    assert _render(MarkerLook("stunned", "#E69F00")) != _render(MarkerLook("dead", "#E69F00"))
    assert not has_icon("no-such-marker") and has_icon(UNKNOWN.icon)
    assert _render(MarkerLook("no-such-marker", UNKNOWN.colour)) == _render(UNKNOWN)
    assert _render(MarkerLook("stunned", "#E69F00")).pixelColor(16, 16).alpha() == 255
    assert not status_icon(MarkerLook("overwatch", "#0072B2")).pixmap(QSize(16, 16)).isNull()


def test_the_disc_takes_the_markers_colour(qapp):
    blue, green = _render(MarkerLook("poison", "#0072B2")), _render(MarkerLook("poison", "#009E73"))
    assert blue.pixelColor(5, 16) == QColor("#0072B2")  # on the disc, beside the drop
    assert green.pixelColor(5, 16) == QColor("#009E73")
    assert blue.pixelColor(16, 20) == green.pixelColor(16, 20) == QColor("#FFFFFF")  # the drop


def test_a_marker_icon_is_drawn_at_the_size_and_scale_it_is_shown(qapp):
    icon = status_icon(MarkerLook("poison", "#0072B2"))
    sharp = icon.pixmap(QSize(24, 24), 2.0)
    assert (sharp.width(), sharp.height(), sharp.devicePixelRatio()) == (48, 48, 2.0)
    image = sharp.toImage()
    assert image.pixelColor(10, 24) == QColor("#0072B2")  # the disc, drawn at 48 pixels
    plain = icon.pixmap(QSize(32, 32))
    assert (plain.width(), plain.devicePixelRatio()) == (32, 1.0)


def test_a_disabled_marker_icon_is_greyed(qapp):
    icon = status_icon(MarkerLook("poison", "#0072B2"))
    shown = icon.pixmap(QSize(32, 32)).toImage().pixelColor(5, 16)
    greyed = icon.pixmap(QSize(32, 32), QIcon.Mode.Disabled).toImage().pixelColor(5, 16)
    assert shown.saturation() > 100 and greyed.saturation() < shown.saturation() / 2
