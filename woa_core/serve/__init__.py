"""``woa serve``: play a game in the browser, against bots or hot-seat, for any rule pack.

A local web app (Starlette, served by uvicorn: the ``serve`` extra). The start page chooses the
ruleset (those given with ``--rules``, the bundled ones and their example variants), ``--set``
changes, the player count, the seed, and who plays each seat: a person (several share one
screen) or a bot with its parameters; or it resumes a game from its log (a quit one too). The
game's page draws the pack's board after every action with the last action marked, offers the
legal actions as targets on the board where they have a place and as a short list built word by
word otherwise, plays the bots one at a time at the pace the person sets, goes back to any
earlier action, asks the search bot for a hint, tells every change of score and every round end
in words, and saves the game as a log that ``woa replay`` replays. The game itself is a
``woa_core.session.Session``; the web app is ``woa_core.serve.app``.

With ``--watch``, the rules given are read again whenever their file changes, and the start page
shows their problems (``FILE:LINE:COL``) or their board within a second of a save.

It listens on 127.0.0.1 unless told otherwise, answers only requests addressed to it (``Host``)
from its own pages (``Origin``), and never opens a path a request names.
"""

from __future__ import annotations

import argparse
import signal
import socket
import sys
from typing import Any

from woa_core.errors import UsageError

DEFAULT_PORT = 8765


def add_command(sub: Any) -> None:
    """Register ``woa serve`` on the ``woa`` parser."""
    p = sub.add_parser(
        "serve",
        help="play a game in the browser: against bots or hot-seat, with undo, hints and logs",
        description="Start a local web app to play a game in the browser: choose the ruleset (given with "
        "--rules, bundled, or a bundled variant), --set changes, the player count, the seed, and who plays each "
        "seat (a person: several people share one screen; or a bot with its parameters), or resume a game from "
        "its log. The board is redrawn after every action with the last action marked; your legal actions are "
        "targets on the board where they have a place and short lists built word by word otherwise (a card "
        "selection card by card); bots play one at a time at the pace you set; undo goes back to any earlier "
        "action; hint asks the search bot (mcts) what it would play, with its estimated chances to win; every "
        "score change and round end is told in words; save writes the game's log (woa replay replays it; a "
        "saved unfinished game resumes). A game lives in the server under the id in its address: a reload loses "
        "nothing (a server stopped loses its games: save their logs). Example: woa serve --rules my-variant.yaml "
        "--watch",
        epilog="With --watch the rules given with --rules are read again whenever one of their files is saved, and "
        "the start page shows their problems (FILE:LINE:COL) or their board within a second. The server listens "
        "on 127.0.0.1 (this computer only) unless --host says otherwise, refuses requests addressed to another "
        "name (Host) or coming from another site's page (Origin), and never opens a file a request names. Needs "
        "the 'serve' extra: pip install 'woa[serve]'.",
    )
    p.add_argument(
        "--rules",
        action="append",
        metavar="RULES",
        help="rules to offer first (repeatable): a bundled name, a rules folder or a variant file",
    )
    p.add_argument(
        "--watch",
        action="store_true",
        help="read the --rules files again when they change; the start page shows their problems or their board",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s: this computer)")
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help="port (default: %(default)s; 0: any free port, printed)"
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another name requests may be addressed to (with --host 0.0.0.0: this computer's name on the network)",
    )
    p.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """``woa serve``: start the server; it runs until Ctrl-C (or SIGTERM)."""
    try:
        import uvicorn

        from woa_core.serve.app import make_app
    except ImportError:
        raise UsageError("woa serve needs the 'serve' extra: pip install 'woa[serve]'") from None
    from woa_core.serve.catalogue import Catalogue, check_given

    specs = list(args.rules or [])
    if args.watch and not specs:
        raise UsageError("--watch watches the rules given with --rules FILE: name them")
    if not 0 <= args.port <= 65535:
        raise UsageError("--port must be between 0 and 65535")
    check_given(specs, args.watch)
    catalogue = Catalogue(specs, watch=args.watch)
    try:
        family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
        sock = socket.create_server((args.host, args.port), family=family)
    except OSError as e:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}") from None
    port = sock.getsockname()[1]
    names = {"127.0.0.1", "localhost", *args.allow_host}
    if args.host not in ("0.0.0.0", "::"):
        names.add(args.host)
    hosts = {f"[{name}]:{port}" if ":" in name else f"{name}:{port}" for name in names}
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else shown}:{port}/"
    watched = f"; watching {', '.join(specs)}" if args.watch else ""
    print(f"woa serve: {url}{watched} (Ctrl-C stops it)", flush=True)
    config = uvicorn.Config(make_app(catalogue, hosts), log_level="warning", access_log=False)
    server = _server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    print("woa serve: stopped", file=sys.stderr)
    return 0


def _server(config: Any) -> Any:
    """uvicorn's server, stopped by Ctrl-C or SIGTERM as the normal end of ``woa serve`` (uvicorn
    would raise the signal again once stopped, which woa reports as an interruption)."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True  # a second Ctrl-C: do not wait for open connections
            else:
                self.should_exit = True

    return Server(config)
