"""The one bounded reader of JSON text: every JSON input woa takes (game logs, scenarios, saves,
request bodies of ``woa serve``) is read by ``read_json``, never by ``json.loads`` itself.

It refuses, as a ``JsonProblem`` with the line and column of the mistake, what ``json.loads``
would accept silently or answer with a crash: nesting deeper than ``depth`` (measured on the
text before anything is parsed, so 100,000 ``[`` cost a scan, not a ``RecursionError``), a key
given twice in one object (``json.loads`` keeps the last copy, so a forged field placed before
the real one would pass unseen), a whole number of more than ``digits`` digits, and ``NaN``,
``Infinity`` or a float too large to be finite.

>>> read_json('{"seed": 3, "bots": ["random"]}', "x.json")
{'seed': 3, 'bots': ['random']}
>>> read_json('{"seed": 1,\\n "seed": 3}', "x.json")
Traceback (most recent call last):
woa_core.jsontext.JsonProblem: x.json:2:2: the key 'seed' is given twice
>>> read_json("[" * 100_000, "x.json")
Traceback (most recent call last):
woa_core.jsontext.JsonProblem: x.json:1:65: nested more than 64 levels deep
>>> read_json('{"a": NaN}', "x.json")
Traceback (most recent call last):
woa_core.jsontext.JsonProblem: x.json:1:7: NaN is not a number woa reads
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from woa_core.errors import WoaError

MAX_DEPTH = 64
"""How deeply lists and objects may nest (woa's own files nest at most about 8 deep)."""

MAX_DIGITS = 20
"""The most digits a whole number may have (a seed is below 2**63: 19 digits)."""

_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class JsonProblem(WoaError):
    """JSON text that woa refuses, located: ``file:line:col: message``. Callers that have an
    error type of their own (``LogError``, ``ScenarioError``, ``UsageError``) re-raise it as
    theirs, keeping the sentence (``str(problem)``) or its parts."""

    def __init__(self, file: str, line: int, column: int, message: str) -> None:
        self.file, self.line, self.column, self.message = file, line, column, message
        super().__init__(f"{file}:{line}:{column}: {message}")


def read_json(text: str, file: str, *, depth: int = MAX_DEPTH, digits: int = MAX_DIGITS, first_line: int = 1) -> Any:
    """The value of the JSON ``text`` read from ``file`` (named in errors; ``first_line``: the
    line of ``file`` the text starts on, for one line of a JSON-lines log); ``JsonProblem`` if
    it is not JSON or breaks a bound (see the module's docstring).

    >>> read_json('{"a": [1, 2.5, null]}', "x.json")
    {'a': [1, 2.5, None]}
    >>> read_json('{"a": 1}', "game.jsonl", first_line=7)
    {'a': 1}
    >>> read_json('{"a": 1', "game.jsonl", first_line=7)
    Traceback (most recent call last):
    woa_core.jsontext.JsonProblem: game.jsonl:7:8: not valid JSON (Expecting ',' delimiter)
    """
    deepest = _too_deep(text, depth)
    if deepest is not None:
        line, column = _where(text, deepest)
        raise JsonProblem(file, line + first_line - 1, column, f"nested more than {depth} levels deep")

    def problem(message: str, at: int) -> JsonProblem:
        line, column = _where(text, at)
        return JsonProblem(file, line + first_line - 1, column, message)

    def whole(token: str) -> int:
        if len(token.lstrip("-")) > digits:
            raise _Refused(f"the number {token[:12]}... has more than {digits} digits", token)
        return int(token)

    def decimal(token: str) -> float:
        value = float(token)
        if not math.isfinite(value):
            raise _Refused(f"the number {token[:12]} is too large", token)
        return value

    def constant(token: str) -> Any:
        raise _Refused(f"{token} is not a number woa reads", token)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                raise _Refused(f"the key {key!r} is given twice", json.dumps(key), second=True)
            out[key] = value
        return out

    try:
        return json.loads(text, parse_int=whole, parse_float=decimal, parse_constant=constant, object_pairs_hook=pairs)
    except json.JSONDecodeError as e:
        raise problem(f"not valid JSON ({e.msg})", e.pos) from None
    except _Refused as e:
        raise problem(e.message, _find(text, e.token, e.second)) from None
    except RecursionError:  # the depth scan above makes this unreachable; kept as a sentence all the same
        raise problem(f"nested more than {depth} levels deep", 0) from None


class _Refused(ValueError):
    """A value a hook of ``read_json`` refuses, with the text to find it by."""

    def __init__(self, message: str, token: str, second: bool = False) -> None:
        super().__init__(message)
        self.message, self.token, self.second = message, token, second


def _too_deep(text: str, most: int) -> int | None:
    """The offset of the first bracket nested deeper than ``most``, outside strings; None if none."""
    if text.count("[") + text.count("{") <= most:
        return None
    blanked = _STRING.sub(lambda m: " " * len(m.group()), text)
    level = 0
    for match in _BRACKET.finditer(blanked):
        if match.group() in "[{":
            level += 1
            if level > most:
                return match.start()
        else:
            level -= 1
    return None


def _find(text: str, token: str, second: bool) -> int:
    """Where ``token`` stands in ``text`` (its second place as a key for a duplicate key): the
    hooks of ``json.loads`` are not told where a value was, so it is found again by its text."""
    if second:
        places = [m.start() for m in re.finditer(re.escape(token) + r"\s*:", text)]
        return places[1] if len(places) > 1 else (places[0] if places else 0)
    at = text.find(token)
    return max(at, 0)


def _where(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
