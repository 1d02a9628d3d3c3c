"""The welcome page draws its tutorial boards only once it is on screen: a returning user
who goes straight back into a session does not wait for them."""

from __future__ import annotations

from PySide6.QtGui import QPixmap

from tests.ui.showing import show_active
from ui import palette
from ui.board.thumbnail import board_thumbnail
from ui.welcome_page import TutorialCard, WelcomePage

CARDS = [
    TutorialCard("Card-flip RPG", "Squares", (("card-flip-goblin-ambush.toml", "Ambush"),)),
    TutorialCard("Monster focus", "Hexes", (("monster-focus-ice-cave.toml", "Ice cave"),)),
]


def test_boards_are_drawn_when_the_page_shows_not_before(qtbot):
    drawn: list[str] = []

    def thumbnail(file_name: str) -> QPixmap:
        drawn.append(file_name)
        return board_thumbnail(file_name)

    page = WelcomePage()
    qtbot.addWidget(page)
    page.set_tutorials(CARDS, thumbnail)
    qtbot.wait(50)  # the drawing was queued: nothing while hidden
    assert drawn == []
    # Meanwhile each card shows where its board will be, never a blank hole.
    waiting = [c.picture.pixmap().toImage() for c in page.cards]
    assert all(not image.isNull() for image in waiting)
    corner = palette.board_background().name()
    assert all(image.pixelColor(3, 3).name() == corner for image in waiting)
    show_active(qtbot, page)
    qtbot.waitUntil(lambda: len(drawn) == 2)
    assert drawn == ["card-flip-goblin-ambush.toml", "monster-focus-ice-cave.toml"]
    boards = [c.picture.pixmap().toImage() for c in page.cards]
    assert all(b != w for b, w in zip(boards, waiting, strict=True))  # the boards replaced it
