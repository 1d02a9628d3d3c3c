"""The Print cards dialog: selection, size, paper, backs; preview painting and PDF export."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtPrintSupport import QPrinter

from desktop.encounter_file import load_encounter
from desktop.samples import sample_path
from tests.ui.cards import pdf_tools
from ui.cards.content import DeckRequest, Selection
from ui.cards.print_dialog import PrintCardsDialog, export_pdf

ROOT = Path(__file__).resolve().parents[3]
RAID = sample_path("skirmish-ai-outpost-raid.toml")
AMBUSH = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"


@pytest.fixture
def dialog(qtbot):
    QSettings().remove("printCards")
    dlg = PrintCardsDialog(
        load_encounter(AMBUSH), selected=["kobold", "aria"], source="Friday game"
    )
    qtbot.addWidget(dlg)
    return dlg


def test_constructor_offers_the_selection_and_defaults_to_it(dialog):
    radios = dialog.radios
    assert radios[Selection.SELECTED].isEnabled()
    assert radios[Selection.SELECTED].text() == "Selected enemies (1)"  # aria is a player
    assert radios[Selection.ALL].text() == "All enemies (3)"
    assert radios[Selection.ONE_PER_AI].text() == "One per AI type (1)"
    assert "Card-flip RPG (1)" in radios[Selection.REFERENCE].text()
    assert dialog.selection is Selection.SELECTED
    assert [c.title for c in dialog.contents()] == ["Kobold Sneak"]
    assert (dialog.card_size, dialog.paper, dialog.backs) == ("poker", "a4", False)
    assert dialog.summary.text() == "1 card on 1 page, 9 per page."


def test_without_a_selection_all_enemies_are_chosen(qtbot):
    dlg = PrintCardsDialog(load_encounter(AMBUSH))
    qtbot.addWidget(dlg)
    assert not dlg.radios[Selection.SELECTED].isEnabled()
    assert dlg.selection is Selection.ALL
    assert [c.title for c in dlg.contents()] == ["Goblin Archer", "Goblin Brute", "Kobold Sneak"]


def test_summary_follows_the_choices(dialog):
    dialog.set_selection(Selection.ALL)
    dialog.size_box.setCurrentIndex(dialog.size_box.findData("a6"))
    dialog.backs_box.setChecked(True)
    assert dialog.summary.text() == "3 cards on 4 pages, 2 per page."
    dialog.set_selection(Selection.REFERENCE)
    assert [c.title for c in dialog.contents()] == ["Standard"]
    assert dialog.request().source == ""  # the reference deck is not the session's


def test_export_pdf_writes_the_chosen_cards_and_remembers_the_options(dialog, tmp_path):
    dialog.set_selection(Selection.ALL)
    dialog.paper_box.setCurrentIndex(dialog.paper_box.findData("letter"))
    dialog.backs_box.setChecked(True)
    out = tmp_path / "cards.pdf"
    result = dialog.export_pdf(out)
    assert result.pages == pdf_tools.page_count(out) == 2
    text = pdf_tools.text(out)
    assert "Kobold Sneak" in text and "Friday game" in text
    assert QSettings().value("printCards/paper") == "letter"
    assert QSettings().value("printCards/backs", type=bool) is True


def test_module_export_pdf_for_the_main_window(qapp, tmp_path):
    out = tmp_path / "raid.pdf"
    encounter = load_encounter(RAID)
    result = export_pdf(out, encounter, DeckRequest(Selection.ONE_PER_AI), "tarot")
    ais = {u.ai for u in encounter.enemies()}
    assert len(ais) > 1 and len(encounter.enemies()) > len(ais)
    printed = {encounter.unit(c.content.key).ai for c in result.cards}
    assert printed == ais and len({c.content.key for c in result.cards}) == len(ais)
    assert pdf_tools.page_count(out) == result.pages


def test_preview_paints_the_same_pages_as_the_pdf(dialog, qtbot, tmp_path):
    dialog.set_selection(Selection.ALL)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    assert dialog.paint(printer) == 1
    assert pdf_tools.page_count(out) == 1
    assert "Goblin Brute" in pdf_tools.text(out)

    preview = dialog.make_preview()
    qtbot.addWidget(preview)
    preview.show()
    qtbot.waitExposed(preview)
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    widget = preview.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: widget.pageCount() == 1)
    preview.close()
