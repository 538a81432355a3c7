"""A seeded chance stream kept in a game's state: randomness after setup (a reshuffle in the middle
of a game) that replays exactly from the seed and the actions, survives a JSON round trip, and is
drawn anew when search determinizes a state (go-west-rulings §5 R-CHANCE).

The stream is two integers of the state, ``[seed, used]``: the ``used``-th draw of the stream is a
``random.Random`` seeded by the text ``"SEED:USED"`` (seeding by text hashes it with SHA-512, the
same on every build and platform), so a state saved between two draws continues with the same
draws, and a state whose ``seed`` is replaced (``redrawn``) continues with draws nobody could have
predicted. No view may carry the stream: ``hidden_from`` is the check every view passes.

>>> stream = [7, 0]
>>> first = shuffled(stream, list(range(6)))
>>> again = shuffled([7, 0], list(range(6)))
>>> first == again, stream
(True, [7, 1])
>>> shuffled(stream, list(range(6))) != first
True
"""

from __future__ import annotations

import hashlib
from random import Random
from typing import Final

Stream = list[int]
"""``[seed, used]``: the game's chance stream, as its state holds it (plain data)."""

SEED: Final = 0
USED: Final = 1


def new_stream(seed: int) -> Stream:
    """The stream of a new game of ``seed``, nothing drawn yet: its own seed is the game's hashed
    to 62 bits (so no count in a view is mistaken for it, and it reveals nothing of the game's seed).

    >>> new_stream(1)[1], new_stream(1) == new_stream(1), new_stream(1) != new_stream(2)
    (0, True, True)
    """
    digest = hashlib.sha256(f"woa-chance:{seed}".encode()).digest()
    return [int.from_bytes(digest[:8], "big") >> 2 | 1 << 60, 0]


def is_stream(value: object) -> bool:
    """Whether ``value`` (read from JSON, say) is a stream: two whole numbers, neither negative nor a
    boolean (the check a state's ``Record`` gives its stream field, ``woa_core.kernel.record``).

    >>> is_stream(new_stream(3)), is_stream([5]), is_stream([5, -1]), is_stream([True, 0]), is_stream("5:0")
    (True, False, False, False, False)
    """
    return isinstance(value, list) and len(value) == 2 and all(type(x) is int and x >= 0 for x in value)


def draw(stream: Stream) -> Random:
    """The stream's next draw, as a generator of its own; the stream moves on by one."""
    rng = Random(f"{stream[SEED]}:{stream[USED]}")
    stream[USED] += 1
    return rng


def shuffled(stream: Stream, items: list[int]) -> list[int]:
    """``items`` shuffled by the stream's next draw (in place, and returned).

    >>> shuffled([1, 0], [1, 2, 3]) == shuffled([1, 0], [1, 2, 3])
    True
    """
    draw(stream).shuffle(items)
    return items


def redrawn(stream: Stream, rng: Random) -> Stream:
    """The stream with a new seed drawn by ``rng`` (a search's): what a player who cannot see the
    stream must assume of the draws to come. ``used`` is public (how many draws were made) and stays.

    >>> redrawn([5, 3], Random(1))[1]
    3
    """
    return [rng.getrandbits(60) | 1 << 60, stream[USED]]


def hidden_from(view_json: object, stream: Stream) -> str | None:
    """None when a view (as JSON) shows nothing of the stream's seed, else a sentence saying where
    it does: neither the seed as a number anywhere nor a key naming the stream.

    >>> stream = new_stream(1)
    >>> hidden_from({"vp": [10, 12], "hand": [3]}, stream) is None
    True
    >>> hidden_from({"deck": {"chance": stream}}, stream)
    "the view shows the chance stream at 'deck.chance'"
    >>> hidden_from({"x": [0, stream[0]]}, stream)
    "the view shows the chance stream at 'x[1]'"
    """
    found = _find(view_json, stream[SEED], "")
    return None if found is None else f"the view shows the chance stream at '{found}'"


def _find(value: object, seed: int, at: str) -> str | None:
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{at}.{key}" if at else str(key)
            if key in ("chance", "stream", "seed"):
                return where
            found = _find(item, seed, where)
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found = _find(item, seed, f"{at}[{i}]")
            if found is not None:
                return found
    elif type(value) is int and value == seed:
        return at or "."
    return None
