"""The heuristic bot: a careful beginner, and the rollout policy of the search bot.

At selection it weighs whole plans rather than single wishes: a trade (sell where goods fetch
most, or carry a ship's load east and sell it there the same turn), founding where it is Alcalde
with the gold it will have, growing goods where its workers lower the cost, and bringing workers
into play. Every island action gets its island card; a fifth card is only paid for when its part
of the plan is worth more than the fee; nothing is planted in the last round. It predicts the
other players' plans (the same reasoning from their side) and so knows who acts before it at
each card sum (R8: ties go to the gold track, R9): fields and settlements they take first are not
counted, which is when the minus card or another island pays. A little seeded noise keeps equal
bots from all making the same choice.

During its turn it rebuilds the plan from its view and its own selection (there is no hidden plan
state, so it can take over at any decision): ship goods towards the selected market, sell, found,
plant with helpers, then move workers where they win or hold an Alcalde. Every number it weighs
comes from the rules; its own judgement is the few weights below.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.west_of_africa.game import Game
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> bot = HeuristicBot(3, seat=0, players=2)
>>> bot.choose(game.observation(0), game.legal_actions(0))[1]
'select'
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import ClassVar, NamedTuple

from woa_core.kernel.native import mypyc_attr
from woa_core.packs.west_of_africa.actions import ACTIONS, STEP_OF_VERB, Action
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.selection import ActionTuple, SelectionActions
from woa_core.packs.west_of_africa.state import NOBODY
from woa_core.packs.west_of_africa.view import PlayerView

HOLD_BEST = 0.85
"""A good waiting in the best market is worth this share of its price (it sells next turn)."""
HOLD_ELSEWHERE = 0.7
"""A good elsewhere is worth this share of the best price (it must be shipped first)."""
BACKLOG = 0.7
"""Gold lost per good beyond a ship's load already waiting outside the best market."""
VP_IN_GOLD = 4.0
"""What a victory point is worth in gold while the game goes on (3 VP settlements cost 6-12)."""
NOISE = 1.0
"""Up to this much gold of seeded noise on each plan, so equal bots choose differently."""
START_ORDER = ("move_ship", "sell", "found", "cultivate", "move_workers")
"""The order it starts its selected actions: carry goods, sell them, found with the gold, grow
goods (helpers go to the ships), then bring workers back into play."""
RANKED = frozenset(START_ORDER)
"""The actions it weighs, in its plans and step by step. An action beyond them (one a variant's
card brings in, docs/extending-west-of-africa.md) it never selects, and plays only when none of
these is worth a step; the search bot tries such actions itself (``unranked_actions``)."""


class Grow(NamedTuple):
    """Goods it can plant on one island: ``count`` goods worth ``worth`` gold each after cost."""

    island: int
    worth: float
    cost: int
    goods: int


class Plan(NamedTuple):
    """A part of a selection: its cards, its worth in gold, and what it needs."""

    cards: int  # a bit per card index
    value: float = 0.0
    income: int = 0  # gold gained before founding (sales)
    spend: int = 0  # gold it costs
    grow: tuple[Grow, ...] = ()  # cultivation: per island
    found: int = 0  # settlements it founds
    found_worth: float = 0.0  # per settlement, after its cost
    costs: tuple[int, ...] = ()  # of those settlements, cheapest first


NOTHING = Plan(0)


class Choice(NamedTuple):
    """A predicted or chosen selection: cards, card sum, and what it takes from the board."""

    cards: int  # a bit per card index
    card_sum: int
    grows: dict[int, int]  # island -> goods planted
    found: int


@mypyc_attr(allow_interpreted_subclasses=True)  # an outside bot may extend it (issue 42.7)
class HeuristicBot:
    """A careful beginner (see the module docstring)."""

    name: ClassVar[str] = "heuristic"
    kind: ClassVar[str] = "scripted"
    peeks: ClassVar[bool] = True  # it reads its view only while it chooses: no copy needed

    def __init__(self, seed: int, seat: int = 0, players: int = 2, noise: float = NOISE, predict: bool = True) -> None:
        self._rng = random.Random(seed)
        self._noise = noise
        self._predict = predict

    def reseed(self, seed: int) -> None:
        """Restart its random choices from ``seed`` (search replays the same luck)."""
        self._rng.seed(seed)

    # ------------------------------------------------------------------ choose

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Cards for the best plan during selection; otherwise the best step of the plan."""
        verb = legal[0][1]
        if verb == "select":
            return self.select(view, legal)
        if view.step == "main":
            return self._main(view, legal)
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = self._score(view, action) + self._rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    # --------------------------------------------------------------- selection

    def select(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The selection of the best plan (``legal`` are the select actions)."""
        p = view.player
        rivals = rival_predictions(view, p) if self._predict else []
        choice = ranked_choices(view, p, self._rng, rivals, self._noise, 1, wide=self._predict)[0]
        action = Action(p, "select", choice_counts(view.rules, choice))
        if action in _legal_set(legal):
            return action
        return Action(p, "select", _fallback(view.rules, legal))

    # ------------------------------------------------------------- action phase

    def _main(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Start the selected actions in ``START_ORDER``, each with its best first step."""
        by_action: dict[str, list[Action]] = {}
        end: Action = legal[0]
        for action in legal:
            verb = action[1]
            if verb == "end":
                end = action
                continue
            by_action.setdefault(STEP_OF_VERB.get(verb, verb), []).append(action)
        for name in START_ORDER:
            steps = by_action.get(name)
            if not steps:
                continue
            best, best_score = steps[0], 0.0
            for action in steps:
                score = _value(view, action) + self._rng.random() * 0.01
                if score > best_score:
                    best, best_score = action, score
            if best_score > 0:
                return best
        for name, steps in by_action.items():  # actions of other rules, in the order given
            if name not in START_ORDER:
                return steps[0]
        return end

    def score(self, view: PlayerView, action: Action) -> float:
        """What the bot thinks of one non-selection action now (positive: worth doing)."""
        return self._score(view, action)

    def _score(self, view: PlayerView, action: Action) -> float:
        r, p = view.rules, view.player
        verb = action[1]
        if verb in ("end", "done"):
            return 0.0
        if verb == "place":
            return _place_value(view, action[2])
        if verb == "displace":
            return float(view.vp[action[2]])  # push the leader away
        if verb == "retreat":
            return -float(r.distance[view.ship[p]][action[2]]) if view.ship[p] >= 0 else 0.0
        return _value(view, action)


def unranked_actions(r: Rules) -> tuple[str, ...]:
    """The actions of rules ``r`` (those with a card) that it does not weigh (``RANKED``), in the
    order they are declared: kept with the rules.

    >>> from woa_core.rules import load_rules
    >>> unranked_actions(load_rules("west-of-africa", 2))  # it weighs all of the rulebook's
    ()
    """
    return r.memo(  # type: ignore[no-any-return]
        "heuristic.unranked", lambda: tuple(a for a in ACTIONS if a in r.action_card and a not in RANKED)
    )


# ------------------------------------------------------------------ plans


def best_choice(
    view: PlayerView,
    p: int,
    rng: random.Random | None,
    rivals: list[tuple[int, Choice]],
    noise: float,
) -> Choice:
    """The best selection for player ``p`` seen from ``view``, knowing the ``rivals``' predicted
    choices (who acts first at each card sum takes fields and settlements first)."""
    return ranked_choices(view, p, rng, rivals, noise, 1)[0]


def rival_predictions(view: PlayerView, p: int) -> list[tuple[int, Choice]]:
    """What each other player is expected to select (the same reasoning from its side, without
    predicting further)."""
    return [(q, best_choice(view, q, None, [], 0.0)) for q in range(view.players) if q != p]


def choice_counts(r: Rules, choice: Choice) -> tuple[int, ...]:
    """A choice's cards as the card counts of a ``select`` action."""
    return tuple(choice.cards >> c & 1 for c in range(len(r.cards)))


def ranked_choices(
    view: PlayerView,
    p: int,
    rng: random.Random | None,
    rivals: list[tuple[int, Choice]],
    noise: float,
    k: int,
    wide: bool | None = None,
) -> list[Choice]:
    """The ``k`` best distinct selections for ``p`` (best first; see ``best_choice``). Without
    ``rng`` and ``rivals`` they follow from public facts alone, so they are kept by the view's
    public key and shared by every seat's view of that moment (each player predicts the others:
    their predictions are made once per moment, not once per player)."""
    if wide is None:  # its own choice weighs more options than a prediction of others
        wide = rng is not None or k > 1
    if rng is None and not rivals:
        cache = _shared_choices(view.rules)
        key = (view.public_key(), p, k, wide)
        found = cache.get(key)
        if found is None:
            if len(cache) >= _MOST_SHARED:
                cache.clear()
            found = cache[key] = _ranked_choices(view, p, None, [], noise, k, wide)
        return list(found)
    return _ranked_choices(view, p, rng, rivals, noise, k, wide)


_MOST_SHARED = 256
"""A bound on the shared predictions kept with the rules (cleared when reached)."""


def _shared_choices(r: Rules) -> dict[tuple[object, ...], list[Choice]]:
    return r.memo("heuristic.shared_choices", dict)  # type: ignore[no-any-return]


def _ranked_choices(
    view: PlayerView,
    p: int,
    rng: random.Random | None,
    rivals: list[tuple[int, Choice]],
    noise: float,
    k: int,
    wide: bool,
) -> list[Choice]:
    r = view.rules
    gold = view.gold[p]
    allowed = {a for a in r.action_card if not (view.round == 1 and a in r.first_round_forbidden)}
    last = _last_round(view)
    vp_gold = VP_IN_GOLD if not last else float(r.gold_per_vp)
    rank = view.gold_rank()
    my_rank = rank.index(p)
    trades = [NOTHING, *_top(_trades(view, p, allowed, last), 4 if wide else 2)]
    workers = [NOTHING]
    if "move_workers" in allowed:
        w = _workers_plan(view, p)
        if w.value > 0:
            workers.append(w)
    minus = next((1 << c for c in r.passing_cards if view.hand[p][c] > 0), 0) if wide else 0
    sums = _mask_sums(r)
    rand = rng.random if rng is not None else None
    scored: dict[int, tuple[float, Choice]] = {}
    before_at: dict[int, list[Choice]] = {}
    for trade in trades:
        founds = [NOTHING]
        if "found" in allowed:
            founds += _top(_found_plans(view, p, gold + trade.income, vp_gold), 2 if wide else 1)
        for found in founds:
            cultivates = [NOTHING]
            if "cultivate" in allowed and not last:
                cultivates += _grow_plans(view, p, gold - found.spend, 3 if wide else 2)
            for cultivate in cultivates:
                for worker in workers:
                    base = trade.cards | found.cards | cultivate.cards | worker.cards
                    for extra in (False, True) if minus else (False,):
                        cards = base | minus if extra else base
                        n = cards.bit_count()
                        if n == 0 or n > r.max_cards:
                            continue
                        fee = max(0, n - r.free_cards) * r.extra_card_cost
                        if fee > gold:
                            continue
                        card_sum = sums.get(cards)
                        if card_sum is None:
                            card_sum = sums[cards] = sum(
                                r.cards[c].value for c in range(len(r.cards)) if cards >> c & 1
                            )
                        before = before_at.get(card_sum)
                        if before is None:
                            before = before_at[card_sum] = [
                                c
                                for q, c in rivals
                                if c.card_sum < card_sum or (c.card_sum == card_sum and rank.index(q) < my_rank)
                            ]
                        value = trade.value + worker.value - fee - 0.01 * card_sum - (0.5 if extra else 0.0)
                        founded, spent = _found_outcome(found, view.track, before, gold + trade.income - fee)
                        value += founded * found.found_worth
                        value += _grow_value(cultivate, before, view, gold - fee - spent)
                        if rand is not None:
                            value += rand() * noise
                        known = scored.get(cards)
                        if known is None or value > known[0]:
                            grows = {g.island: g.goods for g in cultivate.grow}
                            scored[cards] = (value, Choice(cards, card_sum, grows, founded))
    ranked = [c for _, c in sorted(scored.values(), key=lambda vc: -vc[0]) if c.cards][:k]
    if not ranked:
        workers_card = _card(r, "move_workers")
        card = workers_card if workers_card >= 0 else 0
        return [Choice(1 << card, r.cards[card].value, {}, 0)]
    return ranked


def _found_outcome(found: Plan, track: int, before: list[Choice], budget: int) -> tuple[int, int]:
    """Settlements founded and gold spent, after the rivals acting first took from the track."""
    if not found.found:
        return 0, 0
    left = max(0, track - sum(c.found for c in before))
    count, spent = 0, 0
    for cost in found.costs[:left]:
        if spent + cost > budget:
            break
        count, spent = count + 1, spent + cost
    return count, spent


def _grow_value(cultivate: Plan, before: list[Choice], view: PlayerView, gold: int) -> float:
    if not cultivate.grow:
        return 0.0
    value = 0.0
    for g in cultivate.grow:
        taken = sum(c.grows.get(g.island, 0) for c in before)
        free = _free_fields(view, g.island)
        count = max(0, min(g.goods, free - taken))
        if g.cost > 0:
            count = min(count, max(0, gold) // g.cost)
            gold -= count * g.cost
        value += g.worth * count
    return value


def _grow_plans(view: PlayerView, p: int, gold: int, k: int) -> list[Plan]:
    key = ("grow", p, gold, k)
    found = _facts(view).other.get(key)
    if found is None:
        found = _facts(view).other[key] = _top(_cultivate_plans(view, p, gold), k)
    return found  # type: ignore[return-value]


def _trades(view: PlayerView, p: int, allowed: set[str], last: bool) -> list[Plan]:
    """Ways to turn goods into gold this turn, or move them towards a better market."""
    r = view.rules
    n = len(r.islands)
    gold = view.gold[p]
    stock = [sum(view.warehouse[i][p]) for i in range(n)]
    out: list[Plan] = []
    sell, ship = _card(r, "sell"), _card(r, "move_ship")
    hold = _holds(view, p)
    if "sell" in allowed and sell >= 0:
        # Sell where goods are worth more sold than kept (the best islands, up to two cards).
        gains = []
        for i in range(n):
            if stock[i] and r.island_card[i] >= 0:
                worth = stock[i] * (r.islands[i].price - hold[i])
                if worth > 0:
                    gains.append((worth, i))
        gains.sort(reverse=True)
        for k in (1, 2):
            if len(gains) >= k:
                islands = [i for _, i in gains[:k]]
                income = sum(stock[i] * r.islands[i].price for i in islands)
                gained = _gain(gold, income, r.gold_cap)
                kept = sum(stock[i] * hold[i] for i in islands)
                cards = _mask(sell, *(r.island_card[i] for i in islands))
                out.append(Plan(cards, gained - kept, income=gained))
    here = view.ship[p]
    if "move_ship" in allowed and ship >= 0 and here != NOBODY:
        best_carry = NOTHING
        for src in range(n):
            if not stock[src] or r.distance[here][src] > r.ship_range:
                continue
            carried = min(r.ship_capacity, stock[src])
            for dst in range(n):
                if dst == src or r.islands[dst].price <= r.islands[src].price:
                    continue
                if r.distance[here][src] + r.distance[src][dst] > r.ship_range:
                    continue
                if "sell" in allowed and sell >= 0 and r.island_card[dst] >= 0:
                    income = (carried + stock[dst]) * r.islands[dst].price
                    gained = _gain(gold, income, r.gold_cap)
                    kept = carried * hold[src] + stock[dst] * hold[dst]
                    cards = _mask(ship, sell, r.island_card[dst])
                    out.append(Plan(cards, gained - kept, income=gained))
                moved = carried * (hold[dst] - hold[src])
                if not last and moved > best_carry.value:
                    best_carry = Plan(_mask(ship), moved)
        if best_carry.cards:
            out.append(best_carry)
        elif not last:
            waiting = _waiting_source(view, p)
            if waiting >= 0 and waiting != here:
                out.append(Plan(_mask(ship), 1.0 + 0.5 * min(stock[waiting], r.ship_capacity)))
    return out


def _waiting_source(view: PlayerView, p: int) -> int:
    """The island with most own goods waiting outside the best market (-1: none)."""
    r = view.rules
    best = _best_price(r)
    options = [
        (sum(view.warehouse[i][p]), -i)
        for i in range(len(r.islands))
        if r.islands[i].price < best and any(view.warehouse[i][p])
    ]
    return -max(options)[1] if options else NOBODY


def _found_plans(view: PlayerView, p: int, budget: int, vp_gold: float) -> list[Plan]:
    """Founding where ``p`` is Alcalde with ``budget`` gold (after this turn's sales)."""
    r = view.rules
    found = _card(r, "found")
    if found < 0 or view.track <= 0:
        return []
    options = []
    for i in range(len(r.islands)):
        if view.alcalde[i] != p or r.island_card[i] < 0:
            continue
        costs: list[int] = []
        for c in _free_settle_costs(view, i)[: view.track]:
            if sum(costs) + c > budget:
                break
            costs.append(c)
        if costs:
            options.append((len(costs), tuple(costs), i))
    out = []
    for count, costs_i, i in options:
        worth = r.settlement_vp * vp_gold - sum(costs_i) / count
        out.append(
            Plan(_mask(found, r.island_card[i]), spend=sum(costs_i), found=count, found_worth=worth, costs=costs_i)
        )
    if len(options) >= 2:  # the two best islands together, within the budget and the track
        (c1, k1, i1), (c2, k2, i2) = sorted(options, reverse=True)[:2]
        both = tuple(sorted(k1 + k2))
        if sum(both) <= budget and c1 + c2 <= view.track:
            worth = r.settlement_vp * vp_gold - sum(both) / (c1 + c2)
            cards = _mask(found, r.island_card[i1], r.island_card[i2])
            out.append(Plan(cards, spend=sum(both), found=c1 + c2, found_worth=worth, costs=both))
    return [plan._replace(value=plan.found * plan.found_worth) for plan in out]


def _cultivate_plans(view: PlayerView, p: int, gold: int) -> list[Plan]:
    """Growing goods on one or two islands with ``gold``; helpers lower the cost (R5)."""
    r = view.rules
    cultivate = _card(r, "cultivate")
    if cultivate < 0 or gold < 0:
        return []
    supply = list(view.supply[p])
    backlog = _backlog(view, p)
    per_island = []
    for i in range(len(r.islands)):
        if r.island_card[i] < 0:
            continue
        k = _plantable(view, i, supply)
        if not k:
            continue
        helpers = min(view.workers[p][i], len(r.help_options) - 1)
        cost = max(0, r.cultivation_cost - r.worker_discount * helpers)
        worth = _hold_value(view, p, i) - cost
        if worth > 0:
            per_island.append(Grow(i, worth, cost, k))
    per_island.sort(key=lambda g: -g.worth * g.goods)
    combos = [[g] for g in per_island[:3]]
    if len(per_island) >= 2:
        combos.append(per_island[:2])
    out = []
    markers = sum(supply)
    for combo in combos:
        grown, spent, planted, value = [], 0, 0, 0.0
        for g in combo:
            count = 0
            for _ in range(g.goods):
                late = max(0, backlog + planted + 1 - r.ship_capacity) * BACKLOG
                if planted >= markers or spent + g.cost > gold or g.worth - late <= 0:
                    break
                spent, planted, count, value = spent + g.cost, planted + 1, count + 1, value + g.worth - late
            if count:
                grown.append(Grow(g.island, value / max(planted, 1), g.cost, count))
        if grown:
            cards = _mask(cultivate, *(r.island_card[g.island] for g in grown))
            worth = value / planted
            grows = tuple(g._replace(worth=worth) for g in grown)
            out.append(Plan(cards, value, spend=spent, grow=grows))
    return out


def _workers_plan(view: PlayerView, p: int) -> Plan:
    """Bringing workers off the ships and onto islands where they win or hold an Alcalde."""
    r = view.rules
    card = _card(r, "move_workers")
    if card < 0:
        return NOTHING
    n = len(r.islands)
    mine = view.workers[p]
    value = 2.5 * sum(mine[n:])
    stakes = _stakes(view, p)
    spare = [i for i in range(n) if mine[i] > 1 or (mine[i] == 1 and not _owns(view, p, i))]
    if spare:
        winnable = [stakes[i] for i in range(n) if not _owns(view, p, i) and _winnable(view, p, i)]
        value += max(winnable, default=0.0) * 0.5
    return Plan(_mask(card), value)


# ------------------------------------------------------------------ board facts


def _mask(*cards: int) -> int:
    """Cards as bits."""
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _mask_sums(r: Rules) -> dict[int, int]:
    """A cache of card sums by card bits, kept with the rules."""
    return r.memo("heuristic.mask_sums", dict)  # type: ignore[no-any-return]


def _top(plans: list[Plan], k: int) -> list[Plan]:
    return sorted(plans, key=lambda plan: -plan.value)[:k]


def _last_round(view: PlayerView) -> bool:
    return bool(view.last_round > 0 and view.round >= view.last_round)


def _best_price(r: Rules) -> int:
    return r.memo("heuristic.best_price", lambda: max(island.price for island in r.islands))  # type: ignore[no-any-return]


def _backlog(view: PlayerView, p: int) -> int:
    """Own goods waiting outside the best market."""
    r = view.rules
    best = _best_price(r)
    return sum(sum(view.warehouse[i][p]) for i in range(len(r.islands)) if r.islands[i].price < best)


def _hold_value(view: PlayerView, p: int, island: int) -> float:
    """What a good in ``island``'s warehouse is worth if kept (nothing after the last round)."""
    return _holds(view, p)[island]


def _holds(view: PlayerView, p: int) -> list[float]:
    facts = _facts(view)
    found = facts.holds[p]
    if found is None:
        found = facts.holds[p] = _make_holds(view, p)
    return found


def _make_holds(view: PlayerView, p: int) -> list[float]:
    r = view.rules
    if _last_round(view):
        return [0.0] * len(r.islands)
    best = _best_price(r)
    late = max(0, _backlog(view, p) - r.ship_capacity) * BACKLOG / r.ship_capacity
    return [
        HOLD_BEST * island.price if island.price >= best else max(float(island.price), HOLD_ELSEWHERE * best - late)
        for island in r.islands
    ]


class _Facts:
    """What the bot derives from one view, each made once, when first asked (a view is a
    snapshot: what it shows never changes). Per seat: a list by seat, None until made."""

    def __init__(self, view: PlayerView) -> None:
        seats, islands = view.players, len(view.rules.islands)
        self.view = view
        self.holds: list[list[float] | None] = [None] * seats
        self.contest: list[list[tuple[int, int, int]] | None] = [None] * seats
        self.owns: list[list[bool] | None] = [None] * seats
        self.stakes: list[list[float] | None] = [None] * seats
        self.open: list[list[int] | None] = [None] * seats
        self.worker_goal: list[int | None] = [None] * seats
        self.settle: list[list[int] | None] = [None] * islands
        self.influence: list[list[int]] | None = None
        self.rank: list[int] | None = None
        self.free_fields: list[int] | None = None
        self.ship_goal: tuple[int, int] | None = None
        self.other: dict[tuple[object, ...], object] = {}  # grow plans and pulls, by their arguments


_LAST: list[_Facts | None] = [None]
"""The facts of the last view asked about (the bot decides on one view at a time)."""


def _facts(view: PlayerView) -> _Facts:
    facts = _LAST[0]
    if facts is None or facts.view is not view:
        facts = _LAST[0] = _Facts(view)
    return facts


def _gain(gold: int, income: int, cap: int) -> int:
    """Gold actually gained from ``income`` under the cap (R10)."""
    return max(0, min(cap, gold + income) - gold)


def _selected(view: PlayerView, card: int) -> bool:
    sel = view.selection(view.player)
    return isinstance(sel, list) and card >= 0 and sel[card] > 0


def _card(r: Rules, action: str) -> int:
    card = r.action_card.get(action)
    return card if card is not None else -1


def _free_settle_costs(view: PlayerView, island: int) -> list[int]:
    facts = _facts(view)
    found = facts.settle[island]
    if found is None:
        found = facts.settle[island] = _make_settle_costs(view, island)
    return found


def _make_settle_costs(view: PlayerView, island: int) -> list[int]:
    r = view.rules
    return sorted(
        r.spaces[s].cost
        for s in r.islands[island].spaces
        if r.spaces[s].cost >= 0 and view.settlement[s] == NOBODY and view.crop[s] == NOBODY
    )


def _free_fields(view: PlayerView, island: int) -> int:
    facts = _facts(view)
    found = facts.free_fields
    if found is None:
        found = facts.free_fields = _make_free_fields(view)
    return found[island]


def _make_free_fields(view: PlayerView) -> list[int]:
    """Free fields per island."""
    r = view.rules
    spaces = r.spaces
    return [
        sum(1 for s in island.spaces if spaces[s].good >= 0 and view.crop[s] == NOBODY and view.settlement[s] == NOBODY)
        for island in r.islands
    ]


def _plantable(view: PlayerView, island: int, supply: list[int]) -> int:
    """How many goods ``supply`` could plant on ``island``'s free fields (one per field)."""
    r = view.rules
    left = list(supply)
    k = 0
    for s in r.islands[island].spaces:
        g = r.spaces[s].good
        if g >= 0 and view.crop[s] == NOBODY and view.settlement[s] == NOBODY and left[g] > 0:
            left[g] -= 1
            k += 1
    return k


def _influence(view: PlayerView, q: int, island: int, workers: int | None = None) -> int:
    if workers is None:
        return _influences(view)[island][q]
    r = view.rules
    return (
        sum(view.warehouse[island][q]) * r.influence_good
        + workers * r.influence_worker
        + (r.influence_ship if view.ship[q] == island else 0)
    )


def _influences(view: PlayerView) -> list[list[int]]:
    """Influence by island and player (R14)."""
    facts = _facts(view)
    found = facts.influence
    if found is None:
        found = facts.influence = _make_influences(view)
    return found


def _make_influences(view: PlayerView) -> list[list[int]]:
    r = view.rules
    ig, iw, ship = r.influence_good, r.influence_worker, r.influence_ship
    return [
        [
            sum(view.warehouse[i][q]) * ig + view.workers[q][i] * iw + (ship if view.ship[q] == i else 0)
            for q in range(view.players)
        ]
        for i in range(len(r.islands))
    ]


def _rival_influence(view: PlayerView, p: int, island: int) -> tuple[int, int]:
    """The strongest other player's influence on ``island`` and that player (-1: nobody)."""
    best, who = 0, NOBODY
    for q, f in enumerate(_influences(view)[island]):
        if q != p and f > best:
            best, who = f, q
    return best, who


def _beats(view: PlayerView, p: int, mine: int, rival: int, who: int) -> bool:
    """Whether influence ``mine`` of ``p`` beats ``rival``'s (ties by the gold track, R14)."""
    if mine != rival:
        return mine > rival
    if mine == 0:
        return False
    facts = _facts(view)
    rank = facts.rank
    if rank is None:
        rank = facts.rank = view.gold_rank()
    return rank.index(p) < rank.index(who)


def _owns(view: PlayerView, p: int, island: int, workers: int | None = None) -> bool:
    """Whether ``p`` would be Alcalde of ``island`` now (with ``workers`` own workers there)."""
    if workers is None:
        return _ownership(view, p)[island]
    mine, rival, who = _contest(view, p)[island]
    mine += (workers - view.workers[p][island]) * view.rules.influence_worker
    return _beats(view, p, mine, rival, who)


def _winnable(view: PlayerView, p: int, island: int) -> bool:
    mine, rival, who = _contest(view, p)[island]
    return _beats(view, p, mine + 2 * view.rules.influence_worker, rival, who)


def _contest(view: PlayerView, p: int) -> list[tuple[int, int, int]]:
    """Per island: ``p``'s influence, the strongest other's and who that is."""
    facts = _facts(view)
    found = facts.contest[p]
    if found is None:
        found = facts.contest[p] = _make_contest(view, p)
    return found


def _make_contest(view: PlayerView, p: int) -> list[tuple[int, int, int]]:
    table = _influences(view)
    out = []
    for row in table:
        rival, who = 0, NOBODY
        for q, f in enumerate(row):
            if q != p and f > rival:
                rival, who = f, q
        out.append((row[p], rival, who))
    return out


def _ownership(view: PlayerView, p: int) -> list[bool]:
    facts = _facts(view)
    found = facts.owns[p]
    if found is None:
        found = facts.owns[p] = [_beats(view, p, m, r, w) for m, r, w in _contest(view, p)]
    return found


def _stakes(view: PlayerView, p: int) -> list[float]:
    """What being Alcalde of each island is worth to ``p`` (its VP, and founding there)."""
    facts = _facts(view)
    found = facts.stakes[p]
    if found is None:
        found = facts.stakes[p] = _make_stakes(view, p)
    return found


def _make_stakes(view: PlayerView, p: int) -> list[float]:
    r = view.rules
    out = []
    for i in range(len(r.islands)):
        value = r.alcalde_vp * VP_IN_GOLD
        costs = _free_settle_costs(view, i)
        if costs and view.track > 0:
            value += r.settlement_vp * VP_IN_GOLD * (0.8 if costs[0] <= view.gold[p] + 10 else 0.4)
        out.append(value)
    return out


# ------------------------------------------------------------------ action steps


def _legal_set(legal: Sequence[Action]) -> Collection[Action]:
    """``legal`` for membership tests without a scan: the engine's selections test an action
    directly (``SelectionActions``) or by a set (``ActionTuple``); anything else is made one."""
    return legal if isinstance(legal, (SelectionActions, ActionTuple)) else frozenset(legal)


def _fallback(r: Rules, legal: Sequence[Action]) -> tuple[int, ...]:
    """The cheapest selection on offer (for a plan the rules refused, e.g. in a variant)."""
    return tuple(min((a[2] for a in legal), key=lambda c: (sum(c), sum(n * r.cards[i].value for i, n in enumerate(c)))))


def _value(view: PlayerView, action: Action) -> float:
    """What one step is worth now (positive: do it)."""
    verb = action[1]
    if verb == "sell":
        return _sell_value(view, action[2])
    if verb == "found":
        return 100.0 - view.rules.spaces[action[2]].cost
    if verb == "help":
        return _help_value(view, action[2], action[3])
    if verb == "cultivate":
        return _plant_value(view, action[2])
    if verb == "worker":
        return _worker_value(view, action[2], action[3])
    if verb in ("sail", "load", "unload"):
        return _ship_step_value(view, action)
    return 0.0


def _place_value(view: PlayerView, island: int) -> float:
    """Round 1: moor near the own selected islands, where the best market is within range."""
    r, p = view.rules, view.player
    mine = [i for i in range(len(r.islands)) if _selected(view, r.island_card[i])]
    best = _best_price(r)
    markets = [i for i in range(len(r.islands)) if r.islands[i].price >= best]
    near_market = min(r.distance[island][m] for m in markets) <= r.ship_range
    far = max((r.distance[island][i] for i in mine), default=0)
    return -2.0 * far + (1.0 if near_market else 0.0) + 0.01 * r.islands[island].moorings - 0.001 * p


def _sell_value(view: PlayerView, island: int) -> float:
    r, p = view.rules, view.player
    gained = _gain(view.gold[p], r.islands[island].price, r.gold_cap)
    return gained - _hold_value(view, p, island) - 0.01


def _help_value(view: PlayerView, island: int, ships: tuple) -> float:
    r, p = view.rules, view.player
    if _last_round(view):
        return -1.0
    k = _plantable(view, island, list(view.supply[p]))
    hold = _hold_value(view, p, island)
    if not k or hold <= 0:
        return -1.0
    helpers = len(ships)
    useful = -(-r.cultivation_cost // max(r.worker_discount, 1))
    if helpers > useful:
        return -1.0
    k = min(k, view.gold[p] // max(1, r.cultivation_cost - r.worker_discount * helpers) if helpers < useful else k)
    saved = float(min(helpers * r.worker_discount, r.cultivation_cost) * k)
    # A worker that holds an Alcalde is worth keeping there when the island matters.
    if _owns(view, p, island) and not _owns(view, p, island, view.workers[p][island] - helpers):
        saved -= _stakes(view, p)[island] * 0.5
    # Helpers go to the worker ship whose entry island is nearest to where workers are wanted.
    goal = _worker_goal(view, p)
    near = min(range(len(r.worker_ships)), key=lambda w: r.distance[r.ship_entry[w]][goal])
    return 20.0 + saved + sum(0.1 for w in ships if w == near) if saved > 0 else -1.0


def _plant_value(view: PlayerView, group: int) -> float:
    r, p = view.rules, view.player
    island = r.spaces[group].island
    helpers = max(view.helpers[island], 0) if view.step == "cultivate" else 0
    cost = max(0, r.cultivation_cost - r.worker_discount * helpers)
    late = max(0, _backlog(view, p) + 1 - r.ship_capacity) * BACKLOG
    worth = _hold_value(view, p, island) - cost - late
    good = r.spaces[group].good
    return 10.0 + worth + 0.1 * view.supply[p][good] if worth > 0 else -1.0


def _open_islands(view: PlayerView, p: int) -> list[int]:
    """Islands ``p`` does not hold but two more workers would win."""
    return [j for j in range(len(view.rules.islands)) if not _owns(view, p, j) and _winnable(view, p, j)]


def _worker_goal(view: PlayerView, p: int) -> int:
    """The island where one more own worker is worth most."""
    facts = _facts(view)
    found = facts.worker_goal[p]
    if found is None:
        found = facts.worker_goal[p] = _make_worker_goal(view, p)
    return found


def _make_worker_goal(view: PlayerView, p: int) -> int:
    stakes = _stakes(view, p)
    n = len(view.rules.islands)
    options = [i for i in range(n) if not _owns(view, p, i) and _winnable(view, p, i)]
    return max(options or range(n), key=lambda i: stakes[i])


def _worker_value(view: PlayerView, source: int, dest: int) -> float:
    """The change in what the own Alcaldes are worth when one worker moves, plus a pull towards
    islands that one or two more workers would win."""
    r, p = view.rules, view.player
    n = len(r.islands)
    stakes = _stakes(view, p)
    workers = view.workers[p]
    gain = 0.0
    surplus = True  # the worker holds nothing where it stands
    if source < n:
        if _owns(view, p, source) and not _owns(view, p, source, workers[source] - 1):
            gain -= stakes[source]
            surplus = False
    else:
        gain += 3.0
    if source != dest and not _owns(view, p, dest) and _owns(view, p, dest, workers[dest] + 1):
        gain += stakes[dest]
    points = view.points if view.step == "move_workers" else r.action_points
    if surplus:
        pull = _pulls(view, p, points)
        gain += 0.3 * (pull[dest] - (pull[source] if source < n else 0.0))
    return gain if gain > 0.05 else -1.0


def _pulls(view: PlayerView, p: int, points: int) -> list[float]:
    """Per island, how strongly a worker there is drawn towards the islands that two more workers
    would win, within ``points`` steps (``_worker_value``)."""
    key = ("pulls", p, points)
    found = _facts(view).other.get(key)
    if found is None:
        found = _facts(view).other[key] = _make_pulls(view, p, points)
    return found  # type: ignore[return-value]


def _make_pulls(view: PlayerView, p: int, points: int) -> list[float]:
    r = view.rules
    stakes = _stakes(view, p)
    facts = _facts(view)
    open_ = facts.open[p]
    if open_ is None:
        open_ = facts.open[p] = _open_islands(view, p)
    out = []
    for far in r.distance:
        out.append(max((stakes[j] * 0.5 ** far[j] for j in open_ if far[j] <= points), default=0.0))
    return out


def _ship_goal(view: PlayerView) -> tuple[int, int]:
    """Where the ship should load and where unload, from the view and the own selection:
    ``(source, destination)``, ``(-1, destination)`` when only sailing, ``(-1, -1)``: stay."""
    facts = _facts(view)
    found = facts.ship_goal
    if found is None:
        found = facts.ship_goal = _make_ship_goal(view)
    return found


def _make_ship_goal(view: PlayerView) -> tuple[int, int]:
    r, p = view.rules, view.player
    n = len(r.islands)
    here = view.ship[p]
    moving = view.step == "move_ship"
    points = view.points if moving else r.ship_range
    room = r.ship_capacity - (view.loaded if moving else 0)
    cargo = sum(view.cargo) if moving else 0
    selling = _selected(view, _card(r, "sell")) and "sell" not in view.used
    hold = _holds(view, p)
    stock = [sum(view.warehouse[i][p]) for i in range(n)]
    best, best_value = (NOBODY, NOBODY), 0.0
    for dst in range(n):
        worth = _dst_worth(view, dst, selling, hold)
        if cargo:
            if r.distance[here][dst] <= points:
                value = cargo * worth - r.distance[here][dst] * 0.01
                if value > best_value:
                    best, best_value = (NOBODY, dst), value
            continue
        for src in range(n):
            if not stock[src] or src == dst or room <= 0:
                continue
            if r.distance[here][src] + r.distance[src][dst] > points:
                continue
            value = min(room, stock[src]) * (worth - hold[src])
            if value > best_value:
                best, best_value = (src, dst), value
    if best[1] == NOBODY and not cargo and not _last_round(view):
        waiting = _waiting_source(view, p)
        if waiting >= 0 and waiting != here:
            return NOBODY, waiting  # sail towards the goods, to carry them next turn
    return best


def _dst_worth(view: PlayerView, dst: int, selling: bool, hold: list[float]) -> float:
    """A good unloaded at ``dst``: its price if it is sold there this turn, else kept."""
    r = view.rules
    return float(r.islands[dst].price) if selling and _selected(view, r.island_card[dst]) else hold[dst]


def _ship_step_value(view: PlayerView, action: Action) -> float:
    r, p = view.rules, view.player
    here = view.ship[p]
    src, dst = _ship_goal(view)
    verb = action[1]
    moving = view.step == "move_ship"
    carrying = moving and any(view.cargo)
    points = view.points if moving else r.ship_range
    if verb == "unload":
        if not carrying:
            return -1.0
        return 12.0 if here == dst or dst < 0 or points == 0 else -1.0
    if verb == "load":
        if src == here and dst >= 0:
            return 8.0
        # More goods from here, when the ship already carries some towards a better market.
        room = r.ship_capacity - (view.loaded if moving else 0)
        if not (carrying and room > 0 and dst >= 0 and r.distance[here][dst] <= points):
            return -1.0
        selling = _selected(view, _card(r, "sell")) and "sell" not in view.used
        hold = _holds(view, p)
        return 7.0 if hold[here] < _dst_worth(view, dst, selling, hold) else -1.0
    if dst < 0:
        return -1.0
    goal = src if (src >= 0 and here != src) else dst
    if r.distance[action[2]][goal] >= r.distance[here][goal]:
        return -1.0
    return 6.0
