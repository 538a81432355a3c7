"""The one action notation: how actions are written in logs, scenarios, messages and the CLI.

Every action is one line: the player (``p1``..``p5``), a verb, and its words, all ids from the
rules files::

    p1 select tenerife cultivate sell     choose cards (a card may repeat: minus minus)
    p2 place la_palma                     round 1: put the ship at a free mooring
    p1 worker west la_gomera              Move Workers: one worker, one step
    p1 sail tenerife                      Move Ship: one harbor
    p1 load sugar_cane / p1 unload wine   Move Ship: at the harbor the ship is in
    p3 displace p2                        which ship makes way at a full harbor
    p2 retreat el_hierro                  the displaced ship's owner picks at a fork
    p1 help la_palma west east            Cultivate: two workers help, then go to these ships
    p1 cultivate la_palma wine            Cultivate: one good on a free field of that kind
    p1 sell fuerteventura sugar_cane      Sell Goods: one good
    p1 found lanzarote 9                  Found Settlement: a free space of that cost
    p1 done                               finish the action under way
    p1 end                                end the turn

Interchangeable spaces (same island, good and cost) are one target; where an island has
different spaces of the same kind or cost, an extra word tells them apart (``found
gran_canaria 6 wine`` is the dual wine field). ``#`` starts a comment.

>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 4)
>>> action = parse_action(rules, "p1 cultivate la_palma wine")
>>> action
(0, 'cultivate', 0)
>>> format_action(rules, action)
'p1 cultivate la_palma wine'
>>> format_action(rules, parse_action(rules, "p2 select sell tenerife minus"))
'p2 select tenerife sell minus'
"""

from __future__ import annotations

from woa_core.errors import IllegalAction
from woa_core.rules import Rules

Action = tuple


def format_action(rules: Rules, action: Action) -> str:
    """The text of an action tuple (the inverse of ``parse_action``)."""
    p, verb, *args = action
    words = [f"p{p + 1}", verb]
    if verb == "select":
        for card, n in enumerate(args[0]):
            words += [rules.cards[card].id] * n
    elif verb in ("place", "sail", "retreat"):
        words.append(rules.islands[args[0]].id)
    elif verb == "worker":
        words += [rules.location_name(args[0]), rules.islands[args[1]].id]
    elif verb in ("load", "unload"):
        words.append(rules.goods[args[0]])
    elif verb == "displace":
        words.append(f"p{args[0] + 1}")
    elif verb == "help":
        words.append(rules.islands[args[0]].id)
        words += [rules.worker_ships[s] for s in args[1]]
    elif verb == "cultivate":
        space = rules.spaces[args[0]]
        words += [rules.islands[space.island].id, *space.cultivate_label]
    elif verb == "found":
        space = rules.spaces[args[0]]
        words += [rules.islands[space.island].id, *space.found_label]
    elif verb == "sell":
        words += [rules.islands[args[0]].id, rules.goods[args[1]]]
    return " ".join(words)


def parse_action(rules: Rules, text: str) -> Action:
    """The action tuple of a line of notation; ``IllegalAction`` says what is wrong with it."""
    words = text.split("#", 1)[0].split()
    if len(words) < 2:
        raise IllegalAction(f"'{text.strip()}' is not an action: write a player and a verb, e.g. 'p1 end'")
    who, verb, rest = words[0], words[1], words[2:]
    player = parse_player(rules, who)
    parser = _PARSERS.get(verb)
    if parser is None:
        verbs = ", ".join(_PARSERS)
        raise IllegalAction(f"unknown verb '{verb}' (one of: {verbs})")
    return (player, verb, *parser(rules, rest))


def parse_player(rules: Rules, word: str) -> int:
    """The seat index of ``p1``..``pN``.

    >>> from woa_core.rules import load_rules
    >>> parse_player(load_rules("west-of-africa", 2), "p2")
    1
    """
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        n = int(word[1:])
        if 1 <= n <= rules.players:
            return n - 1
    raise IllegalAction(f"'{word}' is not a player: write p1 to p{rules.players}")


def _count(words: list[str], n: int, usage: str) -> None:
    if len(words) != n:
        raise IllegalAction(f"expected {usage}")


def _lookup(rules: Rules, kind: str, word: str, options: tuple[str, ...]) -> int:
    index = rules.index.get(f"{kind}:{word}")
    if index is None:
        what = _KIND[kind]
        article = "an" if what[0] in "aeiou" else "a"
        raise IllegalAction(f"'{word}' is not {article} {what} (one of: {', '.join(options)})")
    return index


_KIND = {"island": "island", "good": "good", "card": "card", "ship": "worker ship"}


def parse_island(rules: Rules, word: str) -> int:
    """The index of an island id."""
    return _lookup(rules, "island", word, tuple(i.id for i in rules.islands))


def parse_good(rules: Rules, word: str) -> int:
    """The index of a good id."""
    return _lookup(rules, "good", word, rules.goods)


def parse_card(rules: Rules, word: str) -> int:
    """The index of a card id."""
    return _lookup(rules, "card", word, tuple(c.id for c in rules.cards))


def parse_location(rules: Rules, word: str) -> int:
    """Where a worker can stand: an island, or a worker ship (numbered after the islands)."""
    ship = rules.worker_ship_id(word)
    if ship >= 0:
        return len(rules.islands) + ship
    if rules.island_id(word) >= 0:
        return rules.island_id(word)
    places = [i.id for i in rules.islands] + list(rules.worker_ships)
    raise IllegalAction(f"'{word}' is not an island or worker ship (one of: {', '.join(places)})")


def _select(rules: Rules, words: list[str]) -> tuple:
    counts = [0] * len(rules.cards)
    for word in words:
        counts[parse_card(rules, word)] += 1
    return (tuple(counts),)


def _one_island(rules: Rules, words: list[str]) -> tuple:
    _count(words, 1, "one island")
    return (parse_island(rules, words[0]),)


def _worker(rules: Rules, words: list[str]) -> tuple:
    _count(words, 2, "where from (an island or worker ship) and to which island")
    return (parse_location(rules, words[0]), parse_island(rules, words[1]))


def _one_good(rules: Rules, words: list[str]) -> tuple:
    _count(words, 1, "one good")
    return (parse_good(rules, words[0]),)


def _displace(rules: Rules, words: list[str]) -> tuple:
    _count(words, 1, "the player whose ship makes way, e.g. p2")
    return (parse_player(rules, words[0]),)


def _help(rules: Rules, words: list[str]) -> tuple:
    if len(words) < 2:
        raise IllegalAction("expected an island and one worker ship per helping worker")
    ships = tuple(sorted(_lookup(rules, "ship", w, rules.worker_ships) for w in words[1:]))
    return (parse_island(rules, words[0]), ships)


def _space(rules: Rules, words: list[str], cultivate: bool) -> tuple:
    what = "a good" if cultivate else "a cost"
    if len(words) < 2:
        raise IllegalAction(f"expected an island and {what}")
    island = parse_island(rules, words[0])
    label = tuple(words[1:])
    labels = []
    for space in rules.islands[island].spaces:
        info = rules.spaces[space]
        own = info.cultivate_label if cultivate else info.found_label
        if own == label:
            return (info.group,)
        if own and " ".join(own) not in labels:
            labels.append(" ".join(own))
    kind = "field" if cultivate else "settlement space"
    name = rules.islands[island].id
    if not labels:
        raise IllegalAction(f"{name} has no {kind}s")
    raise IllegalAction(f"{name} has no {kind} '{' '.join(label)}' (one of: {', '.join(labels)})")


def _sell(rules: Rules, words: list[str]) -> tuple:
    _count(words, 2, "an island and a good")
    return (parse_island(rules, words[0]), parse_good(rules, words[1]))


def _nothing(rules: Rules, words: list[str]) -> tuple:
    _count(words, 0, "no more words")
    return ()


_PARSERS = {
    "select": _select,
    "place": _one_island,
    "worker": _worker,
    "sail": _one_island,
    "load": _one_good,
    "unload": _one_good,
    "displace": _displace,
    "retreat": _one_island,
    "help": _help,
    "cultivate": lambda r, w: _space(r, w, cultivate=True),
    "sell": _sell,
    "found": lambda r, w: _space(r, w, cultivate=False),
    "done": _nothing,
    "end": _nothing,
}
