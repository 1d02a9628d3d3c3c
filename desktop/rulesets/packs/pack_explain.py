"""A rule pack's own words for its reasoning: a rule's `explain` templates, filled with the
facts of the decision (docs/rule-packs.md, "The reasoning in the game's words")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache

# When each template is said: the rule applies, its condition fails, it finds nobody or
# nothing, and the summaries (the decision's, each outcome's).
SITUATIONS = (
    "applied",
    "summary",
    "outcome",
    "unmet",
    "nobody",
    "filtered",
    "none",
    "stuck",
    "full",
    "full_summary",
)
# The facts a template may name (each situation fills those it knows; others read "").
FACTS = (
    "name",
    "hp",
    "max_hp",
    "amount",
    "squares",
    "chosen",
    "tied",
    "single",
    "reasons",
    "kept",
    "pool",
    "last_out",
    "nearest",
    "near",
    "far",
    "steps",
    "choices",
    "detail",
)
_NAME = re.compile(r"[a-z_][a-z0-9_.]*")


class Facts(Mapping[str, object]):
    """Facts by name, each worked out only when a template names it."""

    def __init__(self, **facts: object | Callable[[], object]) -> None:
        self._facts = dict(facts)

    def __getitem__(self, key: str) -> object:
        value = self._facts.get(key, "")
        return value() if callable(value) else value

    def get(self, key: str, default: object = None) -> object:
        # Mapping.get, without its KeyError round trip: a fact not given reads "" (as
        # __getitem__ says), whatever the default.
        return self[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._facts)

    def __len__(self) -> int:
        return len(self._facts)

    def with_(self, **more: object | Callable[[], object]) -> Facts:
        return Facts(**self._facts, **more)


def render(template: str, facts: Mapping[str, object]) -> str:
    """`{fact}` replaced by the fact; `{fact?text}` is `text` (a template itself) when the
    fact is not empty, else nothing."""
    out: list[str] = []
    for literal, name, asks, text in _parsed(template):
        out.append(literal)
        if name is None:
            continue
        value = facts.get(name, "")
        if asks:
            out.append(render(text, facts) if value not in ("", 0, None) else "")
        else:
            out.append(str(value))
    return "".join(out)


# A template's pieces: (text before a brace, fact name, whether it is `{fact?text}`, that
# text); the last piece's name is None (the text after the last brace).
_Piece = tuple[str, str | None, bool, str]


@lru_cache(maxsize=4096)  # a pack's templates are a few dozen; packs edited and reloaded add more
def _parsed(template: str) -> tuple[_Piece, ...]:
    """A template cut into its pieces once: templates are a pack's fixed strings, said in
    every decision (a str is immutable, so its pieces never change)."""
    pieces: list[_Piece] = []
    i = 0
    while (start := template.find("{", i)) >= 0:
        end = _closing(template, start)
        name, asks, text = template[start + 1 : end].partition("?")
        pieces.append((template[i:start], name, bool(asks), text))
        i = end + 1
    pieces.append((template[i:], None, False, ""))
    return tuple(pieces)


def problems(template: str, names: tuple[str, ...]) -> list[str]:
    """What is wrong with a template: unclosed braces, facts no situation gives."""
    found: list[str] = []
    i = 0
    while i < len(template):
        if template[i] == "}":
            return ["a '}' closes nothing"]
        if template[i] != "{":
            i += 1
            continue
        end = _closing(template, i)
        if end < 0:
            return ["a '{' is never closed"]
        name, asks, text = template[i + 1 : end].partition("?")
        if not _NAME.fullmatch(name) or name not in names:
            found.append(f"'{{{name}}}' is no fact (known: {', '.join(names)})")
        if asks:
            found += problems(text, names)
        i = end + 1
    return found


def _closing(template: str, start: int) -> int:
    depth = 0
    for i in range(start, len(template)):
        if template[i] == "{":
            depth += 1
        elif template[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1
