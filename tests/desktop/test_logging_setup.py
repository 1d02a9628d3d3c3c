"""The log file rotates as it grows, keeping three older files, and a native crash's trace
lands in the file being written at the time."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

from desktop.logging_setup import _LogFile

ROOT = Path(__file__).resolve().parents[2]


def _written(handler: _LogFile, lines: range) -> None:
    log = logging.getLogger("foebook.test.rotation")
    log.propagate = False
    log.addHandler(handler)
    try:
        for number in lines:
            log.warning("line %03d %s", number, "x" * 40)
    finally:
        log.removeHandler(handler)
        handler.close()


def test_the_log_moves_to_numbered_files_as_it_grows_and_the_oldest_goes(tmp_path):
    path = tmp_path / "foebook.log"
    _written(_LogFile(str(path), max_bytes=500, kept=3), range(60))

    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["foebook.log", "foebook.log.1", "foebook.log.2", "foebook.log.3"]
    newest_first = [
        path.read_text(encoding="utf-8"),
        *((tmp_path / f"foebook.log.{n}").read_text(encoding="utf-8") for n in (1, 2, 3)),
    ]
    numbers = [[int(line.split()[1]) for line in text.splitlines()] for text in newest_first]
    assert numbers[0][-1] == 59  # the latest line is in foebook.log
    for newer, older in pairwise(numbers):
        assert older[-1] + 1 == newer[0]  # each file goes on where the older one stopped
    assert all(os.path.getsize(tmp_path / name) < 600 for name in names)
    assert numbers[3][0] > 0  # the first lines went with the oldest file


def test_a_crash_after_the_log_moved_on_is_traced_in_the_current_file(tmp_path):
    code = (
        "import faulthandler, logging\n"
        "from desktop import logging_setup\n"
        "logging_setup.MAX_BYTES = 300\n"
        "logging_setup.configure_logging()\n"
        "logging_setup.send_crash_traces_to_log()\n"
        "for n in range(20):\n"
        "    logging.getLogger('foebook').warning('line %d %s', n, 'x' * 40)\n"
        "faulthandler._sigsegv()\n"
    )
    env = dict(os.environ, FOEBOOK_DATA_DIR=str(tmp_path))
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, timeout=60)

    current = (tmp_path / "foebook.log").read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in current
    assert (tmp_path / "foebook.log.1").exists()
    assert "Segmentation fault" not in (tmp_path / "foebook.log.1").read_text(encoding="utf-8")
