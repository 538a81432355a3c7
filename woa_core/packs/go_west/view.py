"""What a player may see (G23, §4), and the state a view stands for.

A view is the public state (wagons, blocks with their queue order, every seat's supply, lid, VP,
scoring cards used and token, the discard pile, hand sizes, the pile's size) plus the viewer's own
hand and what it knows since the last reshuffle (``Cards.public``). It never holds another hand,
the pile's order or the chance stream (the invariant ``views_keep_secrets`` and
``chance_never_seen`` check every view). The split is the state's ``RECORD`` (``woa_core.kernel.record``).

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.go_west.game import Game
>>> game = Game(load_rules("go-west", 2), seed=3)
>>> view = game.observation(1)
>>> view.cards["hand"] == game.state.cards.hands[1], "chance" in view.to_json(), view.cards["pile_size"]
(True, False, 42)
"""

from __future__ import annotations

from typing import Any

from woa_core.kernel.plain import View
from woa_core.packs.go_west.state import RECORD, State

PUBLIC: tuple[str, ...] = RECORD.shown
"""The state's public fields, as they are (everything but ``cards`` and ``chance``)."""


def observe(game: Any, player: int) -> View:
    """``player``'s view of ``game`` (copies: it does not change with the game)."""
    return View(game.rules, player, **RECORD.view(game.state, player, PUBLIC))


def state_of(view: View) -> State:
    """A state with the view's public fields; its cards and chance stream are placeholders that
    ``Game.determinize`` replaces."""
    return RECORD.from_view(view)
