"""``woa serve`` safe to serve (issue 37, items 1, 2, 3, 5 and 10), over real servers: it plays
only the bots it trusts, never a ``module:attr`` a request or a log names; a client's bot
parameters have ceilings and a decision that overruns its time limit is stopped; nothing waits
on the event loop; the bytes of requests in flight are bounded; deep JSON is a sentence; an
empty or public ``--host`` is refused without ``--public``."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.serve.servers import ROOT, Server, need_serve, serving
from tests.serve.slow_bot import TRIPWIRE
from woa_core.errors import UsageError
from woa_core.report.gamelog import record_game

need_serve()

SLOW = "tests.serve.slow_bot:SlowBot"
"""The operator-allowed bot that sleeps (``--allow-bot``)."""


def _game(server: Server, seats: list[str], ruleset: str = "africa") -> str:
    body = {"ruleset": ruleset, "players": len(seats), "seed": 5, "set": [], "seats": seats}
    status, answer = server.request("POST", "/api/games", body)
    assert status == 200, answer
    return str(answer["id"])


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server that allows the slow bot, with a small time limit and small byte bounds; and the
    file the tripwire module would write if it were ever imported."""
    folder = tmp_path_factory.mktemp("guarded")
    mark = folder / "tripped"
    # 3 s: room for a quick hint on a loaded machine (bots run at a lower priority than the server)
    args = ["--allow-bot", SLOW, "--bot-seconds", "3", "--bot-ceiling", "iterations=40", "--bot-ceiling", "seconds=60"]
    args += ["--most-log-bytes", "200000", "--most-bytes-in-flight", "300000"]
    with serving(args, cwd=folder, env={TRIPWIRE: str(mark)}) as server:
        yield server, mark


def test_seats_naming_code_are_refused_before_anything_is_imported(guarded: Any) -> None:
    """issue 37.1: seats ``["os:_exit", "os:_exit"]`` (which ended the server at its first bot
    move) are refused at creation with a sentence naming the bots it plays; a seat naming a
    module is refused before the module is imported; the server plays on."""
    server, mark = guarded
    body = {"ruleset": "africa", "players": 2, "seed": 1, "set": [], "seats": ["os:_exit", "os:_exit"]}
    status, answer = server.request("POST", "/api/games", body)
    assert status == 400, answer
    assert answer["error"].startswith(f"this server plays only the bots it trusts (random, mcts, heuristic, {SLOW})")
    assert "not 'os:_exit'" in answer["error"]
    for seat in ("tests.serve.tripwire:Bot", "tests.serve.tripwire:Bot:seconds=0", "math:factorial"):
        status, answer = server.request("POST", "/api/games", {**body, "seats": ["human", seat]})
        assert status == 400 and "bots it trusts" in answer["error"], answer
    assert not mark.exists()
    status, setup = server.request("GET", "/api/setup")
    assert status == 200 and SLOW in next(r for r in setup["rulesets"] if r["key"] == "africa")["bots"]


def _log_naming(bots: list[str]) -> str:
    """The log of a short Africa game whose header names ``bots``, written (checks and all) by
    ``woa_core.report.gamelog`` itself: a valid log, but for the names."""
    from woa_core.rules import read_rules
    from woa_core.session import Session

    session = Session(read_rules("africa"), 2, 3, ["human", "random"])
    session.play("start dakar")
    session.bot_move()
    return record_game(session.rules, session.seed, session.source, bots, session.actions).text()


def test_a_log_whose_header_names_code_is_refused_at_resume(guarded: Any) -> None:
    """issue 37.1: a log whose header names ``os:_exit`` (a valid log otherwise) is refused at
    resume, whoever is to play; the same log naming a trusted bot resumes."""
    server, mark = guarded
    for query in ("", "?people=1", "?people=1,2"):
        status, answer = server.request(
            "POST", f"/api/games/resume{query}", _log_naming(["human", "os:_exit"]), raw=True
        )
        if query == "?people=1,2":  # people play both seats: the log's bot is never made
            assert status == 200, answer
            continue
        assert status == 400 and "not 'os:_exit'" in answer["error"], (query, answer)
    status, answer = server.request(
        "POST", "/api/games/resume", _log_naming(["tests.serve.tripwire:Bot", "human"]), raw=True
    )
    assert status == 400 and "bots it trusts" in answer["error"] and not mark.exists(), answer
    status, answer = server.request("POST", "/api/games/resume", _log_naming(["human", "mcts"]), raw=True)
    assert status == 200, answer


def test_a_session_from_a_log_asks_whether_its_bots_are_trusted() -> None:
    """issue 37.1: ``Session.from_log(trusted=...)`` asks about every bot the header names
    before the bot is looked up."""
    from woa_core.serve.trust import BotPolicy
    from woa_core.session import Session

    with pytest.raises(UsageError, match="not 'os:_exit'"):
        Session.from_log(_log_naming(["human", "os:_exit"]), "edited", trusted=BotPolicy().check)
    kept = Session.from_log(_log_naming(["human", "random"]), "kept", trusted=BotPolicy().check)
    assert kept.seats == ("human", "random") and len(kept.actions) == 2


def test_a_clients_bot_parameters_and_hint_have_ceilings(guarded: Any) -> None:
    """issue 37.1: the operator's ceilings (here ``--bot-ceiling iterations=40``) bound what a
    client may ask of a bot and of a hint; within them both play."""
    server, _ = guarded
    body = {"ruleset": "africa", "players": 2, "seed": 1, "set": [], "seats": ["human", "mcts:iterations=5000"]}
    status, answer = server.request("POST", "/api/games", body)
    assert status == 400 and "iterations up to 40, not 5,000" in answer["error"], answer
    key = _game(server, ["human", "mcts:iterations=8"])
    status, answer = server.request("POST", f"/api/games/{key}/hint", {"at": 0, "iterations": 60})
    assert status == 400 and "a hint for iterations up to 40, not 60" in answer["error"], answer
    status, answer = server.request("POST", f"/api/games/{key}/hint", {"at": 0, "iterations": 10})
    assert status == 200 and sum(c["trials"] for c in answer["hint"]["candidates"]) == 10, answer


def test_a_bot_overrunning_its_time_limit_is_stopped_with_a_sentence(guarded: Any) -> None:
    """issue 37.1: a decision longer than ``--bot-seconds`` (3 s here; the allowed slow bot
    sleeps 30 s) is stopped: the answer is a sentence, the game is unchanged, and the game
    plays on at once with a quick bot."""
    server, _ = guarded
    key = _game(server, [f"{SLOW}:seconds=30", f"{SLOW}:seconds=0"])
    status, answer = server.request("POST", f"/api/games/{key}/bot", {"at": 0})
    assert status == 503 and "took longer than 3 s: it was stopped, and the game is unchanged" in answer["error"]
    status, state = server.request("GET", f"/api/games/{key}")
    assert status == 200 and state["at"] == 0 and state["history"] == []
    quick = _game(server, [f"{SLOW}:seconds=0", "random"])
    status, state = server.request("POST", f"/api/games/{quick}/bot", {"at": 0})
    assert status == 200 and state["at"] == 1, state


def test_a_static_file_is_answered_while_a_bot_holds_a_game_and_its_log_waits(guarded: Any) -> None:
    """issue 37.2: while a bot move holds a game's lock (the slow bot sleeps 0.9 s, within the
    time limit) and that game's log is asked for (it waits for the lock), ``/static/app.css``
    is answered within 200 ms; both requests then succeed, the log after the move."""
    server, _ = guarded
    key = _game(server, [f"{SLOW}:seconds=0.9", "random"])
    answers: dict[str, tuple[int, Any]] = {}

    def ask(name: str, method: str, path: str, body: Any = None) -> None:
        answers[name] = server.request(method, path, body)

    move = threading.Thread(target=ask, args=("move", "POST", f"/api/games/{key}/bot", {"at": 0}))
    log = threading.Thread(target=ask, args=("log", "GET", f"/api/games/{key}/log"))
    move.start()
    time.sleep(0.3)  # the move has the lock
    log.start()
    time.sleep(0.2)  # the log waits for it
    started = time.perf_counter()
    status, style = server.request("GET", "/static/app.css")
    elapsed = time.perf_counter() - started
    move.join(30)
    log.join(30)
    assert status == 200 and style
    assert elapsed < 0.2, f"/static/app.css took {elapsed:.2f} s while a bot moved"
    assert answers["move"][0] == 200 and answers["move"][1]["at"] == 1
    assert answers["log"][0] == 200 and len(answers["log"][1].splitlines()) == 3  # header, the move, unfinished


def _raw(server: Server, path: str, length: int, sent: bytes) -> socket.socket:
    """A POST to ``path`` declaring ``length`` body bytes of which ``sent`` is sent (the rest held back)."""
    host = server.url.split("//", 1)[1].rstrip("/")
    address, port = host.rsplit(":", 1)
    connection = socket.create_connection((address, int(port)), timeout=20)
    head = f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: text/plain\r\nContent-Length: {length}\r\n\r\n"
    connection.sendall(head.encode("ascii") + sent)
    return connection


def _status_of(connection: socket.socket) -> tuple[int, str]:
    reply = b""
    while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
        chunk = connection.recv(65536)
        if not chunk:
            break
        reply += chunk
    first, _, rest = reply.decode("utf-8").partition("\r\n")
    return int(first.split()[1]), rest.split("\r\n\r\n", 1)[-1]


def test_bodies_beyond_the_shared_budget_are_refused_and_one_within_succeeds(guarded: Any) -> None:
    """issue 37.3: with 300,000 bytes for all requests in flight, two 200,000-byte log uploads
    at once: the second is refused (413, a sentence) while the first is received; a body over
    its endpoint's own limit is refused as well; a start form in the meantime and, once the
    first upload is gone, a body of the whole limit is received and a real log resumes."""
    server, _ = guarded
    first = _raw(server, "/api/games/resume", 200_000, b"{" * 1000)
    try:
        time.sleep(0.3)  # the server has taken the first upload's bytes
        second = _raw(server, "/api/games/resume", 200_000, b"")
        status, text = _status_of(second)
        second.close()
        assert status == 413 and "as much as it holds at once (300,000 bytes across all requests)" in text, text
        big = _raw(server, "/api/games/resume", 250_000, b"")
        status, text = _status_of(big)
        big.close()
        assert status == 413 and "larger than 200,000 bytes, the most a log to resume takes" in text, text
        key = _game(server, ["human", "random"])
    finally:
        first.close()
    status, log = server.request("GET", f"/api/games/{key}/log")
    time.sleep(0.3)  # the first upload's bytes are given back once its connection is gone
    status, answer = server.request("POST", "/api/games/resume", "x" * 200_000, raw=True)
    assert status == 400 and "not valid JSON" in answer["error"], answer  # received whole: the budget is free
    status, answer = server.request("POST", "/api/games/resume", log, raw=True)
    assert status == 200, answer


def test_deeply_nested_json_bodies_are_sentences(server: Server) -> None:
    """issue 37.5: 100,000 nested ``[`` sent to every endpoint that takes a body is a 400 with a
    located sentence (it was a 500 with a ``RecursionError`` traceback)."""
    deep = "[" * 100_000
    key = _game(server, ["human", "random"])
    for path in ("/api/games", *(f"/api/games/{key}/{verb}" for verb in ("play", "bot", "undo", "hint"))):
        status, answer = server.request("POST", path, deep, raw=True)
        assert status == 400, (path, answer)
        assert answer["error"] == (
            "the request is not JSON the server reads: the request:1:65: nested more than 64 levels deep"
        )
    status, answer = server.request("POST", "/api/games/resume", deep, raw=True)
    assert status == 400 and "nested more than 64 levels deep" in answer["error"], answer
    status, answer = server.request("POST", "/api/games", '{"seats": 1, "seats": 2}', raw=True)
    assert status == 400 and "the key 'seats' is given twice" in answer["error"]


def test_an_empty_host_is_refused_and_a_public_one_needs_public() -> None:
    """issue 37.10: ``--host ""`` (which listened on every interface while printing
    ``http://:PORT/``) is refused with a sentence, as is ``0.0.0.0`` without ``--public``; with
    it, a warning names what becomes reachable; the printed address is never empty."""
    from woa_core.serve import checked_host, public_warning, url_of

    for host in ("", "0.0.0.0", "::"):
        run = subprocess.run(
            [sys.executable, "-m", "woa_core.cli", "serve", "--host", host, "--port", "0"],
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 2 and "http://" not in run.stdout, (host, run.stdout, run.stderr)
        assert run.stderr.startswith("woa: --host") and "--public" in run.stderr, run.stderr
    assert checked_host(" 127.0.0.1 ", False) == "127.0.0.1" and checked_host("0.0.0.0", True) == "0.0.0.0"
    with pytest.raises(UsageError, match="name an address"):
        checked_host("  ", True)
    warning = public_warning("0.0.0.0", 8765, ["127.0.0.1:8765"], (SLOW,))
    assert "every network interface" in warning and "port 8765" in warning and SLOW in warning
    assert "start games, play them, read their logs" in warning
    assert url_of("0.0.0.0", 8765) == "http://127.0.0.1:8765/" and url_of("::", 8765) == "http://[::1]:8765/"


def test_help_points_to_the_security_note() -> None:
    """The security note is one place (``docs/serve-security.md``), named by ``woa serve --help``."""
    run = subprocess.run(
        [sys.executable, "-m", "woa_core.cli", "serve", "--help"],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "COLUMNS": "200"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "docs/serve-security.md" in run.stdout and (Path(ROOT) / "docs" / "serve-security.md").is_file()


def test_an_address_that_is_not_utf8_is_a_400_not_a_traceback() -> None:
    """issue 37.5 (found by benchmarks/fuzz_inputs.py --serve): a query string that is not UTF-8
    (``/static/app.css/?words=\\xff\\xfe``), handed to the app by an ASGI server that passes it on,
    made Starlette's trailing-slash redirect raise ``UnicodeDecodeError`` (a 500); it is refused
    with 400 and a sentence before the app sees it."""
    import asyncio

    from woa_core.serve.app import SameOrigin

    seen: list[str] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["path"])

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    app = SameOrigin(inner, ["127.0.0.1:8765"])
    base = {"type": "http", "method": "GET", "path": "/static/app.css/", "headers": [(b"host", b"127.0.0.1:8765")]}

    def call(query: bytes) -> None:  # on a thread of its own: the browser tests' loop may run on this one
        done = threading.Thread(target=asyncio.run, args=(app({**base, "query_string": query}, receive, send),))
        done.start()
        done.join(10)

    call(b"words=\xff\xfe")
    assert sent[0]["status"] == 400 and b"not UTF-8" in sent[1]["body"] and not seen
    call(b"words=select")
    assert seen == ["/static/app.css/"]


def test_a_client_cannot_choose_the_rule_packs_code(guarded: Any) -> None:
    """issue 37.1 (found by benchmarks/fuzz_inputs.py --serve): a start form's ``set`` line
    ``ruleset.pack=NAME`` made the server look for a pack's Python file NAME beside the rules (a
    name of 300 letters was an ``OSError`` traceback, a 500). A client changes the rules' values,
    never which code plays them: any ``ruleset.`` line is refused with a sentence; the server plays on."""
    server, _ = guarded
    for line in ("ruleset.pack=" + "x" * 300, "ruleset.pack=west_of_africa", " ruleset.name = y"):
        body = {"ruleset": "africa", "players": 2, "seed": 1, "set": [line], "seats": ["human", "random"]}
        status, answer = server.request("POST", "/api/games", body)
        assert status == 400 and "not the ruleset itself" in answer["error"], answer
    assert _game(server, ["human", "random"])


def test_a_pack_name_too_long_for_a_file_is_a_sentence(tmp_path: Path) -> None:
    """issue 37.7: looking for a pack of a name longer than a file name may be is a ``PackError``
    (a sentence), not an ``OSError`` traceback."""
    from woa_core.kernel.pack import PackError, load_pack

    with pytest.raises(PackError, match="no rule pack 'xxx"):
        load_pack("x" * 300, str(tmp_path))
