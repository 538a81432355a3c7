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

Issue 37 adds every other input kind a user or a client can send: the rule files of both bundled
games (West of Africa and Africa) and their variants; tampered logs of finished games (a fake key
placed before the real one, forged result keys, edited seeds and actions: one that replays as
matching is counted apart, as "tampered"); deep nesting in YAML and JSON up to 1 MB (every rules
file, variant, ``--set`` value, scenario, sweep space and log line; each answered within
``--deep-seconds``, 1 CPU-second); ``--bots`` names ``module:attr``; ``woa`` command lines with
huge, negative and odd counts and empty or odd paths (each in a process of its own, sent Ctrl-C
after ``--stop-after`` seconds: it must then stop cleanly); and requests to every route of
``woa serve``'s app with hostile bodies, query strings, headers, game ids and seats, called in a
worker process as an ASGI server calls it (a 5xx or a traceback is a failure; seats name a
sentinel module of the fuzzer's own whose import writes a file, so a server importing a module a
request names is seen, as "imported", without the harm ``os:_exit`` would do). A case still
running after ``--hang`` seconds (30) of wall-clock time is a hang.

Issue 39 adds tune files (``--tunes``): the bundled ones (``rules/tunes``) with text or structure
mutations, each read as ``woa tune`` reads it before its first game; a valid one is then run
through ``woa tune`` itself with ``--trials 1``, two games a trial and two confirmation games
(when Optuna, the ``tune`` extra, is installed), which must write its report or say why not.

Run it by hand for long runs (the test suite runs the same cases with a small budget,
tests/test_fuzz_inputs.py); 10,500 cases of every kind::

    python benchmarks/fuzz_inputs.py --rules 2500 --logs 1000 --scenarios 500 --tampered 1000 --sets 500 \\
        --sweeps 500 --hands 300 --bots 500 --deep 500 --cli 200 --serve 3000 --seed 37
    python benchmarks/fuzz_inputs.py --rules 0 --logs 0 --scenarios 0 --tampered 0 --sets 0 --sweeps 0 \\
        --hands 0 --bots 0 --deep 0 --cli 0 --serve 0 --tunes 300
    python benchmarks/fuzz_inputs.py --rules 0 --logs 0 --scenarios 0 --sets 500 --sweeps 300 --hands 300 --bots 500

It prints the counts per kind and outcome, the slowest case of each kind (CPU seconds), the peak
memory, and the tracebacks, hangs, tampered logs accepted and modules imported (each should be
0). The bounds are per case: ``--seconds`` (default 5) of CPU time by an interval timer (the
machine is shared: other work does not count), ``--megabytes`` (default 500) on the growth of
the process's peak resident memory (a command line's: its own peak).
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import FileProblems, WoaError

ROOT = Path(__file__).resolve().parents[1]

GAMES = ("west-of-africa", "africa")
"""The bundled games whose rule files are mutated."""

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
        self.games = {
            game: {
                s: (data_root() / "rules" / game / f"{s}.yaml").read_text(encoding="utf-8")
                for s in resolve(game).sections
            }
            for game in GAMES
        }
        """Each bundled game's rule files by section (the files a rules folder holds)."""
        self.rule_files = self.games["west-of-africa"]
        shipped = sorted((data_root() / "rules" / "variants").glob("*.yaml"))
        self.variant_files = {p.name: p.read_text(encoding="utf-8") for p in shipped}  # some extend others
        self.variants = list(self.variant_files.values())
        self.scenarios = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))]
        self.tunes = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "rules" / "tunes").glob("*.yaml"))}
        """The bundled tune files (``woa tune``), by name."""
        self.rules_data = {s: yaml.safe_load(t) for s, t in self.rule_files.items()}
        self.logs: list[str] = self._make_logs() if logs else []

    def _make_logs(self) -> list[str]:
        from woa_core.report import gamelog
        from woa_core.rules import read_rules
        from woa_core.sim.runner import _play

        out = []
        write_files(self.folder, self.variant_files)
        variant = str(self.folder / sorted(self.variant_files)[0])
        for players, spec, overrides in (  # the first four are West of Africa (tests pick them by index)
            (2, "west-of-africa", ()),
            (3, "west-of-africa", ("economy.gold.cap=30",)),
            (4, variant, ()),
            (5, "west-of-africa", ()),
            (2, "africa", ()),
            (3, "africa", ("scoring.goods_vp=[0, 1, 2, 4, 7, 11]",)),
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
    files = dict(corpus.games[rng.choice(GAMES)])
    section = rng.choice(list(files))
    if choice == 1:
        files[section] = mutate_text(files[section], random_text_ops(rng))
        return "rd", {f"rd/{s}.yaml": t for s, t in files.items()}
    if choice == 2:
        files[section] = _dump(mutate_data(yaml.safe_load(files[section]), random_data_ops(rng)))
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


TAMPERS = (
    "duplicate_header_key",
    "duplicate_result_key",
    "duplicate_result_line_key",
    "forged_result_key",
    "changed_result_value",
    "edited_seed",
    "edited_seed_rechecked",
    "edited_header_rechecked",
    "edited_action",
    "dropped_action",
    "swapped_actions",
)
"""Ways a finished game's log is made to say what its game did not: a fake copy of a key placed
before the real one (a JSON reader keeping the last copy sees the real one, a reader of the first
copy the fake), a result key or value added or changed, the seed or an action edited (with the
header's check recomputed or not), actions dropped or reordered. Every one must be refused."""

HEADER_FAKES: dict[str, Any] = {
    "seed": 12345,
    "players": 2,
    "rules_hash": "0000000000000000",
    "check": "0000000000000000",
    "bots": ["human", "human"],
    "engine": "9.9.9",
    "rules": "west-of-africa",
}


def tamper(text: str, how: str, rng: random.Random) -> str:
    """The log ``text`` (a finished game's) tampered ``how`` (one of ``TAMPERS``).

    >>> log = '{"woa_log": 2, "seed": 1, "check": "c"}\\n["p1 x", "a"]\\n{"result": {"vp": [1, 2]}}\\n'
    >>> tamper(log, "duplicate_header_key", random.Random(0)).splitlines()[0]
    '{"seed": 12345, "woa_log": 2, "seed": 1, "check": "c"}'
    """
    from woa_core.report.gamelog import header_check

    lines = text.splitlines()
    head, last = json.loads(lines[0]), json.loads(lines[-1])
    actions = list(range(1, len(lines) - 1))
    if how == "duplicate_header_key":
        key = rng.choice(sorted(HEADER_FAKES))
        lines[0] = "{" + json.dumps({key: HEADER_FAKES[key]})[1:-1] + ", " + lines[0][1:]
    elif how == "duplicate_result_key":
        key = rng.choice(sorted(last["result"]))
        fake = json.dumps({key: _other(last["result"][key])})[1:-1]
        lines[-1] = '{"result": {' + fake + ", " + json.dumps(last["result"])[1:] + "}"
    elif how == "duplicate_result_line_key":
        lines[-1] = '{"result": {"vp": [999, 0]}, ' + lines[-1][1:]
    elif how == "forged_result_key":
        last["result"][rng.choice(["forged", "winner", "vp_extra", "note"])] = rng.choice([1, "p2", [999, 0]])
        lines[-1] = json.dumps(last)
    elif how == "changed_result_value":
        key = rng.choice(sorted(last["result"]))
        last["result"][key] = _other(last["result"][key])
        lines[-1] = json.dumps(last)
    elif how in ("edited_seed", "edited_seed_rechecked", "edited_header_rechecked"):
        if how == "edited_header_rechecked":
            head["bots"] = ["human"] * len(head["bots"])
        else:
            head["seed"] = head["seed"] + rng.choice([1, -1, 1000])
        if how != "edited_seed":
            head["check"] = header_check(head)
        lines[0] = json.dumps(head)
    elif how == "edited_action" and actions:
        number, other = rng.choice(actions), rng.choice(actions)
        text_of = json.loads(lines[other])[0]
        edited = json.loads(lines[number])
        edited[0] = text_of if text_of != edited[0] else edited[0] + " x"
        lines[number] = json.dumps(edited)
    elif how == "dropped_action" and actions:
        del lines[rng.choice(actions)]
    elif how == "swapped_actions" and len(actions) > 1:
        a, b = rng.sample(actions, 2)
        lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines) + "\n"


def _other(value: Any) -> Any:
    """A value unlike ``value`` of the same kind (what a forger writes instead)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 999
    if isinstance(value, list):
        return [_other(v) for v in value] or [999]
    if isinstance(value, str):
        return value + "x"
    return 999


def tampered_case(corpus: Corpus, rng: random.Random) -> str:
    """A finished game's log tampered one of the ``TAMPERS`` ways."""
    finished = [log for log in corpus.logs if '"result"' in log.rsplit("\n", 2)[-2]]
    return tamper(rng.choice(finished), rng.choice(TAMPERS), rng)


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


def tune_case(corpus: Corpus, which: int, ops: list[TextOp] | list[DataOp]) -> tuple[str, dict[str, str]]:
    """A bundled tune file (``rules/tunes``) with its text or its structure mutated."""
    name = sorted(corpus.tunes)[which % len(corpus.tunes)]
    text = corpus.tunes[name]
    if ops and isinstance(ops[0], TextOp):
        return name, {name: mutate_text(text, ops)}  # type: ignore[arg-type]
    return name, {name: _dump(mutate_data(yaml.safe_load(text), ops))}  # type: ignore[arg-type]


def random_tune_case(corpus: Corpus, rng: random.Random) -> tuple[str, dict[str, str]]:
    """A mutated tune file: text or structure mutations, half and half."""
    ops = random_text_ops(rng) if rng.random() < 0.5 else random_data_ops(rng)
    return tune_case(corpus, rng.randrange(len(corpus.tunes)), ops)


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


MODULE_BOTS = [
    "no.such.module:Bot",
    ".x:Y",
    ".:",
    "os.path:join",
    "json:loads",
    "builtins:exit",
    "woa_core:__version__",
    "woa_core.bots:make_bots",
    "random:Random",
    "collections:OrderedDict",
    "math:pi",
    "x" * 300 + ":Y",
    "woa_core.bots.random:RandomBot",
    "a b:c",
    "\x00:y",
    "os:",
    ":x",
]
"""``module:attr`` bot names given at the command line (by the operator: importing is allowed;
nothing harmful is named)."""


def bot_case(rng: random.Random) -> str:
    """A ``--bots`` value: a bundled bot with one or two parameters of any value."""
    from woa_core.bots import KERNEL_BOTS, _parameters

    if rng.random() < 0.2:
        return rng.choice(MODULE_BOTS) + rng.choice(["", ":depth=1", ":x=", ":=1"])
    name = rng.choice([*KERNEL_BOTS, "mcts", "mcts"])
    keys = list(_parameters(name, None)) or ["depth"]
    params = ",".join(f"{key}={rng.choice(BOT_VALUES)}" for key in rng.sample(keys, min(len(keys), rng.randint(1, 2))))
    return f"{name}:{params}"


class Escape(Exception):
    """An input made woa fail other than with a located error."""


class Imported(Escape):
    """The server imported (or ran) a module a request named."""


# ------------------------------------------------------------------------------ deep nesting

MEGABYTE = 1_000_000
NESTINGS = [10, 63, 64, 65, 100, 1_000, 10_000, 50_000, 100_000, 300_000, 499_000]
"""Levels of nesting tried: around the readers' bound (64), and up to what fits in 1 MB."""
SHAPES = ("flow_list", "flow_map", "block_list", "block_map", "json_list", "json_map", "unclosed")
DEEP_TARGETS = (
    "setup",
    "africa_setup",
    "variant",
    "set",
    "scenario",
    "sweep",
    "log_header",
    "log_action",
    "log_result",
)
"""Where a deep value is put: a rules file of each game, a variant, a ``--set`` value, a
scenario, a sweep space (YAML), a log's header, action or result line (JSON)."""


def nested(shape: str, levels: int, most: int = MEGABYTE) -> str:
    """A value nested ``levels`` deep in ``shape`` (YAML flow or block, JSON), cut to fewer levels
    when it would not fit in ``most`` characters; "unclosed" opens lists it never closes.

    >>> nested("flow_list", 3), nested("json_map", 2), nested("block_list", 2)
    ('[[[1]]]', '{"a": {"a": 1}}', '\\n- \\n  - 1')
    """
    if shape in ("block_list", "block_map"):
        opener = "- " if shape == "block_list" else "a: "
        levels = min(levels, int(most**0.5) - 3)
        lines = ["  " * i + opener for i in range(levels)]
        lines[-1] += "1"
        return "\n" + "\n".join(lines)
    opener, closer = {
        "flow_list": ("[", "]"),
        "json_list": ("[", "]"),
        "flow_map": ("{a: ", "}"),
        "json_map": ('{"a": ', "}"),
        "unclosed": ("[", ""),
    }[shape]
    levels = min(levels, (most - 1) // (len(opener) + len(closer)))
    return opener * levels + "1" + closer * levels


def deep_case(corpus: Corpus, rng: random.Random) -> tuple[str, str, dict[str, str]]:
    """A deep value put in one of ``DEEP_TARGETS``: (the target, what is read, the files)."""
    place = rng.choice(DEEP_TARGETS)
    json_target = place.startswith("log")
    shape = rng.choice([s for s in SHAPES if s.startswith("json") or s == "unclosed"] if json_target else SHAPES)
    value = nested(shape, rng.choice(NESTINGS), deep_room(corpus, place))
    target = f"{place} {shape} {len(value):,} characters"
    place_case = _placed(corpus, rng, place, value)
    return (target, *place_case)


def deep_room(corpus: Corpus, target: str) -> int:
    """How many characters a deep value put in ``target`` may take, for the input read to stay
    within 1 MB (a rules file's value: within 1 MB itself)."""
    if target.startswith("log"):
        return MEGABYTE - max(len(log) for log in corpus.logs) - 100
    return MEGABYTE - 3000


def _placed(corpus: Corpus, rng: random.Random, target: str, value: str) -> tuple[str, dict[str, str]]:
    """What is read, and the files, with the deep ``value`` put in ``target``."""
    if target in ("setup", "africa_setup"):
        files = dict(corpus.games["west-of-africa" if target == "setup" else "africa"])
        files["setup"] += "\nfuzz: " + value + "\n"
        return "rd", {f"rd/{s}.yaml": t for s, t in files.items()}
    if target == "variant":
        return "v.yaml", {"v.yaml": "extends: west-of-africa\neconomy:\n  gold:\n    cap: " + value + "\n"}
    if target == "set":
        return "economy.gold.cap=" + value, {}
    if target == "scenario":
        return "s.yaml", {"s.yaml": "players: 2\nsetup: " + value + "\n"}
    if target == "sweep":
        return "space.yaml", {"space.yaml": "players: 2\ngames: 1\nparameters: " + value + "\n"}
    lines = rng.choice(corpus.logs).splitlines()
    if target == "log_header":
        lines[0] = lines[0][:-1] + ', "fuzz": ' + value + "}"
    elif target == "log_action":
        lines[1] = value
    else:
        lines[-1] = '{"result": ' + value + "}"
    return "g.jsonl", {"g.jsonl": "\n".join(lines) + "\n"}


def check_deep(target: str) -> Callable[[str], str]:
    """How a deep case of ``target`` is read (as woa reads that kind of input)."""
    target = target.split()[0]
    if target in ("setup", "africa_setup", "variant"):
        return lambda spec: check_rules(spec, play=False)
    return {"set": check_set, "scenario": check_scenario, "sweep": check_sweep}.get(target, check_log)


# ------------------------------------------------------------------------------ command lines

COMMANDS: dict[str, list[str]] = {
    "validate": ["--rules", "--set", "--players", "RULES"],
    "rules show": ["--rules", "--set", "--players", "--json"],
    "rules verbs": ["--rules", "--set"],
    "rules init": ["DIR", "--from"],
    "simulate": [
        "--rules",
        "--set",
        "--players",
        "--games",
        "--seed",
        "--bots",
        "--workers",
        "--first-game",
        "--csv",
        "--html",
        "--json",
        "--log-dir",
        "--quiet",
    ],
    "compare": [
        "--rules",
        "--base",
        "--set",
        "--players",
        "--games",
        "--seed",
        "--bots",
        "--workers",
        "--alpha",
        "--html",
        "--json",
        "--quiet",
    ],
    "replay": ["LOG", "--rules", "--at", "--json", "--html", "--svg"],
    "check": ["--rules", "--set", "--players", "--games", "--seed", "--bots", "--workers", "--out", "--json"],
    "scenario": ["SCENARIO", "--json"],
    "board": ["--rules", "--set", "--players"],
    "tournament": ["--rules", "--players", "--games", "--seed", "--workers", "--json", "--quiet"],
    "value": ["--rules", "--players", "--games", "--seed", "--bot", "--margin", "--workers", "--json", "--quiet"],
    "sweep": ["SPACE", "--games", "--workers", "--out", "--top", "--json", "--quiet", "--race", "--resume"],
    "play": ["--rules", "--players", "--seat", "--seed", "--bots", "--log", "--pace"],
    "serve": ["--host", "--port", "--rules", "--watch", "--allow-host"],
}
"""Each ``woa`` command and the arguments the fuzzer gives it (an upper-case name: a positional)."""

ODD_NUMBERS = [
    "0",
    "-1",
    "1",
    "2",
    "3",
    "9",
    "-0",
    "1e9",
    "0x10",
    "1.5",
    "",
    " ",
    "x",
    "nan",
    "inf",
    "٣",
    "99999999",
    "100000000",
    "2147483648",
    "18446744073709551616",
    "999999999999999999999999999999",
]
"""Counts, seeds and player numbers: negative, odd, huge (10^8 games built up front, 10^30 players)."""
ODD_PATHS = [
    "",
    "/",
    ".",
    "..",
    "/proc/x",
    "/proc/self/mem",
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "no-such",
    "x" * 300,
    "rd",
    "g.jsonl",
    "s.yaml",
    "space.yaml",
    "fifo",
    "-",
    "--",
    "a\x01b",
    "ü",
    "rd/setup.yaml",
    "nested/deeper/new",
]
"""Files and folders read: missing, unreadable, special, too long a name, a FIFO nobody writes."""
OUTPUT_PATHS = [
    "",
    ".",
    "/proc/x",
    "/dev/null",
    "/dev/full",
    "x" * 300,
    "rd",
    "g.jsonl",
    "fifo",
    "-",
    "a\x01b",
    "nested/deeper/new",
    "/proc/x/y",
    "out.html",
]
"""Files and folders written: only inside the case's folder or where nothing can be written (the
fuzzer may run as root: never ``/``, ``..`` or a process's memory)."""
HOSTS = ["127.0.0.1", "::1", "localhost", "example.invalid", "999.1.1.1", "x" * 300, "127.0.0.1:80", "-1"]
"""``--host`` values: loopback or unusable (the fuzzer never listens beyond this computer)."""
ODD_WORDS = [
    "west-of-africa",
    "africa",
    "random",
    "heuristic",
    "mcts:iterations=2",
    "mcts:iterations=-1",
    "random,random",
    "no-such-bot",
    "os:getcwd",
    "",
    "x:y:z=1",
    "economy.gold.cap=40",
    "economy.gold.cap=" + "[" * 5000,
    "ruleset.pack=" + "x" * 300,
    "=",
    "a.b",
    "127.0.0.1",
    "::1",
    "0.0.0.0",
    "localhost",
    "example.invalid",
]


def cli_case(rng: random.Random) -> list[str]:
    """A ``woa`` command line: a command, and a few of its arguments with odd values."""
    command = rng.choice(sorted(COMMANDS))
    argv = command.split()
    options = COMMANDS[command]
    for name in rng.sample(options, rng.randint(0, min(4, len(options)))):
        value = rng.choice(_values_for(name))
        if name.isupper():
            argv.append(value)
        elif name in ("--json", "--quiet", "--watch", "--race", "--resume", "--rotate-seats"):
            argv.append(name)
        else:
            argv += [name, value] if rng.random() < 0.85 else [f"{name}={value}"]
    if command == "serve" and "--port" not in argv:
        argv += ["--port", "0"]  # never the default port: it may be in use
    if rng.random() < 0.05:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(["--help", "--version", "--no-such", "-", "--"]))
    return argv


def _values_for(name: str) -> list[str]:
    if name == "--host":
        return HOSTS
    if name in ("--rules", "--base", "--from", "--set", "--bots", "--bot", "--allow-host", "--only"):
        return ODD_WORDS + ODD_PATHS[:8]
    if name in ("RULES", "LOG", "SCENARIO", "SPACE"):
        return ODD_PATHS
    if name in ("DIR", "--csv", "--html", "--json", "--log-dir", "--out", "--svg", "--log"):
        return OUTPUT_PATHS
    return ODD_NUMBERS


def cli_files(corpus: Corpus) -> dict[str, str]:
    """The files a command line may name: a rules folder, a log, a scenario, a sweep space."""
    files = {f"rd/{s}.yaml": t for s, t in corpus.rule_files.items()}
    files["g.jsonl"] = corpus.logs[0]
    files["s.yaml"] = corpus.scenarios[0]
    files["space.yaml"] = sweep_space_text([("economy.gold.cap", [40, 50])])
    return files


@dataclass(slots=True)
class Finished:
    """How a command run in a process of its own ended."""

    status: int | None
    """Exit status (negative: the signal that ended it; None: still running, killed as a hang)."""
    said: str
    """Its standard output and error, interleaved (the end of a long output)."""
    cpu: float
    megabytes: float
    interrupted: bool


def run_command(argv: list[str], cwd: Path, stop_after: float, hang: float) -> Finished:
    """Run ``python -m woa_core.cli ARGV`` in ``cwd`` (standard input empty); interrupt it (SIGINT,
    as Ctrl-C) if it still runs after ``stop_after`` seconds, and kill it as a hang after
    ``hang``. Its CPU time and peak memory come from the kernel's account of the process."""
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen(  # reaped below by os.wait4, which gives its own resource usage
            [sys.executable, "-m", "woa_core.cli", *argv],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=err,  # (what a command says goes to either; the report reads both)
            stderr=err,
            preexec_fn=_child_limits,
        )
        started, interrupted, status, usage = time.perf_counter(), False, None, None
        while True:
            pid, code, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(code)
                break
            waited = time.perf_counter() - started
            if waited > hang:
                process.kill()
                _, code, usage = os.wait4(process.pid, 0)
                break
            if waited > stop_after and not interrupted:
                process.send_signal(signal.SIGINT)
                interrupted = True
            time.sleep(0.02)
        process.returncode = status if status is not None else -9  # reaped here, not by Popen
        size = err.seek(0, os.SEEK_END)
        err.seek(max(0, size - 200_000))
        text = err.read().decode("utf-8", "replace")
    megabytes = usage.ru_maxrss / 1024
    return Finished(status, text, usage.ru_utime + usage.ru_stime, megabytes, interrupted)


def _child_limits() -> None:
    """A safety net for a command the fuzzer runs: 4 GB of address space at most."""
    resource.setrlimit(resource.RLIMIT_AS, (4 * 1024**3, 4 * 1024**3))


def check_command(finished: Finished) -> str:
    """ "valid" (exit 0, or 130 once interrupted), "error" (1 or 2 with a sentence said), or
    ``Escape`` for a traceback, a signal's death, a silent failure, a Ctrl-C ignored."""
    if finished.status is None:
        raise TimeoutError("still running after the hang bound" + (" (Ctrl-C ignored)" if finished.interrupted else ""))
    if "Traceback (most recent call last)" in finished.said:
        raise Escape(finished.said[-5000:])
    if finished.status < 0:
        raise Escape(f"ended by signal {-finished.status}: {finished.said[-300:]}")
    if finished.status == 0 or (finished.status == 130 and finished.interrupted):
        return "valid"
    if finished.status in (1, 2) and finished.said.strip():
        return "error"
    raise Escape(f"exit status {finished.status} with {finished.said.strip()[-300:] or 'nothing said'}")


# ------------------------------------------------------------------------------ the server

SENTINEL = "woa_fuzz_sentinel"
"""A module of the fuzzer's own, in a folder on ``sys.path``: importing it (or calling what it
holds) writes a file beside it, so a server that imports a module a request names is seen doing
it — without the harm ``os:_exit`` or ``time:sleep`` would do."""

SENTINEL_SOURCE = """\
from pathlib import Path

Path(__file__).with_name("imported").write_text("imported")


def make(*args, **kwargs):
    Path(__file__).with_name("called").write_text("called")
    raise RuntimeError("the fuzzer's sentinel bot was made: the server ran code a request named")


def __getattr__(name):  # any name the seat gives (a new one each case: the server caches a bot it loaded)
    return make
"""

HOST = "127.0.0.1:8765"
"""The address the in-process app answers to (its ``Host``)."""


@dataclass(frozen=True, slots=True)
class Request:
    """One request to the app: ``{key}`` in the path is the case's game, ``{new}`` the id the
    previous request answered with; ``tampered``: its body is a log that must be refused."""

    method: str
    path: str
    query: bytes = b""
    headers: tuple[tuple[bytes, bytes], ...] = ()
    body: bytes = b""
    tampered: bool = False


@dataclass(frozen=True, slots=True)
class ServeCase:
    """Requests made on the app; ``seats``: a game started first (its id is ``{key}``)."""

    family: str
    requests: tuple[Request, ...]
    seats: tuple[str, ...] | None = None


def _json_bytes(value: Any) -> bytes:
    return json.dumps(value).encode("utf-8")


def sentinel_seat(rng: random.Random) -> str:
    """A seat naming the sentinel module (some with bot parameters), by a name never used before
    (a bot once loaded is kept: the same name again would not import anything again)."""
    attr = rng.choice(["Bot", "factory", "_exit", "sleep"]) + f"_{rng.randrange(10**12)}"
    return f"{SENTINEL}:{attr}" + rng.choice(["", ":depth=1", ":iterations=1"])


SEATS = [
    "human",
    "random",
    "heuristic",
    "mcts:iterations=2",
    "mcts:iterations=10000",
    "mcts:iterations=-1",
    "mcts:c=nan",
    "",
    " ",
    "no.such.module:Bot",
    ".x:Y",
    "builtins:exit",
    "os.path:join",
    "random:x=1",
    "\x00",
    "x" * 5000,
    "mcts:" + ",".join(f"k{i}=1" for i in range(500)),
]
"""Seats a start form may name (``module:attr`` names are the sentinel's: never harmful ones)."""
FORM_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    3,
    9,
    2**63,
    -(2**63),
    10**30,
    1.5,
    float("inf"),
    "",
    "x",
    "3",
    [],
    {},
    [None],
    ["human"],
    {"a": 1},
    "west-of-africa",
    "africa",
    "variant-x",
    "../x",
]
"""Values put in a start form's fields (``players``, ``seed``, ``ruleset``, ``set``, ``seats``)."""
QUERIES = [
    b"",
    b"words=",
    b"words=select",
    b"words=" + b",".join([b"select"] * 2000),
    b"words=%ZZ",
    b"words=\xff\xfe",
    b"players=999999999999",
    b"players=-1",
    b"players=3&players=4",
    b"people=0",
    b"people=-1,99",
    b"people=1,1,1",
    b"people=x",
    b"people=" + b"1," * 5000,
    b"name=" + b"x" * 5000,
    b"name=%00%1b[2J",
    b"name=../../etc/passwd",
    b"a=" + b"&" * 10000,
    b"%",
    b"=&=&=",
    b"words=a%2Cb",
    b"players=03",
]
HEADERS = [
    (b"content-type", b"application/x-www-form-urlencoded"),
    (b"content-type", b"text/plain; charset=utf-32"),
    (b"content-length", b"99999999999999999999"),
    (b"content-length", b"-1"),
    (b"transfer-encoding", b"chunked"),
    (b"origin", b"null"),
    (b"origin", b"http://evil.example"),
    (b"origin", b"http://" + HOST.encode()),
    (b"host", b"evil.example"),
    (b"host", b""),
    (b"host", b"\xff\xfe"),
    (b"cookie", b"x" * 8000),
    (b"accept", b"*/*"),
    (b"x-forwarded-for", b"10.0.0.1"),
]
"""Headers added to a request (a second ``host`` replaces the first: the app reads the last)."""
GAME_PATHS = [
    "",
    "/play",
    "/bot",
    "/undo",
    "/redo",
    "/hint",
    "/hint/cancel",
    "/hint/progress",
    "/log",
    "/count",
    "/position/0",
    "/position/1",
    "/position/-1",
    "/position/x",
    "/position/" + "9" * 40,
]
GETS = ("", "/log", "/count", "/hint/progress")
"""The game routes answered to GET (the others to POST); ``/position/N`` is a GET too."""
ODD_KEYS = ["nope", "", "..", "%2e%2e", "x" * 10000, "ü", "\x00", "{key}/extra", "{key}%00", "resume"]


def serve_case(corpus: Corpus, rng: random.Random) -> ServeCase:
    """A hostile request (or a few) to one of the app's routes."""
    family = rng.choice(SERVE_FAMILIES)
    return globals()[f"_serve_{family}"](corpus, rng)  # type: ignore[no-any-return]


SERVE_FAMILIES = ("static", "setup", "new_game", "sentinel", "game", "resume", "tampered", "keys")


def _hostile_headers(rng: random.Random) -> tuple[tuple[bytes, bytes], ...]:
    return tuple(rng.sample(HEADERS, rng.choice([0, 0, 0, 1, 2])))


def _serve_static(corpus: Corpus, rng: random.Random) -> ServeCase:
    path = rng.choice(
        [
            "/",
            "/game/x",
            "/game/" + "x" * 3000,
            "/static/app.js",
            "/static/app.css",
            "/static/",
            "/static/../cli.py",
            "/static/%2e%2e/cli.py",
            "/favicon.ico",
            "//",
            "/static/app.css/",
        ]
    )
    method = rng.choice(["GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "BREW", ""])
    body = rng.choice([b"", b"x" * 2_000_000])
    return ServeCase("static", (Request(method, path, rng.choice(QUERIES), _hostile_headers(rng), body),))


def _serve_setup(corpus: Corpus, rng: random.Random) -> ServeCase:
    key = rng.choice(["west-of-africa", "africa", "variant-africa-simple", "variant-cheap-farming", *ODD_KEYS[:7]])
    path = rng.choice(["/api/setup", f"/api/rules/{key}"])
    return ServeCase(
        "setup", (Request(rng.choice(["GET", "GET", "POST"]), path, rng.choice(QUERIES), _hostile_headers(rng)),)
    )


def start_form(rng: random.Random) -> dict[str, Any]:
    """A start form, legal or with one to three of its fields made odd."""
    ruleset = rng.choice(["west-of-africa", "africa"])
    form: dict[str, Any] = {
        "ruleset": ruleset,
        "players": rng.choice([2, 3]),
        "seed": rng.randrange(1000),
        "set": [],
        "seats": ["human", "random", "random"],
    }
    form["seats"] = form["seats"][: form["players"]]
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        field = rng.choice(["ruleset", "players", "seed", "set", "seats", "at", "extra"])
        if field == "seats":
            form["seats"] = [rng.choice(SEATS) for _ in range(rng.choice([0, 1, 2, 3, 9]))]
        elif field == "set":
            form["set"] = [
                rng.choice(
                    [
                        *ODD_WORDS,
                        set_case(rng),
                        "economy.gold.cap=" + nested(rng.choice(SHAPES), rng.choice(NESTINGS), 200_000),
                    ]
                )
                for _ in range(rng.choice([1, 2, 50]))
            ]
        else:
            form[field] = rng.choice(FORM_VALUES)
    return form


def _body(rng: random.Random, value: Any) -> bytes:
    """``value`` as JSON, or a hostile body instead: not JSON, deep, huge, not an object."""
    choice = rng.random()
    if choice < 0.6:
        return _json_bytes(value)
    if choice < 0.75:
        return nested(rng.choice(["json_list", "json_map", "unclosed"]), rng.choice(NESTINGS)).encode()
    return rng.choice(
        [
            b"",
            b"{",
            b"[]",
            b"null",
            b"\xff\xfe{}",
            b'{"a": NaN}',
            b'{"a": 1, "a": 2}',
            b"1" * 5000,
            b'{"seed": ' + b"9" * 5000 + b"}",
            b"x" * 1_200_000,
            b'"' + b"\\u0000" * 1000 + b'"',
        ]
    )


def _serve_new_game(corpus: Corpus, rng: random.Random) -> ServeCase:
    form = start_form(rng)
    return ServeCase(
        "new_game",
        (
            Request("POST", "/api/games", b"", _hostile_headers(rng), _body(rng, form)),
            Request("GET", "/api/games/{new}"),
        ),
    )


def _serve_sentinel(corpus: Corpus, rng: random.Random) -> ServeCase:
    """Seats naming the sentinel module: in a start form (then a bot move), or in an uploaded
    log's header (its check recomputed, as anyone can), then a bot move."""
    from woa_core.report.gamelog import record_game
    from woa_core.rules import read_rules

    if rng.random() < 0.5:
        seats = [sentinel_seat(rng), sentinel_seat(rng)]
        form = {"ruleset": rng.choice(["west-of-africa", "africa"]), "players": 2, "seed": 1, "set": [], "seats": seats}
        first = Request("POST", "/api/games", body=_json_bytes(form))
    else:
        source = read_rules(rng.choice(["west-of-africa", "africa"]))
        log = record_game(source.compile(2), rng.randrange(100), source, [sentinel_seat(rng), sentinel_seat(rng)], [])
        upload = log.text().encode()  # every check right: anyone can compute them
        first = Request("POST", "/api/games/resume", rng.choice([b"", b"people=", b"people=2"]), body=upload)
    return ServeCase(
        "sentinel",
        (
            first,
            Request("POST", "/api/games/{new}/bot", body=b'{"at": -1}'),
            Request("POST", "/api/games/{new}/bot", body=b'{"at": {at}}'),
        ),
    )


def _serve_game(corpus: Corpus, rng: random.Random) -> ServeCase:
    """A request on a game being played (a person first, bots after; some bots with the largest
    budget the server's default ceiling lets a client ask: larger ones are refused at creation,
    which the new_game family throws at it)."""
    seats = ("human", rng.choice(["random", "heuristic", "mcts:iterations=2", "mcts:iterations=1000"]))
    route = rng.choice(GAME_PATHS)
    value: dict[str, Any] = {"at": rng.choice(["{at}", "{at}", 0, -1, 10**30, None, "0", True])}
    if route == "/play":
        value["action"] = rng.choice(
            [
                "select minus",
                "p1 select minus",
                "",
                "fly away",
                "select " + "la_palma " * 500,
                "\x1b[2J",
                None,
                5,
                ["select"],
                "select la_palma el_hierro",
                "start dakar",
                "p2 select minus",
                "select\x00minus",
            ]
        )
    elif route == "/undo":
        value["to"] = rng.choice([0, 1, -1, 10**30, None, "0", True, 1.5, 2**63])
    elif route == "/hint":
        value["iterations"] = rng.choice([-1, 0, 1, 2, 60, 10000, 10001, 10**30, "x", True, None, 1.5])
    method = "GET" if route in GETS or route.startswith("/position/") else "POST"
    body = _body(rng, value) if method == "POST" else b""
    request = Request(method, "/api/games/{key}" + route, rng.choice(QUERIES), _hostile_headers(rng), body)
    return ServeCase("game", (request,), seats)


def _serve_resume(corpus: Corpus, rng: random.Random) -> ServeCase:
    choice = rng.random()
    if choice < 0.5:
        body = log_case(corpus, rng).encode("utf-8", "surrogateescape")
    elif choice < 0.7:
        body = rng.choice(corpus.logs).encode()
    else:
        body = _body(rng, {"woa_log": 2})
    query = rng.choice([b"", b"name=saved.jsonl", *QUERIES])
    return ServeCase(
        "resume",
        (
            Request("POST", "/api/games/resume", query, _hostile_headers(rng), body),
            Request("GET", "/api/games/{new}/log"),
        ),
    )


def _serve_tampered(corpus: Corpus, rng: random.Random) -> ServeCase:
    body = tampered_case(corpus, rng).encode()
    return ServeCase("tampered", (Request("POST", "/api/games/resume", b"name=t.jsonl", body=body, tampered=True),))


def _serve_keys(corpus: Corpus, rng: random.Random) -> ServeCase:
    key = rng.choice(ODD_KEYS)
    path = "/api/games/" + key + rng.choice(GAME_PATHS)
    method = rng.choice(["GET", "POST", "DELETE"])
    return ServeCase(
        "keys", (Request(method, path, rng.choice(QUERIES), _hostile_headers(rng), b'{"at": 0}'),), ("human", "random")
    )


class App:
    """The app of ``woa serve`` (the bundled rules), called in this process as an ASGI server
    would call it, on an event loop of its own in a thread of its own (so a caller whose thread
    already runs a loop, as pytest's with playwright's browser open, can call it too)."""

    def __init__(self) -> None:
        import asyncio
        import threading

        from woa_core.serve.app import make_app
        from woa_core.serve.catalogue import Catalogue

        self.app = make_app(Catalogue([]), {HOST})
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="fuzz-serve-loop", daemon=True).start()

    def request(
        self, method: str, path: str, query: bytes = b"", headers: Any = (), body: bytes = b""
    ) -> tuple[int, bytes]:
        """The status and body of one request."""
        import asyncio

        call = self._call(method, path, query, tuple(headers), body)
        return asyncio.run_coroutine_threadsafe(call, self.loop).result()

    async def _call(
        self, method: str, path: str, query: bytes, headers: tuple[tuple[bytes, bytes], ...], body: bytes
    ) -> tuple[int, bytes]:
        chunks = [body[i : i + 65536] for i in range(0, len(body), 65536)] or [b""]
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            if chunks:
                chunk = chunks.pop(0)
                return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        named = {k.lower(): v for k, v in [(b"host", HOST.encode()), *headers]}  # the last of a name wins
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode("utf-8", "surrogateescape"),
            "query_string": query,
            "root_path": "",
            "headers": list(named.items()),
            "client": ("127.0.0.1", 40000),
            "server": ("127.0.0.1", 8765),
        }
        await self.app(scope, receive, send)
        start = next(m for m in sent if m["type"] == "http.response.start")
        return start["status"], b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def check_serve(app: App, case: ServeCase, sentinel: Path) -> str:
    """Make a case's requests: "valid" (the last answered 2xx), "error" (4xx), "tampered" (a
    tampered log was resumed); ``Escape`` for a 5xx, a traceback, or the sentinel imported."""
    for name in ("imported", "called"):
        (sentinel / name).unlink(missing_ok=True)
    sys.modules.pop(SENTINEL, None)
    fill: dict[str, str] = {"{key}": "nope", "{new}": "nope", "{at}": "0"}
    if case.seats is not None:
        form = {
            "ruleset": "west-of-africa",
            "players": len(case.seats),
            "seed": 1,
            "set": [],
            "seats": list(case.seats),
        }
        status, answer = app.request("POST", "/api/games", body=_json_bytes(form))
        if status != 200:
            raise Escape(f"a legal game could not be started: {status} {answer[:300]!r}")
        fill["{key}"] = json.loads(answer)["id"]
    status, outcome = 0, "valid"
    for request in case.requests:
        path = request.path.replace("{key}", fill["{key}"]).replace("{new}", fill["{new}"])
        at = fill["{at}"].encode()
        body = request.body.replace(b'"{at}"', at).replace(b"{at}", at)
        try:
            status, answer = app.request(request.method, path, request.query, request.headers, body)
        finally:
            if (sentinel / "imported").exists() or (sentinel / "called").exists():
                raise Imported(f"{request.method} {path[:80]} imported or ran the module {SENTINEL} a request named")
        if status >= 500 or b"Traceback" in answer:
            raise Escape(f"{request.method} {path[:80]}: {status} {answer[-300:]!r}")
        if request.tampered and status == 200:
            outcome = "tampered"
        if status == 200 and answer.startswith(b"{") and b"\n{" not in answer:  # (a log is lines of JSON)
            data = json.loads(answer)
            if isinstance(data, dict) and isinstance(data.get("id"), str) and "at" not in data:
                fill["{new}"] = data["id"]
            if isinstance(data, dict) and isinstance(data.get("at"), int):
                fill["{at}"] = str(data["at"])
    if outcome == "tampered":
        return outcome
    return "valid" if status < 400 else "error"


# ------------------------------------------------------------------------------ checking


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


TINY_RUN = {"trials": 1, "games": 2, "round_games": 1, "confirm_games": 2, "candidates": 1, "in_flight": 1}
"""What a valid tune file's tiny run changes: one trial of two games, two confirmation games."""
TUNE_OUT = "tune-out"


def check_tune(path: str) -> str:
    """Read a tune file as ``woa tune`` does before its first game (``load_tune``); if valid and
    Optuna is installed, run ``woa tune`` on it with ``TINY_RUN`` (``--trials 1``, one worker) in
    ``tune-out``. "valid" (the run wrote its report) or "error" (a located error, or the run's
    sentence); raises ``Escape`` for anything else."""
    import io

    from woa_core.rules.source import load_yaml
    from woa_core.tune.tune_file import load_tune

    try:
        load_tune(path)
    except WoaError as e:
        _located(e)
        return "error"
    try:
        import optuna  # noqa: F401
    except ImportError:  # the 'tune' extra is not installed: the file was read, nothing to run
        return "valid"
    from woa_core.cli import main

    tiny = Path(path).with_name(f"tiny-{Path(path).name}")
    tiny.write_text(_dump(load_yaml(path).data | TINY_RUN), encoding="utf-8")
    shutil.rmtree(TUNE_OUT, ignore_errors=True)
    said = io.StringIO()
    argv = ["tune", str(tiny), "--out", TUNE_OUT, "--trials", "1", "--workers", "1", "--quiet"]
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        status = main(argv)
    if status == 0 and (Path(TUNE_OUT) / "report.json").is_file():
        return "valid"
    if status in (1, 2) and said.getvalue().strip():
        return "error"
    raise Escape(f"woa tune on a valid tune file: exit status {status}, {said.getvalue().strip()[-300:]!r}")


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
    from woa_core.report import gamelog

    try:
        gamelog.replay(path)
    except WoaError as e:
        _located(e)
        return "error"
    return "valid"


def check_tampered(path: str) -> str:
    """Replay a tampered log: "refused" (a located error), or "accepted" (a failure: the log
    said what its game did not, and the replay found it matching)."""
    return "refused" if check_log(path) == "error" else "accepted"


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


class OverCpu(TimeoutError):
    """A case used more CPU time than its bound."""


class Hang(TimeoutError):
    """A case ran longer than the hang bound (wall-clock time)."""


@contextlib.contextmanager
def bounded(cpu_seconds: float, wall_seconds: float) -> Iterator[None]:
    """Raise ``OverCpu`` in this (main) thread after ``cpu_seconds`` of this process's CPU time,
    ``Hang`` after ``wall_seconds`` of wall-clock time."""

    def over_cpu(signum: int, frame: Any) -> None:
        raise OverCpu(f"over {cpu_seconds:g} s of CPU time")

    def hang(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {wall_seconds:g} s")

    previous = signal.signal(signal.SIGPROF, over_cpu), signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    signal.setitimer(signal.ITIMER_REAL, wall_seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, previous[0])
        signal.signal(signal.SIGALRM, previous[1])


FAILURES = {
    "escape": "tracebacks (or a result that is no located error)",
    "hang": "hangs",
    "slow": "over the CPU bound",
    "memory": "over the memory bound",
    "tampered": "tampered logs accepted",
    "imported": "modules a request named imported by the server",
}
"""The outcomes that are failures, and what the report calls them."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """Per-case bounds: CPU seconds (``deep`` cases: ``deep_seconds``), wall seconds before a
    case counts as a hang, growth of peak memory in MB, and when a command still running is
    interrupted (``stop_after``)."""

    seconds: float = 5.0
    deep_seconds: float = 1.0
    hang: float = 30.0
    megabytes: float = 500.0
    stop_after: float = 5.0

    def cpu(self, kind: str) -> float:
        """The CPU bound of a case of ``kind``."""
        return self.deep_seconds if kind == "deep" else self.seconds


@dataclass(slots=True)
class Measure:
    """What one case took."""

    cpu: float
    wall: float
    megabytes: float
    peak: float = 0.0
    """The peak memory of the process a case ran in, when that is not this one (MB)."""


@dataclass(slots=True)
class Tally:
    """Outcomes of a fuzz run: counts by kind and outcome, the slowest case (CPU seconds) of each
    kind, the largest memory a case reached."""

    outcomes: Counter[tuple[str, str]]
    slowest: dict[str, tuple[float, str]] = field(default_factory=dict)
    failures: int = 0
    peak_child_mb: float = 0.0

    def add(self, kind: str, index: int, outcome: str, measure: Measure) -> None:
        """Count one case."""
        self.outcomes[(kind, outcome)] += 1
        if measure.cpu > self.slowest.get(kind, (-1.0, ""))[0]:
            self.slowest[kind] = (measure.cpu, f"{kind} #{index} ({measure.wall:.2f} s wall)")
        if outcome in FAILURES:
            self.failures += 1

    def count(self, outcome: str) -> int:
        """Cases of every kind with ``outcome``."""
        return sum(n for (_, o), n in self.outcomes.items() if o == outcome)


IN_PROCESS = ("rules", "scenarios", "logs", "tampered", "sets", "sweeps", "tunes", "hands", "bots", "deep")
KINDS = (*IN_PROCESS, "cli", "serve")
"""Every kind of input, in the order they run (``cli``: ``woa`` command lines in processes of
their own; ``serve``: requests to ``woa serve``'s app, in a worker process)."""


def make_case(kind: str, corpus: Corpus, rng: random.Random) -> tuple[str, dict[str, str], Callable[[str], str]]:
    """A case of an in-process ``kind``: what is read, the files it needs, how it is read."""
    if kind == "rules":
        spec, files = rules_case(corpus, rng)
        return spec, files, check_rules
    if kind == "scenarios":
        return "s.yaml", {"s.yaml": scenario_case(corpus, rng)}, check_scenario
    if kind == "logs":
        return "g.jsonl", {"g.jsonl": log_case(corpus, rng)}, check_log
    if kind == "tampered":
        return "g.jsonl", {"g.jsonl": tampered_case(corpus, rng)}, check_tampered
    if kind == "sets":
        return set_case(rng), {}, check_set
    if kind == "sweeps":
        return "space.yaml", {"space.yaml": sweep_case(rng)}, check_sweep
    if kind == "tunes":
        spec, files = random_tune_case(corpus, rng)
        return spec, files, check_tune
    if kind == "hands":
        return "s.yaml", {"s.yaml": hand_case(rng)}, check_scenario
    if kind == "bots":
        return bot_case(rng), {}, check_bots
    target, spec, files = deep_case(corpus, rng)
    files["target.txt"] = target  # what the case is, for its report
    return spec, files, check_deep(target)


def run_in_process(
    kind: str, index: int, corpus: Corpus, rng: random.Random, bounds: Bounds, case: Path
) -> tuple[str, str, Measure]:
    """One in-process case: its outcome, the failure's detail, what it took."""
    spec, files, target = make_case(kind, corpus, rng)
    write_files(case, files)
    if kind == "sets":
        (case / "argument.txt").write_text(spec, encoding="utf-8", errors="surrogateescape")
    before, detail = peak_mb(), ""
    started, cpu_started = time.perf_counter(), time.process_time()
    previous_cwd = os.getcwd()
    os.chdir(case)
    try:
        with bounded(bounds.cpu(kind), bounds.hang):
            outcome = target(spec)
    except Hang as e:
        outcome, detail = "hang", str(e)
    except OverCpu as e:
        outcome, detail = "slow", f"{files.get('target.txt', kind)}: {e}"
    except Exception as e:  # classifying every escape is the point
        outcome = "escape"
        detail = traceback.format_exc() if not isinstance(e, Escape) else str(e)
    finally:
        os.chdir(previous_cwd)
    measure = Measure(time.process_time() - cpu_started, time.perf_counter() - started, peak_mb() - before)
    if outcome == "accepted":
        outcome, detail = "tampered", f"a tampered log replayed as matching ({files['g.jsonl'][:200]!r}...)"
    if outcome not in FAILURES and measure.megabytes > bounds.megabytes:
        outcome, detail = "memory", f"peak memory grew by {measure.megabytes:.0f} MB"
    return outcome, detail, measure


def run_cli(index: int, corpus: Corpus, rng: random.Random, bounds: Bounds, case: Path) -> tuple[str, str, Measure]:
    """One command line, run in the case's folder (the files it may name, and a FIFO)."""
    argv = cli_case(rng)
    write_files(case, cli_files(corpus))
    os.mkfifo(case / "fifo")
    (case / "argv.json").write_text(json.dumps(argv), encoding="utf-8")
    started = time.perf_counter()
    finished = run_command(argv, case, bounds.stop_after, bounds.hang)
    measure = Measure(finished.cpu, time.perf_counter() - started, finished.megabytes, finished.megabytes)
    detail = ""
    try:
        outcome = check_command(finished)
    except TimeoutError as e:
        outcome, detail = "hang", f"woa {' '.join(argv)[:300]}: {e}"
    except Escape as e:
        outcome, detail = "escape", f"woa {' '.join(argv)[:300]}:\n{e}"
    if outcome not in FAILURES and finished.megabytes > bounds.megabytes:
        outcome, detail = "memory", f"woa {' '.join(argv)[:300]}: peak memory {finished.megabytes:.0f} MB"
    return outcome, detail, measure


class ServeWorker:
    """A process running the server's app (``--serve-worker``): it is sent cases (pickled) on
    its standard input and answers each with a line of JSON; one that takes longer than the hang
    bound is killed (a thread stuck in the server cannot be stopped otherwise) and a new one
    started for the next case."""

    def __init__(self, sentinel: Path) -> None:
        self.sentinel = sentinel
        self.process: Any = None

    def _start(self) -> Any:
        import subprocess

        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve-worker", str(self.sentinel)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            preexec_fn=_child_limits,
        )
        return self.process

    def run(self, case: ServeCase, hang: float) -> dict[str, Any]:
        """The worker's answer for ``case`` (outcome, detail, cpu, megabytes), or a hang."""
        import base64
        import pickle
        import select

        process = self.process if self.process is not None and self.process.poll() is None else self._start()
        process.stdin.write(base64.b64encode(pickle.dumps(case)) + b"\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], hang)
        line = process.stdout.readline() if ready else b""
        if not line:
            self.stop()
            what = "still running after the hang bound" if not ready else "the worker died"
            return {"outcome": "hang" if not ready else "escape", "detail": what, "cpu": hang, "megabytes": 0.0}
        return json.loads(line)  # type: ignore[no-any-return]

    def stop(self) -> None:
        """End the worker (killed: its threads may be stuck)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process.stdin.close()
            self.process.stdout.close()
            self.process = None


def serve_worker(sentinel: Path) -> int:
    """The worker's loop (``--serve-worker SENTINEL``): the app made once, each case run on it."""
    import base64
    import pickle

    sys.path.insert(0, str(sentinel))
    app = App()
    for line in sys.stdin.buffer:
        case = pickle.loads(base64.b64decode(line))
        before, cpu_started, detail = peak_mb(), time.process_time(), ""
        try:
            outcome = check_serve(app, case, sentinel)
        except Imported as e:
            outcome, detail = "imported", str(e)
        except Exception as e:  # classifying every escape is the point
            outcome = "escape"
            detail = traceback.format_exc() if not isinstance(e, Escape) else str(e)
        answer = {
            "outcome": outcome,
            "detail": detail,
            "cpu": time.process_time() - cpu_started,
            "megabytes": peak_mb() - before,
            "peak": peak_mb(),
        }
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


def make_sentinel(folder: Path) -> Path:
    """The sentinel module's folder (``SENTINEL``), made in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{SENTINEL}.py").write_text(SENTINEL_SOURCE, encoding="utf-8")
    return folder


def run_serve(
    index: int, corpus: Corpus, rng: random.Random, bounds: Bounds, case: Path, worker: ServeWorker
) -> tuple[str, str, Measure]:
    """One case of requests to the server's app, in the worker."""
    import pickle

    serve = serve_case(corpus, rng)
    (case / "case.pickle").write_bytes(pickle.dumps(serve))
    (case / "case.txt").write_text(repr(serve)[:20000], encoding="utf-8")
    started = time.perf_counter()
    answer = worker.run(serve, bounds.hang)
    measure = Measure(answer["cpu"], time.perf_counter() - started, answer["megabytes"], answer.get("peak", 0.0))
    outcome, detail = answer["outcome"], f"{serve.family}: {answer['detail']}"
    if outcome == "tampered":
        detail = f"{serve.family}: a tampered log was resumed"
    if outcome not in FAILURES and measure.cpu > bounds.seconds:
        outcome, detail = "slow", f"{serve.family}: {measure.cpu:.1f} s of CPU time"
    if outcome not in FAILURES and measure.megabytes > bounds.megabytes:
        outcome, detail = "memory", f"{serve.family}: peak memory grew by {measure.megabytes:.0f} MB"
    return outcome, f"[{serve.family}] {detail}", measure


def run(kind: str, cases: int, seed: int, corpus: Corpus, bounds: Bounds, out: Path, tally: Tally) -> None:
    """Run ``cases`` fuzz cases of ``kind`` (one of ``KINDS``)."""
    rng = random.Random(f"{kind}:{seed}")
    worker = ServeWorker(make_sentinel(corpus.folder / "sentinel")) if kind == "serve" else None
    try:
        for index in range(cases):
            case = corpus.folder / f"case-{kind}"
            shutil.rmtree(case, ignore_errors=True)
            case.mkdir()
            if kind == "cli":
                outcome, detail, measure = run_cli(index, corpus, rng, bounds, case)
            elif worker is not None:
                outcome, detail, measure = run_serve(index, corpus, rng, bounds, case, worker)
            else:
                outcome, detail, measure = run_in_process(kind, index, corpus, rng, bounds, case)
            tally.add(kind, index, outcome, measure)
            tally.peak_child_mb = max(tally.peak_child_mb, measure.peak)
            if outcome in FAILURES:
                saved = out / f"{kind}-{index:05d}"
                shutil.copytree(case, saved, dirs_exist_ok=True, ignore=shutil.ignore_patterns("fifo"))
                (saved / "failure.txt").write_text(detail, encoding="utf-8", errors="replace")
                last = (detail.strip().splitlines() or [""])[-1][:200]
                print(f"FAIL {kind} #{index} ({outcome}): {last} (saved in {saved})", file=sys.stderr, flush=True)
    finally:
        if worker is not None:
            worker.stop()


def report(tally: Tally, seconds: float, seed: int, bounds: Bounds) -> None:
    """Print the run's figures."""
    total = sum(tally.outcomes.values())
    print(f"{total} cases in {seconds:.0f} s (seed {seed}; shared machine)")
    for (kind, outcome), n in sorted(tally.outcomes.items(), key=lambda item: (KINDS.index(item[0][0]), item[0][1])):
        print(f"  {kind:10} {outcome:9} {n:6}")
    for kind in KINDS:
        if kind in tally.slowest:
            cpu, where = tally.slowest[kind]
            print(f"  slowest {kind:10} {cpu:6.2f} s CPU ({where})")
    worst = max(tally.slowest.values(), default=(0.0, ""))
    print(
        f"slowest case: {worst[0]:.2f} s CPU ({worst[1]}); slowest deep-nesting case: "
        f"{tally.slowest.get('deep', (0.0, 'none run'))[0]:.2f} s CPU (bound {bounds.deep_seconds:g} s)"
    )
    print(
        f"peak memory: this process {peak_mb():.0f} MB; a command line's or the server worker's at most "
        f"{tally.peak_child_mb:.0f} MB"
    )
    print(
        f"tracebacks: {tally.count('escape')}; hangs ({bounds.hang:g} s): {tally.count('hang')}; tampered logs "
        f"accepted: {tally.count('tampered')}; server imports of a named module: {tally.count('imported')}; over "
        f"{bounds.seconds:g} s CPU ({bounds.deep_seconds:g} s deep): {tally.count('slow')}; over "
        f"{bounds.megabytes:g} MB: {tally.count('memory')}"
    )
    print(f"failures: {tally.failures}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    counts = {
        "rules": (500, "mutated rule files of both games and variants"),
        "logs": (200, "corrupted logs (both games)"),
        "scenarios": (100, "mutated scenarios"),
        "tampered": (
            100,
            "tampered logs of finished games (duplicate keys, forged results, edited seeds and actions): "
            "one that replays as matching is counted apart, as 'tampered'",
        ),
        "sets": (100, "--set arguments with deep paths and values"),
        "sweeps": (100, "sweep spaces of any size"),
        "tunes": (
            100,
            "mutated tune files (text or structure), read as woa tune reads them; a valid one is run "
            "(--trials 1, two games a trial, two confirmation games) when Optuna is installed",
        ),
        "hands": (100, "scenarios with huge hands"),
        "bots": (100, "--bots values: parameters beyond bounds, module:attr names"),
        "deep": (
            100,
            "inputs of at most 1 MB nested up to 499,000 deep (YAML rules, variants, --set, scenarios, "
            "sweep spaces; JSON log lines), each bound to --deep-seconds of CPU",
        ),
        "cli": (50, "woa command lines with odd counts, paths and values, each in a process of its own"),
        "serve": (
            300,
            "requests to every route of woa serve's app (called in a worker process): hostile bodies, "
            "query strings, headers, game ids and seats (module:attr seats name a sentinel module whose "
            "import is recorded)",
        ),
    }
    for kind in KINDS:
        default, what = counts[kind]
        parser.add_argument(f"--{kind}", type=_count, default=default, metavar="N", help=f"cases: {what}")
    parser.add_argument("--seed", type=int, default=0, help="the seed every kind's cases are drawn from")
    parser.add_argument("--seconds", type=_positive, default=5.0, help="CPU seconds a case may take")
    parser.add_argument("--deep-seconds", type=_positive, default=1.0, help="CPU seconds a deep-nesting case may take")
    parser.add_argument("--hang", type=_positive, default=30.0, help="wall-clock seconds after which a case is a hang")
    parser.add_argument(
        "--stop-after",
        type=_positive,
        default=5.0,
        help="wall-clock seconds after which a command line still running is sent Ctrl-C (SIGINT); "
        "it must then stop cleanly within --hang",
    )
    parser.add_argument("--megabytes", type=_positive, default=500.0, help="bound on a case's peak memory growth (MB)")
    parser.add_argument("--out", default="fuzz-failures", help="where failing cases are saved (with failure.txt)")
    parser.add_argument(
        "--serve-worker",
        metavar="SENTINEL",
        help="internal: the worker process the serve cases "
        "run in (started by the fuzzer itself; SENTINEL is the sentinel module's folder)",
    )
    args = parser.parse_args(argv)
    if args.serve_worker:
        return serve_worker(Path(args.serve_worker))
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    resource.setrlimit(resource.RLIMIT_AS, (4 * 1024**3, resource.RLIM_INFINITY))  # a safety net
    bounds = Bounds(args.seconds, args.deep_seconds, args.hang, args.megabytes, args.stop_after)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="woa-fuzz-") as scratch:
        corpus = Corpus(Path(scratch))
        tally = Tally(Counter())
        for kind in KINDS:
            run(kind, getattr(args, kind), args.seed, corpus, bounds, out, tally)
    report(tally, time.perf_counter() - started, args.seed, bounds)
    if tally.failures:
        print(f"failing cases saved in {out}")
    return 1 if tally.failures else 0


def _count(text: str) -> int:
    """A number of cases: a whole number, 0 or more."""
    if not text.strip().isdigit() or len(text.strip()) > 9:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of cases (0 or more)")
    return int(text)


def _positive(text: str) -> float:
    """A bound: a number above 0."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < 1e6:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number above 0")
    return value


if __name__ == "__main__":
    raise SystemExit(main())
