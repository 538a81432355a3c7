"""The one action notation: how actions are written in logs, scenarios, messages and the CLI.

Every action is one line: the player (``p1``..``pN``), a verb, and its words. The verbs and the
kinds of their arguments come from the pack's declarations (``Game.verbs``, ``Pack.arg_kinds``);
this module reads and writes lines from them. ``#`` starts a comment. Text that is not an action
is an ``InvalidNotation`` error saying what was expected. A pack's notation module shows its
verbs (West of Africa: ``woa_core.packs.west_of_africa.notation``).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 4)
>>> format_action(rules, parse_action(rules, "p2 select sell tenerife minus"))
'p2 select tenerife sell minus'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from woa_core.errors import InvalidNotation
from woa_core.kernel.actions import Action, ArgKind
from woa_core.kernel.aliases import PackRules, PackValue
from woa_core.kernel.compiled import CompiledRules
from woa_core.suggest import with_suggestion


def format_action(rules: CompiledRules, action: Sequence[PackValue]) -> str:
    """The text of an action (the inverse of ``parse_action``): an ``Action``, a plain tuple, or
    any sequence of its items (a bot's own list: both builds accept it, issue 42.7).

    >>> from woa_core.rules import load_rules
    >>> format_action(load_rules("africa", 2), [1, "stay"])
    'p2 stay'
    """
    p, verb, *args = action if isinstance(action, tuple) else tuple(action)
    pack = rules.pack
    words = [f"p{p + 1}", verb]
    kinds = pack.arg_kinds
    for kind, value in zip(pack.verbs[verb].args, args, strict=True):
        words += kinds[kind].format(rules, value)
    return " ".join(words)


def parse_action(rules: CompiledRules, text: str) -> Action:
    """The action of a line of notation; ``InvalidNotation`` says what is wrong with it."""
    words = text.split("#", 1)[0].split()
    if len(words) < 2:
        raise InvalidNotation(f"'{text.strip()}' is not an action: write a player and a verb, e.g. 'p1 end'")
    who, name, rest = words[0], words[1], words[2:]
    player = parse_player(rules, who)
    pack = rules.pack
    verbs, kinds = pack.verbs, pack.arg_kinds
    verb = verbs.get(name)
    if verb is None:
        raise InvalidNotation(with_suggestion(f"unknown verb '{name}'", name, verbs) + f" (one of: {', '.join(verbs)})")
    args: list[object] = []
    for n, kind_name in enumerate(verb.args):
        kind = kinds[kind_name]
        take = len(rest) if kind.greedy else 1
        last = n == len(verb.args) - 1
        if len(rest) < max(take, kind.fewest) or (last and len(rest) > take):
            raise InvalidNotation(_expected(verb.name, [kinds[k] for k in verb.args], verb.usage))
        args.append(kind.parse(rules, rest[:take]))
        rest = rest[take:]
    if rest:
        raise InvalidNotation(_expected(verb.name, [kinds[k] for k in verb.args], verb.usage))
    return Action(player, name, *args)


def parse_player(rules: CompiledRules, word: str) -> int:
    """The seat index of ``p1``..``pN``.

    >>> from woa_core.rules import load_rules
    >>> parse_player(load_rules("west-of-africa", 2), "p2")
    1
    """
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        n = int(word[1:])
        if 1 <= n <= rules.players:
            return n - 1
    raise InvalidNotation(f"'{word}' is not a player: write p1 to p{rules.players}")


PLAYER = ArgKind(
    parse=lambda rules, words: parse_player(rules, words[0]),
    format=lambda rules, seat: [f"p{seat + 1}"],
    describe="a player, e.g. p2",
    values=lambda rules: range(rules.players),
)
"""The one argument kind every game has: a seat, written ``p1``..``pN``."""


Value = TypeVar("Value")
"""The type of an argument kind's values."""


def one_of(
    describe: str,
    values: Callable[[PackRules], Sequence[Value]],
    word: Callable[[PackRules, Value], str],
    component: str | None = None,
    expected: str | None = None,
) -> ArgKind:
    """The argument kind of one word naming one of ``values(rules)``; ``word(rules, value)`` is
    the value's word, ``describe`` what it is (``a place``); ``component``: the kind of game
    component each value is (``ArgKind.component``), if any; ``expected``: what a message for
    missing words calls it (``ArgKind.describe``: ``a place, e.g. well``), ``describe`` if None.
    For small packs: it looks words up one by one (``one_of_words`` for a list of words).

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(places=("camp", "well"))
    >>> place = one_of("a place", lambda r: range(len(r.places)), lambda r, q: r.places[q])
    >>> place.parse(rules, ["well"]), place.format(rules, 0)
    (1, ['camp'])
    >>> place.parse(rules, ["moon"])
    Traceback (most recent call last):
    woa_core.errors.InvalidNotation: 'moon' is not a place (one of: camp, well)
    """

    def parse(rules: PackRules, words: list[str]) -> Value:
        for value in values(rules):
            if word(rules, value) == words[0]:
                return value
        raise _not_one_of(words[0], describe, [word(rules, value) for value in values(rules)])

    return ArgKind(
        parse,
        lambda rules, value: [word(rules, value)],
        describe if expected is None else expected,
        values=values,
        component=component,
    )


def one_of_words(
    describe: str,
    words: Callable[[PackRules], Sequence[str]],
    component: str | None = None,
    expected: str | None = None,
) -> ArgKind:
    """The argument kind of one of the words ``words(rules)``, its value the word's index:
    ``describe`` is what it is (``a good``), for the message when the word is none of them (with
    a did-you-mean); ``component`` the kind of game component each value is, if any; ``expected``
    what a message for missing words calls it (``ArgKind.describe``), ``describe`` if None.

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(goods=("salt", "gold", "ivory"))
    >>> good = one_of_words("a good", lambda r: r.goods, expected="a good, e.g. salt")
    >>> good.parse(rules, ["gold"]), good.format(rules, 2), list(good.values(rules)), good.describe
    (1, ['ivory'], [0, 1, 2], 'a good, e.g. salt')
    >>> good.parse(rules, ["glod"])
    Traceback (most recent call last):
    woa_core.errors.InvalidNotation: 'glod' is not a good: did you mean 'gold'? (one of: salt, gold, ivory)
    """

    def parse(rules: PackRules, said: list[str]) -> int:
        names = words(rules)
        if said[0] in names:
            return names.index(said[0])
        raise _not_one_of(said[0], describe, names)

    return ArgKind(
        parse,
        lambda rules, index: [words(rules)[index]],
        describe if expected is None else expected,
        values=lambda rules: range(len(words(rules))),
        component=component,
    )


def number_up_to(describe: str, most: Callable[[PackRules], int], expected: str | None = None) -> ArgKind:
    """The argument kind of a whole number from 0 to ``most(rules)``, written in digits (a bid,
    a payment): ``describe`` is what it is, for the message when the word is not such a number;
    ``expected`` what a message for missing words calls it (``ArgKind.describe``), ``describe``
    if None.

    >>> from types import SimpleNamespace
    >>> bid = number_up_to("a bid", lambda r: r.most_bid, expected="a bid, e.g. 2")
    >>> rules = SimpleNamespace(most_bid=5)
    >>> bid.parse(rules, ["4"]), bid.format(rules, 4), list(bid.values(rules)), bid.describe
    (4, ['4'], [0, 1, 2, 3, 4, 5], 'a bid, e.g. 2')
    >>> bid.parse(rules, ["6"])
    Traceback (most recent call last):
    woa_core.errors.InvalidNotation: '6' is not a bid: write a number from 0 to 5
    """

    def parse(rules: PackRules, words: list[str]) -> int:
        word, top = words[0], most(rules)
        if word.isdigit() and int(word) <= top:
            return int(word)
        raise InvalidNotation(f"'{word}' is not {describe}: write a number from 0 to {top}")

    return ArgKind(
        parse,
        lambda rules, number: [str(number)],
        describe if expected is None else expected,
        values=lambda rules: range(most(rules) + 1),
    )


def _not_one_of(word: str, describe: str, names: Sequence[str]) -> InvalidNotation:
    message = with_suggestion(f"'{word}' is not {describe}", word, names)
    return InvalidNotation(f"{message} (one of: {', '.join(names)})")


def _expected(name: str, kinds: list[ArgKind], usage: str) -> str:
    if not kinds:
        return f"expected no more words after '{name}'"
    return f"expected {' and '.join(k.describe for k in kinds)} (as in: p1 {name} {usage})"
