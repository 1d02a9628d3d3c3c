"""Where a package's files are read from: the package's folder on disk, or through
importlib.resources for a package that is not plain files (a zipped plug-in)."""

from __future__ import annotations

import zipfile
from importlib import resources

from desktop.package_files import package_folder


def test_a_package_on_disk_is_read_from_the_folder_importlib_resources_gives_it():
    for package in (
        "desktop.rulesets.monster_focus",
        "desktop.rulesets.card_flip_rpg",
        "resources",
    ):
        assert package_folder(package) == resources.files(package)


def test_a_zipped_package_is_read_through_importlib_resources(tmp_path, monkeypatch):
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("zipped_files/__init__.py", "")
        bundle.writestr("zipped_files/icons/a.svg", "<svg/>")
    monkeypatch.syspath_prepend(str(archive))
    folder = package_folder("zipped_files")
    assert str(folder) == str(resources.files("zipped_files"))  # a place in the zip
    assert folder.joinpath("icons", "a.svg").read_text() == "<svg/>"
