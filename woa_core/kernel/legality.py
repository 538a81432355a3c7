"""One legality definition per verb: what its arguments must meet, from which both the listing
of the legal actions and the check of a given action derive.

A verb's ``Legality`` is its entries in the order a refused action reports them. They speak of
*levels*: the verb's arguments in order, plus any ``Part`` an argument is chosen within (the
island of a field), which comes just before that argument:

- ``Valid(level, test, says)``: the argument is a value of its kind at all (an island, a good):
  ``test(game, value)``. The listing never asks it: it offers only values its choices give;
- ``Limit(reads, test, says)``: a condition on the first ``reads`` levels (0: on none, such as
  action points left): ``test(game, player, fresh, *levels[:reads])``;
- ``Among(level, choices, says)``: the argument is one of ``choices(game, player, fresh,
  *levels[:level])`` (the neighbours of the island a ship sails from, the goods in a
  warehouse). Every argument has exactly one, and the listing enumerates it;
- ``Part(level, parts, of, says)``: the next level's argument lies within a part, ``of(game,
  value)``, which is one of ``parts(game, player, fresh, *levels[:level])`` (a field within an
  island whose card was selected). The listing walks the parts first, so a limit on the part
  prunes every argument within it; the action does not carry the part.

``says`` is the sentence when an entry fails: a string, or ``says(game, player, *args)`` of the
action's arguments. ``fresh`` is True while the action the verb belongs to has not started (its
first step is being listed at the turn's main step): a limit that reads what the action counts
(points left, goods loaded) reads the action's start then. Checking runs with ``fresh`` False,
once the action has started (a pack's ``run_step``).

What each callable a pack writes receives (typed by the aliases below, so mypy checks a pack's
declarations; issue 42.5):

- ``game`` (``PackGame``): the pack's own game at the position the action is listed or tried in,
  handed on untouched (a pack annotates it with its own class); ``player``: the seat (an ``int``)
  whose action it is, which need not be a seat that decides now (a check also refuses an action
  given to another seat); ``fresh``: as above;
- ``Valid``'s ``test(game, value)`` (``ValidTest``): one argument exactly as the action holds it,
  which may be anything (an action a script or a bot built, not read from the notation): it is
  what the test is there to refuse, so it takes an ``object``;
- ``Limit``'s ``test``, ``Among``'s ``choices`` and ``Part``'s ``parts`` (``LimitTest``,
  ``Choices``: ``f(game, player, fresh, *levels)``): the first levels only, as many as the entry
  reads (``reads``, or ``level``), each a value of its kind: an argument the entries before
  vouched for (in the listing, one its choices gave), or the part ``of`` found it within;
- ``Part``'s ``of(game, argument)`` (``PartOf``): the argument within the part, once the entries
  before it held;
- ``says(game, player, *args)`` (``Says``): every argument of the action, as given and in the
  action's order (never the parts, never ``fresh``), whichever entry failed. Only the entries
  before the failing one held, so an argument after it may be no value of its kind at all: a
  sentence reads the game by the arguments those entries vouch for (and its own, once a
  ``Valid`` checked it), and shows any other with ``!r``, as given.

``listing`` walks the levels in order, each from its ``Among`` or ``Part``, testing every
``Limit`` as soon as the levels it reads are chosen (so a failing limit prunes early);
``refusal`` runs the entries in order and returns the first failing one's sentence. So the
listed actions are exactly the actions ``refusal`` accepts, and a refusal names the first limit
the action breaks: a pack states each condition once. (Put an argument's ``Valid`` before any
entry that reads a part derived from it.)

>>> def free(game, player, fresh):
...     return [c for c in range(3) if c not in game]
>>> rule = Legality(
...     Valid(0, lambda game, c: c in range(3), lambda game, p, c: f"there is no column {c!r}"),
...     Limit(0, lambda game, p, fresh: len(game) < 3, "the board is full"),
...     Among(0, free, lambda game, p, c: f"column {c} is taken"),
... )
>>> rule.listing({1}, 0, "drop")
[(0, 'drop', 0), (0, 'drop', 2)]
>>> rule.refusal({1}, 0, (1,)), rule.refusal({1}, 0, (7,)), rule.refusal({1}, 0, (2,))
('column 1 is taken', 'there is no column 7', None)

A verb whose legal actions are simpler listed than described declares ``Listed(legal)`` instead:
``legal(game, player)`` lists them (``woa_core.kernel.actions.Legal``), and an action is legal
exactly when listed (Africa's verbs, whose game words its own refusals). Its ``Needs`` say why
an action that is not listed is refused: ``test(game, player, *args)`` and ``says(game, player,
*args)`` (``NeedsTest``, ``Says``) receive every argument of the action as given, checked by
nothing before: a ``Listed`` verb's action may be no action of its kinds at all (a stale
action, another seat's), so a need reads the game by an argument only once the needs before it
(or its own test) made sure it is one (Africa's ``_in_range`` checks the kinds first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final, TypeVar

from woa_core.kernel.actions import _INTERNED, Action, ActionDecl, Legal, make_action
from woa_core.kernel.aliases import PackGame, PackValue

Arg = PackValue
"""A level a callable receives, or an argument ``of`` and ``says`` receive: a value of the verb's
argument kind (or the part of one) as the pack has it, so a pack annotates it with its own type."""

T = TypeVar("T")
"""What a legality callable returns."""

OnLevels = (
    Callable[[PackGame, int, bool], T]
    | Callable[[PackGame, int, bool, Arg], T]
    | Callable[[PackGame, int, bool, Arg, Arg], T]
    | Callable[[PackGame, int, bool, Arg, Arg, Arg], T]
    | Callable[[PackGame, int, bool, Arg, Arg, Arg, Arg], T]
)
"""``f(game, player, fresh, *levels)``: a callable of the game, the seat, ``fresh`` and the
levels it reads (none to four, each a value of its kind), returning ``T``."""

OnArgs = (
    Callable[[PackGame, int], T]
    | Callable[[PackGame, int, Arg], T]
    | Callable[[PackGame, int, Arg, Arg], T]
    | Callable[[PackGame, int, Arg, Arg, Arg], T]
    | Callable[[PackGame, int, Arg, Arg, Arg, Arg], T]
    | Callable[[PackGame, int, Arg, Arg, Arg, Arg, Arg], T]
)
"""``f(game, player, *args)``: a callable of the game, the seat and every argument of the action
as given (none to five; see the module docstring for what vouches for them), returning ``T``."""

ValidTest = Callable[[PackGame, object], bool]
"""``Valid.test(game, value)``: whether ``value``, one argument as the action holds it (anything:
it is what the test refuses), is a value of its kind."""

LimitTest = OnLevels[bool]
"""``Limit.test(game, player, fresh, *levels[:reads])``: whether the condition holds."""

Choices = OnLevels[Sequence[object]]
"""``Among.choices`` and ``Part.parts``: ``f(game, player, fresh, *levels[:level])``, the values
(the parts) the level may take now, in the order the listing offers them."""

PartOf = Callable[[PackGame, Arg], object]
"""``Part.of(game, argument)``: the part the argument lies within (the island of a field)."""

Says = str | OnArgs[str]
"""Why an entry (or a ``Needs``) refuses: a sentence, or ``says(game, player, *args)`` making it
from every argument of the action as given (see the module docstring)."""

NeedsTest = OnArgs[bool]
"""``Needs.test(game, player, *args)``: whether an action's arguments, as given, meet the need."""


@dataclass(frozen=True, slots=True)
class Valid:
    """The argument at ``level`` is a value of its kind: ``test(game, value)``; never listed."""

    level: int
    test: ValidTest
    says: Says


@dataclass(frozen=True, slots=True)
class Limit:
    """A condition on the first ``reads`` levels: ``test(game, player, fresh, *levels[:reads])``."""

    reads: int
    test: LimitTest
    says: Says


@dataclass(frozen=True, slots=True)
class Among:
    """The argument at ``level`` is one of ``choices(game, player, fresh, *levels[:level])``."""

    level: int
    choices: Choices
    says: Says


@dataclass(frozen=True, slots=True)
class Part:
    """The argument at ``level + 1`` lies within ``of(game, argument)``, one of ``parts(game,
    player, fresh, *levels[:level])``."""

    level: int
    parts: Choices
    of: PartOf
    says: Says


Entry = Valid | Limit | Among | Part


class Legality:
    """What a verb's arguments must meet (the module docstring): ``refusal``, ``listing`` and
    ``listing_at`` (``Lister`` and ``ListerAt``, made once for the shape of the levels).

    >>> odd = Legality(Among(0, lambda game, p, fresh: (0, 1, 2), "no"), Limit(1, lambda g, p, f, a: a % 2, "even"))
    >>> odd.listing(None, 0, "pick"), odd.listing_at(None, 0, "pick", False, 2)
    ([(0, 'pick', 1)], [])
    >>> once = Legality(Limit(0, lambda game, p, fresh: fresh, "once"))  # a verb without arguments
    >>> once.listing(None, 0, "offer", True), once.refusal(None, 0, ())
    ([(0, 'offer')], 'once')
    """

    __slots__ = (
        "_arg",
        "_choices",
        "_emit",
        "_emit_all",
        "_emitted",
        "_of",
        "_test",
        "_tests1",
        "arity",
        "entries",
        "listing",
        "listing_at",
    )

    def __init__(self, *entries: Entry) -> None:
        levels = sorted((e for e in entries if isinstance(e, Among | Part)), key=lambda e: e.level)
        if [e.level for e in levels] != list(range(len(levels))):
            raise ValueError("a legality needs exactly one Among or Part per level, for levels 0, 1, ...")
        if any(isinstance(e, Part) and not isinstance(n, Among) for e, n in pairwise([*levels, None])):
            raise ValueError("a Part must come just before the Among of the argument within it")
        for e in entries:
            reads = e.reads if isinstance(e, Limit) else e.level + 1
            if not 0 <= reads <= len(levels) or (isinstance(e, Valid) and not isinstance(levels[e.level], Among)):
                raise ValueError(f"{e!r} reads a level the verb does not have")
        self.entries: tuple[Entry, ...] = entries
        self.arity: int = sum(isinstance(e, Among) for e in levels)
        self._choices: tuple[Callable[..., Sequence[object]], ...] = tuple(
            e.choices if isinstance(e, Among) else e.parts for e in levels
        )
        self._emit: tuple[bool, ...] = tuple(isinstance(e, Among) for e in levels)  # an argument, not a part
        self._emitted: tuple[int, ...] = tuple(k for k, emit in enumerate(self._emit) if emit)
        self._emit_all: bool = all(self._emit)
        self._of: tuple[PartOf | None, ...] = tuple(e.of if isinstance(e, Part) else None for e in levels)
        # which of the action's arguments a level reads: its own, or for a part the one within it
        self._arg: tuple[int, ...] = tuple(sum(self._emit[:k]) for k in range(len(levels)))
        # by k, the test of the limits that read the first k levels: tested once they are chosen
        self._test: tuple[Callable[..., bool] | None, ...] = tuple(
            _all_of(tuple(e.test for e in entries if isinstance(e, Limit) and e.reads == k), k)
            for k in range(len(levels) + 1)
        )
        # the limits on the first level one by one (``allowed`` runs them without a joining call)
        self._tests1: tuple[Callable[..., bool], ...] = tuple(
            e.test for e in entries if isinstance(e, Limit) and e.reads == 1
        )
        self.listing: Lister
        self.listing_at: ListerAt
        self.listing, self.listing_at = self._listers()

    def refusal(self, game: object, player: int, args: Sequence[object], fresh: bool = False) -> str | None:
        """Why ``player`` may not play the verb with ``args`` now (the first entry that fails), or
        None if it may. ``args`` has the verb's arity (the caller checked)."""
        first = self.failing(game, player, args, fresh)
        if first is None:
            return None
        says = self.entries[first].says
        return says if isinstance(says, str) else says(game, player, *args)

    def failing(self, game: object, player: int, args: Sequence[object], fresh: bool = False) -> int | None:
        """The index in ``entries`` of the first entry ``args`` fails, or None (``refusal``)."""
        levels: list[object] = []  # the levels read so far: a part only once an entry reads it
        for i, entry in enumerate(self.entries):
            if isinstance(entry, Valid):
                ok = entry.test(game, args[self._arg[entry.level]])
            else:
                reads = entry.reads if isinstance(entry, Limit) else entry.level + 1
                while len(levels) < reads:
                    k = len(levels)
                    of, arg = self._of[k], args[self._arg[k]]
                    levels.append(arg if of is None else of(game, arg))
                if isinstance(entry, Limit):
                    ok = entry.test(game, player, fresh, *levels[:reads])
                else:
                    pick = entry.choices if isinstance(entry, Among) else entry.parts
                    ok = levels[entry.level] in pick(game, player, fresh, *levels[: entry.level])
            if not ok:
                return i
        return None

    def _listers(self) -> tuple[Lister, ListerAt]:
        """``listing`` and ``listing_at``, made once for the shape of these levels (the listing is
        on the hot path: a closure made for one, two or more levels spares the general loop)."""
        choices, test, emit = self._choices, self._test, self._emit
        none = test[0]
        depth = len(choices)
        if depth == 0:

            def listing(game: object, player: int, verb: str, fresh: bool = False) -> list[Action]:
                if none is not None and not none(game, player, fresh):
                    return []
                return [_known(k) or make_action(k) for k in ((player, verb),)]

            return listing, _nothing_at

        one, pick = test[1], choices[0]
        below: Callable[[object, int, str, bool, object], list[Action]]
        if depth == 1:

            def below(game: object, player: int, verb: str, fresh: bool, a: object) -> list[Action]:
                return [_known(k) or make_action(k) for k in ((player, verb, a),)] if emit[0] else []

            if one is None:

                def listing(game: object, player: int, verb: str, fresh: bool = False) -> list[Action]:
                    out: list[Action] = []
                    if none is None or none(game, player, fresh):
                        for a in pick(game, player, fresh):  # loops, not comprehensions: each is a call
                            k = (player, verb, a)
                            out.append(_known(k) or make_action(k))
                    return out
            else:

                def listing(game: object, player: int, verb: str, fresh: bool = False) -> list[Action]:
                    out: list[Action] = []
                    if none is None or none(game, player, fresh):
                        for a in pick(game, player, fresh):
                            if one(game, player, fresh, a):
                                k = (player, verb, a)
                                out.append(_known(k) or make_action(k))
                    return out

        elif depth == 2 and test[2] is None and emit[0]:  # the commonest of two levels, written out
            below, more = self._below(), choices[1]

            def listing(game: object, player: int, verb: str, fresh: bool = False) -> list[Action]:
                if none is not None and not none(game, player, fresh):
                    return []
                out: list[Action] = []
                for a in pick(game, player, fresh):
                    if one is None or one(game, player, fresh, a):
                        for b in more(game, player, fresh, a):
                            k = (player, verb, a, b)
                            out.append(_known(k) or make_action(k))
                return out

        else:
            below = self._below() if depth == 2 else self._below3() if depth == 3 else self._deeper

            def listing(game: object, player: int, verb: str, fresh: bool = False) -> list[Action]:
                if none is not None and not none(game, player, fresh):
                    return []
                out: list[Action] = []
                for a in pick(game, player, fresh):
                    if one is None or one(game, player, fresh, a):
                        out += below(game, player, verb, fresh, a)
                return out

        def listing_at(game: object, player: int, verb: str, fresh: bool, first: object) -> list[Action]:
            if (none is None or none(game, player, fresh)) and (one is None or one(game, player, fresh, first)):
                return below(game, player, verb, fresh, first)
            return []

        return listing, listing_at

    def _below(self) -> Callable[[object, int, str, bool, object], list[Action]]:
        """The second level of a listing of two, below a first-level value ``a`` (loops, not
        comprehensions: each comprehension is one more call)."""
        more, test, keep_a = self._choices[1], self._test[2], self._emit[0]  # not keep_a: ``a`` is a part

        def below(game: object, player: int, verb: str, fresh: bool, a: object) -> list[Action]:
            out: list[Action] = []
            for b in more(game, player, fresh, a):
                if test is None or test(game, player, fresh, a, b):
                    k = (player, verb, a, b) if keep_a else (player, verb, b)
                    out.append(_known(k) or make_action(k))
            return out

        return below

    def _below3(self) -> Callable[[object, int, str, bool, object], list[Action]]:
        """The second and third levels of a listing of three, below a first-level value ``a``."""
        middle, last, second, third = self._choices[1], self._choices[2], self._test[2], self._test[3]
        # which levels are arguments: all three, or a part before the second or the third (a
        # part precedes an argument, so no other shape can be declared)
        part_b, part_a = not self._emit[1], not self._emit[0]

        def below(game: object, player: int, verb: str, fresh: bool, a: object) -> list[Action]:
            out: list[Action] = []
            for b in middle(game, player, fresh, a):
                if second is not None and not second(game, player, fresh, a, b):
                    continue
                for c in last(game, player, fresh, a, b):
                    if third is None or third(game, player, fresh, a, b, c):
                        k: tuple[object, ...]
                        if part_b:
                            k = (player, verb, a, c)
                        elif part_a:
                            k = (player, verb, b, c)
                        else:
                            k = (player, verb, a, b, c)
                        out.append(_known(k) or make_action(k))
            return out

        return below

    def _deeper(self, game: object, player: int, verb: str, fresh: bool, a: object) -> list[Action]:
        """Below a first-level value ``a``, for three levels or more."""
        out: list[Action] = []
        self._extend(out, game, player, verb, fresh, (a,))
        return out

    def _extend(
        self, out: list[Action], game: object, player: int, verb: str, fresh: bool, chosen: tuple[object, ...]
    ) -> None:
        """The listing below the levels ``chosen``."""
        k = len(chosen)
        test, last = self._test[k + 1], k + 1 == len(self._choices)
        for value in self._choices[k](game, player, fresh, *chosen):
            levels = (*chosen, value)
            if test is not None and not test(game, player, fresh, *levels):
                continue
            if not last:
                self._extend(out, game, player, verb, fresh, levels)
            elif self._emit_all:
                out.append(make_action((player, verb, *levels)))
            else:
                out.append(make_action((player, verb, *[levels[i] for i in self._emitted])))

    def allowed(self, game: object, player: int, fresh: bool = False) -> list[Arg]:
        """The values ``refusal`` accepts, in order, for a legality of one argument (which actions
        a player may start, say): the listing without the actions.

        >>> Legality(Among(0, lambda game, p, fresh: "abc", "no such letter")).allowed(None, 0)
        ['a', 'b', 'c']
        """
        if len(self._choices) != 1:
            raise ValueError("allowed() lists the values of a legality of one argument")
        test = self._test[0]
        if test is not None and not test(game, player, fresh):
            return []
        tests = self._tests1
        out = []
        for a in self._choices[0](game, player, fresh):  # loops: a comprehension or all() is one more call
            for test in tests:
                if not test(game, player, fresh, a):
                    break
            else:
                out.append(a)
        return out


Lister = Callable[..., list[Action]]
"""``listing(game, player, verb, fresh=False)``: every action ``(player, verb, *args)`` that
``refusal`` accepts, in the order of the choices (the first level's, then the second's for each)."""

ListerAt = Callable[[object, int, str, bool, object], list[Action]]
"""``listing_at(game, player, verb, fresh, first)``: the part of the listing whose first level is
``first``, a value the first level's choices give. An action whose verbs share their first level
(the island they act on) walks those values once and lists each verb's actions value by value."""


_known: Final = _INTERNED.get
"""The shared ``Action`` of a tuple already made one, else None: the listings inline
``make_action``'s lookup (a call per listed action costs)."""


def _nothing_at(game: object, player: int, verb: str, fresh: bool, first: object) -> list[Action]:
    return []


def _all_of(tests: tuple[Callable[..., bool], ...], k: int) -> Callable[..., bool] | None:
    """One test for several that read ``k`` levels, run in order (a test may rely on those before
    it): None for none."""
    if not tests:
        return None
    if len(tests) > 2:  # one call that runs them in turn costs less than a chain of pairs
        return _every(tests, k)
    joined = tests[-1]
    for i in range(len(tests) - 2, -1, -1):
        joined = _and(tests[i], joined, k)
    return joined


def _every(tests: tuple[Callable[..., bool], ...], k: int) -> Callable[..., bool]:
    """Every one of ``tests`` of ``k`` levels, in order (written out for up to two levels)."""
    if k == 0:

        def every0(game: object, player: int, fresh: bool) -> bool:
            for test in tests:  # noqa: SIM110 (all() of a generator costs a frame per test)
                if not test(game, player, fresh):
                    return False
            return True

        return every0
    if k == 1:

        def every1(game: object, player: int, fresh: bool, a: object) -> bool:
            for test in tests:  # noqa: SIM110 (all() of a generator costs a frame per test)
                if not test(game, player, fresh, a):
                    return False
            return True

        return every1
    if k == 2:

        def every2(game: object, player: int, fresh: bool, a: object, b: object) -> bool:
            for test in tests:  # noqa: SIM110 (all() of a generator costs a frame per test)
                if not test(game, player, fresh, a, b):
                    return False
            return True

        return every2

    def every(*args: object) -> bool:
        for test in tests:  # noqa: SIM110 (all() of a generator costs a frame per test)
            if not test(*args):
                return False
        return True

    return every


def _and(first: Callable[..., bool], then: Callable[..., bool], k: int) -> Callable[..., bool]:
    """``first``, then ``then``, of ``k`` levels (written out for up to two: the listing is on the
    hot path, where a call with ``*args`` costs)."""
    if k == 0:
        return lambda game, player, fresh: first(game, player, fresh) and then(game, player, fresh)
    if k == 1:
        return lambda game, player, fresh, a: first(game, player, fresh, a) and then(game, player, fresh, a)
    if k == 2:
        return lambda game, player, fresh, a, b: first(game, player, fresh, a, b) and then(game, player, fresh, a, b)
    return lambda *args: first(*args) and then(*args)


Steps = Callable[[PackGame, int, bool], list[Action]]
"""An action's steps: ``steps(game, player, fresh)``, every step ``player`` may take now."""


@dataclass(frozen=True, slots=True)
class Needs:
    """One condition a ``Listed`` verb's actions meet, for its refusals: ``test(game, player,
    *args)`` (``NeedsTest``) holds for every listed action; ``says`` (a sentence, or
    ``says(game, player, *args)``) is the reason when it fails. Both receive every argument of
    the action as given, which nothing checked before the needs ahead of this one."""

    test: NeedsTest
    says: Says


@dataclass(frozen=True, slots=True)
class Listed:
    """A verb's legality as its list of legal actions: ``legal(game, player)`` (``Legal``) lists
    them, and an action is legal exactly when it is listed. A refused action is refused with the
    sentence of the first of ``needs`` it fails (the conditions, in the order the rules state
    them), or ``says`` when it fails none.

    >>> drop = Listed(lambda game, p: [Action(p, "drop", c) for c in (0, 2)])
    >>> drop.listing(None, 1, "drop"), drop.refusal(None, 1, (2,)), drop.refusal(None, 1, (1,))
    ([(1, 'drop', 0), (1, 'drop', 2)], None, 'not one of the legal actions now')
    >>> even = Listed(drop.legal, needs=(Needs(lambda game, p, c: c % 2 == 0, lambda game, p, c: f"{c} is odd"),))
    >>> even.refusal(None, 1, (1,)), even.failing(None, 1, (1,)), even.failing(None, 1, (4,))
    ('1 is odd', 0, None)
    """

    legal: Legal
    says: str = "not one of the legal actions now"
    needs: tuple[Needs, ...] = ()

    @property
    def listing(self) -> Callable[..., list[Action]]:
        """``listing(game, player, verb, fresh=False)``: what ``legal`` lists, as a new list."""
        legal = self.legal
        return lambda game, player, verb=None, fresh=False: list(legal(game, player))

    def refusal(self, game: object, player: int, args: Sequence[object], fresh: bool = False) -> str | None:
        """None when ``legal`` lists an action of ``player`` with ``args``, else the sentence of
        the first condition it fails (``needs``), else ``says``."""
        wanted = tuple(args)
        if any(tuple(a[2:]) == wanted for a in self.legal(game, player)):
            return None
        first = self.failing(game, player, wanted)
        if first is None:
            return self.says
        says = self.needs[first].says
        return says if isinstance(says, str) else says(game, player, *wanted)

    def failing(self, game: object, player: int, args: Sequence[object]) -> int | None:
        """The index of the first of ``needs`` that ``args`` fails, or None."""
        for i, need in enumerate(self.needs):
            if not need.test(game, player, *args):
                return i
        return None


def steps_of(decl: ActionDecl) -> Steps:
    """The steps of action ``decl``: its own ``steps`` hook if it has one, else the listings of
    its step verbs (those with a legality), one verb after the other.

    >>> from woa_core.kernel.actions import ActionDecl, Verb
    >>> drop = Verb("drop", ("column",), print, "COLUMN", "drop a disc",
    ...             legality=Legality(Among(0, lambda game, p, fresh: range(2), "no such column")))
    >>> steps_of(ActionDecl("drop", "1. Drop", (drop,)))(None, 1, True)
    [(1, 'drop', 0), (1, 'drop', 1)]
    """
    if decl.steps is not None:
        return decl.steps
    listed = tuple((v.name, v.legality.listing) for v in decl.verbs if v.step and v.legality is not None)
    if len(listed) == 1:
        verb, listing = listed[0]
        return lambda game, player, fresh: listing(game, player, verb, fresh)

    def steps(game: object, player: int, fresh: bool) -> list[Action]:
        out: list[Action] = []
        for verb, listing in listed:
            out += listing(game, player, verb, fresh)
        return out

    return steps
