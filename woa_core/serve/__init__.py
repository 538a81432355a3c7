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

It listens on 127.0.0.1 unless told otherwise (another address needs ``--public``, and is
warned about), answers only requests addressed to it (``Host``) from its own pages (``Origin``),
never opens a path a request names, plays only the bots it trusts (``woa_core.serve.trust``:
never a ``module:attr`` a request or an uploaded log names), each decision in a child process
with a time limit (``woa_core.serve.apart``), and bounds what a request may carry and what all
requests in flight hold. ``docs/serve-security.md`` says in one place what it trusts and what it
refuses.
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

from woa_core.errors import UsageError
from woa_core.serve.limits import DEFAULT_BOT_SECONDS, DEFAULT_CEILINGS, MAX_BYTES_IN_FLIGHT, MAX_RESUME_BYTES

DEFAULT_PORT = 8765

_LOCAL = {"0.0.0.0": "127.0.0.1", "::": "::1"}
"""The address of this computer on which a server listening on every interface is reached."""


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
        "the 'serve' extra: pip install 'woa[serve]'. Another address than this computer's own needs --public (and "
        "prints what becomes reachable). The server plays only the bots it trusts: the bundled ones, the pack's, "
        "installed woa.bots entry points and those named with --allow-bot; never a module:Class a request or an "
        "uploaded log names. What it trusts and refuses: docs/serve-security.md.",
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
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: %(default)s: this computer; another needs --public)",
    )
    p.add_argument(
        "--public",
        action="store_true",
        help="allow a --host other computers may reach (0.0.0.0: every network interface); prints a warning",
    )
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
    p.add_argument(
        "--allow-bot",
        action="append",
        default=[],
        metavar="MODULE:CLASS",
        help="a bot class of your own the server may play (repeatable); the bundled bots are always allowed",
    )
    ceilings = ", ".join(f"{k}={v:g}" for k, v in DEFAULT_CEILINGS.items())
    p.add_argument(
        "--bot-ceiling",
        action="append",
        default=[],
        metavar="PARAM=MAX",
        help=f"the most a client may ask of a bot parameter, a hint's iterations too (repeatable; default {ceilings})",
    )
    p.add_argument(
        "--bot-seconds",
        type=float,
        default=DEFAULT_BOT_SECONDS,
        help="time limit of one bot decision or hint; one that overruns it is stopped (default: %(default)g)",
    )
    p.add_argument(
        "--most-log-bytes",
        type=int,
        default=MAX_RESUME_BYTES,
        help="largest log a client may send to resume (default: %(default)s, ten times a bundled game's longest)",
    )
    p.add_argument(
        "--most-bytes-in-flight",
        type=int,
        default=MAX_BYTES_IN_FLIGHT,
        help="request bytes held at once across all requests; beyond: refused (413) (default: %(default)s)",
    )
    p.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """``woa serve``: start the server; it runs until Ctrl-C (or SIGTERM)."""
    import socket  # (here, not at the top: registering the command loads no network module)

    try:
        import uvicorn

        from woa_core.serve.app import Limits, make_app
    except ImportError:
        raise UsageError("woa serve needs the 'serve' extra: pip install 'woa[serve]'") from None
    from woa_core.serve.catalogue import Catalogue, check_given

    specs = list(args.rules or [])
    if args.watch and not specs:
        raise UsageError("--watch watches the rules given with --rules FILE: name them")
    if not 0 <= args.port <= 65535:
        raise UsageError("--port must be between 0 and 65535")
    host = checked_host(args.host, args.public)
    limits = _limits(args, Limits)
    check_given(specs, args.watch)
    catalogue = Catalogue(specs, watch=args.watch)
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.create_server((host, args.port), family=family)
    except OSError as e:
        raise UsageError(f"cannot listen on {host}:{args.port}: {e.strerror or e}") from None
    port = sock.getsockname()[1]
    names = {"127.0.0.1", "localhost", *args.allow_host, _LOCAL.get(host, host)}
    hosts = {f"[{name}]:{port}" if ":" in name else f"{name}:{port}" for name in names}
    if not is_loopback(host):
        print(public_warning(host, port, sorted(hosts), limits.bots.allowed), file=sys.stderr, flush=True)
    watched = f"; watching {', '.join(specs)}" if args.watch else ""
    print(f"woa serve: {url_of(host, port)}{watched} (Ctrl-C stops it)", flush=True)
    config = uvicorn.Config(make_app(catalogue, hosts, limits), log_level="warning", access_log=False)
    server = _server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    print("woa serve: stopped", file=sys.stderr)
    return 0


def _limits(args: argparse.Namespace, limits: Any) -> Any:
    """The ``Limits`` the options set (``UsageError`` for one out of range)."""
    from woa_core.serve.trust import BotPolicy, check_allowed, parse_ceiling

    if not 0 < args.bot_seconds <= 3600:
        raise UsageError("--bot-seconds must be more than 0 and at most 3600")
    sizes = {"--most-log-bytes": args.most_log_bytes, "--most-bytes-in-flight": args.most_bytes_in_flight}
    for option, value in sizes.items():
        if not 1_000 <= value <= 2**40:
            raise UsageError(f"{option} must be between 1,000 and 2**40 bytes")
    ceilings = dict(DEFAULT_CEILINGS) | dict(parse_ceiling(text) for text in args.bot_ceiling)
    bots = BotPolicy(check_allowed(args.allow_bot), ceilings, args.bot_seconds)
    return limits(bots, args.most_log_bytes, args.most_bytes_in_flight)


def checked_host(host: str, public: bool) -> str:
    """The address to listen on: refused (``UsageError``) when empty, or when other computers may
    reach it and ``public`` (``--public``) was not given.

    >>> checked_host("127.0.0.1", False), checked_host("::1", False), checked_host("localhost", False)
    ('127.0.0.1', '::1', 'localhost')
    >>> checked_host("", False)
    Traceback (most recent call last):
    woa_core.errors.UsageError: --host: name an address to listen on (127.0.0.1: this computer only; 0.0.0.0 ...
    >>> checked_host("0.0.0.0", False)
    Traceback (most recent call last):
    woa_core.errors.UsageError: --host 0.0.0.0 is reachable from other computers: add --public to mean it ...
    >>> checked_host("0.0.0.0", True)
    '0.0.0.0'
    """
    host = host.strip()
    if not host:
        raise UsageError(
            "--host: name an address to listen on (127.0.0.1: this computer only; 0.0.0.0 with --public: every "
            "network interface)"
        )
    if not public and not is_loopback(host):
        raise UsageError(
            f"--host {host} is reachable from other computers: add --public to mean it (anyone who reaches it can "
            "play on this server)"
        )
    return host


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this computer only: a loopback address, or a name that means only such.

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, True, False)
    """
    import ipaddress
    import socket

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except (OSError, UnicodeError):
        return False  # a name that resolves to nothing: listening on it fails with its own sentence
    return bool(found) and all(ipaddress.ip_address(str(a).split("%")[0]).is_loopback for a in found)


def url_of(host: str, port: int) -> str:
    """The address printed: where a browser on this computer finds the server.

    >>> url_of("0.0.0.0", 8765), url_of("::", 80), url_of("::1", 80), url_of("localhost", 1)
    ('http://127.0.0.1:8765/', 'http://[::1]:80/', 'http://[::1]:80/', 'http://localhost:1/')
    """
    shown = _LOCAL.get(host, host)
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def public_warning(host: str, port: int, hosts: list[str], allowed: tuple[str, ...]) -> str:
    """What ``--public`` makes reachable, said before the server starts.

    >>> print(public_warning("0.0.0.0", 80, ["127.0.0.1:80"], ()))  # doctest: +ELLIPSIS
    woa serve: warning: listening on 0.0.0.0, every network interface of this computer, port 80: anyone ...
    """
    where = "every network interface of this computer" if host in ("0.0.0.0", "::") else "an address others reach"
    bots = "the bundled bots" + (f" and {', '.join(allowed)}" if allowed else "")
    return (
        f"woa serve: warning: listening on {host}, {where}, port {port}: anyone who can reach it can start games, "
        f"play them, read their logs and make this computer run {bots} (each decision within its time limit); "
        f"requests must be addressed to {', '.join(hosts)} (--allow-host adds this computer's network name)"
    )


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
