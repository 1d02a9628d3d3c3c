"""The folder a package's files are read from (a ruleset's data, the app's icons)."""

from __future__ import annotations

import importlib
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def package_folder(package: str) -> Traversable | Path:
    """`importlib.resources.files(package)`. A package of plain files on disk (Foebook's own,
    an installed plug-in's) gets the folder its loader read it from, the Path `files` gives
    it: importing importlib.resources and its readers (zipfile, tempfile...) costs each
    `foebook decide` ~3 ms, and the app's start as much. Any other package (zipped, frozen)
    is asked through it."""
    module = importlib.import_module(package)
    spec = module.__spec__
    loader = getattr(spec, "loader", None)
    is_package = getattr(spec, "submodule_search_locations", None) is not None
    if is_package and isinstance(loader, SourceFileLoader | SourcelessFileLoader):
        return Path(loader.path).parent
    from importlib import resources

    return resources.files(module)
