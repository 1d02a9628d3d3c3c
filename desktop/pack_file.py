"""Rule pack files: reading one from disk, the packs installed in the data folder, adding
them to the registry, installing one (its test cases run in pack_cases)."""

from __future__ import annotations

from pathlib import Path

from desktop.atomic_write import write_atomically
from desktop.errors import FoebookError
from desktop.rulesets.packs.pack_format import Pack, PackError, parse_pack
from desktop.rulesets.registry import PackEntry, add_pack, pack_id
from desktop.toml_reading import read_limited

WHAT = "a rule pack"
FOLDER = "packs"  # under the data folder


class PackFileError(FoebookError):
    """A rule pack file that cannot be read, installed or used."""


def read_pack(path: str | Path) -> Pack:
    """The pack in the file; PackFileError with every problem (line and field) otherwise."""
    path = Path(path)
    text = read_limited(path, PackFileError, WHAT)
    try:
        return parse_pack(text, str(path))
    except PackError as error:
        raise PackFileError(str(error)) from None


def register_pack_file(path: str | Path) -> str:
    """Make the pack in the file known to the registry; its id. Read again whenever the
    ruleset is needed afresh, so an edited pack is used as saved."""
    path = Path(path)
    found = pack_id(read_limited(path, PackFileError, WHAT))
    if found is None:
        read_pack(path)  # says what is wrong, with its line
        raise PackFileError(f"{path}: id: missing; expected the ruleset id, a text")
    problem = add_pack(PackEntry(found, str(path), lambda: read_limited(path, PackFileError, WHAT)))
    if problem:
        raise PackFileError(problem)
    return found


def installed_packs(data_folder: Path) -> list[Path]:
    return sorted((data_folder / FOLDER).glob("*.toml"))


def register_installed(data_folder: Path) -> list[str]:
    """Every pack in the data folder made known; one message per pack that cannot be."""
    problems = []
    for path in installed_packs(data_folder):
        try:
            register_pack_file(path)
        except FoebookError as error:
            problems.append(error.message)
    return problems


def find_installed(data_folder: Path, ruleset_id: str) -> None:
    """Make the installed pack of that id known, if there is one (its file is named by
    its id when installed; a file copied in by hand is found by the id inside it)."""
    for path in sorted(installed_packs(data_folder), key=lambda p: p.stem != ruleset_id):
        if pack_id(read_limited(path, PackFileError, WHAT)) == ruleset_id:
            register_pack_file(path)
            return


def install_pack(path: str | Path, data_folder: Path) -> tuple[str, Path]:
    """Copy a valid pack into the data folder (replacing one of that id); its id and copy."""
    pack = read_pack(path)
    text = read_limited(Path(path), PackFileError, WHAT)
    target = data_folder / FOLDER / f"{pack.data.id}.toml"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PackFileError(
            f"cannot install {path}: the folder {target.parent} cannot be made "
            f"({error.strerror or error})"
        ) from None
    write_atomically(target, text)
    # Its sample encounters (tutorials): the folder named after its id beside it.
    samples = Path(path).parent / pack.data.id
    for sample in sorted(samples.glob("*.toml")) if samples.is_dir() else []:
        (target.parent / pack.data.id).mkdir(exist_ok=True)
        write_atomically(target.parent / pack.data.id / sample.name, sample.read_bytes())
    register_pack_file(target)
    return pack.data.id, target
