"""The start page by hand: a tutorial's Start button, Home."""

from __future__ import annotations

from tests.ui.real_input import click, press


def start_tutorial_by_hand(qtbot, window, file_name: str) -> None:
    """Click the tutorial's Start button on the start page."""
    button = next(
        button
        for card in window.welcome.cards
        for (name, _title), button in zip(card.tutorial.tutorials, card.buttons, strict=True)
        if name == file_name
    )
    click(qtbot, button)


def go_home(qtbot, window) -> None:
    press(qtbot, window.act_home)  # Alt+Home
    assert window.pages.currentIndex() == 0
