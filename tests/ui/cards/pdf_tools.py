"""Reads rendered PDFs back with poppler-utils (scripts/system-deps.sh test installs them)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

MM_PER_PT = 25.4 / 72


def _run(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True, timeout=60).stdout


def page_count(pdf: Path) -> int:
    match = re.search(r"^Pages:\s+(\d+)", _run("pdfinfo", str(pdf)), re.MULTILINE)
    assert match, f"pdfinfo found no page count in {pdf}"
    return int(match.group(1))


def text(pdf: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return _run("pdftotext", *pages, "-layout", str(pdf), "-")


def fonts(pdf: Path) -> list[tuple[str, bool]]:
    """(font name, embedded) for every font of the PDF."""
    rows = _run("pdffonts", str(pdf)).splitlines()[2:]
    out = []
    for row in rows:
        cells = row.split()
        # name, type words..., encoding, emb, sub, uni, object, id
        out.append((cells[0], cells[-5] == "yes"))
    return out


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    x0: float  # millimetres from the page's top-left corner
    y0: float
    x1: float
    y1: float


def words(pdf: Path) -> list[Word]:
    """Every word with its bounding box, in millimetres."""
    out, page = [], 0
    pattern = re.compile(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
        r'yMax="([\d.]+)">(.*?)</word>'
    )
    for line in _run("pdftotext", "-bbox", str(pdf), "-").splitlines():
        if "<page " in line:
            page += 1
            continue
        match = pattern.search(line)
        if match:
            x0, y0, x1, y1 = (float(v) * MM_PER_PT for v in match.groups()[:4])
            out.append(Word(page, match.group(5), x0, y0, x1, y1))
    return out


def text_in(pdf: Path, page: int, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> str:
    """The text inside one rectangle of a page (one card), whitespace collapsed."""
    pt = 72 / 25.4
    crop = [
        "-x",
        str(int(x_mm * pt)),
        "-y",
        str(int(y_mm * pt)),
        "-W",
        str(int(w_mm * pt)),
        "-H",
        str(int(h_mm * pt)),
    ]
    raw = _run("pdftotext", "-f", str(page), "-l", str(page), "-r", "72", *crop, str(pdf), "-")
    return " ".join(raw.split())


def card_texts(pdf: Path, plans) -> dict[int, str]:
    """Card index -> the text printed on its front (plans from ui.cards.sheet.plan_pages)."""
    out = {}
    for number, plan in enumerate(plans, 1):
        if plan.back:
            continue
        for index, slot in plan.cards:
            out[index] = text_in(pdf, number, slot.x_mm, slot.y_mm, slot.width_mm, slot.height_mm)
    return out


def pixel(pdf: Path, page: int, x_mm: float, y_mm: float, dpi: int = 300) -> tuple[int, int, int]:
    """The colour poppler paints at one point of a page (RGB, 0-255)."""
    px = dpi / 25.4
    crop = ["-x", str(round(x_mm * px)), "-y", str(round(y_mm * px)), "-W", "1", "-H", "1"]
    args = ["pdftoppm", "-f", str(page), "-l", str(page), "-r", str(dpi), *crop, str(pdf)]
    raw = subprocess.run(args, capture_output=True, check=True, timeout=60).stdout
    # binary PPM: "P6", "width height", max value, then the pixels
    magic, _size, _max, rgb = raw.split(b"\n", 3)
    assert magic == b"P6", raw[:20]
    return rgb[0], rgb[1], rgb[2]
