"""The rule pack format: one TOML file read into the ruleset's data and its AI as ordered
rules, with every problem found named by line and field (docs/rule-packs.md)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from desktop.engine.board import LEGEND, OPTIONAL_TERRAIN, Terrain
from desktop.engine.geometry import Metric, Neighbourhood
from desktop.engine.ruleset import RulesetData
from desktop.rulesets.data_loader import SHAPES, RulesetDataError, ruleset_data_from
from desktop.rulesets.packs import pack_engage as engage
from desktop.rulesets.packs.pack_explain import FACTS, SITUATIONS, problems
from desktop.rulesets.packs.pack_helpers import HelperSpec, formula_problem
from desktop.rulesets.packs.pack_lines import PackLines
from desktop.rulesets.packs.pack_turn_words import turn_words_problem

# The words of the vocabulary (docs/rule-packs.md gives an example of each).
MOVES = {
    "orthogonal": Neighbourhood.ORTHOGONAL,
    "8-way": Neighbourhood.EIGHT_WAY,
    "hex": Neighbourhood.HEX,
}
METRICS = {"orthogonal": Metric.MANHATTAN, "8-way": Metric.CHEBYSHEV, "hex": Metric.HEX}
AMONG = ("opponents", "allies")
FILTERS = ("beside", "reachable", "seen", "wounded")
REACH_FILTER = "in-reach"  # "in-reach:range": within the figure's stat, in sight beyond 1
PREFERENCES = ("fewest-hp", "most-hp", "seen", "nearest", "nearest-route", "attacked-last")
STAT_PREFERENCES = ("most", "fewest")  # "most:noise", "fewest:armour"
ACTIONS: tuple[str, ...] = ("attack", "move-toward", "move-away", "flee", "heal", "roll", "hold")
ACTIONS += (engage.ACTION,)  # move then engage up to N (hex-quest)
# The action word a decision carries when the rule's `says` does not name one.
SAYS = {"move-toward": "move", "move-away": "move", engage.ACTION: "attack"}
POLICIES = ("shortest-route", "farthest-along", engage.POLICY)
CONDITIONS = ("hp_at_most", "hp_below", "wounded", "field", "status", "no_status", "can_move")
RULE_KEYS = {
    "key",
    "title",
    "when",
    "target",
    "action",
    "says",
    "squares",
    "policy",
    "stop_to_attack",
    "amount",
    "table",
    "table_only",
    # move-engage (pack_engage.py)
    "engages",
    "dice",
    "explain",
    "full_says",
}
TERRAIN_KEYS = {"name", "enterable", "cost", "blocks_sight", "hazard"}
PACK_KEYS = {
    "moves",
    "terrain",
    "tests",
    *["passes", "in_play_hp", "order", "card_flips", "derived", "explain", "helpers"],
}
# What a tie-breaker's `each` template may name of each figure it compares.
FIGURE_FACTS = ("name", "hp", "max_hp", "distance", "value")
PASSES = ("nobody", "allies")  # whose cells a mover may pass through (never stop on)
ORDERS = ("roster", "players-choose")


@dataclass(frozen=True)
class PackProblem:
    """One problem in a rule pack, with its line and field."""

    line: int | None
    field: str
    message: str

    def describe(self, source: str) -> str:
        where = f"{source}:{self.line}" if self.line else source
        return f"{where}: {self.field}: {self.message}"


class PackError(ValueError):
    """A rule pack that cannot be used: every problem found, each with line and field."""

    def __init__(self, source: str, problems: list[PackProblem]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("\n".join(p.describe(source) for p in problems))


@dataclass(frozen=True)
class TerrainKind:
    """A kind of terrain a pack declares: its letter, cost and what it blocks."""

    char: str
    name: str
    enterable: bool = True
    cost: int = 0  # extra movement to enter it
    blocks_sight: bool = False
    hazard: bool = False  # movers avoid it when another route is as short


@dataclass(frozen=True)
class Selector:
    """Which units a rule looks at, the filters they pass and what it prefers among them."""

    among: str = "opponents"
    filters: tuple[str, ...] = ()
    prefer: tuple[str, ...] = ()


@dataclass(frozen=True)
class Squares:
    """How far a move goes: a number, a stat (`{ stat = "move" }`) or a unit field's value
    mapped to numbers (`{ field = "kind", values = { walker = 1, runner = 2 } }`)."""

    number: int = 0
    stat: str = ""
    field: str = ""
    values: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Rule:
    """One rule of an AI type's priority list in a pack: when it applies and what it does."""

    key: str
    title: str
    action: str
    says: str  # the action id the decision carries
    when: tuple[tuple[str, Any], ...] = ()
    target: Selector | None = None
    squares: Squares = Squares(1)
    policy: str = "shortest-route"
    stop_says: str = ""  # move-toward: beside an opponent after a square, attack instead
    stop_prefer: tuple[str, ...] = ()
    amount: int = 1  # heal: HP restored
    table: tuple[tuple[int, int, str], ...] = ()  # roll: (lowest, highest, rule key) rows
    table_only: bool = False  # used only as a row of a roll table, never in the walk
    # move-engage: how many it engages, and the dice rolled once for all of them
    engages: Squares = Squares(1)
    dice: Squares = Squares(0)
    dice_sides: int = 6
    # The reasoning in the game's words: situation (or "unmet.<condition>") -> template.
    explain: tuple[tuple[str, str], ...] = ()
    full_says: str = ""  # heal: what it says instead at full HP (nothing to heal)


@dataclass(frozen=True)
class PackCase:
    """A test case a pack ships: an encounter and the decision it expects."""

    name: str
    line: int | None
    raw: dict[str, Any]


@dataclass(frozen=True)
class Pack:
    """A rule pack read and checked: its ruleset data, board geometry, terrain and rules."""

    data: RulesetData
    neighbourhood: Neighbourhood
    metric: Metric
    terrain: dict[str, TerrainKind]
    rules: dict[str, tuple[Rule, ...]]  # AI type -> its rules in order
    cases: tuple[PackCase, ...] = field(default=())
    table: PackTable = field(default_factory=lambda: PackTable())


@dataclass(frozen=True)
class DerivedStatus:
    """A marker a figure of `side` (or `any`) has while its HP is in [low, high]
    (`derived`)."""

    status: str
    side: str
    low: float
    high: float


@dataclass(frozen=True)
class PackTable:
    """The game around the AI: who may be passed, who is still in play, the round's order,
    card flips and markers that follow from HP (docs/rule-packs.md, "The table")."""

    passes: str = "nobody"
    in_play_hp: int = 1  # figures with at least this HP are targeted, fled and blocking
    order: str = "roster"
    card_flips: tuple[tuple[str, str], ...] = ()  # card rank -> what it means
    derived: tuple[DerivedStatus, ...] = ()
    # prefer word -> (label, each figure's words): `[explain.prefer]`
    prefer_words: tuple[tuple[str, str, str], ...] = ()
    helpers: tuple[HelperSpec, ...] = ()


def parse_pack(text: str, source: str) -> Pack:
    """The pack in `text`; PackError listing every problem otherwise."""
    lines = PackLines(text)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # "... (at line 2, column 8)": tomllib says where only in its message before 3.14.
        found = re.search(r"at line (\d+)", str(error))
        line = int(found.group(1)) if found else None
        raise PackError(source, [PackProblem(line, "(file)", f"not valid TOML: {error}")]) from None
    reader = _Reader(raw, lines)
    pack = reader.read()
    if reader.problems:  # in the order of the file
        raise PackError(source, sorted(reader.problems, key=lambda p: p.line or 0))
    assert pack is not None
    return pack


class _Reader:
    def __init__(self, raw: dict[str, Any], lines: PackLines) -> None:
        self.raw = raw
        self.lines = lines
        self.problems: list[PackProblem] = []

    def fail(self, line: int | None, where: str, message: str) -> None:
        self.problems.append(PackProblem(line, where, message))

    def read(self) -> Pack | None:
        raw = self.raw
        pack_id = raw.get("id")
        if not isinstance(pack_id, str) or not pack_id:
            self.fail(self.lines.top("id"), "id", "missing; expected the ruleset id, a text")
            pack_id = "?"
        shape = raw.get("board_shape", "square")
        if shape not in SHAPES:
            where = self.lines.top("board_shape")
            self.fail(where, "board_shape", f"is {shape!r}; expected {' or '.join(SHAPES)}")
            shape = raw["board_shape"] = "square"
        moves = raw.get("moves", "hex" if shape == "hex" else "orthogonal")
        if moves not in MOVES or (shape == "hex") != (moves == "hex"):
            allowed = "hex" if shape == "hex" else "orthogonal, 8-way"
            self.fail(
                self.lines.top("moves"), "moves", f"is {moves!r}; on a {shape} board: {allowed}"
            )
            moves = "hex" if shape == "hex" else "orthogonal"
        for key, example in (("terrain", '[terrain."+"]'), ("ai_types", "[ai_types.<id>]")):
            if key in raw and not isinstance(raw[key], dict):
                self.fail(self.lines.top(key), key, f"expected tables such as {example}")
        terrain = self._terrain()
        rules = {ai: self._rules(ai, table) for ai, table in _tables(raw.get("ai_types"))}
        titles = dict(raw.get("steps", {})) if isinstance(raw.get("steps"), dict) else {}
        for ai, found in rules.items():
            for rule in found:
                titles[f"{ai}.{rule.key}"] = rule.title
        data_raw = {k: v for k, v in raw.items() if k not in PACK_KEYS}
        data_raw["steps"] = titles
        data_raw.setdefault("distance_unit", "hex" if shape == "hex" else "square")
        data_raw["terrain"] = [c for c in terrain if LEGEND.get(c) in OPTIONAL_TERRAIN]
        for ai, table in _tables(raw.get("ai_types")):
            if "steps" not in table:  # cards list the rules' titles
                data_raw["ai_types"][ai] = {**table, "steps": [r.title for r in rules[ai]]}
        data = self._data(data_raw, pack_id)
        if data is not None:
            data = replace(
                data,
                closed_terrain=frozenset(c for c, t in terrain.items() if not t.enterable),
                sight_terrain=frozenset(c for c, t in terrain.items() if t.blocks_sight),
                terrain_used=(".", "#", *(c for c in terrain if c not in ".#")),
                terrain_names={c: t.name for c, t in terrain.items()},
            )
        if data is not None:
            problem = turn_words_problem(data)
            if problem is not None:
                key, message = problem
                self.fail(self.lines.top(key), key, message)
            for ai, found in rules.items():
                for index, rule in enumerate(found):
                    self._check_says(ai, index, rule, data)
        cases = tuple(self._cases())
        around = self._table_keys(data)
        if data is None or self.problems:
            return None
        return Pack(data, MOVES[moves], METRICS[moves], terrain, rules, cases, around)

    def _data(self, data_raw: dict[str, Any], pack_id: str) -> RulesetData | None:
        try:
            return ruleset_data_from(data_raw, pack_id, "")
        except RulesetDataError as error:
            message = str(error).removeprefix(": ")
            key = message.split(" ")[0].strip("[]:,").split(".")[0]
            what = key if key in self.raw else "(ruleset data)"
            self.fail(self.lines.top(key) if key in self.raw else None, what, message)
            return None
        except (KeyError, TypeError, AttributeError, ValueError) as error:
            self.fail(None, "(ruleset data)", f"cannot be read: {error}")
            return None

    def _terrain(self) -> dict[str, TerrainKind]:
        found: dict[str, TerrainKind] = {}
        for char, table in _tables(self.raw.get("terrain")):
            where = f'terrain."{char}"'
            line = self.lines.in_table(where)
            if char not in LEGEND:
                known = " ".join(LEGEND)
                self.fail(line, where, f"'{char}' is no terrain of the board legend ({known})")
                continue
            for key in sorted(set(table) - TERRAIN_KEYS):
                self.fail(
                    self.lines.in_table(where, key),
                    f"{where}.{key}",
                    f"unknown key (known: {', '.join(sorted(TERRAIN_KEYS))})",
                )
            kind = TerrainKind(
                char,
                str(table.get("name", Terrain(char).label)),
                bool(table.get("enterable", Terrain(char).passable)),
                table.get("cost", 0),
                bool(table.get("blocks_sight", Terrain(char).blocks_sight)),
                bool(table.get("hazard", False)),
            )
            if kind.enterable and not Terrain(char).passable:
                self.fail(
                    self.lines.in_table(where, "enterable"),
                    f"{where}.enterable",
                    f"{Terrain(char).label} is never entered",
                )
            if not isinstance(kind.cost, int) or isinstance(kind.cost, bool) or kind.cost < 0:
                self.fail(
                    self.lines.in_table(where, "cost"),
                    f"{where}.cost",
                    "expected a whole number, 0 or more",
                )
            found[char] = kind
        return found

    def _rules(self, ai: str, table: dict[str, Any]) -> tuple[Rule, ...]:
        array = f"ai_types.{ai}.rules"
        entries = table.get("rules")
        if not isinstance(entries, list) or not entries:
            self.fail(
                self.lines.in_table(f"ai_types.{ai}"),
                array,
                "missing; an AI type needs its rules, in order",
            )
            return ()
        out: list[Rule] = []
        keys: set[str] = set()
        for index, entry in enumerate(entries):
            rule = self._rule(array, index, entry)
            if rule is None:
                continue
            if rule.key in keys:
                self.fail(
                    self.lines.in_entry(array, index, "key"),
                    f"{array}[{index + 1}].key",
                    f"'{rule.key}' is used by another rule",
                )
            keys.add(rule.key)
            out.append(rule)
        for index, rule in enumerate(out):
            for _low, _high, row_rule in rule.table:
                if row_rule not in keys or row_rule == rule.key:
                    self.fail(
                        self.lines.in_entry(array, index, "table"),
                        f"{array}[{index + 1}].table",
                        f"'{row_rule}' is not the key of another rule of {ai}",
                    )
        return tuple(out)

    def _rule(self, array: str, index: int, entry: Any) -> Rule | None:
        here = f"{array}[{index + 1}]"

        def at(key: str | None = None) -> int | None:
            return self.lines.in_entry(array, index, key)

        if not isinstance(entry, dict):
            self.fail(at(), here, "expected a table")
            return None
        for key in sorted(set(entry) - RULE_KEYS):
            self.fail(
                at(key), f"{here}.{key}", f"unknown key (known: {', '.join(sorted(RULE_KEYS))})"
            )
        key, title = entry.get("key"), entry.get("title")
        if not isinstance(key, str) or not key:
            self.fail(at("key"), f"{here}.key", "missing; expected the rule's key, a text")
            key = f"rule{index + 1}"
        if not isinstance(title, str) or not title:
            self.fail(
                at("title"), f"{here}.title", "missing; expected the title shown in the reasoning"
            )
            title = key
        action = entry.get("action")
        if action not in ACTIONS:
            self.fail(
                at("action"),
                f"{here}.action",
                f"is {action!r}; expected one of {', '.join(ACTIONS)}",
            )
        when = self._when(entry.get("when", {}), f"{here}.when", at("when"))
        target = None
        if "target" in entry:
            target = self._selector(entry["target"], f"{here}.target", at("target"))
        elif action in ("attack", "move-toward", "move-away", engage.ACTION):
            self.fail(at(), f"{here}.target", f"missing; '{action}' needs a target")
        squares = self._squares(entry.get("squares", 1), f"{here}.squares", at("squares"))
        policy = entry.get("policy", engage.POLICY if action == engage.ACTION else "shortest-route")
        if policy not in POLICIES:
            self.fail(
                at("policy"),
                f"{here}.policy",
                f"is {policy!r}; expected one of {', '.join(POLICIES)}",
            )
        stop_says, stop_prefer = "", tuple[str, ...]()
        stop = entry.get("stop_to_attack")
        if stop is not None:
            if not isinstance(stop, dict) or not isinstance(stop.get("says"), str):
                self.fail(
                    at("stop_to_attack"),
                    f"{here}.stop_to_attack",
                    'expected { says = "<action>", prefer = [...] }',
                )
            else:
                stop_says = stop["says"]
                stop_prefer = self._words(
                    stop.get("prefer", []),
                    f"{here}.stop_to_attack.prefer",
                    at("stop_to_attack"),
                    self._preference,
                )
        amount = entry.get("amount", 1)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            self.fail(at("amount"), f"{here}.amount", "expected a whole number, 1 or more")
            amount = 1
        table = self._table(entry.get("table"), f"{here}.table", at("table"), action == "roll")
        if action not in ACTIONS:  # every other key was checked: all its problems are said
            return None
        says = entry.get("says", SAYS.get(action, action))
        engages = self._squares(entry.get("engages", 1), f"{here}.engages", at("engages"))
        dice, sides = self._dice(entry.get("dice", 0), f"{here}.dice", at("dice"))
        explain = self._explain(entry.get("explain", {}), f"{here}.explain", at("explain"))
        full_says = entry.get("full_says", "")
        if not isinstance(full_says, str) or (full_says and action != "heal"):
            self.fail(at("full_says"), f"{here}.full_says", "expected an action word, on a heal")
            full_says = ""
        return Rule(
            key,
            title,
            action,
            str(says),
            when,
            target,
            squares,
            policy,
            stop_says,
            stop_prefer,
            amount,
            table,
            bool(entry.get("table_only", False)),
            explain=explain,
            full_says=full_says,
            engages=engages,
            dice=dice,
            dice_sides=sides,
        )

    def _dice(self, raw: Any, here: str, line: int | None) -> tuple[Squares, int]:
        """`dice = { stat = "combat", sides = 6 }` or `dice = 2` (six-sided)."""
        sides = raw.get("sides", 6) if isinstance(raw, dict) else 6
        if not isinstance(sides, int) or isinstance(sides, bool) or sides < 2:
            self.fail(line, here, "sides: expected a whole number, 2 or more")
            sides = 6
        count = {k: v for k, v in raw.items() if k != "sides"} if isinstance(raw, dict) else raw
        if isinstance(count, dict) and "stat" not in count:
            self.fail(line, here, 'expected a whole number or { stat = "combat", sides = 6 }')
            return Squares(0), sides
        return self._squares(count, here, line), sides

    def _explain(self, raw: Any, here: str, line: int | None) -> tuple[tuple[str, str], ...]:
        """`explain = { applied = "...", unmet = { can_move = "..." } }`: templates."""
        if not isinstance(raw, dict):
            self.fail(line, here, 'expected a table such as { applied = "..." }')
            return ()
        found: list[tuple[str, str]] = []
        for key, value in raw.items():
            if key not in SITUATIONS:
                self.fail(line, f"{here}.{key}", f"unknown key (known: {', '.join(SITUATIONS)})")
            elif key == "unmet" and isinstance(value, dict):
                for word, text in value.items():
                    if word not in CONDITIONS:
                        self.fail(line, f"{here}.unmet.{word}", "is no condition word")
                    found.append((f"unmet.{word}", text))
            else:
                found.append((key, value))
        for key, text in found:
            if not isinstance(text, str):
                self.fail(line, f"{here}.{key}", "expected a text")
                continue
            for problem in problems(text, (*FACTS, *CONDITIONS)):
                self.fail(line, f"{here}.{key}", problem)
        return tuple((k, t) for k, t in found if isinstance(t, str))

    def _table(
        self, raw: Any, here: str, line: int | None, needed: bool
    ) -> tuple[tuple[int, int, str], ...]:
        """A D6 table: rows `{ roll = "1-2", rule = "chase" }` covering 1 to 6 once each."""
        if raw is None:
            if needed:
                self.fail(line, here, 'missing; "roll" needs its table of rows')
            return ()
        rows: list[tuple[int, int, str]] = []
        shape = '[{ roll = "1-2", rule = "<key>" }, ...]'
        if not isinstance(raw, list):
            self.fail(line, here, f"expected {shape}")
            return ()
        for row in raw:
            ok = isinstance(row, dict) and isinstance(row.get("rule"), str)
            roll = str(row.get("roll", "")) if ok else ""
            found = re.fullmatch(r"\s*([1-6])\s*(?:-\s*([1-6]))?\s*", roll)
            if found is None:
                self.fail(line, here, f"expected {shape}; the rolls are 1 to 6")
                return ()
            low = int(found.group(1))
            rows.append((low, int(found.group(2) or low), row["rule"]))
        covered = sorted(n for low, high, _ in rows for n in range(low, high + 1))
        if covered != [1, 2, 3, 4, 5, 6]:
            self.fail(line, here, f"the rows must cover 1 to 6 once each (they cover {covered})")
        return tuple(rows)

    def _check_says(self, ai: str, index: int, rule: Rule, data: RulesetData) -> None:
        array = f"ai_types.{ai}.rules"
        for word, key in (
            (rule.says, "says"),
            (rule.stop_says, "stop_to_attack"),
            (rule.full_says, "full_says"),
        ):
            if word and word not in data.actions:
                self.fail(
                    self.lines.in_entry(array, index, key),
                    f"{array}[{index + 1}].{key}",
                    f"'{word}' is not one of its [actions] ({', '.join(data.actions)})",
                )
        for key, squares in (
            ("squares", rule.squares),
            ("engages", rule.engages),
            ("dice", rule.dice),
        ):
            if squares.stat and squares.stat not in data.stats:
                self.fail(
                    self.lines.in_entry(array, index, key),
                    f"{array}[{index + 1}].{key}",
                    f"'{squares.stat}' is not one of its [stats]",
                )
        for word in rule.target.filters if rule.target else ():
            stat_name = word.partition(":")[2]
            if (
                word.startswith("within:")
                and not stat_name.isdigit()
                and stat_name not in data.stats
            ):
                self.fail(
                    self.lines.in_entry(array, index, "target"),
                    f"{array}[{index + 1}].target.filter",
                    f"'{stat_name}' is not one of its [stats]",
                )
        if rule.action == engage.ACTION:
            self._check_engage(array, index, rule, data)
        if rule.squares.field:
            spec = data.unit_fields.get(rule.squares.field)
            if spec is None:
                self.fail(
                    self.lines.in_entry(array, index, "squares"),
                    f"{array}[{index + 1}].squares",
                    f"'{rule.squares.field}' is not one of its [unit_fields]",
                )
            else:
                missing = [c for c in spec.choices if c not in dict(rule.squares.values)]
                if missing:
                    self.fail(
                        self.lines.in_entry(array, index, "squares"),
                        f"{array}[{index + 1}].squares",
                        f"no number for {', '.join(missing)}",
                    )
        for words in (rule.target.prefer if rule.target else (), rule.stop_prefer):
            for word in words:
                stat_name = word.partition(":")[2]
                if stat_name and stat_name not in data.stats:
                    self.fail(
                        self.lines.in_entry(array, index, "target"),
                        f"{array}[{index + 1}].target.prefer",
                        f"'{stat_name}' is not one of its [stats]",
                    )
        for word in rule.target.filters if rule.target else ():
            stat_name = word.partition(":")[2]
            if _in_reach(word) and stat_name not in data.stats:
                self.fail(
                    self.lines.in_entry(array, index, "target"),
                    f"{array}[{index + 1}].target.filter",
                    f"'{stat_name}' is not one of its [stats]",
                )

    # -- the table: passes, in_play_hp, order, card_flips, derived ---------------------------
    def _table_keys(self, data: RulesetData | None) -> PackTable:
        raw = self.raw
        passes, order = self._one_of("passes", PASSES), self._one_of("order", ORDERS)
        if "order" in raw and "activation" in raw:  # two answers to one question
            self.fail(self.lines.top("order"), "order", "give either order or activation, not both")
        in_play = raw.get("in_play_hp", 1)
        if not isinstance(in_play, int) or isinstance(in_play, bool):
            self.fail(self.lines.top("in_play_hp"), "in_play_hp", "expected a whole number")
            in_play = 1
        flips = raw.get("card_flips", {})
        if not isinstance(flips, dict) or not all(isinstance(v, str) for v in flips.values()):
            self.fail(
                self.lines.top("card_flips"),
                "card_flips",
                'expected a table of card ranks and meanings, such as { K = "King: ..." }',
            )
            flips = {}
        return PackTable(
            passes,
            in_play,
            order,
            tuple((str(k).upper(), v) for k, v in flips.items()),
            tuple(self._derived(data)),
            tuple(self._prefer_words()),
            tuple(self._helpers(data)),
        )

    def _helpers(self, data: RulesetData | None) -> list[HelperSpec]:
        """`[[helpers]]`: id, label, value (a formula), shows, explain, for_each."""
        raw = self.raw.get("helpers", [])
        if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
            self.fail(self.lines.top("helpers"), "helpers", "expected [[helpers]] tables")
            return []
        stats = tuple(data.stats) if data is not None else ()
        party: list[str] = []
        out = []
        for index, entry in enumerate(raw):
            here, line = f"helpers[{index + 1}]", self.lines.in_entry("helpers", index)
            per_player = entry.get("for_each") == "player"
            if entry.get("for_each", "player") != "player":
                self.fail(line, f"{here}.for_each", 'expected "player"')
            texts = {k: entry.get(k) for k in ("id", "label", "value", "shows", "explain")}
            texts["shows"] = texts["shows"] or "{value}"
            texts["explain"] = texts["explain"] or ""
            if not all(isinstance(v, str) and (v or k == "explain") for k, v in texts.items()):
                self.fail(line, here, "expected id, label and value (texts), shows and explain")
                continue
            names = (*party, *stats) if per_player else tuple(party)
            problem = formula_problem(texts["value"], names, stats, per_player)
            if problem:
                self.fail(self.lines.in_entry("helpers", index, "value"), f"{here}.value", problem)
            facts = (*names, "value", "count", "name", *(f"each.{s}" for s in stats))
            for key in ("label", "shows", "explain"):
                for found in problems(texts[key], facts):
                    self.fail(line, f"{here}.{key}", found)
            if not per_player:
                party.append(texts["id"])
            out.append(
                HelperSpec(
                    texts["id"],
                    texts["label"],
                    texts["value"],
                    texts["shows"],
                    texts["explain"],
                    per_player,
                )
            )
        return out

    def _prefer_words(self) -> list[tuple[str, str, str]]:
        """`[explain.prefer]`: `nearest = { label = "closest", each = "{name} {distance}" }`."""
        raw = self.raw.get("explain", {})
        line = self.lines.in_table("explain.prefer")
        table = raw.get("prefer", {}) if isinstance(raw, dict) else None
        if not isinstance(table, dict) or set(raw) - {"prefer"}:
            self.fail(line, "explain", "expected [explain.prefer], a table of prefer words")
            return []
        out = []
        for word, spec in table.items():
            here = f"explain.prefer.{word}"
            if not self._preference(word):
                self.fail(line, here, "is no prefer word")
                continue
            if not isinstance(spec, dict) or not all(
                isinstance(spec.get(k), str) for k in ("label", "each")
            ):
                self.fail(line, here, 'expected { label = "...", each = "{name} ..." }')
                continue
            for problem in problems(spec["each"], FIGURE_FACTS):
                self.fail(line, f"{here}.each", problem)
            out.append((word, spec["label"], spec["each"]))
        return out

    def _one_of(self, key: str, words: tuple[str, ...]) -> str:
        """A top-level word among `words` (the first when the pack leaves it out)."""
        found = self.raw.get(key, words[0])
        if found not in words:
            self.fail(self.lines.top(key), key, f"is {found!r}; expected one of {', '.join(words)}")
            return words[0]
        return str(found)

    def _derived(self, data: RulesetData | None) -> list[DerivedStatus]:
        """`derived = [{ status = "stunned", side = "player", hp = 0 }, ...]`: `hp` one
        number, or `hp_below` (every HP under it)."""
        raw = self.raw.get("derived", [])
        line = self.lines.top("derived")
        shape = '[{ status = "<id>", side = "player", hp = 0 }] (or hp_below = 0)'
        if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
            self.fail(line, "derived", f"expected {shape}")
            return []
        out = []
        for index, entry in enumerate(raw):
            here = f"derived[{index + 1}]"
            status, side = entry.get("status"), entry.get("side", "player")
            hp, below = entry.get("hp"), entry.get("hp_below")
            spec = data.statuses.get(str(status)) if data is not None else None
            if data is not None and spec is None:
                self.fail(line, f"{here}.status", f"{status!r} is not one of its [statuses]")
            elif spec is not None and not spec.derived:
                self.fail(line, f"{here}.status", f"the status '{status}' needs derived = true")
            if side not in ("player", "enemy", "any"):
                self.fail(line, f"{here}.side", f"is {side!r}; expected player, enemy or any")
            if (hp is None) == (below is None) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in (hp, below) if v is not None
            ):
                self.fail(line, here, f"expected {shape}")
                continue
            low, high = (hp, hp) if hp is not None else (float("-inf"), below - 1)
            out.append(DerivedStatus(str(status), str(side), low, high))
        return out

    def _check_engage(self, array: str, index: int, rule: Rule, data: RulesetData) -> None:
        """A move-engage rule: its words, and the steps and actions it says."""
        here = f"{array}[{index + 1}]"
        for key, message in engage.engage_problems(rule):
            self.fail(self.lines.in_entry(array, index, key), f"{here}.{key}", message)
        missing = [k for k in engage.STEPS if k not in data.steps]
        if missing:
            self.fail(
                self.lines.top("steps"),
                "steps",
                f"'{engage.ACTION}' titles its trace by the steps {', '.join(engage.STEPS)}; "
                f"missing: {', '.join(missing)}",
            )
        for word in engage.SAYS:
            if word not in data.actions:
                self.fail(
                    self.lines.top("actions"),
                    "actions",
                    f"'{engage.ACTION}' says '{word}': add it to [actions]",
                )

    def _when(self, raw: Any, here: str, line: int | None) -> tuple[tuple[str, Any], ...]:
        if not isinstance(raw, dict):
            self.fail(line, here, "expected a table such as { hp_at_most = 2 }")
            return ()
        for key in raw:
            if key not in CONDITIONS:
                self.fail(
                    line, f"{here}.{key}", f"unknown condition (known: {', '.join(CONDITIONS)})"
                )
        below = raw.get("hp_below", 0.5)
        if isinstance(below, bool) or not (
            isinstance(below, int | float) or (isinstance(below, str) and fraction(below))
        ):
            self.fail(line, f"{here}.hp_below", 'expected a share such as 0.25 or "1/4"')
        if "can_move" in raw and not isinstance(raw["can_move"], bool):
            self.fail(line, f"{here}.can_move", "expected true or false")
        return tuple((k, v) for k, v in raw.items() if k in CONDITIONS)

    def _selector(self, raw: Any, here: str, line: int | None) -> Selector | None:
        if not isinstance(raw, dict):
            self.fail(
                line,
                here,
                'expected a table such as { filter = ["beside"], prefer = ["fewest-hp"] }',
            )
            return None
        for key in sorted(set(raw) - {"among", "filter", "prefer"}):
            self.fail(line, f"{here}.{key}", "unknown key (known: among, filter, prefer)")
        among = raw.get("among", "opponents")
        if among not in AMONG:
            self.fail(line, f"{here}.among", f"is {among!r}; expected one of {', '.join(AMONG)}")
        filters = self._words(
            raw.get("filter", []),
            f"{here}.filter",
            line,
            lambda w: w in FILTERS or _within(w) or _in_reach(w),
        )
        prefer = self._words(raw.get("prefer", []), f"{here}.prefer", line, self._preference)
        return Selector(str(among), filters, prefer)

    @staticmethod
    def _preference(word: str) -> bool:
        head, _, stat = word.partition(":")
        return word in PREFERENCES or (head in STAT_PREFERENCES and bool(stat))

    def _words(self, raw: Any, here: str, line: int | None, known: Any) -> tuple[str, ...]:
        if not isinstance(raw, list) or not all(isinstance(w, str) for w in raw):
            self.fail(line, here, "expected a list of words")
            return ()
        for word in raw:
            if not known(word):
                vocabulary = here.rsplit(".", 1)[-1]
                listing = (
                    (*FILTERS, "within:N", "within:<stat>", f"{REACH_FILTER}:<stat>")
                    if vocabulary == "filter"
                    else (*PREFERENCES, "most:<stat>", "fewest:<stat>")
                )
                self.fail(line, here, f"unknown word '{word}' (known: {', '.join(listing)})")
        return tuple(raw)

    def _squares(self, raw: Any, here: str, line: int | None) -> Squares:
        if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
            return Squares(raw)
        if isinstance(raw, dict) and isinstance(raw.get("stat"), str):
            return Squares(stat=raw["stat"])
        if (
            isinstance(raw, dict)
            and isinstance(raw.get("field"), str)
            and isinstance(raw.get("values"), dict)
        ):
            values = raw["values"]
            if all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values.values()
            ):
                return Squares(field=raw["field"], values=tuple(values.items()))
        self.fail(
            line,
            here,
            'expected a whole number, { stat = "move" } or '
            '{ field = "kind", values = { walker = 1 } }',
        )
        return Squares(1)

    def _cases(self) -> list[PackCase]:
        raw = self.raw.get("tests", [])
        if not isinstance(raw, list):
            self.fail(self.lines.top("tests"), "tests", "expected [[tests]] tables")
            return []
        out = []
        for index, case in enumerate(raw):
            line = self.lines.in_entry("tests", index)
            if not isinstance(case, dict):
                self.fail(line, f"tests[{index + 1}]", "expected a table")
                continue
            for key in ("name", "unit", "board", "units", "expect"):
                if key not in case:
                    self.fail(line, f"tests[{index + 1}].{key}", "missing")
            out.append(PackCase(str(case.get("name", f"test {index + 1}")), line, case))
        return out


@lru_cache(maxsize=256)  # a pack's few share words ("1/4"), read in every decision's conditions
def fraction(text: str) -> tuple[int, int] | None:
    """ "1/4" -> (1, 4); None when it is no fraction of whole numbers."""
    found = re.fullmatch(r"\s*(\d+)\s*/\s*([1-9]\d*)\s*", text)
    return (int(found.group(1)), int(found.group(2))) if found else None


def _in_reach(word: str) -> bool:
    head, _, stat = word.partition(":")
    return head == REACH_FILTER and bool(stat)


def _within(word: str) -> bool:
    """`within:3`, or `within:range` (the figure's stat)."""
    head, _, number = word.partition(":")
    return head == "within" and (number.isdigit() or number.replace("_", "").isalnum())


def _tables(raw: Any) -> list[tuple[str, dict[str, Any]]]:
    if not isinstance(raw, dict):
        return []
    return [(k, v) for k, v in raw.items() if isinstance(v, dict)]
