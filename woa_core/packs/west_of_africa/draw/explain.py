"""What each round-end step did, in words: who got which VP and why.

The steps are the named primitives ``turn.yaml``'s ``round_end`` lists, run one at a time on a
copy of the state the round ended from, so each one's effect is seen apart (the turn's own
bookkeeping — cards passing to the left — touches nothing they read). What a step changed is
found by comparing states, so a step added to the data is explained too, by its changes.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.west_of_africa.state import new_state
>>> rules = load_rules("west-of-africa", 2)
>>> before = new_state(rules, seed=1)
>>> before.gold = [20, 12]
>>> [name for name, _ in explain_round_end(rules, before)][:2]
['gold_majority_vp', 'harvest']
>>> explain_round_end(rules, before)[0][1]
['p1 +1 VP: 1st on the gold track with 20 gold']
"""

from __future__ import annotations

from collections import Counter

from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.round_end import ROUND_END, influence
from woa_core.packs.west_of_africa.state import NOBODY, GameState
from woa_core.report.drawing import Explanation


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def explain_round_end(rules: Rules, before: GameState, after: GameState | None = None) -> Explanation:
    """Each round-end step of ``rules`` with the lines saying what it did, starting from
    ``before`` (the state when the round's last turn ended). If ``after`` is the finished game,
    the final scoring is explained too."""
    state = before.copy()
    out: Explanation = []
    for name in rules.round_end:
        prev = state.copy()
        ROUND_END[name](rules, state)
        out.append((name, describe(rules, prev, state)))
    if after is not None and after.over:
        lines = []
        for p in range(after.players):
            vp = after.vp_from[p].get("final_gold", 0) - state.vp_from[p].get("final_gold", 0)
            lines.append(f"p{p + 1} +{vp} VP: {after.gold[p]} gold, 1 VP per {rules.gold_per_vp}")
        ranking = ", ".join(f"p{p + 1} {after.vp[p]} VP" for p in after.ranking)
        lines.append(f"final ranking: {ranking}; p{after.winner + 1} wins")
        out.append(("final_scoring", lines))
    elif after is not None and after.last_round and not before.last_round:
        why = after.end_reason.replace("+", " and ").replace("_", " ")
        out.append(("game_end", [f"the game ends after round {after.last_round} ({why})"]))
    return out


def describe(rules: Rules, prev: GameState, state: GameState) -> list[str]:
    """What changed from ``prev`` to ``state`` that a round-end step can change, in words.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.west_of_africa.state import new_state
    >>> rules = load_rules("west-of-africa", 2)
    >>> prev = new_state(rules, seed=1)
    >>> now = prev.copy()
    >>> now.track, now.reserve = prev.track + 2, prev.reserve - 2
    >>> describe(rules, prev, now), describe(rules, prev, prev)
    (['settlement track 4 → 6 (reserve 8 → 6)'], ['no change'])
    """
    lines: list[str] = []
    rank = prev.gold_rank()
    for p in range(state.players):
        for source, vp in state.vp_from[p].items():
            gained = vp - prev.vp_from[p].get(source, 0)
            if gained:
                lines.append(f"p{p + 1} +{gained} VP: {_why(rules, source, prev, state, p, rank)}")
    harvested: dict[int, Counter[str]] = {}
    for space, owner in enumerate(prev.crop):
        if owner != NOBODY and state.crop[space] == NOBODY and state.settlement[space] == NOBODY:
            info = rules.spaces[space]
            harvested.setdefault(owner, Counter())[
                f"{rules.good_names[info.good].lower()} to {rules.islands[info.island].name}"
            ] += 1
    for p, goods in sorted(harvested.items()):
        lines.append(f"p{p + 1} harvests " + ", ".join(f"{n} {what}" for what, n in goods.items()))
    changed = state.alcalde != prev.alcalde
    for i, island in enumerate(rules.islands):
        old, new = prev.alcalde[i], state.alcalde[i]
        if changed and (new != NOBODY or old != NOBODY):
            power = influence(rules, prev, i)
            shown = ", ".join(f"p{q + 1} {power[q]}" for q in range(state.players) if power[q])
            if new == NOBODY:
                lines.append(f"{island.name}: no Alcalde (no influence)")
            else:
                change = "stays" if old == new else "becomes"
                lines.append(f"{island.name}: p{new + 1} {change} Alcalde (influence {shown})")
    if (state.track, state.reserve) != (prev.track, prev.reserve):
        lines.append(f"settlement track {prev.track} → {state.track} (reserve {prev.reserve} → {state.reserve})")
    if state.gold != prev.gold:
        moved = zip(prev.gold, state.gold, strict=True)
        lines.append("gold " + ", ".join(f"p{p + 1} {a} → {b}" for p, (a, b) in enumerate(moved)))
    return lines or ["no change"]


def _why(rules: Rules, source: str, prev: GameState, state: GameState, p: int, rank: list[int]) -> str:
    if source == "gold_majority":
        return f"{_ordinal(rank.index(p) + 1)} on the gold track with {prev.gold[p]} gold"
    if source == "alcalde":
        held = [rules.islands[i].name for i, holder in enumerate(state.alcalde) if holder == p]
        return "Alcalde of " + ", ".join(held)
    if source == "final_gold":
        return f"{state.gold[p]} gold, 1 VP per {rules.gold_per_vp}"
    return source.replace("_", " ")


def explain_between(rules: Rules, before: GameState, after: GameState) -> Explanation | None:
    """What the round-end steps and the final scoring did between two positions, if a round
    ended between them (``Drawing.explain``); None within a round."""
    if after.round != before.round or (after.over and not before.over):
        return explain_round_end(rules, before, after)
    return None
