"""West of Africa's rule coverage (``Pack.coverage``): which parts of the rules the games
exercised, and which never happened.

``Coverage`` is an observer of the game loop (``woa check --coverage`` gives it one, see
``woa_core.check.coverage``), or is fed every action through ``observe``; ``report`` lists, per
kind (actions, cards, sea links, fields, settlement spaces, round-end steps, rulings), the items
seen with their counts and the items never seen: a designer's view of dead rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from woa_core.kernel.contract import Game
from woa_core.kernel.loop import Observer
from woa_core.packs.west_of_africa.actions import ACTIONS, STEP_OF_VERB
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.round_end import SEEN, EndReason
from woa_core.packs.west_of_africa.selection import card_sum
from woa_core.packs.west_of_africa.state import NOBODY, GameState

RULING_EVENTS = {
    "R3 displacement": "a ship made way at a full harbor",
    "R3 fork": "a displaced ship's owner chose where it goes",
    "R6 fifth card": "a player paid for a card beyond the free ones",
    "R7 minus passed": "a minus card went to the left neighbour",
    "R8 tie by gold": "equal card sums were ordered by the gold track",
    "R10 gold cap": "gold above the cap was lost",
    "R11 ship placement": "a ship was placed in round 1",
    "R14 no alcalde": "an island had no influence and so no Alcalde",
    "R15 track emptied": "the settlement track ran out in a round",
    "R16 end by vp": "the game end was triggered by the VP threshold",
    "R16 end by settlements": "the game end was triggered by all settlements standing",
    "R19 fallback retreat": "a displaced ship had no way onward and went to the nearest free harbor",
}


class Coverage(Observer):
    """Counts of what happened over any number of games of one ``Rules``; as an observer of the
    game loop (``woa_core.kernel.loop``) it sees every action."""

    wants_prev = True

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seen: dict[str, Counter] = {
            k: Counter()
            for k in ("actions", "cards", "sea_links", "fields", "settlement_spaces", "round_end", "rulings")
        }

    def _link(self, a: int, b: int) -> str:
        x, y = self.rules.islands[a].id, self.rules.islands[b].id
        key = f"{x}-{y}"
        return key if key in self.rules.document["board"]["sea_links"] else f"{y}-{x}"

    def after(self, game: Game, seat: int, action: tuple, prev: GameState | None) -> None:
        """The loop's hook: ``observe`` the action just played."""
        if prev is not None:
            self.observe(game, action, prev)

    def observe(self, game: Game, action: tuple, prev: GameState) -> None:
        """Record what ``action`` (just applied, ``prev`` the state before) exercised."""
        r, s = self.rules, game.state
        p, verb = action[0], action[1]
        seen = self.seen
        if verb in STEP_OF_VERB and prev.step == "main":
            seen["actions"][STEP_OF_VERB[verb]] += 1
        if verb == "select":
            for c, n in enumerate(action[2]):
                if n:
                    seen["cards"][r.cards[c].id] += n
        elif verb == "worker" and action[2] < len(r.islands):
            seen["sea_links"][self._link(action[2], action[3])] += 1
        elif verb == "sail":
            seen["sea_links"][self._link(prev.ship[p], action[2])] += 1
        elif verb == "cultivate":
            for sp, owner in enumerate(s.crop):
                if owner != prev.crop[sp]:
                    seen["fields"][f"{r.islands[r.spaces[sp].island].id} {r.spaces[sp].number}"] += 1
        elif verb == "found":
            for sp, owner in enumerate(s.settlement):
                if owner != prev.settlement[sp]:
                    seen["settlement_spaces"][f"{r.islands[r.spaces[sp].island].id} {r.spaces[sp].number}"] += 1
            if s.track == 0:
                seen["rulings"]["R15 track emptied"] += 1
        elif verb == "place":
            seen["rulings"]["R11 ship placement"] += 1
        elif verb == "retreat":
            seen["rulings"]["R3 fork"] += 1
        elif verb == "sell":
            gained = s.gold[p] - prev.gold[p]
            if gained < r.islands[action[2]].price:
                seen["rulings"]["R10 gold cap"] += 1
        if verb in ("done", "displace", "retreat") and prev.step != "main":
            active = prev.order[prev.turn]
            for q in range(s.players):
                if q != active and s.ship[q] != prev.ship[q]:
                    seen["rulings"]["R3 displacement"] += 1
                    if not self._onward(prev, q, s.ship[q]):
                        seen["rulings"]["R19 fallback retreat"] += 1
        if verb == "end" or verb == "select":
            self._turn_events(prev, s, p, verb)

    def _onward(self, prev: GameState, q: int, dest: int) -> bool:
        """Whether the displaced ship ``q`` went on in the active ship's direction (R3)."""
        r = self.rules
        here = prev.ship[q]
        came = prev.ship_from if prev.ship_from != NOBODY else here
        direction = r.islands[here].at[0] - r.islands[came].at[0]
        return (r.islands[dest].at[0] - r.islands[here].at[0]) * direction > 0

    def _turn_events(self, prev: GameState, s: GameState, p: int, verb: str) -> None:
        r, seen = self.rules, self.seen
        if verb == "end":
            if any((prev.selection[p] or [0] * len(r.cards))[c] for c in r.passing_cards):
                seen["rulings"]["R7 minus passed"] += 1
            if s.round > prev.round or s.step == "over":
                self._round_end(prev, s)
        if verb == "select" and prev.step == "select" and s.step != "select":
            sums = [card_sum(r, s.selection[q]) for q in range(s.players)]
            if len(set(sums)) < len(sums):
                seen["rulings"]["R8 tie by gold"] += 1
        if s.step not in ("select", "over") and (s.turn != prev.turn or prev.step == "select"):
            active = s.order[s.turn]
            if sum(s.selection[active] or ()) > r.free_cards:
                seen["rulings"]["R6 fifth card"] += 1

    def _round_end(self, prev: GameState, s: GameState) -> None:
        seen = self.seen
        for step in self.rules.round_end:
            if SEEN[step](prev, s):
                seen["round_end"][step] += 1
        if any(a == NOBODY for a in s.alcalde):
            seen["rulings"]["R14 no alcalde"] += 1
        reasons = s.end_reason.split("+") if s.end_reason else []
        if s.last_round and not prev.last_round:
            if EndReason.VP_THRESHOLD in reasons:
                seen["rulings"]["R16 end by vp"] += 1
            if EndReason.SETTLEMENTS in reasons:
                seen["rulings"]["R16 end by settlements"] += 1

    def universe(self) -> dict[str, list[str]]:
        """Everything that could be exercised under these rules."""
        r = self.rules
        return {
            "actions": [a for a in ACTIONS if a in r.action_card],
            "cards": [c.id for c in r.cards],
            "sea_links": list(r.document["board"]["sea_links"]),
            "fields": [f"{r.islands[s.island].id} {s.number}" for s in r.spaces if s.good >= 0],
            "settlement_spaces": [
                f"{r.islands[s.island].id} {s.number}"
                for i, s in enumerate(r.spaces)
                if s.cost >= 0 and i not in r.preplaced
            ],
            "round_end": list(r.round_end),
            "rulings": list(RULING_EVENTS),
        }

    def report(self) -> dict[str, Any]:
        """Per kind: counts of what was seen and the list of what never was."""
        out = {}
        for kind, items in self.universe().items():
            counts = self.seen[kind]
            out[kind] = {
                "seen": {k: counts[k] for k in items if counts[k]},
                "never": [k for k in items if not counts[k]],
            }
        return out
