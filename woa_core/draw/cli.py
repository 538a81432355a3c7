"""The ``woa board`` command, and the drawing parts of ``woa replay`` (``--html``, ``--at``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from woa_core.options import RULES_HELP, add_rules_options, player_count, read_rules_from


def add_commands(sub: Any) -> None:
    """Register ``woa board`` on the ``woa`` parser."""
    p = sub.add_parser(
        "board",
        help="draw the board of a ruleset or variant as SVG",
        description="Draw the empty board of a ruleset or variant as an SVG picture, from the rules alone. "
        "West of Africa: islands at their 'at:' coordinates coloured by region with the sale price, sea links, "
        "moorings (those unused at this player count dashed), every space with its good and/or settlement "
        "cost, and the worker ships. Africa: the hex map, every field at its axial coordinates with its id, "
        "the start cities, a face-down tile on every other field, and the rules (turn, camps, scoring, tile "
        "mix). A variant's new island, sea link or field appears by itself. Examples: "
        "woa board rules/variants/el-hierro-ferry.yaml --players 3 -o ferry.svg; "
        "woa board --rules africa --players 2 -o africa.svg",
        epilog=RULES_HELP,
    )
    add_rules_options(p, positional="?", help="rules to draw")
    p.add_argument("--players", type=player_count, default=4, help="player count (default: %(default)s)")
    p.add_argument("-o", "--out", metavar="FILE", help="where to write the SVG (default: standard output)")
    p.set_defaults(run=cmd_board)


def cmd_board(args: argparse.Namespace) -> int:
    """``woa board``: the empty board as SVG."""
    from woa_core.files import check_output
    from woa_core.report.drawing import drawing_of

    if args.out:
        check_output(args.out)
    source = read_rules_from(args, args.players)
    rules = source.compile(args.players)
    svg = drawing_of(rules).board(rules, None, (), source)
    write_text(args.out, svg)
    if args.out:
        print(f"board of {rules.name} for {rules.players} players written to {args.out}", file=sys.stderr)
    return 0


def write_text(path: str | None, text: str) -> None:
    """Write ``text`` to ``path`` (replacing it whole, never half-written: ``files.write_atomic``),
    or to stdout if None.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.svg")
    >>> write_text(path, "<svg/>"); open(path).read(), os.listdir(os.path.dirname(path))
    ('<svg/>', ['x.svg'])
    """
    from woa_core.files import write_atomic

    if not path:
        sys.stdout.write(text)
        return
    write_atomic(path, text)


def replay_pictures(args: argparse.Namespace) -> int:
    """``woa replay LOG --html FILE``, ``--at N`` and ``--svg FILE`` (the log is verified first)."""
    from woa_core.draw.replay_html import svg_at, text_at, viewer_html
    from woa_core.files import check_output

    for path in (args.svg, args.html):
        if path:
            check_output(path)
    if args.svg:
        write_text(args.svg, svg_at(args.log, args.at, args.rules))
        print(f"board written to {args.svg}", file=sys.stderr)
    elif args.at is not None:
        print(text_at(args.log, args.at, args.rules))
    if args.html:
        write_text(args.html, viewer_html(args.log, args.rules))
        print(f"replay viewer written to {args.html}", file=sys.stderr)
    return 0


def write_report(path: str, kind: str, report: dict[str, Any], text: str, figures: Sequence[Any]) -> None:
    """Write the ``--html`` report of ``woa simulate`` (``kind="simulate"``: manifest and stats),
    ``woa compare`` (``"compare"``: manifest, method and rows) or ``woa sweep`` (``"sweep"``:
    manifest, ranking and rows); ``text`` is the plain report, included as it is; ``figures``:
    the declared figures the report holds (``woa_core.report.figures``)."""
    from woa_core.draw.report_html import compare_html, simulate_html, sweep_html

    pages = {"simulate": simulate_html, "compare": compare_html, "sweep": sweep_html}
    page = pages[kind](report, text, figures)
    write_text(path, page)
    print(f"HTML report written to {path}", file=sys.stderr)
