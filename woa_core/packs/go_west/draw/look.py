"""How Go West!'s cards, regions and pieces look, shared by the picture and the words: a card in
words and as a small face (its region's colour and word, the disc symbol, the wagons, the cost in
coins), a card back, a covered wagon. Everything is read from the compiled rules; the regions'
colours from ``board.yaml``'s ``colours`` (presentation only, reconstructed but for the green
Great Plains, go-west-rulings §1).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("go-west", 3)
>>> card_words(rules, rules.card_index["A19"]), card_words(rules, rules.card_index["A53"])
('A19 GP 2 · 2 wagons · cost 3', 'A53 no region · 1 wagon · free')
>>> region_colour(rules, 2), region_colour(rules, 0)
('green', '#e4ded0')
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from woa_core.kernel.cards import Cards
from woa_core.packs.go_west.compiled import SYMBOLS, Rules
from woa_core.packs.go_west.state import State

HIDDEN = -1
"""A card the state drawn does not show (another seat's hand, the draw pile): drawn as a back."""

PLAIN = "#e4ded0"
"""The colour of a region without a colour of its own (New England, California) and of a card
without a region."""

_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}")


def region_colour(rules: Rules, region: int) -> str:
    """Region ``region``'s colour (a CSS colour from the rules' ``colours``; ``PLAIN`` if none or
    not a colour word)."""
    colours = rules.document["board"].get("colours") or {}
    colour = str(colours.get(rules.region_keys[region], ""))
    return colour if _COLOUR.fullmatch(colour) else PLAIN


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless 1.

    >>> plural(1, "wagon"), plural(0, "disc")
    ('1 wagon', '0 discs')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def card_label(rules: Rules, card: int) -> str:
    """A card's region word and disc symbol (``GP 2``, ``E +1``), or ``no region``."""
    block, symbol, _, _ = rules.shapes[rules.card_shape[card]]
    return "no region" if block < 0 else f"{rules.regions[rules.block_region[block]]} {SYMBOLS[symbol]}"


def card_words(rules: Rules, card: int) -> str:
    """A card in words: its id, region and symbol, wagons and cost (``A19 GP 2 · 2 wagons · cost 3``)."""
    _, _, moves, cost = rules.shapes[rules.card_shape[card]]
    price = f"cost {cost}" if cost else "free"
    return f"{rules.card_id[card]} {card_label(rules, card)} · {plural(moves, 'wagon')} · {price}"


def svg_text(x: float, y: float, text: str, cls: str, anchor: str = "start", **attrs: str) -> str:
    """A ``<text>`` element (the words escaped; ``font_weight="700"`` becomes ``font-weight``).

    >>> svg_text(1, 2, "a<b", "s", "middle")
    '<text x="1.0" y="2.0" class="s" text-anchor="middle">a&lt;b</text>'
    """
    more = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" class="{cls}" text-anchor="{anchor}"{more}>{escape(text)}</text>'


def wagon(x: float, y: float, scale: float = 1.0) -> str:
    """A covered wagon with its lower left at (x, y): a canvas cover, a box and two wheels."""
    s = scale
    return (
        f'<path d="M{x + 2 * s:.1f} {y - 9 * s:.1f}q0 -11 {11 * s:.1f} -11h{6 * s:.1f}q11 0 {11 * s:.1f} 11z" '
        'fill="#f4ecd8" stroke="#5a4630" stroke-width="1.2"/>'
        f'<rect x="{x:.1f}" y="{y - 9 * s:.1f}" width="{34 * s:.1f}" height="{5 * s:.1f}" fill="#8a5a2b"/>'
        f'<circle cx="{x + 7 * s:.1f}" cy="{y - 2 * s:.1f}" r="{3.5 * s:.1f}" fill="#3d2b16"/>'
        f'<circle cx="{x + 27 * s:.1f}" cy="{y - 2 * s:.1f}" r="{3.5 * s:.1f}" fill="#3d2b16"/>'
    )


CARD_W, CARD_H = 92, 62
"""A card's size in the picture."""


def face_id(rules: Rules, card: int) -> str:
    """The id of card ``card``'s face in the picture's ``<defs>`` (-1: the wagon they show), the
    ruleset's hash in it, so two rulesets' pictures on one page never share one."""
    return f"gw{rules.content_hash[:6]}-{rules.card_id[card] if card >= 0 else 'wagon'}"


def card_face(rules: Rules, card: int) -> str:
    """Card ``card``'s face with its upper left at (0, 0): the region's colour and word with the
    disc symbol, the wagons, the cost on a coin, the id."""
    block, _, moves, cost = rules.shapes[rules.card_shape[card]]
    colour = PLAIN if block < 0 else region_colour(rules, rules.block_region[block])
    return (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf5" stroke="{colour}" stroke-width="2.5"/>'
        f'<rect x="1.5" y="1.5" width="{CARD_W - 3}" height="20" rx="5" fill="{colour}" fill-opacity=".5"/>'
        + svg_text(6, 16, card_label(rules, card), "h")
        + f'<use href="#{face_id(rules, -1)}" transform="translate(5 44) scale(.75)" opacity="{1 if moves else 0.3}"/>'
        + svg_text(34, 42, f"× {moves}", "h", fill="#222" if moves else "#888")
        + '<circle cx="77" cy="46" r="10" fill="#e8c547" stroke="#8a6d00"/>'
        + svg_text(77, 51, str(cost), "h", "middle")
        + svg_text(6, 58, rules.card_id[card], "s", fill="#6b5636")
    )


def card_defs(rules: Rules) -> str:
    """Every card's face, once, for the pieces to show by reference (``card_svg``)."""
    faces = "".join(
        f'<g id="{face_id(rules, c)}" class="face"><title>{escape(card_words(rules, c))}</title>'
        f"{card_face(rules, c)}</g>"
        for c in range(len(rules.card_id))
    )
    return f'<defs><g id="{face_id(rules, -1)}">{wagon(0, 0)}</g>{faces}</defs>'


def card_svg(rules: Rules, card: int, x: float, y: float, word: bool = True) -> str:
    """Card ``card`` face up with its upper left at (x, y), its face shown from ``card_defs``.
    ``word``: the element carries the card's word in the notation (``data-card``, the first id of
    its shape, G26), so a page offers it as a target."""
    named = f' data-card="{rules.shape_word[rules.card_shape[card]]}"' if word else ""
    return (
        f'<g class="card"{named} data-id="{rules.card_id[card]}"><rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" '
        f'height="{CARD_H}" fill="none"/><use href="#{face_id(rules, card)}" x="{x:.0f}" y="{y:.0f}"/></g>'
    )


def back_svg(x: float, y: float, words: str = "") -> str:
    """A card back (a face nobody drawing this may see) with its upper left at (x, y), ``words``
    to its right."""
    return (
        f'<rect class="back" x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#6b4f2e" '
        f'stroke="#3d2b16" stroke-width="2"/><rect x="{x + 7:.1f}" y="{y + 7:.1f}" width="{CARD_W - 14}" '
        f'height="{CARD_H - 14}" rx="4" fill="none" stroke="#c9a56a" stroke-width="1.5"/>'
        + (svg_text(x + CARD_W + 10, y + 36, words, "h") if words else "")
    )


def seen(game: Any, seat: int) -> State:
    """The state as ``seat`` may see it, made from its view alone: its own hand, every other
    hand and the draw pile as ``HIDDEN`` cards (their sizes kept), the discard pile face up
    (G30), no chance stream (R-CHANCE)."""
    from woa_core.packs.go_west.view import state_of

    view = game.observation(seat)
    state = state_of(view)
    c = view.cards
    hands = [c["hand"][:] if q == seat else [HIDDEN] * n for q, n in enumerate(c["hand_sizes"])]
    state.cards = Cards(hands, [HIDDEN] * c["pile_size"], c["discard"][:], c["discarded_by"][:], c["reshuffles"])
    state.chance = []
    return state
