"""Bots, and how a ``--bots`` value becomes one bot per seat.

``--bots`` names bundled bots (``random``, ``heuristic``, ``heuristic-v1``, ``mcts``), a class of
your own as ``module:Class``, or an entry point in the ``woa.bots`` group. Parameters follow the
name after a colon: ``mcts:iterations=400,c=1.4``. A comma token with ``=`` and no ``:``
continues the previous bot's parameters, so one value can hold several bots with parameters:

>>> split_bots("mcts:iterations=50,c=2,heuristic")
['mcts:iterations=50,c=2', 'heuristic']
>>> [bot.name for bot in make_bots(("random", "heuristic"), seed=1)]
['random', 'heuristic']

A bot's parameters are the keyword arguments of its constructor beyond ``seed``, ``seat`` and
``players`` (see ``woa_core.bots.base``); values are converted to the type of their default and
must lie within the bounds the bot declares (``limits``):

>>> seat_bots("mcts:iterations=100000000000000000000000", 2)
Traceback (most recent call last):
woa_core.errors.UsageError: bot 'mcts': iterations must be between 1 and 10,000, not 100,000,000,000,000,000,000,000

A bot that ends the program (raises ``SystemExit``) while it is made or while it plays is
reported as a sentence naming it, as is a bot that cannot be found.
"""

from __future__ import annotations

import importlib
import inspect
import math
from collections.abc import Sequence
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from woa_core.bots.base import Bot, BotFactory, bot_exited, outside_limits
from woa_core.bots.random_bot import RandomBot
from woa_core.errors import UsageError

BUNDLED: dict[str, str] = {
    "random": "woa_core.bots.random_bot:RandomBot",
    "heuristic": "woa_core.packs.west_of_africa.bots.heuristic:HeuristicBot",
    "heuristic-v1": "woa_core.packs.west_of_africa.bots.heuristic_v1:HeuristicV1Bot",
    "mcts": "woa_core.bots.mcts:MctsBot",
}

__all__ = [
    "BUNDLED",
    "Bot",
    "BotFactory",
    "RandomBot",
    "bot_factory",
    "bot_params",
    "make_bots",
    "parse_spec",
    "seat_bots",
    "split_bots",
]

_CONTEXT = ("seed", "seat", "players")
"""Constructor arguments every bot gets from the game, never from ``--bots``."""


def split_bots(text: str) -> list[str]:
    """The bot specs of a ``--bots`` value, one per bot named (parameters kept with their bot).

    >>> split_bots("mcts:iterations=400,c=1.4,heuristic,my.mod:Bot")
    ['mcts:iterations=400,c=1.4', 'heuristic', 'my.mod:Bot']
    """
    specs: list[str] = []
    for token in (t.strip() for t in text.split(",")):
        if not token:
            continue
        if "=" in token and ":" not in token:
            if not specs or "=" not in specs[-1]:
                raise UsageError(f"--bots: '{token}' is a parameter without a bot (write name:{token})")
            specs[-1] += "," + token
        else:
            specs.append(token)
    return specs


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """A bot spec's name and its parameters as text.

    >>> parse_spec("mcts:iterations=400,c=1.4")
    ('mcts', {'iterations': '400', 'c': '1.4'})
    >>> parse_spec("my.module:Bot:depth=2")
    ('my.module:Bot', {'depth': '2'})
    >>> parse_spec("my.module:Bot")
    ('my.module:Bot', {})
    """
    if "=" not in spec:
        return spec, {}
    colon = spec.rfind(":", 0, spec.index("="))
    if colon < 0:
        raise UsageError(f"--bots: '{spec}' has parameters but no bot name (write name:key=value)")
    name, params = spec[:colon], {}
    for item in spec[colon + 1 :].split(","):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--bots: '{item}' in '{spec}' is not key=value")
        if key.strip() in params:
            raise UsageError(f"--bots: parameter '{key.strip()}' given twice in '{spec}'")
        params[key.strip()] = value.strip()
    return name, params


def seat_bots(text: str, seats: int) -> tuple[str, ...]:
    """The bot spec of each seat from a ``--bots`` value: one bot for all seats or one per seat.
    ``UsageError`` if the count does not fit, a bot cannot be found or a parameter is wrong.

    >>> seat_bots("heuristic", 3)
    ('heuristic', 'heuristic', 'heuristic')
    >>> seat_bots("random,heuristic", 2)
    ('random', 'heuristic')
    >>> seat_bots("random:depth=2", 1)
    Traceback (most recent call last):
    woa_core.errors.UsageError: bot 'random' has no parameter 'depth' (it has none)
    """
    specs = tuple(split_bots(text))
    if len(specs) == 1:
        specs *= seats
    if len(specs) != seats:
        raise UsageError(f"--bots names {len(specs)} bots for {seats} seats: give one, or one per seat")
    for spec in set(specs):
        name, params = parse_spec(spec)
        bot_params(name, params)
    return specs


def make_bots(
    specs: Sequence[str], seed: int, seats: Sequence[int] | None = None, players: int | None = None
) -> list[Bot]:
    """One bot per spec, each with its own seed derived from the game's seed and its place.

    ``seats`` are the bots' seats (default 0, 1, ...); ``players`` the game's player count
    (default: one per spec)."""
    seats = list(seats) if seats is not None else list(range(len(specs)))
    players = players if players is not None else len(specs)
    bots = []
    for i, (spec, seat) in enumerate(zip(specs, seats, strict=True)):
        name, text = parse_spec(spec)
        factory = bot_factory(name)
        params = bot_params(name, text)
        try:
            if _takes_context(name):
                bot = factory(seed * 8 + i + 1, seat=seat, players=players, **params)
            else:  # a plug-in written for the one-argument interface
                bot = factory(seed * 8 + i + 1)
        except (TypeError, ValueError) as e:  # a parameter the bot itself refuses, or not a bot class
            raise UsageError(f"bot '{spec}' cannot be made: {e}") from None
        except SystemExit as e:  # a plug-in's constructor that ends the program (builtins:exit)
            raise bot_exited(spec, e) from None
        if not callable(getattr(bot, "choose", None)):
            raise UsageError(f"bot '{spec}' is not a bot: it has no choose(view, legal)")
        bots.append(bot)
    return bots


def bot_params(name: str, text: dict[str, str]) -> dict[str, Any]:
    """``text`` parameters converted for bot ``name``'s constructor; ``UsageError`` naming the
    bot's parameters if one is unknown or of the wrong kind.

    >>> bot_params("random", {"depth": "2"})
    Traceback (most recent call last):
    woa_core.errors.UsageError: bot 'random' has no parameter 'depth' (it has none)
    """
    accepted = _parameters(name)
    out: dict[str, Any] = {}
    for key, value in text.items():
        if key not in accepted:
            known = ", ".join(f"{k}={v!r}" for k, v in accepted.items()) or "none"
            raise UsageError(f"bot '{name}' has no parameter '{key}' (it has {known})")
        out[key] = _convert(name, key, value, accepted[key])
        choices = getattr(bot_factory(name), "param_choices", {}).get(key)
        if choices is not None and out[key] not in choices:
            raise UsageError(f"bot '{name}': {key} must be one of {', '.join(map(str, choices))}, not '{value}'")
    problem = outside_limits(getattr(bot_factory(name), "limits", {}), out)
    if problem:
        raise UsageError(f"bot '{name}': {problem}")
    return out


def _convert(name: str, key: str, value: str, default: Any) -> Any:
    kind = type(default) if default is not None else str
    try:
        if kind is bool:
            if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError
            return value.lower() in ("true", "1", "yes")
        converted = kind(value)
        if isinstance(converted, float) and not math.isfinite(converted):
            raise ValueError  # nan or inf: no budget or constant means that
        return converted
    except ValueError:
        raise UsageError(f"bot '{name}': {key}={value} is not a valid {kind.__name__}") from None


@cache
def _parameters(name: str) -> dict[str, Any]:
    """A bot's own parameters and their defaults (keyword arguments beyond the context)."""
    factory = bot_factory(name)  # a bot that cannot be found says so here, not later in a worker
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return {}
    return {
        p.name: (None if p.default is inspect.Parameter.empty else p.default)
        for p in signature.parameters.values()
        if p.name not in _CONTEXT and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    }


@cache
def _takes_context(name: str) -> bool:
    factory = bot_factory(name)
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return True
    return "seat" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


@cache
def bot_factory(spec: str) -> BotFactory:
    """The bot class named by ``spec`` (without parameters); ``UsageError`` if it cannot be found."""
    target = BUNDLED.get(spec, spec)
    if ":" not in target:
        plugins = {ep.name: ep for ep in entry_points(group="woa.bots")}
        if spec in plugins:
            return plugins[spec].load()  # type: ignore[no-any-return]
        known = ", ".join([*BUNDLED, *plugins])
        raise UsageError(f"unknown bot '{spec}' (bundled: {known}; or give module:Class)")
    module_name, _, attr = target.partition(":")
    if module_name.startswith("."):  # import_module would want a package to be relative to
        raise UsageError(
            f"cannot load bot '{spec}': name its module in full (my.module:Class), not relative to a package"
        )
    try:
        module = importlib.import_module(module_name)
        factory = getattr(module, attr)
    except (ImportError, AttributeError, ValueError) as e:  # ValueError: an empty module name
        raise UsageError(f"cannot load bot '{spec}': {e or 'no module named'}") from None
    except SystemExit as e:  # a module that ends the program when it is imported
        raise bot_exited(spec, e) from None
    if not callable(factory):
        raise UsageError(f"bot '{spec}' is not a class or factory")
    return factory  # type: ignore[no-any-return]
