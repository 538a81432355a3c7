"""Which bots ``woa serve`` plays, and how much work a client may ask of them
(``docs/serve-security.md`` says it in full).

A bot is code: a seat named ``module:attr`` makes the program import the module and call the
attribute. The command line may do that (its user runs their own code); a request may not, so
the server plays only the bots it was told to trust (``BotPolicy``): the kernel's (``random``,
``mcts``), the pack's own (``Pack.bots``), those installed as ``woa.bots`` entry points (a
package someone installed on the server's computer: its operator's choice) and the
``module:Class`` bots its operator names with ``--allow-bot``. Any other name, from a start
form's seats or from the header of a log to resume, is refused before anything is imported.
A client's numeric bot parameters (an ``mcts`` search budget, a hint's iterations) are capped by
the operator's ceilings (``--bot-ceiling``), and every decision has a time limit
(``--bot-seconds``, ``woa_core.serve.apart``).

>>> from woa_core.kernel.pack import load_pack
>>> policy = BotPolicy()
>>> policy.check("mcts:iterations=200", load_pack("africa"))
>>> policy.check("os:_exit", load_pack("africa"))
Traceback (most recent call last):
woa_core.errors.UsageError: this server plays only the bots it trusts (random, mcts, heuristic), not 'os:_exit' ...
>>> policy.check("mcts:iterations=5000", load_pack("africa"))
Traceback (most recent call last):
woa_core.errors.UsageError: this server lets a client ask mcts for iterations up to 1,000, not 5,000 ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points

from woa_core.bots import KERNEL_BOTS, bot_factory, bot_params, parse_spec
from woa_core.errors import UsageError
from woa_core.kernel.pack import Pack
from woa_core.serve.limits import DEFAULT_BOT_SECONDS, DEFAULT_CEILINGS


@dataclass(frozen=True)
class BotPolicy:
    """What the server trusts: ``allowed``, the ``module:Class`` bots its operator named;
    ``ceilings``, the most a client may ask of a numeric parameter (by its name); ``seconds``,
    the time limit of one decision."""

    allowed: tuple[str, ...] = ()
    ceilings: Mapping[str, float] = field(default_factory=lambda: DEFAULT_CEILINGS)
    seconds: float = DEFAULT_BOT_SECONDS

    def names(self, pack: Pack) -> list[str]:
        """The bots this server plays for ``pack``'s rules, by the names a seat may give.

        >>> from woa_core.kernel.pack import load_pack
        >>> BotPolicy(allowed=("my.bots:Bot",)).names(load_pack("west_of_africa"))
        ['random', 'mcts', 'heuristic', 'heuristic-v1', 'my.bots:Bot']
        """
        found = [*KERNEL_BOTS, *pack.bots, *plugin_names(), *self.allowed]
        return list(dict.fromkeys(found))

    def check(self, spec: str, pack: Pack) -> None:
        """Refuse (``UsageError``) a seat's bot ``spec`` this server does not play for ``pack``,
        or whose parameters ask more than a ceiling; nothing is imported for a refused name."""
        name, params = parse_spec(spec)
        names = self.names(pack)
        if name not in names:
            raise UsageError(
                f"this server plays only the bots it trusts ({', '.join(names)}), not '{name}' "
                "(its operator may trust more with --allow-bot module:Class)"
            )
        for key, value in bot_params(name, params, pack).items():
            self.within(name, key, value)

    def within(self, bot: str, key: str, value: object) -> None:
        """Refuse (``UsageError``) a value of parameter ``key`` above the operator's ceiling.

        >>> BotPolicy().within("a hint", "iterations", 60)
        """
        most = self.ceilings.get(key)
        if most is not None and isinstance(value, int | float) and not isinstance(value, bool) and value > most:
            raise UsageError(
                f"this server lets a client ask {bot} for {key} up to {most:,g}, not {value:,g} "
                f"(its operator sets it with --bot-ceiling {key}=N)"
            )


def plugin_names() -> list[str]:
    """The bots installed as ``woa.bots`` entry points (by a package installed on this computer)."""
    return sorted(ep.name for ep in entry_points(group="woa.bots"))


def check_allowed(specs: Sequence[str]) -> tuple[str, ...]:
    """The ``--allow-bot`` values, each a ``module:Class`` that loads (``UsageError`` otherwise).

    >>> check_allowed(["woa_core.bots.random_bot:RandomBot"])
    ('woa_core.bots.random_bot:RandomBot',)
    >>> check_allowed(["heuristic"])
    Traceback (most recent call last):
    woa_core.errors.UsageError: --allow-bot heuristic: name a bot class as module:Class (the bundled bots are ...
    """
    for spec in specs:
        if ":" not in spec or "=" in spec:
            raise UsageError(
                f"--allow-bot {spec}: name a bot class as module:Class (the bundled bots are trusted already)"
            )
        bot_factory(spec)  # a name that cannot be loaded says so before the server starts
    return tuple(dict.fromkeys(specs))


def parse_ceiling(text: str) -> tuple[str, float]:
    """A ``--bot-ceiling PARAM=MAX`` value.

    >>> parse_ceiling("iterations=400")
    ('iterations', 400.0)
    >>> parse_ceiling("iterations")
    Traceback (most recent call last):
    woa_core.errors.UsageError: --bot-ceiling iterations: write PARAM=MAX, e.g. iterations=400
    """
    key, eq, value = text.partition("=")
    try:
        most = float(value)
    except ValueError:
        most = -1.0
    if not eq or not key.strip() or not 0 <= most < float("inf"):
        raise UsageError(f"--bot-ceiling {text}: write PARAM=MAX, e.g. iterations=400")
    return key.strip(), most
