"""A bot forbidden one thing: selecting a card, taking one kind of step, or acting on an island.

``RestrictedBot`` wraps any bot and removes the forbidden actions from what it may choose
(restricted play, after Jaffe et al., AIIDE 2012). Exactly one restriction is given:

- ``card=ID``: never selects that card (an island card, an action card, the minus card);
- ``action=VERB``: never takes that step of an action (``worker``, ``sail``, ``load``,
  ``unload``, ``help``, ``cultivate``, ``sell``, ``found``; forbidding a whole action is its
  card's restriction);
- ``island=ID``: never acts on that island: no argument names it (ship placed or sailed there,
  workers moved from or to it, goods sold, grown or settlements founded there) and its card is
  never selected.

During card selection the inner bot picks from every selection (it plans for them) and a
forbidden pick is replaced by the allowed selection nearest to it: the same cards without the
forbidden ones where that is legal, else the allowed selection differing in fewest cards. At
every other decision the inner bot chooses among the allowed actions only. Should nothing be
allowed (a forced move, such as where a displaced ship retreats), the restriction yields.

The inner bot is ``bot=SPEC``; its own parameters are separated by ``;`` (the ``,`` belongs to
the wrapper's parameters): ``bot=mcts:iterations=100;c=1.4``.

>>> from woa_core.bots import make_bots
>>> from woa_core.packs.west_of_africa import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> spec = "woa_core.eval.restricted:RestrictedBot:card=el_hierro,bot=heuristic"
>>> bot = make_bots([spec], seed=3, seats=[0], players=2)[0]
>>> choice = bot.choose(game.observation(0), game.legal_actions(0))
>>> choice[2][game.rules.card_id("el_hierro")]
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from woa_core.errors import UsageError
from woa_core.packs.west_of_africa.actions import STEP_OF_VERB, VERBS
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.game import Action
from woa_core.packs.west_of_africa.view import PlayerView

KINDS = ("card", "action", "island")
"""What a restriction can forbid."""

RESTRICTABLE_VERBS = tuple(STEP_OF_VERB)
"""The steps an ``action=`` restriction may name (every step verb of an action card)."""


def restricted_spec(bot: str, kind: str, target: str) -> str:
    """The ``--bots`` spec of ``bot`` forbidden ``target`` of ``kind``.

    >>> restricted_spec("mcts:iterations=100,c=1.4", "island", "el_hierro")
    'woa_core.eval.restricted:RestrictedBot:island=el_hierro,bot=mcts:iterations=100;c=1.4'
    """
    return f"woa_core.eval.restricted:RestrictedBot:{kind}={target},bot={bot.replace(',', ';')}"


def restrictions(rules: Any) -> list[tuple[str, str]]:
    """Every restriction of a ruleset: each card, each step verb, each island, as (kind, id).
    ``UsageError`` for the rules of a pack that declares nothing restricted play can forbid
    (``Pack.restrictable``: restricted play is written for West of Africa's cards, steps and
    islands so far).

    >>> from woa_core.rules import load_rules
    >>> rs = restrictions(load_rules())
    >>> rs[0], rs[-1], ("action", "help") in rs
    (('card', 'la_palma'), ('island', 'lanzarote'), True)
    """
    if not rules.pack.restrictable:
        raise UsageError(f"the rule pack '{rules.pack.name}' declares nothing restricted play can forbid (woa value)")
    return (
        [("card", c.id) for c in rules.cards]
        + [("action", v) for v in RESTRICTABLE_VERBS]
        + [("island", i.id) for i in rules.islands]
    )


class RestrictedBot:
    """Another bot, forbidden one card, step or island (see the module docstring)."""

    name = "restricted"

    def __init__(
        self,
        seed: int,
        seat: int = 0,
        players: int = 2,
        bot: str = "heuristic",
        card: str = "",
        action: str = "",
        island: str = "",
    ) -> None:
        from woa_core.bots import make_bots

        given = [(k, v) for k, v in (("card", card), ("action", action), ("island", island)) if v]
        if len(given) != 1:
            raise UsageError("a restricted bot forbids exactly one of card=ID, action=VERB, island=ID")
        self.restriction = given[0]
        if self.restriction[0] == "action" and action not in RESTRICTABLE_VERBS:
            raise UsageError(f"action={action}: not a step of an action (one of: {', '.join(RESTRICTABLE_VERBS)})")
        self.inner = make_bots([bot.replace(";", ",")], seed, seats=[seat], players=players)[0]
        self.kind = getattr(self.inner, "kind", "unknown")
        self.yielded = 0  # decisions where nothing was allowed, so the restriction gave way
        self._forbidden: Callable[[Action], bool] | None = None

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The inner bot's choice among the allowed actions (see the module docstring)."""
        forbidden = self._forbidden or self._compile(view.rules)
        if legal[0][1] == "select":
            choice = self.inner.choose(view, legal)
            if not forbidden(choice):
                return choice
            allowed = [a for a in legal if not forbidden(a)]
            return _nearest_selection(choice, allowed) if allowed else self._yield(choice)
        allowed = [a for a in legal if not forbidden(a)]
        if not allowed:
            return self._yield(self.inner.choose(view, legal))
        return self.inner.choose(view, allowed)

    def game_over(self, view: PlayerView) -> None:
        """Passed on to the inner bot."""
        notice = getattr(self.inner, "game_over", None)
        if notice is not None:
            notice(view)

    def _yield(self, action: Action) -> Action:
        self.yielded += 1
        return action

    def _compile(self, rules: Rules) -> Callable[[Action], bool]:
        kind, target = self.restriction
        if kind == "card":
            card = _index(rules, "card", target, [c.id for c in rules.cards])

            def forbidden(a: Action) -> bool:
                return a[1] == "select" and a[2][card] > 0

        elif kind == "action":

            def forbidden(a: Action) -> bool:
                return a[1] == target

        else:
            island = _index(rules, "island", target, [i.id for i in rules.islands])
            card = rules.island_card[island]

            def forbidden(a: Action) -> bool:
                if a[1] == "select":
                    return card >= 0 and a[2][card] > 0
                return island in _islands_named(rules, a)

        self._forbidden = forbidden
        return forbidden


def _index(rules: Rules, kind: str, word: str, options: list[str]) -> int:
    if word not in options:
        raise UsageError(f"{kind}={word}: no such {kind} in these rules (one of: {', '.join(options)})")
    return options.index(word)


def _islands_named(rules: Rules, action: Action) -> set[int]:
    """The islands an action's arguments name (by the verb's declared argument kinds)."""
    verb = VERBS.get(action[1])
    out: set[int] = set()
    if verb is None:
        return out
    for kind, value in zip(verb.args, action[2:], strict=False):
        if kind == "island" or (kind == "location" and value < len(rules.islands)):
            out.add(value)
        elif kind in ("field", "settlement_space"):
            out.add(rules.spaces[value].island)
    return out


def _nearest_selection(choice: Action, allowed: list[Action]) -> Action:
    """The allowed selection differing from ``choice`` in fewest cards (ties: fewer cards added)."""

    def distance(a: Action) -> tuple[int, int]:
        added = sum(max(0, n - m) for n, m in zip(a[2], choice[2], strict=True))
        removed = sum(max(0, m - n) for n, m in zip(a[2], choice[2], strict=True))
        return (added + removed, added)

    return min(allowed, key=distance)


def describe_restriction(kind: str, target: str, rules: Rules) -> dict[str, Any]:
    """A restriction's row label: kind, id and display name."""
    if kind == "card":
        name = rules.cards[rules.card_id(target)].name
    elif kind == "island":
        name = rules.islands[rules.island_id(target)].name
    else:
        card = rules.action_card.get(STEP_OF_VERB[target])
        name = f"{rules.cards[card].name}: {target}" if card is not None else VERBS[target].summary
    return {"kind": kind, "id": target, "name": name}
