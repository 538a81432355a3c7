"""Why an action is refused, in a sentence naming the rule (5.1-5.4, 6.0, G5, G7, G9, G12, G17,
G26); the state is unchanged. ``refusal`` answers for the actions a player is most likely to try
wrongly; anything else gets the kernel's list of what is possible now.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("go-west", 2), seed=1)
>>> refusal(game, (0, "stop"))
'stop ends a double move after its first action: p1 has declared none (G17)'
>>> refusal(game, (0, "score"))
"'score' is not possible now: p1's turn begins with the double-move decision: double or single (6.0, G17)"
>>> refusal(game, (1, "single")) is None  # not p2's turn: the kernel says so
True
"""

from __future__ import annotations

from typing import Any

from woa_core.packs.go_west.steps import ACTION, ALSO, DECLARE, PAY, STEP

_STEP_RULE = {"play": "5.1", "sell": "5.3", "score": "5.2"}


def refusal(game: Any, action: tuple[object, ...]) -> str | None:
    """The reason ``action`` is not legal now, or None to let the kernel list the legal ones."""
    s, r = game.state, game.rules
    if game.over or len(action) < 2 or action[0] not in game.deciders():
        return None
    p, verb, arg = int(action[0]), action[1], action[2] if len(action) > 2 else None  # type: ignore[call-overload]
    who, step = f"p{p + 1}", s.step
    if verb == "double" and step == ACTION and not (s.token[p] or s.doubled or s.acts):
        return f"{who}'s double-move token is spent: all come back when no player holds one (6.0, G17)"
    if verb == "double" and step != DECLARE:
        return f"a double move is declared only as the first decision of a turn (6.0, G17): {_now(game, p)}"
    if verb == "stop" and r.second_required:
        return "under double_second_action: required a declared turn has two actions: no stop (G17)"
    if verb == "stop" and not s.doubled:
        return f"stop ends a double move after its first action: {who} has declared none (G17)"
    if verb == "stop" and step == ACTION and not s.acts:
        return "stop comes after the double move's first action, not before it (G17)"
    if verb == "pay" and step != PAY:
        if not r.free_split:
            return "under vp_payment: shortfall the payment is no choice: every disc, then the rest in VP (G9)"
        return f"VP pay only the part of a cost the discs in supply cannot (5.4, G9): {_now(game, p)}"
    wanted = {DECLARE: ("double", "single"), ACTION: ("play", "sell", "score", "stop")}.get(step, (step,))
    if verb not in wanted:
        return f"'{verb}' is not possible now: {_now(game, p)}"
    if verb in ("play", "sell") and isinstance(arg, int):
        card, cost = r.shape_word[arg], r.shapes[arg][3]
        if arg not in s.cards.kinds_held(p, r.card_shape):
            hand = ", ".join(r.card_id[c] for c in s.cards.hands[p])
            return f"{who} holds no card like {card} (hand: {hand}; {_STEP_RULE[verb]})"
        if verb == "play" and cost > s.supply[p] + s.vp[p]:
            return f"{card} costs {cost}: {who} has {_means(s, p)} (5.4)"
    if verb == "score":
        if s.used[p] >= len(r.scoring_costs):
            return f"{who} has used all {len(r.scoring_costs)} scoring cards: no scoring is left to trigger (G12)"
        cost = r.scoring_costs[s.used[p]]
        return f"{who}'s scoring card {s.used[p] + 1} costs {cost}: {who} has {_means(s, p)} (5.4)"
    if verb == "pay" and isinstance(arg, int):
        low, cost = game.vp_range(p, s.cost)[0], s.cost
        if arg < low:
            return f"{who}'s {s.supply[p]} discs cannot pay {cost - arg} of the cost {cost}: at least {low} in VP (G9)"
        if arg > s.vp[p]:
            return f"{who} has {s.vp[p]} VP, fewer than {arg}: VP never go below 0 (5.4, G9)"
        return f"the cost is {cost}: at most {cost} of it in VP (G9)"
    if verb == "also" and isinstance(arg, int):
        printed = r.regions[r.block_region[arg]]
        return f"the +1 card's second disc goes into a block other than the printed {printed} (5.1, G5)"
    if verb == "step" and isinstance(arg, int):
        name, reach = r.regions[arg], sum(s.wagons[i] * (r.exit - i) for i in range(arg, r.exit))
        if arg < s.floor:
            return f"{name} lies east of the last step's {r.regions[s.floor]}: the steps go east to west (G26)"
        if not s.wagons[arg]:
            return f"{name} holds no wagon (5.1, G7)"
        can = f"{reach} step" + "s" * (reach != 1)
        return f"the wagons from {name} west can take only {can}, not the {s.left} still due (5.1, G7, G26)"
    return None


def _means(s: Any, p: int) -> str:
    """A seat's discs in supply and VP, in words."""
    return f"{s.supply[p]} disc{'s' * (s.supply[p] != 1)} and {s.vp[p]} VP"


def _now(game: Any, p: int) -> str:
    """What seat ``p`` is asked to decide now, in words."""
    s, r, who = game.state, game.rules, f"p{p + 1}"
    if s.step == DECLARE:
        return f"{who}'s turn begins with the double-move decision: double or single (6.0, G17)"
    if s.step == PAY:
        low, high = game.vp_range(p, s.cost)
        return f"{who} is to choose the VP part of the cost {s.cost}: pay {low} to pay {high} (5.4, G9)"
    if s.step == ALSO:
        return f"{who} is to place the +1 card's second disc: also REGION (5.1, G5)"
    if s.step == STEP:
        return f"{who} has {s.left} wagon step(s) of {r.card_id[s.card]} to make: step REGION (5.1, G7)"
    stop = ", or stop" if s.doubled and s.acts == 1 and not r.second_required else ""
    return f"{who} is to take an action: play, sell or score{stop} (5.0)"
