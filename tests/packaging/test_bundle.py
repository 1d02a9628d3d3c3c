"""Packaging smoke test: builds the desktop bundle with `make package` and runs it.

Runs only with FOEBOOK_PACKAGE_TEST=1 (`make package-test`, CI); otherwise
conftest.py deselects it. The bundle is run from a copy outside the checkout,
with a scrubbed environment, so it cannot lean on the venv or the sources.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

from desktop import APP_ID, __version__
from tests.sample_files import SAMPLES

pytestmark = pytest.mark.package_build

ROOT = Path(__file__).resolve().parents[2]
VENV_PYTHON = Path(sys.executable)
SIZE_BUDGET_BYTES = 150 * 1024 * 1024  # 150 MB unpacked, as `du -sh` counts it
ICON_SIZES = (16, 32, 48, 64, 128, 256)


@pytest.fixture(scope="module")
def built() -> Path:
    result = subprocess.run(
        ["make", "package"], cwd=ROOT, capture_output=True, text=True, timeout=1800, check=False
    )
    assert result.returncode == 0, f"make package failed:\n{result.stdout}\n{result.stderr}"
    bundle = ROOT / "dist" / "foebook"
    assert (bundle / "foebook").is_file()
    return bundle


@pytest.fixture(scope="module")
def bundle(built: Path, tmp_path_factory) -> Path:
    """A copy of the bundle outside the checkout (it must not need anything there)."""
    target = tmp_path_factory.mktemp("elsewhere") / "foebook"
    shutil.copytree(built, target, symlinks=True)
    return target


def clean_env(scratch: Path, **extra: str) -> dict[str, str]:
    """No venv, no PYTHONPATH, a throwaway profile: what a fresh user session gives."""
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(scratch / "home"),
        "LANG": "C.UTF-8",
        "FOEBOOK_DATA_DIR": str(scratch / "data"),
        "XDG_CONFIG_HOME": str(scratch / "config"),
        "XDG_DATA_HOME": str(scratch / "share"),
        "XDG_CACHE_HOME": str(scratch / "cache"),
    }
    env.update(extra)
    return env


def run(argv: list[str], scratch: Path, timeout: float = 120, **extra: str):
    scratch.mkdir(parents=True, exist_ok=True)
    return subprocess.run(
        [str(a) for a in argv],
        cwd=scratch,
        env=clean_env(scratch, **extra),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def venv_decide_json(path: Path, unit: str) -> dict:
    """The decision the development install gives."""
    code = (
        "import json, sys\n"
        "from desktop.encounter_file import load_encounter\n"
        "from desktop.engine.decide import decide\n"
        "from desktop.engine.dice import Dice\n"
        "from desktop.rulesets.registry import get_ruleset\n"
        "e = load_encounter(sys.argv[1])\n"
        "d = decide(e, sys.argv[2], get_ruleset(e.ruleset), Dice([], seed=None))\n"
        "print(json.dumps(d.to_dict()))\n"
    )
    result = subprocess.run(
        [str(VENV_PYTHON), "-c", code, str(path), unit],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(result.stdout)


def test_version(bundle: Path, tmp_path: Path) -> None:
    result = run([bundle / "foebook", "--version"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"foebook {__version__}"


def test_main_window_opens_offscreen_and_quits(bundle: Path, tmp_path: Path) -> None:
    result = run(
        [bundle / "foebook"],
        tmp_path,
        timeout=60,
        QT_QPA_PLATFORM="offscreen",
        FOEBOOK_QUIT_WHEN_SHOWN="1",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "foebook: main window shown" in result.stdout
    assert "Traceback" not in result.stderr


def test_bundled_migrations_create_the_database(bundle: Path, tmp_path: Path) -> None:
    from db.migrate import head_revision

    result = run(
        [bundle / "foebook"],
        tmp_path,
        timeout=60,
        QT_QPA_PLATFORM="offscreen",
        FOEBOOK_QUIT_WHEN_SHOWN="1",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    with sqlite3.connect(tmp_path / "data" / "foebook.sqlite3") as db:
        (revision,) = db.execute("SELECT version_num FROM alembic_version").fetchone()
    assert revision == head_revision()


def _first_enemy(path: Path) -> str:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return next(u["id"] for u in data["units"] if u.get("side") == "enemy")


def test_every_bundled_sample_encounter_decides_as_in_the_venv(
    bundle: Path, tmp_path: Path
) -> None:
    inside = bundle / "_internal"
    samples = sorted(inside.glob("desktop/rulesets/*/encounters/*.toml"), key=lambda p: p.name)
    assert [p.name for p in samples] == [p.name for p in SAMPLES], "samples missing in the bundle"
    for sample in samples:
        unit = _first_enemy(sample)
        result = run([bundle / "foebook", "decide", sample, "--unit", unit, "--json"], tmp_path)
        assert result.returncode == 0, f"{sample.name}: {result.stderr}"
        expected = venv_decide_json(sample, unit)
        assert json.loads(result.stdout) == expected, sample.name


def test_the_bundle_lists_the_rule_systems_from_the_data_in_their_packages(
    bundle: Path, tmp_path: Path
) -> None:
    listed = run([bundle / "foebook", "rulesets"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    for line in ("monster-focus — Monster focus", "skirmish-ai — Skirmish AI"):
        assert line in listed.stdout, listed.stdout


def test_a_large_board_decides_as_in_the_venv(bundle: Path, tmp_path: Path) -> None:
    rows = "\n".join(" ".join("." for _ in range(30)) for _ in range(30))
    encounter = tmp_path / "open-field.toml"
    encounter.write_text(
        'format = 1\nruleset = "card-flip-rpg"\nname = "Open field"\n\n'
        f'[board]\nshape = "square"\ncells = """\n{rows}\n"""\n\n'
        '[[units]]\nid = "brute"\nname = "Goblin Brute"\nside = "enemy"\nat = [0, 0]\n'
        "hp = 12\nmax_hp = 12\nstats = { move = 3, range = 1, level = 3 }\n\n"
        '[[units]]\nid = "aria"\nname = "Aria"\nside = "player"\nat = [29, 29]\n'
        "hp = 14\nmax_hp = 18\nstats = { move = 4, level = 5, lift = 2 }\n",
        encoding="utf-8",
    )
    expected = venv_decide_json(encounter, "brute")
    result = run([bundle / "foebook", "decide", encounter, "--unit", "brute", "--json"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected


def _size(path: Path) -> int:
    total = 0
    for folder, _dirs, files in os.walk(path):
        total += sum(os.lstat(os.path.join(folder, name)).st_size for name in files)
    return total


def test_bundle_size_within_budget(built: Path) -> None:
    size = _size(built)
    print(f"bundle size: {size / 2**20:.1f} MiB ({size / 1e6:.1f} MB)")
    assert size <= SIZE_BUDGET_BYTES, f"bundle is {size / 2**20:.1f} MiB"


def test_tarball_holds_the_bundle(built: Path) -> None:
    archives = sorted((ROOT / "dist").glob(f"foebook-{__version__}-linux-*.tar.gz"))
    assert archives
    with tarfile.open(archives[-1]) as archive:
        names = set(archive.getnames())
    assert {
        "foebook/foebook",
        "foebook/install-desktop.sh",
        f"foebook/share/applications/{APP_ID}.desktop",
    } <= names


def test_desktop_file_validates(built: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    assert tool, "desktop-file-validate is missing: run scripts/system-deps.sh package"
    result = subprocess.run(
        [tool, str(built / "share" / "applications" / f"{APP_ID}.desktop")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "error" not in result.stdout, result.stdout


def test_metainfo_validates(built: Path) -> None:
    tool = shutil.which("appstreamcli")
    assert tool, "appstreamcli is missing: run scripts/system-deps.sh package"
    result = subprocess.run(
        [
            tool,
            "validate",
            "--no-net",
            str(built / "share" / "metainfo" / f"{APP_ID}.metainfo.xml"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_icons_at_every_size_in_the_bundle(built: Path) -> None:
    icons = built / "share" / "icons" / "hicolor"
    assert (icons / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in ICON_SIZES:
        png = icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_install_desktop_then_uninstall_leaves_nothing(bundle: Path, tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    script = ROOT / "scripts" / "install-desktop.sh"
    installed = run(["bash", script, "install", bundle], tmp_path, PREFIX=str(prefix))
    assert installed.returncode == 0, installed.stderr
    desktop_file = prefix / "share" / "applications" / f"{APP_ID}.desktop"
    exec_line = next(
        line for line in desktop_file.read_text().splitlines() if line.startswith("Exec=")
    )
    assert exec_line == f"Exec={prefix}/lib/foebook/foebook %f"
    assert (prefix / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()
    version = run([prefix / "bin" / "foebook", "--version"], tmp_path)
    assert version.stdout.strip() == f"foebook {__version__}"

    removed = run(["bash", script, "uninstall"], tmp_path, PREFIX=str(prefix))
    assert removed.returncode == 0, removed.stderr
    left = [
        p
        for p in prefix.rglob("*")
        if not p.is_dir() and p.name not in ("mimeinfo.cache", "icon-theme.cache")
    ]
    assert left == []


def test_pip_install_gives_a_working_command(tmp_path: Path) -> None:
    """A non-editable install finds its rulesets and samples as package data."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=1500,
        check=False,
    )
    assert pip.returncode == 0, pip.stdout + pip.stderr
    where = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import desktop; print(desktop.__file__)",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    desktop_file = where.stdout.strip()
    assert desktop_file.startswith(str(venv)), desktop_file  # the installed copy, not the checkout
    version = run([venv / "bin" / "foebook", "--version"], tmp_path)
    assert version.stdout.strip() == f"foebook {__version__}"
    # Samples rule system packages carry as plug-ins do: a rule pack's and a Python game's.
    installed = Path(desktop_file).parent / "rulesets"
    for sample, unit in (
        (installed / "card_flip_rpg" / "encounters" / "card-flip-goblin-ambush.toml", "kobold"),
        (installed / "monster_focus" / "encounters" / "monster-focus-ice-cave.toml", "golem"),
    ):
        decided = run(
            [venv / "bin" / "foebook", "decide", sample, "--unit", unit, "--json"], tmp_path
        )
        assert decided.returncode == 0, decided.stderr
        expected = venv_decide_json(sample, unit)
        assert json.loads(decided.stdout) == expected
    listed = run([venv / "bin" / "foebook", "rulesets"], tmp_path)
    assert "monster-focus — Monster focus" in listed.stdout, listed.stdout + listed.stderr
