"""A Go West! player's view as numbers (``Pack.features``): the observation of the PettingZoo
environment (``woa_core.pettingzoo``), of the same length for every view of one ruleset and player
count. A view holds no other hand, no pile order and no chance stream (G23, §4), so neither do
these numbers: cards are counted by shape.

In order: the wagons per region; per block, each of its places one-hot over the seats (oldest
first, G4) and its push-outs; per seat its supply, lid, VP, scoring cards used, token, hand size
and draws since the last reshuffle; the step one-hot, the turn's state (double move, actions, the
card being played by shape, a cost to pay, steps left, the step floor), turns played, the active
and the viewing seat one-hot; the cards as the kernel writes what a seat sees of them
(``Features.cards``: by shape the viewer's hand, the discard pile, the cards shuffled in at the
last reshuffle and the cards it has not seen, the card being played counted as seen; the pile's
size, reshuffles); the end one-hot and the ranking once over (-1 before).

Each part is of a width the rules fix (``woa_core.kernel.features``), so the count is what this
writes (``feature_count``):

>>> from woa_core.kernel.features import feature_count
>>> from woa_core.packs.go_west.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("go-west", 3), seed=1)
>>> a, b = features(game.observation(0)), features(game.observation(2))
>>> len(a) == len(b) == feature_count(game.rules), a == b
(True, False)
>>> feature_count(load_rules("go-west", 2)), feature_count(load_rules("go-west", 4))
(323, 399)
"""

from __future__ import annotations

from typing import Any

from woa_core.kernel.features import Features
from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.steps import OVER, STEPS


def features(view: Any) -> list[float]:
    """A player's view (``woa_core.packs.go_west.view``) as numbers (the module docstring says
    which, in order)."""
    rules: Rules = view.rules
    n, c, shapes = view.players, view.cards, len(rules.shapes)
    out = Features()
    out.add(*view.wagons)
    for queue, pushed in zip(view.blocks, view.pushed, strict=True):
        for place in range(rules.capacity):
            out.one_hot(queue[place] if place < len(queue) else -1, n)
        out.add(pushed)
    for p in range(n):
        out.add(view.supply[p], view.lid[p], view.vp[p], view.used[p])
        out.add(view.token[p], c["hand_sizes"][p], c["draws"][p])
    out.one_hot(STEPS.index(view.step), len(STEPS))
    out.add(view.doubled, view.acts)
    out.one_hot(rules.card_shape[view.card] if view.card >= 0 else -1, shapes)
    out.add(view.cost, view.left, view.floor, view.turns)
    out.one_hot(view.order[view.turn] if view.order and view.step != OVER else -1, n)
    out.one_hot(view.player, n)
    out.cards(c, rules.card_shape, shapes, len(rules.card_id), also_seen=(view.card,))  # played face up; -1: none
    out.one_hot([end.name for end in rules.flow.ends].index(view.ended) if view.ended else -1, len(rules.flow.ends))
    out.padded(view.ranking, n)
    return out.numbers
