"""What one player may see of a game of Africa, and a game sampled from it (africa-rulings §4).

The only hidden information is which face lies under each face-down tile; it is hidden from every
player alike (A23). A ``View`` is a snapshot of the state without ``hidden``: face-down fields
show only ``DOWN`` in ``tile``. What is unseen as a whole is public, since the mix and every
revealed tile are: ``unseen[face]`` counts the face-down tiles of each face. Legal actions never
depend on hidden faces (a reveal needs only "face down"), so two games that differ only in which
unseen tile lies where give every seat the same view and the same legal actions (T20).

``sample`` deals the unseen tiles anew, uniformly, onto the face-down fields: a full game that the
view could be of, for search (determinization). It never moves a tile that has been seen.

>>> import random
>>> from woa_core.packs.africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("africa", 2), seed=1)
>>> view = game.observation(0)
>>> sum(view.unseen), "hidden" in view.to_json()
(96, False)
>>> other = Game.determinize(view, random.Random(5))
>>> other.observation(0).to_json() == view.to_json(), other.state.hidden != game.state.hidden
(True, True)
"""

from __future__ import annotations

from random import Random
from typing import Any

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.state import DOWN, EMPTY, State

HIDDEN = frozenset({"hidden"})
"""The state fields no player sees."""


class View:
    """Seat ``player``'s view: every state field but ``hidden`` reads as an attribute
    (``view.tile``, ``view.display``...), plus ``unseen``; treat them as read-only."""

    __slots__ = ("_state", "_unseen", "player", "rules")

    def __init__(self, rules: Rules, player: int, state: State, unseen: list[int] | None = None) -> None:
        self.rules = rules
        self.player = player
        self._state = state
        self._unseen = unseen

    @property
    def seen(self) -> State:
        """The state as this seat sees it (no face under any face-down tile: ``hidden`` is all
        ``EMPTY``), not copied: read it, never change it (``visible_state`` is a copy). Typed, so
        compiled bots read its fields directly rather than through ``__getattr__``."""
        return self._state

    @property
    def unseen(self) -> list[int]:
        """The face-down tiles by face (``unseen``), counted when first asked for."""
        if self._unseen is None:
            self._unseen = unseen(self.rules, self._state)
        return self._unseen

    def __getattr__(self, name: str) -> Any:  # only reached for names that are not slots
        if name in HIDDEN or name.startswith("_"):
            raise AttributeError(f"'{name}' is not visible to a player")
        return getattr(self._state, name)

    def visible_state(self) -> State:
        """A copy of the state as this seat sees it: no face under any face-down tile."""
        return self._state.copy()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the state but ``hidden``, with ``unseen`` and ``player``."""
        data = self._state.to_json()
        del data["hidden"]
        data["unseen"] = list(self.unseen)
        data["player"] = self.player
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> View:
        """The view ``to_json`` wrote (for ``rules``); ``ValueError`` if it is not one."""
        if not isinstance(data, dict) or not {"unseen", "player", "tile"} <= set(data):
            raise ValueError("not an Africa player view")
        fields = {k: v for k, v in data.items() if k not in ("unseen", "player")}
        state = State.from_json({**fields, "hidden": [EMPTY] * len(fields["tile"])})
        return cls(rules, int(data["player"]), state, list(data["unseen"]))


def unseen(rules: Rules, state: State) -> list[int]:
    """The face-down tiles by face, from what is public: the mix less every tile face up on the
    board, in a display or set aside (``State.aside``)."""
    counts = list(rules.mix_counts)
    # one pass over the board (not one count per face); ``c[i] = c[i] - n``, not ``-=``: compiled,
    # an augmented assignment to a list item is a generic operation
    for t in state.tile:
        if t >= 0:
            counts[t] = counts[t] - 1
    for held in state.display:
        for face in range(len(counts)):
            counts[face] = counts[face] - held[face]
    for face, n in enumerate(state.aside):  # empty but in a scenario's setup
        counts[face] -= n
    return counts


def observe(game: Any, player: int) -> View:
    """``player``'s view of ``game`` now (a snapshot)."""
    state = game.state.copy()
    state.hidden = [EMPTY] * len(state.hidden)
    return View(game.rules, player, state)


def sample(view: View, rng: Random) -> State:
    """A state consistent with ``view``: the unseen tiles shuffled onto the face-down fields."""
    state = view.visible_state()
    faces = [face for face, n in enumerate(view.unseen) for _ in range(n)]
    rng.shuffle(faces)
    down = [f for f, t in enumerate(state.tile) if t == DOWN]
    if len(down) != len(faces):
        raise ValueError(f"{len(faces)} unseen tiles for {len(down)} face-down fields")
    for f, face in zip(down, faces, strict=True):
        state.hidden[f] = face
    return state
