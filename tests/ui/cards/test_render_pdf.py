"""Real PDFs: page counts per layout, every name and AI type in the text, the bundled font
embedded, every word printed inside its card, backs behind their fronts."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.units import Side, make_unit
from desktop.errors import FoebookError
from desktop.rulesets.registry import get_ruleset, ruleset_ids
from desktop.samples import sample_path
from tests.sample_files import SAMPLES
from tests.ui.cards import pdf_tools
from ui.cards.content import DeckRequest, encounter_deck, enemy_card, reference_deck
from ui.cards.layout import BORDER_INSET_MM, UNITS_PER_MM
from ui.cards.renderer import write_pdf
from ui.cards.sheet import SIZES, plan_pages, sheet_layout

ROOT = Path(__file__).resolve().parents[3]


def simple_deck(count: int):
    data = get_ruleset("hex-quest").data
    return [
        enemy_card(make_unit(f"e{i}", Side.ENEMY, (0, 0), 3, 3, name=f"Enemy{i:02d}"), data, "test")
        for i in range(count)
    ]


@pytest.mark.parametrize(
    ("size", "paper", "count", "pages"),
    [
        ("poker", "a4", 1, 1),
        ("poker", "a4", 9, 1),
        ("poker", "a4", 10, 2),
        ("poker", "letter", 19, 3),
        ("tarot", "a4", 5, 2),
        ("tarot", "letter", 4, 1),
        ("a6", "a4", 3, 2),
        ("a6", "letter", 2, 1),
    ],
)
@pytest.mark.parametrize("backs", [False, True], ids=["fronts", "backs"])
def test_page_count_per_layout(qapp, tmp_path, size, paper, count, pages, backs):
    out = tmp_path / "deck.pdf"
    result = write_pdf(out, simple_deck(count), size, paper, backs)
    assert len(result.cards) == count  # these cards never need a second card
    expected = pages * (2 if backs else 1)
    assert result.pages == expected == pdf_tools.page_count(out)


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.stem for s in SAMPLES])
def test_every_enemy_name_and_ai_type_is_printed_on_its_card(qapp, tmp_path, sample):
    encounter = load_encounter(sample)
    data = get_ruleset(encounter.ruleset).data
    out = tmp_path / "deck.pdf"
    result = write_pdf(
        out, encounter_deck(encounter, data, DeckRequest(source=sample.name)), "poker", "a4"
    )
    texts = pdf_tools.card_texts(out, plan_pages(result.sheet, len(result.cards)))
    firsts = [i for i, card in enumerate(result.cards) if card.part == 1]
    assert len(firsts) == len(encounter.enemies())  # one card (and its "cont.") per enemy
    for index, unit in zip(firsts, encounter.enemies(), strict=True):
        ai = data.ai_types[unit.ai or data.default_ai()]
        assert texts[index].startswith(unit.name), texts[index][:60]
        assert f"AI: {ai.name}" in texts[index]
        assert sample.name in texts[index]  # the footer
    players = {p.name for p in encounter.players()}
    assert not any(t.startswith(tuple(players)) for t in texts.values())


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_reference_deck_prints_every_ai_type_and_its_rows(qapp, tmp_path, ruleset_id):
    data = get_ruleset(ruleset_id).data
    out = tmp_path / "ref.pdf"
    write_pdf(out, reference_deck(data), "tarot", "letter")
    text = " ".join(pdf_tools.text(out).split())
    for ai in data.ai_types.values():
        assert ai.name in text
        for roll, _ in ai.table:
            assert roll in text


def test_bundled_font_is_embedded(qapp, tmp_path):
    out = tmp_path / "deck.pdf"
    write_pdf(out, reference_deck(get_ruleset("skirmish-ai").data), "poker", "a4")
    fonts = pdf_tools.fonts(out)
    names = {name for name, _ in fonts}
    assert {
        "DejaVuSansCondensed",
        "DejaVuSansCondensed-Bold",
        "DejaVuSansCondensed-Oblique",
    } <= names
    assert all(embedded for _, embedded in fonts)


@pytest.mark.parametrize("size", SIZES)
def test_every_printed_word_lies_inside_its_card(qapp, tmp_path, size):
    """Checked on the PDF itself, not only on the layout: each word's box (as poppler reads
    it) is inside one card's frame on its page."""
    data = get_ruleset("dungeon-crawl").data
    encounter = load_encounter(sample_path("dungeon-crawl-guard-room.toml"))
    contents = reference_deck(data) + encounter_deck(encounter, data, DeckRequest())
    long_name = make_unit(
        "x",
        Side.ENEMY,
        (0, 0),
        60,
        60,
        name="Extraordinarily Long-Named Siege Behemoth of the Lower Vaults",
    )
    contents.append(enemy_card(long_name, data, "a footer"))
    out = tmp_path / "deck.pdf"
    result = write_pdf(out, contents, size, "a4", backs=True)
    sheet = sheet_layout(size, "a4")
    plans = plan_pages(sheet, len(result.cards), backs=True)
    words = pdf_tools.words(out)
    assert len(words) > 100
    inset = BORDER_INSET_MM
    for word in words:
        slots = [s for _, s in plans[word.page - 1].cards]
        inside = [
            s
            for s in slots
            if s.x_mm + inset <= word.x0
            and word.x1 <= s.x_mm + s.width_mm - inset
            and s.y_mm + inset <= word.y0
            and word.y1 <= s.y_mm + s.height_mm - inset
        ]
        assert inside, f"page {word.page}: {word.text!r} is not inside a card"


def test_backs_sit_behind_their_fronts(qapp, tmp_path):
    out = tmp_path / "deck.pdf"
    write_pdf(out, simple_deck(4), "poker", "a4", backs=True)
    words = pdf_tools.words(out)
    sheet = sheet_layout("poker", "a4")

    def column(page: int, name: str) -> int:
        word = next(w for w in words if w.page == page and w.text == name)
        return int((word.x0 - sheet.grid_left_mm) // sheet.size.width_mm)

    for i in range(4):
        front, back = column(1, f"Enemy{i:02d}"), column(2, f"Enemy{i:02d}")
        assert back == sheet.columns - 1 - front


def test_unwritable_path_is_a_clear_error(qapp, tmp_path):
    with pytest.raises(FoebookError, match="cannot write the PDF"):
        write_pdf(tmp_path / "missing" / "deck.pdf", simple_deck(1), "poker", "a4")
    with pytest.raises(FoebookError, match="it is a folder"):
        write_pdf(tmp_path, simple_deck(1), "poker", "a4")


def test_empty_deck_is_a_clear_error(qapp, tmp_path):
    with pytest.raises(FoebookError, match="no cards to print"):
        write_pdf(tmp_path / "deck.pdf", [], "poker", "a4")


def test_area_attack_and_marker_expiry_are_printed(qapp, tmp_path):
    """The monster-focus tutorial with an area attack: its words, its hexes painted grey
    around the marked own hex, and how long each marker lasts."""
    encounter = load_encounter(sample_path("monster-focus-ice-cave.toml"))
    data = get_ruleset("monster-focus").data
    out = tmp_path / "deck.pdf"
    result = write_pdf(out, encounter_deck(encounter, data, DeckRequest()), "poker", "a4")
    plans = plan_pages(result.sheet, len(result.cards))
    texts = pdf_tools.card_texts(out, plans)
    golem = next(i for i, c in enumerate(result.cards) if c.title == "Ice golem")
    assert "Area attack (melee): 2 hexes from its own hex (dot)" in texts[golem]
    assert "Poison:" in " ".join(texts.values())
    assert "Lasts until it is healed." in " ".join(texts.values())
    imp = next(i for i, c in enumerate(result.cards) if c.title == "Flame imp")
    assert "Area attack" not in texts[imp]

    slot = dict(plans[0].cards)[golem]

    def colour(box, dx: float = 0.0):
        x = slot.x_mm + (box.x + box.w * (0.5 + dx)) / UNITS_PER_MM
        y = slot.y_mm + (box.y + box.h / 2) / UNITS_PER_MM
        return pdf_tools.pixel(out, 1, x, y)

    boxes = result.cards[golem].boxes
    shaded = [b for b in boxes if b.kind == "area-hex"]
    [own] = [b for b in boxes if b.kind == "area-own"]
    assert len(shaded) == 2
    for box in shaded:
        assert all(120 < c < 190 for c in colour(box)), colour(box)
    assert all(c < 80 for c in colour(own))  # the dot where the golem stands
    assert all(c > 230 for c in colour(own, dx=-0.36))  # the rest of its hex is white
