"""What the tools around the game cost, in CPU seconds (issue 41.6): ``woa --version`` and
``woa --help`` against a bare Python start, and ``woa check``'s games per CPU-second for West of
Africa at 4 players with random bots (sampled round trips, and with ``--exhaustive``), and the
share of ``woa simulate``'s CPU spent outside play (Africa and West of Africa, 4 players, the
command as written, with the pack's own bots, and with random bots: the whole command against a
process that only plays the same games). A script, not a test:
it measures and prints.

Every figure is a fresh ``python -m woa_core`` process run from a source tree (``--source``,
default this one, put first on ``PYTHONPATH``): the CPU time of the process and of every process
it waited for (``resource.getrusage(RUSAGE_CHILDREN)``), so a busy machine slows it less than wall
time would; the best of ``--repeats`` for the start-up rows. The build is the one ``woa --version``
names (from a source tree: pure Python). Point ``--source`` at a copy of an older commit (``git
archive COMMIT | tar -x -C DIR``) to measure before and after on the same machine.

    python benchmarks/tool_speed.py                          # start-up and check (a minute or two)
    python benchmarks/tool_speed.py --only startup --repeats 20
    python benchmarks/tool_speed.py --only check --games 10 --source /tmp/before --json
    python benchmarks/tool_speed.py --only simulate --games 20     # 400 games of each, with either bots
    python benchmarks/tool_speed.py --python /tmp/venv/bin/python  # an installed (compiled) build

``--python`` measures an installed build instead: its interpreter runs ``python -m woa_core``
from a folder outside any source tree.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import UsageError, run_script
from woa_core.options import positive_int

ROOT = Path(__file__).resolve().parents[1]


PYTHON = [sys.executable]
"""The interpreter of the measured processes (``--python`` sets it): that of this script by
default, run on the source tree; another (an installed, compiled build's) runs its own install."""

PYCACHE = Path(tempfile.gettempdir()) / f"woa-tool-speed-pycache-{os.getuid()}"
"""Where the measured processes keep their bytecode (as an installed or used tree has it), apart
from the source tree; a first run of each command writes it and is not counted."""


def cpu_of(command: list[str], source: Path) -> tuple[float, str]:
    """The CPU seconds (user + system) of ``command`` and the processes it waited for, and its
    standard output; a failing command is a ``UsageError`` naming it. The bytecode is cached
    (``PYCACHE``) even where ``PYTHONDONTWRITEBYTECODE`` is set: a user's start reads it, it does
    not compile every module."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "WOA_PURE")}
    cwd = source
    if PYTHON[0] == sys.executable:  # the source tree, first on the path
        env |= {"PYTHONPATH": str(source), "PYTHONPYCACHEPREFIX": str(PYCACHE / source.name)}
    else:  # an installed build, run from outside any source tree
        cwd = Path(tempfile.gettempdir())
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise UsageError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, done.stdout


def startup(source: Path, repeats: int) -> list[dict[str, object]]:
    """Best and median CPU seconds of a bare Python start, ``woa --version`` and ``woa --help``,
    the runs interleaved."""
    commands = {
        "python -c pass": [PYTHON[0], "-c", "pass"],
        "woa --version": [PYTHON[0], "-m", "woa_core", "--version"],
        "woa --help": [PYTHON[0], "-m", "woa_core", "--help"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # the bytecode written, not counted
        cpu_of(command, source)
    for _ in range(repeats):
        for name, command in commands.items():
            times[name].append(cpu_of(command, source)[0])
    return [
        {"command": name, "best_cpu_s": round(min(t), 4), "median_cpu_s": round(statistics.median(t), 4)}
        for name, t in times.items()
    ]


def check_speed(source: Path, games: int, exhaustive: bool) -> dict[str, object]:
    """Games per CPU-second of ``woa check`` at 4 players, random bots, one worker (the whole
    command: start-up, rules and games)."""
    command = [PYTHON[0], "-m", "woa_core", "check", "--players", "4", "--games", str(games)]
    command += ["--bots", "random", "--workers", "1", "--seed", "0"] + (["--exhaustive"] if exhaustive else [])
    cpu_of([*command[:7], "1", *command[8:]], source)  # the bytecode written, not counted
    seconds, _ = cpu_of(command, source)
    return {
        "command": " ".join(["woa", *command[3:]]),
        "games": games,
        "cpu_s": round(seconds, 2),
        "games_per_cpu_s": round(games / seconds, 2),
    }


PLAY_ONLY = """
import sys
from woa_core.bots import seated
from woa_core.kernel import loop
from woa_core.kernel.contract import new_game
from woa_core.rules import load_rules
from woa_core.sim.runner import game_seed
from woa_core.bots import seat_bots
rules, games = load_rules(sys.argv[1], int(sys.argv[2])), int(sys.argv[3])
bots = seat_bots(sys.argv[4] if len(sys.argv) > 4 else None, rules.players, rules.pack)
for i in range(games):
    seed = game_seed(0, i)
    loop.run(new_game(rules, seed), seated.bots(bots, seed, rules.pack))
"""
"""The same games as ``woa simulate --seed 0`` plays, and nothing else: the rules loaded, each game
made and played by its bots (``random``, or the pack's own when none is named)."""


def simulate_overhead(source: Path, rules: str, games: int, bots: str | None) -> dict[str, object]:
    """The share of ``woa simulate``'s CPU spent outside play (start-up, figures, statistics, the
    report): the whole command's CPU against that of a process that only plays the same games;
    ``bots`` None: the command as written, with the pack's own bots."""
    command = [PYTHON[0], "-m", "woa_core", "simulate", "--rules", rules, "--players", "4"]
    command += ["--games", str(games), "--workers", "1", "--seed", "0"] + (["--bots", bots] if bots else [])
    play = [PYTHON[0], "-c", PLAY_ONLY, rules, "4", str(games)] + ([bots] if bots else [])
    cpu_of([*command[:9], "1", *command[10:]], source)  # the bytecode written, not counted
    whole, _ = cpu_of(command, source)
    alone, _ = cpu_of(play, source)
    return {
        "command": " ".join(["woa", *command[3:]]),
        "cpu_s": round(whole, 2),
        "play_cpu_s": round(alone, 2),
        "outside_play": round(max(0.0, whole - alone) / whole, 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("startup", "check", "simulate"), help="one part only")
    parser.add_argument("--repeats", type=positive_int, default=10, help="runs of each start-up row (best is shown)")
    parser.add_argument("--games", type=positive_int, default=10, help="games of the check rows (default: 10)")
    parser.add_argument("--no-exhaustive", action="store_true", help="leave out the --exhaustive check row")
    parser.add_argument("--source", type=Path, default=ROOT, help="the source tree to run (default: this one)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--python", help="the interpreter of an installed build to measure (e.g. a compiled venv's bin/python)"
    )
    args = parser.parse_args()
    if args.python:
        PYTHON[0] = args.python
    source = args.source.resolve()
    if not (source / "woa_core" / "__init__.py").is_file():
        raise UsageError(f"--source {source}: no woa_core there")
    version = cpu_of([PYTHON[0], "-m", "woa_core", "--version"], source)[1].strip()
    out: dict[str, object] = {"source": str(source), "version": version}
    if args.only in (None, "startup"):
        out["startup"] = startup(source, args.repeats)
    if args.only in (None, "check"):
        rows = [check_speed(source, args.games, exhaustive=False)]
        if not args.no_exhaustive:
            rows.append(check_speed(source, args.games, exhaustive=True))
        out["check"] = rows
    if args.only in (None, "simulate"):
        out["simulate"] = [
            simulate_overhead(source, rules, n, bots)
            for rules in ("africa", "west-of-africa")
            for bots, n in ((None, 20 * args.games), ("random", 20 * args.games))
        ]
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{version}, from {source}")
    for row in out.get("startup", []):  # type: ignore[attr-defined]
        print(f"  {row['command']:<16} best {row['best_cpu_s']:.3f} CPU-s, median {row['median_cpu_s']:.3f}")
    for row in out.get("check", []):  # type: ignore[attr-defined]
        print(f"  {row['command']}: {row['games_per_cpu_s']} games per CPU-second ({row['cpu_s']} CPU-s)")
    for row in out.get("simulate", []):  # type: ignore[attr-defined]
        share = f"{100 * row['outside_play']:.1f} %"
        print(f"  {row['command']}: {share} of {row['cpu_s']} CPU-s outside play (play alone {row['play_cpu_s']})")
    return 0


if __name__ == "__main__":
    run_script(main)
