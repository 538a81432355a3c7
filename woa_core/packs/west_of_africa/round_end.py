"""Round end and game end: the named primitives that ``turn.yaml``'s ``round_end`` lists.

Each primitive is a function of (rules, state) registered under the name the data uses, so a
designer reorders or drops steps in YAML (R13). The schema lists the same names.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Final

from woa_core.kernel.registry import Registry
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.state import NOBODY, GameState
from woa_core.packs.west_of_africa.steps import OVER

Primitive = Callable[[Rules, GameState], None]
ROUND_END: Final[Registry[Primitive]] = Registry("round-end step")
"""The round-end steps by the name ``turn.round_end`` uses (schema ``round_end_step``)."""

Seen = Callable[[GameState, GameState], bool]
SEEN: dict[str, Seen] = {}
"""For each round-end step: whether it did something in a round end (state before, after), for
the coverage report."""


def primitive(name: str, seen: Seen) -> Callable[[Primitive], Primitive]:
    """Register a round-end step under ``name``, with how to tell that it did something."""

    def register(fn: Primitive) -> Primitive:
        SEEN[name] = seen
        return ROUND_END.register(name)(fn)

    return register


def _gained(source: str) -> Seen:
    return lambda prev, s: any(s.vp_from[p][source] > prev.vp_from[p][source] for p in range(s.players))


def add_vp(state: GameState, player: int, vp: int, source: str) -> None:
    """Give ``vp`` victory points from ``source``: one of ``VP_SOURCES``, or an action's own name
    for the VP an action beyond the rulebook's gives (counted from its first VP on).

    >>> from woa_core.packs.west_of_africa.state import new_state
    >>> from woa_core.rules import load_rules
    >>> state = new_state(load_rules("west-of-africa", 2), 1)
    >>> add_vp(state, 0, 3, "settlements"); add_vp(state, 0, 2, "offering")
    >>> state.vp[0], state.vp_from[0]["settlements"], state.vp_from[0]["offering"]
    (5, 3, 2)
    """
    state.vp[player] += vp
    sources = state.vp_from[player]
    sources[source] = sources.get(source, 0) + vp


@primitive("gold_majority_vp", seen=_gained("gold_majority"))
def gold_majority_vp(rules: Rules, state: GameState) -> None:
    """5.III: the players with the most gold get ``gold_majority.vp_by_rank`` VP (R13)."""
    for player, vp in zip(state.gold_rank(), rules.gold_vp_by_rank, strict=False):  # fewer ranks than players
        if vp:
            add_vp(state, player, vp, "gold_majority")


@primitive("harvest", seen=lambda prev, s: any(o != NOBODY for o in prev.crop))
def harvest(rules: Rules, state: GameState) -> None:
    """5.III: every good growing on a field goes to its island's warehouse."""
    for space, owner in enumerate(state.crop):
        if owner != NOBODY:
            info = rules.spaces[space]
            state.warehouse[info.island][owner][info.good] += 1
            state.crop[space] = NOBODY


def influence(rules: Rules, state: GameState, island: int) -> list[int]:
    """Each player's influence on ``island`` (R14): goods in its warehouse, workers, ship."""
    return _influence(rules.influence_good, rules.influence_worker, rules.influence_ship, state, island)


def _influence(good: int, worker: int, ship: int, state: GameState, island: int) -> list[int]:
    stock, workers, ships = state.warehouse[island], state.workers, state.ship
    out: list[int] = []
    for p in range(state.players):  # loops: compiled, sum() is a lookup of the builtin and a generic call
        goods = 0
        for n in stock[p]:
            goods += n
        out.append(good * goods + worker * workers[p][island] + (ship if ships[p] == island else 0))
    return out


@primitive("determine_alcaldes", seen=lambda prev, s: any(a != NOBODY for a in s.alcalde))
def determine_alcaldes(rules: Rules, state: GameState) -> None:
    """5.III: the most influence makes the Alcalde, ties by the gold track; none, no Alcalde (R14)."""
    rank = state.gold_rank()
    good, worker, ship = rules.influence_good, rules.influence_worker, rules.influence_ship  # read once
    alcalde = state.alcalde
    for island in range(len(rules.islands)):
        power = _influence(good, worker, ship, state, island)
        best = power[0]
        for value in power:
            if value > best:
                best = value
        holder = NOBODY
        if best > 0:
            for p in rank:
                if power[p] == best:
                    holder = p
                    break
        alcalde[island] = holder


@primitive("alcalde_vp", seen=_gained("alcalde"))
def alcalde_vp(rules: Rules, state: GameState) -> None:
    """5.III: each Alcalde marker earns its holder ``alcalde.vp``."""
    for holder in state.alcalde:
        if holder != NOBODY and rules.alcalde_vp:
            add_vp(state, holder, rules.alcalde_vp, "alcalde")


@primitive(
    "refill_settlement_track",
    seen=lambda prev, s: s.track > prev.track or (s.step != OVER and s.reserve < prev.reserve),
)
def refill_settlement_track(rules: Rules, state: GameState) -> None:
    """5.III: the settlement track is refilled from the reserve, as far as it goes."""
    moved = min(rules.track_size - state.track, state.reserve)
    if moved > 0:
        state.track += moved
        state.reserve -= moved


def settlements_on_board(state: GameState) -> int:
    """Settlements standing on islands, pre-placed ones included."""
    return sum(1 for s in state.settlement if s != NOBODY)


class EndReason(StrEnum):
    """Why a game ended; ``GameState.end_reason`` joins the reasons of one round with ``+``
    (``vp_threshold+settlements``).

    >>> EndReason.ROUND_CAP == "round_cap"
    True
    """

    VP_THRESHOLD = "vp_threshold"  # someone reached economy.game_end.vp_threshold (R16)
    SETTLEMENTS = "settlements"  # every settlement stands on the board (R16)
    ROUND_CAP = "round_cap"  # the safety cap economy.game_end.max_rounds was reached


def end_round(rules: Rules, state: GameState) -> bool:
    """Run the round-end steps, then decide whether the game ends (6. Game End, R16); a game
    that reaches the round cap (``economy.game_end.max_rounds``) ends now, whatever else.
    Returns whether the game is over (its final scoring done): the flow then ends it."""
    for name in rules.round_end:
        ROUND_END[name](rules, state)
    if state.last_round and state.round >= state.last_round:
        finish(rules, state)
        return True
    reasons = end_reasons(rules, state) if not state.last_round else []
    if reasons:
        state.end_reason = "+".join(reasons)
        state.last_round = state.round + rules.extra_rounds
        if rules.extra_rounds == 0:
            finish(rules, state)
            return True
    if state.round >= rules.max_rounds:
        state.end_reason = "+".join(r for r in (state.end_reason, EndReason.ROUND_CAP) if r)
        finish(rules, state)
        return True
    return False


def end_reasons(rules: Rules, state: GameState) -> list[str]:
    """Why the game ends after this round, if it does (R16): ``vp_threshold`` when someone
    reached the VP threshold, ``settlements`` when every settlement stands on the board."""
    reasons: list[str] = []
    if max(state.vp) >= rules.vp_threshold:
        reasons.append(EndReason.VP_THRESHOLD)
    if rules.end_when_all_settled and settlements_on_board(state) >= rules.settlements_total:
        reasons.append(EndReason.SETTLEMENTS)
    return reasons


def finish(rules: Rules, state: GameState) -> None:
    """Final scoring: VP per full ``gold_per_vp`` gold; most VP wins, ties by the gold track."""
    for p in range(state.players):
        add_vp(state, p, state.gold[p] // rules.gold_per_vp, "final_gold")
    rank = state.gold_rank()
    state.ranking = sorted(range(state.players), key=lambda p: (-state.vp[p], rank.index(p)))
    state.winner = state.ranking[0]
