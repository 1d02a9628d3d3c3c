"""Names put into a label's rich text show exactly as the players typed them."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument

from ui.rich_text import escape


@pytest.mark.parametrize(
    "typed", ["Goblin <b>oss", "Salt & Pepper", "&amp; is how it starts", "a > b < c", "Ogre"]
)
def test_text_escaped_for_rich_text_shows_as_typed(qapp, typed):
    document = QTextDocument()
    document.setHtml(f"<b>{escape(typed)}</b>")
    assert document.toPlainText() == typed
