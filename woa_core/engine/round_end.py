"""Round end and game end: the named primitives that ``turn.yaml``'s ``round_end`` lists.

Each primitive is a function of (rules, state) registered under the name the data uses, so a
designer reorders or drops steps in YAML (R13). The schema lists the same names.
"""

from __future__ import annotations

from collections.abc import Callable

from woa_core.engine.state import NOBODY, GameState
from woa_core.rules import Rules

Primitive = Callable[[Rules, GameState], None]
ROUND_END: dict[str, Primitive] = {}


def primitive(name: str) -> Callable[[Primitive], Primitive]:
    """Register a round-end step under ``name``."""

    def register(fn: Primitive) -> Primitive:
        """Add ``fn`` to ``ROUND_END`` under the name."""
        ROUND_END[name] = fn
        return fn

    return register


def add_vp(state: GameState, player: int, vp: int, source: str) -> None:
    """Give ``vp`` victory points from ``source`` (one of ``VP_SOURCES``)."""
    state.vp[player] += vp
    state.vp_from[player][source] += vp


@primitive("gold_majority_vp")
def gold_majority_vp(rules: Rules, state: GameState) -> None:
    """5.III: the players with the most gold get ``gold_majority.vp_by_rank`` VP (R13)."""
    for player, vp in zip(state.gold_rank(), rules.gold_vp_by_rank, strict=False):  # fewer ranks than players
        if vp:
            add_vp(state, player, vp, "gold_majority")


@primitive("harvest")
def harvest(rules: Rules, state: GameState) -> None:
    """5.III: every good growing on a field goes to its island's warehouse."""
    for space, owner in enumerate(state.crop):
        if owner != NOBODY:
            info = rules.spaces[space]
            state.warehouse[info.island][owner][info.good] += 1
            state.crop[space] = NOBODY


def influence(rules: Rules, state: GameState, island: int) -> list[int]:
    """Each player's influence on ``island`` (R14): goods in its warehouse, workers, ship."""
    return [
        rules.influence_good * sum(state.warehouse[island][p])
        + rules.influence_worker * state.workers[p][island]
        + (rules.influence_ship if state.ship[p] == island else 0)
        for p in range(state.players)
    ]


@primitive("determine_alcaldes")
def determine_alcaldes(rules: Rules, state: GameState) -> None:
    """5.III: the most influence makes the Alcalde, ties by the gold track; none, no Alcalde (R14)."""
    rank = state.gold_rank()
    for island in range(len(rules.islands)):
        power = influence(rules, state, island)
        best = max(power)
        state.alcalde[island] = next(p for p in rank if power[p] == best) if best > 0 else NOBODY


@primitive("alcalde_vp")
def alcalde_vp(rules: Rules, state: GameState) -> None:
    """5.III: each Alcalde marker earns its holder ``alcalde.vp``."""
    for holder in state.alcalde:
        if holder != NOBODY and rules.alcalde_vp:
            add_vp(state, holder, rules.alcalde_vp, "alcalde")


@primitive("refill_settlement_track")
def refill_settlement_track(rules: Rules, state: GameState) -> None:
    """5.III: the settlement track is refilled from the reserve, as far as it goes."""
    moved = min(rules.track_size - state.track, state.reserve)
    if moved > 0:
        state.track += moved
        state.reserve -= moved


def settlements_on_board(state: GameState) -> int:
    """Settlements standing on islands, pre-placed ones included."""
    return sum(1 for s in state.settlement if s != NOBODY)


def end_round(rules: Rules, state: GameState) -> None:
    """Run the round-end steps, then decide whether the game ends (6. Game End, R16)."""
    for name in rules.round_end:
        ROUND_END[name](rules, state)
    if state.last_round and state.round >= state.last_round:
        finish(rules, state)
        return
    reasons = end_reasons(rules, state) if not state.last_round else []
    if reasons:
        state.end_reason = "+".join(reasons)
        state.last_round = state.round + rules.extra_rounds
        if rules.extra_rounds == 0:
            finish(rules, state)


def end_reasons(rules: Rules, state: GameState) -> list[str]:
    """Why the game ends after this round, if it does (R16): ``vp_threshold`` when someone
    reached the VP threshold, ``settlements`` when every settlement stands on the board."""
    reasons = []
    if max(state.vp) >= rules.vp_threshold:
        reasons.append("vp_threshold")
    if rules.end_when_all_settled and settlements_on_board(state) >= rules.settlements_total:
        reasons.append("settlements")
    return reasons


def finish(rules: Rules, state: GameState) -> None:
    """Final scoring: VP per full ``gold_per_vp`` gold; most VP wins, ties by the gold track."""
    for p in range(state.players):
        add_vp(state, p, state.gold[p] // rules.gold_per_vp, "final_gold")
    rank = state.gold_rank()
    state.ranking = sorted(range(state.players), key=lambda p: (-state.vp[p], rank.index(p)))
    state.winner = state.ranking[0]
    state.step = "over"
