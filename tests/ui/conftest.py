"""GUI tests: the application identity is set before the first QApplication exists."""

from __future__ import annotations

import pytest

from desktop.app import configure_application_identity


@pytest.fixture(scope="session")
def qapp_args():
    configure_application_identity()
    return ["foebook-tests"]
