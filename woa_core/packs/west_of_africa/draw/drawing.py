"""West of Africa's pictures and words for the tools (``woa_core.report.drawing.Drawing``).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 2)
>>> DRAWING.viewer(rules).document("").rstrip().endswith('<g id="pieces"></g></svg>')
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.draw.explain import explain_between
from woa_core.packs.west_of_africa.draw.panel import marks, panel
from woa_core.packs.west_of_africa.draw.render import render
from woa_core.packs.west_of_africa.draw.svg import (
    board_layer,
    board_svg,
    board_title,
    layout,
    pieces_parts,
    svg_document,
)
from woa_core.packs.west_of_africa.draw.words import key_numbers, said, words
from woa_core.packs.west_of_africa.state import GameState
from woa_core.report.drawing import Drawing, Viewer
from woa_core.rules import RulesSource


def printed_moorings(source: RulesSource, rules: Rules) -> list[int]:
    """Per island, the most moorings any supported player count uses (the printed board), so the
    picture can show which ones this player count leaves unused.

    >>> from woa_core.rules import read_rules
    >>> source = read_rules("west-of-africa")
    >>> printed_moorings(source, source.compile(2))[3]  # Tenerife: its second mooring is for 4-5 players
    2
    """
    most = [i.moorings for i in rules.islands]
    for count in rules.document["players"]["counts"]:
        other = source.compile(count)
        for k, island in enumerate(rules.islands):
            j = other.island_id(island.id)
            if j >= 0:
                most[k] = max(most[k], other.islands[j].moorings)
    return most


def board(rules: Rules, state: GameState | None, seats: Sequence[str], source: RulesSource | None) -> str:
    """The board as SVG, with the moorings this player count leaves unused crossed out."""
    printed = printed_moorings(source, rules) if source is not None else None
    return board_svg(rules, state, printed_moorings=printed, seats=seats)


def viewer(rules: Rules) -> Viewer:
    """The replay viewer's static board and pieces parts: the map only, its players' panel
    given as words (``panel``) for the page to show as text, legible at any width.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.west_of_africa.state import new_state
    >>> rules = load_rules("west-of-africa", 3)
    >>> shown = viewer(rules)
    >>> parts = shown.parts(new_state(rules, seed=1), ["a", "b", "c"])
    >>> len(parts), any('class="player"' in part for part in parts)  # 7 islands and the ships: no panel
    (8, False)
    """
    lay = layout(rules)
    lay = replace(lay, height=lay.panel_y - 4)  # down to the legend: the panel is shown in words
    static, title = board_layer(rules, lay), board_title(rules)
    return Viewer(
        document=lambda pieces: svg_document(rules, lay, static, pieces, title),
        parts=lambda state, seats: pieces_parts(rules, lay, state, seats)[:-1],
        panel=lambda state, seats: panel(rules, state, seats),
    )


DRAWING = Drawing(
    board=board,
    viewer=viewer,
    text=render,
    explain=explain_between,
    scores=lambda state: list(state.vp),
    places=("data-island", "data-ship"),
    seen=lambda game, seat: game.observation(seat).visible_state(),
    words=words,
    key_numbers=key_numbers,
    said=said,
    marks=marks,
)
