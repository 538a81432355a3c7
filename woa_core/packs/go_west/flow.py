"""Go West!'s turn flow: the named primitives ``turn.yaml``'s ``flow`` puts in order.

Turns go clockwise from the start player (G2); a turn begins with the declaration of a double move
when the player holds a token (G17). Two moments inside an action: ``scoring`` (a scoring done) and
``card`` (an action card's placement and movement done); after ``card`` the player draws (G14),
unless the ``wagons`` end fired there. The three named ends (7.0): ``vp50`` at ``scoring`` (G18, no
final scoring), ``wagons`` at ``card`` (G19) and ``capped`` after a turn (G22), both with the free
final scoring.

>>> from woa_core.rules import load_rules
>>> flow = load_rules("go-west", 3).flow
>>> [end.name for end in flow.ends], [end.at for end in flow.ends], sorted(flow.moments)
(['vp50', 'wagons', 'capped'], ['scoring', 'card', 'turn'], ['card', 'scoring'])
"""

from __future__ import annotations

from woa_core.kernel.flow import FlowPrimitives, Outcome
from woa_core.packs.go_west.game import Game, action_done
from woa_core.packs.go_west.scoring import rank, score_all
from woa_core.packs.go_west.steps import ACTION, DECLARE, STEPS

FLOW: FlowPrimitives[Game] = FlowPrimitives(at=("turn", "flow"), steps=STEPS, moments=("scoring", "card"))
"""Where the rules declare the flow, every step the code knows, the moments its verbs reach, and
the primitives the declaration names."""


@FLOW.decider.register("start_player")
def start_player(game: Game) -> int:
    """The seat that takes the first turn: seat 1, or drawn with the seed (G2)."""
    return game.state.first


@FLOW.start_turn.register("begin_turn")
def begin_turn(game: Game) -> str:
    """A turn begins: with a held token, the declaration (6.0); else the action."""
    s = game.state
    s.doubled = False
    s.acts = 0
    return DECLARE if s.token[s.order[s.turn]] else ACTION


FLOW.then.register("action_done")(action_done)


@FLOW.then.register("draw_then_action_done")
def draw_then_action_done(game: Game) -> Outcome:
    """After an action card, if the game goes on: the player draws (G14; a reshuffle when the pile
    runs out, G15), and the action is complete."""
    s = game.state
    s.cards.draw(s.order[s.turn], s.chance)
    return action_done(game)


@FLOW.end_if.register("vp_threshold")
def vp_threshold(game: Game) -> bool:
    """Someone has reached the threshold at the end of a scoring (7.0, G18)."""
    return max(game.state.vp) >= game.rules.vp_threshold


@FLOW.end_if.register("wagons_gone")
def wagons_gone(game: Game) -> bool:
    """New England and the East hold no wagon (7.0, G19)."""
    w = game.state.wagons
    return not any(w[r] for r in game.rules.gone_from)


@FLOW.end_if.register("turn_cap")
def turn_cap(game: Game) -> bool:
    """The safety cap on player turns is reached (G22)."""
    return game.state.turns >= game.rules.max_turns


@FLOW.finish.register("rank")
def rank_only(game: Game) -> None:
    """The end at the threshold: no final scoring, only the ranking (G18, G27)."""
    rank(game.rules, game.state)


@FLOW.finish.register("final_scoring")
def final_scoring(game: Game) -> None:
    """The free final scoring of every block (G19: no card used, nobody pays), then the ranking."""
    score_all(game.rules, game.state, final=True)
    rank(game.rules, game.state)
