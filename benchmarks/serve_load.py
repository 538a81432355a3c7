"""A bounded load test of ``woa serve`` on 127.0.0.1 (issue 37's second figure).

It starts the real server (``python -m woa_core.cli serve --port 0`` in a process of its own,
listening on 127.0.0.1 only), reads the address it prints, creates ``--games`` games (a person
and bots in each; both bundled games), then for ``--seconds`` runs ``--clients`` clients at once,
each playing its own games as a page does: the person's actions built word by word from the
game state's ``build`` words and played (``/play``), the bots' moves (``/bot``), an undo now and
then (``/undo``), a hint with a small search (``/hint``), a log saved (``/log``), and on purpose a
request on a position the game has left (a ``409`` it expects). Some games have a search bot
(``mcts``, ``--mcts-iterations``): its moves take a while. Meanwhile one more client asks for the
static files (``/``, ``/static/app.css``, ``/static/app.js``) throughout, timing each, and another
saves the log of a game being played (a second tab's "save": it waits for that game's bot move).
It stops by itself after ``--seconds`` or ``--requests`` requests, whichever comes first, and
stops the server (SIGTERM).

It reports the static files' latency (50th and 99th percentile, the slowest; target: 99th at or
under 100 ms), the server's peak resident memory (``VmHWM`` of ``/proc/PID/status``; target: at
or under 500 MB), the requests made by route, and the errors by kind: those it provoked (the
stale ``409``) apart from the unexpected ones (any other status but 200, a timeout, a dropped
connection). The exit status is 0 when both targets are met and nothing unexpected happened.

Only the standard library (threads and ``http.client``)::

    python benchmarks/serve_load.py                       # 200 games, 20 clients, 60 s
    python benchmarks/serve_load.py --seconds 20 --games 50 --clients 8
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.errors import UsageError, run_script
from woa_core.options import positive_int

ROOT = Path(__file__).resolve().parents[1]

STATIC = ("/", "/static/app.css", "/static/app.js")
"""The files a page loads first."""


def forms(mcts_iterations: int) -> tuple[dict[str, Any], ...]:
    """The games created, in turn: a person and bots (a search bot among them), in each bundled game."""
    return (
        {"ruleset": "west-of-africa", "players": 3, "set": [], "seats": ["human", "heuristic", "random"]},
        {"ruleset": "africa", "players": 2, "set": [], "seats": ["human", f"mcts:iterations={mcts_iterations}"]},
        {
            "ruleset": "west-of-africa",
            "players": 2,
            "set": [],
            "seats": ["human", f"mcts:iterations={mcts_iterations}"],
        },
    )


STATIC_TARGET_MS = 100.0
MEMORY_TARGET_MB = 500.0


@dataclass(slots=True)
class Figures:
    """What the clients saw, shared by their threads (under ``lock``)."""

    requests: Counter[str] = field(default_factory=Counter)
    expected: Counter[str] = field(default_factory=Counter)
    unexpected: Counter[str] = field(default_factory=Counter)
    static_ms: list[float] = field(default_factory=list)
    examples: dict[str, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, route: str) -> None:
        """One request made on ``route``."""
        with self.lock:
            self.requests[route] += 1

    def problem(self, kind: str, detail: str, expected: bool = False) -> None:
        """An error of ``kind`` (expected: one the test provoked)."""
        with self.lock:
            (self.expected if expected else self.unexpected)[kind] += 1
            self.examples.setdefault(kind, detail[:300])

    @property
    def total(self) -> int:
        """Requests made so far."""
        with self.lock:
            return sum(self.requests.values())


class Client:
    """One keep-alive connection to the server, JSON in and out."""

    def __init__(self, host: str, port: int, figures: Figures, timeout: float = 60.0) -> None:
        self.host, self.port, self.figures, self.timeout = host, port, figures, timeout
        self.connection = http.client.HTTPConnection(host, port, timeout=timeout)

    def call(self, method: str, path: str, body: Any = None, route: str = "") -> tuple[int, bytes]:
        """Status and body of one request (status 0: it failed, counted as unexpected)."""
        route = route or path
        self.figures.count(route)
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Content-Type": "application/json"} if data is not None else {}
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            return response.status, response.read()
        except (OSError, http.client.HTTPException) as e:
            self.figures.problem(f"{route}: {type(e).__name__}", str(e))
            self.connection.close()
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            return 0, b""

    def state(self, key: str, words: Sequence[str] = ()) -> dict[str, Any] | None:
        """A game's state (with ``words`` of the person's action being built), or None."""
        query = "?words=" + ",".join(words) if words else ""
        status, body = self.call("GET", f"/api/games/{key}{query}", route="GET /api/games/ID")
        if status != 200:
            self._unexpected("GET /api/games/ID", status, body)
            return None
        return json.loads(body)  # type: ignore[no-any-return]

    def change(self, key: str, verb: str, body: dict[str, Any], stale: bool = False) -> dict[str, Any] | None:
        """POST ``/api/games/KEY/VERB``; its new state, or None. ``stale``: the request was made
        on a position the game has left on purpose, and must be refused with 409."""
        route = f"POST /api/games/ID/{verb}"
        status, answer = self.call("POST", f"/api/games/{key}/{verb}", body, route=route)
        if stale:
            if status == 409:
                self.figures.problem(f"{route}: 409 stale (provoked)", answer.decode("utf-8", "replace"), True)
            else:
                self._unexpected(route + " (stale, not refused)", status, answer)
            return None
        if status != 200:
            self._unexpected(route, status, answer)
            return None
        return json.loads(answer)  # type: ignore[no-any-return]

    def _unexpected(self, route: str, status: int, body: bytes) -> None:
        if status:  # (a failed connection is counted where it failed)
            self.figures.problem(f"{route}: {status}", body.decode("utf-8", "replace"))


def start_server(folder: Path) -> tuple[subprocess.Popen[str], str, int]:
    """``woa serve --port 0`` in ``folder``; the process and the host and port it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "woa_core.cli", "serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r"http://(127\.0\.0\.1):(\d+)/", first)
    if found is None:
        process.kill()
        raise UsageError(f"woa serve did not start: {first.strip()} {process.communicate()[1].strip()[-500:]}")
    return process, found.group(1), int(found.group(2))


def stop_server(process: subprocess.Popen[str]) -> tuple[int | None, str]:
    """Stop the server (SIGTERM, then SIGKILL after 20 s); its status and what it said on stderr."""
    process.send_signal(signal.SIGTERM)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return process.returncode, err


def peak_rss_mb(pid: int) -> float | None:
    """A process's peak resident memory (``VmHWM``) in MB, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(r"^VmHWM:\s+(\d+) kB", text, re.MULTILINE)
    return int(found.group(1)) / 1024 if found else None


def create_games(client: Client, count: int, rng: random.Random, mcts_iterations: int) -> list[str]:
    """``count`` games, the bundled games in turn; their ids."""
    keys = []
    offered = forms(mcts_iterations)
    for number in range(count):
        form = {**offered[number % len(offered)], "seed": rng.randrange(1_000_000)}
        status, answer = client.call("POST", "/api/games", form, route="POST /api/games")
        if status == 200:
            keys.append(json.loads(answer)["id"])
        else:
            client._unexpected("POST /api/games", status, answer)
    return keys


def person_action(client: Client, key: str, state: dict[str, Any], rng: random.Random) -> str | None:
    """A legal action of the person, built as a page builds it: a verb of the state's
    ``build``, then word by word among its ``next`` words (at most 32) until one of its
    ``complete`` actions is chosen; None if the state offers none."""
    words: list[str] = []
    build = state["build"]
    while build is not None:
        complete, following = build["complete"], build["next"]
        if not words:  # first the verb (the page's buttons), then its words
            following = [verb for verb, _ in build["verbs"]]
        if complete and (not following or rng.random() < 0.5 or len(words) >= 31):
            return str(rng.choice(complete))
        if not following:
            return None
        words.append(str(rng.choice(following)))
        again = client.state(key, words)
        if again is None:
            return None
        build = again["build"]
    return None


def play_turn(client: Client, key: str, rng: random.Random, hint_iterations: int) -> bool:
    """One step of a game as a page takes it; False once the game is over (or gone)."""
    state = client.state(key)
    if state is None or state["over"]:
        if state is not None and state["at"] > 2 and rng.random() < 0.5:  # go back and play on
            client.change(key, "undo", {"at": state["at"], "to": rng.randrange(state["at"])})
            return True
        return False
    at = state["at"]
    roll = rng.random()
    if roll < 0.04 and at > 0:
        client.change(key, "bot", {"at": at - 1}, stale=True)  # another tab's request, refused
    elif roll < 0.08 and at > 0:
        client.change(key, "undo", {"at": at, "to": rng.randrange(at)})
    elif roll < 0.11 and state["person"]:
        client.change(key, "hint", {"at": at, "iterations": hint_iterations})
    elif roll < 0.13:
        status, body = client.call("GET", f"/api/games/{key}/log", route="GET /api/games/ID/log")
        if status != 200:
            client._unexpected("GET /api/games/ID/log", status, body)
    elif state["person"]:
        action = person_action(client, key, state, rng)
        if action is not None:
            client.change(key, "play", {"at": at, "action": action})
    else:
        client.change(key, "bot", {"at": at})
    return True


def player(client: Client, keys: list[str], seed: int, until: float, most: int, hint_iterations: int) -> None:
    """A client playing its own games in turn until the time or the request budget is spent."""
    rng = random.Random(seed)
    live = list(keys)
    while live and time.monotonic() < until and client.figures.total < most:
        key = rng.choice(live)
        if not play_turn(client, key, rng, hint_iterations):
            live.remove(key)


def static_reader(client: Client, until: float, most: int, pause: float) -> None:
    """Ask for the static files in turn, timing each, until the time or budget is spent."""
    number = 0
    while time.monotonic() < until and client.figures.total < most:
        path = STATIC[number % len(STATIC)]
        number += 1
        started = time.perf_counter()
        status, body = client.call("GET", path, route=f"GET {path}")
        took = (time.perf_counter() - started) * 1000
        if status == 200 and body:
            with client.figures.lock:
                client.figures.static_ms.append(took)
        else:
            client._unexpected(f"GET {path}", status, body)
        time.sleep(pause)


def static_apart(host: str, port: int, until: float, most: int, pause: float, figures: Figures) -> None:
    """``static_reader`` in a process of its own, its figures merged into ``figures`` when it ends:
    in a thread beside the 20 players it would time its own wait for this process's interpreter
    lock (the players parse every game state they get), not the server."""
    import multiprocessing

    reader, writer = multiprocessing.Pipe(duplex=False)

    def measure() -> None:
        mine = Figures()
        static_reader(Client(host, port, mine), until, most, pause)
        writer.send((mine.static_ms, dict(mine.requests), dict(mine.unexpected), mine.examples))

    child = multiprocessing.get_context("fork").Process(target=measure, daemon=True)
    child.start()
    static_ms, requests, unexpected, examples = reader.recv()
    child.join()
    with figures.lock:
        figures.static_ms.extend(static_ms)
        figures.requests.update(requests)
        figures.unexpected.update(unexpected)
        for kind, detail in examples.items():
            figures.examples.setdefault(kind, detail)


def log_saver(client: Client, keys: list[str], until: float, most: int, pause: float, seed: int) -> None:
    """Save the log of a game being played by another client (a second tab's "save"), now and
    then, until the time or budget is spent: it waits for a bot move on that game to end."""
    rng = random.Random(seed)
    while keys and time.monotonic() < until and client.figures.total < most:
        status, body = client.call("GET", f"/api/games/{rng.choice(keys)}/log", route="GET /api/games/ID/log (saver)")
        if status != 200:
            client._unexpected("GET /api/games/ID/log (saver)", status, body)
        time.sleep(pause)


def memory_watch(pid: int, until: float, peak: list[float]) -> None:
    """Keep the server's peak resident memory in ``peak[0]`` until ``until``."""
    while time.monotonic() < until:
        seen = peak_rss_mb(pid)
        if seen is None:
            return
        peak[0] = max(peak[0], seen)
        time.sleep(0.25)


def percentile(values: list[float], fraction: float) -> float:
    """The value under which ``fraction`` of ``values`` lie (nearest rank).

    >>> percentile([float(v) for v in range(1, 101)], 0.99)
    99.0
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(fraction * len(ordered) + 0.5) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--games", type=positive_int, default=200, help="games created before play starts")
    parser.add_argument("--clients", type=positive_int, default=20, help="clients playing at once")
    parser.add_argument("--seconds", type=positive_int, default=60, help="how long the clients play")
    parser.add_argument("--requests", type=positive_int, default=200_000, help="stop after this many requests")
    parser.add_argument("--hint-iterations", type=positive_int, default=5, help="the search budget of a hint")
    parser.add_argument(
        "--mcts-iterations", type=positive_int, default=20, help="the search budget of the games' mcts bots"
    )
    parser.add_argument("--save-pause", type=float, default=0.2, help="seconds between two logs saved by another tab")
    parser.add_argument("--static-pause", type=float, default=0.02, help="seconds between two static requests")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and the clients' choices")
    args = parser.parse_args(argv)
    if args.clients > 200:
        raise UsageError(f"--clients: {args.clients} clients: at most 200")
    if args.games > 200:
        raise UsageError(f"--games: {args.games} games: the server keeps at most 200")
    if not 0 <= args.static_pause <= 10 or not 0 <= args.save_pause <= 10:
        raise UsageError("--static-pause and --save-pause: between 0 and 10 seconds")
    if args.mcts_iterations > 10_000:
        raise UsageError(f"--mcts-iterations: {args.mcts_iterations}: at most 10,000")
    rng = random.Random(args.seed)
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="woa-serve-load-") as folder:
        process, host, port = start_server(Path(folder))
        try:
            started = time.monotonic()
            keys = create_games(Client(host, port, figures), args.games, rng, args.mcts_iterations)
            until = time.monotonic() + args.seconds
            peak = [0.0]
            threads = [threading.Thread(target=memory_watch, args=(process.pid, until + 1, peak), daemon=True)]
            threads.append(
                threading.Thread(
                    target=static_apart, args=(host, port, until, args.requests, args.static_pause, figures)
                )
            )
            threads.append(
                threading.Thread(
                    target=log_saver,
                    args=(Client(host, port, figures), keys, until, args.requests, args.save_pause, args.seed),
                )
            )
            for number in range(args.clients):
                mine = keys[number :: args.clients]  # each client plays its own games: no 409 unprovoked
                client = Client(host, port, figures)
                threads.append(
                    threading.Thread(
                        target=player,
                        args=(client, mine, args.seed * 1000 + number, until, args.requests, args.hint_iterations),
                    )
                )
            for thread in threads:
                thread.start()
            for thread in threads[1:]:
                thread.join()
            played = time.monotonic() - started
            peak[0] = max(peak[0], peak_rss_mb(process.pid) or 0.0)
        finally:
            status, err = stop_server(process)
    if status != 0 or "Traceback" in err:
        figures.problem(f"server stopped with status {status}", err[-300:])
    return report(figures, played, peak[0], args)


def report(figures: Figures, seconds: float, peak: float, args: argparse.Namespace) -> int:
    """Print the figures; 0 if the targets are met and nothing unexpected happened."""
    static = figures.static_ms
    p99 = percentile(static, 0.99)
    print(
        f"woa serve on 127.0.0.1: {args.games} games, {args.clients} clients for {args.seconds} s "
        f"({sum(figures.requests.values())} requests in {seconds:.0f} s with the games' creation; shared machine)"
    )
    for route, n in sorted(figures.requests.items()):
        print(f"  {route:32} {n:7}")
    print(
        f"static files: {len(static)} requests, 50th percentile {percentile(static, 0.5):.1f} ms, 99th "
        f"{p99:.1f} ms, slowest {max(static, default=0.0):.1f} ms (target: 99th <= {STATIC_TARGET_MS:g} ms)"
    )
    print(f"server peak memory (VmHWM): {peak:.0f} MB (target: <= {MEMORY_TARGET_MB:g} MB)")
    print(f"expected errors (provoked): {sum(figures.expected.values())}")
    for kind, n in sorted(figures.expected.items()):
        print(f"  {kind}: {n}")
    print(f"unexpected errors: {sum(figures.unexpected.values())}")
    for kind, n in sorted(figures.unexpected.items()):
        print(f"  {kind}: {n} (e.g. {figures.examples[kind]!r})")
    met = p99 <= STATIC_TARGET_MS and peak <= MEMORY_TARGET_MB and bool(static)
    return 0 if met and not figures.unexpected else 1


if __name__ == "__main__":
    run_script(main)
