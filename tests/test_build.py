"""The compiled build and the pure one play the very same games (issue 18).

Where woa runs compiled (``woa_core/build.py``), the same games are played here and, with
``WOA_PURE=1``, in a subprocess of the same installation running pure Python; every game's log
(each action, and the running check of the main figures after it) must hash the same: a few
hundred games at 2 to 5 players with random, heuristic and mcts bots, for every bundled ruleset.
Where woa runs pure Python there is nothing to compare, and the test says so as it skips.

Run as a script (``python -P tests/test_build.py CASES``) it prints the hashes of the games
the JSON ``CASES`` name, with the build it ran.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

Case = tuple[str, int, tuple[str, ...], int, int]
"""(ruleset, players, bots one per seat, first seed, games)."""


def cases() -> list[Case]:
    """The games compared: per bundled ruleset and player count, 50 random games, 10 of the
    pack's heuristic bot (when it has one) and one with ``mcts`` (a small budget) in seat 1."""
    from woa_core.rules import read_rules
    from woa_core.rules.resolve import bundled_rulesets

    out: list[Case] = []
    for name in bundled_rulesets():
        source = read_rules(name)
        scripted = "heuristic" if "heuristic" in source.pack.bots else "random"
        for n in source.counts:
            out.append((name, n, ("random",) * n, 1000, 50))
            if scripted != "random":
                out.append((name, n, (scripted,) * n, 2000, 10))
            out.append((name, n, ("mcts:iterations=8", *(scripted,) * (n - 1)), 3000, 1))
    return out


def play(case: Case) -> list[str]:
    """The sha256 of each game's log."""
    from woa_core.bots import seated
    from woa_core.kernel import loop
    from woa_core.kernel.contract import new_game
    from woa_core.report import gamelog
    from woa_core.rules import read_rules

    name, players, bots, first, games = case
    source = read_rules(name)
    rules = source.compile(players)
    out = []
    for seed in range(first, first + games):
        recorder = gamelog.LogRecorder(gamelog.header(rules, seed, source, bots))
        game = new_game(rules, seed)
        loop.run(game, seated.bots(list(bots), seed, rules.pack), [recorder])
        out.append(hashlib.sha256(recorder.text().encode()).hexdigest())
    return out


def _woa_path() -> str:
    spec = importlib.util.find_spec("woa_core")
    assert spec is not None and spec.origin is not None
    return str(Path(spec.origin).resolve().parent.parent)


def test_compiled_and_pure_builds_play_the_same_games() -> None:
    from woa_core.build import build, describe

    if build() != "compiled":
        pytest.skip(f"no compiled build to compare with here (woa --version: {describe()})")
    todo = cases()
    env = {**os.environ, "WOA_PURE": "1", "PYTHONPATH": _woa_path()}
    done = subprocess.run(
        [sys.executable, "-P", __file__, json.dumps(todo)], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    pure = json.loads(done.stdout)
    assert pure["build"] == "pure" and build() == "compiled"  # two builds, not one twice
    games = 0
    for case, expected in zip(todo, pure["hashes"], strict=True):
        got = play(case)
        games += len(got)
        for i, (a, b) in enumerate(zip(got, expected, strict=True)):
            assert a == b, f"{case[0]} {case[1]}p {','.join(case[2])}: game seed {case[3] + i} differs between builds"
    assert games >= 200


def test_woa_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from woa_core.build import build
    from woa_core.cli import main

    with pytest.raises(SystemExit):
        main(["--version"])
    line = capsys.readouterr().out
    assert line.startswith("woa ") and ("compiled with mypyc" in line) == (build() == "compiled"), line
    assert ("pure Python" in line) == (build() == "pure"), line


def test_woa_pure_imports_the_pure_modules(tmp_path: Path) -> None:
    """``WOA_PURE=1`` runs every module of ``COMPILED`` from its source file, installed compiled or not."""
    code = (
        "import importlib, json, woa_core.build as b; "
        "print(json.dumps([importlib.import_module(m).__file__ for m in b.COMPILED]))"
    )
    env = {**os.environ, "WOA_PURE": "1", "PYTHONPATH": _woa_path()}
    done = subprocess.run([sys.executable, "-P", "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    files = json.loads(done.stdout)
    assert files and all(f.endswith(".py") for f in files), files


def test_a_pack_not_compiled_subclasses_the_compiled_rules_with_slots() -> None:
    """A pack in plain Python declares its rules as ``@dataclass(frozen=True, slots=True)`` over
    ``CompiledRules`` (``docs/rule-packs/race``); compiled, the base's fields must stay its own:
    compiled code (``memo``, the notation) reads them, and they read as given."""
    from dataclasses import dataclass
    from types import MappingProxyType

    from woa_core.kernel.compiled import CompiledRules

    @dataclass(frozen=True, slots=True)
    class Mine(CompiledRules):
        size: int = 3

    rules = Mine("mine", 2, "abc", None, MappingProxyType({}), size=5)
    assert (rules.name, rules.players, rules.content_hash, rules.size) == ("mine", 2, "abc", 5)
    assert rules.memo("twice", lambda: rules.players * 2) == 4 and rules.derived == {"twice": 4}
    assert CompiledRules.memo(rules, "twice", lambda: 0) == 4  # the compiled method reads the same field
    with pytest.raises(AttributeError):
        rules.players = 3  # type: ignore[misc]  # still frozen


def _main(argv: list[str]) -> int:
    from woa_core.build import build

    todo: list[Any] = json.loads(argv[0])
    print(json.dumps({"build": build(), "hashes": [play((c[0], c[1], tuple(c[2]), c[3], c[4])) for c in todo]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
