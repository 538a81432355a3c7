"""What Africa hides from a seat, declared by changing it (``Pack.resample_hidden``).

The rules hide one thing, from every seat alike (A23, africa-rulings §4): which face lies under
each face-down tile. ``resample_hidden`` deals the faces of the face-down tiles anew among the
face-down fields, from the state alone — never from a view, which is what ``woa check``'s
``views_keep_secrets`` tests with it. Nothing else moves: the mix of what is unseen stays public.

>>> import random
>>> from woa_core.packs.africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("africa", 2), seed=1)
>>> other = resample_hidden(game, 0, random.Random(3))
>>> other.hidden != game.state.hidden, sorted(other.hidden) == sorted(game.state.hidden)
(True, True)
"""

from __future__ import annotations

from random import Random
from typing import Any

from woa_core.packs.africa.state import DOWN, State


def resample_hidden(game: Any, seat: int, rng: Random) -> State | None:
    """A state differing from ``game``'s only in which face lies under which face-down tile (the
    same for every seat); None when no two face-down tiles differ, so nothing can move."""
    s = game.state
    down = [f for f, t in enumerate(s.tile) if t == DOWN]
    faces = [s.hidden[f] for f in down]
    if len(set(faces)) < 2:
        return None
    dealt = faces[:]
    while dealt == faces:  # another deal: some two differing faces trade places
        rng.shuffle(dealt)
    state = s.copy()
    for f, face in zip(down, dealt, strict=True):
        state.hidden[f] = face
    return state
