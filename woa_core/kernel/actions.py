"""How an action is declared: its verbs, their argument kinds and its hooks, in one place.

Everything that knows an action's vocabulary reads it from these declarations: the engine's
``apply`` (which handler, how many arguments), ``legal_actions`` and the check of a step (each
verb's ``legality``, ``woa_core.kernel.legality``), the notation's parsers and formatter (the
argument kinds), the coverage report (the actions and verbs) and a test that holds the schema's
enums to them. A new action is one module in ``woa_core/packs/west_of_africa/actions/`` with one
``ActionDecl`` and its entry in that package's list. ``action_table`` makes every action of a
pack's verbs once, from the values their argument kinds declare, for a listing to pick from.

>>> a = Action(0, "sell", 3, 1)
>>> a == (0, "sell", 3, 1), a.player, a.verb, a.args
(True, 0, 'sell', (3, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Final, Protocol, TypeVar

from woa_core.kernel.aliases import PackGame, PackRules, PackValue
from woa_core.kernel.flow import Outcome
from woa_core.kernel.native import mypyc_attr


@mypyc_attr(native_class=False)  # a tuple: mypyc compiles no subclass of it natively
class Action(tuple[PackValue, ...]):
    """One player's action: ``(player, verb, *args)``, a tuple with names.

    It is a tuple, so it equals, hashes and unpacks like the plain tuple of the same items (the
    engine accepts either); ``player``, ``verb`` and ``args`` name its parts.

    >>> import pickle
    >>> pickle.loads(pickle.dumps(Action(1, "end"))) == (1, "end")
    True
    """

    __slots__ = ()

    def __new__(cls, player: int, verb: str, *args: object) -> Action:
        return tuple.__new__(cls, (player, verb, *args))

    def __getnewargs__(self) -> tuple[object, ...]:  # pickle and copy rebuild it from its items
        return tuple(self)

    @property
    def player(self) -> int:
        """The acting seat, 0-based (``p1`` is 0)."""
        return int(self[0])

    @property
    def verb(self) -> str:
        """What the player does (``sell``)."""
        return str(self[1])

    @property
    def args(self) -> tuple[PackValue, ...]:
        """The verb's arguments, as indices into the compiled rules."""
        return tuple(self[2:])


_new = tuple.__new__
_INTERNED: Final[dict[tuple[object, ...], Action]] = {}
_MOST_INTERNED: Final = 1 << 16


def make_action(items: tuple[object, ...]) -> Action:
    """The ``Action`` of a ready tuple ``(player, verb, *args)``: what the engine uses on its hot
    path. Actions are immutable, so one instance per distinct action is shared (building a tuple
    subclass costs several times a plain tuple; looking one up costs little).

    >>> make_action((0, "end")).verb, make_action((0, "end")) is make_action((0, "end"))
    ('end', True)
    """
    action = _INTERNED.get(items)
    if action is None:
        if len(_INTERNED) >= _MOST_INTERNED:  # a bound, for processes that meet many rule sets
            _INTERNED.clear()
        action = _INTERNED[items] = _new(Action, items)
    return action


def new_action(items: tuple[object, ...]) -> Action:
    """A new ``Action`` of a ready tuple, not interned: for actions made by the thousand and kept
    by their maker (West of Africa's cached card selections), which would crowd the interned
    ones out (``make_action``) and cost a lookup each.

    >>> new_action((0, "end")) == make_action((0, "end")), new_action((0, "end")) is make_action((0, "end"))
    (True, False)
    """
    return _new(Action, items)


@dataclass(frozen=True, slots=True)
class ArgKind:
    """What an argument of a verb is, which says how the notation reads and writes it. A pack
    declares its kinds by name (``Pack.arg_kinds``); its verbs name them (``Verb.args``).

    - ``parse(rules, words)``: the argument from its words (``InvalidNotation`` if they are wrong);
    - ``format(rules, value)``: the words of an argument (the inverse of ``parse``);
    - ``describe``: what it is, for the message when words are missing (``an island``);
    - ``greedy``: it takes every remaining word (so a verb has at most one, last);
    - ``fewest``: the fewest words it may have (0: an empty list is read, and the game judges it);
    - ``values(rules)``: every value it can take under ``rules``, in a fixed order (the action
      space of ``woa_core.pettingzoo``); None if it cannot be listed.

    What restricted play (``woa value``, ``woa_core.eval.restricted``) may forbid of them:

    - ``component``: the kind of game component each value is (``island``, ``place``), named
      by its word: a bot may be forbidden one, so it never plays an action naming it;
    - ``names(rules, kind, id)``: for values that name components of other kinds (a selection of
      cards names each card in it and the island of each island card; a field names its
      island), a test ``named(value)`` for the component ``(kind, id)``, or None when no value
      of this kind names one of that kind;
    - ``distance(a, b)``: how far apart two values are, for values that are a plan (a selection
      of cards): a bot chooses among them all, and a forbidden choice gives way to the nearest
      allowed one.
    """

    parse: Callable[[PackRules, list[str]], object]
    format: Callable[[PackRules, PackValue], list[str]]
    describe: str
    greedy: bool = False
    fewest: int = 1
    values: Callable[[PackRules], Sequence[object]] | None = None
    component: str | None = None
    names: Callable[[PackRules, str, str], Callable[[PackValue], bool] | None] | None = None
    distance: Callable[[PackValue, PackValue], object] | None = None


class VerbLegality(Protocol):
    """What the kernel asks of a verb's legality: its ``listing(game, player, verb, fresh=False)``
    and ``refusal(game, player, args, fresh=False)``. ``woa_core.kernel.legality`` has the two
    forms a pack declares it in: ``Legality`` (limits, each with its refusal sentence) and
    ``Listed`` (the verb's legal actions as a list)."""

    @property
    def listing(self) -> Callable[..., list[Action]]:
        """``listing(game, player, verb, fresh=False)``: the verb's legal actions now."""
        ...

    def refusal(self, game: object, player: int, args: Sequence[object], fresh: bool = False) -> str | None:
        """Why ``player`` may not play the verb with ``args`` now, or None."""
        ...


Handler = Callable[..., Outcome]
"""Plays a verb: ``handler(game, player, *args)``; refuses with ``IllegalAction``, changing nothing.
It returns what happened for the turn flow (``woa_core.kernel.flow.Outcome``), which the game hands to
``Flow.advance``: a verb never moves the flow itself (issue 42.1)."""


Legal = Callable[[PackGame, int], Sequence[Action]]
"""``legal(game, player)``: every action of one verb the seat may take now (a new list, the
caller's to keep); ``woa_core.kernel.legality.Listed`` makes it a verb's legality."""


@dataclass(frozen=True, slots=True)
class Verb:
    """One verb of the notation: its argument kinds, what plays it and how it reads, and its
    ``legality`` declared once, from which a game both lists and checks it
    (``woa_core.kernel.legality``: a ``Legality`` of limits each with its refusal sentence, as
    West of Africa's verbs, whose refusals say which limit an action breaks; or ``Listed``, the
    verb's legal actions as a list, an action legal exactly when listed, as Africa's verbs).

    >>> from woa_core.kernel.legality import Listed
    >>> skip = Verb("skip", (), lambda game, p: None, "", "no action",
    ...             legality=Listed(lambda game, p: [Action(p, "skip")]))
    >>> skip.legality.listing(None, 0, "skip"), skip.arity
    ([(0, 'skip')], 0)
    >>> skip.legality.refusal(None, 0, ()), skip.legality.refusal(None, 0, ("now",))
    (None, 'not one of the legal actions now')
    """

    name: str
    args: tuple[str, ...]  # the names of its argument kinds (``Pack.arg_kinds``)
    play: Handler
    usage: str  # the words after the verb, for messages: "ISLAND GOOD"
    summary: str  # one line for people: "Sell Goods: one good"
    step: bool = True  # a step of its action: played at ``main`` it also starts the action (R22)
    legality: VerbLegality | None = None  # listing and checking derive from it (None: not a step)

    @property
    def arity(self) -> int:
        """How many arguments the action tuple carries after the verb."""
        return len(self.args)


@dataclass(frozen=True, slots=True)
class ActionDecl:
    """An action the engine knows: its verbs and the hooks the turn flow calls.

    ``name`` is the id an action card names (``cards.yaml``), or ``turn`` for the turn flow's own
    verbs (select, place, done, end), which no card names. Hooks take the game (and the player):

    - ``steps(game, p, fresh)``: every step ``p`` may take now (``fresh``: not started yet);
      when None, its step verbs' listings one after the other (``legality.steps_of``);
    - ``start_points(game)``: the action points or range it starts with;
    - ``done_problem(game, p)``: why the action cannot be finished now, or None;
    - ``on_done(game, p)``: what follows the finished action: the next step's name.

    ``numbers`` names the numbers the action reads from its rules (a cost, a gain), which a
    ruleset gives and a designer tunes: the pack says where a ruleset gives them and checks that
    each is given (West of Africa: ``economy.yaml``'s ``actions: {NAME: {NUMBER: n}}``).
    """

    name: str
    section: str  # the rulebook section: "5. Action: Sell Goods"
    verbs: tuple[Verb, ...]
    steps: Callable[[PackGame, int, bool], list[Action]] | None = None
    start_points: Callable[[PackGame], int] | None = None
    done_problem: Callable[[PackGame, int], str | None] | None = None
    on_done: Callable[[PackGame, int], str] | None = None
    card: bool = True  # named by an action card (the turn flow is not)
    numbers: tuple[str, ...] = ()  # the numbers it reads from its rules, by name


ActionTable = dict[str, list[list[Action]]]
"""Every action of some verbs, made once (``action_table``): ``table[verb][seat]`` is the list of
the verb's actions, ordered as ``itertools.product`` orders the values of its argument kinds
(``ArgKind.values``): by the value's position for a verb of one argument (the value itself for
values 0, 1, 2...), the one action at 0 for a verb of none. Shared: read it, never change it."""

T = TypeVar("T")
"""What a rules memo holds."""


class TableRules(Protocol):
    """What ``action_table`` reads of a pack's compiled rules (a ``woa_core.kernel.compiled.CompiledRules``,
    which this module does not import: the compiled rules' module is below it)."""

    @property
    def players(self) -> int:
        """The player count."""
        ...

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """``make()``'s result, made once per rules."""
        ...


_TABLE: Final = "kernel.actions.table"
"""The key of ``action_table`` on the compiled rules (``CompiledRules.memo``)."""


def action_table(rules: TableRules, verbs: Mapping[str, Verb], kinds: Mapping[str, ArgKind]) -> ActionTable:
    """Every action of ``verbs`` under ``rules``, for every seat and every value of their
    argument kinds (``kinds``, by the names ``Verb.args`` gives), made once per rules
    (``CompiledRules.memo``; ``make_action``): a game's listing then picks ready actions instead
    of building tuples. The table holds the product of the values of each verb's kinds, so it
    is for verbs of few values; ``ValueError`` if a kind lists none (``ArgKind.values``).

    >>> from woa_core.kernel.compiled import CompiledRules, freeze
    >>> rules = CompiledRules("tiny", 2, "hash", None, freeze({}))
    >>> place = ArgKind(lambda r, w: int(w[0]), lambda r, q: [str(q)], "a place", values=lambda r: range(3))
    >>> verbs = {"go": Verb("go", ("place",), lambda game, p, q: None, "PLACE", "go to a place"),
    ...          "rest": Verb("rest", (), lambda game, p: None, "", "stay where you are")}
    >>> table = action_table(rules, verbs, {"place": place})
    >>> table["go"][1][2], table["rest"][0][0], table is action_table(rules, verbs, {"place": place})
    ((1, 'go', 2), (0, 'rest'), True)
    """
    return rules.memo(_TABLE, lambda: _make_table(rules, verbs, kinds))


def _make_table(rules: TableRules, verbs: Mapping[str, Verb], kinds: Mapping[str, ArgKind]) -> ActionTable:
    table: ActionTable = {}
    for name, verb in verbs.items():
        domains: list[Sequence[object]] = []
        for kind in verb.args:
            values = kinds[kind].values
            if values is None:
                raise ValueError(f"no action table for verb '{name}': its argument kind '{kind}' lists no values")
            domains.append(values(rules))
        every = list(product(*domains))
        table[name] = [[make_action((p, name, *args)) for args in every] for p in range(rules.players)]
    return table
