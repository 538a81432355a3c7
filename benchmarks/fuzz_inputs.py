"""Fuzz every input woa reads: rule files, variants, scenarios, game logs (issue 11.4), and the
inputs that must stay bounded (issue 17.2): ``--set`` paths, sweep spaces, scenario hands and bot
parameters.

Each case takes a real input (the bundled rules, the shipped variants and scenarios, logs of
simulated games), applies a few text mutations (inserted YAML tokens, control characters, huge
numbers, deleted or duplicated lines, truncation) or structure mutations (a value replaced by an
odd one, a key deleted or added, deep nesting), and reads it as woa would: ``woa validate`` for
rules (and one game played with random bots if they are valid), ``woa scenario`` for scenarios,
``woa replay`` for logs. The outcome must be a valid result or a located error (a ``WoaError``
with sentences); anything else — a traceback, a case over the time or memory bound — is a
failure, saved with its input under ``--out``.

The bounded inputs are made rather than mutated: ``--set`` arguments with paths of 1 to 3,000
keys and values nested up to 100 deep (read as ``--set``); sweep spaces with up to 14 parameters,
ranges from 1e-300 to 1e308 wide with any step, lists and samples of any size (loaded and their
points listed, as ``woa sweep`` does before its first game); scenarios whose setup hands a player
up to 10^20 cards (run, with an expectation that lists the legal actions); and ``--bots`` values
with bot parameters at, inside and beyond their declared limits (checked and made).

Run it by hand for long runs (the test suite runs the same cases with a small hypothesis budget,
tests/test_fuzz_inputs.py)::

    python benchmarks/fuzz_inputs.py --rules 5000 --logs 1000 --scenarios 500 --seed 1
    python benchmarks/fuzz_inputs.py --rules 0 --logs 0 --scenarios 0 --sets 500 --sweeps 300 --hands 300 --bots 500

It prints the counts per kind and outcome, the slowest case and the peak memory. The bounds are
per case: ``--seconds`` (default 5) by an interval timer, ``--megabytes`` (default 500) on the
growth of the process's peak resident memory.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import FileProblems, WoaError

ROOT = Path(__file__).resolve().parents[1]

TOKENS = [
    "&a ",
    "*a",
    "&a [*a, *a]",
    "!!int ",
    "!!float ",
    "!!python/object:os.system ",
    "!!binary ",
    "!!set ",
    "<<: *a",
    "<<: ",
    "[",
    "]",
    "{",
    "}",
    ": ",
    "- ",
    "? ",
    "\t",
    "\x00",
    "\x1b[31m",
    "\x07",
    "\\0",
    '"\\0"',
    '"\\e[2J"',
    "9" * 4400,
    "99999999999999999999",
    "1e999",
    ".nan",
    ".inf",
    "-.inf",
    "-1",
    "0",
    "0.5",
    "~",
    "null",
    "true",
    "'",
    '"',
    "#",
    "---\n",
    "...\n",
    "|\n",
    ">\n",
    "%YAML 1.1\n",
    "\ufeff",
    "\u202e",
    "é",
    "\n",
    "  ",
    "extends: ",
    "../",
    "/dev/zero",
    "west-of-africa",
    "la_palma",
    "lanzarote",
    "p1",
    "p9",
    "select",
    "NaN",
    "Infinity",
    "[" * 200,
    "{" * 200,
    "2020-01-01",
    "0x1F",
    "0o17",
    "1_000",
]
"""Fragments inserted by text mutations: YAML/JSON syntax, tags, aliases, control characters,
numbers of every odd kind, and ids and words the files use."""


def _deep(n: int) -> Any:
    value: Any = 1
    for _ in range(n):
        value = [value]
    return value


VALUES: list[Any] = [
    None,
    0,
    -1,
    1,
    2**70,
    10**8,
    0.5,
    -1e300,
    "",
    "x",
    "la_palma",
    "west-of-africa",
    "\x1b]0;title\x07",
    [],
    {},
    [1, 2],
    {"a": 1},
    True,
    _deep(80),
    "p1 select sell",
    [None],
]
"""Values put in place of others by structure mutations."""

TEXT_OPS = ("insert", "delete", "replace", "duplicate_line", "swap_lines", "truncate", "indent", "dedent")
DATA_OPS = ("set", "delete_key", "add_key", "duplicate_item", "empty", "wrap")


@dataclass(frozen=True, slots=True)
class TextOp:
    """A text mutation at ``where`` (0..1 of the text) with ``token`` (for insert/replace)."""

    kind: str
    where: float
    token: str = ""
    size: int = 1


@dataclass(frozen=True, slots=True)
class DataOp:
    """A structure mutation of the value at ``where`` (0..1 of the value's paths)."""

    kind: str
    where: float
    value: Any = None


def mutate_text(text: str, ops: list[TextOp]) -> str:
    """``text`` with every op applied in turn.

    >>> mutate_text("a: 1\\nb: 2\\n", [TextOp("insert", 0.0, "&x ")])
    '&x a: 1\\nb: 2\\n'
    """
    for op in ops:
        at = min(len(text), max(0, int(op.where * len(text))))
        lines = text.split("\n")
        line = min(len(lines) - 1, int(op.where * len(lines)))
        if op.kind == "insert":
            text = text[:at] + op.token + text[at:]
        elif op.kind == "delete":
            text = text[:at] + text[at + op.size :]
        elif op.kind == "replace":
            text = text[:at] + op.token + text[at + op.size :]
        elif op.kind == "duplicate_line":
            text = "\n".join(lines[: line + 1] + lines[line:])
        elif op.kind == "swap_lines" and len(lines) > 1:
            other = (line + op.size) % len(lines)
            lines[line], lines[other] = lines[other], lines[line]
            text = "\n".join(lines)
        elif op.kind == "truncate":
            text = text[:at]
        elif op.kind == "indent":
            lines[line] = "  " + lines[line]
            text = "\n".join(lines)
        elif op.kind == "dedent":
            lines[line] = lines[line][2:] if lines[line].startswith("  ") else lines[line]
            text = "\n".join(lines)
    return text


def paths_of(data: Any) -> list[tuple[Any, ...]]:
    """Every path in ``data`` (without recursion), the root first.

    >>> paths_of({"a": [1, {"b": 2}]})
    [(), ('a',), ('a', 0), ('a', 1), ('a', 1, 'b')]
    """
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        out.append(path)
        if isinstance(value, dict):
            stack.extend((path + (k,), v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((path + (i,), v) for i, v in reversed(list(enumerate(value))))
    return out


def mutate_data(data: Any, ops: list[DataOp]) -> Any:
    """A copy of ``data`` with every op applied in turn."""
    data = copy.deepcopy(data)
    for op in ops:
        paths = paths_of(data)
        path = paths[min(len(paths) - 1, int(op.where * len(paths)))]
        if not path:
            if op.kind == "set":
                data = copy.deepcopy(op.value)
            continue
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        key = path[-1]
        if op.kind == "set":
            parent[key] = copy.deepcopy(op.value)
        elif op.kind == "delete_key":
            del parent[key]
        elif op.kind == "add_key" and isinstance(parent[key], dict):
            parent[key][str(op.value)[:20] or "extra"] = 1
        elif op.kind == "duplicate_item" and isinstance(parent[key], list) and parent[key]:
            parent[key].append(copy.deepcopy(parent[key][0]))
        elif op.kind == "empty":
            parent[key] = type(parent[key])() if isinstance(parent[key], (dict, list, str)) else 0
        elif op.kind == "wrap":
            parent[key] = [parent[key]]
    return data


def random_text_ops(rng: random.Random) -> list[TextOp]:
    """One to three random text mutations."""
    return [
        TextOp(rng.choice(TEXT_OPS), rng.random(), rng.choice(TOKENS), rng.randint(1, 40))
        for _ in range(rng.randint(1, 3))
    ]


def random_data_ops(rng: random.Random) -> list[DataOp]:
    """One to three random structure mutations."""
    return [DataOp(rng.choice(DATA_OPS), rng.random(), rng.choice(VALUES)) for _ in range(rng.randint(1, 3))]


# ---------------------------------------------------------------------------- the inputs


class Corpus:
    """The real inputs the mutations start from, in a scratch folder (``cwd`` for every case)."""

    def __init__(self, folder: Path, logs: bool = True) -> None:
        from woa_core.rules import data_root
        from woa_core.rules.resolve import resolve

        self.folder = folder
        self.rules_dir = data_root() / "rules" / "west-of-africa"
        self.rule_files = {
            s: (self.rules_dir / f"{s}.yaml").read_text(encoding="utf-8") for s in resolve("west-of-africa").sections
        }
        shipped = sorted((data_root() / "rules" / "variants").glob("*.yaml"))
        self.variant_files = {p.name: p.read_text(encoding="utf-8") for p in shipped}  # some extend others
        self.variants = list(self.variant_files.values())
        self.scenarios = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))]
        self.rules_data = {s: yaml.safe_load(t) for s, t in self.rule_files.items()}
        self.logs: list[str] = self._make_logs() if logs else []

    def _make_logs(self) -> list[str]:
        from woa_core.kernel import gamelog
        from woa_core.rules import read_rules
        from woa_core.sim.runner import _play

        out = []
        write_files(self.folder, self.variant_files)
        variant = str(self.folder / sorted(self.variant_files)[0])
        for players, spec, overrides in (
            (2, "west-of-africa", ()),
            (3, "west-of-africa", ("economy.gold.cap=30",)),
            (4, variant, ()),
            (5, "west-of-africa", ()),
        ):
            source = read_rules(spec, overrides)
            rules = source.compile(players)
            log = gamelog.LogRecorder(gamelog.header(rules, players, source, ["random"] * players))
            _play(rules, players, ["random"] * players, 0, None, watching=[log])
            out.append(log.text())
        return out


def rules_case(corpus: Corpus, rng: random.Random) -> tuple[str, dict[str, str]]:
    """A mutated rules input: a variant (text or structure) or a rules folder with one file mutated."""
    choice = rng.randrange(4)
    if choice == 0:
        return variant_case(corpus, rng.randrange(len(corpus.variants)), random_text_ops(rng))
    if choice == 1:
        section = rng.choice(list(corpus.rule_files))
        files = dict(corpus.rule_files)
        files[section] = mutate_text(files[section], random_text_ops(rng))
        return "rd", {f"rd/{s}.yaml": t for s, t in files.items()}
    if choice == 2:
        section = rng.choice(list(corpus.rules_data))
        files = dict(corpus.rule_files)
        files[section] = _dump(mutate_data(corpus.rules_data[section], random_data_ops(rng)))
        return "rd", {f"rd/{s}.yaml": t for s, t in files.items()}
    return variant_case(corpus, rng.randrange(len(corpus.variants)), random_data_ops(rng))


def variant_case(corpus: Corpus, which: int, ops: list[TextOp] | list[DataOp]) -> tuple[str, dict[str, str]]:
    """The shipped variants (some extend others) with one of them mutated."""
    files = dict(corpus.variant_files)
    name = sorted(files)[which % len(files)]
    if ops and isinstance(ops[0], TextOp):
        files[name] = mutate_text(files[name], ops)  # type: ignore[arg-type]
    else:
        files[name] = _dump(mutate_data(yaml.safe_load(files[name]), ops))  # type: ignore[arg-type]
    return name, files


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def scenario_case(corpus: Corpus, rng: random.Random) -> str:
    """A mutated scenario file."""
    text = rng.choice(corpus.scenarios)
    if rng.random() < 0.5:
        return mutate_text(text, random_text_ops(rng))
    return _dump(mutate_data(yaml.safe_load(text), random_data_ops(rng)))


def log_case(corpus: Corpus, rng: random.Random) -> str:
    """A corrupted log: one line's text or structure mutated, or lines moved, dropped or cut."""
    lines = rng.choice(corpus.logs).splitlines()
    number = rng.randrange(len(lines))
    kind = rng.randrange(3)
    if kind == 0:
        lines[number] = mutate_text(lines[number], random_text_ops(rng))
    elif kind == 1:
        try:
            lines[number] = json.dumps(mutate_data(json.loads(lines[number]), random_data_ops(rng)))
        except ValueError:  # a value json cannot write (never produced by VALUES, kept for safety)
            lines[number] = "{"
    else:
        return mutate_text("\n".join(lines), random_text_ops(rng))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------ the bounded inputs

PATH_KEYS = ["economy", "gold", "cap", "players", "overlays", "2", "board", "islands", "la_palma", "a", "x_1"]
"""Keys ``--set`` paths are made of: real ones (so some paths reach the rules) and unknown ones."""
DEPTHS = [1, 2, 3, 8, 63, 64, 65, 200, 1000, 3000]
"""Path lengths tried: around the bound (64) and far beyond it (1,000 keys was a RecursionError)."""
COUNTS: list[Any] = [0, 1, 2, 3, 5, 10, 99, 10**6, 10**20]
"""Numbers of cards put in a scenario hand (99 of each island hung ``woa scenario``)."""
NUMBERS: list[Any] = [0, 1, 15, 60, 99999, 10**29, -1, 0.5, 1e-300, 1e308, -1e308, 1.0e-9]
"""Ends and steps of sweep ranges (1e308 / 1e-300 was an OverflowError)."""
SWEEP_PATHS = [
    "economy.gold.cap",
    "economy.gold.start",
    "economy.game_end.vp_threshold",
    "players.overlays.3.economy.gold.cap",
    "economy.settlement.vp",
]
BOT_VALUES = ["-1", "0", "1", "2", "60", "61", "10000", "10001", "1e9", "100000000000000000000000", "nan", "x", ""]
"""Bot parameter values: inside, at and beyond the declared limits, and not numbers at all."""


def set_argument(keys: list[str], value_depth: int, value: str = "1") -> str:
    """A ``--set PATH=VALUE`` argument: dotted ``keys`` (``[0]`` joins its key) and ``value``
    nested in ``value_depth`` lists.

    >>> set_argument(["economy", "gold", "[0]"], 2)
    'economy.gold[0]=[[1]]'
    """
    path = ""
    for key in keys:
        path += key if key.startswith("[") or not path else "." + key
    return f"{path}={'[' * value_depth}{value}{']' * value_depth}"


def set_case(rng: random.Random) -> str:
    """A ``--set`` argument with a path of one of ``DEPTHS`` keys."""
    keys = [rng.choice(PATH_KEYS) for _ in range(rng.choice(DEPTHS))]
    if rng.random() < 0.2:
        keys.insert(rng.randrange(len(keys) + 1), "[0]")
    return set_argument(keys, rng.choice([0, 0, 1, 30, 63, 100]), rng.choice(["1", "60", "x", "{}", "null"]))


def sweep_space_text(parameters: list[tuple[str, Any]], sample: int | None = None) -> str:
    """A sweep space file sweeping ``parameters`` (path, list or range mapping), 2 players, 1 game."""
    data: dict[str, Any] = {"players": 2, "games": 1, "bots": "random"}
    if sample is not None:
        data["sample"] = sample
    data["parameters"] = dict(parameters)
    return _dump(data)


def sweep_case(rng: random.Random) -> str:
    """A sweep space: 1 to 14 parameters (real or deep paths), each a list or a range of any size."""
    parameters: list[tuple[str, Any]] = []
    for _ in range(rng.choice([1, 1, 2, 3, 10, 11, 14])):
        path = rng.choice(SWEEP_PATHS) if rng.random() < 0.9 else set_case(rng).partition("=")[0]
        if rng.random() < 0.3:
            spec: Any = [rng.choice(NUMBERS) for _ in range(rng.choice([1, 3, 6, 50]))]
        else:
            low, high = sorted((rng.choice(NUMBERS), rng.choice(NUMBERS)))
            spec = {"min": low, "max": high}
            if rng.random() < 0.8:
                spec["step"] = abs(rng.choice(NUMBERS)) or 1
        parameters.append((path, spec))
    sample = rng.choice([None, None, 1, 3, 10**5, 10**6])
    return sweep_space_text(parameters, sample)


def hand_scenario(hands: dict[str, dict[str, Any]]) -> str:
    """A 2-player scenario setting up ``hands`` and listing p1's legal selections."""
    return _dump(
        {"players": 2, "setup": {"hands": hands}, "expect": {"legal_excludes": ["p1 select la_palma el_hierro"]}}
    )


def hand_case(rng: random.Random) -> str:
    """A scenario whose setup hands p1 (and maybe p2) any number of some cards."""
    from woa_core.rules import load_rules

    cards = [c.id for c in load_rules("west-of-africa", 2).cards]
    hands = {
        who: {c: rng.choice(COUNTS) for c in rng.sample(cards, rng.randint(1, len(cards)))} for who in ("p1", "p2")
    }
    return hand_scenario(hands)


def bot_case(rng: random.Random) -> str:
    """A ``--bots`` value: a bundled bot with one or two parameters of any value."""
    from woa_core.bots import BUNDLED, _parameters

    name = rng.choice([*BUNDLED, "mcts", "mcts"])
    keys = list(_parameters(name)) or ["depth"]
    params = ",".join(f"{key}={rng.choice(BOT_VALUES)}" for key in rng.sample(keys, min(len(keys), rng.randint(1, 2))))
    return f"{name}:{params}"


# ------------------------------------------------------------------------------ checking


class Escape(Exception):
    """An input made woa fail other than with a located error."""


def _located(error: WoaError) -> None:
    """A located error: sentences, and for file problems each one names its file."""
    if not str(error).strip():
        raise Escape(f"{type(error).__name__} without a message")
    if isinstance(error, FileProblems) and not all(p.file and p.message for p in error.problems):
        raise Escape(f"{type(error).__name__} with a problem that names no file or says nothing")


def check_rules(spec: str, play: bool = True) -> str:
    """Validate and compile ``spec`` for each player count; if valid, play one game with random
    bots. Returns "valid" or "error"; raises ``Escape`` for anything else."""
    from woa_core.rules import compile_document, load_document
    from woa_core.sim.runner import play_game

    try:
        doc = load_document(spec)
        counts = doc.located.data["players"]["counts"]
        compiled = [compile_document(doc, n) for n in counts]
    except WoaError as e:
        _located(e)
        return "error"
    if play and compiled:
        rules = compiled[0]
        record = play_game(rules, seed=1, bots=["random"] * rules.players)
        if not record.ranking:
            raise Escape("a game under valid rules did not end")
    return "valid"


def check_scenario(path: str) -> str:
    """Load and run a scenario: "valid" (passed or failed with a message) or "error"."""
    from woa_core.check.scenario import load_scenario, run_scenario

    try:
        result = run_scenario(load_scenario(path))
    except WoaError as e:
        _located(e)
        return "error"
    if not result.passed and not result.message:
        raise Escape("a failed scenario without a message")
    return "valid"


def check_set(argument: str) -> str:
    """Read the bundled rules with one ``--set`` and compile them: "valid" or "error"."""
    from woa_core.rules import read_rules

    try:
        read_rules("west-of-africa", (argument,)).compile(2)
    except WoaError as e:
        _located(e)
        return "error"
    return "valid"


def check_sweep(path: str) -> str:
    """Load a sweep space and list its points (what ``woa sweep`` does before its first game)."""
    from woa_core.sim.sweep_space import MAX_POINTS, load_space

    try:
        space = load_space(path)
    except WoaError as e:
        _located(e)
        return "error"
    if len(space.points()) > MAX_POINTS:
        raise Escape(f"a space of {len(space.points())} points was accepted")
    return "valid"


def check_bots(spec: str) -> str:
    """Check a ``--bots`` value and make the bots: "valid" or "error"; a budget accepted beyond
    the limits its bot declares is an escape."""
    from woa_core.bots import bot_factory, make_bots, parse_spec, seat_bots
    from woa_core.bots.base import outside_limits

    try:
        bots = make_bots(seat_bots(spec, 2), seed=1)
    except WoaError as e:
        _located(e)
        return "error"
    name, _ = parse_spec(spec)
    limits = getattr(bot_factory(name), "limits", {})
    beyond = outside_limits(limits, {key: getattr(bots[0], key, None) for key in limits})
    if beyond:
        raise Escape(f"{spec} was accepted: {beyond}")
    return "valid"


def check_log(path: str) -> str:
    """Replay a log: "valid" or "error"."""
    from woa_core.kernel import gamelog

    try:
        gamelog.replay(path)
    except WoaError as e:
        _located(e)
        return "error"
    return "valid"


def write_files(folder: Path, files: dict[str, str]) -> None:
    """Write a case's files (text that is not valid UTF-8 is written with surrogates escaped)."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8", "surrogateescape"))


@contextlib.contextmanager
def time_limit(seconds: float, cpu: bool = False) -> Iterator[None]:
    """Raise ``TimeoutError`` in this (main) thread after ``seconds`` of wall-clock time, or with
    ``cpu`` of this process's CPU time (what the tests use: other work on a shared machine does
    not count, a runaway computation does)."""

    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"over {seconds} s" + (" of CPU time" if cpu else ""))

    timer, alarm = (signal.ITIMER_PROF, signal.SIGPROF) if cpu else (signal.ITIMER_REAL, signal.SIGALRM)
    previous = signal.signal(alarm, expired)
    signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(alarm, previous)


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


@dataclass(slots=True)
class Tally:
    """Outcomes of a fuzz run."""

    outcomes: Counter[tuple[str, str]]
    slowest: tuple[float, str] = (0.0, "")
    failures: int = 0


def run(kind: str, cases: int, seed: int, corpus: Corpus, bounds: tuple[float, float], out: Path, tally: Tally) -> None:
    """Run ``cases`` fuzz cases of ``kind`` ("rules", "scenarios", "logs", "sets", "sweeps", "hands", "bots")."""
    seconds, megabytes = bounds
    rng = random.Random(f"{kind}:{seed}")
    for index in range(cases):
        case = corpus.folder / f"case-{kind}"
        shutil.rmtree(case, ignore_errors=True)
        case.mkdir()
        files: dict[str, str]
        target: Callable[[str], str]
        if kind == "rules":
            spec, files = rules_case(corpus, rng)
            target = check_rules
        elif kind == "scenarios":
            spec, files = "s.yaml", {"s.yaml": scenario_case(corpus, rng)}
            target = check_scenario
        elif kind == "sets":
            spec, files, target = set_case(rng), {}, check_set
        elif kind == "sweeps":
            spec, files, target = "space.yaml", {"space.yaml": sweep_case(rng)}, check_sweep
        elif kind == "hands":
            spec, files, target = "s.yaml", {"s.yaml": hand_case(rng)}, check_scenario
        elif kind == "bots":
            spec, files, target = bot_case(rng), {}, check_bots
        else:
            spec, files = "g.jsonl", {"g.jsonl": log_case(corpus, rng)}
            target = check_log
        write_files(case, files)
        before = peak_mb()
        started = time.perf_counter()
        previous_cwd = os.getcwd()
        os.chdir(case)
        try:
            with time_limit(seconds):
                outcome = target(spec)
        except Exception as e:  # classifying every escape is the point
            outcome = "escape"
            detail = traceback.format_exc() if not isinstance(e, Escape) else str(e)
        finally:
            os.chdir(previous_cwd)
        took = time.perf_counter() - started
        grown = peak_mb() - before
        if took > tally.slowest[0]:
            tally.slowest = (took, f"{kind} #{index}")
        if outcome != "escape" and grown > megabytes:
            outcome, detail = "escape", f"peak memory grew by {grown:.0f} MB"
        tally.outcomes[(kind, outcome)] += 1
        if outcome == "escape":
            tally.failures += 1
            saved = out / f"{kind}-{index:05d}"
            shutil.copytree(case, saved, dirs_exist_ok=True)
            (saved / "failure.txt").write_text(detail, encoding="utf-8")
            print(f"FAIL {kind} #{index}: {detail.strip().splitlines()[-1][:200]} (saved in {saved})", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", type=int, default=500, help="mutated rule files (default %(default)s)")
    parser.add_argument("--logs", type=int, default=200, help="corrupted logs (default %(default)s)")
    parser.add_argument("--scenarios", type=int, default=100, help="mutated scenarios (default %(default)s)")
    parser.add_argument("--sets", type=int, default=100, help="--set arguments, deep paths (default %(default)s)")
    parser.add_argument("--sweeps", type=int, default=100, help="sweep spaces of any size (default %(default)s)")
    parser.add_argument("--hands", type=int, default=100, help="scenarios with huge hands (default %(default)s)")
    parser.add_argument("--bots", type=int, default=100, help="bot parameters beyond bounds (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=5.0, help="time bound per case")
    parser.add_argument("--megabytes", type=float, default=500.0, help="bound on a case's peak memory growth")
    parser.add_argument("--out", default="fuzz-failures", help="where failing cases are saved")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    resource.setrlimit(resource.RLIMIT_AS, (4 * 1024**3, resource.RLIM_INFINITY))  # a safety net
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="woa-fuzz-") as scratch:
        corpus = Corpus(Path(scratch))
        tally = Tally(Counter())
        kinds = ("rules", "scenarios", "logs", "sets", "sweeps", "hands", "bots")
        for kind in kinds:
            cases = getattr(args, kind)
            run(kind, cases, args.seed, corpus, (args.seconds, args.megabytes), out, tally)
    total = sum(tally.outcomes.values())
    print(f"{total} cases in {time.perf_counter() - started:.0f} s (seed {args.seed}; shared machine)")
    for (kind, outcome), n in sorted(tally.outcomes.items()):
        print(f"  {kind:10} {outcome:7} {n:6}")
    print(f"slowest case: {tally.slowest[0]:.2f} s ({tally.slowest[1]}); peak memory of the run {peak_mb():.0f} MB")
    print(f"failures (tracebacks, over {args.seconds:g} s or {args.megabytes:g} MB): {tally.failures}")
    if tally.failures:
        print(f"failing cases saved in {out}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
