"""The one game loop: deciders → legal actions → choose → apply, with observers.

Every way of playing a game runs this loop: ``woa simulate`` (bots choose, statistics and logs
observe), ``woa check`` and the hypothesis strategies (choices pick, invariants and coverage
observe), ``woa play`` and ``woa serve`` (a session plays one action at a time, a person's or a
bot's: ``woa_core.session``) and ``woa replay`` (the log's lines choose). What differs is *who
chooses* (a ``Chooser``) and *who watches* (``Observer`` objects); a new statistic is one observer.
The loop knows no bot: bots choose through ``woa_core.bots.seated.Bots``, a ``Chooser`` like
any other (the kernel imports nothing from ``woa_core.bots``: ``tests/test_layers.py``).

>>> from woa_core.bots.seated import bots
>>> from woa_core.packs.west_of_africa import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> counter = Count()
>>> run(game, bots(["random", "random"], seed=1), [counter])
<Ending.OVER: 'over'>
>>> counter.actions > 10, game.over
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import Action
from woa_core.kernel.contract import SomeGame
from woa_core.kernel.native import mypyc_attr
from woa_core.kernel.notation import format_action


class Ending(StrEnum):
    """How a run of the loop ended."""

    OVER = "over"  # the game ended (final scoring done)
    STOPPED = "stopped"  # a chooser or observer stopped it (a person quit, choices ran out, a violation)
    STUCK = "stuck"  # the player to decide had no legal action: the rules cannot go on
    STEP_LIMIT = "step_limit"  # ``max_steps`` actions were played


class StopGame(Exception):
    """Raised by a chooser or an observer to stop the loop (``Ending.STOPPED``)."""


class Chooser(Protocol):
    """Picks the action of ``seat`` among ``legal`` (never empty); may raise ``StopGame``."""

    def __call__(self, game: SomeGame, seat: int, legal: Sequence[Action]) -> tuple[object, ...]: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # tools and packs watch games with their own
class Observer:
    """Watches a game being played; override only the hooks you need (the loop calls only those).

    ``wants_prev``: ``after`` gets a copy of the state before the action (else ``None``); copies
    cost time, so only observers that compare before and after ask for them. Any hook may raise
    ``StopGame``.
    """

    wants_prev: ClassVar[bool] = False

    def start(self, game: SomeGame) -> None:
        """Before the first action."""

    def choosing(self, game: SomeGame, seat: int, legal: Sequence[Action]) -> None:
        """``seat`` is about to choose among ``legal``, the actions the loop listed for it (a
        statistic of the choices offered reads them here, at no extra listing)."""

    def before(self, game: SomeGame, seat: int, action: tuple[object, ...]) -> None:
        """``action`` was chosen and is about to be applied."""

    def after(self, game: SomeGame, seat: int, action: tuple[object, ...], prev: Any) -> None:
        """``action`` was applied; ``prev`` is the state before it if ``wants_prev``."""

    def end(self, game: SomeGame, ending: Ending) -> None:
        """The loop ended (the game may not be over: see ``ending``)."""


def _overrides(observers: Sequence[Observer], hook: str) -> list[Callable[..., None]]:
    return [getattr(o, hook) for o in observers if getattr(type(o), hook, None) is not getattr(Observer, hook)]


def run(
    game: SomeGame,
    choose: Chooser,
    observers: Iterable[Observer] = (),
    max_steps: int | None = None,
    first: int | None = None,
) -> Ending:
    """Play ``game`` from where it stands until it is over, stuck, stopped or ``max_steps``
    actions were played. ``first``: a seat that decides first whenever it is among several
    deciders (the person at the terminal during selection); else the first decider decides.

    Exceptions other than ``StopGame`` (an ``IllegalAction`` from ``apply``, say) propagate; the
    observers' ``end`` hooks are not called then.
    """
    watching = list(observers)
    pick: Callable[[SomeGame, int, Sequence[Action]], object] = choose  # its answer is checked, not cast
    end_hook = getattr(choose, "end", None)
    if isinstance(choose, Observer):
        watching.append(choose)
        end_hook = None
    choosings = _overrides(watching, "choosing")
    befores = _overrides(watching, "before")
    afters = _overrides(watching, "after")
    wants_prev = any(o.wants_prev for o in watching)
    steps = 0
    ending = Ending.OVER
    try:
        for start in _overrides(watching, "start"):
            start(game)
        while not game.over:
            if max_steps is not None and steps >= max_steps:
                ending = Ending.STEP_LIMIT
                break
            deciders = game.deciders()
            seat = first if first is not None and first in deciders else deciders[0]
            legal = game.legal_actions(seat)
            if not legal:
                ending = Ending.STUCK
                break
            for hook in choosings:
                hook(game, seat, legal)
            answer = pick(game, seat, legal)
            if not isinstance(answer, tuple):  # refused alike in both builds (compiled: a tuple or nothing)
                raise IllegalAction(f"not an action: {answer!r}")
            action: tuple[object, ...] = answer  # cast once, here (compiled: not at each ``is`` below)
            for hook in befores:
                hook(game, seat, action)
            prev = game.state.copy() if wants_prev else None
            listed = False
            if isinstance(legal, list):  # a bot answers with one of the very actions listed: found by
                for a in legal:  # identity (a sequence of its own may know its actions faster: ``in``)
                    if a is action:
                        listed = True
                        break
            if listed or action in legal:  # one of the legal actions: no need to check it a second time
                game.apply_legal(action)
            else:  # refused with the reason, the state unchanged
                game.apply(action)
            steps += 1
            for hook in afters:
                hook(game, seat, action, prev)
    except StopGame:
        ending = Ending.STOPPED
    for hook in _overrides(watching, "end"):
        hook(game, ending)
    if end_hook is not None:
        end_hook(game, ending)
    return ending


class Count(Observer):
    """Counts the actions played: the smallest observer.

    >>> Count().actions
    0
    """

    def __init__(self) -> None:
        self.actions = 0

    def after(self, game: SomeGame, seat: int, action: tuple[object, ...], prev: Any) -> None:
        self.actions += 1


class Transcript(Observer):
    """Every action played, in the notation (what a log holds)."""

    def __init__(self, write: Callable[[str], None] | None = None) -> None:
        self.lines: list[str] = []
        self._write = write

    def before(self, game: SomeGame, seat: int, action: tuple[object, ...]) -> None:
        text = format_action(game.rules, action)
        self.lines.append(text)
        if self._write is not None:
            self._write(text)


class Choices(Observer):
    """A chooser from integers: choice ``c`` at a decision with ``k`` legal actions plays action
    ``c % k``. From a list (then the game stops when it runs out), from a seeded generator, or
    from another chooser (bots: their choice recorded as its index). ``made`` lists the choices played, so a game
    can be replayed, shrunk and written out. ``chooser``: another chooser whose choices are
    recorded (``woa_core.bots.seated.Bots``, say); its ``end`` hook, if it has one, is called."""

    def __init__(
        self,
        choices: Sequence[int] | None = None,
        pick: Callable[[int], int] | None = None,
        chooser: Chooser | None = None,
    ) -> None:
        self._choices = choices
        self._pick = pick
        self._chooser = chooser
        self._chooser_end: Callable[[SomeGame, Ending], object] | None = getattr(chooser, "end", None)
        self.made: list[int] = []

    def __call__(self, game: SomeGame, seat: int, legal: Sequence[Action]) -> tuple[object, ...]:
        n = len(self.made)
        if self._choices is not None:
            if n >= len(self._choices):
                raise StopGame
            c = self._choices[n]
        elif self._chooser is not None:
            c = legal.index(self._chooser(game, seat, legal))
        elif self._pick is not None:
            c = self._pick(len(legal))
        else:
            raise StopGame
        self.made.append(c)
        return legal[c % len(legal)]

    def end(self, game: SomeGame, ending: Ending) -> None:
        if self._chooser_end is not None:
            self._chooser_end(game, ending)
