"""The turn flow's own verbs (5.I, 5.II, R6, R11, R12, R22): ``select`` cards, ``place`` the ship
in round 1, ``done`` to finish the action under way, ``end`` to end the turn. No card names them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.flow import DECIDED, TURN_OVER, Decided, TurnOver
from woa_core.kernel.legality import Among, Legality
from woa_core.kernel.registry import Registry
from woa_core.packs.west_of_africa.core import GameCore, an_island
from woa_core.packs.west_of_africa.state import NOBODY
from woa_core.packs.west_of_africa.steps import MAIN, PLACE, SELECT

ACTION: Final = "turn"

PLAYER_ORDER: Final[Registry[Callable[[GameCore], list[int]]]] = Registry("player order")
"""How the round's player order is made, by the name ``turn.player_order`` uses (R8)."""

CARD_PASSING: Final[Registry[Callable[[int, int], int]]] = Registry("card passing")
"""Who gets a played minus card: ``pass(seat, players) -> seat``, by ``turn.minus_cards_pass`` (R7)."""


@PLAYER_ORDER.register("card_sum")
def order_by_card_sum(game: GameCore) -> list[int]:
    """R8: ascending card sum, ties by the gold track (R9)."""
    order: list[int] = []
    sums: list[int] = []
    for q in game.state.gold_rank():  # in gold-track order, each inserted after the equal sums: a
        total = game.card_sum(q)  # tie keeps the track's order (no sort key: a call per player)
        i = len(order)
        while i > 0 and sums[i - 1] > total:
            i -= 1
        order.insert(i, q)
        sums.insert(i, total)
    return order


@PLAYER_ORDER.register("gold_track")
def order_by_gold_track(game: GameCore) -> list[int]:
    """The gold track alone (R9), cards ignored: a variant's order."""
    return game.state.gold_rank()


CARD_PASSING.register("left")(lambda seat, players: (seat + 1) % players)  # R7, R18: the next seat
CARD_PASSING.register("right")(lambda seat, players: (seat - 1) % players)
CARD_PASSING.register("keep")(lambda seat, players: seat)


def do_select(game: GameCore, p: int, counts: Any) -> Decided:
    """``select CARD...``: the player's secret choice of cards (5.I, R6, R18): the seat has
    decided (once every player has, the flow starts the next phase)."""
    if not game.trusted:
        game.expect_step(SELECT)
        problem = selection_problem(game, p, counts)
        if problem:
            raise IllegalAction(problem)
    game.state.selection[p] = list(counts)
    return DECIDED


def selection_problem(game: GameCore, p: int, counts: object) -> str | None:
    """Why ``p`` may not select ``counts`` (R6, R28: only for the player's own reasons)."""
    r, s = game.rules, game.state
    if not isinstance(counts, tuple) or len(counts) != len(r.cards):
        return "a selection names cards"
    for card, (n, held) in enumerate(zip(counts, s.hand[p], strict=True)):
        if not isinstance(n, int) or n < 0:
            return "a selection names cards"
        if n > held:
            return f"you hold {held} {r.cards[card].name} card{'s' if held != 1 else ''}, not {n}"
    total = sum(counts)
    if not r.min_cards <= total <= r.max_cards:
        return f"select between {r.min_cards} and {r.max_cards} cards, not {total}"
    fee = max(0, total - r.free_cards) * r.extra_card_cost
    if fee > s.gold[p]:
        return f"{total} cards cost {fee} gold; you have {s.gold[p]}"
    return None


def start_turn(game: GameCore) -> str:
    """The next player in order starts its turn: pays for extra cards (R6, R26), and in
    round 1 places its ship first (R11): the turn's first step."""
    r, s = game.rules, game.state
    p = s.order[s.turn]
    fee = max(0, sum(s.selection[p] or ()) - r.free_cards) * r.extra_card_cost
    game.change_gold(p, -min(fee, s.gold[p]))
    s.used = []
    first_round = s.round == 1 and r.place_ships_first_round and s.ship[p] == NOBODY
    return PLACE if first_round else MAIN


def _free_harbors(game: GameCore, p: int, fresh: bool) -> list[int]:
    return [i for i in range(len(game.rules.islands)) if game.free_moorings(i) > 0]


PLACE_AT: Final = Legality(
    an_island(0),
    Among(
        0,
        _free_harbors,
        lambda game, p, island: f"{game.rules.islands[island].name} has no free mooring",
    ),
)
"""``place ISLAND``: a harbor with a free mooring (R11)."""


def do_place(game: GameCore, p: int, island: Any) -> str:
    """``place ISLAND``: round 1, the ship on a free mooring (R11)."""
    game.expect_step(PLACE)
    game.refuse(p, "place", (island,))
    game.state.ship[p] = island
    return MAIN


def do_done(game: GameCore, p: int) -> str:
    """``done``: finish the action under way (R12, R22); the turn goes on at ``main``, or at the
    step the action's ``on_done`` names (a displacement, R3)."""
    s = game.state
    decl = game.actions.get(s.step)
    if decl is None:
        raise IllegalAction("there is no action under way to finish" if s.step == MAIN else game._pending())
    problem = decl.done_problem(game, p) if decl.done_problem else None
    if problem:
        raise IllegalAction(problem)
    s.used.append(s.step)
    next_step = decl.on_done(game, p) if decl.on_done else MAIN
    game.reset_action(keep_direction=next_step != MAIN)
    return next_step


def do_end(game: GameCore, p: int) -> TurnOver:
    """``end``: end the turn; minus cards pass on (R7); after the last turn the round ends."""
    game.expect_step(MAIN)
    r, s = game.rules, game.state
    to = CARD_PASSING[r.minus_cards_pass](p, s.players)
    chosen = s.selection[p] or [0] * len(r.cards)
    for card in r.passing_cards:
        n = chosen[card]
        if n:
            s.hand[p][card] -= n
            s.hand[to][card] += n
    s.used = []
    return TURN_OVER


def new_round(game: GameCore) -> None:
    """A new round: every selection is taken back (5.I)."""
    game.state.selection = [None] * game.state.players


def round_order(game: GameCore) -> list[int]:
    """R8: the round's player order, by the primitive ``turn.player_order`` names."""
    return PLAYER_ORDER[game.rules.player_order](game)


DECLARATION: ActionDecl = ActionDecl(
    name=ACTION,
    section="5. Game Turn",
    card=False,
    verbs=(
        Verb("select", ("cards",), do_select, "CARD...", "choose cards (a card may repeat: minus minus)", step=False),
        Verb(
            "place",
            ("island",),
            do_place,
            "ISLAND",
            "round 1: put the ship at a free mooring",
            step=False,
            legality=PLACE_AT,
        ),
        Verb("done", (), do_done, "", "finish the action under way", step=False),
        Verb("end", (), do_end, "", "end the turn", step=False),
    ),
)
