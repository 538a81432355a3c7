"""The ``woa tournament`` and ``woa value`` commands."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from woa_core.errors import UsageError
from woa_core.options import (
    RULES_HELP,
    add_rules_options,
    bots_help,
    player_count,
    positive_int,
    read_rules_from,
    worker_count,
)

if TYPE_CHECKING:
    from woa_core.kernel.pack import SomePack

EPILOG_RULES = RULES_HELP

BOTS_HELP = (
    "A bot is a bundled name (random, heuristic, mcts, ...), module:Class, or a 'woa.bots' entry point, "
    "with optional parameters: mcts:iterations=400,c=1.4."
)


def add_commands(sub: Any) -> None:
    """Register the evaluation commands on the ``woa`` parser."""
    p = sub.add_parser(
        "tournament",
        help="rate bots against each other in seat-balanced games",
        description="Play games among the given bots, every bot in every seat equally often (a bot fills "
        "several seats when there are fewer bots than players), and print a rating for each bot with a 95% "
        "interval (a Plackett-Luce fit of the finishing orders with a weak normal prior on each rating, and "
        "profile intervals: finite even when one bot always wins), each bot's win rate per "
        "seat held, and head to head how often one bot finished ahead of another. The manifest names the "
        "rules (and their hash), the seed, the bots with their parameters and the engine version.",
        epilog=BOTS_HELP + " Example: woa tournament random heuristic mcts --players 4 --games 60. " + EPILOG_RULES,
    )
    p.add_argument(
        "bots",
        nargs="*",
        metavar="BOT",
        help="two or more bots, each once (default: the rule pack's default_bots, each once, joined by random and "
        "then mcts while there are fewer than two)",
    )
    add_rules_options(p, help="rules to play")
    p.add_argument("--players", type=player_count, default=4, help="number of players (default: %(default)s)")
    p.add_argument(
        "--games",
        type=positive_int,
        default=120,
        help="games to play (default: %(default)s); a multiple of the players keeps seats balanced",
    )
    p.add_argument("--seed", type=int, default=0, help="master seed (default: %(default)s)")
    p.add_argument("--workers", type=worker_count, help="processes to use (default: all cores; at most 4 per core)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=cmd_tournament)

    p = sub.add_parser(
        "value",
        help="what each card, action step and island is worth (restricted play)",
        description="Restricted play (Jaffe et al., AIIDE 2012): for everything the game's rule pack lets a bot "
        "be forbidden (West of Africa: every card, every step of an action - worker, sail, load, unload, help, "
        "cultivate, sell, found - and every island), one bot forbidden to use it plays against unrestricted bots "
        "of the same kind, seats rotated, every row on the same game seeds. "
        "Each row's win rate has a 95% Wilson interval and is tested against the even share (exact binomial, "
        "Holm-corrected over the rows). Rows are sorted by win rate: the game leans on the lowest (dominant "
        "cards and steps). A row reads 'no measurable effect' (dead or easily replaced) only when its whole "
        "interval lies within the even share +- --margin; otherwise, without a significant difference, 'not "
        "enough games to say'.",
        epilog=EPILOG_RULES + " Example: woa value --players 4 --games 400",
    )
    add_rules_options(p, positional="?", help="rules to play")
    p.add_argument("--players", type=player_count, default=4, help="number of players (default: %(default)s)")
    p.add_argument(
        "--bot",
        help=bots_help("value", "the bot in every seat, one of them restricted") + "; a pattern: its first seat's",
    )
    p.add_argument("--games", type=positive_int, default=300, help="games per restriction (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="master seed, shared by every row (default: %(default)s)")
    p.add_argument(
        "--margin",
        type=float,
        metavar="POINTS",
        help="a row reads 'no measurable effect' only when its interval lies within the even share +- this many "
        "percentage points (default: 5, woa_core.eval.value.MARGIN)",
    )
    p.add_argument(
        "--only",
        help="which kinds of restriction, comma-separated (West of Africa: card, action, island; default: all the "
        "rule pack has)",
    )
    p.add_argument("--workers", type=worker_count, help="processes to use (default: all cores; at most 4 per core)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=cmd_value)


def _check_bots(specs: list[str], pack: SomePack) -> tuple[str, ...]:
    from woa_core.bots import seat_bots, tournament_bots

    if not specs:  # none named: the pack's declared bots
        return tournament_bots(pack)
    for spec in specs:
        seat_bots(spec, 1, pack)
    if len(specs) < 2:
        raise UsageError("a tournament needs at least two bots")
    repeated = sorted({s for s in specs if specs.count(s) > 1})
    if repeated:
        raise UsageError(f"name each bot once ({', '.join(repeated)} repeats); bots fill several seats by themselves")
    return tuple(specs)


def _check_players(args: argparse.Namespace) -> None:
    if args.players < 1:
        raise UsageError("--players must be at least 1")


def cmd_tournament(args: argparse.Namespace) -> int:
    """``woa tournament``: play, rate, print."""
    import json

    from woa_core.eval.tournament import format_tournament, run_tournament
    from woa_core.sim.estimate import teller
    from woa_core.sim.interrupts import StopRequests
    from woa_core.sim.progress import Progress

    _check_players(args)
    source = read_rules_from(args, args.players)
    bots = _check_bots(args.bots, source.pack)
    workers = args.workers or os.cpu_count() or 1
    progress = Progress(args.games, enabled=not args.quiet and sys.stderr.isatty())
    with StopRequests() as stop:  # the command's own: a stop ends the games, the report is still written
        try:
            report = run_tournament(
                source,
                args.players,
                bots,
                args.games,
                args.seed,
                workers,
                on_game=progress.update,
                tell=teller(args.quiet),
            )
        finally:
            stop.finished = True  # the games are over: from here a signal changes nothing
            progress.close()
    if report["manifest"]["games"] == 0:
        print("woa: interrupted before any game finished", file=sys.stderr)
        return 130
    print(json.dumps(report, indent=2) if args.json else format_tournament(report))
    return 130 if report["manifest"]["interrupted"] else 0


def cmd_value(args: argparse.Namespace) -> int:
    """``woa value``: restricted play over everything the rule pack lets a bot be forbidden."""
    import json

    from woa_core.bots import seat_bots
    from woa_core.eval.restricted import kinds_of, restrictions
    from woa_core.eval.value import MARGIN, format_value, run_value
    from woa_core.sim.estimate import teller
    from woa_core.sim.interrupts import StopRequests
    from woa_core.sim.progress import Progress

    _check_players(args)
    margin = MARGIN if args.margin is None else args.margin / 100
    if not 0 < margin < 1:
        raise UsageError("--margin must be between 0 and 100 (percentage points)")
    source = read_rules_from(args, args.players)
    rules = source.compile(args.players)
    (bot,) = set(seat_bots(args.bot, 1, rules.pack))  # no --bot: the pack's first declared bot
    known = kinds_of(rules)
    kinds = known if args.only is None else [k.strip() for k in args.only.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in known]
    if unknown or not kinds:
        raise UsageError(f"--only: {', '.join(unknown) or 'nothing'} (choose from {', '.join(known)})")
    rows = sum(1 for kind, _, _ in restrictions(rules) if kind in kinds)
    workers = args.workers or os.cpu_count() or 1
    progress = Progress(rows * args.games, enabled=not args.quiet and sys.stderr.isatty())
    with StopRequests() as stop:  # the command's own: a stop ends the games, the report is still written
        try:
            report = run_value(
                source,
                args.players,
                bot,
                args.games,
                args.seed,
                workers,
                kinds,
                progress.update,
                margin=margin,
                tell=teller(args.quiet),
            )
        finally:
            stop.finished = True  # the games are over: from here a signal changes nothing
            progress.close()
    if not report["rows"]:
        print("woa: interrupted before any restriction finished", file=sys.stderr)
        return 130
    print(json.dumps(report, indent=2) if args.json else format_value(report))
    return 130 if report["manifest"]["interrupted"] else 0
