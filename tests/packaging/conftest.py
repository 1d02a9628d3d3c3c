"""The packaging smoke test builds the bundle (minutes), so it runs only when asked.

With FOEBOOK_PACKAGE_TEST=1 (`make package-test`, CI) the tests marked
`package_build` run; otherwise they are deselected (not skipped), and only
the fast checks of the packaging files run.
"""

from __future__ import annotations

import os

ENABLE_ENV = "FOEBOOK_PACKAGE_TEST"


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "package_build: builds the desktop bundle; runs only with FOEBOOK_PACKAGE_TEST=1"
    )


def pytest_collection_modifyitems(config, items) -> None:
    if os.environ.get(ENABLE_ENV) == "1":
        return
    deselected = [item for item in items if item.get_closest_marker("package_build")]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if not item.get_closest_marker("package_build")]
