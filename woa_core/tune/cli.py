"""The ``woa tune`` command: search a space of rule values for a game that meets its targets."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

EXAMPLE = """\
A tune file (see schema/tune.schema.json, rules/tunes/ and docs/tune.md):

  rules: west-of-africa
  players: 3
  games: 60                    # per trial (fewer when it is stopped early)
  trials: 30
  in_flight: 1                 # trials played side by side, sharing --workers / --dask
  parameters:                  # the sweep space's forms: lists, {min, max, step}, {min, max}
    economy.game_end.vp_threshold: {min: 20, max: 40, step: 1}
  targets:
    - {figure: length, stat: median, between: [8, 10]}
    - {figure: first_player_wins, within: 0.05, of: even}

DIR gets study.db (the Optuna study: --resume continues it), report.json and variant.yaml
(the winner, which woa validate, simulate and compare take as it is). Needs the 'tune' extra."""


def add_command(sub: Any) -> None:
    """Register ``woa tune`` on the ``woa`` parser."""
    from woa_core.options import add_dask_option, positive_int, worker_count

    p = sub.add_parser(
        "tune",
        help="find rule values that meet targets on the game's figures (Optuna), confirmed on fresh seeds",
        description="Search a space of rule values with Optuna (TPE) for a game that meets the tune file's "
        "targets, stopping trials that cannot meet them, then replay the best settings on fresh seeds with "
        "intervals corrected for the settings looked at, and write the winner as a variant file.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("tune", metavar="TUNE.yaml", help="the tune file")
    p.add_argument("--out", required=True, metavar="DIR", help="where to keep the study, the report and the variant")
    p.add_argument(
        "--set",
        dest="overrides",
        action="append",
        metavar="PATH=VALUE",
        help="change one rules value in every trial (repeatable)",
    )
    p.add_argument("--trials", type=positive_int, metavar="N", help="trials to reach (default: the file's 'trials')")
    p.add_argument("--resume", action="store_true", help="continue the study in DIR, keeping its finished trials")
    p.add_argument(
        "--in-flight",
        type=positive_int,
        metavar="N",
        help="trials played side by side, their games sharing the workers (default: the file's 'in_flight', 1); "
        "the trials found depend on N and the seed, not on --workers or --dask",
    )
    p.add_argument("--workers", type=worker_count, help="processes to use (default: all cores; at most 4 per core)")
    add_dask_option(p)
    p.add_argument("--json", action="store_true", help="print report.json instead of the summary")
    p.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report (needs the 'report' extra)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_tune)


def cmd_tune(args: argparse.Namespace) -> int:
    """``woa tune``: read the file, search (or resume), confirm, write the variant and the report."""
    import json
    from dataclasses import replace

    from woa_core.files import check_output, write_atomic
    from woa_core.options import rules_overrides
    from woa_core.sim.backends import open_backend
    from woa_core.sim.interrupts import StopRequests
    from woa_core.tune.confirm import candidates, confirm, settings_looked_at, write_variant
    from woa_core.tune.report import build_report, format_summary, tune_html
    from woa_core.tune.search import Games, finished, open_study, require_optuna, run_search
    from woa_core.tune.tune_file import load_tune

    require_optuna()
    if args.html:
        from woa_core.draw.report_html import require_report_extra

        require_report_extra()
    from pathlib import Path

    out = Path(args.out)
    check_output(out, folder=True)
    if args.html:
        check_output(args.html)
    tune = load_tune(args.tune, rules_overrides(args))
    if args.trials:
        tune = replace(tune, trials=args.trials)
    if args.in_flight:
        tune = replace(tune, in_flight=args.in_flight)
    out.mkdir(parents=True, exist_ok=True)
    study = open_study(tune, out, args.resume)
    games = Games(tune, open_backend(args))
    progress = _progress(tune, args.quiet)
    _forecast(tune, games, args.resume, args.quiet)
    started = time.perf_counter()
    with StopRequests() as stop:
        run = run_search(tune, study, games, stop, progress)
    if progress:
        progress.close()
    if run.interrupted:
        print(
            f"woa: interrupted; {len(finished(study))} of {tune.trials} trials finished and kept in {out}. "
            f"Continue with: woa tune {args.tune} --out {out} --resume",
            file=sys.stderr,
        )
        return 130
    looked = settings_looked_at(study)
    confirmed = confirm(tune, candidates(study, tune), looked, games)
    variant = str(write_variant(tune, confirmed[0].setting, out)) if confirmed else None
    report = build_report(tune, study, confirmed, looked, variant, games.played, time.perf_counter() - started)
    write_atomic(out / "report.json", json.dumps(report, indent=2) + "\n")
    text = format_summary(report)
    print(json.dumps(report, indent=2) if args.json else text)
    if args.html:
        from woa_core.draw.cli import write_text

        write_text(args.html, tune_html(report, text))
        print(f"HTML report written to {args.html}", file=sys.stderr)
    return 0


def _forecast(tune: Any, games: Any, resume: bool, quiet: bool) -> None:
    """On a terminal, how long the search's games take, from sample games of the rules as they
    are (played apart from the search) at each player count, said before it starts."""
    from woa_core.sim.estimate import forecast, teller
    from woa_core.sim.runner import RunSpec, run_one

    tell = teller(quiet)
    if tell is None or resume:
        return
    specs = [RunSpec(tune.rules(), p, tune.bots[p], tune.seed, tune.rotate_seats) for p in tune.players]
    workers = games.backend.workers if games.backend is not None else 1
    whole = tune.trials * tune.games * len(specs)
    forecast(lambda i: run_one(specs[i % len(specs)], i, write_log=False), whole, workers, tell, "games of the search")


class _TrialProgress:
    """The progress bar: games of the trials in flight, the trials done and the best violation."""

    def __init__(self, tune: Any) -> None:
        from woa_core.sim.progress import Progress

        self.tune = tune
        self.bar = Progress(tune.games * len(tune.players) * tune.in_flight)
        self.trial = -1

    def __call__(self, number: int, done: int, study: Any) -> None:
        from woa_core.tune.search import finished

        if number != self.trial:  # the study is read once a batch of trials, not once a game
            self.trial = number
            done_trials = finished(study)
            best = min((sum(t.values) for t in done_trials if t.values), default=None)
            shown = "-" if best is None else f"{best:.3f}"
            first, last = len(done_trials) + 1, min(self.tune.trials, len(done_trials) + self.tune.in_flight)
            which = f"trial {first}" if first == last else f"trials {first}-{last}"
            self.bar.unit = f"games · {which}/{self.tune.trials} · best violation {shown}"
        self.bar.started = self.bar.started if done else time.perf_counter()
        self.bar.update(done)

    def close(self) -> None:
        self.bar.close()


def _progress(tune: Any, quiet: bool) -> _TrialProgress | None:
    return None if quiet or not sys.stderr.isatty() else _TrialProgress(tune)
