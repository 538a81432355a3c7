"""Go West!'s pictures and words for the tools (``woa_core.report.drawing.Drawing``): ``woa board``,
``woa replay --svg/--html/--at``, ``woa play``, ``woa serve`` and PettingZoo's ``render``.

A seat sees its own hand only (§4, G23): ``seen`` makes the state a seat's picture and words are
drawn from out of its view (``Game.observation``), so what the view does not hold — the other
hands, the draw pile's order, the chance stream — is not in it to be drawn: those cards are
``HIDDEN``, drawn as backs and told by their number.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.go_west.game import Game
>>> game = Game(load_rules("go-west", 3), seed=2)
>>> mine = seen(game, 1)
>>> mine.cards.hands[1] == game.state.cards.hands[1], mine.cards.hands[0], mine.chance
(True, [-1, -1, -1, -1, -1, -1, -1], [])
>>> DRAWING.viewer(game.rules).document("").rstrip().endswith('<g id="pieces"></g></svg>')
True
"""

from __future__ import annotations

from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.draw.explain import explain_between
from woa_core.packs.go_west.draw.look import seen
from woa_core.packs.go_west.draw.svg import board_layer, board_svg, document, map_height, map_parts
from woa_core.packs.go_west.draw.words import key_numbers, panel, render, said, words
from woa_core.packs.go_west.state import State
from woa_core.packs.go_west.steps import PAY
from woa_core.report.drawing import Drawing, Viewer


def viewer(rules: Rules) -> Viewer[State]:
    """The replay viewer's and the play page's static board and pieces parts: the map only (the
    regions, the track, the piles) and the hands whose faces the state drawn holds — every hand
    in a replay, a seat's own at ``woa serve`` —, the seats' figures given as words (``panel``)
    for the page to show beside the picture, so no seat's row is drawn.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.go_west.game import Game
    >>> rules = load_rules("go-west", 3)
    >>> game = Game(rules, seed=1)
    >>> parts = viewer(rules).parts(game.state, ["a", "b", "c"])
    >>> len(parts)  # 6 regions' wagons, 4 blocks, the track and its markers, 3 piles, 3 hands
    18
    >>> mine = "".join(viewer(rules).parts(seen(game, 1), ["a", "b", "c"]))
    >>> mine.count('<g class="hand"'), 'data-seat="p2"' in mine, 'class="seat"' in mine
    (1, True, False)
    """
    static = board_layer(rules)
    return Viewer(
        document=lambda pieces: document(rules, map_height(rules, pieces), static, pieces),
        parts=lambda state, seats: map_parts(rules, state),
        panel=lambda state, seats: panel(rules, state, seats),
    )


def marks(rules: Rules, before: State, after: State, action: tuple[object, ...]) -> list[str]:
    """Where an action happened on the board, as CSS selectors: a card played or sold (the card
    being played, else the discard pile's top), the blocks it put discs in, a step's two regions'
    wagons, a +1 disc's block, a scoring's track, a token's declaration.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.go_west.game import Game
    >>> game = Game(load_rules("go-west", 2), seed=1)
    >>> before = game.state.copy(); game.apply((0, "double"))
    >>> marks(game.rules, before, game.state, (0, "double"))
    ['[data-token="p1"]']
    """
    p, verb = int(action[0]), str(action[1])  # type: ignore[call-overload]
    if verb in ("double", "single", "stop"):
        return [f'[data-token="p{p + 1}"]']
    if verb == "step":
        r = int(action[2])  # type: ignore[call-overload]
        return [f'[data-wagons="{rules.regions[r]}"]', f'[data-wagons="{rules.regions[r + 1]}"]']
    out = []
    if verb in ("play", "sell") or (verb == "pay" and before.card >= 0):
        out.append('[data-slot="played"]' if after.card >= 0 else '[data-slot="discard"]')
    for b, r in enumerate(rules.block_region):
        if after.blocks[b] != before.blocks[b] or after.pushed[b] != before.pushed[b]:
            out.append(f'[data-block="{rules.regions[r]}"]')
    if (verb == "score" and after.step != PAY) or (verb == "pay" and before.card < 0):
        out.append('[data-track="vp"]')
    return out


DRAWING = Drawing(
    board=lambda rules, state, seats, source: board_svg(rules, state, seats),  # the same at every count
    viewer=viewer,
    text=render,
    explain=explain_between,
    scores=lambda state: list(state.vp),
    places=("data-region", "data-card"),
    seen=seen,
    words=words,
    key_numbers=key_numbers,
    said=said,
    rounds=False,  # played in turns: "rounds" have no rule effect (G2)
    marks=marks,
)
"""Go West!'s pictures and words; a region's column carries its word (``data-region="GP"``: a
step's region, a +1 disc's block) and a hand's card its shape's (``data-card="A04"``), the words
the notation names them by, so ``woa serve`` offers them as targets."""
