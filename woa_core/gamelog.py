"""Game logs (JSON Lines) and their replay.

A log is a header object, one JSON string per action in the notation, and a result object::

    {"woa_log": 1, "engine": "0.1.0", "rules": "west-of-africa", "rules_hash": "…", "players": 4, ...}
    "p1 select tenerife cultivate"
    ...
    {"result": {"rounds": 12, "vp": [...], "gold": [...], "ranking": ["p3", ...]}}

``replay`` plays a log again under the rules it names and checks that they hash the same and that
the result matches; anything wrong is a ``LogError`` naming the line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from woa_core import __version__
from woa_core.engine import Game
from woa_core.errors import IllegalAction, InvalidNotation, LogError, RulesError
from woa_core.notation import parse_action
from woa_core.rules import Rules, load_rules, portable_spec

FORMAT = 1


def header(
    rules: Rules, seed: int, rules_spec: str, bots: Iterable[str] = (), overrides: Iterable[str] = ()
) -> dict[str, Any]:
    """The first line of a log: what produced the game (the rules as a bundled name or a relative
    path, and the ``--set`` overrides, so that the log replays on another machine; ``rules_path``
    is only a hint for replaying from another directory of this machine)."""
    spec_path = Path(rules_spec)
    return {
        "woa_log": FORMAT,
        "engine": __version__,
        "rules": rules.name,
        "rules_spec": portable_spec(rules_spec),
        "rules_path": str(spec_path.resolve()) if spec_path.exists() else None,
        "overrides": list(overrides),
        "rules_hash": rules.content_hash,
        "variant": rules.variant,
        "players": rules.players,
        "seed": seed,
        "bots": list(bots),
    }


def result(game: Game) -> dict[str, Any]:
    """The last line of a log: how the game ended."""
    s = game.state
    return {
        "result": {
            "rounds": s.round,
            "vp": list(s.vp),
            "gold": list(s.gold),
            "ranking": [f"p{p + 1}" for p in s.ranking],
        }
    }


def write_log(
    path: str | os.PathLike[str], head: dict[str, Any], actions: list[str], end: dict[str, Any] | None
) -> None:
    """Write a log; ``end=None`` for a game stopped before its end (the log so far, without a
    result line: ``replay`` reports it as unfinished)."""
    lines = [
        json.dumps(head, sort_keys=True),
        *(json.dumps(a) for a in actions),
        *([json.dumps(end, sort_keys=True)] if end is not None else []),
    ]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


@dataclass(frozen=True, slots=True)
class Replayed:
    """A replayed log: its header and the finished game."""

    header: dict[str, Any]
    game: Game
    actions: int


def replay(
    path: str | os.PathLike[str],
    rules_spec: str | None = None,
    on_action: Callable[[Game, str], None] | None = None,
) -> Replayed:
    """Replay and verify a log; ``LogError`` (naming the line) if it is corrupt or does not match.
    ``on_action(game, action)`` is called after each action is applied (the replay viewer draws
    each step from it)."""
    name = str(path)
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise LogError(f"{name}: cannot read the log: {e}") from None
    if not lines:
        raise LogError(f"{name}: the log is empty")
    head = _json(name, 1, lines[0])
    if not isinstance(head, dict) or head.get("woa_log") != FORMAT:
        raise LogError(f"{name}:1: not a woa game log header (format {FORMAT})")
    for key, kind in (("players", int), ("seed", int), ("rules_hash", str), ("rules", str)):
        if not isinstance(head.get(key), kind):
            raise LogError(f"{name}:1: the header has no valid '{key}'")
    spec = rules_spec or _rules_of(head)
    overrides = head.get("overrides") or []
    if not isinstance(overrides, list) or not all(isinstance(o, str) for o in overrides):
        raise LogError(f"{name}:1: the header's 'overrides' must be a list of PATH=VALUE strings")
    try:
        rules = load_rules(spec, head["players"], overrides)
    except RulesError as e:
        raise LogError(f"{name}:1: cannot load the rules '{spec}' the log names:\n{e}") from None
    if rules.content_hash != head["rules_hash"]:
        raise LogError(
            f"{name}:1: the log was made under rules with hash {head['rules_hash']}, "
            f"but '{spec}' now hashes to {rules.content_hash}"
        )
    game = Game(rules, seed=head["seed"])
    for number, line in enumerate(lines[1:], start=2):
        item = _json(name, number, line)
        if isinstance(item, dict) and "result" in item:
            if number != len(lines):
                raise LogError(f"{name}:{number + 1}: lines follow the result line")
            _compare(name, number, item, game)
            return Replayed(head, game, number - 2)
        if not isinstance(item, str):
            raise LogError(f"{name}:{number}: expected an action in quotes or the result line")
        try:
            game.apply(parse_action(rules, item))
        except (InvalidNotation, IllegalAction) as e:
            raise LogError(f"{name}:{number}: '{item}' is refused: {e}") from None
        if on_action:
            on_action(game, item)
    raise LogError(f"{name}:{len(lines)}: the log ends without a result line (truncated?)")


def _rules_of(head: dict[str, Any]) -> str:
    """The rules a log names: as given when it was made, or where that path pointed then."""
    spec = head.get("rules_spec") or head["rules"]
    path = head.get("rules_path")
    if isinstance(path, str) and not Path(spec).exists() and Path(path).exists():
        return path
    return spec


def _json(name: str, number: int, line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        raise LogError(f"{name}:{number}: not valid JSON ({e.msg} at column {e.colno})") from None


def _compare(name: str, number: int, item: dict[str, Any], game: Game) -> None:
    if not game.over:
        raise LogError(f"{name}:{number}: the log ends before the game does (round {game.state.round})")
    expected = item["result"]
    if not isinstance(expected, dict):
        raise LogError(f"{name}:{number}: the result line holds no result (expected a mapping of figures)")
    actual = result(game)["result"]
    for key in actual:
        if expected.get(key) != actual[key]:
            raise LogError(
                f"{name}:{number}: the replayed game differs from the log: {key} is "
                f"{actual[key]} on replay, {expected.get(key)} in the log"
            )
