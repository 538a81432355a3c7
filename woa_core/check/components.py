"""The kernel's invariants about its own components, for the games that use them: ``woa check``
runs them beside the pack's own and the contract's (``woa_core.check.invariants.invariants_of``),
each ``check(game, prev)`` returning None or a sentence saying what is wrong.

- a pack whose ``resample_hidden`` is a ``CardsAndChance`` (``woa_core.kernel.hidden``: its state
  keeps a card component and a chance stream) gets ``cards_conserved`` (every card exactly once,
  go-west-rulings §5 R-CARDS) and ``chance_never_seen`` (no view shows the stream, R-CHANCE); one
  that declares a full hand's size (``CardsAndChance.hand_size``) gets ``hands_full`` too;
- rules whose flow declares named ends (``woa_core.kernel.flow.End``) get ``ended_by_name``: the
  game is over exactly when one of them has fired, and then ranked (R-ENDS).

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("go-west", 3), seed=2)
>>> checks = component_invariants(game.rules)
>>> list(checks), [name for name, check in checks.items() if check(game, None)]
(['cards_conserved', 'chance_never_seen', 'hands_full', 'ended_by_name'], [])
>>> game.state.cards.pile.pop() >= 0, checks["cards_conserved"](game, None)
(True, 'the cards in play are 55 of 56 (missing: [...]) (§5 R-CARDS)')
>>> component_invariants(load_rules("west-of-africa", 3))
{}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from woa_core.kernel.chance import hidden_from
from woa_core.kernel.contract import Game
from woa_core.kernel.hidden import CardsAndChance

ComponentInvariant = Callable[[Game, Any], str | None]
"""An invariant of the game now and the state before the last action (None at the start)."""

STREAM_KEYS = ("chance", "stream", "seed")
"""The keys ``chance.hidden_from`` takes for the stream wherever a view holds them."""


def component_invariants(rules: Any) -> dict[str, ComponentInvariant]:
    """The kernel's invariants about the components the games of ``rules`` use, by name (see the
    module docstring); none for rules whose games use none."""
    checks: dict[str, ComponentInvariant] = {}
    if isinstance(rules.pack.resample_hidden, CardsAndChance):
        checks |= {"cards_conserved": cards_conserved, "chance_never_seen": chance_never_seen}
        if rules.pack.resample_hidden.hand_size is not None:
            checks["hands_full"] = hands_full
    flow = getattr(rules, "flow", None)
    if flow is not None and flow.ends:
        checks["ended_by_name"] = ended_by_name
    return checks


def _declared(game: Game) -> CardsAndChance[Any, Any]:
    hidden = game.rules.pack.resample_hidden
    assert isinstance(hidden, CardsAndChance), "only for a pack that declares its cards and chance"
    return hidden


def cards_conserved(game: Game, prev: Any) -> str | None:
    """Every card of the deck is once in a hand, the draw pile or the discard pile, or set aside
    (being played; ``CardsAndChance.aside``) (go-west-rulings §5 R-CARDS, T1)."""
    problem = _declared(game).problem(game.rules, game.state)
    return None if problem is None else f"{problem} (§5 R-CARDS)"


def hands_full(game: Game, prev: Any) -> str | None:
    """While the game runs every hand is full at every moment between actions, but for the cards
    its seat has set aside (a card being played, out of its hand) or when no card is left to draw
    (``CardsAndChance.hand_problem``; §5 R-CARDS)."""
    if game.over:
        return None
    problem = _declared(game).hand_problem(game.rules, game.state)
    return None if problem is None else f"{problem} (§5 R-CARDS)"


def chance_never_seen(game: Game, prev: Any) -> str | None:
    """No seat's view shows the chance stream the next reshuffle draws from (§5 R-CHANCE). A view
    whose JSON text holds neither the seed's digits nor a key naming a stream shows nothing of it
    (``chance.hidden_from`` looks for those): only another is walked (it costs four times the text)."""
    stream = game.state.chance
    seed = str(stream[0])
    for p in range(game.rules.players):
        view = game.observation(p).to_json()
        text = json.dumps(view)
        if seed in text or any(f'"{key}"' in text for key in STREAM_KEYS):
            problem = hidden_from(view, stream)
            if problem is not None:
                return f"p{p + 1}: {problem} (§5 R-CHANCE)"
    return None


def ended_by_name(game: Game, prev: Any) -> str | None:
    """The game is over exactly when one of the rules' named ends has fired (the state's
    ``ended``, which the flow sets), and then ranked (``ranking``): the engine requirement R-ENDS
    (go-west-rulings §5), for any flow that declares named ends."""
    flow, s = game.rules.flow, game.state
    names = {end.name for end in flow.ends}
    over = s.step == flow.over
    if over != bool(s.ended) or (s.ended and s.ended not in names) or over != bool(s.ranking):
        state = "over" if over else "not over"
        return f"the game is {state}, ended by {s.ended!r} of {sorted(names)}, ranked {s.ranking} (§5 R-ENDS)"
    return None
