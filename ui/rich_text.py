"""Plain text put into the rich text of Qt labels (a unit's name, a card's words): its `&`,
`<` and `>` escaped, so that a name such as "<b>oss" shows as typed.

Not `html.escape`: importing `html` loads its 2,200 named entities (~2 ms), before the window's
first paint, for the three characters Qt's rich text needs escaped between tags."""

from __future__ import annotations


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
