"""Light and dark themes: follow the system by default, or the player's choice (View menu).

Asking the platform for a colour scheme only works where its theme plugin
supports it (not on a bare X11 or offscreen), so an explicit choice sets a full
Fusion palette instead. The board keeps its own colours, like a printed map.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

THEMES = {"system": "Follow the system", "light": "Light", "dark": "Dark"}

_DARK = {
    QPalette.ColorRole.Window: "#2B2D31",
    QPalette.ColorRole.WindowText: "#E6E6E6",
    QPalette.ColorRole.Base: "#1F2023",
    QPalette.ColorRole.AlternateBase: "#2B2D31",
    QPalette.ColorRole.ToolTipBase: "#3A3D42",
    QPalette.ColorRole.ToolTipText: "#F0F0F0",
    QPalette.ColorRole.Text: "#E6E6E6",
    QPalette.ColorRole.Button: "#34373C",
    QPalette.ColorRole.ButtonText: "#E6E6E6",
    QPalette.ColorRole.BrightText: "#FF6B6B",
    QPalette.ColorRole.Link: "#56B4E9",
    QPalette.ColorRole.Highlight: "#2F6FAB",
    QPalette.ColorRole.HighlightedText: "#FFFFFF",
    QPalette.ColorRole.PlaceholderText: "#9A9A9A",
}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7A7A7A"))
    return palette


def saved_theme() -> str:
    value = QSettings().value("ui/theme", "system")
    return value if value in THEMES else "system"


def apply_theme(name: str, *, remember: bool = True) -> None:
    # instance() is typed as the core application; this app always makes a QApplication.
    app = cast("QApplication | None", QApplication.instance())
    if app is not None:
        if name == "dark":
            app.setPalette(dark_palette())
        elif name == "light":
            app.setPalette(app.style().standardPalette())
        else:
            app.setPalette(QPalette())  # the platform's own, light or dark as the system is
    if remember:
        QSettings().setValue("ui/theme", name)
