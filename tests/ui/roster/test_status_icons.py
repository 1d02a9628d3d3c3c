"""Every marker of every built-in ruleset has its own SVG icon; unknown ones fall back."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter

from ui.roster.status_icons import FALLBACK, has_icon, paint_status_icon, status_icon

RULESETS = sorted(
    p
    for p in resources.files("resources").joinpath("rulesets").iterdir()
    if p.name.endswith(".toml")
)


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


def _render(icon_id: str) -> QImage:
    image = QImage(32, 32, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_status_icon(painter, QRectF(0, 0, 32, 32), icon_id)
    painter.end()
    return image


def test_icons_render_and_unknown_ids_use_the_plain_marker(qapp):
    assert _render("stunned") != _render("dead")
    assert not has_icon("no-such-marker") and has_icon(FALLBACK)
    assert _render("no-such-marker") == _render(FALLBACK)
    assert _render("stunned").pixelColor(16, 16).alpha() == 255  # drawn, not blank
    assert not status_icon("overwatch").pixmap(QSize(16, 16)).isNull()
