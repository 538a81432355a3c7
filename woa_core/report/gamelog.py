"""Game logs (JSON Lines) that replay anywhere and show the first line that was changed.

A log is a header object, one ``[action, check]`` pair per action in the notation, and a result
object::

    {"woa_log": 2, "engine": "0.1.0", "rules": "west-of-africa", "rules_hash": "…", "players": 4,
     "seed": 7, "bots": [...], "variant": null, "check": "5d0c…"}
    ["p1 select tenerife cultivate", "9a41…"]
    ...
    {"result": {"rounds": 12, "vp": [...], "gold": [...], "ranking": ["p3", ...]}}

A game stopped before its end (a person quit ``woa play`` or saved a game of ``woa serve``) ends
with ``{"unfinished": {"actions": N, "where": "round 3"}}`` instead of the result: it replays as an
unfinished game (``Replayed.finished`` is False), and a log that ends with neither line is
truncated.

The checks form a running hash: the header's covers every header field, and each action's covers
the check before it, the action's text and the main figures of the game after it (round, step,
gold, VP, ships). ``replay`` recomputes them, so it names the first line whose game differs —
an edited action, seed, bot or rules field, or an engine that now plays differently. (A hash
without a key shows changes; it cannot stop someone from recomputing every check.)

A log carries its rules, without any path: the resolved rules document itself, compressed in the
header (``rules_packed``: the compact JSON, key order kept, zlib-compressed, in base64; some 2 kB
for a bundled ruleset), so the log replays on any machine, under any later woa, and replay never
opens a file the log names. Replay checks the document against the header's ``rules_hash``. Logs
of older versions carry a variant's rules as plain JSON (``rules_document``), and name bundled
rules by name and hash only: those replay under the rules of that hash woa keeps
(``woa_core.rules.history``). Rules written before a rules key existed are read with the
meaning the engine gave them then (the pack's upgrades, ``woa_core.rules.history.upgraded``).

>>> from woa_core.rules import read_rules
>>> source = read_rules("west-of-africa")
>>> log = record_game(source.compile(2), 3, source, ["human", "human"], [])
>>> log.lines()[0].startswith('{"woa_log": 2, "engine": ')
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from woa_core import __version__
from woa_core.errors import FileProblems, IllegalAction, InvalidNotation, LogError, RulesError
from woa_core.files import write_atomic
from woa_core.jsontext import JsonProblem, read_json
from woa_core.kernel import loop
from woa_core.kernel.actions import Action
from woa_core.kernel.compiled import CompiledRules as Rules
from woa_core.kernel.contract import SomeGame, new_game
from woa_core.kernel.loop import Ending, Observer, StopGame
from woa_core.kernel.notation import format_action, parse_action
from woa_core.kernel.pack import PackError, load_pack
from woa_core.rules import RulesSource, load_rules
from woa_core.rules.resolve import portable_document

FORMAT = 2

MAX_LOG_BYTES = 64_000_000
"""Largest log read (a game is some 10 kB; a header embedding a variant's rules some 40 kB)."""

MAX_LINE = 4_000_000
"""Longest line read."""

MAX_DEPTH = 64
"""Deepest nesting of JSON arrays and objects accepted in a line."""

MAX_DIGITS = 20
"""Longest integer accepted (seeds and scores fit in far fewer digits)."""


def header(rules: Rules, seed: int, source: RulesSource, bots: Iterable[str] = ()) -> dict[str, Any]:
    """The first line of a log: what produced the game (without its check, see ``LogRecorder``).

    ``rules_spec`` and ``overrides`` say how the rules were named (a bundled name or a relative
    path, and the ``--set`` overrides); the resolved rules document itself is embedded, packed
    (``pack_document``), so the log replays anywhere, under any later woa, without reading a file."""
    head: dict[str, Any] = {
        "woa_log": FORMAT,
        "engine": __version__,
        "rules": rules.name,
        "rules_spec": source.spec,
        "overrides": list(source.overrides),
        "rules_hash": rules.content_hash,
        "variant": rules.variant,
        "players": rules.players,
        "seed": seed,
        "bots": list(bots),
    }
    if source.content_hash != rules.content_hash:
        raise LogError("the rules compiled for the game are not the rules of the run")
    head["rules_packed"] = pack_document(portable_document(source.document))
    return head


def pack_document(document: dict[str, Any]) -> str:
    """A rules document as a log's header carries it: compact JSON (key order kept: it orders the
    board), zlib-compressed, in base64.

    >>> text = pack_document({"ruleset": {"name": "x"}, "b": [1, 2]})
    >>> unpack_document(text, "the log")
    {'ruleset': {'name': 'x'}, 'b': [1, 2]}
    """
    compact = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.b64encode(zlib.compress(compact, 9)).decode("ascii")


def unpack_document(text: str, name: str) -> dict[str, Any]:
    """The document ``pack_document`` packed; ``LogError`` (at line 1 of ``name``) for anything
    else, and for a text that would unpack to more than ``MAX_LINE`` characters.

    >>> unpack_document("bm90IHpsaWI=", "the log")
    Traceback (most recent call last):
    woa_core.errors.LogError: the log:1: the header's 'rules_packed' is not packed rules (zlib in base64)
    """
    from woa_core.jsontext import JsonProblem, read_json

    bad = f"{name}:1: the header's 'rules_packed' is not packed rules (zlib in base64)"
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(base64.b64decode(text, validate=True), MAX_LINE + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise LogError(bad) from None
    if len(raw) > MAX_LINE or inflater.unconsumed_tail:
        raise LogError(f"{name}:1: the rules packed in the header unpack to more than {MAX_LINE:,} bytes")
    if not inflater.eof:
        raise LogError(bad)
    try:
        document = read_json(raw.decode("utf-8", errors="replace"), f"{name}:1 (its packed rules)")
    except JsonProblem as e:
        raise LogError(f"{name}:1: the rules packed in the header are not a rules document: {e.message}") from None
    if not isinstance(document, dict):
        raise LogError(f"{name}:1: the rules packed in the header are not a rules document (a mapping)")
    return document


def result(game: SomeGame) -> dict[str, Any]:
    """The last line of a log: how the game ended (the figures its pack records)."""
    return {"result": game.rules.pack.result(game)}


def unfinished(game: SomeGame, actions: int) -> dict[str, Any]:
    """The last line of the log of a game stopped before its end: how many actions it holds and
    where the game stands (the pack's words)."""
    return {"unfinished": {"actions": actions, "where": game.rules.pack.where(game)}}


def header_check(head: dict[str, Any]) -> str:
    """The check of a header: a hash of every field but ``check`` itself."""
    fields = {k: v for k, v in head.items() if k != "check"}
    return _hash(json.dumps(fields, sort_keys=True, separators=(",", ":")))


def action_check(previous: str, text: str, game: SomeGame) -> str:
    """The check of an action line: the previous check, the action, and the game after it."""
    figures = game.rules.pack.log_figures(game)
    return _hash(f"{previous}\n{text}\n{figures!r}")


def _hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


class LogRecorder(Observer):
    """The lines of a game's log, built as the game is played: an observer of the game loop
    (``woa_core.kernel.loop``), or fed by hand with ``add(text)`` after each action is applied.

    ``text()`` or ``write(path)`` once the game is over."""

    def __init__(self, head: dict[str, Any], game: SomeGame | None = None) -> None:
        self.head = dict(head)
        self.head["check"] = header_check(self.head)
        self.game = game
        self._check = self.head["check"]
        self._actions: list[str] = []

    def start(self, game: SomeGame) -> None:
        self.game = game

    def after(self, game: SomeGame, seat: int, action: tuple[object, ...], prev: object) -> None:
        self.game = game
        self.add(format_action(game.rules, action))

    def add(self, text: str) -> None:
        """Record an action just applied to the game."""
        assert self.game is not None, "LogRecorder.add needs the game (start, or give it)"
        self._check = action_check(self._check, text, self.game)
        self._actions.append(json.dumps([text, self._check]))

    def lines(self) -> list[str]:
        """The log's lines: header, actions, and the result if the game is over, else the mark
        of an unfinished game."""
        end = []
        if self.game is not None:
            last = result(self.game) if self.game.over else unfinished(self.game, len(self._actions))
            end.append(json.dumps(last, sort_keys=True))
        return [json.dumps(self.head), *self._actions, *end]  # key order kept: it orders the board

    def text(self) -> str:
        """The whole log as text."""
        return "\n".join(self.lines()) + "\n"

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write the log atomically (a complete file or none)."""
        write_atomic(path, self.text())


def record_game(
    rules: Rules, seed: int, source: RulesSource, bots: Sequence[str], actions: Sequence[str]
) -> LogRecorder:
    """The log of a game given by its actions (played again to compute the checks)."""
    game = new_game(rules, seed)
    recorder = LogRecorder(header(rules, seed, source, bots), game)
    for text in actions:
        game.apply(parse_action(rules, text))
        recorder.add(text)
    return recorder


@dataclass(frozen=True, slots=True)
class Replayed:
    """A replayed log: its header, the game as the log leaves it (over, unless ``finished`` is
    False: the log of a game stopped before its end) and its actions in the notation."""

    header: dict[str, Any]
    game: SomeGame
    actions: int
    finished: bool = True
    texts: tuple[str, ...] = ()


def replay(
    path: str | os.PathLike[str],
    rules_spec: str | None = None,
    on_action: Callable[[SomeGame, str], None] | None = None,
    observers: Iterable[Observer] = (),
) -> Replayed:
    """Replay and verify a log; ``LogError`` naming the first line that does not match.

    ``rules_spec`` replays under other rules than the log names (they must hash the same).
    ``on_action(game, action)`` is called after each action is applied and checked (the replay
    viewer draws each step from it). The log's lines choose the actions in the game loop
    (``woa_core.kernel.loop``), which ``observers`` watch as well. A log marked unfinished
    replays to where it stopped."""
    name = str(path)
    return replay_lines(name, _read_lines(path, name), rules_spec, on_action, observers)


def replay_text(text: str, name: str = "the log") -> Replayed:
    """Replay and verify a log given as text (``woa serve`` resumes an uploaded log: it never
    opens a path a request names); ``name`` is what messages call it.

    >>> from woa_core.rules import read_rules
    >>> source = read_rules("west-of-africa")
    >>> log = record_game(source.compile(2), 3, source, ["human", "random"], ["p2 select minus"])
    >>> replayed = replay_text(log.text(), "upload")
    >>> replayed.finished, replayed.texts
    (False, ('p2 select minus',))
    >>> replay_text(log.lines()[0], "upload")
    Traceback (most recent call last):
    woa_core.errors.LogError: upload:1: the log ends without a result line (truncated?)
    """
    if len(text) > MAX_LOG_BYTES:
        raise LogError(f"{name}: the log is larger than {MAX_LOG_BYTES:,} bytes")
    lines = text.splitlines()
    if not lines:
        raise LogError(f"{name}: the log is empty")
    return replay_lines(name, lines, None)


def replay_lines(
    name: str,
    lines: list[str],
    rules_spec: str | None = None,
    on_action: Callable[[SomeGame, str], None] | None = None,
    observers: Iterable[Observer] = (),
) -> Replayed:
    """Replay and verify a log's lines (``replay``, ``replay_text``)."""
    head = _json(name, 1, lines[0])
    _check_header(name, head)
    rules = _rules(name, head, rules_spec)
    game = new_game(rules, head["seed"])
    note = (
        f" (the log was written by woa {head['engine']}, this is woa {__version__})"
        if head["engine"] != __version__
        else ""
    )
    reader = _LogReader(name, lines, head["check"], note, on_action)
    try:
        ending = loop.run(game, reader, observers)
    except IllegalAction as e:
        raise LogError(f"{name}:{reader.number}: '{reader.text}' is refused: {e}{note}") from None
    if ending is Ending.STUCK:
        raise LogError(f"{name}:{reader.number + 1}: the game is stuck: no player has a legal action")
    if ending is Ending.OVER:
        try:
            reader.next_item()
        except StopGame:
            pass  # the result line
        else:
            raise LogError(
                f"{name}:{reader.number}: the game is already over, but the log goes on with '{reader.text}'"
            )
    number, item = reader.number, reader.result
    if number != len(lines):
        raise LogError(f"{name}:{number + 1}: lines follow the {'result' if 'result' in item else 'last'} line")
    texts = tuple(reader.played)
    if "unfinished" in item:
        _compare_unfinished(name, number, item, game, len(texts))
        return Replayed(head, game, number - 2, finished=False, texts=texts)
    _compare(name, number, item, game, note)
    return Replayed(head, game, number - 2, texts=texts)


class _LogReader(Observer):
    """The game loop's chooser for a replay: each action line in turn, parsed; after each
    action, its running check against the log's."""

    def __init__(
        self, name: str, lines: list[str], check: str, note: str, on_action: Callable[[SomeGame, str], None] | None
    ) -> None:
        self.name, self.lines, self.check, self.note, self.on_action = name, lines, check, note, on_action
        self.number = 1  # the line read last
        self.text = ""
        self.expected = ""
        self.result: dict[str, Any] = {}
        self.played: list[str] = []

    def next_item(self) -> None:
        """Read the next line: an action line (kept in ``text``/``expected``), or the result line
        or the mark of an unfinished game (kept in ``result``; then ``StopGame``)."""
        name = self.name
        self.number += 1
        number = self.number
        if number > len(self.lines):
            raise LogError(f"{name}:{len(self.lines)}: the log ends without a result line (truncated?)")
        item = _json(name, number, self.lines[number - 1])
        if isinstance(item, dict) and ("result" in item or "unfinished" in item):
            self.result = item
            raise StopGame
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise LogError(f'{name}:{number}: expected an action line ["ACTION", "CHECK"] or the result line')
        self.text, self.expected = item

    def __call__(self, game: SomeGame, seat: int, legal: Sequence[Action]) -> tuple[object, ...]:
        self.next_item()
        try:
            return parse_action(game.rules, self.text)
        except InvalidNotation as e:
            raise LogError(f"{self.name}:{self.number}: '{self.text}' is refused: {e}{self.note}") from None

    def after(self, game: SomeGame, seat: int, action: tuple[object, ...], prev: object) -> None:
        self.check = action_check(self.check, self.text, game)
        if self.check != self.expected:
            raise LogError(
                f"{self.name}:{self.number}: the game differs from the log from this line on: '{self.text}' does "
                f"not match its check (the line, or one before it, was changed){self.note}"
            )
        self.played.append(self.text)
        if self.on_action:
            self.on_action(game, self.text)


def _read_lines(path: str | os.PathLike[str], name: str) -> list[str]:
    from woa_core.rules.source import read_text

    class _Unreadable(FileProblems):
        pass

    try:
        text = read_text(path, name, MAX_LOG_BYTES, _Unreadable)
    except _Unreadable as e:
        raise LogError(f"{name}: cannot read the log: {e.problems[0].message}") from None
    lines = text.splitlines()
    if not lines:
        raise LogError(f"{name}: the log is empty")
    return lines


def source_of(replayed: Replayed) -> RulesSource:
    """The rules a replayed log's game was played under, as a run holds them: what the log of a
    game that goes on from it is written with (``woa serve`` resumes an uploaded log). A log of
    rules an older woa shipped goes on under those rules, as today's engine reads them.

    >>> from woa_core.rules import read_rules
    >>> source = read_rules("west-of-africa", ["economy.gold.cap=40"])
    >>> log = record_game(source.compile(2), 3, source, ["human", "random"], [])
    >>> again = source_of(replay_text(log.text()))
    >>> again.overrides, again.content_hash == source.content_hash
    (('economy.gold.cap=40',), True)
    """
    from woa_core.rules import read_rules

    head, rules = replayed.header, replayed.game.rules
    if _names_bundled(head) and read_rules(head["rules"]).content_hash == rules.content_hash:
        return read_rules(head["rules"])  # bundled rules as shipped today
    document = _played_document("the log", head)
    assert document is not None, "a replayed log has rules"
    spec = head.get("rules_spec")
    return RulesSource(
        spec=spec if isinstance(spec, str) else head["rules"],
        overrides=tuple(head["overrides"]),
        name=head["rules"],
        variant=head["variant"],
        content_hash=rules.content_hash,
        document=document,
    )


def _check_header(name: str, head: object) -> None:
    if not isinstance(head, dict) or "woa_log" not in head:
        raise LogError(f"{name}:1: not a woa game log (its first line is not a log header)")
    if head["woa_log"] != FORMAT:
        raise LogError(
            f"{name}:1: a log of format {head['woa_log']!r}; this woa reads format {FORMAT} "
            "(replay it with the woa that wrote it)"
        )
    kinds: dict[str, tuple[type, ...]] = {
        "engine": (str,),
        "rules": (str,),
        "rules_hash": (str,),
        "players": (int,),
        "seed": (int,),
        "bots": (list,),
        "check": (str,),
        "variant": (str, type(None)),
        "overrides": (list,),
    }
    if "rules_packed" in head:
        kinds["rules_packed"] = (str,)
    for key, kind in kinds.items():
        if not isinstance(head.get(key), kind) or isinstance(head.get(key), bool):
            raise LogError(f"{name}:1: the header has no valid '{key}'")
    if not 1 <= head["players"] <= 8 or not all(isinstance(b, str) for b in head["bots"]):
        raise LogError(f"{name}:1: the header's players or bots are not valid")
    if not all(isinstance(o, str) for o in head["overrides"]):
        raise LogError(f"{name}:1: the header's 'overrides' must be a list of PATH=VALUE strings")
    if header_check(head) != head["check"]:
        raise LogError(
            f"{name}:1: the header does not match its check: one of its fields (seed, rules, players, bots, "
            "engine, ...) was changed"
        )


def _rules(name: str, head: dict[str, Any], rules_spec: str | None) -> Rules:
    """The rules to replay under: given by the user, or those the log carries (``_played_document``)."""
    if rules_spec is not None:
        where = f"'{rules_spec}'" + (f" with {' '.join(head['overrides'])}" if head["overrides"] else "")
        try:
            rules: Rules = load_rules(rules_spec, head["players"], head["overrides"])
        except RulesError as e:
            raise LogError(f"{name}:1: cannot load the rules {where}:\n{e}") from None
        if rules.content_hash != head["rules_hash"]:
            raise LogError(
                f"{name}:1: the log was made under rules with hash {head['rules_hash']}, "
                f"but the rules {where} hash to {rules.content_hash}"
            )
        return rules
    document = _played_document(name, head)
    if document is None:
        raise LogError(
            f"{name}:1: the log names rules '{head['rules']}' with hash {head['rules_hash']}, which it does not "
            "carry and no version of woa shipped; give them with --rules"
        )
    return _document_rules(name, head, document)


def _names_bundled(head: dict[str, Any]) -> bool:
    """The header names a bundled ruleset as shipped (no variant, no overrides)."""
    from woa_core.rules import bundled_rulesets

    return head["rules"] in bundled_rulesets() and head["variant"] is None and not head["overrides"]


def _played_document(name: str, head: dict[str, Any]) -> dict[str, Any] | None:
    """The rules document a log's game was played under, as today's engine reads it (upgraded):
    the one it carries (checked against its ``rules_hash``), else, for bundled rules named by
    hash, the one woa keeps of that hash; None when there is neither."""
    from woa_core.rules.digest import content_hash
    from woa_core.rules.history import archived_document, upgraded

    if "rules_packed" in head:
        carried = unpack_document(head["rules_packed"], name)
    elif "rules_document" in head:  # the logs of variants before logs packed their rules
        carried = head["rules_document"]
        if not isinstance(carried, dict):
            raise LogError(f"{name}:1: the embedded rules document is not a mapping")
    elif _names_bundled(head):
        try:
            archived = archived_document(head["rules_hash"])
        except RulesError as e:
            raise LogError(f"{name}:1: {e.problems[0]}") from None
        return None if archived is None else upgraded(archived)
    else:
        return None
    if content_hash(carried) != head["rules_hash"]:
        raise LogError(
            f"{name}:1: the rules the log carries hash to {content_hash(carried)}, but its header says "
            f"{head['rules_hash']}: the rules were changed"
        )
    return upgraded(carried)


def _document_rules(name: str, head: dict[str, Any], data: dict[str, Any]) -> Rules:
    """``data`` compiled for the log's player count: today's bundled rules when it is them (compiled
    once per process), else validated and compiled as a document."""
    from woa_core.rules import bundled_rulesets, compile_document, read_rules
    from woa_core.rules.digest import content_hash
    from woa_core.rules.resolve import ResolvedDoc, pack_name
    from woa_core.rules.source import Located
    from woa_core.rules.validate import validate

    if head["rules"] in bundled_rulesets() and head["variant"] is None:
        bundled = read_rules(head["rules"])
        if bundled.content_hash == content_hash(data):
            compiled: Rules = bundled.compile(head["players"])
            return compiled
    try:  # the pack is found by its name (bundled or installed), never at a path the log names
        load_pack(pack_name(data))
    except PackError as e:
        raise LogError(
            f"{name}:1: {e}: give the rules with --rules DIR (the folder of the pack's ruleset.yaml and its "
            "Python file), or install the pack"
        ) from None
    doc = ResolvedDoc(name=head["rules"], located=Located(data), variant=head["variant"])
    problems = validate(doc)
    try:
        if problems:
            raise RulesError(problems)
        played: Rules = compile_document(doc, head["players"])
        return played
    except RulesError as e:
        shown = "\n".join(f"  {p.message} (at {p.path})" if p.path else f"  {p.message}" for p in e.problems[:10])
        raise LogError(f"{name}:1: the rules embedded in the log are not valid:\n{shown}") from None


def _json(name: str, number: int, line: str) -> Any:
    """The JSON value of line ``number`` of the log ``name``, read by the one bounded JSON reader
    (a key given twice, a number too long, nesting too deep are refused); ``LogError`` naming the
    line otherwise.

    >>> _json("game.jsonl", 3, '["p1 select sell", "9a41"]')
    ['p1 select sell', '9a41']
    >>> _json("game.jsonl", 1, '{"seed": 12345, "players": 2, "seed": 7}')
    Traceback (most recent call last):
    woa_core.errors.LogError: game.jsonl:1: the key 'seed' is given twice (column 31)
    """
    if len(line) > MAX_LINE:
        raise LogError(f"{name}:{number}: the line is longer than {MAX_LINE:,} characters")
    try:
        return read_json(line, name, depth=MAX_DEPTH, digits=MAX_DIGITS, first_line=number)
    except JsonProblem as e:
        raise LogError(f"{name}:{e.line}: {e.message} (column {e.column})") from None


def _compare_unfinished(name: str, number: int, item: dict[str, Any], game: SomeGame, actions: int) -> None:
    if game.over:
        raise LogError(f"{name}:{number}: the log says the game is unfinished, but it is over on replay")
    _only_key(name, number, item, "unfinished")
    mark = item["unfinished"]
    if not isinstance(mark, dict) or _canonical(mark.get("actions")) != _canonical(actions):
        said = mark.get("actions") if isinstance(mark, dict) else mark
        raise LogError(f"{name}:{number}: the unfinished game holds {actions} actions, but its last line says {said}")
    extra = sorted(set(mark) - {"actions", "where"})
    if extra or not isinstance(mark.get("where"), str):
        raise LogError(
            f"{name}:{number}: the mark of an unfinished game holds 'actions' and 'where' (a sentence), "
            f"not {', '.join(map(repr, extra)) or 'this'}"
        )


def _compare(name: str, number: int, item: dict[str, Any], game: SomeGame, note: str) -> None:
    """The result line against the replayed game's result, every key both ways: a key the game
    does not record, a key it records that the line lacks, or a figure that differs (``true``
    is not ``1``) is refused, naming the line."""
    if not game.over:
        raise LogError(f"{name}:{number}: the log ends before the game does ({game.rules.pack.where(game)})")
    _only_key(name, number, item, "result")
    expected = item["result"]
    if not isinstance(expected, dict):
        raise LogError(f"{name}:{number}: the result line holds no result (expected a mapping of figures)")
    actual = result(game)["result"]
    for key in sorted(set(expected) - set(actual)):
        raise LogError(
            f"{name}:{number}: the result line holds '{key}', which the replayed game does not record "
            f"(the line was changed){note}"
        )
    for key in actual:
        if key not in expected:
            raise LogError(f"{name}:{number}: the result line lacks '{key}' ({actual[key]} on replay){note}")
        if _canonical(expected[key]) != _canonical(actual[key]):
            raise LogError(
                f"{name}:{number}: the replayed game differs from the log: {key} is "
                f"{actual[key]} on replay, {expected[key]} in the log{note}"
            )


def _only_key(name: str, number: int, item: dict[str, Any], key: str) -> None:
    """Refuse a last line that holds more than its one ``key`` (``result`` or ``unfinished``)."""
    others = sorted(k for k in item if k != key)
    if others:
        raise LogError(f"{name}:{number}: the {key} line holds '{others[0]}' besides '{key}' (the line was changed)")


def _canonical(value: object) -> str:
    """``value`` as JSON with sorted keys: equal texts are equal JSON values (``true`` and ``1``,
    ``1`` and ``1.0`` compare equal in Python, not here).

    >>> _canonical([1, True]) == _canonical([1, 1]), _canonical((1, 2)) == _canonical([1, 2])
    (False, True)
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
