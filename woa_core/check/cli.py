"""The ``woa check`` and ``woa scenario`` commands."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Generator
from typing import Any

from woa_core.errors import UsageError
from woa_core.options import (
    RULES_HELP,
    add_dask_option,
    add_rules_options,
    bots_help,
    player_count,
    positive_int,
    rules_overrides,
    rules_spec,
    worker_count,
)

COUNTEREXAMPLE = "counterexample.yaml"


def add_commands(sub: Any) -> None:
    """Register the checking commands on the ``woa`` parser."""
    p = sub.add_parser(
        "check",
        help="play random games checking every invariant after every action",
        description="Play random games and check every invariant after every action (the costly ones at a sample of "
        "positions unless --exhaustive): the game's own and the "
        "kernel's (woa_core/check/invariants.py). On a violation, print which invariant failed and where, shrink "
        "the game to a short counterexample and write it as a scenario file that 'woa scenario' replays; exit "
        "status 1. With --coverage, also report which parts of the rules the games exercised and which never "
        "happened (West of Africa: actions, cards, sea links, fields, round-end steps and rulings).",
        epilog=RULES_HELP,
    )
    add_rules_options(p, positional="?", help="rules to check")
    p.add_argument(
        "--players",
        type=player_count,
        action="append",
        help="player count (repeatable; default: every count the rules support)",
    )
    p.add_argument("--games", type=positive_int, default=50, help="games per player count (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default: %(default)s)")
    p.add_argument(
        "--out",
        metavar="FILE",
        help=f"where to write a counterexample scenario (default: {COUNTEREXAMPLE}; a FILE given is checked "
        "before the first game)",
    )
    p.add_argument(
        "--bots",
        help=bots_help("check", "who plays the checked games: one bot for all seats or one per seat")
        + "; heuristic bots reach rules random play rarely does",
    )
    p.add_argument("--coverage", action="store_true", help="report rule coverage")
    p.add_argument(
        "--exhaustive",
        action="store_true",
        help="check every invariant at every position and read back the notation of every legal action (default: "
        "the costly kernel invariants - the JSON round trip, the views, what is hidden, refusals, the notation - at "
        "about one position in 16 and at each game's start and end, the others after every action, and the "
        "notation of a sample of each seat's actions): about 15 times slower",
    )
    p.add_argument("--workers", type=worker_count, help="processes to use (default: all cores; at most 4 per core)")
    add_dask_option(p)
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")
    p.set_defaults(run=cmd_check)

    p = sub.add_parser(
        "scenario",
        help="run scenario files (rule tests written as YAML)",
        description="Run scenario files: set up, play the steps, compare the expectations. Prints PASS or FAIL "
        "per scenario with the first difference in words; exit status 1 if any fails or is malformed.",
    )
    p.add_argument("paths", nargs="+", metavar="FILE|DIR")
    p.add_argument("--json", action="store_true", help="print results as JSON")
    p.set_defaults(run=cmd_scenario)


def cmd_check(args: argparse.Namespace) -> int:
    """``woa check``: invariants over random games; a violation is shrunk and written out."""
    import json

    from woa_core import __version__
    from woa_core.bots import bot_pattern, seat_bots, split_bots
    from woa_core.build import build
    from woa_core.check.batch import CheckTask
    from woa_core.check.coverage import coverage_of, format_coverage
    from woa_core.check.invariants import COSTLY, COSTLY_EVERY, invariants_of
    from woa_core.check.runner import scenario_text, shrink
    from woa_core.files import check_output
    from woa_core.rules import read_rules
    from woa_core.sim.backends import open_backend
    from woa_core.sim.estimate import teller
    from woa_core.sim.interrupts import StopRequests
    from woa_core.sim.progress import Progress
    from woa_core.sim.runner import game_seed

    spec, overrides = rules_spec(args), rules_overrides(args)
    source = read_rules(spec, overrides)
    counts = args.players or list(source.counts)
    # every count's (the rules of each may call for the kernel's invariants of their components)
    invariants = list(dict.fromkeys(name for n in counts for name in invariants_of(source.compile(n), args.exhaustive)))
    bots_by_count = {n: seat_bots(args.bots, n, source.pack, check=True) for n in counts}
    backend = open_backend(args)
    outcome: dict[str, Any] = {
        "engine": __version__,
        "build": build(),
        "rules": source.name,
        "rules_hash": source.content_hash,
        "variant": source.variant,
        "overrides": list(overrides),
        "seed": args.seed,
        "bots": split_bots(args.bots) if args.bots is not None else bot_pattern(source.pack.check_bots),
        "invariants": invariants,
        "games": {},
        "violation": None,
    }
    out = args.out or COUNTEREXAMPLE
    if args.out:  # the default is not checked: if it cannot be written, the counterexample is printed
        check_output(args.out)
    progress = Progress(len(counts) * args.games, enabled=sys.stderr.isatty(), unit="games checked")
    scenario_rules = os.path.realpath(spec) if os.path.exists(spec) else spec
    coverages = {n: coverage_of(source.compile(n)) for n in counts} if args.coverage else {}
    tasks = [CheckTask(source, n, bots_by_count[n], args.seed, args.coverage, args.exhaustive) for n in counts]
    with StopRequests() as stop:  # Ctrl-C or SIGTERM: say how many games were checked
        results = _checked(tasks, args.games, backend, teller())
        try:
            for n, result in results:
                with stop.saving():
                    outcome["games"][str(n)] = outcome["games"].get(str(n), 0) + result.games
                    if n in coverages and result.seen:
                        for kind, counts_seen in result.seen.items():
                            coverages[n].seen[kind].update(counts_seen)
                progress.update(progress.done + result.games)
                violation, i = result.violation, result.game
                if violation:
                    stop.finished = True
                    progress.close()
                    rules = source.compile(n)
                    seed = game_seed(args.seed, i)
                    small = shrink(rules, violation, exhaustive=args.exhaustive)
                    text = scenario_text(rules, scenario_rules, small, overrides)
                    saved = _save_counterexample(out, text, show=not args.json)
                    where = f"{n} players, game {i} (seed {seed}), step {violation.step}"
                    print(f"invariant '{violation.invariant}' failed: {violation.message}", file=sys.stderr)
                    print(
                        f"  in {where}: after '{violation.actions[-1] if violation.actions else 'setup'}'",
                        file=sys.stderr,
                    )
                    print(
                        f"  shrunk from {violation.step} to {small.step} actions: {saved or 'above'}", file=sys.stderr
                    )
                    if saved:
                        print(f"  replay it with: woa scenario {saved}", file=sys.stderr)
                    if args.json:
                        outcome["violation"] = {
                            "invariant": violation.invariant,
                            "message": violation.message,
                            "players": n,
                            "game": i,
                            "seed": seed,
                            "step": violation.step,
                            "shrunk_steps": small.step,
                            "scenario": saved,
                            **({} if saved else {"scenario_text": text}),
                        }
                        print(json.dumps(outcome, indent=2))
                    return 1
        except KeyboardInterrupt:
            pass
        finally:
            stop.finished = True  # the games are over: from here a signal changes nothing
            results.close()  # stops the worker processes
    coverage_reports = {str(n): coverages[n].report() for n in counts if str(n) in outcome["games"] and coverages}
    progress.close()
    total = sum(outcome["games"].values())
    interrupted = stop.signal is not None and total < len(counts) * args.games
    outcome["interrupted"] = interrupted
    if args.json:
        print(json.dumps(outcome | ({"coverage": coverage_reports} if coverage_reports else {}), indent=2))
    else:
        counts_text = ", ".join(f"{k} players" for k in outcome["games"]) or "none finished"
        print(
            f"{source.name} ({outcome['rules_hash']}), seed {args.seed}: {total} games ({counts_text}), "
            f"all {len(invariants)} invariants held "
            + ("at every position" if args.exhaustive else f"(the {len(COSTLY)} costly ones at 1 in {COSTLY_EVERY})")
        )
        for count, report in coverage_reports.items():
            print(f"\ncoverage with {count} players:\n{format_coverage(report)}")
    if interrupted:
        name = stop.signal.name if stop.signal else "SIGINT"
        print(f"woa: stopped by {name} after {total} of {len(counts) * args.games} games checked", file=sys.stderr)
        return stop.exit_status
    return 0


def _checked(
    tasks: list[Any], games: int, backend: Any, tell: Callable[[str], None] | None = None
) -> Generator[tuple[int, Any], None, None]:
    """Each player count's chunk results in order, as ``(players, result)``. With ``tell``, the
    first game of every count is checked here first and timed, and the run's time said through
    ``tell`` (when long) before the others start."""
    from woa_core.check.batch import check_games, check_one
    from woa_core.sim.estimate import estimate_line

    first: dict[int, Any] = {}
    if tell is not None:
        cpu = 0.0
        for task in tasks:
            started = time.process_time()
            first[task.players] = check_one(task, 0)
            cpu += (time.process_time() - started) * games
        line = estimate_line(len(tasks) * games, cpu, backend.workers, "games checked")
        if line:
            tell(line)
    for task in tasks:
        if task.players in first:
            yield task.players, first[task.players]
        if first and games == 1:  # its one game was the probe
            continue
        results = check_games(task, games, backend, start=1 if first else 0)
        try:
            for result in results:
                yield task.players, result
        finally:
            results.close()


def _save_counterexample(path: str, text: str, show: bool) -> str | None:
    """Write the counterexample scenario to ``path`` (atomically); if that fails, print it on
    standard output (``show``; with --json it goes into the JSON) so that the search that found it
    is not lost. Returns the path, or None."""
    from woa_core.files import OutputError, write_atomic

    try:
        write_atomic(path, text)
        return path
    except OutputError as e:
        where = "here it is" if show else "it is in the JSON output"
        print(f"woa: cannot write the counterexample to {path} ({e.reason}); {where}:", file=sys.stderr)
        if show:
            print(text, end="" if text.endswith("\n") else "\n", flush=True)
        return None


def cmd_scenario(args: argparse.Namespace) -> int:
    """``woa scenario``: run scenario files and print PASS or FAIL for each."""
    import json

    from woa_core.check.scenario import find_scenarios, load_scenario, run_scenario
    from woa_core.errors import WoaError, printable

    files = find_scenarios(args.paths)
    if not files:
        raise UsageError("no scenario files found in " + " ".join(args.paths))
    results: list[dict[str, Any]] = []
    failed = 0
    for path in files:
        try:
            result = run_scenario(load_scenario(path))
            entry: dict[str, Any] = {
                "file": str(path),
                "name": result.scenario.name,
                "passed": result.passed,
                "message": result.message,
                "notes": list(result.notes),
                "branches": [{"name": b.name, "passed": b.passed, "message": b.message} for b in result.branches],
            }
        except WoaError as e:  # a malformed scenario (ScenarioError) or another input error: report, go on
            entry = {"file": str(path), "name": path.stem, "passed": False, "message": str(e)}
        failed += not entry["passed"]
        results.append(entry)
        if not args.json:
            mark = "PASS" if entry["passed"] else "FAIL"
            print(printable(f"{mark} {entry['file']}: {entry['name']}"))
            for note in entry.get("notes", []):
                print(printable(f"     setup: {note}"))
            for branch in entry.get("branches", []):
                print(printable(f"     {'PASS' if branch['passed'] else 'FAIL'} branch {branch['name']}"))
                if branch["message"]:
                    print(printable(f"          {branch['message']}"))
            if entry["message"] and not entry.get("branches"):
                print(printable("     " + str(entry["message"]).replace("\n", "\n     ")))
    if args.json:
        from woa_core import __version__
        from woa_core.build import build

        summary = {
            "engine": __version__,
            "build": build(),
            "passed": len(results) - failed,
            "failed": failed,
            "results": results,
        }
        print(json.dumps(summary, indent=2))
    else:
        print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0
