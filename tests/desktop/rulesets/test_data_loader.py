"""A ruleset's data file is read from its package, zipped or not (desktop/package_files.py)."""

from __future__ import annotations

import zipfile

from desktop.rulesets.data_loader import load_ruleset_data

DATA = (
    'id = "zipped"\nname = "Zipped"\ndescription = "A plug-in shipped as a zip."\n'
    'board_shape = "square"\ndistance_unit = "square"\n'
    '[ai_types.a]\nname = "A"\nsummary = "A"\n[actions]\nhold = "Holds."\n'
)


def test_a_zipped_plug_in_has_its_data_read_through_importlib_resources(tmp_path, monkeypatch):
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("zipped_games_data/__init__.py", "")
        bundle.writestr("zipped_games_data/rulesets/zipped.toml", DATA)
    monkeypatch.syspath_prepend(str(archive))
    assert load_ruleset_data("zipped", package="zipped_games_data").name == "Zipped"
