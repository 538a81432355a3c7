"""The ``woa sweep`` command: play a search space of rule values and rank the points."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from woa_core.errors import RulesError, UsageError
from woa_core.options import OBJECTIVES_HELP, positive_int, worker_count

EXAMPLE = (
    """\
A space file (see schema/sweep.schema.json and rules/sweeps/):

  players: 3
  games: 40
  seed: 1
  bots: [heuristic]            # none: the rule pack's default_bots, as on simulate, compare and value
  parameters:
    economy.gold.cap: [40, 45, 60]
    economy.game_end.vp_threshold: {min: 20, max: 30, step: 5}

Every point plays the same games (game i has the same seed at every point), so differences
between points are differences of the rules, not of luck. DIR gets points/ID.json as each point
finishes (a Ctrl-C loses no finished point: run again with --resume), then results.csv (one row
per point and figure: point, the parameter values, figure, estimate, ci_low, ci_high, n) and
results.json (the manifest, the ranking and the same rows).

Objectives (lower score is better): """
    + OBJECTIVES_HELP
    + "."
)


def add_command(sub: Any) -> None:
    """Register ``woa sweep`` on the ``woa`` parser."""
    from woa_core.options import add_dask_option

    p = sub.add_parser(
        "sweep",
        help="play a grid (or a random sample) of rule values and rank the points",
        description="Play every point of a search space (rules paths and the values to try) with the same "
        "seeds, write a long table of every figure with its 95% interval, and rank the points by an "
        "objective. --race stops points that are shown worse than the best early.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("space", metavar="SPACE.yaml", help="the search space")
    p.add_argument("--out", required=True, metavar="DIR", help="where to write the points and the results")
    p.add_argument(
        "--set",
        dest="overrides",
        action="append",
        metavar="PATH=VALUE",
        help="change one rules value at every point, e.g. economy.gold.start=10 (repeatable; as on simulate)",
    )
    p.add_argument(
        "--games",
        type=positive_int,
        metavar="N",
        help="games per point, as on simulate (default: the space's 'games', else 100); a folder swept with other "
        "games is not resumed",
    )
    p.add_argument(
        "--objective",
        metavar="OBJECTIVE",
        help="how to rank the points (default: the space's 'objective', else seat-balance); see below",
    )
    p.add_argument(
        "--race",
        action="store_true",
        help="play the points in rounds and drop those whose interval shows them worse than the best",
    )
    p.add_argument(
        "--race-games",
        type=positive_int,
        metavar="N",
        help="games per racing round (default: a quarter of the games per point, at least 10)",
    )
    p.add_argument("--resume", action="store_true", help="continue a sweep in DIR, keeping its finished points")
    p.add_argument("--workers", type=worker_count, help="processes to use (default: all cores; at most 4 per core)")
    add_dask_option(p)
    p.add_argument("--top", type=positive_int, default=10, help="points to show in the ranking (default: %(default)s)")
    p.add_argument("--json", action="store_true", help="print results.json instead of the summary")
    p.add_argument(
        "--html",
        metavar="FILE",
        help="also write a self-contained HTML report: each figure against the parameters, a heat-map for two "
        "(needs the 'report' extra)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_sweep)


def cmd_sweep(args: argparse.Namespace) -> int:
    """``woa sweep``: load the space, play (or resume) it, write and print the results."""
    import json

    from woa_core.files import check_output
    from woa_core.options import rules_overrides
    from woa_core.sim.backends import open_backend
    from woa_core.sim.estimate import forecast, teller
    from woa_core.sim.progress import Progress
    from woa_core.sim.runner import RunSpec, run_one
    from woa_core.sim.sweep import SweepRun, SweepStore, run_sweep, space_figures
    from woa_core.sim.sweep_figures import parse_objective
    from woa_core.sim.sweep_report import build_report, format_summary, table_columns, write_results
    from woa_core.sim.sweep_space import load_space

    if args.html:
        from woa_core.draw.report_html import require_report_extra

        require_report_extra()
    from pathlib import Path

    out = Path(args.out)
    check_output(out, folder=True)
    if args.html:
        check_output(args.html)
    if (out / "sweep.json").exists() and not args.resume:
        raise UsageError(f"{out} already holds a sweep: add --resume to continue it, or choose another --out")
    space = load_space(args.space, rules_overrides(args), args.games)
    figures = space_figures(space)
    objective = parse_objective(args.objective or space.objective or "seat-balance", space.players, figures)
    race_games = None
    if args.race:
        race_games = args.race_games or max(10, space.games // 4)
    elif args.race_games is not None:
        raise UsageError("--race-games needs --race")
    store = SweepStore(out, space, race_games, args.resume)
    points = space.points()
    progress = Progress(len(points) * space.games, enabled=not args.quiet and sys.stderr.isatty())
    order = {p.id: i for i, p in enumerate(points)}

    def on_progress(run: SweepRun, state: Any) -> None:
        budget = sum(space.games - len(s.games) for s in run.states if s.status == "racing")
        progress.total = max(1, run.played_now + budget)
        progress.unit = f"games · point {order[state.point.id] + 1}/{len(points)}"
        progress.update(run.played_now)

    backend = open_backend(args)
    tell = teller(args.quiet)
    if tell is not None and not args.resume:  # sample games of the first point, apart from the run
        try:
            first = space.point_rules(points[0])
        except RulesError:  # the run says it, located, when it reaches the point
            first = None
        if first is not None:
            spec = RunSpec(first, space.players, space.bots, space.seed, space.rotate_seats)
            forecast(lambda i: run_one(spec, i, write_log=False), len(points) * space.games, backend.workers, tell)
    started = time.perf_counter()
    run = run_sweep(space, objective, backend, store, race_games, on_progress)
    progress.close()
    seconds = time.perf_counter() - started
    if run.interrupted:
        finished = sum(s.status != "racing" for s in run.states)
        print(
            f"woa: interrupted; {finished} of {len(points)} points finished and saved in {out}. "
            f"Continue with: woa sweep {args.space} --out {out} --resume" + (" --race" if race_games else ""),
            file=sys.stderr,
        )
        return 130
    report = build_report(run, objective, backend.name, seconds)
    write_results(out, report, report["rows"], table_columns(run))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_summary(report, objective, out, args.top))
    if args.html:
        from woa_core.draw.cli import write_report

        write_report(args.html, "sweep", report, format_summary(report, objective, out, args.top), figures)
    return 0
