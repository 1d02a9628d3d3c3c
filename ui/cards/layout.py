"""Measures card content and places every drawn element in an explicit rectangle.

Coordinates are card-relative layout units (UNITS_PER_MM per millimetre, origin at the
card's top-left cut corner). Text shrinks step by step down to the card size's readable
minimum; what still does not fit continues on further cards titled "(cont.)". Nothing is
ever clipped: each `Box` is exactly what the renderer draws, so tests can check that all of
them lie inside the card.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from desktop.engine.board import Shape
from desktop.engine.hex_geometry import from_axial
from ui.board.cell_shapes import cell_polygon
from ui.cards.content import (
    AreaDiagram,
    Block,
    CardContent,
    Heading,
    HpTrack,
    Paragraph,
    Run,
    StatGrid,
    Style,
)
from ui.cards.fonts import card_font
from ui.cards.sheet import CardSize

UNITS_PER_MM = 100
UNITS_PER_PT = 25.4 / 72 * UNITS_PER_MM

BORDER_INSET_MM = 1.6  # printed frame, inside the cut line so imperfect cutting never shows
CONTENT_INSET_MM = 3.4  # text never comes closer to the cut than this
SCALE_STEP = 0.02
HP_BOX_LIMIT = 40  # more hit points than this are shown as a number line
AREA_HEX_MM = 4.4  # width of one hex of an area diagram at full text size
AREA_MAX_WIDTH = 0.4  # share of the card's width an area diagram may take
AREA_MAX_HEIGHT_MM = 18.0


@dataclass(frozen=True)
class Box:
    """One drawn element: a text run, a rule, a filled or outlined rectangle."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    text: str = ""
    style: Style = Style.BODY
    size: int = 0  # font pixel size in layout units (text boxes)
    baseline: float = 0.0  # y of the text baseline (text boxes)

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def moved(self, dy: float) -> Box:
        return Box(
            self.kind,
            self.x,
            self.y + dy,
            self.w,
            self.h,
            self.text,
            self.style,
            self.size,
            self.baseline + dy if self.text else 0.0,
        )


TEXT_KINDS = {
    "title",
    "subtitle",
    "text",
    "label",
    "heading-text",
    "stat-label",
    "stat-value",
    "footer",
    "hp-number",
    "back-title",
    "back-text",
}


@dataclass
class CardLayout:
    content: CardContent
    width: float
    height: float
    boxes: list[Box]
    part: int = 1
    parts: int = 1
    scale: float = 1.0
    body_pt: float = 0.0

    @property
    def title(self) -> str:
        return self.content.title + (" (cont.)" if self.part > 1 else "")

    def text(self) -> str:
        return " ".join(b.text for b in self.boxes if b.kind in TEXT_KINDS)

    def outside(self, inset_mm: float = 0.0) -> list[Box]:
        """Boxes reaching outside the card (less `inset_mm` on every side)."""
        m = inset_mm * UNITS_PER_MM
        eps = 0.5
        return [
            b
            for b in self.boxes
            if b.x < m - eps
            or b.y < m - eps
            or b.right > self.width - m + eps
            or b.bottom > self.height - m + eps
        ]


# -- measuring --------------------------------------------------------------------------------


class Measure:
    """Font metrics with a per-word width cache (the same words recur on every card)."""

    def __init__(self) -> None:
        self._metrics: dict[tuple[int, Style], QFontMetricsF] = {}
        self._widths: dict[tuple[int, Style, str], float] = {}

    def metrics(self, size: int, style: Style) -> QFontMetricsF:
        key = (size, style)
        found = self._metrics.get(key)
        if found is None:
            font = card_font(size, bold=style is Style.BOLD, italic=style is Style.ITALIC)
            found = self._metrics[key] = QFontMetricsF(font)
        return found

    def width(self, size: int, style: Style, word: str) -> float:
        key = (size, style, word)
        found = self._widths.get(key)
        if found is None:
            found = self._widths[key] = self.metrics(size, style).horizontalAdvance(word)
        return found

    def line_height(self, size: int) -> float:
        return self.metrics(size, Style.BODY).lineSpacing()

    def ascent(self, size: int) -> float:
        return self.metrics(size, Style.BODY).ascent()


@dataclass
class _Line:
    # (x offset, text, style) runs of one style
    segments: list[tuple[float, str, Style]] = field(default_factory=list)
    width: float = 0.0


def _line_boxes(
    m: Measure, kind: str, line: _Line, x: float, y: float, size: int, line_h: float
) -> list[Box]:
    """One wrapped line's runs as boxes: from `x`, on the line whose top is `y`."""
    return [
        Box(
            kind,
            x + dx,
            y,
            m.width(size, style, text),
            line_h,
            text,
            style,
            size,
            y + m.ascent(size),
        )
        for dx, text, style in line.segments
    ]


def _tokens(runs: tuple[Run, ...]) -> list[tuple[str, Style, bool]]:
    """(word, style, space before it) for every word of the runs."""
    out: list[tuple[str, Style, bool]] = []
    pending_space = False
    for run in runs:
        pieces = run.text.split(" ")
        for i, piece in enumerate(pieces):
            if i > 0:
                pending_space = True
            if piece:
                out.append((piece, run.style, pending_space and bool(out)))
                pending_space = False
    return out


def _split_long(measure: Measure, size: int, style: Style, word: str, width: float) -> list[str]:
    """A word wider than the line, cut into pieces that fit (last resort, e.g. long ids)."""
    parts, current = [], ""
    for ch in word:
        if current and measure.width(size, style, current + ch) > width:
            parts.append(current)
            current = ch
        else:
            current += ch
    return [*parts, current] if current else parts


def wrap(measure: Measure, size: int, runs: tuple[Run, ...], width: float) -> list[_Line]:
    lines: list[_Line] = []
    line = _Line()
    for word, style, space in _tokens(runs):
        pieces = [word]
        if measure.width(size, style, word) > width:
            pieces = _split_long(measure, size, style, word, width)
        for n, piece in enumerate(pieces):
            gap = measure.width(size, style, " ") if (space and n == 0 and line.segments) else 0.0
            w = measure.width(size, style, piece)
            if line.segments and line.width + gap + w > width:
                lines.append(line)
                line, gap = _Line(), 0.0
            x = line.width + gap
            if line.segments and line.segments[-1][2] is style:
                last_x, last_text, _ = line.segments[-1]
                line.segments[-1] = (last_x, last_text + (" " if gap else "") + piece, style)
            else:
                line.segments.append((x, piece, style))
            line.width = x + w
    if line.segments:
        lines.append(line)
    return lines


# -- pieces: the atomic rows the body is made of -----------------------------------------------


@dataclass
class _Piece:
    height: float
    boxes: list[Box]  # y relative to the piece's top
    space_before: float = 0.0  # dropped at the top of a card
    keep_with_next: bool = False


def _join(rows: list[_Piece]) -> _Piece:
    """Rows stacked into one piece that moves to the next card as a whole."""
    boxes: list[Box] = []
    y = 0.0
    for row in rows:
        boxes += [b.moved(y) for b in row.boxes]
        y += row.height
    return _Piece(y, boxes)


def _nice_steps():
    """1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ... (round numbers for a ruler)."""
    base = 1
    while True:
        steps = (
            (base, 2 * base, 5 * base) if base < 10 else (base, 2 * base, base * 5 // 2, 5 * base)
        )
        yield from steps
        base *= 10


def _mm(value: float) -> float:
    return value * UNITS_PER_MM


def _px(points: float) -> int:
    return max(1, round(points * UNITS_PER_PT))


class CardLayouter:
    """Lays out cards of one size; reuse it for a whole deck (it caches measurements)."""

    def __init__(self, size: CardSize, measure: Measure | None = None) -> None:
        self.size = size
        self.measure = measure or Measure()
        self.width = _mm(size.width_mm)
        self.height = _mm(size.height_mm)
        self.left = _mm(CONTENT_INSET_MM)
        self.right = self.width - _mm(CONTENT_INSET_MM)
        self.inner_width = self.right - self.left
        self.min_scale = size.min_body_pt / size.body_pt
        self._headers: dict[tuple[str, str, bool], tuple[list[Box], float]] = {}
        self._paragraphs: dict[tuple, list[_Piece]] = {}

    # public -----------------------------------------------------------------------------

    def layout(self, content: CardContent) -> list[CardLayout]:
        """The card, or the card and its "(cont.)" cards when it cannot fit on one."""
        one = self._try(content, 1.0)
        if one is not None:
            return one
        scales = self._scales()
        if self._try(content, scales[-1]) is not None:
            lo, hi = 0, len(scales) - 1  # scales[hi] fits, scales[lo] does not
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if self._try(content, scales[mid]) is not None:
                    hi = mid
                else:
                    lo = mid
            return self._try(content, scales[hi]) or []
        needed = len(self._paginate(content, scales[-1]))
        # the largest text that still needs no more cards than the smallest text does
        for scale in scales:
            parts = self._paginate(content, scale)
            if len(parts) <= needed:
                return parts
        return self._paginate(content, scales[-1])  # pragma: no cover - loop always returns

    def back(self, content: CardContent, part: int = 1, parts: int = 1) -> CardLayout:
        boxes = self._frame()
        m = self.measure
        cx = self.width / 2
        title = content.back_title + (" (cont.)" if part > 1 else "")
        size = _px(self.size.body_pt * 1.5)
        lines = wrap(m, size, (Run(title, Style.BOLD),), self.inner_width - _mm(4))
        line_h = m.line_height(size)
        small = _px(self.size.body_pt)
        small_h = m.line_height(small)
        total = len(lines) * line_h + small_h * 2
        y = (self.height - total) / 2
        sub_w = m.width(small, Style.BODY, content.ruleset_name)
        boxes.append(Box("back-panel", self.left, y - _mm(2), self.inner_width, total + _mm(4)))
        for line in lines:
            x = cx - line.width / 2
            boxes += _line_boxes(m, "back-title", line, x, y, size, line_h)
            y += line_h
        y += small_h * 0.5
        boxes.append(
            Box(
                "back-text",
                cx - sub_w / 2,
                y,
                sub_w,
                small_h,
                content.ruleset_name,
                Style.BODY,
                small,
                y + m.ascent(small),
            )
        )
        return CardLayout(
            content, self.width, self.height, boxes, part, parts, 1.0, self.size.body_pt
        )

    # fitting ----------------------------------------------------------------------------

    def _scales(self) -> list[float]:
        count = max(1, math.ceil((1.0 - self.min_scale) / SCALE_STEP))
        return [1.0 - SCALE_STEP * i for i in range(1, count)] + [self.min_scale]

    def _try(self, content: CardContent, scale: float) -> list[CardLayout] | None:
        groups = self._split(content, scale, limit=1)
        return self._cards(content, scale, groups) if len(groups) == 1 else None

    def _paginate(self, content: CardContent, scale: float) -> list[CardLayout]:
        return self._cards(content, scale, self._split(content, scale))

    def _split(
        self, content: CardContent, scale: float, limit: int | None = None
    ) -> list[list[tuple[float, _Piece]]]:
        """The body pieces with their y, card by card; stops early past `limit` cards."""
        pieces = self._pieces(content.blocks, scale)
        footer_top = self._footer_top()
        groups: list[list[tuple[float, _Piece]]] = []
        current: list[tuple[float, _Piece]] = []
        y = self._header(content, False)[1]
        i = 0
        while i < len(pieces):
            piece = pieces[i]
            space = piece.space_before if current else 0.0
            need = space + piece.height
            # a heading is never the last thing on a card: it needs its first row
            if piece.keep_with_next and i + 1 < len(pieces):
                need += pieces[i + 1].space_before + pieces[i + 1].height
            # every piece is one row, so it always fits on an empty card body
            if y + need <= footer_top or not current:
                current.append((y + space, piece))
                y += space + piece.height
                i += 1
                continue
            groups.append(current)
            if limit is not None and len(groups) >= limit:
                return [*groups, []]
            current = []
            y = self._header(content, True)[1]
        groups.append(current)
        return groups

    def _cards(
        self, content: CardContent, scale: float, groups: list[list[tuple[float, _Piece]]]
    ) -> list[CardLayout]:
        cards = []
        for n, group in enumerate(groups, 1):
            boxes = self._frame() + self._header(content, n > 1)[0]
            for top, piece in group:
                boxes += [b.moved(top) for b in piece.boxes]
            boxes += self._footer(content.footer, n, len(groups))
            cards.append(
                CardLayout(
                    content,
                    self.width,
                    self.height,
                    boxes,
                    n,
                    len(groups),
                    scale,
                    self.size.body_pt * scale,
                )
            )
        return cards

    # frame, header, footer --------------------------------------------------------------

    def _frame(self) -> list[Box]:
        inset = _mm(BORDER_INSET_MM)
        return [Box("frame", inset, inset, self.width - 2 * inset, self.height - 2 * inset)]

    def _header(self, content: CardContent, cont: bool) -> tuple[list[Box], float]:
        key = (content.title, content.subtitle, cont)
        found = self._headers.get(key)
        if found is None:
            found = self._headers[key] = self._make_header(content, cont)
        return found

    def _make_header(self, content: CardContent, cont: bool) -> tuple[list[Box], float]:
        """Title band: the name (shrinking, then wrapping) and the ruleset line below it."""
        m = self.measure
        title = content.title + (" (cont.)" if cont else "")
        body = self.size.body_pt
        size = _px(body * 1.55)
        smallest = _px(body * 1.15)
        while True:
            lines = wrap(m, size, (Run(title, Style.BOLD),), self.inner_width)
            if len(lines) == 1 or size <= smallest:
                break
            size = max(smallest, round(size * 0.93))
        lines = self._at_most(lines, 3, size)
        top = _mm(BORDER_INSET_MM) + _mm(1.2)
        y = top
        boxes: list[Box] = []
        line_h = m.line_height(size)
        for line in lines:
            boxes += _line_boxes(m, "title", line, self.left, y, size, line_h)
            y += line_h
        sub = _px(body * 0.9)
        sub_h = m.line_height(sub)
        sub_lines = wrap(m, sub, (Run(content.subtitle, Style.ITALIC),), self.inner_width)
        for line in self._at_most(sub_lines, 2, sub):
            boxes += _line_boxes(m, "subtitle", line, self.left, y, sub, sub_h)
            y += sub_h
        bottom = y + _mm(0.8)
        inset = _mm(BORDER_INSET_MM)
        band = Box("band", inset, inset, self.width - 2 * inset, bottom - inset)
        return [band, *boxes], bottom + _mm(1.2)

    def _at_most(self, lines: list[_Line], count: int, size: int) -> list[_Line]:
        """An absurdly long name or tag list ends in "…" after `count` lines, so the body
        keeps its room (the only text ever shortened, with the footer's session name)."""
        if len(lines) <= count:
            return lines
        last = lines[count - 1]
        x, text_, style = last.segments[-1]
        while text_ and x + self.measure.width(size, style, text_ + "…") > self.inner_width:
            text_ = text_[:-1]
        last.segments[-1] = (x, text_ + "…", style)
        last.width = x + self.measure.width(size, style, text_ + "…")
        return lines[:count]

    def _footer_top(self) -> float:
        """The lowest y body content may reach: above the footer's rule, with a gap."""
        return self.height - _mm(CONTENT_INSET_MM) - self._footer_height() - _mm(1.0)

    def _footer_size(self) -> int:
        return _px(max(4.8, self.size.body_pt * 0.7))

    def _footer_height(self) -> float:
        return self.measure.line_height(self._footer_size())

    def _footer(self, footer: str, part: int, parts: int) -> list[Box]:
        m = self.measure
        size = self._footer_size()
        h = m.line_height(size)
        y = self.height - _mm(CONTENT_INSET_MM) - h
        boxes = [Box("rule", self.left, y - _mm(0.4), self.inner_width, 0)]
        right = f"{part}/{parts}" if parts > 1 else "Foebook"
        right_w = m.width(size, Style.BOLD, right)
        room = self.inner_width - right_w - _mm(2)
        left = footer
        if m.width(size, Style.BODY, left) > room:  # a very long session name: shorten it
            while left and m.width(size, Style.BODY, left + "…") > room:
                left = left[:-1]
            left += "…"
        boxes.append(
            Box(
                "footer",
                self.left,
                y,
                m.width(size, Style.BODY, left),
                h,
                left,
                Style.BODY,
                size,
                y + m.ascent(size),
            )
        )
        boxes.append(
            Box(
                "footer",
                self.right - right_w,
                y,
                right_w,
                h,
                right,
                Style.BOLD,
                size,
                y + m.ascent(size),
            )
        )
        return boxes

    # body blocks ------------------------------------------------------------------------

    def _pieces(self, blocks: tuple[Block, ...], scale: float) -> list[_Piece]:
        body = _px(self.size.body_pt * scale)
        pieces: list[_Piece] = []
        gutter = self._gutter(blocks, body)
        for block in blocks:
            if isinstance(block, Heading):
                pieces.append(self._heading(block, body, scale))
            elif isinstance(block, Paragraph):
                # The same steps and reminders recur on many cards of a deck: wrap them once.
                key = (block, body, scale, gutter[block.table])
                found = self._paragraphs.get(key)
                if found is None:
                    found = self._paragraphs[key] = self._paragraph(block, body, scale, gutter)
                pieces += found
            elif isinstance(block, StatGrid):
                pieces += self._stats(block, body, scale)
            elif isinstance(block, HpTrack):
                pieces.append(self._hp(block, body, scale))
            elif isinstance(block, AreaDiagram):
                pieces.append(self._area(block, body, scale))
        return pieces

    def _gutter(self, blocks: tuple[Block, ...], size: int) -> dict[bool, float]:
        """Label column widths (numbered steps, D6 rolls), the same for every row."""
        m = self.measure
        widths = {False: 0.0, True: 0.0}
        for block in blocks:
            if isinstance(block, Paragraph) and block.label:
                w = m.width(size, Style.BOLD, block.label)
                widths[block.table] = max(widths[block.table], w)
        widths[False] += _mm(1.0) if widths[False] else 0.0
        widths[True] += _mm(2.0) if widths[True] else 0.0
        return widths

    def _heading(self, block: Heading, body: int, scale: float) -> _Piece:
        m = self.measure
        size = body
        pad = _mm(0.35) * scale
        lines = wrap(m, size, (Run(block.text, Style.BOLD),), self.inner_width - _mm(1.6))
        line_h = m.line_height(size)
        height = len(lines) * line_h + 2 * pad
        boxes = [Box("heading", self.left, 0, self.inner_width, height)]
        y = pad
        for line in lines:
            boxes += _line_boxes(m, "heading-text", line, self.left + _mm(0.8), y, size, line_h)
            y += line_h
        return _Piece(height, boxes, space_before=_mm(1.0) * scale, keep_with_next=True)

    def _paragraph(
        self, block: Paragraph, body: int, scale: float, gutter: dict[bool, float]
    ) -> list[_Piece]:
        m = self.measure
        size = body
        indent = gutter[block.table] if block.label else 0.0
        pad = _mm(0.35) * scale if block.table else 0.0
        text_left = self.left + indent + (pad * 2 if block.table else 0.0)
        width = self.right - text_left - (pad if block.table else 0.0)
        lines = wrap(m, size, block.runs, width)
        line_h = m.line_height(size)
        rows: list[_Piece] = []
        for n, line in enumerate(lines):
            first, last = n == 0, n == len(lines) - 1
            top_pad = pad if first else 0.0
            height = line_h + top_pad + (pad if last else 0.0)
            boxes: list[Box] = []
            if block.table:
                boxes.append(Box("table-cell", self.left, 0, indent, height))
                if first:
                    boxes.append(Box("rule", self.left, 0, self.inner_width, 0))
                if last:
                    boxes.append(Box("rule", self.left, height, self.inner_width, 0))
            if first and block.label:
                lw = m.width(size, Style.BOLD, block.label)
                lx = self.left + ((indent - lw) / 2 if block.table else 0.0)
                boxes.append(
                    Box(
                        "label",
                        lx,
                        top_pad,
                        lw,
                        line_h,
                        block.label,
                        Style.BOLD,
                        size,
                        top_pad + m.ascent(size),
                    )
                )
            boxes += _line_boxes(m, "text", line, text_left, top_pad, size, line_h)
            rows.append(_Piece(height, boxes))
        # Table rows and short paragraphs stay whole; longer ones never leave a single line
        # behind or alone at the top of a "(cont.)" card.
        if block.table or len(rows) <= 3:
            cuts = [0, len(rows)]
        else:
            cuts = [0, *range(2, len(rows) - 1), len(rows)]
        pieces = [_join(rows[a:b]) for a, b in itertools.pairwise(cuts)]
        if pieces:
            pieces[0].space_before = 0.0 if block.table else _mm(0.5) * scale
        return pieces

    def _stats(self, block: StatGrid, body: int, scale: float) -> list[_Piece]:
        """Boxed numbers with their names above, as many per row as fit."""
        m = self.measure
        label_size = _px(self.size.body_pt * 0.8 * scale)
        value_size = _px(self.size.body_pt * 1.25 * scale)
        gap = _mm(1.0)
        cells = list(block.cells)
        needed = max(
            max(m.width(label_size, Style.BODY, lbl), m.width(value_size, Style.BOLD, val))
            for lbl, val in cells
        ) + _mm(1.2)
        per_row = max(1, min(len(cells), int((self.inner_width + gap) // (needed + gap))))
        rows = math.ceil(len(cells) / per_row)
        per_row = math.ceil(len(cells) / rows)  # balance the rows
        cell_w = min(_mm(16), (self.inner_width - gap * (per_row - 1)) / per_row)
        label_h, value_h = m.line_height(label_size), m.line_height(value_size)
        height = label_h + value_h + _mm(0.6)
        pieces = []
        for r in range(rows):
            boxes = []
            for c, (label, value) in enumerate(cells[r * per_row : (r + 1) * per_row]):
                x = self.left + c * (cell_w + gap)
                boxes.append(Box("cell", x, 0, cell_w, height))
                lw = m.width(label_size, Style.BODY, label)
                y = _mm(0.2)
                label_w = min(lw, cell_w)
                boxes.append(
                    Box(
                        "stat-label",
                        x + (cell_w - label_w) / 2,
                        y,
                        label_w,
                        label_h,
                        label,
                        Style.BODY,
                        label_size,
                        y + m.ascent(label_size),
                    )
                )
                vw = min(m.width(value_size, Style.BOLD, value), cell_w)
                y += label_h
                boxes.append(
                    Box(
                        "stat-value",
                        x + (cell_w - vw) / 2,
                        y,
                        vw,
                        value_h,
                        value,
                        Style.BOLD,
                        value_size,
                        y + m.ascent(value_size),
                    )
                )
            pieces.append(_Piece(height, boxes, space_before=_mm(0.2) if r else 0.0))
        return pieces

    def _hp(self, block: HpTrack, body: int, scale: float) -> _Piece:
        n = max(0, block.max_hp)
        gap = _mm(0.7)
        if n <= HP_BOX_LIMIT:
            for side_mm in (3.4, 3.0, 2.6, 2.2):
                side = _mm(side_mm) * max(scale, 0.85) * self.size.body_pt / 7.0
                per_row = max(1, int((self.inner_width + gap) // (side + gap)))
                rows = math.ceil(n / per_row) if n else 1
                if rows <= 2:
                    break
            per_row = min(per_row, n) if n else 1
            boxes = []
            for i in range(n):
                r, c = divmod(i, per_row)
                x, y = self.left + c * (side + gap), _mm(0.3) + r * (side + gap)
                boxes.append(Box("hp-box", x, y, side, side))
            height = rows * side + (rows - 1) * gap + _mm(0.6)
            return _Piece(height, boxes, space_before=_mm(0.8) * scale)
        return self._hp_line(n, scale)

    def _hp_line(self, n: int, scale: float) -> _Piece:
        """A ruler from max HP down to 0 with a tick per HP (or per 5, 10...) to mark damage."""
        m = self.measure
        size = _px(self.size.min_body_pt * 0.9)
        # room for the labels centred under the end ticks
        end = max(m.width(size, Style.BODY, str(n)), m.width(size, Style.BODY, "0")) / 2
        width = self.inner_width - 2 * end
        x0 = self.left + end
        label_room = m.width(size, Style.BODY, str(n)) + _mm(2)
        tick_step = next(s for s in _nice_steps() if width * s / n >= _mm(0.8))
        label_step = next(
            s
            for s in _nice_steps()
            if s >= 5 and s % tick_step == 0 and width * s / n >= label_room
        )
        tick_h, major_h = _mm(1.4), _mm(2.6)
        axis_y = major_h + _mm(0.3)
        boxes = [Box("hp-axis", x0, axis_y, width, 0)]
        label_h = m.line_height(size)
        for value in range(0, n + 1, tick_step):
            x = x0 + width * (n - value) / n  # full health on the left
            major = value % label_step == 0 or value == n
            h = major_h if major else tick_h
            boxes.append(Box("hp-tick", x, axis_y - h, 0, h))
        labels = sorted({*range(0, n + 1, label_step), n})
        for value in labels:
            if value not in (0, n) and n - value < label_step / 2:
                continue  # too close to the max label
            x = x0 + width * (n - value) / n
            text_ = str(value)
            w = m.width(size, Style.BODY, text_)
            boxes.append(
                Box(
                    "hp-number",
                    x - w / 2,
                    axis_y + _mm(0.4),
                    w,
                    label_h,
                    text_,
                    Style.BODY,
                    size,
                    axis_y + _mm(0.4) + m.ascent(size),
                )
            )
        height = axis_y + _mm(0.4) + label_h
        return _Piece(height, boxes, space_before=_mm(0.8) * scale)

    def _area(self, block: AreaDiagram, body: int, scale: float) -> _Piece:
        """The area's hexes as the board draws them (odd-r, pointy-top), its words beside."""
        drawn = [("area-own", (0, 0))] if block.own_hex else []
        drawn += [("area-hex", h) for h in block.hexes]
        # Board polygons of each hex, placed from its axial offset like a cell on the board.
        rects = [
            (kind, cell_polygon(Shape.HEX, from_axial(*h)).boundingRect()) for kind, h in drawn
        ]
        outline = QRectF()
        for _kind, rect in rects:
            outline = outline.united(rect)
        gap = _mm(1.2)
        k = 0.0
        if rects:
            hex_w = rects[0][1].width()
            k = min(
                _mm(AREA_HEX_MM) * scale * self.size.body_pt / 7.0 / hex_w,
                self.inner_width * AREA_MAX_WIDTH / outline.width(),
                _mm(AREA_MAX_HEIGHT_MM) / outline.height(),
            )
        diagram_w, diagram_h = outline.width() * k, outline.height() * k
        text_left = self.left + (diagram_w + gap if rects else 0.0)
        m = self.measure
        lines = wrap(m, body, block.runs, self.right - text_left)
        line_h = m.line_height(body)
        text_h = len(lines) * line_h
        height = max(diagram_h, text_h)
        top = _mm(0.3)
        boxes: list[Box] = []
        dy = top + (height - diagram_h) / 2
        for kind, rect in rects:
            boxes.append(
                Box(
                    kind,
                    self.left + (rect.x() - outline.x()) * k,
                    dy + (rect.y() - outline.y()) * k,
                    rect.width() * k,
                    rect.height() * k,
                )
            )
        y = top + (height - text_h) / 2
        for line in lines:
            boxes += _line_boxes(m, "text", line, text_left, y, body, line_h)
            y += line_h
        return _Piece(height + 2 * top, boxes, space_before=_mm(0.8) * scale)
