"""Bots, and how a ``--bots`` value becomes one bot per seat.

``--bots`` names a bot, looked up in this order: the kernel's bots, which play any pack
(``random``, ``mcts``); the pack's own bots (``Pack.bots``: West of Africa has ``heuristic`` and
``heuristic-v1``, Africa its own ``heuristic``); an entry point in the ``woa.bots`` group; a class
of your own as ``module:Class``. Without a pack (a caller that knows no rules), a name is looked
up in the bundled packs' bots, the default game's first. Parameters follow the name after a
colon: ``mcts:iterations=400,c=1.4``. A comma token with ``=`` and no ``:`` continues the
previous bot's parameters, so one value can hold several bots with parameters:

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

A command given no ``--bots`` seats the bots the rules' pack declares (``Pack.default_bots``;
``Pack.check_bots`` for ``woa check``), a pattern the seats take in turn (``declared_bots``):

>>> seat_bots(None, 3, load_pack("west_of_africa")), seat_bots(None, 2, load_pack("west_of_africa"), check=True)
(('heuristic', 'heuristic', 'heuristic'), ('random', 'random'))

A bot that ends the program (raises ``SystemExit``) while it is made or while it plays is
reported as a sentence naming it, as is a bot that cannot be found.
"""

from __future__ import annotations

import importlib
import inspect
import math
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from woa_core.bots.base import Bot, BotFactory, bot_exited, outside_limits
from woa_core.bots.random_bot import RandomBot
from woa_core.errors import UsageError
from woa_core.kernel.pack import BotPattern, Pack, load_pack

KERNEL_BOTS: dict[str, str] = {
    "random": "woa_core.bots.random_bot:RandomBot",
    "mcts": "woa_core.bots.mcts:MctsBot",
}
"""The bots that play any pack, by name, as ``module:Class``."""

__all__ = [
    "KERNEL_BOTS",
    "Bot",
    "BotFactory",
    "RandomBot",
    "bot_factory",
    "bot_params",
    "bot_pattern",
    "bundled_rule_packs",
    "declared_bots",
    "make_bots",
    "parse_spec",
    "seat_bots",
    "split_bots",
    "tournament_bots",
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


def seat_bots(text: str | None, seats: int, pack: Pack | None = None, check: bool = False) -> tuple[str, ...]:
    """The bot spec of each seat from a ``--bots`` value: one bot for all seats or one per seat;
    None (no ``--bots``): the bots ``pack`` declares (``declared_bots``; ``check``: for ``woa
    check``). ``UsageError`` if the count does not fit, a bot cannot be found or a parameter is
    wrong. ``pack``: the pack of the rules to be played (default: names of any bundled pack, and
    the default ruleset's declaration).

    >>> seat_bots("heuristic", 3)
    ('heuristic', 'heuristic', 'heuristic')
    >>> seat_bots("random,heuristic", 2)
    ('random', 'heuristic')
    >>> seat_bots("random:depth=2", 1)
    Traceback (most recent call last):
    woa_core.errors.UsageError: bot 'random' has no parameter 'depth' (it has none)
    """
    if text is None:
        return declared_bots(pack if pack is not None else bundled_rule_packs()[0], seats, check)
    specs = tuple(split_bots(text))
    if len(specs) == 1:
        specs *= seats
    if len(specs) != seats:
        raise UsageError(f"--bots names {len(specs)} bots for {seats} seats: give one, or one per seat")
    for spec in set(specs):
        name, params = parse_spec(spec)
        bot_params(name, params, pack)
    return specs


def bot_pattern(declared: BotPattern) -> list[str]:
    """The bot specs of a pack's declaration (``Pack.default_bots``, ``Pack.check_bots``), in the
    order the seats take them; ``UsageError`` for a declaration that is no bot spec or tuple of them.

    >>> bot_pattern("heuristic"), bot_pattern(("random", "mcts:iterations=50,c=2")), bot_pattern("random,mcts")
    (['heuristic'], ['random', 'mcts:iterations=50,c=2'], ['random', 'mcts'])
    """
    if isinstance(declared, str):
        return split_bots(declared)
    if isinstance(declared, tuple | list) and all(isinstance(spec, str) for spec in declared):
        return [spec.strip() for spec in declared]
    raise UsageError(f"{declared!r} is neither a bot spec nor a tuple of them")


def declared_bots(pack: Pack, seats: int, check: bool = False) -> tuple[str, ...]:
    """The bot of each of ``seats`` seats that ``pack`` declares for a command given none: its
    ``default_bots`` (``check``: its ``check_bots``), the pattern taken in turn, seat ``i`` its
    ``i mod len``-th spec. A declaration that names no bot, or a bot that cannot be found or
    made, is a ``UsageError`` naming the pack and the declaration.

    >>> from dataclasses import replace
    >>> west = load_pack("west_of_africa")
    >>> declared_bots(replace(west, default_bots=("heuristic", "random")), 3)
    ('heuristic', 'random', 'heuristic')
    >>> declared_bots(replace(west, default_bots="cautious"), 2)
    Traceback (most recent call last):
    woa_core.errors.UsageError: the rule pack 'west_of_africa' declares default_bots='cautious', which cannot ...
    """
    name = "check_bots" if check else "default_bots"
    declared = pack.check_bots if check else pack.default_bots
    try:
        pattern = bot_pattern(declared)
        if not pattern:
            raise UsageError("it names no bot")
        for spec in dict.fromkeys(pattern):
            bot, params = parse_spec(spec)
            bot_params(bot, params, pack)
    except UsageError as e:
        said = str(e).replace("--bots: ", "")
        raise UsageError(
            f"the rule pack '{pack.name}' declares {name}={declared!r}, which cannot seat its players: {said}; "
            "give --bots"
        ) from None
    return tuple(pattern[i % len(pattern)] for i in range(seats))


def tournament_bots(pack: Pack) -> tuple[str, ...]:
    """The bots ``woa tournament`` rates when it is named none: each of the pack's default bots
    (``Pack.default_bots``) once, joined by the kernel's ``random`` and then ``mcts`` while
    there are fewer than two (each plays any pack).

    >>> tournament_bots(load_pack("west_of_africa"))
    ('heuristic', 'random')
    """
    bots = list(dict.fromkeys(declared_bots(pack, len(bot_pattern(pack.default_bots)))))
    for kernel in KERNEL_BOTS:  # random, then mcts
        if len(bots) < 2 and kernel not in bots:
            bots.append(kernel)
    return tuple(bots)


def make_bots(
    specs: Sequence[str],
    seed: int,
    seats: Sequence[int] | None = None,
    players: int | None = None,
    pack: Pack | None = None,
) -> list[Bot]:
    """One bot per spec, each with its own seed derived from the game's seed and its place.

    ``seats`` are the bots' seats (default 0, 1, ...); ``players`` the game's player count
    (default: one per spec); ``pack`` the pack of the game (whose bots the names may be; default:
    any bundled pack's)."""
    seats = list(seats) if seats is not None else list(range(len(specs)))
    players = players if players is not None else len(specs)
    bots = []
    named = _pack_bots(pack)
    for i, (spec, seat) in enumerate(zip(specs, seats, strict=True)):
        name, text = parse_spec(spec)
        factory = _factory(name, named)
        params = bot_params(name, text, pack) if text else {}  # a game's bots are made per game: no work for none
        try:
            if _takes_context(name, named):
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


def bot_params(name: str, text: dict[str, str], pack: Pack | None = None) -> dict[str, Any]:
    """``text`` parameters converted for bot ``name``'s constructor (a bot of ``pack``, or of any
    bundled pack); ``UsageError`` naming the bot's parameters if one is unknown or of the wrong
    kind. A bot's ``param_choices`` (a mapping, or a function of the pack giving one) lists the
    values a parameter may take.

    >>> bot_params("random", {"depth": "2"})
    Traceback (most recent call last):
    woa_core.errors.UsageError: bot 'random' has no parameter 'depth' (it has none)
    """
    accepted = _parameters(name, _pack_bots(pack))
    out: dict[str, Any] = {}
    for key, value in text.items():
        if key not in accepted:
            known = ", ".join(f"{k}={v!r}" for k, v in accepted.items()) or "none"
            raise UsageError(f"bot '{name}' has no parameter '{key}' (it has {known})")
        out[key] = _convert(name, key, value, accepted[key])
        choices = _param_choices(bot_factory(name, pack), pack).get(key)
        if choices is not None and out[key] not in choices:
            raise UsageError(f"bot '{name}': {key} must be one of {', '.join(map(str, choices))}, not '{value}'")
    problem = outside_limits(getattr(bot_factory(name, pack), "limits", {}), out)
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


def _param_choices(factory: Any, pack: Pack | None) -> Mapping[str, Sequence[Any]]:
    choices = getattr(factory, "param_choices", {})
    return choices(pack) if callable(choices) else choices  # type: ignore[no-any-return]


@cache
def _parameters(name: str, bots: PackBots) -> dict[str, Any]:
    """A bot's own parameters and their defaults (keyword arguments beyond the context)."""
    factory = _factory(name, bots)  # a bot that cannot be found says so here, not later in a worker
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return {}
    # A class compiled with mypyc shows its parameters as positional-only; it takes them by keyword all the same.
    return {
        p.name: (None if p.default is inspect.Parameter.empty else p.default)
        for p in signature.parameters.values()
        if p.name not in _CONTEXT and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD, p.POSITIONAL_ONLY)
    }


@cache
def _takes_context(name: str, bots: PackBots) -> bool:
    factory = _factory(name, bots)
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return True
    return "seat" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def bot_factory(spec: str, pack: Pack | None = None) -> BotFactory:
    """The bot class named by ``spec`` (without parameters): a kernel bot, one of ``pack``'s
    bots (without a pack: of the bundled packs'), an entry point or ``module:Class``;
    ``UsageError`` if it cannot be found.

    >>> bot_factory("heuristic").__name__, bot_factory("mcts").__name__
    ('HeuristicBot', 'MctsBot')
    """
    return _factory(spec, _pack_bots(pack))


PackBots = tuple[tuple[str, str], ...] | None
"""A pack's bots as ``(name, module:Class)`` pairs; ``None`` for the bundled packs' bots."""


def _pack_bots(pack: Pack | None) -> PackBots:
    return tuple(pack.bots.items()) if pack is not None else None


@cache
def bundled_rule_packs() -> tuple[Pack, ...]:
    """The packs bundled with woa, loaded (``woa_core.rules.resolve.bundled_packs`` names them):
    where a bot's name and parameters are looked up before the rules are known. The default
    rules' pack comes first, so a name two packs share (``heuristic``) means the default game's
    bot there; a game's own bots are found through its pack.

    >>> [pack.name for pack in bundled_rule_packs()]
    ['west_of_africa', 'africa', 'go_west']
    """
    from woa_core.defaults import DEFAULT_RULES
    from woa_core.rules.resolve import bundled_packs, pack_name

    first = pack_name({"ruleset": {"name": DEFAULT_RULES}})
    return tuple(load_pack(name) for name in sorted(bundled_packs(), key=lambda name: name != first))


def _named(bots: PackBots) -> dict[str, str]:
    """The bots a name may mean besides the kernel's: the pack's, or every bundled pack's (the
    first of ``bundled_rule_packs`` that has it)."""
    if bots is not None:
        return dict(bots)
    named: dict[str, str] = {}
    for pack in bundled_rule_packs():
        for name, target in pack.bots.items():
            named.setdefault(name, target)
    return named


def load_failure(module_name: str, error: Exception) -> str:
    """Why a bot's module could not be loaded, in words; when the module itself (or a package
    holding it) is not found, how to make it importable: the working directory is not on the
    module path of an installed ``woa``.

    >>> print(load_failure("my_agent", ModuleNotFoundError("No module named 'my_agent'", name="my_agent")))
    No module named 'my_agent': is its folder on PYTHONPATH? (from the folder holding my_agent.py: PYTHONPATH=. woa ...)
    >>> load_failure("my_agent", ModuleNotFoundError("No module named 'torch'", name="torch"))
    "No module named 'torch'"
    """
    text = str(error) or "no module named"
    missing = getattr(error, "name", None) if isinstance(error, ModuleNotFoundError) else None
    parts = module_name.split(".")
    if missing is None or missing not in {".".join(parts[: i + 1]) for i in range(len(parts))}:
        return text  # found, but it failed inside (a missing dependency, a missing attribute...)
    first = f"{parts[0]}.py" if len(parts) == 1 else f"the package {parts[0]}/"
    return f"{text}: is its folder on PYTHONPATH? (from the folder holding {first}: PYTHONPATH=. woa ...)"


@cache
def _factory(spec: str, bots: PackBots) -> BotFactory:
    target = KERNEL_BOTS.get(spec) or (spec if ":" in spec else _named(bots).get(spec, spec))
    if ":" not in target:
        plugins = {ep.name: ep for ep in entry_points(group="woa.bots")}
        if spec in plugins:
            return plugins[spec].load()  # type: ignore[no-any-return]
        first, *search = KERNEL_BOTS  # the simplest first, search last, the pack's own between
        known = ", ".join(dict.fromkeys([first, *(n for n in _named(bots) if n not in KERNEL_BOTS), *search, *plugins]))
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
        raise UsageError(f"cannot load bot '{spec}': {load_failure(module_name, e)}") from None
    except SystemExit as e:  # a module that ends the program when it is imported
        raise bot_exited(spec, e) from None
    if not callable(factory):
        raise UsageError(f"bot '{spec}' is not a class or factory")
    return factory  # type: ignore[no-any-return]
