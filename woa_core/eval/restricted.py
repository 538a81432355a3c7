"""A bot forbidden one thing: one verb, or one component of the game (a card, an island, a place).

``RestrictedBot`` wraps any bot and removes the forbidden actions from what it may choose
(restricted play, after Jaffe et al., AIIDE 2012), for the games of any pack. What can be
forbidden is the pack's (``restrictions``): each a ``(kind, id)``, given as ``forbid=KIND:ID``:

- ``action:VERB``: never plays that verb (West of Africa's steps of an action: ``worker``,
  ``sail``, ``load``, ``unload``, ``help``, ``cultivate``, ``sell``, ``found``; forbidding a
  whole action is its card's restriction);
- a component: never plays an action one of whose arguments names it. An argument names the
  component its kind is (``ArgKind.component``: West of Africa's ``island:ID``, the race's
  ``place:ID``) and what its kind says its values name (``ArgKind.names``): in West of Africa a
  ``card:ID`` is never selected, and an ``island:ID`` is never acted on (no ship placed or
  sailed there, no worker moved from or to it, no good sold, grown or settlement founded there)
  and its card never selected.

At a decision among plans (the legal actions' verb takes one argument of a kind with a
``distance``: West of Africa's card selection) the inner bot picks from them all (it plans for
them) and a forbidden pick is replaced by the allowed one nearest to it: the same cards without
the forbidden ones where that is legal, else the allowed selection differing in fewest cards. At
every other decision the inner bot chooses among the allowed actions only. Should nothing be
allowed (a forced move, such as where a displaced ship retreats), the restriction yields.

The inner bot is ``bot=SPEC``; its own parameters are separated by ``;`` (the ``,`` belongs to
the wrapper's parameters): ``bot=mcts:iterations=100;c=1.4``.

>>> from woa_core.bots import make_bots
>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 2), seed=1)
>>> spec = "woa_core.eval.restricted:RestrictedBot:forbid=card:el_hierro,bot=heuristic"
>>> bot = make_bots([spec], seed=3, seats=[0], players=2)[0]
>>> choice = bot.choose(game.observation(0), game.legal_actions(0))
>>> choice[2][game.rules.card_id("el_hierro")]
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from woa_core.errors import UsageError
from woa_core.kernel.actions import Action

ACTION = "action"
"""The kind of a restriction that forbids a verb."""


def restricted_spec(bot: str, kind: str, target: str) -> str:
    """The ``--bots`` spec of ``bot`` forbidden ``target`` of ``kind``.

    >>> restricted_spec("mcts:iterations=100,c=1.4", "island", "el_hierro")
    'woa_core.eval.restricted:RestrictedBot:forbid=island:el_hierro,bot=mcts:iterations=100;c=1.4'
    """
    return f"woa_core.eval.restricted:RestrictedBot:forbid={kind}:{target},bot={bot.replace(',', ';')}"


def restrictions(rules: Any) -> list[tuple[str, str, str]]:
    """Everything restricted play may forbid under ``rules``, as ``(kind, id, name)``: the pack's
    ``Pack.restrictions``, or else every step verb (``Verb.step``), then every value of each
    argument kind that is a component (``ArgKind.component``), by its word.

    >>> from woa_core.rules import load_rules
    >>> rs = restrictions(load_rules())
    >>> rs[0], rs[-1], ("action", "help") in [r[:2] for r in rs]
    (('card', 'la_palma', 'La Palma'), ('island', 'lanzarote', 'Lanzarote'), True)
    """
    pack = rules.pack
    if pack.restrictions is not None:
        return list(pack.restrictions(rules))
    out = [(ACTION, verb.name, verb.summary) for verb in pack.verbs.values() if verb.step]
    for arg_kind in pack.arg_kinds.values():
        if arg_kind.component is not None and arg_kind.values is not None:
            for value in arg_kind.values(rules):
                word = " ".join(arg_kind.format(rules, value))
                if (arg_kind.component, word, word) not in out:
                    out.append((arg_kind.component, word, word))
    return out


def kinds_of(rules: Any) -> list[str]:
    """The kinds of restriction under ``rules``, in the order they first come.

    >>> from woa_core.rules import load_rules
    >>> kinds_of(load_rules())
    ['card', 'action', 'island']
    """
    return list(dict.fromkeys(kind for kind, _, _ in restrictions(rules)))


def describe_restriction(kind: str, target: str, rules: Any) -> dict[str, Any]:
    """A restriction's row label: kind, id and display name."""
    name = next(n for k, i, n in restrictions(rules) if (k, i) == (kind, target))
    return {"kind": kind, "id": target, "name": name}


def forbidding(rules: Any, kind: str, target: str) -> Callable[[Action], bool]:
    """Whether an action is forbidden by the restriction ``(kind, target)`` under ``rules``;
    ``UsageError`` if ``rules`` have no such thing to forbid.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 2)
    >>> forbidden = forbidding(rules, "island", "tenerife")
    >>> forbidden((0, "sell", rules.island_id("tenerife"), 0)), forbidden((0, "sell", 0, 0))
    (True, False)
    """
    known = restrictions(rules)
    if (kind, target) not in [(k, i) for k, i, _ in known]:
        ids = [i for k, i, _ in known if k == kind]
        if not ids:
            kinds = ", ".join(kinds_of(rules))
            raise UsageError(f"forbid={kind}:{target}: these rules have nothing of kind '{kind}' to forbid ({kinds})")
        raise UsageError(f"forbid={kind}:{target}: no such {kind} in these rules (one of: {', '.join(ids)})")
    if kind == ACTION:
        return lambda a: a[1] == target
    pack = rules.pack
    tests: dict[str, list[tuple[int, Callable[[Any], bool]]]] = {}
    for verb in pack.verbs.values():
        for i, name in enumerate(verb.args):
            test = _names(pack.arg_kinds[name], rules, kind, target)
            if test is not None:
                tests.setdefault(verb.name, []).append((i + 2, test))

    def forbidden(a: Action) -> bool:
        return any(test(a[i]) for i, test in tests.get(a[1], ()))

    return forbidden


def _names(arg_kind: Any, rules: Any, kind: str, target: str) -> Callable[[Any], bool] | None:
    """The test of whether a value of ``arg_kind`` names the component ``(kind, target)``."""
    if arg_kind.component == kind and arg_kind.values is not None:
        words = [" ".join(arg_kind.format(rules, value)) for value in arg_kind.values(rules)]
        if target not in words:
            return None
        named = arg_kind.values(rules)[words.index(target)]
        return lambda value: bool(value == named)
    return arg_kind.names(rules, kind, target) if arg_kind.names is not None else None


class RestrictedBot:
    """Another bot, forbidden one verb or component (see the module docstring)."""

    name = "restricted"

    def __init__(self, seed: int, seat: int = 0, players: int = 2, bot: str = "heuristic", forbid: str = "") -> None:
        from woa_core.bots import make_bots

        kind, colon, target = forbid.partition(":")
        if not (kind and colon and target):
            raise UsageError(
                "a restricted bot forbids one thing: forbid=KIND:ID (action:VERB, or a component: card:ID, "
                "island:ID, ...)"
            )
        self.restriction = (kind, target)
        self.inner = make_bots([bot.replace(";", ",")], seed, seats=[seat], players=players)[0]
        self.kind = getattr(self.inner, "kind", "unknown")
        self.yielded = 0  # decisions where nothing was allowed, so the restriction gave way
        self._forbidden: Callable[[Any], bool] | None = None

    def choose(self, view: Any, legal: Sequence[Action]) -> tuple:
        """The inner bot's choice among the allowed actions (see the module docstring)."""
        forbidden = self._forbidden or self._compile(view.rules)
        distance = _plan_distance(view.rules, legal[0])
        if distance is not None:
            choice = self.inner.choose(view, legal)
            if not forbidden(choice):
                return choice
            allowed = [a for a in legal if not forbidden(a)]
            if not allowed:
                return self._yield(choice)
            return min(allowed, key=lambda a: distance(a[2], choice[2]))
        allowed = [a for a in legal if not forbidden(a)]
        if not allowed:
            return self._yield(self.inner.choose(view, legal))
        return self.inner.choose(view, allowed)

    def game_over(self, view: Any) -> None:
        """Passed on to the inner bot."""
        notice = getattr(self.inner, "game_over", None)
        if notice is not None:
            notice(view)

    def _yield(self, action: tuple) -> tuple:
        self.yielded += 1
        return action

    def _compile(self, rules: Any) -> Callable[[Any], bool]:
        self._forbidden = forbidding(rules, *self.restriction)
        return self._forbidden


def _plan_distance(rules: Any, action: Action) -> Callable[[Any, Any], Any] | None:
    """The distance between plans, if ``action``'s verb takes one argument of a kind that has one."""
    pack = rules.pack
    verb = pack.verbs.get(action[1])
    if verb is None or len(verb.args) != 1:
        return None
    distance: Callable[[Any, Any], Any] | None = pack.arg_kinds[verb.args[0]].distance
    return distance
