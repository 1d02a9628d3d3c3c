"""Qt widgets and Qt models over the Foebook domain (the only PySide6 code)."""

import sys

import PySide6.QtCore  # noqa: F401 (installs PySide's import hook, tamed below)

# PySide6 reads the source of every module imported after it (inspect.getsource, to learn
# whether the module opts into `from __feature__ import snake_case`): every import after
# Qt's cost about a third more, SQLAlchemy's alone ~0.1 s. Foebook opts into no feature,
# so every module is taken as not opting in, without reading its source.
_feature = sys.modules.get("shibokensupport.feature")
if _feature is not None and hasattr(_feature, "_mod_uses_pyside"):
    setattr(_feature, "_mod_uses_pyside", lambda _module: False)  # noqa: B010
