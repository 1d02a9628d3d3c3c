"""The main window's centre: the start page, or the board with what goes over and under it."""

from __future__ import annotations

from PySide6.QtWidgets import QScrollArea, QStackedWidget, QVBoxLayout, QWidget


class WindowPages(QStackedWidget):
    """Page 0 the start page, page 1 the board's: `banner` over the board view and `legend`
    under it (a scenario's strip goes in between, through `board_layout`)."""

    def __init__(
        self, start: QWidget, banner: QWidget, board_view: QWidget, legend: QWidget
    ) -> None:
        super().__init__()
        # Scrolls rather than forcing the whole window wider on a small screen.
        start_scroll = QScrollArea()
        start_scroll.setWidgetResizable(True)
        start_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        start_scroll.setWidget(start)
        self.addWidget(start_scroll)
        board_page = QWidget()
        self.board_layout = QVBoxLayout(board_page)
        self.board_layout.setContentsMargins(0, 0, 0, 0)
        self.board_layout.setSpacing(0)
        self.board_layout.addWidget(banner)
        self.board_layout.addWidget(board_view, 1)
        self.board_layout.addWidget(legend)
        self.addWidget(board_page)
