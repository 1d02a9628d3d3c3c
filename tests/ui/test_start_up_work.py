"""Start-up does no work it does not need: PySide reads no module's source as it is imported,
and a session opened at start is not held up by the welcome page's pictures."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

import ui  # noqa: F401 (the Qt layer, as the app loads it)
from db.engine import open_database
from db.repository import new_session
from desktop.encounter_file import load_encounter
from desktop.samples import sample_path
from desktop.storage_url import sqlite_url

ROOT = Path(__file__).resolve().parents[2]


def test_modules_imported_after_qt_are_not_read_for_pyside_features(tmp_path, monkeypatch):
    read = []
    real = inspect.getsource
    monkeypatch.setattr(inspect, "getsource", lambda obj: read.append(obj) or real(obj))
    (tmp_path / "freshly_written.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import freshly_written  # noqa: F401

    assert read == []


def test_the_app_reads_no_module_source_as_it_loads():
    # Qt's import hook is tamed before any module the app imports after Qt (the engine, the
    # tracker, the first read): none of their sources is read. (Qt's own import reads a
    # few before it is tamed, PySide6's own, as in any PySide program.)
    code = (
        "import inspect\n"
        "read = []\n"
        "real = inspect.getsource\n"
        "inspect.getsource = lambda obj: read.append(obj.__name__) or real(obj)\n"
        "import desktop.app\n"
        "print('READ', [m for m in read if m.split('.')[0] in ('desktop', 'db', 'ui')])\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert "READ []" in result.stdout, result.stdout + result.stderr


def test_a_session_opened_at_start_draws_no_tutorial_pictures(tmp_path):
    code = (
        "import argparse, sys\n"
        "import desktop.app as app\n"
        "import ui.session_actions as actions\n"
        "drawn = []\n"
        "real = actions.board_thumbnail\n"
        "actions.board_thumbnail = lambda name: drawn.append(name) or real(name)\n"
        "status = app.run_gui(argparse.Namespace(db=None, file=None, session='friday'))\n"
        "print('DRAWN', drawn, 'STATUS', status)\n"
    )
    env = _profile_with_friday(tmp_path)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert "session ready" in result.stdout, result.stdout + result.stderr
    assert "DRAWN [] STATUS 0" in result.stdout, result.stdout + result.stderr


def test_reopening_the_last_session_writes_no_settings_before_it_shows(tmp_path):
    # Each settings write is a file written to disk (~17 ms) while the window waits: the
    # legend's remembered state and the last session's name are written only when they change.
    code = (
        "import argparse\n"
        "from PySide6.QtCore import QSettings\n"
        "import desktop.app as app\n"
        "written = []\n"
        "real_write = QSettings.setValue\n"
        "QSettings.setValue = lambda self, key, value: (\n"
        "    written.append(key), real_write(self, key, value))[1]\n"
        "real_paint = app._DeferredStart.after_first_paint\n"
        "def painted(start):\n"
        "    print('WRITTEN', written, flush=True)\n"
        "    real_paint(start)\n"
        "app._DeferredStart.after_first_paint = painted\n"
        "status = app.run_gui(argparse.Namespace(db=None, file=None, session=None))\n"
        "print('STATUS', status)\n"
    )
    env = _profile_with_friday(tmp_path)
    seen = []
    for _start in range(2):  # the first opens "friday" by name, the second as the last one
        argv = [sys.executable, "-c", code.replace("session=None", "session='friday'")]
        result = subprocess.run(
            argv if not seen else [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=60,
        )
        assert "STATUS 0" in result.stdout, result.stdout + result.stderr
        seen.append(result.stdout)
    # The first start remembers "friday" once it is done (the second opens it as the last):
    # writing the file waits on the disk, and the window paints first.
    assert "WRITTEN []" in seen[0], seen[0]
    assert "session shown" in seen[1] and "WRITTEN []" in seen[1], seen[1]


def test_a_session_shows_before_the_commands_and_the_storage_load(tmp_path):
    # A session shows with the engine, its ruleset and the window; the tracker's commands
    # (made when the players first act: ~30 ms of imports), SQLAlchemy and what only a
    # monster book's scenario uses load after the first paint.
    later = (
        "sqlalchemy",
        "desktop.tracker.commands",
        "desktop.tracker.scenario_commands",
        "logging.handlers",  # the log rotates without it (desktop/logging_setup.py)
        # A session without a monster book: no ability cards, modifier decks or their strip.
        "desktop.engine.monster_book",
        "desktop.engine.ability_cards",
        "desktop.engine.attack_modifiers",
        "desktop.tracker.scenario_turns",
        "ui.scenario.scenario_strip",
        "ctypes",  # only the X display check uses it (the test starts offscreen)
        "socket",  # only the Wayland display check uses it
        "desktop.samples",  # the start page's tutorials, filled when it first shows
        "importlib.resources",  # the icons are plain files next to the code (package_folder)
        "hashlib",  # the dice seeds' SHA-256 is CPython's own, without OpenSSL (phrase_seed)
        "html",  # its named entities (ui/rich_text.py)
    )
    shown = _at_first_paint(
        tmp_path,
        "import argparse, sys\nimport desktop.app as app\n",
        f"print('LOADED', [m for m in {later!r} if m in sys.modules], flush=True)",
        "status = app.run_gui(argparse.Namespace(db=None, file=None, session='friday'))\n"
        "print('STATUS', status)\n",
    )
    assert "LOADED []" in shown and "STATUS 0" in shown, shown


def test_pyside_builds_no_widget_class_the_window_does_not_show_before_the_first_paint(
    tmp_path,
):
    # Handed the first widget Qt made (a view's viewport, the widget a board item is painted
    # on), PySide builds every QWidget subclass it binds to learn its class (~6 ms): the
    # views that hand theirs over at start have viewports of their own (ui/own_viewport.py).
    never_shown = ("QWizard", "QFontDialog", "QCalendarWidget", "QMdiArea")
    shown = _at_first_paint(
        tmp_path,
        "import argparse, sys\nimport desktop.app as app\nimport PySide6.QtWidgets as widgets\n",
        f"print('BUILT', [n for n in {never_shown!r} if n in vars(widgets)], flush=True)",
        "status = app.run_gui(argparse.Namespace(db=None, file=None, session='friday'))\n"
        "print('STATUS', status)\n",
    )
    assert "BUILT []" in shown and "STATUS 0" in shown, shown


def test_the_dialogs_a_player_opens_later_are_not_made_before_the_first_paint(tmp_path):
    # PySide makes a Qt class's Python type and every enum it declares when the class is
    # first named (~3 ms for these): the dialogs are imported where they open.
    later = {
        "widgets": ("QMessageBox", "QFileDialog", "QInputDialog", "QProgressDialog", "QDialog"),
        "core": ("QStandardPaths",),
        # Nor the gradient and image types (~220 enums), which a QBrush made from a colour or
        # a fillRect would make: the board and the turn order paint with colours.
        "gui": ("QGradient", "QImage"),
    }
    # Nor QStyle (~570 enums), which asking the style anything would make: the roster draws
    # its cells' selection itself, and Fusion is asked for on Qt's command line.
    later["widgets"] += ("QStyle",)
    shown = _at_first_paint(
        tmp_path,
        "import argparse, sys\nimport desktop.app as app\n"
        "import PySide6.QtWidgets as widgets, PySide6.QtCore as core, PySide6.QtGui as gui\n"
        f"later = {later!r}\n",
        "print('MADE', [n for m, names in later.items() for n in names if n in vars(eval(m))],"
        " flush=True)",
        "status = app.run_gui(argparse.Namespace(db=None, file=None, session='friday'))\n"
        "print('STATUS', status)\n",
        once_painted=True,
    )
    assert "MADE []" in shown and "STATUS 0" in shown, shown
    assert shown.index("session shown") < shown.index("MADE"), shown


def test_a_second_start_compiles_no_dataclass_method_before_the_first_paint(tmp_path):
    # Python compiles each dataclass's methods from source as the class is made (~470 at
    # start, ~50 ms): the first start keeps their code in the data folder, the next reuse it.
    code = (
        "import argparse, builtins\n"
        "compiled = []\n"
        "for name in ('exec', 'compile'):\n"
        "    def counting(source, *a, _real=getattr(builtins, name), **k):\n"
        "        if isinstance(source, str) and source.startswith('def __create_fn__'):\n"
        "            compiled.append(1)\n"
        "        return _real(source, *a, **k)\n"
        "    setattr(builtins, name, counting)\n"
        "import desktop.app as app\n"
        "real_paint = app._DeferredStart.after_first_paint\n"
        "def painted(start):\n"
        "    print('COMPILED', len(compiled), flush=True)\n"
        "    real_paint(start)\n"
        "app._DeferredStart.after_first_paint = painted\n"
        "status = app.run_gui(argparse.Namespace(db=None, file=None, session='friday'))\n"
        "print('STATUS', status)\n"
    )
    env = _profile_with_friday(tmp_path)
    said = []
    for _start in range(2):
        result = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=60,
        )
        assert "session shown" in result.stdout and "STATUS 0" in result.stdout, (
            result.stdout + result.stderr
        )
        said.append(next(line for line in result.stdout.splitlines() if "COMPILED" in line))
    assert said[0] != "COMPILED 0" and said[1] == "COMPILED 0", said


def test_no_garbage_collection_runs_until_the_first_paint(tmp_path):
    # Start-up builds modules and widgets, next to no garbage: ~90 young-generation
    # collections looked through it (~25 ms). Collecting resumes once the window is painted.
    # Counted from when the start turns collecting off: one that the test's own lines (or
    # the command line's parsing) happen to cross before then is not the start's.
    shown = _at_first_paint(
        tmp_path,
        "import gc\nimport desktop.app as app\nfrom desktop.cli import main\nseen = []\n"
        "real_disable = gc.disable\n"
        "def disable():\n"
        "    real_disable()\n"
        "    gc.callbacks.append(lambda phase, info: phase == 'start' and seen.append(phase))\n"
        "gc.disable = disable\n",
        "print('COLLECTED', len(seen), flush=True)",
        "status = main(['--session', 'friday'])\n"
        "print('STATUS', status, 'ENABLED', gc.isenabled(), 'LATER', len(seen) > 0)\n",
    )
    assert "COLLECTED 0" in shown and "STATUS 0 ENABLED True LATER True" in shown, shown


def test_the_session_shows_before_the_collection_that_keeps_it_out_of_full_ones(tmp_path):
    # That collection looks through everything the start built (~20 ms): it runs once the
    # start has loaded the rest and opened the database, not between the first paint and
    # the session showing.
    code = (
        "import gc\n"
        "import desktop.app as app\n"
        "from desktop.cli import main\n"
        "from ui.main_window import MainWindow\n"
        "full = []\n"
        "gc.callbacks.append(\n"
        "    lambda phase, info: phase == 'start' and info['generation'] == 2 and full.append(1))\n"
        + _when_shown("FULL BEFORE SHOWN {len(full)}")
        + "real_done = MainWindow.start_done\n"
        "def done(window):\n"
        "    real_done(window)\n"
        "    print('FULL', len(full), 'FROZEN', gc.get_freeze_count() > 0, flush=True)\n"
        "MainWindow.start_done = done\n"
        "status = main(['--session', 'friday'])\n"
        "print('STATUS', status, flush=True)\n"
    )
    said = _started(tmp_path, code)
    assert "FULL BEFORE SHOWN 0\nfoebook: session shown" in said, said
    assert "FROZEN True" in said and "STATUS 0" in said, said


def test_the_window_is_painted_once_before_it_says_the_session_is_shown(tmp_path):
    # The marker the start-up benchmark times waits for the window painted: by the events
    # it processes first, not a second time on top (~8 ms for a 50-unit session).
    code = (
        "from PySide6.QtCore import QEvent, QObject\n"
        "import desktop.app as app\n"
        "from desktop.cli import main\n"
        "paints = []\n"
        "class Count(QObject):\n"
        "    def eventFilter(self, watched, event):\n"
        "        if event.type() == QEvent.Type.Paint:\n"
        "            paints.append(1)\n"
        "        return False\n"
        "count = Count()\n"
        "real_init = app.MainWindow.__init__\n"
        "def init(window, *a, **k):\n"
        "    real_init(window, *a, **k)\n"
        "    window.installEventFilter(count)\n"
        "app.MainWindow.__init__ = init\n"
        + _when_shown("PAINTED {len(paints)} TIMES")
        + "status = main(['--session', 'friday'])\n"
        "print('STATUS', status, flush=True)\n"
    )
    said = _started(tmp_path, code)
    assert "PAINTED 1 TIMES\nfoebook: session shown" in said and "STATUS 0" in said, said


def test_what_the_first_action_needs_loads_once_the_database_is_open(tmp_path):
    # The tracker's commands are not loaded for the first paint, nor left to the players'
    # first Enter (~30 ms then): the start loads them once the database is open.
    code = (
        "import os, sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "import desktop.app as app\n"
        "from desktop.cli import main\n"
        "wanted = app.FIRST_ACTION_MODULES\n"
        "def look():\n"
        "    if all(m in sys.modules for m in wanted):\n"
        "        print('ALL LOADED', flush=True)\n"
        "        QApplication.instance().quit()\n"
        "    else:\n"
        "        QTimer.singleShot(20, look)\n"
        "def give_up():\n"
        "    print('GAVE UP', flush=True)\n"
        "    os._exit(3)\n"
        "def first_look():\n"
        "    QTimer.singleShot(20000, give_up)  # with the app's event loop, which then runs\n"
        "    look()\n"
        "QTimer.singleShot(0, first_look)\n"
        "status = main(['--session', 'friday'])\n"
        "print('STATUS', status, sorted(m for m in wanted if m in sys.modules), flush=True)\n"
    )
    said = _started(tmp_path, code, smoke=False)
    assert "ALL LOADED" in said and "STATUS 0" in said, said


def _when_shown(line: str) -> str:
    """Python that has the app print `line` (an f-string's text) just before it says the
    session is shown."""
    return (
        "import io, sys\n"
        "real_out = sys.stdout\n"
        "class Out(io.TextIOBase):\n"
        "    def write(self, text):\n"
        "        if 'session shown' in text:\n"
        f"            real_out.write(f'{line}\\n')\n"
        "        return real_out.write(text)\n"
        "sys.stdout = Out()\n"
    )


def _at_first_paint(tmp_path, setup: str, said: str, start: str, once_painted: bool = False) -> str:
    """What a started app prints (and says on stderr) when `said`, a line of Python, runs
    just before the first paint's marker (`once_painted`: just after it, the window painted
    and its storage modules still to load); `setup` comes first, `start` starts the app."""
    lines = [f"    {said}\n", "    real_paint(start)\n"]
    code = (
        setup + "real_paint = app._DeferredStart.after_first_paint\n"
        "def painted(start):\n"
        + "".join(reversed(lines) if once_painted else lines)
        + "app._DeferredStart.after_first_paint = painted\n"
        + start
    )
    return _started(tmp_path, code)


def _started(tmp_path, code: str, smoke: bool = True) -> str:
    """What `code`, which starts the app on a profile holding "friday", prints and says on
    stderr (once the session has shown); without `smoke`, the app is left to run until the
    code quits it."""
    env = _profile_with_friday(tmp_path)
    if not smoke:
        del env["FOEBOOK_QUIT_WHEN_SHOWN"]
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert not smoke or "session shown" in result.stdout, result.stdout + result.stderr
    return result.stdout + result.stderr


def _profile_with_friday(tmp_path) -> dict[str, str]:
    """A started app's environment: a data directory whose database holds "friday"."""
    database = open_database(sqlite_url(tmp_path / "foebook.sqlite3"))
    new_session(database, "friday", load_encounter(sample_path("card-flip-goblin-ambush.toml")))
    database.close()
    return dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        FOEBOOK_QUIT_WHEN_SHOWN="1",
        FOEBOOK_DATA_DIR=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )


def test_the_app_runs_in_fusion_whatever_the_platform(tmp_path, monkeypatch):
    # Fusion follows the system's light or dark scheme on every platform (desktop/app.py),
    # whichever style the platform would pick (here Qt's Windows look, set by the desktop).
    monkeypatch.setenv("QT_STYLE_OVERRIDE", "windows")
    shown = _at_first_paint(
        tmp_path,
        "import argparse, sys\nimport desktop.app as app\n"
        "from PySide6.QtWidgets import QApplication\n",
        "print('STYLE', QApplication.style().name(), flush=True)",
        "status = app.run_gui(argparse.Namespace(db=None, file=None, session='friday'))\n"
        "print('STATUS', status)\n",
        once_painted=True,
    )
    assert "STYLE fusion" in shown and "STATUS 0" in shown, shown
