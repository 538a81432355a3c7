"""The bot interface, for any rule pack: a bot sees its player's view and the legal actions, and
picks one.

A bot class is constructed with a seed (so games are reproducible), its seat, the player count
and its own parameters (keyword arguments with defaults, set from the command line as
``--bots mine:depth=3``)::

    class MyBot:
        name = "mine"
        kind = "scripted"   # optional: random, scripted or search (reports warn on weak bots)
        def __init__(self, seed: int, seat: int = 0, players: int = 2, depth: int = 2) -> None: ...
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...
        def game_over(self, view: PlayerView) -> None: ...   # optional: called once at the end
        def reseed(self, seed: int) -> None: ...   # optional: a search replays the same luck

``legal`` is never empty; the action returned must be one of it (``woa_core.kernel.actions.Action``:
``(player, verb, *args)`` in the pack's verbs). A pack may list a decision's actions as a
``woa_core.bots.random_bot.Weighted`` list, with a weight each that the random bot draws by (so
that its random play is uniform over what the actions lead to, not over the actions); any other
bot may read it as a plain list. ``view`` is the pack's observation for the bot's
seat (``Game.observation``, ``woa_core.kernel.contract``): a snapshot of what that player may see,
with at least ``rules`` (whose ``pack`` is the game's pack) and ``player``, made for this
decision: a bot may keep it but learns nothing more from it later. A bot should rebuild any plan
from the view at each decision, so that it can be started at any point of a game (search bots do
exactly that). A bot that never reads its view may declare ``uses_view = False``: the game loop
then passes ``None`` and saves making a snapshot per decision; one that reads its view only
while it chooses, keeping nothing of it, may declare ``peeks = True``: the loop and the search
bot's rollouts then pass the game's ``peek(seat)`` where it has one (the same view, valid until
the game changes: no copy of the state). A class whose constructor takes
only ``seed`` still works (it gets no seat, players or parameters). ``param_choices`` (optional)
lists the values a text parameter may take, as a mapping or as a function of the pack.

A bot declares the bounds of its numeric parameters with the bot, as a class attribute
``limits = {"depth": (1, 8)}``: ``--bots`` refuses a value outside them with a sentence (a budget
of 10^23 iterations would never end), and the constructor can check the same bounds with
``outside_limits``.

Where bots come from (``woa_core.bots``): ``random`` and the search bot ``mcts`` play any pack
through the game contract; a pack's own bots (a scripted heuristic, say) are declared in its
``Pack.bots`` and found by name for its rules; any other is ``module:Class`` or a ``woa.bots``
entry point. A bot that only reads the contract (``legal``, ``view.player``, ``view.rules``)
plays every pack; one that reads the pack's own view belongs in the pack. ``docs/bots.md`` walks
through both, and how a pack helps ``mcts`` (``woa_core.kernel.search``).
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from woa_core.errors import UsageError, WoaError
from woa_core.kernel.actions import Action

PlayerView = Any
"""What a bot sees: its pack's view of the game for its seat (``Game.observation``)."""


@runtime_checkable
class Bot(Protocol):
    """Anything with ``name`` and ``choose``; see the module docstring."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> tuple:
        """One of ``legal``, chosen with what ``view`` shows (an ``Action``, or a plain tuple of the
        same items)."""
        ...


def notify_game_over(bots: Sequence[Bot], view: Callable[[int], PlayerView]) -> None:
    """Call each bot's optional ``game_over`` once with its final view, ``view(seat)`` (made only
    for the bots that have ``game_over``: four snapshots cost a random game about 3%).

    >>> class Watcher:
    ...     def game_over(self, view): print("seen", view)
    >>> notify_game_over([object(), Watcher()], lambda seat: f"view {seat}")
    seen view 1
    """
    for seat, bot in enumerate(bots):
        game_over = getattr(bot, "game_over", None)
        if game_over is not None:
            seen = view(seat)  # the game's, not the bot's: its errors are not the bot's
            try:
                game_over(seen)
            except SystemExit as e:
                raise bot_exited(bot_name(bot), e, seat) from None
            except WoaError:
                raise
            except Exception as e:  # a plug-in's bug at the end: a sentence naming it and its line
                raise bot_failed(bot_name(bot), e, seat, bot, "in game_over") from e


def bot_name(bot: Any) -> str:
    """What messages call a bot: its ``name``, else its class's name."""
    return str(getattr(bot, "name", "") or type(bot).__name__)


def bot_exited(name: str, e: SystemExit, seat: int | None = None) -> UsageError:
    """The sentence for a bot that raised ``SystemExit`` (it may not end a run without a word).

    >>> str(bot_exited("builtins:exit", SystemExit(97)))
    "bot 'builtins:exit' tried to end the program (SystemExit(97)): a bot must return an action"
    """
    at = f" (seat {seat + 1})" if seat is not None else ""
    return UsageError(
        f"bot '{name}'{at} tried to end the program (SystemExit({e.code!r})): a bot must return an action"
    )


def bot_failed(
    name: str, e: Exception, seat: int | None = None, bot: object = None, doing: str = "while choosing"
) -> UsageError:
    """The sentence for a bot that raised an error while it chose (or ``doing`` else): a plug-in's bug
    is reported as what it is, naming the bot and the line of its own file that raised it
    (``raised_at``), never as a traceback through the engine.

    >>> str(bot_failed("mine:Bot", ZeroDivisionError("division by zero"), 1))
    "bot 'mine:Bot' (seat 2) failed while choosing: ZeroDivisionError: division by zero"
    """
    at = f" (seat {seat + 1})" if seat is not None else ""
    where = raised_at(e, bot)
    line = f" (at {where})" if where else ""
    return UsageError(f"bot '{name}'{at} failed {doing}: {type(e).__name__}: {e}{line}")


def raised_at(e: BaseException, bot: object = None) -> str:
    """Where ``e`` was raised, as ``FILE:LINE, in FUNCTION``: the innermost frame of its traceback
    in the file that defines ``bot``'s class, for a bot written outside woa (the line of the bot's
    own code, even when what it called raised the error); else the innermost frame outside woa
    itself (an outside pack's code that a bundled bot ran); else the innermost frame (woa's own).

    >>> def choose():
    ...     return 1 // 0
    >>> try:
    ...     choose()
    ... except ZeroDivisionError as e:
    ...     raised_at(e)
    '<doctest woa_core.bots.base.raised_at[0]>:2, in choose'
    """
    frames = traceback.extract_tb(e.__traceback__)
    own = _defined_in(bot)
    if own is not None and _is_woa(own):  # a bundled bot: the line to name is further in
        own = None
    found = next((f for f in reversed(frames) if own is not None and _same_file(f.filename, own)), None)
    if found is None:
        found = next((f for f in reversed(frames) if not _is_woa(f.filename)), frames[-1] if frames else None)
    return f"{found.filename}:{found.lineno}, in {found.name}" if found is not None else ""


_WOA = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The folder of the package ``woa_core``: frames in it are woa's own, not a bot's."""


def _defined_in(bot: object) -> str | None:
    """The source file of the module that defines ``bot``'s class, if it has one."""
    if bot is None:
        return None
    module = sys.modules.get(type(bot).__module__)
    path = getattr(module, "__file__", None)
    return path if isinstance(path, str) else None


def _same_file(path: str, other: str) -> bool:
    """Whether ``path`` and ``other`` name the same file."""
    return os.path.normcase(os.path.abspath(path)) == os.path.normcase(os.path.abspath(other))


def _is_woa(path: str) -> bool:
    """Whether a traceback's file is woa's own: within the package's folder, or, as the compiled
    build names its modules' frames, a path relative to the sources (``woa_core/kernel/loop.py``).

    >>> _is_woa("woa_core/kernel/loop.py"), _is_woa(__file__), _is_woa("/home/me/my_bot.py")
    (True, True, False)
    """
    if not os.path.isabs(path):
        return path.replace(os.sep, "/").startswith("woa_core/")
    if os.path.normcase(os.path.abspath(path)).startswith(os.path.normcase(_WOA) + os.sep):
        return True
    # a compiled build installed elsewhere names its frames by the source tree it was built from
    return getattr(sys.modules.get("woa_core.kernel.loop"), "__file__", "").endswith((".so", ".pyd")) and (
        "/woa_core/" in path.replace(os.sep, "/")
    )


def not_an_action(name: str, answer: object, seat: int) -> UsageError:
    """The sentence for a bot whose ``choose`` answered something that is not an action (a list,
    ``None``): the same in both builds (issue 42.7), where the compiled game loop would otherwise
    say only that it expected a tuple.

    >>> str(not_an_action("mine", [0, "end"], 0))
    "bot 'mine' (seat 1) chose [0, 'end'], which is not an action: choose returns one of legal (a tuple)"
    """
    return UsageError(
        f"bot '{name}' (seat {seat + 1}) chose {answer!r}, which is not an action: "
        "choose returns one of legal (a tuple)"
    )


def outside_limits(limits: Mapping[str, tuple[float, float]], values: Mapping[str, Any]) -> str | None:
    """Why one of ``values`` is outside the bounds ``limits`` declares for it, or ``None``.

    >>> outside_limits({"depth": (1, 8)}, {"depth": 9, "name": "x"})
    'depth must be between 1 and 8, not 9'
    """
    for key, value in values.items():
        if key in limits and isinstance(value, int | float) and not isinstance(value, bool):
            low, high = limits[key]
            if not low <= value <= high:
                shown = f"{value:,}" if isinstance(value, int) and len(str(value)) <= 30 else f"{value:.3g}"
                return f"{key} must be between {low:,} and {high:,}, not {shown}"
    return None


class BotFactory(Protocol):
    """A bot class (or any callable) that makes a bot from a seed, seat, player count and
    parameters."""

    def __call__(self, seed: int, /, *args: Any, **params: Any) -> Bot: ...
