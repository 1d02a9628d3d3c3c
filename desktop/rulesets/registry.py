"""Every rule system Foebook can run: its own and those other packages add as plug-ins.

A rule system is an entry point in the group `foebook.rulesets`: the name is the ruleset
id, the value a factory taking no arguments that returns the Ruleset
(`desktop.rulesets.monster_focus:build`). Foebook registers its own that way in
pyproject.toml, each a package laid out as a plug-in is (desktop/rulesets/<id>/: `build`, its
data in rulesets/<id>.toml, its tutorials in encounters/, monster-focus's scenarios and monster
book in scenarios/ and books/); docs/writing-a-ruleset.md shows a plug-in. A ruleset's code
is imported only when that ruleset is first used.

A rule system may also be a rule pack (one TOML file, docs/rule-packs.md). A package may ship
one as its game: its pack.toml beside `build` (`pack_in_package`), tutorials in encounters/;
two built-ins are such packages (desktop/rulesets/card_flip_rpg/), and so is zombie-horde, a
sample pack Foebook ships but not a built-in (BUNDLED). The app or the command line adds the
user's packs (`add_pack`).
"""

from __future__ import annotations

import importlib
import importlib.util
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import cast

from desktop.engine.capabilities import Capabilities
from desktop.engine.errors import PluginOrigin, RulesError
from desktop.engine.ruleset import Ruleset, RulesetData
from desktop.rulesets.data_loader import read_ruleset_data

GROUP = "foebook.rulesets"
DISTRIBUTION = "foebook"

# The built-ins exactly as pyproject.toml registers them (a test keeps the two equal).
# Built-ins are loaded from this table, never from package metadata: a frozen bundle
# carries no metadata, and reading it would cost a small `foebook decide` ~25 ms.
BUILT_IN: dict[str, str] = {
    "card-flip-rpg": "desktop.rulesets.card_flip_rpg:build",
    "skirmish-ai": "desktop.rulesets.skirmish_ai:build",
    "grimdark-solo": "desktop.rulesets.grimdark_solo:build",
    "hex-quest": "desktop.rulesets.hex_quest:build",
    "dungeon-crawl": "desktop.rulesets.dungeon_crawl:build",
    "monster-focus": "desktop.rulesets.monster_focus:build",
}
# Foebook's rule packs that are samples, not built-ins: offered as a user's installed pack is,
# each from the package holding it (its pack.toml and encounters/, as a built-in pack's).
BUNDLED: dict[str, str] = {"zombie-horde": "desktop.rulesets.zombie_horde"}
# A package whose game is a rule pack keeps it in this file beside its code.
PACK_FILE = "pack.toml"


class UnknownRuleset(RulesError):
    pass


class BrokenRuleset(RulesError):
    """A plug-in that is installed but cannot give its ruleset."""


@dataclass(frozen=True)
class RulesetEntry:
    """Where a ruleset comes from: its factory ("module:function") and the package."""

    id: str
    factory: str
    distribution: str = DISTRIBUTION

    @property
    def built_in(self) -> bool:
        return BUILT_IN.get(self.id) == self.factory

    @property
    def origin(self) -> PluginOrigin:
        return PluginOrigin(self.id, self.factory, self.distribution)

    def describe(self) -> str:
        return self.origin.describe()

    def load(self) -> Ruleset:
        if self.built_in:  # Foebook's own: a failure is a bug, reported as one
            return cast(Ruleset, _call(self.factory))
        try:
            ruleset = _call(self.factory)
        except Exception as error:  # anything the plug-in's code raises, import included
            raise BrokenRuleset(
                f"the {self.describe()} failed to load: {self.origin.raised_where(error)}"
            ) from None
        if not isinstance(ruleset, Ruleset):
            raise BrokenRuleset(
                f"the {self.describe()} gave a {type(ruleset).__name__}, not a Ruleset"
            )
        if ruleset.id != self.id:
            raise BrokenRuleset(
                f"the {self.describe()} gave the ruleset '{ruleset.id}'; "
                "the entry point's name and the ruleset's id must be the same"
            )
        ruleset.origin = self.origin  # its failures while deciding name it
        return ruleset


@dataclass(frozen=True)
class PackEntry:
    """A rule pack: its id, where it is (for messages) and how to read its text. An empty id
    takes the one the pack gives."""

    id: str
    where: str
    read: Callable[[], str]
    bundled: bool = False
    built_in = False

    def describe(self) -> str:
        return f"rule pack '{self.id}' ({self.where})" if self.id else f"rule pack {self.where}"

    def load(self) -> Ruleset:
        from desktop.rulesets.packs.pack_format import PackError, parse_pack
        from desktop.rulesets.packs.pack_ruleset import PackRuleset

        try:
            pack = parse_pack(self.read(), self.where)
        except PackError as error:
            raise BrokenRuleset(f"the {self.describe()} cannot be used: {error}") from None
        except OSError as error:
            raise BrokenRuleset(f"the {self.describe()} cannot be read: {error}") from None
        if self.id and pack.data.id != self.id:
            raise BrokenRuleset(f"the {self.describe()} now has the id '{pack.data.id}'")
        return PackRuleset(pack)


_PACKS: dict[str, PackEntry] = {}
# Asked for an id no rule system has, before saying it is unknown (the user's installed
# packs: looked for only then, so a command on a built-in game pays nothing for them).
_FINDERS: list[Callable[[str], None]] = []


def add_pack_finder(finder: Callable[[str], None]) -> None:
    """`finder(id)` adds the pack of that id with `add_pack`, if it finds one."""
    if finder not in _FINDERS:
        _FINDERS.append(finder)


def forget_packs() -> None:
    """Forget the user's rule packs and how to find them (a test's, or a closed session's)."""
    _PACKS.clear()
    _FINDERS.clear()
    get_ruleset.cache_clear()


def pack_id(text: str) -> str | None:
    """The id a pack's text gives (None when it is not TOML or gives none)."""
    try:
        found = tomllib.loads(text).get("id")
    except tomllib.TOMLDecodeError:
        return None
    return found if isinstance(found, str) and found else None


@cache
def bundled_packs() -> dict[str, PackEntry]:
    """Foebook's own rule packs besides the built-ins (BUNDLED), by id."""
    return {k: v for k, v in _pack_files().items() if k not in BUILT_IN}


def pack_in_package(package: str) -> Ruleset:
    """The rule pack a package ships as its game (its pack.toml): the body of the `build` of
    a package that is a rule pack, Foebook's own as a plug-in's."""
    found = _package_pack(package)
    if found is None:
        raise BrokenRuleset(f"the package {package} has no {PACK_FILE}")
    return _packaged_pack(str(found))


@cache  # read once for the names (`ruleset_data`) and for play
def _packaged_pack(where: str) -> Ruleset:
    text = Path(where).read_text(encoding="utf-8")
    return PackEntry("", where, lambda: text).load()  # its id as it gives it: parsed once


def _package_pack(module: str) -> Path | None:
    """The pack.toml of the package holding that module (None when it has none); found
    without importing it."""
    found = [f / PACK_FILE for f in package_folders(module) if (f / PACK_FILE).is_file()]
    return found[0] if found else None


@cache
def _pack_files() -> dict[str, PackEntry]:
    """Foebook's own rule packs, built-in or bundled: each package's pack.toml, by id."""
    found: dict[str, PackEntry] = {}
    for ruleset_id, module in _own_packages().items():
        path = _package_pack(module)
        if path is not None:
            read = partial(path.read_text, encoding="utf-8")
            found[ruleset_id] = PackEntry(ruleset_id, str(path), read, bundled=True)
    return found


def _own_packages() -> dict[str, str]:
    """The package of each of Foebook's own rule systems, by id: built-ins, then bundled packs."""
    return {i: factory.partition(":")[0] for i, factory in BUILT_IN.items()} | BUNDLED


def add_pack(entry: PackEntry, testing: bool = False) -> str | None:
    """Make a user's rule pack known (again, when it changed: the old one is forgotten);
    a message instead when its id is taken by another rule system. `testing`: the pack under
    test takes the place of Foebook's own pack of that id."""
    shipped = entry.id in _pack_files()  # a pack under test may stand in for its own file
    taken = (entry.id in BUILT_IN and not shipped) or entry.id in _discovered()[0]
    if taken or (shipped and not testing):
        return f"the {entry.describe()} is ignored: '{entry.id}' is the id of another rule system"
    _PACKS[entry.id] = entry
    get_ruleset.cache_clear()
    return None


def package_folders(factory: str) -> list[Path]:
    """The folders of the package holding a rule system's factory ("module:function", or a
    module): the module's own when it is a package, else the package around it. Found
    without importing any of it (a plug-in's code runs only when its game is used)."""
    top, *inner = factory.partition(":")[0].split(".")
    spec = importlib.util.find_spec(top)
    folders = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    for part in inner:
        # A frozen bundle keeps no code on disk: a package's folder holds its data files.
        deeper = [folder / part for folder in folders if (folder / part).is_dir()]
        if not deeper:
            break
        folders = deeper
    return folders


def package_data_folders(kind: str) -> list[tuple[str, Path]]:
    """Each rule system's folder of that name (`encounters`: its tutorials; `scenarios` played
    from a monster book; `books`) in the package holding its factory, Foebook's own as a
    plug-in's. Only folders that exist."""
    found: list[tuple[str, Path]] = []
    plugins = {i: entry.factory for i, entry in _discovered()[0].items()}
    for ruleset_id, where in [*_own_packages().items(), *plugins.items()]:
        for location in package_folders(where):
            folder = location / kind
            if folder.is_dir():
                found.append((ruleset_id, folder))
    return found


def sample_folders() -> list[tuple[str, Path]]:
    """Where rule systems keep their sample encounters (tutorials): the `encounters/` folder
    of the package holding its factory; a user's rule pack's folder named after its id
    beside its file. Only folders that exist."""
    found = package_data_folders("encounters")
    for pack in _PACKS.values():
        folder = Path(pack.where).parent / pack.id
        if folder.is_dir():
            found.append((pack.id, folder))
    return found


def _call(factory: str) -> object:
    module_name, _, attribute = factory.partition(":")
    target: object = importlib.import_module(module_name)
    for part in attribute.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise TypeError(f"{factory} is not a function")
    return target()


@cache
def _discovered() -> tuple[dict[str, RulesetEntry], tuple[str, ...]]:
    """Plug-ins registered through package metadata, and one message per entry refused."""
    from importlib.metadata import entry_points  # only when a plug-in may be needed

    plugins: dict[str, RulesetEntry] = {}
    problems: list[str] = []
    for point in entry_points(group=GROUP):
        dist = point.dist.name if point.dist is not None else "an unnamed package"
        entry = RulesetEntry(point.name, point.value, dist)
        if point.name in BUILT_IN:
            if not entry.built_in:
                problems.append(
                    f"the {entry.describe()} is ignored: '{point.name}' is the id "
                    "of a built-in rule system"
                )
        elif point.name in plugins:
            problems.append(
                f"the {entry.describe()} is ignored: "
                f"{plugins[point.name].distribution} registers that id too"
            )
        else:
            plugins[point.name] = entry
    return dict(sorted(plugins.items())), tuple(problems)


def entry_for(ruleset_id: str) -> RulesetEntry | PackEntry:
    if ruleset_id in _PACKS and ruleset_id in _pack_files():  # its pack file under test
        return _PACKS[ruleset_id]
    if ruleset_id in BUILT_IN:
        return RulesetEntry(ruleset_id, BUILT_IN[ruleset_id])
    packs = {**bundled_packs(), **_PACKS}
    if ruleset_id in packs:
        return packs[ruleset_id]
    plugins, _ = _discovered()
    entry = plugins.get(ruleset_id)
    if entry is None:
        for finder in _FINDERS:
            finder(ruleset_id)
            if ruleset_id in _PACKS:
                return _PACKS[ruleset_id]
        known = f"built-in: {', '.join([*BUILT_IN, *bundled_packs()])}"
        if plugins:
            known += f"; plug-ins: {', '.join(plugins)}"
        if _PACKS:
            known += f"; rule packs: {', '.join(_PACKS)}"
        raise UnknownRuleset(f"unknown ruleset '{ruleset_id}' ({known})")
    return entry


def shipped_ids() -> list[str]:
    """The rule systems Foebook ships: its modules, then its own rule packs."""
    return [*BUILT_IN, *bundled_packs()]


def ruleset_ids() -> list[str]:
    """The built-ins first (Foebook's own packs after its modules), then the plug-ins by id,
    then the user's rule packs; imports no ruleset."""
    return [*shipped_ids(), *_discovered()[0], *sorted(_PACKS)]


@cache
def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset, imported and built on first use. UnknownRuleset or BrokenRuleset (both
    RulesErrors with one message for the user) when it cannot be had."""
    return entry_for(ruleset_id).load()


def capabilities_of(ruleset_id: str) -> Capabilities:
    """What the ruleset offers besides deciding; the defaults when it cannot be had (the
    reason is reported where the ruleset itself is needed)."""
    try:
        return get_ruleset(ruleset_id).capabilities
    except RulesError:
        return Capabilities()


def ruleset_data(ruleset_id: str) -> RulesetData:
    """Names, AI types and card text; for a built-in read from its TOML (a rule pack's
    pack.toml) without importing its code."""
    if ruleset_id in BUILT_IN and ruleset_id not in _PACKS:  # not a pack under test
        own_pack = _pack_files().get(ruleset_id)
        if own_pack is not None:
            return _packaged_pack(own_pack.where).data
        module = BUILT_IN[ruleset_id].partition(":")[0]
        for folder in package_folders(BUILT_IN[ruleset_id]):
            if (folder / "rulesets").is_dir():
                return read_ruleset_data(ruleset_id, folder, module)
    return get_ruleset(ruleset_id).data  # a pack (Foebook's sample, the user's), a plug-in


def available_rulesets() -> tuple[list[RulesetData], list[str]]:
    """The data of every ruleset that can be used, and one message per plug-in that cannot
    (so one broken plug-in never hides the others)."""
    found: list[RulesetData] = []
    problems = list(_discovered()[1])
    for ruleset_id in ruleset_ids():
        try:
            found.append(ruleset_data(ruleset_id))
        except BrokenRuleset as error:
            problems.append(error.message)
    return found, problems
