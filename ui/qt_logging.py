"""Routes Qt's own warnings and messages into Python logging."""

from __future__ import annotations

import logging

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

log = logging.getLogger("qt")

_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def _handle(msg_type: QtMsgType, context, message: str) -> None:
    log.log(_LEVELS.get(msg_type, logging.WARNING), "%s (%s)", message, context.category)


def install_qt_message_handler() -> None:
    qInstallMessageHandler(_handle)
