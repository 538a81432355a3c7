"""Plain parts of the contract, for small packs: a game whose legal actions are cheap to list, a
state of plain data, a view of plain data. A pack that needs speed writes its own (West of Africa
does); ``docs/rule-packs.md`` walks through a pack built from them.

- ``ListedGame``: legality is declared once, by listing (``legal_actions``): ``apply`` plays an
  action only if it is listed, ``is_legal`` asks the list, ``copy`` and ``over`` come with it;
  ``listed(verb)`` is a verb's handler (``Verb.play``) for it;
- ``PlainState``: a dataclass of plain data gets ``copy``, ``to_json`` and ``from_json``;
- ``View``: what one seat sees, as named fields of plain data.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Count(PlainState):
...     left: int
...     ranking: list[int] = field(default_factory=list)
>>> Count.from_json(Count(3).to_json()) == Count(3), View(None, 1, left=3).to_json()
(True, {'player': 1, 'left': 3})
"""

from __future__ import annotations

import copy
import dataclasses
from abc import abstractmethod
from collections.abc import Sequence
from random import Random
from typing import Generic, Protocol, Self, TypeVar

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import Action, Handler
from woa_core.kernel.aliases import JSON, PackValue
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.contract import SomeGame
from woa_core.kernel.native import mypyc_attr
from woa_core.kernel.notation import format_action


def listed(verb: str) -> Handler:
    """The handler of ``verb`` in a ``ListedGame`` (``Verb.play``): ``apply`` plays it.

    >>> listed("run")
    <function listed.<locals>.play at ...>
    """

    def play(game: SomeGame, player: int, *args: object) -> None:
        game.apply((player, verb, *args))

    return play


class PlainState:
    """A mixin for a dataclass state of plain data (ints, strings, lists, dicts): ``copy`` is a deep
    copy, ``to_json`` its fields, ``from_json`` reads them back. ``ranking`` (seats, best first)
    stays empty until the game is over."""

    ranking: list[int]  # declared by the pack's dataclass (seats, best first)

    def copy(self) -> Self:
        """An independent copy."""
        return copy.deepcopy(self)

    def to_json(self) -> JSON:
        """The fields as JSON-ready data."""
        fields: JSON = dataclasses.asdict(self)  # type: ignore[call-overload]
        return fields

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """The state ``to_json`` wrote."""
        return cls(**data)


@mypyc_attr(native_class=False)  # its fields become attributes when it is made
class View:
    """What seat ``player`` sees of a game under ``rules``: each field an attribute, and
    ``to_json()`` all of them with the seat. Give it copies, so it does not change with the game."""

    def __init__(self, rules: CompiledRules, player: int, **fields: object) -> None:
        self.rules = rules
        self.player = player
        self._fields = fields
        for name, value in fields.items():
            setattr(self, name, value)

    def __getattr__(self, name: str) -> PackValue:  # only reached for names that are not fields
        raise AttributeError(f"'{name}' is not visible to a player")

    def to_json(self) -> JSON:
        """The seat and every field, as JSON-ready data."""
        return {"player": self.player, **copy.deepcopy(self._fields)}


class RankedState(Protocol):
    """What ``ListedGame`` reads of its state: ``ranking`` (seats, best first; empty until the game
    is over) and ``copy``. A ``PlainState`` is one; so is a pack's own state class that copies
    itself field by field (Go West!'s, compiled with mypyc, where a slotted dataclass cannot
    extend the interpreted ``PlainState``)."""

    ranking: list[int]

    def copy(self) -> Self:
        """An independent copy."""
        ...


S = TypeVar("S", bound=RankedState)
"""A ``ListedGame``'s state type."""
R = TypeVar("R", bound=CompiledRules)
"""A ``ListedGame``'s rules type."""
V = TypeVar("V")
"""A ``ListedGame``'s view type."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a pack's game extends it
class ListedGame(Generic[S, R, V]):
    """A game whose legal actions are cheap to list (``woa_core.kernel.contract.Game``). A pack
    writes ``new_state(rules, seed)``, ``deciders()``, ``legal_actions(player)`` (every action of
    ``player``, empty when it does not decide), ``apply_legal(action)``, ``observation(player)``
    and ``determinize(view, rng)``; the state's ``ranking`` is empty until the game is over. It is
    generic over the pack's state, rules and view types (``ListedGame[State, Rules, View]``).
    Those six are abstract to mypy (``abstractmethod``, which changes nothing at run time: the class
    has no ``ABCMeta``), so a pack whose game leaves one out fails the type check where its
    ``Pack`` names the class (issue 42.3)."""

    def __init__(self, rules: R, seed: int = 0, state: S | None = None) -> None:
        self.rules = rules
        if state is None:
            self.state = self.new_state(rules, seed)
            # the flow its rules declare, if any (issue 42.1): a new game begins it; a state without the flow's
            # fields is that of a pack that declares none (``NO_FLOW`` reads none)
            rules.flow.begin(self)
        else:
            self.state = state

    @abstractmethod
    def new_state(self, rules: R, seed: int) -> S:
        """The state of a new game, set up with ``seed``."""
        raise NotImplementedError

    @property
    def over(self) -> bool:
        """Whether the game has ended (its ranking is known)."""
        return bool(self.state.ranking)

    @abstractmethod
    def deciders(self) -> list[int]:
        """The seats that may act now."""
        raise NotImplementedError

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every action ``player`` (default: the first decider) may take now."""
        raise NotImplementedError

    @abstractmethod
    def apply_legal(self, action: tuple[object, ...]) -> None:
        """Play an action of ``legal_actions()``."""
        raise NotImplementedError

    def is_legal(self, action: tuple[object, ...]) -> bool:
        """Whether ``action`` is one of the legal actions now."""
        return isinstance(action, tuple) and len(action) >= 2 and action in self.legal_actions(action[0])  # type: ignore[arg-type]

    def apply(self, action: tuple[object, ...]) -> None:
        """Play ``action`` if it is legal, else refuse it with ``IllegalAction`` saying why."""
        if not self.is_legal(action):
            raise IllegalAction(self._refusal(action))
        self.apply_legal(action)

    def copy(self) -> Self:
        """An independent game at the same state."""
        return type(self)(self.rules, state=self.state.copy())

    @abstractmethod
    def observation(self, player: int) -> V:
        """What ``player`` may see now."""
        raise NotImplementedError

    @classmethod
    @abstractmethod
    def determinize(cls, view: V, rng: Random) -> Self:
        """A full game consistent with ``view``."""
        raise NotImplementedError

    def _refusal(self, action: tuple[object, ...]) -> str:
        if self.over:
            return "the game is over"
        if not isinstance(action, tuple) or len(action) < 2 or not isinstance(action[0], int):
            return f"not an action: {action!r}"
        deciders = self.deciders()
        if action[0] not in deciders:
            who = ", ".join(f"p{d + 1}" for d in deciders)
            return f"it is {who}'s decision, not p{action[0] + 1}'s"
        try:
            text = format_action(self.rules, action)
        except (KeyError, IndexError, TypeError, ValueError):
            text = repr(action)
        legal = [format_action(self.rules, a).split(" ", 1)[1] for a in self.legal_actions(action[0])]
        shown = ", ".join(legal[:6]) + (", ..." if len(legal) > 6 else "")
        return f"'{text}' is not possible now (p{action[0] + 1} may: {shown})"
