"""The web app of ``woa serve``: a page to start or resume a game, and the game's page, over a
small JSON API (Starlette; served by uvicorn from ``woa_core.serve``).

The games live in the server, each a ``woa_core.session.Session`` keyed by a random id that the
game's address holds (``/game/ID``): reloading the page, or opening the address in another tab,
shows the same game; what the page itself keeps (a pace, paused bots, the words of an action
being built) is in its address and the browser's storage. Every request that changes a game
says how many actions the page has seen, and one made on a game that has moved on is refused
(``409``): two tabs never play over each other.

Nothing a request names is read as a path: rulesets are named by their key in the catalogue
(``woa_core.serve.catalogue``), a log to resume is sent as its text. Requests whose ``Host`` is
not the server's own address, or whose ``Origin`` is another site's, are refused (``403``), so
another web site cannot drive the server through the browser (nor a DNS name rebound to it).
"""

from __future__ import annotations

import secrets
import sys
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import asdict, dataclass, field
from importlib import resources
from typing import Any

from woa_core.errors import UsageError, WoaError
from woa_core.jsontext import JsonProblem, read_json
from woa_core.kernel.notation import format_action, parse_action
from woa_core.report.drawing import Panel, Viewer, marked, seen_state
from woa_core.serve.apart import Apart, Cancelled, Overrun, Progress
from woa_core.serve.catalogue import Catalogue
from woa_core.serve.limits import MAX_BYTES_IN_FLIGHT, MAX_FORM_BYTES, MAX_RESUME_BYTES
from woa_core.serve.trust import BotPolicy
from woa_core.session import Session, default_bots

WORKER_THREADS = 4
"""Threads that serve the games' requests at once (a request beyond waits its turn, off the event
loop). Each running thread queues for the interpreter lock ahead of the event loop's static files
(``benchmarks/serve_load.py``, 99th percentile: 220 ms with anyio's default of 40, 156 ms with
8, 127 ms with 4, 104 ms with 2 and the shorter switch interval below). A thread waiting for a
bot's child process holds no lock but holds its place: 4 keeps room for other games' requests
while a few long bot moves run."""

SWITCH_SECONDS = 0.0005
"""How long a thread holds the interpreter lock before another may take it, while the server runs
(Python's default is 5 ms: a static file waited that long behind each busy worker thread)."""

MOST_GAMES = 200
"""Games kept at once (the least recently used goes first; its log resumes it)."""

RECENT = 40
"""Actions whose changes the game's page shows at most (since the viewer's last action)."""

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
"""Sent with every response: the page runs only its own script and fetches only from here."""


class Stale(WoaError):
    """A request made on a position the game has left (another tab played on)."""


class TooLarge(WoaError):
    """A request body larger than its endpoint takes, or than the server can hold now (``413``)."""


class Gone(WoaError):
    """A client that went away before its request was received (no one reads the answer)."""


class Busy(WoaError):
    """A game whose lock was not free within the time a decision may take (``503``)."""


@dataclass(frozen=True)
class Limits:
    """What the server accepts: ``bots`` (``BotPolicy``: which bots, their ceilings and time limit),
    the largest log to resume, and the request bytes held at once across all requests."""

    bots: BotPolicy = field(default_factory=BotPolicy)
    log_bytes: int = MAX_RESUME_BYTES
    bytes_in_flight: int = MAX_BYTES_IN_FLIGHT


class Budget:
    """The request bytes held at once, across every request in flight, and their bound.

    >>> budget = Budget(10)
    >>> budget.take(6), budget.take(6), budget.held
    (True, False, 6)
    >>> budget.give(6); budget.take(10)
    True
    """

    def __init__(self, most: int) -> None:
        self.most = most
        self.held = 0
        self._lock = threading.Lock()

    def take(self, size: int) -> bool:
        """Hold ``size`` more bytes if the bound allows it; whether it did."""
        with self._lock:
            if self.held + size > self.most:
                return False
            self.held += size
            return True

    def give(self, size: int) -> None:
        """Let go of ``size`` bytes taken before."""
        with self._lock:
            self.held -= size


class Games:
    """The games being played, by id, each with a lock (one request changes a game at a time)."""

    def __init__(self, most: int = MOST_GAMES) -> None:
        self.most = most
        self._games: OrderedDict[str, tuple[Session, threading.Lock]] = OrderedDict()
        self._lock = threading.Lock()
        self.ahead: dict[str, list[str]] = {}
        """Per game, the actions an undo took back, in order (what a redo plays again), kept
        until an action other than the next of them is played; changed under the game's lock."""
        self.hints: dict[str, tuple[Apart, Progress]] = {}
        """Per game, the hint being searched (what a cancel stops) and how far it has come."""

    def add(self, session: Session) -> str:
        """Keep ``session``; its new id."""
        key = secrets.token_urlsafe(12)
        with self._lock:
            self._games[key] = (session, threading.Lock())
            while len(self._games) > self.most:
                gone, _ = self._games.popitem(last=False)
                self.ahead.pop(gone, None)
        return key

    def get(self, key: str) -> tuple[Session, threading.Lock]:
        """The game ``key`` and its lock; ``KeyError`` if there is none."""
        with self._lock:
            found = self._games[key]
            self._games.move_to_end(key)
            return found


def game_state(session: Session, key: str, words: Iterable[str] = (), ahead: int = 0) -> dict[str, Any]:
    """All the game's page shows, as the person deciding (or the last to decide) may see it;
    ``ahead``: how many undone actions a redo would play again."""
    viewer = session.viewer()
    decider = session.decider()
    game = session.game
    drawing = session.drawing
    words_said = words_of_rules(session)
    history: list[dict[str, Any]] = []
    for p in session.history:
        text = session.shown(p, viewer)
        said = in_words(session, text, words_said)
        history.append({"number": p.number, "seat": p.seat, "text": text, "round": p.round, "said": said})
    mine = [p.number for p in session.history if viewer is not None and p.seat == viewer]
    first = max(mine[-1] if mine else 1, len(history) - RECENT + 1, 1)
    recent = []
    for number in range(first, len(history) + 1):
        changes = session.changes(number, viewer)
        recent.append({**history[number - 1], **asdict(changes)})
    told = next(
        ({"number": r["number"], "round": r["round"], "told": r["told"]} for r in reversed(recent) if r["told"]), None
    )
    last = history[-1] if history else None
    state: dict[str, Any] = {
        "id": key,
        "rules": session.rules.name,
        "variant": session.rules.variant,
        "hash": session.rules.content_hash,
        "overrides": list(session.source.overrides),
        "seed": session.seed,
        "players": session.players,
        "seats": [
            {"seat": f"p{s + 1}", "who": session.seats[s], "person": session.is_person(s)}
            for s in range(session.players)
        ],
        "at": len(session.actions),
        "over": game.over,
        "where": session.pack.where(game),
        "step": str(getattr(game.state, "step", "")),
        "decider": decider,
        "person": decider is not None and session.is_person(decider),
        "viewer": viewer,
        "board": map_board(session, session.game, viewer),
        "panel": panel_words(session, session.game, viewer),
        "rounds": drawing.rounds if drawing is not None else hasattr(game.state, "round"),
        "ahead": ahead,
        "words": words_said,
        "verbs_said": {name: verb.summary for name, verb in session.pack.verbs.items()},
        "key_numbers": drawing.key_numbers(session.rules)
        if drawing is not None and drawing.key_numbers is not None
        else [],
        "places": list(drawing.places) if drawing is not None else [],
        "text": session.text(viewer),
        "scores": session.scores(viewer),
        "leader": session.leader(viewer),  # by the pack's score_wins: the lowest leads where the lowest wins
        "last": None if last is None else {**last, "marks": last_marks(session, viewer)},
        "history": history,
        "recent": recent,
        "told": told,
        "summary": session.pack.summary(game) if game.over else None,
        "build": None,
    }
    if decider is not None and session.is_person(decider):
        built = session.build(list(words))
        state["build"] = {
            "words": list(built.words),
            "next": list(built.next),
            "complete": list(built.complete),
            "verbs": [[verb, count] for verb, count in built.verbs],
        }
    return state


def words_of_rules(session: Session) -> dict[str, str]:
    """The pack's words for the notation's words (``Drawing.words``), made once per ruleset and
    kept with the rules; none for a pack that gives none."""
    drawing = session.drawing
    if drawing is None or drawing.words is None:
        return {}
    made: dict[str, str] = session.rules.memo("serve.words", lambda: drawing.words(session.rules))
    return made


_VIEWERS: OrderedDict[int, tuple[Any, Viewer]] = OrderedDict()
_VIEWERS_LOCK = threading.Lock()


def viewer_of(session: Session) -> Viewer | None:
    """The pack's map-only pictures and words for the session's rules (``Drawing.viewer``: what
    the replay viewer draws), made once per ruleset (its static layer is the costly part)."""
    drawing = session.drawing
    if drawing is None:
        return None
    rules = session.rules
    with _VIEWERS_LOCK:
        found = _VIEWERS.get(id(rules))
        if found is not None and found[0] is rules:
            _VIEWERS.move_to_end(id(rules))
            return found[1]
    made = drawing.viewer(rules)
    with _VIEWERS_LOCK:
        _VIEWERS[id(rules)] = (rules, made)  # the rules kept with it: their id is not reused while here
        while len(_VIEWERS) > 16:
            _VIEWERS.popitem(last=False)
    return made


def map_board(session: Session, game: Any, viewer: int | None) -> str | None:
    """The board of ``game`` as SVG, as ``viewer`` may see it: the map alone where the pack gives
    its players' panel in words (``Viewer.panel``, shown beside it as HTML), else the whole board.

    >>> from woa_core.rules import read_rules
    >>> session = Session(read_rules("west-of-africa"), 2, seed=1, seats=["human", "random"])
    >>> 'class="player"' in map_board(session, session.game, 0), 'class="player"' in session.board(0)
    (False, True)
    """
    shown = viewer_of(session)
    drawing = session.drawing
    if shown is None or drawing is None or shown.panel is None:
        return session.board(viewer)
    state = seen_state(drawing, game, viewer)
    return shown.document("".join(shown.parts(state, list(session.seats))))


def panel_words(session: Session, game: Any, viewer: int | None) -> dict[str, Any] | None:
    """Every player's panel of ``game`` in words (``Viewer.panel``, from what ``viewer`` may see):
    the lines about the game, the headings, a row per seat; which seat is ``viewer`` and which
    decides. None for a pack that gives none.

    >>> from woa_core.rules import read_rules
    >>> session = Session(read_rules("africa"), 2, seed=1, seats=["human", "random"])
    >>> shown = panel_words(session, session.game, 0)
    >>> shown["columns"][1], shown["rows"][0][0], shown["you"], shown["decides"]
    ('VP (by source)', 'p1 human', 0, 0)
    """
    shown = viewer_of(session)
    drawing = session.drawing
    if shown is None or drawing is None or shown.panel is None:
        return None
    made: Panel = shown.panel(seen_state(drawing, game, viewer), list(session.seats))
    deciders = [] if game.over else game.deciders()
    return {
        "lines": list(made.lines),
        "columns": list(made.columns),
        "rows": [list(row) for row in made.rows],
        "you": viewer,
        "decides": deciders[0] if len(deciders) == 1 else None,
    }


def position_state(session: Session, number: int) -> dict[str, Any]:
    """The game after its first ``number`` actions, as the viewer now may see it: what the page
    previews when a history line is pointed at (nothing is changed).

    >>> from woa_core.rules import read_rules
    >>> session = Session(read_rules("africa"), 2, seed=1, seats=["human", "human"])
    >>> _ = session.play("start dakar")
    >>> shown = position_state(session, 0)
    >>> shown["number"], shown["board"].startswith("<svg"), shown["panel"]["lines"][0]
    (0, True, 'Setup: p1 chooses a city')
    """
    if not 0 <= number <= len(session.actions):
        raise UsageError(f"there is no action {number}: the game has {len(session.actions)} actions")
    viewer = session.viewer()
    game = session.at(number)
    return {
        "number": number,
        "where": session.pack.where(game),
        "board": map_board(session, game, viewer),
        "panel": panel_words(session, game, viewer),
    }


def only_action(session: Session) -> dict[str, Any] | None:
    """The hint at a decision with a single legal action: that action, without a search."""
    seat = session.decider()
    if seat is None:
        return None
    legal = session.game.legal_actions(seat)
    if len(legal) != 1:
        return None
    text = format_action(session.rules, legal[0])
    return {
        "seat": seat,
        "at": len(session.actions),
        "best": text,
        "only": True,
        "iterations": 0,
        "candidates": [{"text": text, "trials": 0, "wins": 1.0, "low": 1.0, "high": 1.0}],
    }


def short_words(words: dict[str, str], word: str) -> str:
    """A word of the notation as a person reads it: its description up to the first ``;`` or
    parenthesis (``Tenerife: an island card, value 4``), or the word itself.

    >>> short_words({"dakar": "Dakar: a start city, on the coast"}, "dakar"), short_words({}, "wine")
    ('Dakar: a start city, on the coast', 'wine')
    """
    said = words.get(word, "")
    return said.split(";")[0].split(" (")[0].strip() or word


SAID_KEPT = 20_000
"""Sentences of the move log kept per ruleset (``in_words``), each made once per action text."""


def in_words(session: Session, text: str, words: dict[str, str]) -> str:
    """An action of the notation told as a sentence: the pack's own (``Drawing.said``, made once
    per text and ruleset and kept with the rules), else who, what its verb does (the pack's own
    line for it, ``Verb.summary``) and what it names; a secret one as it is shown.

    >>> from woa_core.rules import read_rules
    >>> session = Session(read_rules("africa"), 2, seed=1, seats=["human", "human"])
    >>> in_words(session, "p1 start dakar", {})
    'p1 starts in Dakar'
    >>> in_words(session, "p1 start", {})  # nothing the pack can say: the verb's line
    'p1 — setup: choose a start city (A30)'
    """
    drawing = session.drawing
    if drawing is None or drawing.said is None:
        return verb_words(session, text, words)
    kept: dict[str, str] = session.rules.memo("serve.said", dict)
    found = kept.get(text)
    if found is None:
        if len(kept) >= SAID_KEPT:
            kept.clear()
        found = kept[text] = drawing.said(session.rules, text) or verb_words(session, text, words)
    return found


def verb_words(session: Session, text: str, words: dict[str, str]) -> str:
    """An action told by its verb's line (``Verb.summary``) and the words it names, as a person
    reads them (``short_words``); a secret one as it is shown.

    >>> from woa_core.rules import read_rules
    >>> session = Session(read_rules("africa"), 2, seed=1, seats=["human", "human"])
    >>> verb_words(session, "p1 start dakar", {"dakar": "Dakar: a start city, on the coast"})
    'p1 — setup: choose a start city (A30): Dakar: a start city, on the coast'
    """
    parts = text.split()
    verbs = session.pack.verbs
    if len(parts) < 2 or parts[1] not in verbs or any(p.startswith("(") for p in parts[2:]):
        return text
    named = ", ".join(short_words(words, w) for w in parts[2:])
    return f"{parts[0]} — {verbs[parts[1]].summary}" + (f": {named}" if named else "")


def last_marks(session: Session, viewer: int | None) -> list[str]:
    """Where the last action happened on the board, as CSS selectors of the board's elements
    (``woa_core.report.drawing.marked``: what the replay viewer outlines too); none for a
    secret one ``viewer`` may not see yet, nor for a pack that draws no board.

    >>> from woa_core.rules import read_rules
    >>> session = Session(read_rules("africa"), 2, seed=1, seats=["human", "human"])
    >>> _ = session.play("start dakar")
    >>> last_marks(session, 1)
    ['[data-field="dakar"]', '[data-city="dakar"]']
    """
    drawing = session.drawing
    if drawing is None or not session.history:
        return []
    played = session.history[-1]
    if session.shown(played, viewer) != played.text:
        return []
    action = parse_action(session.rules, played.text)
    return marked(drawing, session.rules, session.states[-2], session.states[-1], action, played.text)


def setup(catalogue: Catalogue, bots: BotPolicy) -> dict[str, Any]:
    """What the start page offers: the rulesets (with their player counts and the bots the server
    plays for them, ``bots``), a seed."""
    rulesets = []
    for entry in catalogue.entries:
        state = entry.state()
        source = state.source
        item: dict[str, Any] = {"key": entry.key, "label": entry.label, "watch": entry.watch}
        if source is not None:
            pack = source.pack
            item |= {
                "counts": list(source.counts),
                "bots": bots.names(pack),
                "default_bots": default_bots(pack),  # the pack's (Pack.default_bots): seat i the i mod len-th
            }
        else:
            item |= {"counts": [], "bots": [], "default_bots": []}
        rulesets.append(item)
    watched = catalogue.watched
    return {"rulesets": rulesets, "seed": secrets.randbelow(1_000_000), "watch": watched.key if watched else None}


def rules_state(catalogue: Catalogue, key: str, players: int | None) -> dict[str, Any]:
    """A ruleset's problems, or its board for ``players`` (what the start page shows, and
    refreshes when a watched file changes)."""
    entry = catalogue.get(key)
    state = entry.state()
    out: dict[str, Any] = {"key": key, "version": state.version, "problems": list(state.problems), "board": None}
    source = state.source
    if source is None:
        return out
    counts = source.counts
    players = players if players in counts else (3 if 3 in counts else counts[0])
    try:
        rules = source.compile(players)
    except WoaError as e:
        out["problems"] = str(e).splitlines()
        return out
    drawing = rules.pack.drawing
    out |= {"name": rules.name, "hash": rules.content_hash, "players": players}
    if drawing is not None:
        out["board"] = drawing.board(rules, None, (), source)
    return out


def new_session(catalogue: Catalogue, data: dict[str, Any], bots: BotPolicy) -> Session:
    """The game a start form asks for: ``ruleset`` (a catalogue key), ``set`` (``PATH=VALUE``
    lines), ``players``, ``seed`` and ``seats`` (``human`` or a bot spec each: one ``bots``
    trusts)."""
    try:
        entry = catalogue.get(str(data.get("ruleset")))
    except KeyError:
        raise UsageError("choose a ruleset the server offers") from None
    overrides = [str(line).strip() for line in data.get("set") or [] if str(line).strip()]
    for line in overrides:
        if line.partition("=")[0].strip().startswith("ruleset."):
            raise UsageError(
                f"'{line[:60]}': a client changes the rules' values, not the ruleset itself "
                "(ruleset.pack names the code that plays it): choose another ruleset instead"
            )
    players, seed, seats = data.get("players"), data.get("seed"), data.get("seats")
    if not isinstance(players, int) or not isinstance(seed, int) or isinstance(seed, bool):
        raise UsageError("players and seed must be whole numbers")
    if not 0 <= seed < 2**63:
        raise UsageError("the seed must be between 0 and 2**63 - 1")
    if not isinstance(seats, list) or not all(isinstance(s, str) and s.strip() for s in seats):
        raise UsageError("name who plays each seat: a person, or a bot")
    source = entry.source(overrides)
    if players not in source.counts:
        raise UsageError(f"{entry.label} is for {', '.join(map(str, source.counts))} players, not {players}")
    return Session(source, players, seed, [s.strip() for s in seats], trusted=bots.check)


def make_app(catalogue: Catalogue, hosts: Iterable[str], limits: Limits | None = None) -> Any:
    """The Starlette application; ``hosts``: the ``host:port`` names requests may be addressed to;
    ``limits``: what it accepts (``Limits``: by default the bundled bots and the sizes above).

    Nothing that can wait runs on the event loop: a game's lock, a bot's decision, a log's
    text and every JSON body are handled in the thread pool, and a decision in a child process
    (``woa_core.serve.apart``), so a static file is answered while a bot searches."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    limits = limits or Limits()
    bots = limits.bots
    games = Games()
    budget = Budget(limits.bytes_in_flight)
    waited = bots.seconds + 10  # a request waits for a game's lock as long as a decision may take, and some
    files = resources.files("woa_core.serve") / "static"
    page = (files / "index.html").read_text(encoding="utf-8")
    script = (files / "app.js").read_text(encoding="utf-8")
    style = (files / "app.css").read_text(encoding="utf-8")

    def answer(value: Any, status: int = 200) -> Response:
        return JSONResponse(value, status_code=status, headers=HEADERS)

    def fail(error: Exception) -> Response:
        if isinstance(error, KeyError):
            return answer({"error": "no such game on this server (was it restarted?): resume it from its log"}, 404)
        return answer({"error": str(error)}, _status(error))

    @asynccontextmanager
    async def received(request: Request, most: int, what: str) -> AsyncIterator[bytes]:
        """The request's body, at most ``most`` bytes, held against the server's budget until the
        request is handled (``TooLarge`` beyond either)."""
        declared = request.headers.get("content-length", "")
        size = int(declared) if declared.isdigit() and len(declared) < 19 else 0
        if size > most:
            raise TooLarge(f"the request is larger than {most:,} bytes, the most {what} takes")
        held = 0
        try:
            if not budget.take(size):
                raise TooLarge(_full(budget))
            held = size
            chunks, size = [], 0
            try:
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > most:
                        raise TooLarge(f"the request is larger than {most:,} bytes, the most {what} takes")
                    if size > held:
                        if not budget.take(size - held):
                            raise TooLarge(_full(budget))
                        held = size
                    chunks.append(chunk)
            except ClientDisconnect:
                raise Gone("the client went away before its request was received") from None
            yield b"".join(chunks)
        finally:
            budget.give(held)

    async def json_request(request: Request, then: Callable[[dict[str, Any]], Any]) -> Response:
        """Read the request's JSON object, then answer ``then(data)``, in the thread pool."""
        try:
            async with received(request, MAX_FORM_BYTES, "a JSON request") as raw:
                return answer(await run_in_threadpool(lambda: then(json_object(raw))))
        except (KeyError, WoaError) as e:
            return fail(e)

    async def threaded(work: Callable[[], Any]) -> Response:
        """Answer ``work()``, run in the thread pool."""
        try:
            return answer(await run_in_threadpool(work))
        except (KeyError, WoaError) as e:
            return fail(e)

    def words_of(request: Request) -> list[str]:
        return [w for w in request.query_params.get("words", "").split(",") if w][:32]

    @contextmanager
    def game_of(request: Request) -> Iterator[Session]:
        """The request's game, under its lock (``Busy`` if it is not free in time)."""
        session, lock = games.get(request.path_params["key"])
        if not lock.acquire(timeout=waited):
            raise Busy("the game is busy (a bot is deciding): try again in a moment")
        try:
            yield session
        finally:
            lock.release()

    async def index(request: Request) -> Response:
        return Response(page, media_type="text/html; charset=utf-8", headers=HEADERS)

    async def static_script(request: Request) -> Response:
        return Response(script, media_type="text/javascript; charset=utf-8", headers=HEADERS)

    async def static_style(request: Request) -> Response:
        return Response(style, media_type="text/css; charset=utf-8", headers=HEADERS)

    async def api_setup(request: Request) -> Response:
        return await threaded(lambda: setup(catalogue, bots))

    async def api_rules(request: Request) -> Response:
        players = request.query_params.get("players", "")
        count = int(players) if players.isdigit() and len(players) < 3 else None
        try:
            return answer(await run_in_threadpool(rules_state, catalogue, request.path_params["key"], count))
        except KeyError:
            return answer({"error": "no such ruleset on this server"}, 404)

    async def api_new(request: Request) -> Response:
        return await json_request(request, lambda data: {"id": games.add(new_session(catalogue, data, bots))})

    async def api_resume(request: Request) -> Response:
        people_text = request.query_params.get("people", "")
        name = request.query_params.get("name", "the log")[:200] or "the log"
        try:
            people = [int(p) - 1 for p in people_text.split(",") if p.strip()] if people_text else None
        except ValueError:
            return answer({"error": "people: seat numbers, e.g. 1,3"}, 400)

        def resume(raw: bytes) -> dict[str, str]:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise UsageError(f"{name}: not a woa game log (not UTF-8 text)") from None
            return {"id": games.add(Session.from_log(text, name, people, trusted=bots.check))}

        try:
            async with received(request, limits.log_bytes, "a log to resume") as raw:
                return answer(await run_in_threadpool(resume, raw))
        except WoaError as e:
            return fail(e)

    def locked(request: Request, change: Any, data: dict[str, Any] | None) -> dict[str, Any]:
        """Run ``change(session, data)`` on the game under its lock, then its state."""
        key = request.path_params["key"]
        with game_of(request) as session:
            if data is not None:
                if data.get("at") != len(session.actions):
                    raise Stale("the game has moved on (another tab?): showing it as it is now")
                change(session, data)
            return game_state(session, key, words_of(request), len(games.ahead.get(key, ())))

    async def game_route(request: Request, change: Any) -> Response:
        return await json_request(request, lambda data: locked(request, change, data))

    async def api_game(request: Request) -> Response:
        return await threaded(lambda: locked(request, None, None))

    async def api_count(request: Request) -> Response:
        """How many actions the game has (what a page polls to see another tab's move), at once:
        reading it waits for no lock."""

        def count() -> dict[str, Any]:
            session, _ = games.get(request.path_params["key"])
            return {"at": len(session.actions)}

        return await threaded(count)

    async def api_position(request: Request) -> Response:
        number = request.path_params["number"]

        def position() -> dict[str, Any]:
            if not number.isdigit() or len(number) > 9:
                raise UsageError("which action? a whole number")
            with game_of(request) as session:
                return position_state(session, int(number))

        return await threaded(position)

    def played_on(request: Request, move: Callable[[Session, dict[str, Any]], Any]) -> Any:
        """``move`` (it plays one action), keeping the undone actions while it replays the next."""
        key = request.path_params["key"]

        def change(session: Session, data: dict[str, Any]) -> None:
            move(session, data)
            ahead = games.ahead.get(key, [])
            if ahead and session.actions and ahead[0] == session.actions[-1]:
                games.ahead[key] = ahead[1:]
            else:
                games.ahead.pop(key, None)

        return change

    async def api_play(request: Request) -> Response:
        return await game_route(
            request, played_on(request, lambda session, data: session.play(str(data.get("action", ""))))
        )

    def bot_move(session: Session, data: dict[str, Any]) -> None:
        """The deciding bot's action, decided apart within the time limit, then played here."""
        seat = session.decider()
        if seat is None or session.is_person(seat):
            raise UsageError("no bot is to decide now")
        rules = session.rules
        decision = Apart(lambda: format_action(rules, session.bot_action(seat)))
        session.play(decision.answer(bots.seconds, f"the bot of p{seat + 1} ({session.seats[seat]})"))

    async def api_bot(request: Request) -> Response:
        return await game_route(request, played_on(request, bot_move))

    async def api_undo(request: Request) -> Response:
        key = request.path_params["key"]

        def undo(session: Session, data: dict[str, Any]) -> None:
            to = data.get("to")
            if not isinstance(to, int) or isinstance(to, bool):
                raise UsageError("undo: to which action?")
            taken = session.actions[to:] if to >= 0 else []
            session.undo(to)
            if taken:
                games.ahead[key] = taken + games.ahead.get(key, [])

        return await game_route(request, undo)

    async def api_redo(request: Request) -> Response:
        key = request.path_params["key"]

        def redo(session: Session, data: dict[str, Any]) -> None:
            ahead = games.ahead.pop(key, [])
            if not ahead:
                raise UsageError("there is nothing to redo: no action was undone since the last one played")
            start = len(session.actions)
            try:
                for text in ahead:
                    session.play(text)
            except WoaError:
                session.undo(start)  # all or nothing
                games.ahead[key] = ahead
                raise

        return await game_route(request, redo)

    async def api_hint(request: Request) -> Response:
        key = request.path_params["key"]

        def hint(data: dict[str, Any]) -> dict[str, Any]:
            iterations = data.get("iterations", 60)
            if not isinstance(iterations, int) or isinstance(iterations, bool):
                raise UsageError("iterations: a whole number")
            bots.within("a hint", "iterations", iterations)
            with game_of(request) as session:
                if data.get("at") != len(session.actions):
                    raise Stale("the game has moved on: ask again")
                seat = session.decider()
                if seat is None or not session.is_person(seat):
                    raise UsageError("a hint is for a person's decision")
                only = only_action(session)
                if only is not None:
                    return {"hint": only}
                progress = Progress()  # the child reports each rollout here; the page polls it
                search = Apart(lambda: asdict(session.hint(iterations, progress.report)))  # the game as it is now
                games.hints[key] = (search, progress)
            try:
                return {"hint": search.answer(bots.seconds, "the hint")}
            finally:
                found = games.hints.get(key)
                if found is not None and found[0] is search:
                    del games.hints[key]
                progress.close()

        return await json_request(request, hint)

    async def api_hint_cancel(request: Request) -> Response:
        def cancel(data: dict[str, Any]) -> dict[str, Any]:
            games.get(request.path_params["key"])  # KeyError: no such game
            found = games.hints.get(request.path_params["key"])
            if found is not None:
                found[0].cancel()
            return {"cancelled": found is not None}

        return await json_request(request, cancel)

    async def api_hint_progress(request: Request) -> Response:
        """How far the game's hint has come, as its search reports it (rollouts done of those
        asked), at once: reading it waits for no lock."""

        def progress() -> dict[str, Any]:
            games.get(request.path_params["key"])  # KeyError: no such game
            found = games.hints.get(request.path_params["key"])
            done, asked = found[1].read() if found is not None else (0, 0)
            return {"searching": found is not None, "done": done, "asked": asked}

        return await threaded(progress)

    async def api_log(request: Request) -> Response:
        def log_of() -> tuple[str, str]:
            with game_of(request) as session:
                return session.log_text(), f"woa-{session.rules.name}-seed{session.seed}-{len(session.actions)}.jsonl"

        try:
            text, name = await run_in_threadpool(log_of)
        except (KeyError, WoaError) as e:
            return fail(e)
        headers = {**HEADERS, "Content-Disposition": f'attachment; filename="{_safe(name)}"'}
        return Response(text, media_type="application/x-ndjson; charset=utf-8", headers=headers)

    routes = [
        Route("/", index),
        Route("/game/{key}", index),
        Route("/static/app.js", static_script),
        Route("/static/app.css", static_style),
        Route("/api/setup", api_setup),
        Route("/api/rules/{key}", api_rules),
        Route("/api/games", api_new, methods=["POST"]),
        Route("/api/games/resume", api_resume, methods=["POST"]),
        Route("/api/games/{key}", api_game),
        Route("/api/games/{key}/play", api_play, methods=["POST"]),
        Route("/api/games/{key}/bot", api_bot, methods=["POST"]),
        Route("/api/games/{key}/undo", api_undo, methods=["POST"]),
        Route("/api/games/{key}/redo", api_redo, methods=["POST"]),
        Route("/api/games/{key}/hint", api_hint, methods=["POST"]),
        Route("/api/games/{key}/hint/cancel", api_hint_cancel, methods=["POST"]),
        Route("/api/games/{key}/hint/progress", api_hint_progress),
        Route("/api/games/{key}/count", api_count),
        Route("/api/games/{key}/position/{number}", api_position),
        Route("/api/games/{key}/log", api_log),
    ]

    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        import anyio.to_thread

        # The games' work is Python in the thread pool, and every running thread competes with the
        # event loop for the interpreter lock: with anyio's default 40 threads a static file
        # waited for the lock behind them all (99th percentile 220 ms under benchmarks/serve_load.py).
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        before = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_SECONDS)  # the loop gets the lock back sooner from a busy worker
        try:
            yield
        finally:
            sys.setswitchinterval(before)

    return SameOrigin(Starlette(routes=routes, lifespan=lifespan), hosts)


def json_object(raw: bytes) -> dict[str, Any]:
    """A request's body read as a JSON object (by the one bounded reader, ``read_json``);
    ``UsageError`` with a sentence otherwise.

    >>> json_object(b'{"at": 3}')
    {'at': 3}
    >>> json_object(b"[" * 100_000)
    Traceback (most recent call last):
    woa_core.errors.UsageError: the request is not JSON the server reads: the request:1:65: nested more than 64 ...
    """
    try:
        data = read_json(raw.decode("utf-8"), "the request")
    except UnicodeDecodeError:
        raise UsageError("the request is not JSON (not UTF-8 text)") from None
    except JsonProblem as e:
        raise UsageError(f"the request is not JSON the server reads: {e}") from None
    if not isinstance(data, dict):
        raise UsageError("the request is not a JSON object")
    return data


def _status(error: Exception) -> int:
    """The HTTP status of a refusal."""
    if isinstance(error, Stale):
        return 409
    if isinstance(error, TooLarge):
        return 413
    if isinstance(error, Busy | Overrun):
        return 503
    if isinstance(error, Cancelled):
        return 409
    return 400


def _full(budget: Budget) -> str:
    return (
        f"the server is receiving as much as it holds at once ({budget.most:,} bytes across all requests): "
        "try again in a moment"
    )


def _safe(name: str) -> str:
    """A file name fit for a header: letters, digits, ``-_.`` only.

    >>> _safe('west "of" africa.jsonl')
    'west__of__africa.jsonl'
    """
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


class SameOrigin:
    """ASGI middleware: a request must be addressed to one of ``hosts`` (its ``Host`` header,
    ``host:port``) and, when it says where it comes from (``Origin``), come from one of them too;
    anything else is refused with ``403`` before the app sees it."""

    def __init__(self, app: Any, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.origins = frozenset(f"http://{h}" for h in self.hosts)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope.get("headers") or ())
            host = headers.get(b"host", b"").decode("latin-1").lower()
            origin = headers.get(b"origin")
            problem, status = None, 403
            if host not in self.hosts:
                problem = f"refused: this server answers only to {', '.join(sorted(self.hosts))}, not to '{host}'"
            elif origin is not None and origin.decode("latin-1").lower() not in self.origins:
                problem = "refused: a request from another site (its Origin is not this server)"
            elif not _utf8(scope.get("query_string", b"")) or not _utf8(scope.get("raw_path") or b""):
                problem, status = "refused: the address is not UTF-8 text", 400  # Starlette's redirects decode it
            if problem is not None:
                if scope["type"] == "http":
                    await _refuse(send, problem, status)
                return
        await self.app(scope, receive, send)


def _utf8(raw: bytes) -> bool:
    """Whether ``raw`` reads as UTF-8.

    >>> _utf8(b"words=select,sell"), _utf8(b"words=\\xff")
    (True, False)
    """
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


async def _refuse(send: Any, message: str, status: int = 403) -> None:
    body = (message + "\n").encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
