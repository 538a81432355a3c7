"""How a pack shows its game: the pictures and words the tools draw come from one declaration.

``woa board`` and ``woa replay --svg`` draw ``board``; the replay viewer draws the ``viewer``'s
static board once and swaps the pieces of every position; ``woa play`` and ``woa replay --at``
print ``text``; what an action did that its line does not say, round ends and the final scoring
are told in words by ``explain``.

>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 2)
>>> drawing = rules.pack.drawing
>>> drawing.board(rules, None, (), None).startswith("<svg")
True
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from woa_core.kernel.protocols import SomeGame

Explanation = list[tuple[str, list[str]]]
"""What happened, by step: (the step's name, its lines in words)."""

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
"""The seats' colours in every pack's pictures (p1 red, p2 blue, p3 green, p4 orange, p5 purple, ...)."""

NEUTRAL_COLOUR = "#777777"
"""The colour of pieces that belong to no seat."""


def seat_colour(seat: int) -> str:
    """The colour of seat ``seat`` (0-based); no seat (negative) is grey.

    >>> seat_colour(0), seat_colour(-1)
    ('#d62728', '#777777')
    """
    return NEUTRAL_COLOUR if seat < 0 else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass(frozen=True, slots=True)
class Panel:
    """Where a position stands, in words, for a page to show beside the board as text and a
    table (legible at any width, unlike words drawn in a scaled picture): ``lines`` about the
    game (the round, whose turn, shared tracks), ``columns`` the table's headings, ``rows`` one
    per seat, in seat order, a cell per column (the first names the seat).

    >>> Panel(("Round 2",), ("player", "VP"), (("p1", "3 VP"), ("p2", "5 VP"))).rows[1][1]
    '5 VP'
    """

    lines: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


R = TypeVar("R")
"""A pack's rules type."""
S = TypeVar("S")
"""A pack's state type."""
G = TypeVar("G")
"""A pack's game type."""


@dataclass(frozen=True, slots=True)
class Viewer(Generic[S]):
    """A replay's pictures for one ruleset: ``document(pieces)`` is the whole SVG with the given
    pieces layer; ``parts(state, seats)`` a position's pieces in parts (each stored once for all
    the positions it does not change); ``panel(state, seats)``, if given, the position in words
    (``Panel``), which the page shows as text beside the picture — the picture then leaves it out."""

    document: Callable[[str], str]
    parts: Callable[[S, Sequence[str]], list[str]]
    panel: Callable[[S, Sequence[str]], Panel] | None = None


@dataclass(frozen=True, slots=True)
class Drawing(Generic[R, S, G]):
    """A pack's pictures and words, generic over its rules, state and game types:

    - ``board(rules, state, seats, source)``: a complete SVG document of the board, with the
      pieces of ``state`` if given (``source``: the rules as read, when the picture shows what
      other player counts use);
    - ``viewer(rules)``: the replay viewer's ``Viewer``;
    - ``text(game, seat)``: the game as text, as ``seat`` may see it (None: everything public);
    - ``explain(rules, before, after)``: what happened between two positions one action apart
      that the action itself does not say (a round end, the final scoring; Africa: the face a
      reveal showed and what it scored), or None; the tools show it as a round end when the
      state's ``round`` changed or the game ended, else with the action;
    - ``scores(state)``: each seat's score now, for the charts; ``unit``: what they count, shown
      beside them (``VP``; empty for a game that has no score but its ranking).

    For a game a person plays (``woa serve``; optional):

    - ``places``: the attributes by which elements of ``board``'s SVG name what they draw with
      the notation's words (``data-island`` on an island that ``tenerife`` names): where an
      action's next word names one, it is a target to click, and the last action's are marked;
    - ``seen(game, seat)``: the state as ``seat`` may see it, to draw it for that seat (what it
      may not see left out); None: a seat's picture hides nothing;
    - ``rounds``: whether a person knows the game as played in rounds, so the page may say
      "round" (False for a game counted in turns, whatever its flow counts inside);
    - ``words(rules)``: each word of the notation a person picks (a card, a field, a token) with
      a short description from the rules data, for a tooltip; ``key_numbers(rules)``: the
      ruleset's key numbers in a few lines, from the compiled rules (a variant shows its own);
    - ``said(rules, text)``: an action written in the notation (as the game's history holds it,
      or as a seat is shown it) told as a sentence for the move log (``p2 sails to La Gomera``),
      its names from the rules data; None for a text it cannot tell (the page then says the
      verb's own line, ``Verb.summary``, and what the action names).

    For the replay viewer (optional):

    - ``marks(rules, before, after, action)``: where on the board an action played (between
      the positions ``before`` and ``after``) happened, as CSS selectors of the board's SVG
      elements (``[data-space="12"]``), for a page to outline; None: the elements ``places``
      names by the action's words (``marked`` says which applies).
    """

    board: Callable[[R, S | None, Sequence[str], Any], str]
    viewer: Callable[[R], Viewer[S]]
    text: Callable[[G, int | None], str]
    explain: Callable[[R, S, S], Explanation | None]
    scores: Callable[[S], list[int]]
    unit: str = "VP"
    # for a game a person plays (woa serve, issue 16)
    places: tuple[str, ...] = ()
    seen: Callable[[G, int], S] | None = None
    rounds: bool = True
    words: Callable[[R], dict[str, str]] | None = None
    key_numbers: Callable[[R], list[str]] | None = None
    said: Callable[[R, str], str | None] | None = None
    # for the replay viewer (issue 16, part 5)
    marks: Callable[[R, S, S, tuple[object, ...]], list[str]] | None = None


SomeDrawing = Drawing[Any, Any, Any]
"""The drawing of some pack, its types unknown to the tool holding it."""


def marked(
    drawing: SomeDrawing, rules: Any, before: Any, after: Any, action: tuple[object, ...], text: str
) -> list[str]:
    """Where an action (``text`` in the notation) happened on the board, as CSS selectors of the
    board's elements: the pack's ``marks``, or else the elements its ``places`` attributes name
    by the action's words.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 2)
    >>> plain = Drawing(None, None, None, None, None, places=("data-island",))  # type: ignore[arg-type]
    >>> marked(plain, rules, None, None, (0, "sail", 3), "p1 sail tenerife")
    ['[data-island="tenerife"]']
    """
    if drawing.marks is not None:
        return drawing.marks(rules, before, after, action)
    words = [w for w in text.split()[2:] if w.replace("_", "").replace("-", "").isalnum()]
    return [f'[{attribute}="{word}"]' for word in words for attribute in drawing.places]


def seen_state(drawing: SomeDrawing, game: SomeGame, viewer: int | None) -> Any:
    """The state of ``game`` as ``viewer`` may see it (``Drawing.seen``): the whole state for a
    spectator (``None``) or a pack whose pictures hide nothing.

    >>> from woa_core.kernel.contract import SomeGame, new_game
    >>> from woa_core.rules import load_rules
    >>> game = new_game(load_rules("west-of-africa", 2), seed=1)
    >>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
    >>> drawing = game.rules.pack.drawing
    >>> seen_state(drawing, game, 0).selection[1], seen_state(drawing, game, None).selection[1] is None
    (None, False)
    """
    if viewer is None or drawing.seen is None:
        return game.state
    return drawing.seen(game, viewer)


@dataclass(frozen=True, slots=True)
class Changes:
    """What an action changed, in words, as one seat sees the game: each seat's score that moved
    (``score: p1 +2 (now 9)``, None if none did or the pack keeps no score), what the pack says
    happened beyond the action itself (``Drawing.explain``: a round end, the final scoring: step
    by step), and the lines of the game in words (``Drawing.text``) that it changed, as they read
    now."""

    score: str | None
    told: Explanation
    lines: tuple[str, ...]


def changes_seen(drawing: SomeDrawing, rules: Any, before: Any, after: Any, viewer: int | None) -> Changes:
    """What changed from the game ``before`` to the game ``after`` (one action apart), told from
    what ``viewer`` may see of each (``seen_state``) and nothing more: a score the rules hide from
    it (chips kept secret) is not told by how it moved, and what the pack explains, it explains
    from the positions as the viewer sees them (``woa check``'s ``views_keep_secrets`` checks it).

    >>> from woa_core.kernel.contract import new_game
    >>> from woa_core.rules import load_rules
    >>> before = new_game(load_rules("west-of-africa", 2), seed=1)
    >>> after = before.copy()
    >>> after.apply((0, "select", after.card_counts("sell", "tenerife")))
    >>> changed = changes_seen(before.rules.pack.drawing, before.rules, before, after, 0)
    >>> changed.score, changed.lines
    (None, ('Your (p1) selection: tenerife sell (sum 9)',))
    """
    seen = (seen_state(drawing, before, viewer), seen_state(drawing, after, viewer))
    return changes_told(drawing, rules, seen, (drawing.text(before, viewer), drawing.text(after, viewer)))


def changes_told(drawing: SomeDrawing, rules: Any, seen: tuple[Any, Any], texts: tuple[str, str]) -> Changes:
    """What changed between two positions one action apart, from the states a seat sees of them
    (``seen``, before and after) and the game in words as it reads them (``texts``) alone."""
    old, new = drawing.scores(seen[0]), drawing.scores(seen[1])
    moved = [f"p{p + 1} {new[p] - old[p]:+d} (now {new[p]})" for p in range(len(new)) if new[p] != old[p]]
    told = drawing.explain(rules, seen[0], seen[1]) or []
    lines = new_lines(texts[0].splitlines(), texts[1].splitlines())
    return Changes("score: " + ", ".join(moved) if moved else None, told, lines)


Sentence = Callable[[R, str, list[str]], str]
"""A verb's sentence in the move log, as a pack's table of them (``draw.words.SENTENCES``) holds
it: from the rules ``R``, the seat's word and the action's other words (``IndexError``,
``KeyError`` or ``ValueError`` for a word the rules do not name)."""


def told(text: str, sentence: Callable[[str, str, list[str]], str | None]) -> str | None:
    """An action in the notation told as a sentence (``Drawing.said``): ``text`` split into its
    seat, verb and words for ``sentence(who, verb, words)``; None for a text too short to be an
    action, or one that names what the rules do not (``sentence`` raising ``IndexError``,
    ``KeyError`` or ``ValueError``).

    >>> told("p2 sail la_gomera", lambda who, verb, words: f"{who} {verb}s to {words[0]}")
    'p2 sails to la_gomera'
    >>> told("p2", print), told("p2 sail", lambda who, verb, words: words[0])
    (None, None)
    """
    parts = text.split()
    if len(parts) < 2:
        return None
    who, verb, *words = parts
    try:
        return sentence(who, verb, words)
    except (IndexError, KeyError, ValueError):
        return None


def new_lines(old: list[str], new: list[str]) -> tuple[str, ...]:
    """The lines of ``new`` that a line diff from ``old`` adds (what ``difflib.ndiff`` marks
    ``+``, without its costly search for similar lines), stripped.

    >>> new_lines(["a", "b", "c"], ["a", "B", "c", " d"])
    ('B', 'd')
    """
    blocks = difflib.SequenceMatcher(None, old, new).get_opcodes()
    return tuple(line.strip() for tag, _, _, j1, j2 in blocks if tag in ("replace", "insert") for line in new[j1:j2])


def format_explanation(title: str, explanation: Explanation) -> str:
    """An explanation as indented text under a title (``woa play`` prints one at each round end).

    >>> told = [("harvest", ["p1 harvests 1 wine"]), ("alcalde_vp", ["no change"])]
    >>> print(format_explanation("End of round 2:", told))
    End of round 2:
      harvest: p1 harvests 1 wine
      alcalde vp: no change
    """
    lines = [title]
    for name, what in explanation:
        lines.append(f"  {name.replace('_', ' ')}: " + ("; ".join(what)))
    return "\n".join(lines)


def drawing_of(rules: Any) -> SomeDrawing:
    """The pictures of the pack that plays ``rules``; ``UsageError`` if it draws none."""
    from woa_core.errors import UsageError

    drawing: SomeDrawing | None = rules.pack.drawing
    if drawing is None:
        raise UsageError(f"the rule pack '{rules.pack.name}' draws no pictures")
    return drawing
