"""Go West!'s own checks: what its schemas cannot say, so that every validated ruleset can be played
(go-west-rulings §1-§2). Every problem is reported at its place in the files, all at once.

- the board (§1): region keys and short words unique; the first region is the start, the last the
  one exit; blocks on exactly the regions between (3.1); ``score_order`` every block once, east to
  west (5.2); ``wagons_gone_from`` regions of the line, the start among them and not the exit (G19);
  the movement bound: no card moves more wagons than the regions' distance guarantees (G7, K10);
- the cards: scoring cards numbered 1, 2, ... (3.3); card ids unique once ``count`` is written out;
  ``deck_size`` cards (K1); a card's region a block region (K7) and a disc symbol exactly with it
  (K8); enough colours and cards for the largest player count (3.4);
- the deck's ``constraints`` (each demanded only when given, so a designer may relax it): K3
  ``max_cost``/``at_max_cost``, K4 ``free``, K5 ``no_wagons``, K6 ``no_region``, K9 ``must_exist``,
  K12 ``every_card_acts``, K13 ``regions_alike``; ``CONSTRAINTS`` declares which kernel deck
  constraint each key is, and ``woa_core.rules.deck_constraints`` checks them.

K2 (a card shows a cost, wagons and a region with a symbol, some not all three) is the schema's;
K11 (a card sells for its cost, 5.3) is a definition the game applies, with nothing to check.

>>> from woa_core.rules.resolve import resolve
>>> check(resolve("go-west").located, None)
[]
"""

from __future__ import annotations

from woa_core.rules.checks import Checks, Found, Item, each_its_own, first_index, misflagged, numbered, references
from woa_core.rules.deck_constraints import (
    AtLeast,
    AtMost,
    Constraints,
    Deck,
    EachExists,
    GroupsAlike,
    NoneMatch,
    deck_size,
    unique_ids,
)
from woa_core.rules.source import Located, Path_

CHECKS = Checks()
CARDS: Path_ = ("cards", "action_cards", "cards")

check = CHECKS.run
"""Every problem of Go West!'s own checks in ``located`` (``Pack.check``; ``woa_core.rules.checks``)."""


def _line(d: dict) -> tuple[list[dict], dict[str, int], list[str]]:
    """The regions, each key's (first) index, and the block regions strictly between, east to west."""
    regions = d["board"]["regions"]
    inner = list(dict.fromkeys(r["key"] for i, r in enumerate(regions) if r.get("block") and 0 < i < len(regions) - 1))
    return regions, first_index(regions, "key"), inner


def _deck(d: dict) -> Deck:
    """The deck: its entries, and its cards (an entry with ``count: k`` k times)."""
    return Deck(d["cards"]["action_cards"]["cards"], CARDS)


def shape(card: Item, names: dict[str, str] | None = None) -> str:
    """A card's (or a pattern's) fields in words.

    >>> shape({"region": "east", "discs": "2", "moves": 1, "cost": 2}, {"east": "East"})
    'East "2", 1 wagon(s), cost 2'
    >>> shape({"region": None, "moves": 3}), shape({"discs": "+1"})
    ('no region, 3 wagon(s)', '"+1"')
    """
    region: str | None = card.get("region")
    words = [(names or {}).get(region, region) if region else "no region"] if "region" in card else []
    if card.get("discs") is not None:
        words = [" ".join([*words, f'"{card["discs"]}"'])]
    words += [f"{card['moves']} wagon(s)"] if "moves" in card else []
    words += [f"cost {card['cost']}"] if "cost" in card else []
    return ", ".join(words)


@CHECKS.add
def _regions(located: Located, d: dict) -> Found:
    """§1, 3.1: one line of regions with their own keys and words; the first is where every wagon
    starts, the last and only it the exit; a block on each region strictly between, none else."""
    regions, _, _ = _line(d)
    last = len(regions) - 1
    yield from each_its_own(regions, ("board", "regions"), {"key": "key", "short": "short word"})
    for i, marked in misflagged(regions, "block", lambda i: 0 < i < last):
        end = ("exit", "start")[i == 0]
        said = f"is the {end}: no block" if marked else "lies between the start and the exit: write block: true"
        yield ("board", "regions", i, "block"), f"{regions[i]['name']} {said} (3.1)"
    for i, marked in misflagged(regions, "exit", lambda i: i == last):
        at, name = ("board", "regions", i), regions[i]["name"]
        if marked:
            yield (*at, "exit"), f"{name} is marked exit, but the exit is the last region (5.1)"
        else:
            yield at, f"the last region, {name}, is the exit: write exit: true (5.1)"


@CHECKS.add
def _score_order(located: Located, d: dict) -> Found:
    """5.2, G12: a scoring scores every block region once, "beginning in the east"."""
    regions, index, inner = _line(d)
    order, why = d["board"]["score_order"], "score_order lists the block regions (5.2)"
    no_block = {key: f"{regions[i]['name']} has no block" for key, i in index.items() if key not in inner}
    yield from references(order, ("board", "score_order"), index, "region", why, no_block)
    if [k for k in order if k in inner] != inner:
        yield ("board", "score_order"), f"a scoring scores every block, east to west (5.2): {', '.join(inner)}"


@CHECKS.add
def _wagons_gone_from(located: Located, d: dict) -> Found:
    """7.0, G19: the wagons end names regions of the line, the start among them (every wagon is there
    at first), never the exit (a wagon there is out of play, 5.1)."""
    regions, index, _ = _line(d)
    gone, why = d["turn"]["wagons_gone_from"], "the game ends when these regions hold no wagon (G19)"
    the_exit = {key: f"{regions[i]['name']} is the exit" for key, i in index.items() if i == len(regions) - 1}
    yield from references(gone, ("turn", "wagons_gone_from"), index, "region", why, the_exit)
    if regions[0]["key"] not in gone:
        start = regions[0]["name"]
        yield ("turn", "wagons_gone_from"), f"name the start region, {start}: every wagon is there at first (G19)"


@CHECKS.add
def _movement_bound(located: Located, d: dict) -> Found:
    """G7, K10: while the game runs a wagon lies in one of ``wagons_gone_from``, and it can take
    ``exit − max(their index)`` steps; a card moving more could not always be carried out (5.1)."""
    regions, index, _ = _line(d)
    gone = d["turn"]["wagons_gone_from"]
    bound = len(regions) - 1 - max(index[k] for k in gone)
    where = " or ".join(regions[index[k]]["name"] for k in gone)
    for i, e in enumerate(_deck(d).entries):
        if e["moves"] > bound > 0:  # bound 0: the exit among them, which _wagons_gone_from refuses
            said = f"{e['id']} moves {e['moves']} wagons, but a wagon in {where} may have only {bound} steps left"
            yield (*CARDS, i, "moves"), f"{said} (G7, K10)"


@CHECKS.add
def _scoring_cards(located: Located, d: dict) -> Found:
    """3.3, 5.2: the scoring cards are numbered 1, 2, ... in order (the lowest is used first)."""
    return numbered(d["cards"]["scoring_cards"], ("cards", "scoring_cards"), "number", "scoring card", "3.3")


@CHECKS.add
def _every_player(located: Located, d: dict) -> Found:
    """3.4: each player takes a colour and is dealt a hand, at the largest count of players.yaml."""
    most, setup, deck = max(d["players"]["counts"]), d["setup"], _deck(d).cards
    if len(setup["colours"]) < most:
        yield ("setup", "colours"), f"{len(setup['colours'])} colours are too few for {most} players (3.4)"
    if len(deck) < setup["hand"] * most:
        yield ("setup", "hand"), f"{len(deck)} action cards cannot deal {setup['hand']} to each of {most} players (3.4)"


@CHECKS.add
def _card_ids(located: Located, d: dict) -> Found:
    """Logs and tests name a card by its id: each its own, ``count: k`` taking k from the entry's on."""
    return unique_ids(_deck(d))


@CHECKS.add
def _card_regions(located: Located, d: dict) -> Found:
    """K7: a card's region is a block region (discs go only into blocks, 3.1); K8: a disc symbol is
    shown exactly when a region is (3.3, 5.1)."""
    regions, index, inner = _line(d)
    for i, c in enumerate(_deck(d).entries):
        region, discs = c["region"], c["discs"]
        if region is not None and region not in inner:
            said = f"{regions[index[region]]['name']}, which has no block" if region in index else f"'{region}'"
            yield (*CARDS, i, "region"), f"{c['id']} shows {said}: a card shows a block region or none (K7)"
        if (region is None) != (discs is None):
            said = f'the symbol "{discs}" but no region' if region is None else "a region but no disc symbol"
            yield (*CARDS, i, "discs"), f"{c['id']} shows {said}: a symbol comes exactly with a region (K8)"


@CHECKS.add
def _deck_size(located: Located, d: dict) -> Found:
    """K1: the cards, ``count`` written out, are ``deck_size`` (2.0, 3.3: 56)."""
    return deck_size(_deck(d), d["cards"]["action_cards"]["deck_size"], "K1", cards="action cards")


CONSTRAINTS = Constraints(
    {
        "max_cost": AtMost("cost", "costs", "cost", "K3", reached_by="at_max_cost"),
        "free": AtLeast({"cost": 0}, "are free", "K4"),
        "no_wagons": AtLeast({"moves": 0}, "show no wagons", "K5"),
        "no_region": AtLeast({"region": None}, "show no region", "K6"),
        "must_exist": EachExists("K9"),
        "every_card_acts": NoneMatch(
            {"moves": 0, "region": None}, "shows neither wagons nor a region, so it does nothing", "K12"
        ),
        "regions_alike": GroupsAlike("region", "K13"),
    }
)
"""What each key of the deck's ``constraints`` is (go-west-rulings §2.2; ``woa_core.rules.deck_constraints``):
K13 compares the cards of the block regions, each by its name."""


@CHECKS.add
def _constraints(located: Located, d: dict) -> Found:
    """The deck's ``constraints``, each only when given: K3, K4-K6 (at least so many cards of a
    kind), K9 (cards that must exist), K12 (every card does something), K13 (the regions alike)."""
    regions, _, inner = _line(d)
    names = {r["key"]: r["name"] for r in regions}
    deck = Deck(_deck(d).entries, CARDS, lambda card: shape(card, names), {"region": {b: names[b] for b in inner}})
    yield from CONSTRAINTS.check(deck, d["cards"]["action_cards"].get("constraints", {}))
