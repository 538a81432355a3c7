"""West of Africa's semantic checks: what its schemas cannot express (references between files,
the sea graph, pieces adding up, and that every validated ruleset can be played).

The kernel runs them after the schemas (``woa_core.rules.validate``), once for every player
count and once for what holds at all counts.

>>> from woa_core.rules.resolve import resolve
>>> located = resolve("west-of-africa").located
>>> check(located, None), check(located, 4)
([], [])
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence

import networkx as nx

from woa_core.packs.west_of_africa.actions import ACTIONS
from woa_core.packs.west_of_africa.compile import sea_graph, select_spaces
from woa_core.rules.checks import Checks
from woa_core.rules.data import article
from woa_core.rules.source import Located, Path_
from woa_core.suggest import with_suggestion

CHECKS = Checks()


check = CHECKS.run
"""Every problem of West of Africa's own checks in ``located`` (``Pack.check``; ``woa_core.rules.checks``)."""


MAX_SELECTION_WORK = 2**18
"""Most card combinations the engine may enumerate for one hand (5.I Selecting Cards): it builds
every sub-multiset of a hand once per distinct hand, so this bounds its time and memory."""

MAX_CHOICES = 20_000
"""Most legal actions of one kind a player may face at one decision (card selections, or ways
to send helpers to worker ships): bots and the engine list them all."""


@CHECKS.add
def _enumeration_bounds(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    """Counts that drive enumeration stay within what the engine can list at every decision."""
    players = d["_players"]
    if players is None:
        return
    cards = d["cards"]["cards"]
    minus = sum(1 for c in cards.values() if c["kind"] == "minus")
    # A passed minus card can gather in one hand: each kind up to one per player (R7).
    hand = [1] * (len(cards) - minus) + [players] * minus
    sel = d["economy"]["selection"]
    too_many = selection_bound(hand, sel["min_cards"], sel["max_cards"])
    if too_many:
        yield (
            ("cards", "cards"),
            f"{len(cards)} cards are too many to choose among: {too_many} — use fewer cards or a lower "
            "economy.selection.max_cards",
        )
    ships = len(d["board"]["worker_ships"])
    workers = sum(d["setup"]["workers"].values())
    # helpers 1..workers, each to one of the ships (R5): C(ships + workers, workers) - 1 ways
    ways = _combinations_capped(ships + workers, workers, MAX_CHOICES + 2) - 1
    if ways > MAX_CHOICES:
        exact = ships + workers < 5000  # small enough to say exactly how many
        shown = f"{math.comb(ships + workers, workers) - 1:,}" if exact else f"more than {MAX_CHOICES:,}"
        yield (
            ("setup", "workers"),
            f"{workers} workers per player over {ships} worker ships give {shown} ways to send helpers "
            f"to the ships; the engine lists them all and supports at most {MAX_CHOICES:,} — use fewer workers",
        )


@CHECKS.add
def _one_turn_a_round(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    """A seat plays its selection in one turn a round (R7, R12): its actions may be used once and
    its minus cards pass on when that turn ends, so a round has one phase of turns (issue 42.2:
    the kernel runs any number; this game's rules do not). The phases may come in either order."""
    flow = d["turn"]["flow"]
    turns = [i for i, phase in enumerate(flow["phases"]) if phase["kind"] == "turns"]
    for i in turns[1:]:
        yield (
            ("turn", "flow", "phases", i, "kind"),
            "a seat plays its selection in one turn a round (R7, R12): West of Africa's round has one phase of turns",
        )
    for i, phase in enumerate(flow.get("setup", ())):
        if phase["kind"] == "turns":
            yield (
                ("turn", "flow", "setup", i, "kind"),
                "West of Africa's turns are its rounds' (5.II): its setup has no phase of turns",
            )


@CHECKS.add
def _ships_can_moor(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    """A ship must be able to stop wherever it can sail: a harbor without mooring that ships can
    reach would leave a ship's player with no legal action (R3)."""
    if d["_players"] is None:
        return
    board = d["board"]
    linked = {end for key in board["sea_links"] for end in key.split("-")}
    for island_id, island in board["islands"].items():
        if island["moorings"] == 0 and island_id in linked:
            yield (
                ("board", "islands", island_id, "moorings"),
                f"{island_id} has no mooring, but ships can sail to it: a ship that ends its move there "
                "would leave its player with no legal action; give it at least 1 mooring or no sea link",
            )


@CHECKS.add
def _game_can_end(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    """The end must be able to trigger (6. Game End, R16): a VP threshold some player can reach,
    or every settlement founded. The bound counts every VP a player could possibly score before
    the round cap: all settlements it could found, and each round's most generous round-end VP."""
    if d["_players"] is None:
        return
    economy, setup, steps = d["economy"], d["setup"], d["turn"]["round_end"]
    game_end = economy["game_end"]
    rounds = game_end.get("max_rounds", 60)
    settlements = setup["settlements"]
    refill = "refill_settlement_track" in steps
    preplaced = len(_preplaced_spaces(d))
    foundable = settlements["total"] - preplaced if refill else min(settlements["track"], settlements["total"])
    per_round = 0
    if "gold_majority_vp" in steps:
        per_round += max(economy["gold_majority"]["vp_by_rank"], default=0)
    if "alcalde_vp" in steps and "determine_alcaldes" in steps:
        per_round += economy["alcalde"]["vp"] * len(d["board"]["islands"])
    best = foundable * economy["settlement"]["vp"] + rounds * per_round
    settled = game_end["when_all_settlements_founded"] and preplaced + foundable >= settlements["total"]
    threshold = game_end["vp_threshold"]
    if best >= threshold:
        return
    why = (
        f"no player can reach the VP threshold of {threshold}: at most {best} VP before the round cap of "
        f"{rounds} rounds ({foundable} settlements at {economy['settlement']['vp']} VP, {per_round} VP a round "
        f"from the round-end steps)"
    )
    if settled:
        yield ("economy", "game_end", "vp_threshold"), why
    else:
        settle_why = (
            "the settlements end is off"
            if not game_end["when_all_settlements_founded"]
            else "not every settlement can be founded (no refill_settlement_track step in turn.round_end)"
        )
        cause = ("turn", "round_end") if game_end["when_all_settlements_founded"] and not refill else None
        yield (
            cause or ("economy", "game_end", "vp_threshold"),
            f"no game can end before the round cap: {why}, and {settle_why}",
        )


def _preplaced_spaces(d: dict) -> set[tuple[str, int]]:
    spaces: set[tuple[str, int]] = set()
    for selector in d["setup"].get("preplaced_settlements", []):
        spaces.update(select_spaces(d["board"], selector))
    return spaces


def selection_bound(hand: Sequence[int], min_cards: int, max_cards: int) -> str | None:
    """Why the engine cannot list every selection of ``hand`` (copies of each card), or ``None``:
    the one bound on card selections, for rule files and for the hands a scenario sets up. Counted
    without enumerating (the product stops growing past the bound).

    >>> selection_bound([1] * 8, 1, 3) is None
    True
    >>> selection_bound([99] * 8, 1, 3)
    'a hand of 792 cards has more than 262,144 combinations of cards to enumerate; the engine supports at most 262,144'
    """
    work = 1
    for copies in hand:
        work *= max(copies, 0) + 1
        if work > MAX_SELECTION_WORK:
            return (
                f"a hand of {sum(hand):,} cards has more than {MAX_SELECTION_WORK:,} combinations of cards to "
                f"enumerate; the engine supports at most {MAX_SELECTION_WORK:,}"
            )
    choices = _multisets(list(hand), min_cards, max_cards)  # cheap: the hand is small now
    if choices > MAX_CHOICES:
        return (
            f"a hand of {sum(hand):,} cards has {choices:,} possible selections; the engine lists them all and "
            f"supports at most {MAX_CHOICES:,}"
        )
    return None


def _combinations_capped(n: int, k: int, cap: int) -> int:
    """``math.comb(n, k)``, or ``cap`` if it is larger (without computing a huge number).

    >>> _combinations_capped(5, 2, 100), _combinations_capped(10**9, 10**6, 100)
    (10, 100)
    """
    k = min(k, n - k)
    result = 1
    for i in range(1, k + 1):
        result = result * (n - k + i) // i
        if result >= cap:
            return cap
    return result


def _multisets(hand: list[int], low: int, high: int) -> int:
    """How many sub-multisets of ``hand`` (copies per card) have between ``low`` and ``high`` cards.

    >>> _multisets([1, 1, 1], 1, 2), _multisets([2, 0, 3], 0, 9)
    (6, 12)
    """
    high = min(high, sum(hand))  # (a max_cards of a billion asks for no more than the whole hand)
    ways = [1] + [0] * high  # ways[k]: sub-multisets of the cards so far with k cards
    for copies in (c for c in hand if c > 0):
        prefix = list(itertools.accumulate(ways, initial=0))  # prefix[k]: ways[0] + ... + ways[k - 1]
        ways = [prefix[k + 1] - prefix[max(0, k - copies)] for k in range(high + 1)]
    return sum(ways[max(low, 0) :])


def _ref(kind: str, value: str, known: dict) -> str:
    """Why ``value`` names no ``kind`` of these rules, with the closest names that exist.

    >>> _ref("island", "tenerif", {"tenerife": {}, "la_palma": {}})
    "'tenerif' is not an island of these rules: did you mean 'tenerife'? (known: tenerife, la_palma)"
    """
    options = ", ".join(known) if len(known) <= 12 else ", ".join(list(known)[:12]) + ", ..."
    return with_suggestion(f"'{value}' is not {article(kind)} of these rules", value, known) + f" (known: {options})"


@CHECKS.add
def _board_references(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    board = d["board"]
    for island_id, island in board["islands"].items():
        if island["region"] not in board["regions"]:
            yield (
                ("board", "islands", island_id, "region"),
                _ref("region", island["region"], board["regions"]),
            )
        for i, space in enumerate(island.get("spaces", [])):
            if "good" in space and space["good"] not in board["goods"]:
                yield (
                    ("board", "islands", island_id, "spaces", i, "good"),
                    _ref("good", space["good"], board["goods"]),
                )
    pairs: Counter[frozenset[str]] = Counter()
    for key in board["sea_links"]:
        a, b = key.split("-")
        for end in (a, b):
            if end not in board["islands"]:
                yield (
                    ("board", "sea_links", key, "_key"),
                    f"sea link '{key}': " + _ref("island", end, board["islands"]),
                )
        if a == b:
            yield ("board", "sea_links", key, "_key"), f"sea link '{key}' joins an island to itself"
        pairs[frozenset((a, b))] += 1
        if pairs[frozenset((a, b))] == 2:
            yield ("board", "sea_links", key, "_key"), f"sea link '{key}' is given twice (both directions)"
    for ship_id, ship in board["worker_ships"].items():
        if ship["enters"] not in board["islands"]:
            yield (
                ("board", "worker_ships", ship_id, "enters"),
                _ref("island", ship["enters"], board["islands"]),
            )


@CHECKS.add
def _sea_graph_connected(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    board = d["board"]
    if not all(e in board["islands"] for k in board["sea_links"] for e in k.split("-")):
        return  # reported as dangling references
    graph = sea_graph(board)
    if len(graph) and not nx.is_connected(graph):
        parts = sorted(sorted(c) for c in nx.connected_components(graph))
        shown = " | ".join(", ".join(p) for p in parts)
        yield ("board", "sea_links"), f"the sea links do not connect all islands; separate groups: {shown}"


@CHECKS.add
def _card_references(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    islands = d["board"]["islands"]
    island_owner: dict[str, str] = {}
    action_owner: dict[str, str] = {}
    for card_id, card in d["cards"]["cards"].items():
        if card["kind"] == "island":
            if card["island"] not in islands:
                yield ("cards", "cards", card_id, "island"), _ref("island", card["island"], islands)
            elif card["island"] in island_owner:
                yield (
                    ("cards", "cards", card_id, "island"),
                    f"island '{card['island']}' already has card '{island_owner[card['island']]}'",
                )
            island_owner.setdefault(card["island"], card_id)
        if card["kind"] == "action":
            if card["action"] in action_owner:
                yield (
                    ("cards", "cards", card_id, "action"),
                    f"action '{card['action']}' already has card '{action_owner[card['action']]}'",
                )
            action_owner.setdefault(card["action"], card_id)


@CHECKS.add
def _action_numbers(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    """Each action with a card in these rules gets the numbers its declaration reads
    (``ActionDecl.numbers``), in ``economy.yaml``'s ``actions``; a number it does not read is
    refused where it is given.

    >>> from woa_core.errors import RulesError
    >>> from woa_core.rules import load_rules
    >>> try:
    ...     load_rules("west-of-africa", 2, ["economy.actions.sell.bonus=1"])
    ... except RulesError as e:
    ...     print(e.problems[0].message)
    'bonus' is no number of sell (it reads none)
    """
    if d["_players"] is not None:
        return
    given = d["economy"].get("actions", {})
    for card_id, card in d["cards"]["cards"].items():
        decl = ACTIONS.get(card["action"]) if card["kind"] == "action" else None
        if decl is None:
            continue
        missing = [n for n in decl.numbers if n not in given.get(decl.name, {})]
        if missing:
            shown = ", ".join(f"{n}: N" for n in missing)
            what = "a number" if len(missing) == 1 else f"{len(missing)} numbers"
            yield (
                ("cards", "cards", card_id, "action"),
                f"{card.get('name', card_id)} ({decl.name}) reads {what} these rules do not give: add "
                f"{'it' if len(missing) == 1 else 'them'} to economy.yaml as actions: {{{decl.name}: {{{shown}}}}}",
            )
    for action, numbers in given.items():
        decl = ACTIONS.get(action)
        if decl is None:
            continue  # the schema names the actions
        for name in numbers:
            if name not in decl.numbers:
                known = f"its numbers: {', '.join(decl.numbers)}" if decl.numbers else "it reads none"
                yield (
                    ("economy", "actions", action, name, "_key"),
                    with_suggestion(f"'{name}' is no number of {action}", name, decl.numbers) + f" ({known})",
                )


@CHECKS.add
def _setup_references(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    board, setup = d["board"], d["setup"]
    for good in setup["goods"]:
        if good not in board["goods"]:
            yield ("setup", "goods", good), _ref("good", good, board["goods"])
    for ship in setup["workers"]:
        if ship not in board["worker_ships"]:
            yield ("setup", "workers", ship), _ref("worker ship", ship, board["worker_ships"])
    gold = d["economy"]["gold"]
    if gold["start"] > gold["cap"]:
        yield (
            ("economy", "gold", "start"),
            f"starting gold {gold['start']} is above the gold cap {gold['cap']}",
        )
    sel = d["economy"]["selection"]
    if sel["min_cards"] > sel["max_cards"]:
        yield (
            ("economy", "selection", "min_cards"),
            f"min_cards {sel['min_cards']} is above max_cards {sel['max_cards']}",
        )
    if sel["free_cards"] < sel["min_cards"]:
        yield (
            ("economy", "selection", "free_cards"),
            f"free_cards {sel['free_cards']} is below min_cards {sel['min_cards']}: "
            "a player without gold could not select cards and the game would stop",
        )
    if sel["min_cards"] > len(d["cards"]["cards"]):
        yield (
            ("economy", "selection", "min_cards"),
            f"min_cards {sel['min_cards']} is more than the {len(d['cards']['cards'])} cards a player has",
        )


@CHECKS.add
def _player_counts(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    counts = d["players"]["counts"]
    for key in d["players"].get("overlays", {}):
        if int(key) not in counts:
            yield ("players", "overlays", key, "_key"), f"overlay for {key} players, but counts are {counts}"


@CHECKS.add
def _pieces_add_up(located: Located, d: dict) -> Iterator[tuple[Path_, str]]:
    board, setup, players = d["board"], d["setup"], d["_players"]
    settle_spaces = sum("settle" in s for i in board["islands"].values() for s in i.get("spaces", []))
    total = setup["settlements"]["total"]
    if settle_spaces < total:
        yield (
            ("setup", "settlements", "total"),
            f"{total} settlements but only {settle_spaces} settlement spaces on the board",
        )
    if players is None:
        return
    chosen: Counter = Counter()
    for i, selector in enumerate(setup.get("preplaced_settlements", [])):
        path = ("setup", "preplaced_settlements", i)
        if "island" in selector and selector["island"] not in board["islands"]:
            yield path + ("island",), _ref("island", selector["island"], board["islands"])
            continue
        picked = select_spaces(board, selector)
        if not picked:
            yield path, f"no settlement space matches {selector}"
        elif "count" in selector and len(picked) < selector["count"]:
            yield path, f"only {len(picked)} settlement spaces match {selector}, not {selector['count']}"
        for space in picked:
            chosen[space] += 1
            if chosen[space] == 2:
                yield path, f"space {space[1]} of {space[0]} is chosen twice for a pre-placed settlement"
    placed = sum(chosen.values())
    track = setup["settlements"]["track"]
    if placed + track > total:
        yield (
            ("setup", "settlements", "track"),
            f"{placed} pre-placed settlements plus a track of {track} is more than the {total} settlements",
        )
    moorings = sum(i["moorings"] for i in board["islands"].values())
    if moorings < players:
        yield ("board", "islands"), f"only {moorings} moorings for {players} ships"
