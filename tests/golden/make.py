"""Write, or check, the golden corpus: what users see of woa, frozen before the kernel refactor.

Issue 14 splits ``woa_core`` into a game-agnostic kernel and a West of Africa rule pack with no
change a user can see. This script runs the ``woa`` command line for every case in ``CASES``
(each in a fresh process, from the repository root) and keeps what it prints or writes:

- ``logs/CASE/game-NNNNNN.jsonl``: the game logs of ``woa simulate --log-dir`` (2 to 5 players;
  random, heuristic, mixed and mcts bots; a variant file; a ``--set`` override);
- ``outputs/CASE.json`` (and ``outputs/CASE/FILE`` for files a command writes): the ``--json``
  outputs of simulate, compare, sweep, value, tournament, check, replay and rules show, with
  what varies from run to run masked by ``mask``;
- ``outputs/CASE.txt``: the exit status, stdout and stderr of a command that prints text
  (``woa validate`` on a broken variant).

Usage, from the repository root::

    python tests/golden/make.py            # (re)write the corpus: only for an intended change
    python tests/golden/make.py --check    # compare a fresh run with the corpus (exit status 1 on a drift)
    python tests/golden/make.py --check --case heuristic-4p   # only some cases

``tests/test_golden.py`` checks the same corpus under pytest.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent
REPO = GOLDEN.parent.parent
LOGS = GOLDEN / "logs"
OUTPUTS = GOLDEN / "outputs"
OUT = "{out}"
"""In a case's arguments: a fresh temporary directory (where the command writes its files)."""

REGENERATE = "python tests/golden/make.py"

MASKED_KEYS = ("seconds", "games_per_second", "decisions_per_second", "engine", "build")
"""JSON keys whose value differs between runs, releases or installs: timings, throughput, woa's
version, its build (compiled or pure)."""


def mask(text: str, out: str | os.PathLike[str] = "") -> str:
    """What a command printed or wrote, with everything that varies per run or machine masked:
    timings, throughput and woa's version (the values of ``MASKED_KEYS``), the temporary
    directory ``out`` and the repository's absolute path. The layout of the text is kept, so
    any other change (a figure, a key, its order, the indentation) still shows.

    >>> mask('{"seconds": 0.091, "games": 2, "engine": "0.1.0"}')
    '{"seconds": "<masked>", "games": 2, "engine": "<masked>"}'
    >>> mask("wrote /tmp/x1/game-000000.jsonl", "/tmp/x1")
    'wrote <out>/game-000000.jsonl'
    """
    keys = "|".join(MASKED_KEYS)
    text = re.sub(rf'("(?:{keys})": )(?:"[^"]*"|[^,\n}}\]]+)', r'\1"<masked>"', text)
    if str(out):
        text = text.replace(str(out), "<out>")
    return text.replace(str(REPO), "<repo>")


@dataclass(frozen=True)
class Case:
    """One ``woa`` command whose output is frozen: ``command`` is what follows ``woa``.

    ``kind``: ``logs`` (the game logs it writes to ``{out}``), ``json`` (its stdout, masked) or
    ``text`` (exit status, stdout and stderr, masked). ``files``: files it writes to ``{out}``
    that are frozen too. ``slow``: costs many seconds (pytest marks it ``slow``)."""

    name: str
    command: str
    kind: str = "json"
    files: tuple[str, ...] = ()
    slow: bool = False

    @property
    def args(self) -> list[str]:
        """The command's arguments (``{out}`` not yet replaced)."""
        return shlex.split(self.command)

    def stored_paths(self) -> list[Path]:
        """The corpus files of this case, as stored now."""
        if self.kind == "logs":
            return sorted((LOGS / self.name).glob("*.jsonl"))
        suffix = ".json" if self.kind == "json" else ".txt"
        main = OUTPUTS / f"{self.name}{suffix}"
        return [main, *(OUTPUTS / self.name / Path(f).name for f in self.files)]


def _simulate_logs(
    name: str, players: int, bots: str, games: int, seed: int, extra: str = "", slow: bool = False
) -> Case:
    command = f"simulate --players {players} --bots {bots} --games {games} --seed {seed} {extra}"
    return Case(name, f"{command} --workers 1 --quiet --log-dir {OUT}", kind="logs", slow=slow)


BROKEN_VARIANT = "tests/golden/broken-variant.yaml"
SWEEP_SPACE = "tests/golden/sweep-space.yaml"
VARIANT = "rules/variants/rich-islands.yaml"
SMALL = "--workers 1 --quiet --json"

CASES: tuple[Case, ...] = (
    # --- game logs: woa simulate --log-dir ---
    *(_simulate_logs(f"random-{n}p", n, "random", 2, 10 + n) for n in (2, 3, 4, 5)),
    *(_simulate_logs(f"heuristic-{n}p", n, "heuristic", 1, 20 + n) for n in (2, 3, 4, 5)),
    _simulate_logs("mixed-2p", 2, "heuristic,random", 2, 32, "--rotate-seats"),
    _simulate_logs("mixed-3p", 3, "heuristic,random,random", 1, 33),
    _simulate_logs("mixed-4p", 4, "random,heuristic,random,heuristic", 1, 34),
    _simulate_logs("mixed-5p", 5, "heuristic,random,heuristic,random,random", 1, 35),
    _simulate_logs("mcts-3p-iterations-8", 3, "mcts:iterations=8", 1, 43),
    _simulate_logs("mcts-3p-default", 3, "mcts", 1, 1, slow=True),  # some 19 s of CPU
    _simulate_logs("variant-rich-islands-4p", 4, "heuristic", 1, 54, f"--rules {VARIANT}"),
    _simulate_logs("set-gold-cap-60-3p", 3, "random", 1, 63, "--set economy.gold.cap=60"),
    # --- --json outputs (and the files the command writes) ---
    Case(
        "simulate",
        f"simulate --players 3 --bots heuristic,random,random --rotate-seats --games 6 --seed 4 {SMALL} "
        f"--csv {OUT}/games.csv",
        files=("games.csv",),
    ),
    Case(
        "simulate-variant-set",
        f"simulate --rules {VARIANT} --set economy.cultivation.cost=2 --players 4 --games 4 --seed 5 {SMALL}",
    ),
    Case("compare", f"compare --set economy.gold.cap=60 --players 3 --bots heuristic --games 6 --seed 3 {SMALL}"),
    Case(
        "compare-unpaired",
        f"compare west-of-africa {VARIANT} --variant-seed 2 --correction bh --players 2 --bots random --games 8 "
        f"--seed 6 {SMALL}",
    ),
    Case("sweep", f"sweep {SWEEP_SPACE} --out {OUT}/sweep {SMALL}", files=("sweep/results.csv",)),
    Case("value", f"value --players 3 --bot random --games 6 --seed 2 --only card,island {SMALL}"),
    Case(
        "tournament",
        f"tournament random heuristic mcts:iterations=4 --players 3 --games 6 --seed 5 {SMALL}",
    ),
    Case("check", "check --players 3 --games 2 --seed 7 --coverage --workers 1 --json"),
    Case("replay", "replay --json tests/golden/logs/heuristic-4p/game-000000.jsonl"),
    Case("rules-show", "rules show --json"),
    Case("rules-show-variant-3p", f"rules show {VARIANT} --players 3 --json"),
    # --- text outputs: exit status, stdout, stderr ---
    Case("validate-broken-variant", f"validate {BROKEN_VARIANT}", kind="text"),
    Case("validate-set", "validate --set economy.gold.cap=-1", kind="text"),
    Case("validate-ok", f"validate {VARIANT}", kind="text"),
)


def case(name: str) -> Case:
    """The case named ``name``."""
    for c in CASES:
        if c.name == name:
            return c
    raise KeyError(f"no golden case named {name!r} (see CASES in tests/golden/make.py)")


def woa_path() -> str:
    """Where the commands import woa from: where this process imports it (an installed build, which
    may be compiled: the corpus holds for both builds), else this checkout."""
    spec = importlib.util.find_spec("woa_core")
    if spec is None or spec.origin is None:
        return str(REPO)
    return str(Path(spec.origin).resolve().parent.parent)


def produce(c: Case) -> dict[Path, str]:
    """Run case ``c`` now: the corpus files it makes (path → text), masked.

    ``RuntimeError`` if a command that should succeed fails."""
    with tempfile.TemporaryDirectory(prefix="woa-golden-") as tmp:
        out = Path(tmp)
        args = [a.replace(OUT, str(out)) for a in c.args]
        env = {**os.environ, "PYTHONPATH": woa_path(), "COLUMNS": "80"}
        done = subprocess.run(
            [sys.executable, "-P", "-m", "woa_core.cli", *args],  # -P: not this checkout unless woa_path says so
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if c.kind == "text":
            report = f"exit status: {done.returncode}\n--- stdout\n{done.stdout}--- stderr\n{done.stderr}"
            return {OUTPUTS / f"{c.name}.txt": mask(report, out)}
        if done.returncode != 0:
            raise RuntimeError(f"golden case {c.name}: 'woa {' '.join(args)}' failed:\n{done.stderr}")
        if c.kind == "logs":
            return {LOGS / c.name / p.name: p.read_text(encoding="utf-8") for p in sorted(out.glob("*.jsonl"))}
        made = {OUTPUTS / f"{c.name}.json": mask(done.stdout, out)}
        for f in c.files:
            made[OUTPUTS / c.name / Path(f).name] = mask((out / f).read_text(encoding="utf-8"), out)
        return made


def stored(c: Case) -> dict[Path, str]:
    """The corpus files of case ``c`` as stored (path → text)."""
    return {p: p.read_text(encoding="utf-8") for p in c.stored_paths() if p.exists()}


def differences(expected: dict[Path, str], actual: dict[Path, str], context: int = 2, limit: int = 40) -> list[str]:
    """What differs between stored files and fresh ones: one entry per drifted file, naming it
    (relative to the repository) with the first lines of a unified diff."""
    found = []
    for path in sorted(set(expected) | set(actual)):
        name = path.relative_to(REPO)
        if path not in actual:
            found.append(f"{name}: stored, but no longer produced")
        elif path not in expected:
            found.append(f"{name}: produced, but not in the corpus")
        elif expected[path] != actual[path]:
            diff = list(
                difflib.unified_diff(
                    expected[path].splitlines(), actual[path].splitlines(), "stored", "now", n=context, lineterm=""
                )
            )
            more = f"\n  ... {len(diff) - limit} more diff lines" if len(diff) > limit else ""
            found.append(f"{name} drifted:\n  " + "\n  ".join(diff[:limit]) + more)
    return found


def stray_files() -> list[Path]:
    """Stored corpus files that no case makes (left from a removed or renamed case)."""
    known = {p for c in CASES for p in c.stored_paths()}
    return sorted(
        p for root in (LOGS, OUTPUTS) if root.exists() for p in root.rglob("*") if p.is_file() and p not in known
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the stored corpus instead of writing it")
    parser.add_argument("--case", action="append", help="only this case (repeatable; default: all)")
    args = parser.parse_args(argv)
    chosen = [case(n) for n in args.case] if args.case else list(CASES)
    if not args.check and not args.case:
        for root in (LOGS, OUTPUTS):
            shutil.rmtree(root, ignore_errors=True)
    problems: list[str] = []
    for c in chosen:
        made = produce(c)
        if args.check:
            problems += differences(stored(c), made)
            continue
        for p in c.stored_paths() if c.kind == "logs" else ():
            p.unlink()
        for path, text in made.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {c.name}: {len(made)} file(s)")
    if args.check and not args.case:
        problems += [f"{p.relative_to(REPO)}: in the corpus, but no case makes it" for p in stray_files()]
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(
            f"\n{len(problems)} golden file(s) drifted. If the change is intended, regenerate with '{REGENERATE}' "
            "and say so in the commit message.",
            file=sys.stderr,
        )
        return 1
    if args.check:
        print(f"golden corpus: {len(chosen)} case(s) identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
