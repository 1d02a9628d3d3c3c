"""The bundled card font (DejaVu Sans Condensed), loaded once from resources/fonts."""

from __future__ import annotations

import logging
from functools import cache, lru_cache
from importlib import resources

from PySide6.QtGui import QFont, QFontDatabase

log = logging.getLogger(__name__)

FONT_FILES = (
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSansCondensed-Oblique.ttf",
)
FAMILY = "DejaVu Sans Condensed"


class FontError(RuntimeError):
    pass


@cache
def card_family() -> str:
    """Registers the bundled font files with Qt (needs a QGuiApplication) and returns the family."""
    families: list[str] = []
    for name in FONT_FILES:
        data = resources.files("resources").joinpath("fonts", name).read_bytes()
        font_id = QFontDatabase.addApplicationFontFromData(data)
        if font_id < 0:
            raise FontError(f"the bundled font {name} could not be loaded")
        families += QFontDatabase.applicationFontFamilies(font_id)
    if FAMILY not in families:
        raise FontError(f"the bundled font files name their family {families}, not {FAMILY}")
    log.debug("card font loaded: %s", FAMILY)
    return FAMILY


@lru_cache(maxsize=512)
def card_font(pixel_size: int, bold: bool = False, italic: bool = False) -> QFont:
    """A font sized in layout units (see layout.UNITS_PER_MM); hinting off, so widths scale
    exactly and the same text breaks the same way on screen, in the preview and in the PDF.
    Shared: callers copy it (QPainter.setFont does), never change it."""
    font = QFont(card_family())
    font.setPixelSize(max(1, pixel_size))
    font.setBold(bold)
    font.setItalic(italic)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    font.setKerning(True)
    # No "fi"/"fl" ligatures: the PDF's text must search and copy as the letters typed.
    font.setFeature(QFont.Tag("liga"), 0)
    return font
