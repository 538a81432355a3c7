"""Suggestions for a misspelt name, taken from the names that exist (``difflib``).

>>> did_you_mean("tenerif", ["la_palma", "tenerife", "gran_canaria"])
"did you mean 'tenerife'?"
>>> did_you_mean("xyz", ["la_palma", "tenerife"])
''
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MOST_SUGGESTED = 3
"""At most this many names are suggested (the closest first)."""

CUTOFF = 0.7
"""How alike (``difflib.SequenceMatcher.ratio``, 0 to 1) a name must be to be suggested."""

LONGEST_COMPARED = 200
"""A longer word is no misspelt name: it is not compared (so a hostile input costs nothing)."""

MOST_COMPARED = 10_000
"""At most this many names are compared with a word (the first ones)."""


def close_names(word: str, names: Iterable[object]) -> list[str]:
    """The names of ``names`` closest to ``word`` (strings only, ``word`` itself left out).

    >>> close_names("trak", ["total", "track", "trek"])
    ['track', 'trek']
    """
    if len(word) > LONGEST_COMPARED:
        return []
    known = [name for name in dict.fromkeys(names) if isinstance(name, str) and name != word]
    return difflib.get_close_matches(word, known[:MOST_COMPARED], n=MOST_SUGGESTED, cutoff=CUTOFF)


def did_you_mean(word: object, names: Iterable[object]) -> str:
    """``did you mean 'NAME'?`` (or ``'A' or 'B'``) for the names close to ``word``, else ``''``.

    >>> did_you_mean("trak", ["total", "track", "trek"])
    "did you mean 'track' or 'trek'?"
    """
    if not isinstance(word, str):
        return ""
    return suggestion(close_names(word, names))


def suggestion(close: list[str]) -> str:
    """``did you mean 'A', 'B' or 'C'?`` for the names ``close`` (``''`` for none).

    >>> suggestion(["rules/variants/rich-islands.yaml"]), suggestion([])
    ("did you mean 'rules/variants/rich-islands.yaml'?", '')
    """
    if not close:
        return ""
    quoted = [f"'{name}'" for name in close]
    shown = ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]
    return f"did you mean {shown}?"


def with_suggestion(message: str, word: object, names: Iterable[object]) -> str:
    """``message`` followed by ``: did you mean ...?`` when a name close to ``word`` exists.

    >>> with_suggestion("unknown key 'capp'", "capp", ["cap", "start"])
    "unknown key 'capp': did you mean 'cap'?"
    >>> with_suggestion("unknown key 'q'", "q", ["cap", "start"])
    "unknown key 'q'"
    """
    hint = did_you_mean(word, names)
    return f"{message}: {hint}" if hint else message
