"""Export encounter file and Export PDF start where the user last saved, else in the
documents folder (home when there is none); the PDF export says its cards and pages in
proper English, in the dialog and in the log."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtWidgets import QFileDialog

from tests.ui.modal import when_up
from tests.ui.real_input import click, press
from tests.ui.start_page import start_tutorial_by_hand
from ui.cards.print_dialog import PrintCardsDialog

AMBUSH = "card-flip-goblin-ambush.toml"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home folder of the test's own, without a Documents folder yet."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


@pytest.fixture
def save_dialog(monkeypatch):
    """The system's save dialog (no Qt widget to click): where each one started, and the
    file the user picks in it (set `chosen`)."""

    class Dialog:
        def __init__(self) -> None:
            self.started: list[str] = []
            self.chosen = ""

        def __call__(self, _parent, _title, start, _filter, *_a, **_k) -> tuple[str, str]:
            self.started.append(start)
            return self.chosen, ""

    dialog = Dialog()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    return dialog


def export_encounter(qtbot, window, save_dialog, chosen) -> str:
    """Ctrl+Shift+E; the dialog's starting path."""
    save_dialog.chosen = str(chosen)
    press(qtbot, window.act_export)
    return save_dialog.started[-1]


def export_pdf(qtbot, window, save_dialog, chosen) -> tuple[str, str]:
    """Ctrl+P, Export PDF… in the Print cards dialog, then Close; the save dialog's starting
    path and the Print cards dialog's summary after the export."""
    save_dialog.chosen = str(chosen)
    summary: list[str] = []

    def export_and_close(dialog) -> None:
        click(qtbot, dialog.export_button)
        summary.append(dialog.summary.text())
        dialog.reject()

    when_up(qtbot, PrintCardsDialog, export_and_close)
    press(qtbot, window.act_cards)
    assert summary, "the Print cards dialog did not come up"
    return save_dialog.started[-1], summary[0]


def test_both_exports_start_in_documents_then_where_the_last_one_went(
    window, qtbot, home, save_dialog, tmp_path
):
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    name = "Tutorial Goblin ambush"  # the session's name without the ':'
    # No Documents folder: home (not the working folder the app was started from).
    assert export_encounter(qtbot, window, save_dialog, "") == str(home / f"{name}.toml")
    documents = home / "Documents"
    documents.mkdir()
    started, _ = export_pdf(qtbot, window, save_dialog, "")  # cancelled
    assert started == str(documents / "Tutorial: Goblin ambush cards.pdf")

    table = tmp_path / "table"
    table.mkdir()
    export_encounter(qtbot, window, save_dialog, table / "night.toml")
    assert (table / "night.toml").is_file()
    started, _ = export_pdf(qtbot, window, save_dialog, "")
    assert started == str(table / "Tutorial: Goblin ambush cards.pdf")  # beside the file

    cards = tmp_path / "cards"
    cards.mkdir()
    export_pdf(qtbot, window, save_dialog, cards / "deck.pdf")
    assert (cards / "deck.pdf").is_file()
    assert export_encounter(qtbot, window, save_dialog, "") == str(cards / f"{name}.toml")

    cards.joinpath("deck.pdf").unlink()
    cards.rmdir()  # a last folder that is gone: back to the documents folder
    assert export_encounter(qtbot, window, save_dialog, "") == str(documents / f"{name}.toml")


def test_the_pdf_export_counts_cards_and_pages_in_proper_english(
    window, qtbot, home, save_dialog, tmp_path, caplog
):
    start_tutorial_by_hand(qtbot, window, AMBUSH)
    with caplog.at_level(logging.INFO, logger="ui.cards.renderer"):
        _, summary = export_pdf(qtbot, window, save_dialog, tmp_path / "one.pdf")
    assert summary == f"Wrote 2 cards on 1 page to {tmp_path / 'one.pdf'}."
    assert f"wrote 2 cards on 1 page to {tmp_path / 'one.pdf'}" in caplog.messages
