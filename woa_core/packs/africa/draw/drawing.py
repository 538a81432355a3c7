"""Africa's pictures and words for the tools (``woa_core.report.drawing.Drawing``): ``woa board``,
``woa replay --svg/--html/--at``, ``woa play`` and PettingZoo's ``render``.

>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 2)
>>> DRAWING.viewer(rules).document("").rstrip().endswith('<g id="pieces"></g></svg>')
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.draw.explain import explain_between
from woa_core.packs.africa.draw.panel import panel
from woa_core.packs.africa.draw.render import render
from woa_core.packs.africa.draw.shapes import map_layout
from woa_core.packs.africa.draw.svg import board_layer, board_svg, board_title, map_parts, svg_document
from woa_core.packs.africa.draw.words import key_numbers, said, words
from woa_core.packs.africa.state import State
from woa_core.report.drawing import Drawing, Viewer


def board(rules: Rules, state: State | None, seats: Sequence[str], source: Any) -> str:
    """The map as SVG (the same at every player count but for the supply, so ``source`` is not
    needed)."""
    return board_svg(rules, state, seats)


def viewer(rules: Rules) -> Viewer:
    """The replay viewer's static map and pieces parts: the map only, with the legend under it,
    the panel given as words (``panel``) for the page to show as a table, legible at any width.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.game import Game
    >>> rules = load_rules("africa", 3)
    >>> parts = viewer(rules).parts(Game(rules, seed=1).state, ["a", "b", "c"])
    >>> len(parts), any('class="player"' in part for part in parts)  # 13 rows and 3 explorers: no panel
    (16, False)
    """
    lay = map_layout(rules)
    static, title = board_layer(rules, lay), board_title(rules)
    return Viewer(
        document=lambda pieces: svg_document(rules, lay, static, pieces, title),
        parts=lambda state, seats: map_parts(rules, lay, state, seats),
        panel=lambda state, seats: panel(rules, state, seats),
    )


DRAWING = Drawing(
    board=board,
    viewer=viewer,
    text=render,
    explain=explain_between,
    scores=lambda state: list(state.vp),
    places=("data-field", "data-city"),
    seen=lambda game, seat: game.observation(seat).visible_state(),
    words=words,
    key_numbers=key_numbers,
    said=said,
    rounds=False,  # Africa is played in turns: its flow's rounds are no word of the game
)
"""Africa's pictures and words; a field's elements carry its id (``data-field``) and a start
city's marker its key (``data-city``), the words the notation names them by, so ``woa serve``
offers them as targets and marks the last action's."""
