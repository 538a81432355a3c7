"""The ``woa`` command: validate and show rules, simulate, replay (and check, scenario).

Every failure a user can cause is printed as sentences on stderr, never as a traceback:
exit status 1 for bad input (rules, logs, scenarios, refused actions), 2 for a bad call.
"""

from __future__ import annotations

if __name__ == "__main__":  # python -m woa_core.cli: signals held before the modules below load
    from woa_core.sim.signals_at_start import hold_from_start

    hold_from_start()

import argparse
import contextlib
import io
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO, cast

from woa_core import __version__
from woa_core.build import describe as describe_build
from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import UsageError, WoaError, printable
from woa_core.options import (
    RULES_HELP,
    add_dask_option,
    add_rules_options,
    bots_help,
    nonnegative_int,
    player_count,
    positive_int,
    read_rules_from,
    rules_overrides,
    rules_spec,
    rules_specs,
    worker_count,
)

if TYPE_CHECKING:  # loaded by the commands that play games, not for --help
    from woa_core.kernel.pack import SomePack
    from woa_core.sim.backends import Backend

EPILOG_RULES = RULES_HELP


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run one ``woa`` command (``argv``, default the command line); returns the exit
    status. Signal handlers are as before once it returns."""
    return _run(argv, restore_signals=True)


def console() -> int:
    """The ``woa`` program (its console script and ``python -m woa_core.cli``): ``main``, but once
    the command is over SIGINT and SIGTERM stay ignored until the process ends, so that closing a
    finished run (its worker processes, its output) cannot turn its exit status into a signal's."""
    return _run(None, restore_signals=False)


def _run(argv: Sequence[str] | None, restore_signals: bool) -> int:
    from woa_core.sim.interrupts import StopRequests

    real_stdout, real_stderr = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, _ClosedPipeSafe(real_stdout))
    if real_stderr is None:  # started with standard error closed (2>&-): errors go nowhere, statuses stay
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (closed in finally)
    # One StopRequests for the whole command: the first Ctrl-C or SIGTERM stops it (commands that
    # play games catch it and report what finished), later ones are ignored.
    with StopRequests(restore=restore_signals) as stop:
        status: int | None = None
        try:
            stop.stop_if_held()
            parser = build_parser()
            args = parser.parse_args(argv)
            if not getattr(args, "run", None):
                parser.print_help()
                return 2
            status = args.run(args)
            stop.finished = True  # (an assignment: no signal comes between the two)
            sys.stdout.flush()
            return stop.exit_status if status == 130 and stop.signal else status
        except UsageError as e:
            print(printable(f"woa: {e}"), file=sys.stderr)
            return 2
        except WoaError as e:
            print(printable(f"woa: {e}" if _is_output_error(e) else str(e)), file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            if status is not None:  # the signal came as the command returned: it changed nothing
                return status
            print("woa: interrupted", file=sys.stderr)
            return stop.exit_status or 130
        # (OSError before Exception: a handler after ``except Exception`` never runs)
        except BrokenPipeError:  # stderr is gone too: nothing can be said, but the run did not succeed
            return 1
        except OSError as e:  # a file or folder named on the command line cannot be read (or written)
            if status is not None:  # the command ran: its output could not be flushed
                from woa_core.files import reason

                print(f"woa: cannot write the standard output: {reason(e)}", file=sys.stderr)
                return 1
            print(printable(os_error_sentence(e)), file=sys.stderr)
            return 1
        except Exception as e:
            if stop.signal is None or not _interrupted(e):
                raise
            # the stop came where Python wraps it (an import, a class being made: RuntimeError)
            print("woa: interrupted", file=sys.stderr)
            return stop.exit_status
        finally:
            stop.finished = True
            sys.stdout = real_stdout
            if "woa_core.sim.backends" in sys.modules:  # close pools and Dask clusters a command opened
                sys.modules["woa_core.sim.backends"].close_all()
            if sys.stderr is not real_stderr:
                sys.stderr.close()
                sys.stderr = real_stderr


def _is_output_error(error: WoaError) -> bool:
    """Whether ``error`` is an ``OutputError`` (``woa_core.files``: a file named for output that
    cannot be written), said with ``woa:`` before it. Only a command that loaded that module can
    raise one, so ``woa --version`` does not load it.

    >>> from woa_core.files import OutputError
    >>> _is_output_error(OutputError("g.csv", "no space left on device")), _is_output_error(WoaError("no"))
    (True, False)
    """
    files = sys.modules.get("woa_core.files")
    return files is not None and isinstance(error, files.OutputError)


def os_error_sentence(error: OSError) -> str:
    """What a file error says to the user: the path(s) it concerns and what went wrong.

    >>> import errno
    >>> os_error_sentence(OSError(errno.ENAMETOOLONG, "File name too long", "/tmp/xxx"))
    'woa: /tmp/xxx: file name too long'
    >>> os_error_sentence(OSError(errno.EXDEV, "Invalid cross-device link", "/a", None, "/b"))
    'woa: /a -> /b: invalid cross-device link'
    >>> os_error_sentence(OSError("the disk went away"))
    'woa: the disk went away'
    """
    from woa_core.files import reason

    paths = " -> ".join(os.fsdecode(p) for p in (error.filename, error.filename2) if p is not None)
    return f"woa: {paths}: {reason(error)}" if paths else f"woa: {reason(error)}"


def _interrupted(error: BaseException) -> bool:
    """Whether ``error`` was caused by a ``KeyboardInterrupt`` (Ctrl-C or SIGTERM)."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


class _ClosedPipeSafe:
    """Standard output that, once its reader has gone (``woa scenario rules/ | head -1``), drops
    further output instead of failing: the command runs to its end and exits with its real
    status (a failing scenario is still exit 1), not with a ``BrokenPipeError``. Standard output
    closed from the start (``woa validate >&-``) is a reader gone before the first line."""

    def __init__(self, stream: TextIO | None) -> None:
        self.reader_gone = stream is None
        if stream is None:  # fd 1 is closed: hold it with /dev/null so no file woa opens lands on it
            devnull = os.open(os.devnull, os.O_WRONLY)
            if devnull != 1:
                with contextlib.suppress(OSError):
                    os.dup2(devnull, 1)
                os.close(devnull)
            stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        self._stream = stream

    def write(self, text: str) -> int:
        if not self.reader_gone:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._gone()
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._gone()

    def _gone(self) -> None:
        self.reader_gone = True
        try:  # so that Python's own flush at exit does not fail on the closed pipe either
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _Version(argparse.Action):
    """``--version``: woa's version and which build runs, on one line (argparse's own action
    would wrap a long reason at the terminal's width)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        print(f"woa {__version__} ({describe_build()})")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand (also used for ``--help``)."""
    parser = argparse.ArgumentParser(
        prog="woa",
        description="Board games as rules-as-data (bundled: West of Africa, the default, Africa with --rules "
        "africa and Go West! with --rules go-west): validate rules, simulate bot games, check invariants, replay logs.",
        epilog=EPILOG_RULES,
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="show woa's version and build, and exit")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser(
        "validate",
        help="check rules (and variants) against the schemas and the semantic checks",
        description="Check rule files: YAML syntax, the JSON Schemas in schema/, and what a schema cannot see "
        "(references, a connected sea graph, pieces adding up), for every player count the rules support. "
        "Every problem is printed as FILE:LINE:COL: message.",
        epilog=EPILOG_RULES,
    )
    add_rules_options(p, positional="*", help="rules to check")
    p.add_argument("--players", type=player_count, help="check only this player count")
    p.set_defaults(run=cmd_validate)

    rules = sub.add_parser("rules", help="inspect rules").add_subparsers(title="rules commands", metavar="COMMAND")
    p = rules.add_parser(
        "show",
        help="print the fully resolved rules document",
        description="Print the rules as the engine sees them: variants merged, and with --players the "
        "player-count overlay applied; with --words, the words for people too (the descriptions of cards "
        "and actions that woa serve's tooltips show, which no rule reads).",
        epilog=EPILOG_RULES,
    )
    add_rules_options(p, positional="?", help="rules to show")
    p.add_argument("--players", type=player_count, help="apply the overlay for this many players")
    p.add_argument("--json", action="store_true", help="print JSON instead of YAML")
    p.add_argument("--words", action="store_true", help="keep the descriptions for people")
    p.set_defaults(run=cmd_rules_show)
    p = rules.add_parser(
        "verbs",
        help="list every verb of the action notation",
        description="List every verb of the rules' action notation, with the words it takes and what it does, "
        "from the rule pack's declarations (the complete reference: docs/notation.md shows examples).",
        epilog=EPILOG_RULES,
    )
    add_rules_options(p, positional="?", help="rules whose verbs to list")
    p.set_defaults(run=cmd_rules_verbs)
    p = rules.add_parser(
        "init",
        help="copy a bundled ruleset into a folder of yours, to edit the game itself",
        description="Copy a bundled ruleset (its YAML files, comments included) and the JSON Schemas into DIR, "
        "with each file's '# yaml-language-server: $schema=' line pointing to DIR/schema so editors keep "
        "checking as you type. Then edit the files and play them with --rules DIR (validate, simulate, compare, "
        "...). The bundled files inside an installed woa are not the place to edit: an install reads its own "
        "copy.",
        epilog="Example: woa rules init my-game && woa validate --rules my-game && woa simulate --rules my-game",
    )
    p.add_argument("directory", metavar="DIR", help="a new or empty folder")
    p.add_argument(
        "--from",
        dest="ruleset",
        default=DEFAULT_RULES,
        metavar="RULESET",
        help="the bundled ruleset to copy (default: %(default)s)",
    )
    p.set_defaults(run=cmd_rules_init)

    p = sub.add_parser(
        "simulate",
        help="play many bot games and report statistics",
        description="Play bot games and report wins by seat and bot (with 95% confidence intervals), "
        "game length, how games end, VP by source, goods sold and actions used. Results are identical "
        "for any --workers; every report carries a manifest of what produced it.",
        epilog=EPILOG_RULES
        + " Bots: random, heuristic, module:Class, or a 'woa.bots' entry point. To rerun one game of a --csv "
        "file, give the same rules, players and bots with --seed MASTER_SEED --first-game GAME --games 1 "
        "(columns of its row); add --log-dir DIR to get its log.",
    )
    add_rules_options(p, help="rules to play")
    _add_run_options(p, "simulate", games=100, games_help="number of games")
    p.add_argument(
        "--first-game",
        type=nonnegative_int,
        default=0,
        metavar="N",
        help="start at game N of the seed's stream (with --games 1: rerun game N of a run)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument(
        "--csv",
        metavar="FILE",
        help="write one row per game to FILE (with the master seed and game index), each as its game finishes",
    )
    p.add_argument(
        "--html", metavar="FILE", help="also write a self-contained HTML report with plots (needs the 'report' extra)"
    )
    p.add_argument(
        "--log-dir",
        metavar="DIR",
        help="write a replayable log of every game to DIR, a new or empty folder (a log folder holds one run)",
    )
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="let --log-dir name a folder holding the game logs of an earlier run: they are removed first",
    )
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser(
        "replay",
        help="replay and verify a game log",
        description="Replay a JSON Lines game log under the rules it names, check the rules hash and the "
        "result, and print the final scores. A corrupt, truncated or tampered log is an error naming its line.",
    )
    p.add_argument("log", metavar="LOG")
    p.add_argument("--rules", metavar="RULES", help="rules to replay under (default: those the log names)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "--html",
        metavar="FILE",
        help="write a self-contained replay viewer to FILE: the board at every action, buttons, arrow keys and "
        "a slider to step action by action or round by round, and what every round-end step did",
    )
    p.add_argument("--at", type=int, metavar="N", help="print the text board after action N (0: before the first)")
    p.add_argument(
        "--svg", metavar="FILE", help="write the board as SVG after action --at N (default: at the end of the game)"
    )
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser(
        "compare",
        help="play the same games under two rulesets and show what changed, with corrected p-values",
        description="Play the same games (same seeds, same bots) under a base ruleset and a changed one, and "
        "compare every figure simulate reports: game length, how games end, first-player, per-seat and per-bot "
        "win rates, VP by source, final gold, settlements, goods sold by region, actions used, per-seat VP. "
        "Each row gives the mean paired difference (per game pair), its 95% interval, a p-value (paired "
        "t-test, or the exact sign test when under 30 pairs differ; McNemar's exact test for rates) and that "
        "p-value adjusted for the number of rows (Holm by "
        "default); a row is flagged * when the adjusted p is below --alpha. With --variant-seed S the variant "
        "plays its own seed stream and the analysis is unpaired (Welch): the A/A check of the noise floor is "
        "'woa compare west-of-africa west-of-africa --variant-seed 2', which should flag nothing.",
        epilog="The changed rules are --rules RULES and/or --set PATH=VALUE (default: the base rules); the base "
        "is --base RULES (default west-of-africa). The old spelling 'woa compare BASE VARIANT' still works, "
        "and 'woa compare VARIANT' compares VARIANT with west-of-africa. " + EPILOG_RULES,
    )
    p.add_argument(
        "compare_positional", nargs="*", metavar="[BASE] VARIANT", help="the same as --base BASE --rules VARIANT"
    )
    p.add_argument("--base", metavar="RULES", help="the rules to compare against (default: west-of-africa)")
    add_rules_options(p, help="the changed rules (default: the base rules, changed by --set)")
    _add_run_options(p, "compare", games=500, games_help="games under each ruleset")
    p.add_argument(
        "--variant-seed",
        type=int,
        metavar="S",
        help="play the variant on seed stream S instead of --seed (unpaired analysis: the A/A check)",
    )
    p.add_argument(
        "--correction",
        choices=("holm", "bh"),
        default="holm",
        help="multiple-comparison adjustment: holm (family-wise error) or bh (Benjamini-Hochberg false "
        "discovery rate) (default: %(default)s)",
    )
    p.add_argument("--alpha", type=float, default=0.05, help="flag rows with adjusted p below this (default: 0.05)")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON (every row with p-values)")
    p.add_argument(
        "--html", metavar="FILE", help="also write a self-contained HTML report with plots (needs the 'report' extra)"
    )
    p.set_defaults(run=cmd_compare)

    p = sub.add_parser(
        "play",
        help="play a game at the terminal against bots",
        description="Play one game against bots, to feel how a ruleset plays. At your decision type an action "
        "in the notation (docs/notation.md; the pN may be left out, tab completes words), the number of a "
        "legal action, ? for your legal actions (? WORDS: what may follow them), board to see the board, undo "
        "(back to your previous decision; undo N: to the position after action N), history, hint (what the "
        "search bot would play, with its estimated chances to win), or quit. After each action, what it "
        "changed is printed; bots play one at a time, --pace seconds apart. woa serve plays in the browser.",
        epilog=EPILOG_RULES,
    )
    add_rules_options(p, help="rules to play")
    p.add_argument("--players", type=player_count, default=3, help="number of players (default: %(default)s)")
    p.add_argument("--seat", type=int, default=1, help="your seat, 1 to PLAYERS (default: %(default)s)")
    p.add_argument("--bots", help=bots_help("play", "the other seats' bots, one for all or one each"))
    p.add_argument("--seed", type=int, default=0, help="game seed (default: %(default)s)")
    p.add_argument(
        "--pace", type=float, default=0.5, metavar="SECONDS", help="pause before each bot move (default: %(default)s)"
    )
    p.add_argument(
        "--log",
        metavar="FILE",
        help="write the game's log to FILE when it ends or you quit (replay it with woa replay; a quit game's "
        "log is marked unfinished)",
    )
    p.set_defaults(run=cmd_play)

    _add_later_commands(sub)
    return parser


def _add_run_options(p: argparse.ArgumentParser, command: str, games: int, games_help: str) -> None:
    """The options of every command that runs many bot games (simulate, compare)."""
    p.add_argument("--players", type=player_count, default=4, help="number of players (default: %(default)s)")
    p.add_argument("--games", type=positive_int, default=games, help=f"{games_help} (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default: %(default)s)")
    p.add_argument("--bots", help=bots_help(command, "comma-separated bots, one per seat or one for all"))
    p.add_argument("--rotate-seats", action="store_true", help="shift the bots one seat per game")
    p.add_argument("--workers", type=worker_count, help="processes to use (default: all cores; at most 4 per core)")
    add_dask_option(p)
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_later_commands(sub: Any) -> None:
    """Commands from other modules register here (they import lazily to keep start-up fast)."""
    from woa_core.check.cli import add_commands
    from woa_core.draw.cli import add_commands as add_drawing
    from woa_core.eval.cli import add_commands as add_eval_commands
    from woa_core.serve import add_command as add_serve
    from woa_core.sim.sweep_cli import add_command as add_sweep
    from woa_core.tune.cli import add_command as add_tune

    add_commands(sub)
    add_drawing(sub)
    add_eval_commands(sub)
    add_sweep(sub)
    add_tune(sub)
    add_serve(sub)


def _open_backend(args: argparse.Namespace) -> Backend:
    """The games' backend (``woa_core.sim.backends.open_backend``), loaded when a command plays."""
    from woa_core.sim.backends import open_backend

    return open_backend(args)


# ------------------------------------------------------------------ validate / rules show


def cmd_validate(args: argparse.Namespace) -> int:
    """``woa validate``: every problem of each rules spec, or a line saying it is valid."""
    from woa_core.rules import RulesError, compile_document, load_document

    failed = False
    overrides = rules_overrides(args)
    for spec in rules_specs(args):
        try:
            doc = load_document(spec, overrides)
            counts = [args.players] if args.players else doc.located.data["players"]["counts"]
            for n in counts:
                compile_document(doc, n)
        except RulesError as e:
            print(str(e), file=sys.stderr)
            print(printable(f"{spec}: {len(e.problems)} problem(s)"), file=sys.stderr)
            failed = True
            continue
        rules = compile_document(doc, counts[0])
        shown = ", ".join(map(str, counts))
        print(printable(f"{spec}: valid for {shown} players (rules {rules.name}, hash {rules.content_hash})"))
    return 1 if failed else 0


def cmd_rules_show(args: argparse.Namespace) -> int:
    """``woa rules show``: the resolved document, as YAML or JSON."""
    import json

    from woa_core.rules import load_document
    from woa_core.rules.digest import without_words
    from woa_core.rules.resolve import for_players

    doc = load_document(rules_spec(args), rules_overrides(args))
    data = for_players(doc, args.players).data if args.players else doc.located.data
    if args.players:
        data = {k: v for k, v in data.items() if k != "players"} | {"players": {"count": args.players}}
    if not args.words:
        data = without_words(data)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        import yaml

        print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), end="")
    return 0


def cmd_rules_verbs(args: argparse.Namespace) -> int:
    """``woa rules verbs``: every verb of the notation, as the pack declares it."""
    from woa_core.rules import load_document

    pack = load_document(rules_spec(args), rules_overrides(args)).pack
    for verb in pack.verbs.values():
        print(f"pN {verb.name} {verb.usage}".rstrip().ljust(40) + " " + verb.summary)
    return 0


def cmd_rules_init(args: argparse.Namespace) -> int:
    """``woa rules init``: a bundled ruleset copied into a folder of the user's."""
    from woa_core.files import OutputError, reason
    from woa_core.rules.init import init_rules

    try:
        written = init_rules(args.directory, args.ruleset)
    except OSError as e:  # said of the folder asked for, not of the temporary one it is staged in
        raise OutputError(args.directory, reason(e)) from None
    folder = printable(args.directory)
    print(f"copied {args.ruleset} into {folder}: {len(written)} rules files and schema/ (for editors)")
    print(f"edit them, then: woa validate --rules {folder}   woa simulate --rules {folder}")
    return 0


# ------------------------------------------------------------------------------ simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    """``woa simulate``: play games, stream them into statistics, print the report."""
    import json

    from woa_core.files import OutputError
    from woa_core.report.figures import declared
    from woa_core.sim.estimate import probed, teller
    from woa_core.sim.interrupts import StopRequests
    from woa_core.sim.progress import Progress
    from woa_core.sim.report import format_table
    from woa_core.sim.runner import RunSpec, describe, prepare_log_dir, run_games, run_one
    from woa_core.sim.stats import Stats
    from woa_core.sim.verdict import simulate_verdict, with_verdict

    _check_html(args)
    source = read_rules_from(args, args.players)
    rules = source.compile(args.players)
    bots = _bots(args, rules.pack)
    figures = declared(rules)
    _check_outputs(args.csv, args.html)
    if args.log_dir:
        prepare_log_dir(args.log_dir, args.overwrite)
    backend = _open_backend(args)
    workers = backend.workers
    spec = RunSpec(source, args.players, bots, args.seed, args.rotate_seats, args.log_dir)
    stats = Stats(figures, args.players, bots)
    progress = Progress(args.games, enabled=not args.quiet and sys.stderr.isatty())
    started = time.perf_counter()
    failure: OutputError | None = None
    # Ctrl-C and SIGTERM stop the run between games: each finished game is saved whole (log, CSV
    # row, statistics), so the report, the logs in --log-dir and the rows of --csv always count
    # the same games; a later signal is ignored, so the reports below are always written.
    with StopRequests() as stop, _csv_table(args.csv, figures, args.players) as table:
        first = args.first_game
        records = probed(  # on a terminal, the first games are timed here to say how long the run takes
            lambda i: run_one(spec, first + i, write_log=False),
            lambda k: run_games(spec, args.games - k, backend=backend, start=first + k),
            args.games,
            workers,
            teller(args.quiet),
        )
        try:
            for record in records:
                with stop.saving():
                    _save_game(spec, record, table, args.seed, figures)
                    stats.add(record)
                progress.update(stats.games)
        except KeyboardInterrupt:
            pass
        except OutputError as e:  # a full disk, say: stop here, keeping and reporting what finished
            stop.finished = True
            failure = e
        finally:
            stop.finished = True  # the games are over: from here a signal changes nothing
            records.close()  # stops the worker processes
            progress.close()
    interrupted = failure is not None or (stop.signal is not None and stats.games < args.games)
    seconds = max(time.perf_counter() - started, 1e-9)
    manifest = describe(spec, rules) | {
        "games": stats.games,
        "first_game": args.first_game,
        "workers": workers,
        "backend": backend.name,
        "seconds": round(seconds, 3),
        "games_per_second": round(stats.games / seconds, 2),
        "decisions_per_second": round(stats.decisions / seconds, 1),
        "interrupted": interrupted,
    }
    report = {"manifest": manifest, "stats": stats.to_json()}
    if stats.games:
        report = with_verdict(report, simulate_verdict(report, figures))
    if stats.games == 0:
        if failure is not None:
            raise failure
        print("woa: interrupted before any game finished", file=sys.stderr)
        return stop.exit_status
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_table(report, figures))
    written = _write_html(args.html, "simulate", report, format_table(report, figures), figures)
    if failure is not None:
        kept = [f"their rows are in {args.csv}"] if args.csv else []
        kept += [f"their logs in {args.log_dir}"] if args.log_dir else []
        print(f"woa: {failure}; the run stopped after {stats.games} games ({', '.join(kept)})", file=sys.stderr)
        return 1
    if interrupted:
        print(
            f"woa: stopped by {stop.signal.name if stop.signal else 'SIGINT'} after {stats.games} games",
            file=sys.stderr,
        )
    return (stop.exit_status if interrupted else 0) if written else 1


def _save_game(spec: Any, record: Any, table: Any, master_seed: int, figures: Sequence[Any]) -> None:
    """Save a finished game's log and its CSV row (the declared ``figures``' columns): both, or
    neither (the log of a game whose row cannot be written is removed again, since the game is
    not counted)."""
    from woa_core.sim import game_table
    from woa_core.sim.runner import log_path, save_log

    save_log(spec, record)
    if table is None:
        return
    try:
        table.add(_csv_line(game_table.row(figures, master_seed, record)))
    except BaseException:
        if spec.log_dir is not None:
            with contextlib.suppress(OSError):
                log_path(spec, record.index).unlink()
        raise


def _check_html(args: argparse.Namespace) -> None:
    """Fail before any game runs when ``--html`` cannot be drawn (the 'report' extra is missing)."""
    if getattr(args, "html", None):
        from woa_core.draw.report_html import require_report_extra

        require_report_extra()


def _check_outputs(*paths: str | None) -> None:
    """Fail before the first game when an output file named on the command line cannot be written."""
    from woa_core.files import check_output

    for path in paths:
        if path:
            check_output(path)


def _write_html(path: str | None, kind: str, report: dict[str, Any], text: str, figures: Sequence[Any]) -> bool:
    """Write the ``--html`` report (if asked), drawn from the declared ``figures``; a failure is
    said, and the run's other results kept."""
    if not path:
        return True
    from woa_core.draw.cli import write_report
    from woa_core.files import OutputError

    try:
        write_report(path, kind, report, text, figures)
    except OutputError as e:
        print(printable(f"woa: {e}"), file=sys.stderr)
        return False
    return True


def _bots(args: argparse.Namespace, pack: SomePack) -> tuple[str, ...]:
    """The bot of each seat from ``--bots``, or those the rules' pack declares (``Pack.default_bots``)."""
    from woa_core.bots import seat_bots

    return seat_bots(args.bots, args.players, pack)


def cmd_compare(args: argparse.Namespace) -> int:
    """``woa compare``: the same games under two rulesets; every figure's change, paired and corrected."""
    import json

    from woa_core import __version__
    from woa_core.build import build
    from woa_core.eval.kinds import bot_kind, strength_warnings
    from woa_core.report.figures import declared
    from woa_core.rules import read_rules
    from woa_core.sim.compare import Comparison, format_comparison, run_pairs
    from woa_core.sim.estimate import probed, teller
    from woa_core.sim.interrupts import StopRequests
    from woa_core.sim.progress import Progress
    from woa_core.sim.runner import RunSpec, run_one
    from woa_core.sim.verdict import compare_verdict, with_verdict

    _check_html(args)
    if args.games < 2:
        raise UsageError("--games must be at least 2 to compare")
    if not 0 < args.alpha < 1:
        raise UsageError("--alpha must be between 0 and 1")
    base_spec, variant_spec = _compare_specs(args)
    base_source = read_rules(base_spec)
    variant_source = read_rules(variant_spec, rules_overrides(args))
    paired = args.variant_seed is None
    variant_seed = args.seed if paired else args.variant_seed
    compiled = [source.compile(args.players) for source in (base_source, variant_source)]  # a count they lack fails
    if compiled[0].pack.name != compiled[1].pack.name:
        raise UsageError(
            f"compare needs two rulesets of one game: {base_spec} is for {compiled[0].pack.name}, "
            f"{variant_spec} for {compiled[1].pack.name}"
        )
    bots = _bots(args, compiled[0].pack)
    base = RunSpec(base_source, args.players, bots, args.seed, args.rotate_seats)
    variant = RunSpec(variant_source, args.players, bots, variant_seed, args.rotate_seats)
    figures = declared(compiled[0])
    backend = _open_backend(args)
    comparison = Comparison(figures)
    progress = Progress(args.games, enabled=not args.quiet and sys.stderr.isatty(), unit="game pairs")
    _check_outputs(args.html)
    with StopRequests() as stop:  # Ctrl-C or SIGTERM: report on the game pairs finished
        pairs = probed(  # on a terminal, the first pairs are timed here to say how long the run takes
            lambda i: (run_one(base, i, write_log=False), run_one(variant, i, write_log=False)),
            lambda k: run_pairs(base, variant, args.games, backend, start=k),
            args.games,
            backend.workers,
            teller(args.quiet),
            unit="game pairs",
        )
        try:
            for a, b in pairs:
                with stop.saving():
                    comparison.add(a, b)
                progress.update(comparison.pairs)
        except KeyboardInterrupt:
            pass
        finally:
            stop.finished = True  # the games are over: from here a signal changes nothing
            pairs.close()  # stops the worker processes
            progress.close()
    interrupted = stop.signal is not None and comparison.pairs < args.games
    if comparison.pairs < 2:
        print("woa: interrupted before two game pairs finished", file=sys.stderr)
        return stop.exit_status or 130
    manifest = {
        "engine": __version__,
        "build": build(),
        "players": args.players,
        "games": comparison.pairs,
        "bots": list(bots),
        "bot_kinds": {b: bot_kind(b, compiled[0].pack) for b in dict.fromkeys(bots)},
        "warnings": strength_warnings(bots, args.rotate_seats),
        "rotate_seats": args.rotate_seats,
        "base": base_source.describe() | {"seed": args.seed},
        "variant": variant_source.describe() | {"seed": variant_seed},
        "backend": backend.name,
        "interrupted": interrupted,
    }
    method = {
        "design": "paired" if paired else "unpaired",
        "test": "paired t (exact sign test when under 30 pairs differ); McNemar exact for rates"
        if paired
        else "Welch t; pooled two-proportion z for rates",
        "correction": args.correction,
        "alpha": args.alpha,
        "confidence": 0.95,
        "pairing_gain": comparison.pairing_gain() if paired else None,
    }
    report = {"manifest": manifest, "method": method, "rows": comparison.rows(paired, args.correction, args.alpha)}
    report = with_verdict(report, compare_verdict(report, figures))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_comparison(report))
    written = _write_html(args.html, "compare", report, format_comparison(report), figures)
    return (stop.exit_status if interrupted else 0) if written else 1


def _compare_specs(args: argparse.Namespace) -> tuple[str, str]:
    """The base and the changed rules from ``--base``, ``--rules`` and the old positional form."""
    given = list(args.compare_positional)
    if len(given) > 2:
        raise UsageError("compare takes at most two rules (BASE VARIANT); use --base and --rules")
    if given and (args.base or args.rules):
        raise UsageError("name the rules either as BASE VARIANT or with --base/--rules, not both")
    if len(given) == 2:
        return given[0], given[1]
    base = args.base or DEFAULT_RULES
    return base, given[0] if given else (args.rules or base)


def cmd_play(args: argparse.Namespace) -> int:
    """``woa play``: one game at the terminal against bots."""
    from woa_core.bots import seat_bots
    from woa_core.files import write_atomic
    from woa_core.play import play
    from woa_core.session import PERSON, Session

    source = read_rules_from(args, args.players)
    rules = source.compile(args.players)
    if not 1 <= args.seat <= args.players:
        raise UsageError(f"--seat must be between 1 and {args.players}")
    if not 0 <= args.pace <= 60:
        raise UsageError("--pace must be between 0 and 60 seconds")
    _check_outputs(args.log)
    if args.bots is None:  # the pack's declared bots, in the seats they are declared for
        seats = [PERSON if s == args.seat - 1 else b for s, b in enumerate(seat_bots(None, args.players, rules.pack))]
    else:
        bots = list(seat_bots(args.bots, args.players - 1, rules.pack))
        seats = [*bots[: args.seat - 1], PERSON, *bots[args.seat - 1 :]]
    session = play(Session(source, args.players, args.seed, seats), pace=args.pace)
    if args.log:  # quit saves the log so far, marked unfinished
        write_atomic(args.log, session.log_text())
        done = "" if session.game.over else f" (the game so far: {len(session.actions)} actions, unfinished)"
        print(f"log written to {args.log}{done}")
    return 0


@contextlib.contextmanager
def _csv_table(path: str | None, figures: Sequence[Any], players: int) -> Iterator[Any]:
    """The ``--csv`` table (None: no table), its header written: a ``RowFile`` under the user's
    name, so every finished game's row is on disk as soon as the game is saved."""
    if path is None:
        yield None
        return
    from woa_core.files import RowFile
    from woa_core.sim import game_table

    with RowFile(path) as table:
        table.add(_csv_line(game_table.header(figures, players)))
        yield table


def _csv_line(cells: list[Any]) -> str:
    """One CSV line (ending in CRLF, as the csv module writes)."""
    import csv

    buffer = io.StringIO()
    csv.writer(buffer).writerow(cells)
    return buffer.getvalue()


# -------------------------------------------------------------------------------- replay


def cmd_replay(args: argparse.Namespace) -> int:
    """``woa replay``: replay and verify a log, print the final ranking."""
    import json

    from woa_core.report.gamelog import replay, result

    if args.html or args.at is not None or args.svg:
        from woa_core.draw.cli import replay_pictures

        return replay_pictures(args)
    replayed = replay(args.log, args.rules)
    if not replayed.finished:  # a quit game's log: it replays to where it stopped
        where = replayed.game.rules.pack.where(replayed.game)
        if args.json:
            print(json.dumps({"log": args.log, "actions": replayed.actions, "unfinished": where}, indent=2))
            return 0
        print(
            f"{args.log}: replayed {replayed.actions} actions of an unfinished game (stopped at {where}); "
            "the log matches"
        )
        return 0
    outcome = result(replayed.game)["result"]
    if args.json:
        print(json.dumps({"log": args.log, "actions": replayed.actions, **outcome}, indent=2))
        return 0
    lines = replayed.game.rules.pack.summary(replayed.game)  # how long it lasted, then the seats
    length = f" {lines[0]}" if lines and lines[0] else ""
    print(f"{args.log}: replayed {replayed.actions} actions{length}; the log matches")
    for line in lines[1:]:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(console())
