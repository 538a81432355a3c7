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
>>> from woa_core.kernel.scenario import declared_expect
>>> supply, lid = declared_expect(SCENARIO, game, "supply"), declared_expect(SCENARIO, game, "lid")
>>> expect(game, "blocks")["MW"], supply["p1"], lid["B"], expect(game, "out")
(['R', 'B', 'G'], 29, 9, 0)
>>> setup(game, {"hands": {"p1": ["A01", "A01"]}}, fail)
Traceback (most recent call last):
ValueError: ('hands', 'p1', 1): A01 is placed twice (hands p1): a card lies in one place (R-CARDS)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from woa_core.kernel.card_scenario import CARD_EXPECT, CardWords, card_expect, place_cards
from woa_core.kernel.pack import ScenarioHooks, SetupFail
from woa_core.kernel.scenario import (
    by_seat,
    colour_marks,
    every_finish,
    name_reader,
    seat_reader,
    seat_values,
    set_fields,
    set_seat_fields,
)
from woa_core.packs.go_west.game import Game
from woa_core.packs.go_west.notation import block_words
from woa_core.packs.go_west.scoring import score_block, winners
from woa_core.packs.go_west.steps import ACTION, DECLARE, PAY, STEP
from woa_core.report.figures import win_shares


def setup(game: Game, setup: Mapping[str, Any], fail: SetupFail) -> None:
    """Change the fresh game as ``setup`` describes (the module docstring); a position a game
    cannot reach is ``fail(path, message)``."""
    r, s = game.rules, game.state
    marks = colour_marks(r)
    seat = seat_reader(r, fail, marks, r.colours)
    region = name_reader(fail, "a region", r.regions, r.region_keys)
    words = CardWords(f"an action card (e.g. {r.card_id[0]}; cards.yaml)", "R-CARDS", "3.4, G14", "5.5, G15")
    place_cards(s.cards, r.card_id, r.hand, setup, fail, seat, words)
    for name, queue in setup.get("blocks", {}).items():
        b = r.region_block[region(name, "blocks", name)]
        if b < 0:
            fail(("blocks", name), f"{name} has no scoring block: only {', '.join(block_words(r))} have one (3.1)")
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
    named = {key: seat_values(setup, key, seat) for key in ("supply", "lid", "token")}
    set_seat_fields(s, setup, ("vp", "used"), seat)
    if max(s.used) > len(r.scoring_costs):
        fail(("used",), f"{max(s.used)} scoring cards used: each player has {len(r.scoring_costs)} (3.3)")
    for p in range(s.players):
        held = s.discs_placed(p)
        supply, lid = named["supply"].get(p), named["lid"].get(p, 0 if p not in named["supply"] else None)
        supply = r.discs - held - lid if supply is None else supply  # type: ignore[operator]
        lid = r.discs - held - supply if lid is None else lid
        if supply < 0 or lid < 0 or supply + lid + held != r.discs:
            where = next((("supply", w) for w in setup.get("supply", {}) if seat(w) == p), ("blocks",))
            fail(where, f"{marks[p]}: supply {supply} + lid {lid} + {held} in blocks is not {r.discs} discs (G10)")
        s.supply[p], s.lid[p] = supply, lid
        s.token[p] = named["token"].get(p, s.token[p]) in (True, "held")
    if r.tokens and not any(s.token):
        fail(("token",), "no token held: when none is held, all come back at once (6.0, G17)")
    if "active" in setup:
        s.turn = s.order.index(seat(setup["active"], "active"))
    set_fields(s, setup, ("doubled", "acts", "turns"))
    if s.acts and not s.doubled:
        fail(("acts",), "a second action needs a double move (doubled: true; 5.0, 6.0)")
    s.step = ACTION if s.doubled or not s.token[s.order[s.turn]] else DECLARE


def expect(game: Game, key: str) -> Any:
    """The value of an ``expect`` key in the game (``KeyError`` for a key Go West! does not know).
    Per-seat values are given under both ``pN`` and the colour letter; the kernel reads the plain
    fields and per-seat lists ``SCENARIO`` declares."""
    r, s = game.rules, game.state
    marks = colour_marks(r)

    def seats(values: list[Any]) -> dict[str, Any]:
        return by_seat(values, marks)

    if key in CARD_EXPECT:
        return card_expect(s.cards, r.card_id, key, marks, lambda p: game.observation(p).cards)
    blocks, seated = block_words(r), range(s.players)
    both = list(enumerate(zip(blocks, s.blocks, strict=True)))
    values = {
        "token": lambda: seats(["held" if t else "spent" for t in s.token]),
        "wagons": lambda: s.wagons[: r.exit],
        "out": lambda: s.wagons[r.exit],
        "blocks": lambda: {w: [marks[o] for o in s.blocks[b]] for b, w in enumerate(blocks)},
        "dividers": lambda: {w: s.pushed[b] % r.circles for b, w in enumerate(blocks)},
        "next_cost": lambda: seats([r.scoring_costs[u] if u < len(r.scoring_costs) else None for u in s.used]),
        "final": lambda: seats([v[1] for v in s.scored]),
        "score_now": lambda: {w: seats(score_block(q, s.wagons[r.block_region[b]], s.players)) for b, (w, q) in both},
        "shares": lambda: seats(win_shares(winners(s), s.players)),  # as the statistics count a shared win
        "moves": lambda: every_finish(game, lambda g: g.state.step == STEP, _wagons),
        "conservation": lambda: {
            "discs": seats([s.supply[p] + s.lid[p] + s.discs_placed(p) for p in seated]),
            "wagons": sum(s.wagons),
            "cards": s.cards.problem(len(r.card_id)) or len(r.card_id),
        },
    }
    return values[key]()


def _wagons(game: Game) -> str:
    """The wagons of each region but the exit (NE/E/GP/MW/W): a result of the card's wagon steps,
    each way to finish them counted (``moves``; G7, G26)."""
    return "/".join(map(str, game.state.wagons[: game.rules.exit]))


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


SCENARIO = ScenarioHooks(
    setup=setup,
    expect=expect,
    moments={"paid": paid},
    fields=frozenset({"step", "turns", "ended", "doubled", "acts", "left"}),
    seat_fields=frozenset({"vp", "supply", "lid", "used"}),
    seat_marks=colour_marks,
)
"""Go West!'s scenario keys, for the kernel (``Pack.scenario``)."""
