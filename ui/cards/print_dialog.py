"""File → Print cards…: choose which enemies, card size, paper and backs; preview or export PDF."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QPainter
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.chain import plural
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import RulesetData
from desktop.errors import FoebookError
from ui.cards.content import CardContent, DeckRequest, Selection, encounter_deck, enemies_for
from ui.cards.layout import CardLayout
from ui.cards.renderer import (
    RenderResult,
    layout_deck,
    page_layout,
    paint_pages,
    write_pdf,
)
from ui.cards.sheet import PAPERS, SIZES, sheet_layout
from ui.documents import remember_save_folder, save_folder
from ui.setting_flags import setting_flag

log = logging.getLogger(__name__)

SETTINGS_GROUP = "printCards"


def _ruleset_data(ruleset_id: str) -> RulesetData:
    from desktop.rulesets.registry import get_ruleset

    return get_ruleset(ruleset_id).data


def export_pdf(
    path: str | Path,
    encounter: Encounter,
    request: DeckRequest,
    size: str = "poker",
    paper: str = "a4",
    backs: bool = False,
    data: RulesetData | None = None,
) -> RenderResult:
    """Writes the chosen cards of `encounter` to a PDF (what "Export PDF…" does)."""
    data = data or _ruleset_data(encounter.ruleset)
    contents = encounter_deck(encounter, data, request)
    title = f"{data.name} cards" + (f" — {request.source}" if request.source else "")
    return write_pdf(path, contents, size, paper, backs, title)


class PrintCardsDialog(QDialog):
    """Takes the session's encounter and the ids selected in the roster (may be empty)."""

    def __init__(
        self,
        encounter: Encounter,
        selected: Sequence[str] = (),
        source: str = "",
        parent: QWidget | None = None,
        data: RulesetData | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print cards")
        self.setObjectName("PrintCardsDialog")
        self.encounter = encounter
        self.data = data or _ruleset_data(encounter.ruleset)
        enemy_ids = {u.id for u in encounter.enemies()}
        self.selected = tuple(i for i in selected if i in enemy_ids)
        self.source = source or encounter.name
        self._build()
        self._restore()
        self._update_summary()

    # widgets ----------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        which = QGroupBox("Cards")
        which_layout = QVBoxLayout(which)
        self.selection_group = QButtonGroup(self)
        self.radios: dict[Selection, QRadioButton] = {}
        n_ai = len(enemies_for(self.encounter, self.data, DeckRequest(Selection.ONE_PER_AI)))
        labels = {
            Selection.ALL: f"All enemies ({len(self.encounter.enemies())})",
            Selection.SELECTED: f"Selected enemies ({len(self.selected)})",
            Selection.ONE_PER_AI: f"One per AI type ({n_ai})",
            Selection.REFERENCE: f"Reference deck: every AI type of {self.data.name} "
            f"({len(self.data.ai_types)})",
        }
        for selection, label in labels.items():
            radio = QRadioButton(label)
            radio.setObjectName(f"selection-{selection.value}")
            self.radios[selection] = radio
            self.selection_group.addButton(radio)
            which_layout.addWidget(radio)
            radio.toggled.connect(self._update_summary)
        self.radios[Selection.SELECTED].setEnabled(bool(self.selected))
        if not self.encounter.enemies():
            for s in (Selection.ALL, Selection.ONE_PER_AI):
                self.radios[s].setEnabled(False)
        layout.addWidget(which)

        form = QFormLayout()
        self.size_box = QComboBox()
        for key, size in SIZES.items():
            self.size_box.addItem(size.label, key)
        self.paper_box = QComboBox()
        for key, paper in PAPERS.items():
            self.paper_box.addItem(paper.label, key)
        self.backs_box = QCheckBox("Card backs for double-sided printing")
        self.backs_box.setToolTip(
            "A back page follows each page of fronts, mirrored so the "
            "two sides line up: print double-sided, flipping on the long "
            "edge (on the short edge for A6, which prints landscape)."
        )
        form.addRow("Card size:", self.size_box)
        form.addRow("Paper:", self.paper_box)
        form.addRow("", self.backs_box)
        layout.addLayout(form)
        for box in (self.size_box, self.paper_box):
            box.currentIndexChanged.connect(self._update_summary)
        self.backs_box.toggled.connect(self._update_summary)

        self.summary = QLabel()
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.preview_button = QPushButton("Print preview…")
        self.export_button = QPushButton("Export PDF…")
        buttons.addButton(self.preview_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.export_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.preview_button.clicked.connect(self._preview)
        self.export_button.clicked.connect(self._export)
        layout.addWidget(buttons)

    def _restore(self) -> None:
        settings = QSettings()
        settings.beginGroup(SETTINGS_GROUP)
        size = settings.value("size", "poker")
        paper = settings.value("paper", "a4")
        backs = setting_flag("backs", False, settings)
        settings.endGroup()
        self.size_box.setCurrentIndex(max(0, self.size_box.findData(size)))
        self.paper_box.setCurrentIndex(max(0, self.paper_box.findData(paper)))
        self.backs_box.setChecked(backs)
        default = (
            Selection.SELECTED
            if self.selected
            else (Selection.ALL if self.encounter.enemies() else Selection.REFERENCE)
        )
        self.radios[default].setChecked(True)

    def _remember(self) -> None:
        settings = QSettings()
        settings.beginGroup(SETTINGS_GROUP)
        settings.setValue("size", self.card_size)
        settings.setValue("paper", self.paper)
        settings.setValue("backs", self.backs)
        settings.endGroup()

    # choices ----------------------------------------------------------------------------

    @property
    def selection(self) -> Selection:
        return next(s for s, radio in self.radios.items() if radio.isChecked())

    def set_selection(self, selection: Selection) -> None:
        self.radios[selection].setChecked(True)

    @property
    def card_size(self) -> str:
        return self.size_box.currentData()

    @property
    def paper(self) -> str:
        return self.paper_box.currentData()

    @property
    def backs(self) -> bool:
        return self.backs_box.isChecked()

    def request(self) -> DeckRequest:
        source = self.source if self.selection is not Selection.REFERENCE else ""
        return DeckRequest(self.selection, self.selected, source)

    def contents(self) -> list[CardContent]:
        return encounter_deck(self.encounter, self.data, self.request())

    def cards(self) -> list[CardLayout]:
        return layout_deck(self.contents(), SIZES[self.card_size])

    def _update_summary(self) -> None:
        if not any(r.isChecked() for r in self.radios.values()):
            return
        cards = self.cards()
        sheet = sheet_layout(self.card_size, self.paper)
        pages = sheet.page_count(len(cards), self.backs)
        extra = len(cards) - len(self.contents())
        text = plural(len(cards), "card")
        if extra:
            text += f" ({extra} continuing a long card)"
        text += f" on {plural(pages, 'page')}, {sheet.per_page} per page"
        self.summary.setText(text + ".")
        enabled = bool(cards)
        self.preview_button.setEnabled(enabled)
        self.export_button.setEnabled(enabled)

    # actions ----------------------------------------------------------------------------

    def export_pdf(self, path: str | Path) -> RenderResult:
        result = export_pdf(
            path, self.encounter, self.request(), self.card_size, self.paper, self.backs, self.data
        )
        self._remember()
        return result

    def paint(self, printer: QPrinter) -> int:
        """Paints the cards on `printer` (the preview's or a real one); returns the pages."""
        sheet = sheet_layout(self.card_size, self.paper)
        printer.setFullPage(True)
        printer.setPageLayout(page_layout(sheet))
        painter = QPainter()
        if not painter.begin(printer):
            log.warning("could not start painting on the printer")
            return 0
        try:
            plans = paint_pages(printer, painter, self.cards(), sheet, self.backs)
        finally:
            painter.end()
        return len(plans)

    def make_preview(self) -> QPrintPreviewDialog:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setFullPage(True)
        printer.setPageLayout(page_layout(sheet_layout(self.card_size, self.paper)))
        printer.setDocName(f"{self.data.name} cards")
        preview = QPrintPreviewDialog(printer, self)
        preview.setWindowTitle("Print preview — cards")
        preview.paintRequested.connect(self.paint)
        # The dialog does not own its printer; a Python attribute keeps it alive, which the
        # stubs cannot declare on a Qt class.
        preview._printer = printer  # type: ignore[attr-defined]
        return preview

    def _preview(self) -> None:
        preview = self.make_preview()
        preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._remember()
        preview.exec()

    def _export(self) -> None:
        stem = (self.source or self.data.name).replace("/", "-").removesuffix(".toml")
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export cards as PDF",
            str(Path(save_folder()) / f"{stem} cards.pdf"),
            "PDF files (*.pdf)",
        )
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        try:
            result = self.export_pdf(path)
        except FoebookError as error:
            QMessageBox.warning(self, "Export PDF", error.message)
            return
        remember_save_folder(path)
        self.summary.setText(
            f"Wrote {plural(len(result.cards), 'card')} on {plural(result.pages, 'page')} "
            f"to {path}."
        )
