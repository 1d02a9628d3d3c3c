"""Imports python-tcod's pathfinding module without the rest of tcod.

`import tcod` runs the package __init__, which loads SDL, tcod's event system
and console code: about 150 ms that Foebook never uses, and more than half of
the 0.3 s budget for a whole `foebook decide` process. Only `tcod.path` (its C
Dijkstra) is needed, and it does not depend on that __init__. Registering a bare
package module for `tcod` first lets `tcod.path` load on its own. When the real
package is already imported (by anything else) it is used as it is.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types


def _load():
    if "tcod" not in sys.modules:
        spec = importlib.util.find_spec("tcod")
        if spec is None or spec.submodule_search_locations is None:
            raise ImportError("python-tcod is not installed")
        package = types.ModuleType("tcod")
        package.__path__ = list(spec.submodule_search_locations)
        package.__spec__ = spec
        package.__file__ = spec.origin
        sys.modules["tcod"] = package
    return importlib.import_module("tcod.path")


tcod_path = _load()
CustomGraph = tcod_path.CustomGraph
Pathfinder = tcod_path.Pathfinder
