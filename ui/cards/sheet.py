"""Card sizes, paper sizes and how cards are arranged on printed pages (millimetres, no Qt)."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class CardSize:
    key: str
    label: str
    width_mm: float
    height_mm: float
    body_pt: float  # body text size before any shrinking
    min_body_pt: float  # never smaller than this: further text continues on a "(cont.)" card


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    width_mm: float
    height_mm: float


SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", "Poker (63 × 88 mm)", 63, 88, 7.0, 5.5),
    "tarot": CardSize("tarot", "Tarot (70 × 120 mm)", 70, 120, 7.5, 5.5),
    "a6": CardSize("a6", "A6 (105 × 148 mm)", 105, 148, 9.0, 6.0),
}

PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4 (210 × 297 mm)", 210, 297),
    "letter": Paper("letter", "Letter (8.5 × 11 in)", 215.9, 279.4),
}

# Printers cannot print to the very edge; cards and crop marks stay this far inside.
PRINT_MARGIN_MM = 5.0
CROP_MARK_MM = 4.0  # length of a crop mark
CROP_GAP_MM = 1.0  # gap between the card grid and the start of a crop mark


@dataclass(frozen=True)
class Slot:
    index: int  # position on the page, row by row
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float


@dataclass(frozen=True)
class SheetLayout:
    """A grid of cards, touching each other and centred on the page (cut along shared edges)."""

    size: CardSize
    paper: Paper
    landscape: bool
    columns: int
    rows: int

    @property
    def page_width_mm(self) -> float:
        return self.paper.height_mm if self.landscape else self.paper.width_mm

    @property
    def page_height_mm(self) -> float:
        return self.paper.width_mm if self.landscape else self.paper.height_mm

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def grid_left_mm(self) -> float:
        return (self.page_width_mm - self.columns * self.size.width_mm) / 2

    @property
    def grid_top_mm(self) -> float:
        return (self.page_height_mm - self.rows * self.size.height_mm) / 2

    def slot(self, index: int) -> Slot:
        row, col = divmod(index, self.columns)
        return Slot(
            index,
            self.grid_left_mm + col * self.size.width_mm,
            self.grid_top_mm + row * self.size.height_mm,
            self.size.width_mm,
            self.size.height_mm,
        )

    def back_slot(self, index: int) -> Slot:
        """Where the back of the card in front slot `index` goes: mirrored left-right, so
        the pages line up when printed on both sides, flipping on the long edge."""
        row, col = divmod(index, self.columns)
        return self.slot(row * self.columns + (self.columns - 1 - col))

    def page_count(self, cards: int, backs: bool = False) -> int:
        sheets = math.ceil(cards / self.per_page) if cards else 0
        return sheets * (2 if backs else 1)

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Short lines (x1, y1, x2, y2) outside the grid, in line with every cut."""
        left, top = self.grid_left_mm, self.grid_top_mm
        right = left + self.columns * self.size.width_mm
        bottom = top + self.rows * self.size.height_mm
        start, end = CROP_GAP_MM, CROP_GAP_MM + CROP_MARK_MM
        lines = []
        for col in range(self.columns + 1):
            x = left + col * self.size.width_mm
            lines += [(x, top - end, x, top - start), (x, bottom + start, x, bottom + end)]
        for row in range(self.rows + 1):
            y = top + row * self.size.height_mm
            lines += [(left - end, y, left - start, y), (right + start, y, right + end, y)]
        return lines


def _grid(size: CardSize, width: float, height: float) -> tuple[int, int]:
    room = 2 * (PRINT_MARGIN_MM + CROP_GAP_MM)  # crop marks may run into the margin
    return (
        max(0, int((width - room) // size.width_mm)),
        max(0, int((height - room) // size.height_mm)),
    )


def sheet_layout(size: CardSize | str, paper: Paper | str) -> SheetLayout:
    """The orientation holding the most cards (portrait on a tie)."""
    size = SIZES[size] if isinstance(size, str) else size
    paper = PAPERS[paper] if isinstance(paper, str) else paper
    portrait = _grid(size, paper.width_mm, paper.height_mm)
    landscape = _grid(size, paper.height_mm, paper.width_mm)
    if landscape[0] * landscape[1] > portrait[0] * portrait[1]:
        return SheetLayout(size, paper, True, *landscape)
    if portrait[0] * portrait[1] == 0:
        raise ValueError(f"{size.label} cards do not fit on {paper.label} paper")
    return SheetLayout(size, paper, False, *portrait)


@dataclass(frozen=True)
class PagePlan:
    back: bool
    cards: tuple[tuple[int, Slot], ...]  # (card index, where it goes)


def plan_pages(layout: SheetLayout, cards: int, backs: bool = False) -> list[PagePlan]:
    """Fronts page by page; with backs, each front page is followed by its mirrored back page."""
    plans = []
    for first in range(0, cards, layout.per_page):
        indices = range(first, min(first + layout.per_page, cards))
        plans.append(PagePlan(False, tuple((i, layout.slot(i - first)) for i in indices)))
        if backs:
            plans.append(PagePlan(True, tuple((i, layout.back_slot(i - first)) for i in indices)))
    return plans
