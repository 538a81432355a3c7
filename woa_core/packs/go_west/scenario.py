"""What Go West!'s scenarios may say beyond the kernel's keys (``Pack.scenario``; schema
``schema/go-west/scenario.schema.json``): a ``setup`` in the words of go-west-rulings §6, and the
``expect`` keys that read the game in them.

A seat is ``p1``..``p4`` or its colour's letter (``R``, from setup.yaml's colours); a region its
word (``MW``) or key (``midwest``). The setup may name ``hands`` (card ids; completed to the hand
size, G14), ``pile`` (ids, top last, on the cards not placed; or its size), ``discard`` (ids, oldest
first; or its size), ``blocks`` (owners, oldest first, G4), ``wagons`` (NE/E/GP/MW/W, a list or by
region; the rest are out), per seat ``supply``, ``lid``, ``vp``, ``used`` (scoring cards), ``token``
(held / spent), and ``active``, ``doubled``, ``acts``, ``turns``. It keeps every count: each card in
one place (those not placed complete the hands, then lie in the pile); per seat supply + lid +
blocks = its discs (G10: the lid 0 and the supply derived when not named); board + out = the
wagons. A position no game reaches fails at its line.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("go-west", 4), seed=1)
>>> def fail(path, message):
...     raise ValueError(f"{path}: {message}")
>>> setup(game, {"blocks": {"MW": ["R", "B", "p3"]}, "wagons": [10, 5, 3, 1, 1], "supply": {"B": 20}}, fail)
>>> expect(game, "blocks")["MW"], expect(game, "supply")["p1"], expect(game, "lid")["B"], expect(game, "out")
(['R', 'B', 'G'], 29, 9, 0)
>>> setup(game, {"hands": {"p1": ["A01", "A01"]}}, fail)
Traceback (most recent call last):
ValueError: ('hands', 'p1', 1): A01 is placed twice (hands p1): a card lies in one place (R-CARDS)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from woa_core.kernel.notation import parse_player
from woa_core.kernel.pack import ScenarioHooks, SetupFail, setup_words
from woa_core.packs.go_west.game import Game
from woa_core.packs.go_west.scoring import score_block, winners
from woa_core.packs.go_west.steps import ACTION, DECLARE, PAY, STEP


def letters(r: Any) -> tuple[str, ...]:
    """Each seat's colour letter (``R``), or ``pN`` where two colours share a letter."""
    first = tuple(c[0].upper() for c in r.colours[: r.players])
    return first if len(set(first)) == len(first) else tuple(f"p{p + 1}" for p in range(r.players))


def setup(game: Game, setup: Mapping[str, Any], fail: SetupFail) -> None:
    """Change the fresh game as ``setup`` describes (the module docstring); a position a game
    cannot reach is ``fail(path, message)``."""
    r, s = game.rules, game.state
    word, marks = setup_words(r, fail), letters(r)

    def seat(text: str, *path: object) -> int:
        if text in marks or text in r.colours[: r.players]:
            return marks.index(text) if text in marks else r.colours.index(text)
        return word(parse_player, text, *path)

    def region(text: str, *path: object) -> int:
        if text in r.regions or text in r.region_keys:
            return r.regions.index(text) if text in r.regions else r.region_keys.index(text)
        fail(path, f"'{text}' is not a region (one of: {', '.join(r.regions)})")

    if any(k in setup for k in ("hands", "pile", "discard")):
        _cards(game, setup, fail, seat)
    for name, queue in setup.get("blocks", {}).items():
        b = r.region_block[region(name, "blocks", name)]
        if b < 0:
            fail(("blocks", name), f"{name} has no scoring block: only {', '.join(_blocks(r))} have one (3.1)")
        if len(queue) > r.capacity:
            fail(("blocks", name), f"{len(queue)} discs: a block holds {r.capacity} (3.1.1)")
        s.blocks[b] = [seat(o, "blocks", name, i) for i, o in enumerate(queue)]
    if "wagons" in setup:
        given, counts = setup["wagons"], [0] * (r.exit + 1)
        if isinstance(given, list) and len(given) > len(counts):
            fail(("wagons",), f"{len(given)} counts: write {'/'.join(r.regions[: r.exit])} (and {r.regions[-1]})")
        for k, n in enumerate(given) if isinstance(given, list) else given.items():
            counts[k if isinstance(k, int) else region(k, "wagons", k)] = n
        out = r.wagons - sum(counts[: r.exit])
        if out < 0 or counts[r.exit] not in (0, out):
            fail(("wagons",), f"{sum(counts)} wagons: the game has {r.wagons}, the rest out in California (2.0)")
        s.wagons = [*counts[: r.exit], out]
    named: dict[str, dict[int, Any]] = {}
    for key in ("supply", "lid", "vp", "used", "token"):
        named[key] = {seat(who, key, who): v for who, v in setup.get(key, {}).items()}
    for p in range(s.players):
        held = sum(q.count(p) for q in s.blocks)
        supply, lid = named["supply"].get(p), named["lid"].get(p, 0 if p not in named["supply"] else None)
        supply = r.discs - held - lid if supply is None else supply  # type: ignore[operator]
        lid = r.discs - held - supply if lid is None else lid
        if supply < 0 or lid < 0 or supply + lid + held != r.discs:
            where = next((("supply", w) for w in setup.get("supply", {}) if seat(w) == p), ("blocks",))
            fail(where, f"{marks[p]}: supply {supply} + lid {lid} + {held} in blocks is not {r.discs} discs (G10)")
        s.supply[p], s.lid[p] = supply, lid
        s.vp[p] = named["vp"].get(p, s.vp[p])
        s.used[p] = named["used"].get(p, s.used[p])
        if s.used[p] > len(r.scoring_costs):
            fail(("used",), f"{s.used[p]} scoring cards used: each player has {len(r.scoring_costs)} (3.3)")
        s.token[p] = named["token"].get(p, s.token[p]) in (True, "held")
    if r.tokens and not any(s.token):
        fail(("token",), "no token held: when none is held, all come back at once (6.0, G17)")
    if "active" in setup:
        s.turn = s.order.index(seat(setup["active"], "active"))
    s.doubled, s.acts, s.turns = setup.get("doubled", s.doubled), setup.get("acts", s.acts), setup.get("turns", s.turns)
    if s.acts and not s.doubled:
        fail(("acts",), "a second action needs a double move (doubled: true; 5.0, 6.0)")
    s.step = ACTION if s.doubled or not s.token[s.order[s.turn]] else DECLARE


def _cards(game: Game, setup: Mapping[str, Any], fail: SetupFail, seat: Any) -> None:
    """Hands, draw pile and discard pile as the setup names them, each card once (R-CARDS)."""
    r, c = game.rules, game.state.cards
    placed: dict[int, str] = {}

    def ids(path: tuple[Any, ...], words: list[str]) -> list[int]:
        for i, w in enumerate(words):
            if w not in r.card_index:
                fail((*path, i), f"'{w}' is not an action card (e.g. {r.card_id[0]}; cards.yaml)")
            if r.card_index[w] in placed:
                fail((*path, i), f"{w} is placed twice ({placed[r.card_index[w]]}): a card lies in one place (R-CARDS)")
            placed[r.card_index[w]] = " ".join(map(str, path))
        return [r.card_index[w] for w in words]

    given = {seat(w, "hands", w): ids(("hands", w), cs) for w, cs in setup.get("hands", {}).items()}
    sizes = {k: setup[k] for k in ("pile", "discard") if isinstance(setup.get(k), int)}
    tops = {k: ids((k,), setup[k]) if isinstance(setup.get(k), list) else [] for k in ("pile", "discard")}
    pool = [x for x in [*(x for h in c.hands for x in h), *c.pile] if x not in placed]
    hands = []
    for p, dealt in enumerate(c.hands):
        hand = given.get(p, [])
        own = [x for x in dealt if x in pool][: max(0, r.hand - len(hand))]
        pool = [x for x in pool if x not in own]
        hand = hand + own + [pool.pop() for _ in range(min(len(pool), r.hand - len(hand) - len(own)))]
        if len(hand) != r.hand:
            fail(("hands",), f"p{p + 1} holds {len(hand)} cards, not {r.hand} (3.4, G14)")
        hands.append(sorted(hand))
    k = len(pool) - sizes["pile"] if "pile" in sizes else sizes.get("discard", 0)
    if not 0 <= k <= len(pool) or sizes.get("discard", k) != k:
        say = " and ".join(f"{v} in the {n}" for n, v in sizes.items())
        fail((next(iter(sizes)),), f"{len(pool)} cards are left for the piles, not {say} (the deck - hands - named)")
    c.hands, c.discard, c.pile = hands, tops["discard"] + pool[:k], pool[k:] + tops["pile"]
    c.discarded_by, c.drawn = [i % len(hands) for i in range(len(c.discard))], [[] for _ in hands]
    if not c.pile and c.discard:
        fail(("pile",), "an empty draw pile: the discard pile is reshuffled the moment it empties (5.5, G15)")


def _blocks(r: Any) -> list[str]:
    return [r.regions[x] for x in r.block_region]


def expect(game: Game, key: str) -> Any:
    """The value of an ``expect`` key in the game (``KeyError`` for a key Go West! does not know).
    Per-seat values are given under both ``pN`` and the colour letter."""
    r, s = game.rules, game.state
    marks = letters(r)

    def seats(values: list[Any]) -> dict[str, Any]:
        return {**{f"p{p + 1}": v for p, v in enumerate(values)}, **dict(zip(marks, values, strict=True))}

    if key in ("vp", "supply", "lid", "used"):
        return seats(list(getattr(s, key)))
    if key in ("step", "turns", "ended", "doubled", "acts", "left"):
        return getattr(s, key)
    cards, blocks, seated = s.cards, _blocks(r), range(s.players)
    both = list(enumerate(zip(blocks, s.blocks, strict=True)))
    values = {
        "token": lambda: seats(["held" if t else "spent" for t in s.token]),
        "wagons": lambda: s.wagons[: r.exit],
        "out": lambda: s.wagons[r.exit],
        "blocks": lambda: {w: [marks[o] for o in s.blocks[b]] for b, w in enumerate(blocks)},
        "dividers": lambda: {w: s.pushed[b] % r.circles for b, w in enumerate(blocks)},
        "hands": lambda: seats([[r.card_id[x] for x in h] for h in cards.hands]),
        "hand_sizes": lambda: seats([len(h) for h in cards.hands]),
        "pile_size": lambda: len(cards.pile),
        "discard": lambda: [r.card_id[x] for x in cards.discard],
        "discard_size": lambda: len(cards.discard),
        "reshuffles": lambda: cards.reshuffles,
        "seen_discard": lambda: seats([[r.card_id[x] for x in game.observation(p).cards["discard"]] for p in seated]),
        "next_cost": lambda: seats([r.scoring_costs[u] if u < len(r.scoring_costs) else None for u in s.used]),
        "final": lambda: seats([v[1] for v in s.scored]),
        "score_now": lambda: {w: seats(score_block(q, s.wagons[r.block_region[b]], s.players)) for b, (w, q) in both},
        "shares": lambda: seats([1 / len(winners(s)) if p in winners(s) else 0 for p in seated]),
        "moves": lambda: _moves(game),
        "conservation": lambda: {
            "discs": seats([s.supply[p] + s.lid[p] + sum(q.count(p) for q in s.blocks) for p in seated]),
            "wagons": sum(s.wagons),
            "cards": cards.problem(len(r.card_id)) or len(r.card_id),
        },
    }
    return values[key]()


def _moves(game: Game) -> dict[str, Any]:
    """Every way to finish the card's wagon steps (G7, G26): the number of paths, and the distinct
    results (NE/E/GP/MW/W) they reach."""
    found: list[str] = []

    def walk(g: Game) -> None:
        if g.state.step != STEP:
            found.append("/".join(map(str, g.state.wagons[: g.rules.exit])))
            return
        for a in g.legal_actions():
            h = g.copy()
            h.apply_legal(a)
            walk(h)

    if game.state.step == STEP:
        walk(game)
    return {"paths": len(found), "distinct": len(set(found)), "results": sorted(set(found))}


def paid(before: Game, after: Game) -> Game | None:
    """The moment right after the payment of a ``play``, ``score`` or ``pay`` (5.1, 5.4): the game
    before the action with the seat's discs paid into the lid, its VP paid and its scoring card
    used; None for an action that paid nothing."""
    b, a = before.state, after.state
    p = b.order[b.turn]
    discs, gained = a.lid[p] - b.lid[p], a.scored[p][0] - b.scored[p][0]
    vp = b.vp[p] - a.vp[p] + gained
    if b.step not in (ACTION, PAY) or discs < 0 or not discs + vp:
        return None
    b.supply[p], b.lid[p], b.vp[p], b.used[p] = b.supply[p] - discs, a.lid[p], b.vp[p] - vp, a.used[p]
    return before


SCENARIO = ScenarioHooks(setup=setup, expect=expect, moments={"paid": paid})
"""Go West!'s scenario keys, for the kernel (``Pack.scenario``)."""
