"""Card sizes on paper: how many per page, which orientation, crop marks, mirrored backs."""

from __future__ import annotations

import math

import pytest

from ui.cards.sheet import PAPERS, PRINT_MARGIN_MM, SIZES, plan_pages, sheet_layout


@pytest.mark.parametrize(
    ("size", "paper", "landscape", "columns", "rows"),
    [
        ("poker", "a4", False, 3, 3),
        ("poker", "letter", False, 3, 3),
        ("tarot", "a4", False, 2, 2),
        ("tarot", "letter", False, 2, 2),
        ("a6", "a4", True, 2, 1),
        ("a6", "letter", True, 2, 1),
    ],
)
def test_grid_per_size_and_paper(size, paper, landscape, columns, rows):
    sheet = sheet_layout(size, paper)
    assert (sheet.landscape, sheet.columns, sheet.rows) == (landscape, columns, rows)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("paper", PAPERS)
def test_cards_and_crop_marks_stay_inside_the_printable_page(size, paper):
    sheet = sheet_layout(size, paper)
    for i in range(sheet.per_page):
        slot = sheet.slot(i)
        assert slot.x_mm >= PRINT_MARGIN_MM and slot.y_mm >= PRINT_MARGIN_MM
        assert slot.x_mm + slot.width_mm <= sheet.page_width_mm - PRINT_MARGIN_MM
        assert slot.y_mm + slot.height_mm <= sheet.page_height_mm - PRINT_MARGIN_MM
    for x1, y1, x2, y2 in sheet.crop_marks():
        for x, y in ((x1, y1), (x2, y2)):
            assert 0 < x < sheet.page_width_mm and 0 < y < sheet.page_height_mm
        # marks lie outside the grid, so they are cut away with the waste
        inside_x = (
            sheet.grid_left_mm < min(x1, x2)
            and max(x1, x2) < sheet.grid_left_mm + sheet.columns * sheet.size.width_mm
        )
        inside_y = (
            sheet.grid_top_mm < min(y1, y2)
            and max(y1, y2) < sheet.grid_top_mm + sheet.rows * sheet.size.height_mm
        )
        assert not (inside_x and inside_y)


def test_a_crop_mark_lines_up_with_every_cut():
    sheet = sheet_layout("poker", "a4")
    xs = {round(x1, 6) for x1, _, x2, _ in sheet.crop_marks() if x1 == x2}
    cuts = {round(sheet.grid_left_mm + c * 63, 6) for c in range(4)}
    assert xs == cuts


@pytest.mark.parametrize(
    ("size", "cards", "pages"),
    [
        ("poker", 1, 1),
        ("poker", 9, 1),
        ("poker", 10, 2),
        ("poker", 19, 3),
        ("poker", 60, 7),
        ("tarot", 4, 1),
        ("tarot", 5, 2),
        ("a6", 2, 1),
        ("a6", 3, 2),
        ("poker", 0, 0),
    ],
)
def test_page_count(size, cards, pages):
    sheet = sheet_layout(size, "a4")
    assert sheet.page_count(cards) == pages == math.ceil(cards / sheet.per_page)
    assert sheet.page_count(cards, backs=True) == 2 * pages
    assert len(plan_pages(sheet, cards, backs=True)) == 2 * pages


def test_backs_follow_their_page_mirrored_left_to_right():
    sheet = sheet_layout("poker", "a4")
    plans = plan_pages(sheet, 11, backs=True)
    assert [p.back for p in plans] == [False, True, False, True]
    front, back = plans[0], plans[1]
    assert [i for i, _ in front.cards] == [i for i, _ in back.cards] == list(range(9))
    for (i, f), (j, b) in zip(front.cards, back.cards, strict=True):
        assert i == j
        assert f.y_mm == b.y_mm
        # mirrored about the page's vertical centre line
        page_centre = sheet.page_width_mm / 2
        assert f.x_mm + f.width_mm / 2 - page_centre == pytest.approx(
            page_centre - (b.x_mm + b.width_mm / 2)
        )
    # the second sheet has two cards: left column front, right column back
    assert [s.index for _, s in plans[2].cards] == [0, 1]
    assert [s.index for _, s in plans[3].cards] == [2, 1]
