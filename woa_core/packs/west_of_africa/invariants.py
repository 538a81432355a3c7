"""West of Africa's invariants: what must hold in every reachable state of its games, each a
named function (``Pack.invariants``; ``woa check`` runs them after the kernel's own, see
``woa_core.check.invariants``).

An invariant takes the rules, the state now and the state before the last action (``None`` at
the start) and returns ``None`` or a sentence saying what is wrong. ``INVARIANTS`` lists them
all; ``violations`` runs them.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.west_of_africa import Game
>>> game = Game(load_rules("west-of-africa", 4), seed=1)
>>> violations(game.rules, game.state, None)
[]
>>> game.state.gold[0] = 99
>>> violations(game.rules, game.state, None)
[('gold_in_range', 'p1 has 99 gold, outside 0..45')]
"""

from __future__ import annotations

import math
from collections.abc import Callable

from woa_core.packs.west_of_africa import round_end
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.round_end import ROUND_END, influence
from woa_core.packs.west_of_africa.selection import card_sum
from woa_core.packs.west_of_africa.state import NOBODY, GameState

_ALCALDES = ROUND_END.name_of(round_end.determine_alcaldes)
_HARVEST = ROUND_END.name_of(round_end.harvest)
_REFILL = ROUND_END.name_of(round_end.refill_settlement_track)

Invariant = Callable[[Rules, GameState, GameState | None], str | None]
INVARIANTS: dict[str, Invariant] = {}


def invariant(fn: Invariant) -> Invariant:
    """Register ``fn`` under its name (without a leading underscore)."""
    INVARIANTS[fn.__name__] = fn
    return fn


def violations(rules: Rules, state: GameState, prev: GameState | None) -> list[tuple[str, str]]:
    """Every invariant that fails, as (name, what is wrong)."""
    out = []
    for name, check in INVARIANTS.items():
        problem = check(rules, state, prev)
        if problem:
            out.append((name, problem))
    return out


def round_bound(rules: Rules) -> int | None:
    """The most rounds a game can last, derived from the rules (None if they allow no bound).

    Every round hands out at least the gold-majority VP; once some player must have reached
    the VP threshold, ``extra_rounds`` more are played.

    >>> from woa_core.rules import load_rules
    >>> round_bound(load_rules("west-of-africa", 4))
    51
    """
    per_round = sum(rules.gold_vp_by_rank[: rules.players])
    if per_round <= 0:
        return None
    # After k rounds the leader has at least k * per_round / players VP.
    rounds = math.ceil((rules.vp_threshold * rules.players) / per_round)
    return rounds + rules.extra_rounds


@invariant
def gold_in_range(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """Gold is never below 0 nor above the cap (R5, R10)."""
    for p, g in enumerate(s.gold):
        if not 0 <= g <= rules.gold_cap:
            return f"p{p + 1} has {g} gold, outside 0..{rules.gold_cap}"
    return None


@invariant
def goods_conserved(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """Each player's goods of each kind are all somewhere: supply, fields, warehouses, aboard."""
    mover = s.order[s.turn] if s.step == "move_ship" else NOBODY
    held = [list(goods) for goods in s.supply]  # per player and good: supply, then the rest added
    for sp, owner in enumerate(s.crop):  # one pass over the fields, not one per player and good
        if 0 <= owner < s.players:
            held[owner][rules.spaces[sp].good] += 1
    for house in s.warehouse:
        for p, goods in enumerate(house):
            for g, n in enumerate(goods):
                held[p][g] += n
    if 0 <= mover < s.players:
        for g, n in enumerate(s.cargo):
            held[mover][g] += n
    for p in range(s.players):
        for g, start in enumerate(rules.start_goods):
            if held[p][g] != start:
                return f"p{p + 1} has {held[p][g]} {rules.goods[g]} in play, the rules give {start}"
    return None


@invariant
def settlements_conserved(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """Track + reserve + settlements on the board = the rules' total."""
    board = sum(1 for x in s.settlement if x != NOBODY)
    if s.track < 0 or s.reserve < 0 or s.track + s.reserve + board != rules.settlements_total:
        return f"track {s.track} + reserve {s.reserve} + board {board} != {rules.settlements_total}"
    return None


@invariant
def workers_accounted(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """Every player's workers stand on an island or a worker ship, none lost or doubled."""
    total = sum(rules.start_workers)
    for p, places in enumerate(s.workers):
        if min(places) < 0 or sum(places) != total:
            return f"p{p + 1} has workers {places}, expected {total} in all"
    return None


@invariant
def moorings_respected(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """At most one ship per usable mooring (the active ship may pass through a full harbor)."""
    moving = s.order[s.turn] if s.step in ("move_ship", "displace", "retreat") else NOBODY
    for i, island in enumerate(rules.islands):
        ships = [p for p in range(s.players) if s.ship[p] == i and p != moving and p != s.displaced]
        if len(ships) > island.moorings:
            return f"{len(ships)} ships at {island.id}, which has {island.moorings} mooring(s)"
    return None


@invariant
def vp_never_decrease(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """Victory points only grow, and equal the sum of their sources."""
    for p in range(s.players):
        if prev is not None and s.vp[p] < prev.vp[p]:
            return f"p{p + 1}'s VP fell from {prev.vp[p]} to {s.vp[p]}"
        if s.vp[p] != sum(s.vp_from[p].values()):
            return f"p{p + 1} has {s.vp[p]} VP but its sources add up to {sum(s.vp_from[p].values())}"
    return None


@invariant
def cards_conserved(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """Every card exists once per player in all; only passing (minus) cards change hands (R7)."""
    for c, held in enumerate(zip(*s.hand, strict=True)):
        if sum(held) != s.players or min(held) < 0:
            return f"{rules.cards[c].id} cards held {list(held)}, expected {s.players} in all"
        if c not in rules.passing_cards and any(n != 1 for n in held):
            return f"{rules.cards[c].id} changed hands: {list(held)}"
    return None


def _round_ended(s: GameState, prev: GameState | None) -> bool:
    return prev is not None and prev.step not in ("select", "over") and (s.round > prev.round or s.step == "over")


@invariant
def alcaldes_after_round_end(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """After a round end, each Alcalde has the most influence, ties by the gold track (R14)."""
    steps, alcaldes, harvest = rules.round_end, _ALCALDES, _HARVEST
    if not _round_ended(s, prev) or alcaldes not in steps:
        return None
    if harvest in steps and steps.index(harvest) > steps.index(alcaldes):
        return None  # influence changed after the Alcaldes were determined
    rank = s.gold_rank() if s.step != "over" else None
    if rank is None:
        return None  # final scoring does not move gold, but the check above suffices
    for i, island in enumerate(rules.islands):
        power = influence(rules, s, i)
        best = max(power)
        expected = next(p for p in rank if power[p] == best) if best > 0 else NOBODY
        if s.alcalde[i] != expected:
            return f"Alcalde of {island.id} is {s.alcalde[i]}, expected {expected} (influence {power})"
    return None


@invariant
def track_refilled(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """After a round end the settlement track is full, or the reserve is empty (R13)."""
    if not _round_ended(s, prev) or _REFILL not in rules.round_end or s.step == "over":
        return None
    if s.track < rules.track_size and s.reserve > 0:
        return f"track has {s.track} of {rules.track_size} with {s.reserve} in reserve after the round end"
    return None


@invariant
def order_by_card_sums(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """The player order is by ascending card sum, ties by the gold track (R8; under
    ``turn.player_order: card_sum``, the bundled order), once the selection of the round ends and
    its turns begin (a flow whose round ends with the selection orders the next round's turns by
    nothing selected yet)."""
    if prev is None or prev.step != "select" or s.step == "select" or rules.player_order != "card_sum":
        return None
    if s.round != prev.round or s.step == "over":
        return None
    sums = [card_sum(rules, s.selection[p]) for p in range(s.players)]
    rank = prev.gold_rank()
    expected = sorted(range(s.players), key=lambda p: (sums[p], rank.index(p)))
    if s.order != expected:
        return f"order {s.order} but sums {sums} and gold rank {rank} give {expected}"
    return None


@invariant
def final_scoring(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """A finished game is scored as R16 says: gold VP per full amount, most VP wins, ties by gold."""
    if s.step != "over":
        return None
    for p in range(s.players):
        if s.vp_from[p]["final_gold"] != s.gold[p] // rules.gold_per_vp:
            return f"p{p + 1} got {s.vp_from[p]['final_gold']} VP for {s.gold[p]} gold"
    rank = s.gold_rank()
    expected = sorted(range(s.players), key=lambda p: (-s.vp[p], rank.index(p)))
    if s.ranking != expected or s.winner != expected[0]:
        return f"ranking {s.ranking}, winner {s.winner}; expected {expected}"
    return None


@invariant
def helpers_leave_only_when_planting(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """Cultivate Goods (R5): during the action, workers leave an island only together with a good
    planted there (the helpers whose help lowered its cost)."""
    if prev is None or s.step != "cultivate":
        return None
    for p in range(s.players):
        for island, info in enumerate(rules.islands):
            left = prev.workers[p][island] - s.workers[p][island]
            if left > 0 and not any(s.crop[sp] == p != prev.crop[sp] for sp in info.spaces):
                return f"{left} worker(s) of p{p + 1} left {info.name} while cultivating, with nothing planted there"
    return None


@invariant
def game_ends_in_time(rules: Rules, s: GameState, prev: GameState | None) -> str | None:
    """The game does not outlast the bound its rules imply (``round_bound``) nor the rules'
    round cap (``economy.game_end.max_rounds``)."""
    bound = min(round_bound(rules) or rules.max_rounds, rules.max_rounds)
    if s.round > bound:
        return f"round {s.round} is past the bound of {bound} rounds these rules imply"
    return None
