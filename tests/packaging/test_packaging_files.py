"""Fast checks of the packaging files (no build): desktop entry, AppStream metainfo, icons,
the bundle's exclusion lists against what Foebook imports, resources read as package data."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from desktop import APP_ID, __version__

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
SOURCE_PACKAGES = ("desktop", "ui", "db")


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(LINUX / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_launches_foebook_under_the_app_id() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Foebook"
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] == "foebook"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    assert entry["Keywords"].endswith(";")


def _metainfo() -> ET.Element:
    return ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()


def test_metainfo_names_the_app_id_the_launcher_and_the_current_version() -> None:
    root = _metainfo()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("provides/binary") == "foebook"
    newest = root.find("releases/release")
    assert newest is not None and newest.get("version") == __version__
    assert root.find("content_rating").get("type") == "oars-1.1"
    assert root.find("screenshots/screenshot[@type='default']/image") is not None
    assert len(root.findall("description/p")) >= 1


def test_icons_render_from_the_svg_at_every_size(qapp, tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    render_icons = _load(LINUX / "render_icons.py", "foebook_render_icons")
    written = render_icons.render(LINUX / "icons" / f"{APP_ID}.svg", tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        f"{s}x{s}/apps/{APP_ID}.png" for s in (16, 32, 48, 64, 128, 256)
    ]
    for path, size in zip(written, render_icons.SIZES, strict=True):
        image = QImage(str(path))
        assert (image.width(), image.height()) == (size, size)
        # drawn, not blank: the centre pixel (the eye) is opaque
        assert image.pixelColor(size // 2, size // 2).alpha() == 255


def _imported_modules() -> dict[str, str]:
    """Every module imported anywhere in Foebook's packages -> the first file importing it."""
    found: dict[str, str] = {}
    for package in SOURCE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                for name in names:
                    found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_the_bundle_excludes_no_module_foebook_imports() -> None:
    contents = _load(
        ROOT / "packaging" / "pyinstaller" / "bundle_contents.py", "foebook_bundle_contents"
    )
    imported = _imported_modules()
    assert "PySide6.QtWidgets" in imported  # the scan sees the code it should
    clashes = {name: where for name, where in imported.items() if contents.is_excluded_module(name)}
    assert clashes == {}, (
        "modules left out of the bundle (packaging/pyinstaller/"
        f"bundle_contents.py) but imported by Foebook: {clashes}"
    )


@pytest.mark.parametrize("package", SOURCE_PACKAGES)
def test_code_never_locates_files_relative_to_its_source(package: str) -> None:
    # Installed copies (wheel, bundle) have no source tree: read data with importlib.resources.
    offenders = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Name) and node.id == "__file__" for node in ast.walk(tree)):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
