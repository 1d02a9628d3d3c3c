"""Enemy cards: 60 poker cards from every sample encounter, laid out and written as a PDF."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from tests.benchmarks.harness import Benchmark, Budget
from tests.sample_files import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
_deck: list = []


def _setup() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    global _app
    _app = QGuiApplication.instance() or QGuiApplication(["bench"])

    from desktop.encounter_file import load_encounter
    from desktop.rulesets.registry import get_ruleset
    from ui.cards.content import enemy_card, footer_text

    enemies = []
    for path in SAMPLES:
        encounter = load_encounter(path)
        data = get_ruleset(encounter.ruleset).data
        enemies += [(unit, data, path.name) for unit in encounter.enemies()]
    _deck[:] = [
        enemy_card(unit, data, footer_text(name))
        for unit, data, name in itertools.islice(itertools.cycle(enemies), 60)
    ]


def _sixty_cards() -> int:
    from ui.cards.renderer import render_pdf_bytes

    pdf, result = render_pdf_bytes(_deck, "poker", "a4", backs=False)
    assert len(_deck) == 60 and pdf.startswith(b"%PDF")
    return result.pages


BENCHMARKS = [
    Benchmark(
        "cards: 60 enemy cards to PDF (poker, A4)",
        _sixty_cards,
        budget=Budget.cpu(2.0),
        rounds=5,
        setup=_setup,
    ),
]
