"""A Go West! player's view as numbers (``Pack.features``): the observation of the PettingZoo
environment (``woa_core.pettingzoo``), of the same length for every view of one ruleset and player
count. A view holds no other hand, no pile order and no chance stream (G23, §4), so neither do
these numbers: cards are counted by shape.

In order: the wagons per region; per block, each of its places one-hot over the seats (oldest
first, G4) and its push-outs; per seat its supply, lid, VP, scoring cards used, token, hand size
and draws since the last reshuffle; the step one-hot, the turn's state (double move, actions, the
card being played by shape, a cost to pay, steps left, the step floor), turns played, the active
and the viewing seat one-hot; by shape the viewer's hand, the discard pile, the cards shuffled in
at the last reshuffle and the cards it has not seen; the pile's size, reshuffles; the end one-hot
and the ranking once over (-1 before).

>>> from woa_core.packs.go_west.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("go-west", 3), seed=1)
>>> a, b = features(game.observation(0)), features(game.observation(2))
>>> len(a) == len(b) == size(game.rules), a == b
(True, False)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.steps import OVER, STEPS


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def features(view: Any) -> list[float]:
    """A player's view (``woa_core.packs.go_west.view``) as numbers (the module docstring says
    which, in order)."""
    rules: Rules = view.rules
    n, c, shapes = view.players, view.cards, len(rules.shapes)
    out = [float(w) for w in view.wagons]
    for queue, pushed in zip(view.blocks, view.pushed, strict=True):
        for place in range(rules.capacity):
            out += _one_hot(queue[place] if place < len(queue) else -1, n)
        out.append(float(pushed))
    for p in range(n):
        out += [float(view.supply[p]), float(view.lid[p]), float(view.vp[p]), float(view.used[p])]
        out += [float(view.token[p]), float(c["hand_sizes"][p]), float(c["draws"][p])]
    out += _one_hot(STEPS.index(view.step), len(STEPS))
    out += [float(view.doubled), float(view.acts)]
    out += _one_hot(rules.card_shape[view.card] if view.card >= 0 else -1, shapes)
    out += [float(view.cost), float(view.left), float(view.floor), float(view.turns)]
    out += _one_hot(view.order[view.turn] if view.order and view.step != OVER else -1, n)
    out += _one_hot(view.player, n)
    seen = Counter(c["hand"]) + Counter(c["discard"]) + Counter([view.card] if view.card >= 0 else [])
    unseen = [k for k in range(len(rules.card_id)) if not seen[k]]
    for cards in (c["hand"], c["discard"], c["pool"], unseen):
        out += _by_shape(rules, cards)
    out += [float(c["pile_size"]), float(c["reshuffles"])]
    out += _one_hot([end.name for end in rules.flow.ends].index(view.ended) if view.ended else -1, len(rules.flow.ends))
    out += [float(p) for p in view.ranking] + [-1.0] * (n - len(view.ranking))
    return out


def _by_shape(rules: Rules, cards: list[int]) -> list[float]:
    counts = [0.0] * len(rules.shapes)
    for card in cards:
        counts[rules.card_shape[card]] += 1.0
    return counts


def size(rules: Rules) -> int:
    """The number of features of any view under ``rules``.

    >>> from woa_core.rules import load_rules
    >>> size(load_rules("go-west", 2)), size(load_rules("go-west", 4))
    (323, 399)
    """
    n, shapes, blocks = rules.players, len(rules.shapes), len(rules.block_region)
    per_block = rules.capacity * n + 1
    turn = len(STEPS) + 2 + shapes + 4 + 2 * n
    return rules.exit + 1 + blocks * per_block + 7 * n + turn + 4 * shapes + 2 + len(rules.flow.ends) + n
