"""Command-line options shared by commands: the ones that name rules, and the types of counts.

One spelling everywhere: ``--rules RULES`` (a bundled ruleset name, a rules directory or a
variant file; default ``west-of-africa``) and ``--set PATH=VALUE`` (repeatable; see
``woa_core.rules.overrides``). Commands that took the rules as a positional argument
(``validate``, ``rules show``, ``check``) still accept it.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_rules_options(parser)
>>> args = parser.parse_args(["--set", "economy.gold.cap=60", "--set", "economy.gold.start=10"])
>>> rules_spec(args), rules_overrides(args)
('west-of-africa', ('economy.gold.cap=60', 'economy.gold.start=10'))
>>> read_rules_from(args, players=4).compile(4).gold_cap
60

Counts given on the command line (``--games``, ``--workers``, ``--top``, ...) are read with
``positive_int`` (or ``nonnegative_int`` where 0 means something), and player counts with
``player_count``, so ``--workers 0`` or ``--players 10**30`` is refused by the parser with one
sentence, before anything runs.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import UsageError

if TYPE_CHECKING:  # woa_core.rules is imported when rules are read, not for --help
    from woa_core.rules import RulesSource


RULES_HELP = (
    "RULES is a bundled ruleset name (west-of-africa), a rules directory, or a variant file (a YAML file "
    "with 'extends:'); the default is the bundled west-of-africa. --set PATH=VALUE (repeatable) changes one "
    "value for this run only, merged like a variant: PATH is dotted keys starting with the rules file "
    "(economy.gold.cap, board.sea_links.el_hierro-tenerife, players.overlays.2.economy.gold.cap), [N] picks "
    "a list item; VALUE is YAML (60, true, [2, 1], {cap: 60}); null deletes a key."
)

OBJECTIVES_HELP = (
    "seat-balance (the largest gap of a seat's win rate from an even share), a win rate's own objective "
    "(first-player: the first player's gap from an even share), FIGURE=TARGET (distance of a figure from a "
    "target, e.g. length=7 for 7-round games, vp=25), min:FIGURE or max:FIGURE (e.g. max:vp)"
)
"""The objectives ``woa sweep --objective`` takes (``woa_core.sim.sweep_figures.parse_objective``
reads them): here, so that the parser says them without loading the sweep's modules."""

SET_HELP = "change one rules value for this run, e.g. economy.gold.cap=60 (repeatable; see below)"


def bots_help(command: str, what: str) -> str:
    """The ``--bots`` help of ``command``: ``what`` the option gives, and its default, which the
    rules' pack declares (``Pack.default_bots``; ``Pack.check_bots`` for ``check``), and why.

    >>> print(bots_help("check", "who plays"))
    who plays (default: the rule pack's check_bots, random unless it declares others: a check hunts ...)
    """
    if command == "check":
        default = (
            "the rule pack's check_bots, random unless it declares others: a check hunts rule bugs, and random "
            "play tries every kind of legal action"
        )
    else:
        default = (
            "the rule pack's default_bots, a sensible player where the pack has one (the bundled games' "
            "heuristic), else random: figures a designer acts on come from sensible play"
        )
    return f"{what} (default: {default})"


def add_rules_options(
    parser: argparse.ArgumentParser,
    *,
    positional: str | None = None,
    help: str = "the rules to use",
) -> None:
    """Add ``--rules RULES`` and ``--set PATH=VALUE`` to ``parser``.

    ``positional`` is ``"?"`` or ``"*"`` for a command that also accepts the rules as a positional
    argument (its old spelling); ``"*"`` lets it name several rulesets (``woa validate A B``)."""
    default = "" if "default" in help else f" (default: {DEFAULT_RULES})"
    parser.add_argument("--rules", metavar="RULES", help=help + default)
    parser.add_argument("--set", dest="overrides", action="append", metavar="PATH=VALUE", help=SET_HELP)
    if positional:
        parser.add_argument(
            "rules_positional",
            nargs=positional,
            metavar="RULES",
            help="the same as --rules" + (" (several may be given)" if positional == "*" else ""),
        )


def rules_specs(args: argparse.Namespace) -> list[str]:
    """Every rules spec the command line names (``--rules`` and positional ones), or the default."""
    given = getattr(args, "rules_positional", None) or []
    if isinstance(given, str):
        given = [given]
    specs = ([args.rules] if args.rules else []) + list(given)
    return specs or [DEFAULT_RULES]


def rules_spec(args: argparse.Namespace) -> str:
    """The one rules spec the command line names (``UsageError`` if it names two)."""
    specs = rules_specs(args)
    if len(set(specs)) > 1:
        raise UsageError(f"the rules are named twice ({' and '.join(specs)}): give them once, with --rules")
    return specs[0]


def rules_overrides(args: argparse.Namespace) -> tuple[str, ...]:
    """The ``--set`` overrides, in the order given."""
    return tuple(getattr(args, "overrides", None) or ())


def read_rules_from(args: argparse.Namespace, players: int | None = None) -> RulesSource:
    """Read and validate the rules the command line names (once, at the start of a run).

    With ``players``, also check now that the rules support that many players (a located
    ``RulesError`` otherwise)."""
    from woa_core.rules import read_rules

    source = read_rules(rules_spec(args), rules_overrides(args))
    if players is not None:
        source.compile(players)
    return source


def positive_int(text: str) -> int:
    """An argparse ``type``: a whole number of at least 1 (games, workers, points to show, ...).

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '0' is not a whole number of at least 1
    """
    return _whole(text, 1)


MOST_PLAYERS = 8
"""The most players any rules may support (``players.counts`` is 1 to 8 in every pack's schema,
and a log's header is refused beyond it): ``--players`` is bounded before any rules are read.
Whether the rules support the count asked for, they say themselves."""

MOST_COUNT = 10**12
"""The largest count a command line may give (games, a first game, points to show): more than
any run can play, and small enough for every count to index a range (``--games 10**30``
overflowed)."""


def player_count(text: str) -> int:
    """An argparse ``type``: a number of players, from 1 to ``MOST_PLAYERS``.

    >>> player_count("3")
    3
    >>> player_count("999999999999999999999999999999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '99999999999999999999...' is not a number of players from 1 to 8
    """
    try:
        value = int(text)
    except ValueError:  # also a number of more than 4,300 digits: said as argparse says it of an int
        raise argparse.ArgumentTypeError(f"invalid int value: {_shown(text)!r}") from None
    if not 1 <= value <= MOST_PLAYERS:
        raise argparse.ArgumentTypeError(f"{_shown(text)!r} is not a number of players from 1 to {MOST_PLAYERS}")
    return value


WORKERS_PER_CORE = 4
"""Most worker processes per core ``--workers`` may ask for: more only slow a run down (each is a
Python process with its own copy of the rules), and a typo of 100000 would fork a storm."""


def worker_count(text: str) -> int:
    """An argparse ``type``: a number of worker processes, from 1 to ``WORKERS_PER_CORE`` per core.

    >>> worker_count("2")
    2
    >>> worker_count("100000")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '100000' workers: at most ... on this machine (4 per core)
    """
    value = _whole(text, 1)
    most = WORKERS_PER_CORE * (os.cpu_count() or 1)
    if value > most:
        raise argparse.ArgumentTypeError(
            f"{text!r} workers: at most {most} on this machine ({WORKERS_PER_CORE} per core)"
        )
    return value


def nonnegative_int(text: str) -> int:
    """An argparse ``type``: a whole number of at least 0 (a first game index).

    >>> nonnegative_int("0"), nonnegative_int(" 7 ")
    (0, 7)
    """
    return _whole(text, 0)


def _whole(text: str, least: int) -> int:
    """``text`` as a whole number from ``least`` to ``MOST_COUNT``.

    >>> _whole("1000000000001", 1)
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '1000000000001' is more than 1000000000000 (10^12), the largest count woa takes
    """
    try:
        value = int(text)
    except ValueError:  # also a number of more than 4,300 digits
        value = None
    if value is None or value < least:
        raise argparse.ArgumentTypeError(f"{_shown(text)!r} is not a whole number of at least {least}")
    if value > MOST_COUNT:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)!r} is more than {MOST_COUNT} (10^12), the largest count woa takes"
        )
    return value


def _shown(text: str) -> str:
    """A number as given, cut to its first 20 characters when long."""
    return text if len(text) <= 24 else text[:20] + "..."


def add_dask_option(parser: argparse.ArgumentParser) -> None:
    """``--dask ADDRESS`` on a command that plays many games (same results as locally).

    >>> parser = argparse.ArgumentParser()
    >>> add_dask_option(parser)
    >>> parser.parse_args(["--dask", "local"]).dask
    'local'
    """
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play the games on a Dask scheduler (tcp://HOST:8786), or 'local' for a local Dask cluster "
        "of --workers processes; results are identical to a local run (needs: pip install 'woa[dask]')",
    )
