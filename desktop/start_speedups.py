"""Imported first by the app, before Qt: from then on the dataclasses made take their
methods' code from the data folder, where the last start left it (desktop/dataclass_code.py),
and Qt's enums are made the quick way (desktop/quick_enums.py)."""

from __future__ import annotations

import contextlib

from desktop import dataclass_code, quick_enums
from desktop.errors import FoebookError
from desktop.paths import data_dir

quick_enums.install()

# Without a data folder the code is compiled as usual (the start then says why it has none).
with contextlib.suppress(FoebookError):
    dataclass_code.use_cache(data_dir() / dataclass_code.FILE_NAME)
