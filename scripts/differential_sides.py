"""What the differential scripts that run each side in a process of its own share: the
command line, the two runs (the commit's tree against this one) and their comparison."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def main(script: str, doc: str, encounters: int, dump: Callable[[Path, int, int], None]) -> int:
    """A differential script's command line: with --dump ROOT, `dump(root, encounters, seed)`
    writes that side's answers; without, both sides run and are compared."""
    args = _arguments(doc, encounters)
    if args.dump is not None:
        dump(args.dump, args.encounters, args.seed)
        return 0
    return compare(script, args)


def _arguments(doc: str, encounters: int) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--encounters", type=int, default=encounters)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commit", default="main", help="the code compared against")
    parser.add_argument("--show", type=int, default=3, help="differences printed in full")
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    return parser.parse_args()


def outcome_of(call: Any) -> Any:
    try:
        return call()
    except Exception as error:  # both sides must fail alike
        return f"{type(error).__name__}: {error}"


def _side(script: str, root: Path, args: argparse.Namespace, output: Path) -> subprocess.Popen:
    command = [sys.executable, script, "--dump", str(root)]
    command += ["--encounters", str(args.encounters), "--seed", str(args.seed)]
    with output.open("w", encoding="utf-8") as out:
        return subprocess.Popen(command, stdout=out, cwd=root)


def compare(script: str, args: argparse.Namespace) -> int:
    """Runs `script --dump` on the tree at `args.commit` and on this one, each in a process of
    its own, and compares their lines (one JSON object per encounter, its enemies' answers
    under "decided"): 0 when all are identical."""
    with tempfile.TemporaryDirectory() as folder:
        old_root = Path(folder) / "old"
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.commit],
            check=True,
            capture_output=True,
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(old_root, filter="data")
        outputs = [Path(folder) / "old.jsonl", Path(folder) / "new.jsonl"]
        runs = [_side(script, old_root, args, outputs[0]), _side(script, ROOT, args, outputs[1])]
        if any(run.wait() != 0 for run in runs):
            print("a side failed")
            return 2
        old_lines = outputs[0].read_text(encoding="utf-8").splitlines()
        new_lines = outputs[1].read_text(encoding="utf-8").splitlines()
    differ = shown = decisions = 0
    for old, new in zip(old_lines, new_lines, strict=True):
        decisions += len(json.loads(new)["decided"])
        if old != new:
            differ += 1
            if shown < args.show:
                shown += 1
                print(f"--- old\n{old}\n--- new\n{new}")
    print(
        f"{len(new_lines)} encounters, {decisions} enemy decisions (with both overlays) "
        f"against {args.commit}: {differ} encounters differ"
    )
    return 1 if differ else 0


def use_tree(root: Path) -> None:
    """Imports `desktop` (and what it imports) from the side's tree at `root`."""
    sys.path.insert(0, str(root))
    import desktop

    assert Path(desktop.__file__).resolve().is_relative_to(root.resolve()), desktop.__file__


def overlays(ruleset: Any, encounter: Any, unit_id: str) -> list[Any]:
    """The unit's movement and attack overlays (cells sorted), or what each raised."""
    return [
        outcome_of(lambda: sorted(ruleset.movement_range(encounter, unit_id))),
        outcome_of(lambda: sorted(ruleset.attack_range(encounter, unit_id))),
    ]
