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

# PySide makes a Qt class's Python type, with every enum it declares (Python `enum` classes,
# ~0.1-0.2 ms each), when the class is first named: an import names it. The dialogs a player
# opens later (message boxes, file and input dialogs) are imported where they open, so that
# the window's first paint does not wait for them (tests/ui/test_start_up_work.py).
