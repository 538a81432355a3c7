"""The first heuristic bot (``heuristic-v1``), kept for comparisons: a sensible beginner.

``heuristic`` (``woa_core.packs.west_of_africa.bots.heuristic``) fixes its blunders; this one stays as it was.

Each round it picks cards for a plan: sell goods where they fetch most (the East) while
watching the gold cap, ship goods east first when they sit in the West or Center, found
settlements where it is Alcalde and can pay, grow goods where its workers stand (they lower
the cost), bring workers off the ships and spread them over islands for Alcalde influence,
and add the minus card to act early when it wants settlements from a short track. During its
turn it scores each legal action for that plan and takes the best; all numbers it weighs come
from the rules, and ties are broken by its own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.game import Action
from woa_core.packs.west_of_africa.state import NOBODY
from woa_core.packs.west_of_africa.view import PlayerView

# Which of its selected actions the bot starts first: ship goods, sell them, found with the
# gold, grow goods, then move workers.
START_ORDER = {"sail": 50, "load": 50, "sell": 40, "found": 30, "help": 20, "cultivate": 20, "worker": 10}


class HeuristicV1Bot:
    """A rule-following beginner (see the module docstring)."""

    name = "heuristic-v1"
    kind = "scripted"

    def __init__(self, seed: int, seat: int = 0, players: int = 2) -> None:
        self._rng = random.Random(seed)
        self._ship_target = NOBODY

    # ------------------------------------------------------------------ choose

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Cards for a plan during selection; otherwise the best-scoring legal action."""
        verb = legal[0][1]
        if verb == "select":
            return self._select(view, legal)
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = self._score(view, action) + self._rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    # --------------------------------------------------------------- selection

    def _select(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        r, p = view.rules, view.player
        gold = view.gold[p]
        wanted: list[str] = []
        islands: list[int] = []
        allowed = {a for a in r.action_card if not (view.round == 1 and a in r.first_round_forbidden)}

        def want(action: str, island: int = NOBODY) -> None:
            if action in allowed and action not in wanted:
                wanted.append(action)
            if island != NOBODY and island not in islands:
                islands.append(island)

        market = self._most_valuable_market(r)
        stock = [sum(view.warehouse[i][p]) for i in range(len(r.islands))]
        ship = view.ship[p]
        self._ship_target = NOBODY
        if "sell" in allowed and any(stock):
            best_price = r.islands[market].price
            good_markets = [i for i in range(len(r.islands)) if stock[i] and r.islands[i].price >= best_price * 3 // 4]
            waiting = [i for i in range(len(r.islands)) if stock[i] and i not in good_markets]
            carry_to = self._reachable_market(r, ship, waiting) if ship != NOBODY and waiting else NOBODY
            if good_markets:
                # Sell what already sits in a good market, keeping under the gold cap.
                best = max(good_markets, key=lambda i: stock[i] * r.islands[i].price)
                if gold + r.islands[best].price <= r.gold_cap + 3:
                    want("sell", best)
            elif carry_to != NOBODY:
                # Ship goods from a cheap region to a market and sell them there this turn.
                self._ship_target = carry_to
                want("move_ship")
                want("sell", carry_to)
            elif gold < 2 * r.cultivation_cost:
                want("sell", max(waiting, key=lambda i: stock[i]))  # short of gold: sell where they are
            elif ship != NOBODY and "move_ship" in allowed:
                # Bring the ship next to the goods, to carry them next round.
                self._ship_target = min(waiting, key=lambda i: r.distance[ship][i])
                want("move_ship")
        # Found where Alcalde, if it can pay (counting on this turn's sales).
        if "found" in allowed and view.track > 0:
            income = sum(stock[i] * r.islands[i].price for i in islands if "sell" in wanted)
            budget = gold + income
            options = []
            for i, island in enumerate(r.islands):
                if view.alcalde[i] != p:
                    continue
                costs = [
                    r.spaces[s].cost
                    for s in island.spaces
                    if r.spaces[s].cost >= 0 and view.settlement[s] == NOBODY and view.crop[s] == NOBODY
                ]
                if costs and min(costs) <= budget:
                    options.append((min(costs), i))
            if options:
                want("found", min(options)[1])
        # Grow goods where own workers stand and fields are free.
        if "cultivate" in allowed and sum(view.supply[p]) > 0:
            fields: list[tuple[int, float]] = []
            for i, island in enumerate(r.islands):
                free = sum(
                    1
                    for s in island.spaces
                    if r.spaces[s].good >= 0
                    and view.crop[s] == NOBODY
                    and view.settlement[s] == NOBODY
                    and view.supply[p][r.spaces[s].good] > 0
                )
                workers = view.workers[p][i]
                value = free * (1 + workers) + (2 if i in islands else 0)
                if free:
                    fields.append((i, value))
            if fields and gold >= r.cultivation_cost:
                # Among equally good islands, pick by chance: players who all go for the same
                # fields block each other.
                top = max(value for _, value in fields)
                want("cultivate", self._rng.choice([i for i, value in fields if value == top]))
        # Workers waiting on the ships, or crowded on one island, should spread out.
        n = len(r.islands)
        if sum(view.workers[p][n:]) > 0 or max(view.workers[p][:n]) > 1:
            want("move_workers")
        # A ship never placed (rules without round-1 placement) cannot move.
        minus = [c for c in r.passing_cards if view.hand[p][c] > 0]
        cards = [r.action_card[a] for a in wanted] + [r.island_card[i] for i in islands if r.island_card[i] >= 0]
        limit = max(r.free_cards + (1 if gold >= r.extra_card_cost + 8 else 0), r.min_cards)
        if "found" in wanted and minus and self._rivals_for_track(view) > 0:
            # Go early: another possible founder could empty the settlement track first.
            cards = [*list(dict.fromkeys(cards))[: limit - 1], minus[0]]
        cards = list(dict.fromkeys(cards))[:limit]
        if not cards:
            cards = [r.action_card.get("move_workers", 0)]
        counts = [0] * len(r.cards)
        for c in cards:
            counts[c] += 1
        action = Action(p, "select", tuple(counts))
        return action if action in legal else self._rng.choice(list(legal))

    @staticmethod
    def _rivals_for_track(view: PlayerView) -> int:
        """Other players who could found settlements this round (Alcalde of an island with a
        free settlement space they can pay for)."""
        r = view.rules
        rivals = 0
        for q in range(view.players):
            if q == view.player:
                continue
            for i, island in enumerate(r.islands):
                if view.alcalde[i] == q and any(
                    0 <= r.spaces[s].cost <= view.gold[q] and view.settlement[s] == NOBODY and view.crop[s] == NOBODY
                    for s in island.spaces
                ):
                    rivals += 1
                    break
        return rivals

    @staticmethod
    def _most_valuable_market(r: Rules) -> int:
        return max(range(len(r.islands)), key=lambda i: (r.islands[i].price, r.islands[i].moorings))

    @staticmethod
    def _reachable_market(r: Rules, ship: int, sources: list[int]) -> int:
        """The best-paying island reachable from ``ship`` via a source, within the ship's range."""
        best, best_price = NOBODY, 0
        for target in range(len(r.islands)):
            price = r.islands[target].price
            for src in sources:
                reachable = r.distance[ship][src] + r.distance[src][target] <= r.ship_range
                if reachable and r.islands[src].price < price and price > best_price:
                    best, best_price = target, price
        return best

    # ------------------------------------------------------------------ scoring

    def _score(self, view: PlayerView, action: Action) -> float:
        r, p = view.rules, view.player
        verb = action[1]
        step = view.step
        if verb in ("end", "done"):
            return 0.0
        if verb == "place":
            island = r.islands[action[2]]
            spaces = len(island.spaces)
            return spaces + island.price / 3 - 0.1 * r.distance[action[2]][r.ship_entry[0]]
        if verb == "displace":
            return view.vp[action[2]]  # push the leader away
        if verb == "retreat":
            return -r.distance[view.ship[p]][action[2]] if view.ship[p] >= 0 else 0.0
        base = START_ORDER.get(verb, 0) if step == "main" else 0
        value = self._value(view, action)
        if value <= 0:
            return -1.0
        return base + value

    def _value(self, view: PlayerView, action: Action) -> float:
        r, p = view.rules, view.player
        verb = action[1]
        gold = view.gold[p]
        if verb == "sell":
            price = r.islands[action[2]].price
            wasted = max(0, gold + price - r.gold_cap)
            return price - 2 * wasted
        if verb == "found":
            cost = r.spaces[action[2]].cost
            return 20 - cost / 2
        if verb == "cultivate":
            return 5 + r.spaces[action[2]].good * 0.1
        if verb == "help":
            island, ships = action[2], action[3]
            plantable = sum(
                1
                for s in r.islands[island].spaces
                if r.spaces[s].good >= 0
                and view.crop[s] == NOBODY
                and view.settlement[s] == NOBODY
                and view.supply[p][r.spaces[s].good] > 0
            )
            # Helpers leave the island (and its Alcalde race): only worth it for two goods or more.
            if plantable < 2 or len(ships) != view.workers[p][island]:
                return -1
            # Send helpers to the ship whose entry island is nearest to this island.
            near = min(range(len(r.worker_ships)), key=lambda w: r.distance[r.ship_entry[w]][island])
            return 3 + sum(1 for w in ships if w == near) * 0.1
        if verb == "worker":
            return self._worker_value(view, action[2], action[3])
        if verb in ("sail", "load", "unload"):
            return self._ship_value(view, action)
        return 0.0

    def _worker_value(self, view: PlayerView, source: int, dest: int) -> float:
        r, p = view.rules, view.player
        n = len(r.islands)
        mine = view.workers[p]
        value = 0.0
        if source >= n:
            value += 4
        elif mine[source] > 1:
            value += 2
        else:
            return -1  # a lone worker holds its island
        if mine[dest] == 0:
            value += 2
        others = max((view.workers[q][dest] * r.influence_worker for q in range(view.players) if q != p), default=0)
        if others > r.influence_worker * (mine[dest] + 1):
            value -= 2
        return value

    def _ship_value(self, view: PlayerView, action: Action) -> float:
        r, p = view.rules, view.player
        here = view.ship[p]
        market = self._most_valuable_market(r)
        points = view.points if view.step == "move_ship" else r.ship_range
        target = self._ship_target if self._ship_target != NOBODY else market
        carrying = any(view.cargo)
        sells_at = target if r.islands[target].price >= r.islands[market].price * 3 // 4 else NOBODY
        verb = action[1]
        if verb == "unload":
            return 10 if here == sells_at or points == 0 or not carrying else -1
        if verb == "load":
            if sells_at == NOBODY or here == sells_at or r.distance[here][sells_at] > points:
                return -1
            return 8 if r.islands[here].price < r.islands[sells_at].price else -1
        to = action[2]
        goal = sells_at if (carrying or sells_at == NOBODY) else target
        if carrying or sells_at == NOBODY:
            goal = target
        elif not any(view.warehouse[here][p]) or here == sells_at:
            sources = [
                i
                for i in range(len(r.islands))
                if sum(view.warehouse[i][p]) and r.islands[i].price < r.islands[sells_at].price
            ]
            if sources:
                goal = min(sources, key=lambda i: r.distance[here][i])
        if r.distance[to][goal] >= r.distance[here][goal]:
            return -1
        return 6
