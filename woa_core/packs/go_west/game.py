"""The interpreter: Go West!'s legal actions and their effects, for any compiled rules.

A turn is a sequence of small decisions by the active player (G26; ``steps`` names them). Each
verb is declared once in ``VERBS`` with what plays it; ``legal_actions`` lists every legal action of
the step, and an action is legal exactly when it is listed (``ListedGame``); an illegal one is
refused with the reason (``refusal``) and the state unchanged. A verb returns what happened for the
turn flow, which the kernel advances (``Flow.advance``): an action card's placement and movement
done is the moment ``card``, a scoring done the moment ``scoring``, at which the rules' named ends
are checked (``turn.yaml``); the pack's ``flow`` module says how the turn goes on after them.

>>> from woa_core.kernel.notation import format_action
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("go-west", 2), seed=1)
>>> [format_action(game.rules, a) for a in game.legal_actions()]
['p1 double', 'p1 single']
>>> game.apply((0, "single")); game.state.step, format_action(game.rules, game.legal_actions()[-1])
('action', 'p1 score')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from random import Random
from types import MappingProxyType
from typing import Final, cast

from woa_core.bots.random_bot import Weighted
from woa_core.kernel.actions import Action, ActionTable, Verb, action_table
from woa_core.kernel.flow import TURN_OVER, Outcome, Reached
from woa_core.kernel.plain import ListedGame, View
from woa_core.packs.go_west.bots.weights import step_weights
from woa_core.packs.go_west.compiled import PLUS_ONE, TWO, Rules
from woa_core.packs.go_west.notation import ARG_KINDS
from woa_core.packs.go_west.scoring import score_all
from woa_core.packs.go_west.state import State, new_state
from woa_core.packs.go_west.steps import ACTION, ALSO, DECLARE, OVER, PAY, STEP

CARD_DONE: Final = Reached("card")
"""An action card's placement and movement are done (G8): the ``wagons`` end is checked (G19)."""
SCORING_DONE: Final = Reached("scoring")
"""A scoring is done, all four regions (G12): the ``vp50`` end is checked (G18)."""


class Game(ListedGame[State, Rules, View]):
    """One game of Go West!: compiled ``rules`` plus a ``State`` that ``apply`` advances
    (``woa_core.kernel.contract.Game``)."""

    def __init__(self, rules: Rules, seed: int = 0, state: State | None = None) -> None:
        self._t: ActionTable = action_table(rules, VERBS, ARG_KINDS)  # every action, made once
        super().__init__(rules, seed, state)

    def new_state(self, rules: Rules, seed: int) -> State:
        """The state after setup (``state.new_state``)."""
        return new_state(rules, seed)

    def deciders(self) -> list[int]:
        """The active seat; nobody once the game is over."""
        s = self.state
        return [] if s.step == OVER else [s.order[s.turn]]

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every action ``player`` (default: the active seat) may take now (G26).

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("go-west", 2), seed=1)
        >>> len(game.legal_actions(0)), game.legal_actions(1)
        (2, [])
        """
        s = self.state
        if s.step == OVER:
            return []
        p = s.order[s.turn]
        if player is not None and player != p:
            return []
        t, step = self._t, s.step
        if step == ACTION:
            return self._actions(p)
        if step == STEP:  # weighed for a random player: each distinct result as likely (bots.weights)
            steps = Weighted([t["step"][p][r] for r in self.step_regions()], partial(step_weights, self))
            return cast(list[Action], steps)  # a list of actions with their weights
        if step == DECLARE:
            return [t["double"][p][0], t["single"][p][0]]
        if step == PAY:
            low, high = self.vp_range(p, s.cost)
            return t["pay"][p][low : high + 1]
        block = self.rules.shapes[self.rules.card_shape[s.card]][0]  # ALSO: any block but the printed one
        return [a for b, a in enumerate(t["also"][p]) if b != block]

    def _actions(self, p: int) -> list[Action]:
        s, r, t = self.state, self.rules, self._t
        means = s.supply[p] + s.vp[p]
        play, sell = t["play"][p], t["sell"][p]
        out = []
        for k in s.cards.kinds_held(p, r.card_shape):
            if r.shapes[k][3] <= means:
                out.append(play[k])
            out.append(sell[k])
        used = s.used[p]
        if used < len(r.scoring_costs) and r.scoring_costs[used] <= means:
            out.append(t["score"][p][0])
        if s.doubled and s.acts == 1 and not r.second_required:
            out.append(t["stop"][p][0])
        return out

    def step_regions(self) -> list[int]:
        """The regions the next wagon step may leave (G26): no further east than the last step's,
        holding a wagon, and with the wagons from there west able to take every step still due."""
        s, exit_ = self.state, self.rules.exit
        w = s.wagons
        out = []
        reach = 0  # steps the wagons from region r west can still take
        for r in range(exit_ - 1, s.floor - 1, -1):
            reach += w[r] * (exit_ - r)
            if w[r] and s.left <= reach:
                out.append(r)
        out.reverse()
        return out

    def vp_range(self, p: int, cost: int) -> tuple[int, int]:
        """The VP part a seat with too few discs may pay of ``cost`` (G9): free_split, any from what
        the discs cannot cover up to the cost or its VP; shortfall, exactly what they cannot cover."""
        s = self.state
        low = cost - s.supply[p]
        return (low, min(cost, s.vp[p]) if self.rules.free_split else low)

    def apply_legal(self, action: tuple[object, ...]) -> None:
        """Play an action of ``legal_actions()`` without checking it again; what its verb returns
        moves the flow on (``Flow.advance``)."""
        outcome = _PLAY[action[1]](self, *action[:1], *action[2:])  # type: ignore[index, operator]
        self.rules.flow.advance(self, outcome)

    # ----------------------------------------------------------------- seeing

    def observation(self, player: int) -> View:
        """What ``player`` may see (G23, §4): everything but the other hands, the draw pile's
        order and the chance stream (``view.observe``)."""
        from woa_core.packs.go_west.view import observe

        return observe(self, player)

    @classmethod
    def determinize(cls, view: View, rng: Random) -> Game:
        """A full game consistent with ``view``: the unseen cards dealt anew over the others' hands
        and the pile (§4), the chance stream drawn anew (R-CHANCE)."""
        from woa_core.packs.go_west.hidden import HIDDEN
        from woa_core.packs.go_west.view import state_of

        rules: Rules = view.rules  # type: ignore[assignment]
        return cls(rules, state=HIDDEN.determinized(state_of(view), view.cards, view.player, rules, rng))

    def _refusal(self, action: tuple[object, ...]) -> str:
        from woa_core.packs.go_west.refusals import refusal

        return refusal(self, action) or super()._refusal(action)


# ----------------------------------------------------------------------- the verbs


def _declare(game: Game, p: int) -> Outcome:
    """``double`` (6.0, G17): the token is spent; if nobody holds one now, all come back at once."""
    s = game.state
    s.token[p] = False
    s.doubled = True
    if not any(s.token):
        s.token = [True] * s.players
    return ACTION


def _single(game: Game, p: int) -> Outcome:
    """``single``: a turn of one action."""
    return ACTION


def _play(game: Game, p: int, shape: int) -> Outcome:
    """``play CARD`` (5.1, G8): the card of that shape leaves the hand and is paid for; then its
    discs and its steps."""
    s, r = game.state, game.rules
    s.card = s.cards.lift(p, r.card_shape, shape)
    return _pay_or_ask(game, p, r.shapes[shape][3])


def _score(game: Game, p: int) -> Outcome:
    """``score`` (5.2, G12): the lowest scoring card left is used and paid for; then the scoring."""
    s = game.state
    cost = game.rules.scoring_costs[s.used[p]]
    s.used[p] += 1
    return _pay_or_ask(game, p, cost)


def _pay_or_ask(game: Game, p: int, cost: int) -> Outcome:
    """Pay ``cost`` in discs when the supply covers it (T8: no VP then); else, under ``shortfall``,
    every disc and the rest in VP; under ``free_split`` the player chooses the VP part (G9)."""
    s = game.state
    if s.supply[p] >= cost:
        s.supply[p] -= cost
        s.lid[p] += cost
        return _paid(game, p)
    if game.rules.free_split:
        s.cost = cost
        return PAY
    return _pay(game, p, cost - s.supply[p])


def _pay(game: Game, p: int, vp: int) -> Outcome:
    """``pay V`` (5.4, G9): V of the cost in VP (lost), the rest in discs (into the lid)."""
    s = game.state
    cost = s.cost if s.step == PAY else vp + s.supply[p]
    discs = cost - vp
    s.supply[p] -= discs
    s.lid[p] += discs
    s.vp[p] -= vp
    s.cost = -1
    return _paid(game, p)


def _paid(game: Game, p: int) -> Outcome:
    """After the payment: a card's discs (G5, G6), or the scoring."""
    s, r = game.state, game.rules
    if s.card < 0:
        score_all(r, s, final=False)
        return SCORING_DONE
    block, symbol, moves, _ = r.shapes[r.card_shape[s.card]]
    if block >= 0:
        _place(game, p, block)
        if symbol == TWO:
            _place(game, p, block)
        elif symbol == PLUS_ONE and s.supply[p]:
            return ALSO
    return _moves(game, moves)


def _place(game: Game, p: int, block: int) -> None:
    """One disc into ``block`` if the supply has one (G6); a full block pushes its oldest disc back
    to its owner's supply, usable at once (5.1, G4)."""
    s = game.state
    if not s.supply[p]:
        return
    queue = s.blocks[block]
    if len(queue) == game.rules.capacity:
        s.supply[queue.pop(0)] += 1
        s.pushed[block] += 1
    queue.append(p)
    s.supply[p] -= 1


def _also(game: Game, p: int, block: int) -> Outcome:
    """``also BLOCK``: the "+1" card's second disc (G5)."""
    _place(game, p, block)
    r = game.rules
    return _moves(game, r.shapes[r.card_shape[game.state.card]][2])


def _moves(game: Game, moves: int) -> Outcome:
    s = game.state
    s.left = moves
    s.floor = 0
    return STEP if moves else _card_done(game)


def _step(game: Game, p: int, region: int) -> Outcome:
    """``step REGION`` (G7, G26): a wagon from the region to the next west."""
    s = game.state
    s.wagons[region] -= 1
    s.wagons[region + 1] += 1
    s.floor = region
    s.left -= 1
    return None if s.left else _card_done(game)


def _card_done(game: Game) -> Outcome:
    """The card goes face up onto the discard pile (G8); the moment ``card``."""
    s = game.state
    s.cards.discard_card(s.card, s.order[s.turn])
    s.card = -1
    return CARD_DONE


def _sell(game: Game, p: int, shape: int) -> Outcome:
    """``sell CARD`` (5.3, G11, G30): discarded face up; its cost in discs from the lid, as far as the
    lid holds them; then the draw."""
    s, r = game.state, game.rules
    s.cards.discard_card(s.cards.lift(p, r.card_shape, shape), p)
    gain = min(r.shapes[shape][3], s.lid[p])
    s.lid[p] -= gain
    s.supply[p] += gain
    s.cards.draw(p, s.chance)
    return action_done(game)


def _stop(game: Game, p: int) -> Outcome:
    """``stop``: a double move ends after its first action (G17, optional)."""
    game.state.turns += 1
    return TURN_OVER


def action_done(game: Game) -> Outcome:
    """An action is complete: a double move's second action, or the turn is over (G17)."""
    s = game.state
    s.acts += 1
    if s.doubled and s.acts < 2:
        return ACTION
    s.turns += 1
    return TURN_OVER


VERBS = MappingProxyType(
    {
        "double": Verb("double", (), _declare, "", "declare a double move: two actions this turn (6.0)"),
        "single": Verb("single", (), _single, "", "one action this turn"),
        "play": Verb("play", ("card",), _play, "CARD", "play an action card: pay, place its discs, move wagons (5.1)"),
        "sell": Verb("sell", ("card",), _sell, "CARD", "sell an action card: its cost in discs from the lid (5.3)"),
        "score": Verb("score", (), _score, "", "trigger a scoring with the lowest scoring card (5.2)"),
        "stop": Verb("stop", (), _stop, "", "end a double move after its first action (G17)"),
        "pay": Verb("pay", ("vp",), _pay, "V", "pay V of the cost in VP, the rest in discs (5.4, G9)"),
        "also": Verb("also", ("block",), _also, "REGION", "the second disc of a +1 card, into another block (G5)"),
        "step": Verb("step", ("region",), _step, "REGION", "move one wagon from the region one region west (G7)"),
    }
)
"""Every verb of Go West!'s notation (G26)."""

_PLAY = MappingProxyType({name: verb.play for name, verb in VERBS.items()})
"""What plays each verb, read by ``Game.apply_legal`` at each action (a module global: a test may
break one on purpose, in either build)."""
