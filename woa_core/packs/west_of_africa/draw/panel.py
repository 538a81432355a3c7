"""West of Africa's position in words for the replay viewer (``Viewer.panel``: the round, the
tracks and a row per player, shown as text beside the board), and where an action happened on
the board (``Drawing.marks``).

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.west_of_africa.state import new_state
>>> rules = load_rules("west-of-africa", 3)
>>> shown = panel(rules, new_state(rules, seed=1), ["me", "heuristic", "random"])
>>> shown.lines[0], shown.columns[:3], shown.rows[0][:2]
('Round 1 · selecting cards', ('player', 'VP', 'gold (#)'), ('p1 me', '0'))
"""

from __future__ import annotations

from collections.abc import Sequence

from woa_core.packs.west_of_africa.actions import VERBS
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.state import NOBODY, GameState
from woa_core.packs.west_of_africa.steps import OVER, SELECT
from woa_core.report.drawing import Panel

COLUMNS = ("player", "VP", "gold (#)", "supply", "cards chosen", "hand")
"""The table's headings: gold with the player's place on the gold track (#1 on top)."""


def _cards(rules: Rules, counts: Sequence[int] | None) -> str:
    """Cards by their names (a person reads them; the notation's ids are in the tooltips), a
    card held more than once with its count.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 3)
    >>> _cards(rules, [1 if c.id in ("el_hierro", "sell") else 2 * (c.id == "minus") for c in rules.cards])
    'El Hierro, Sell Goods, Minus ×2'
    """
    if counts is None:
        return ""
    return ", ".join(c.name + (f" ×{n}" if n > 1 else "") for c, n in zip(rules.cards, counts, strict=True) if n)


def panel(rules: Rules, s: GameState, seats: Sequence[str]) -> Panel:
    """The position ``s`` in words: the round and whose turn it is, the settlement track, and a
    row per player (VP by source, gold and its place on the gold track, supply, the cards chosen
    this round, the hand)."""
    r = rules
    step = {SELECT: "selecting cards", OVER: "game over"}.get(s.step, s.step.replace("_", " "))
    active = s.order[s.turn] if s.step not in (SELECT, OVER) and s.order else NOBODY
    head = f"Round {s.round} · {step}" + (f" · p{active + 1} to act" if active != NOBODY else "")
    if s.last_round:
        head += f" · the last round is {s.last_round}"
    track = f"settlement track: {s.track} on the track, {s.reserve} in reserve"
    place = {p: k for k, p in enumerate(s.gold_rank(), start=1)}
    rows = []
    for p in range(s.players):
        sources = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s.vp_from[p].items() if v)
        supply = ", ".join(f"{n} {r.good_names[g]}" for g, n in enumerate(s.supply[p]) if n)
        rows.append(
            (
                f"p{p + 1}" + (f" {seats[p]}" if p < len(seats) and seats[p] else ""),
                f"{s.vp[p]}" + (f" ({sources})" if sources else ""),
                f"{s.gold[p]} (#{place[p]})",
                supply or "–",
                _cards(r, s.selection[p]),
                _cards(r, s.hand[p]),
            )
        )
    return Panel((head, track), COLUMNS, tuple(rows))


def marks(rules: Rules, before: GameState, after: GameState, action: tuple) -> list[str]:
    """Where ``action`` (played from ``before`` to ``after``) happened, as CSS selectors of the
    board's elements: the islands and worker ships its words name, the island of the ship that
    loads, unloads or displaces, and the very space a crop or settlement was put on (not what a
    round end that the action triggered changed: the viewer explains that in words).

    >>> from woa_core.kernel.notation import parse_action
    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.west_of_africa.state import new_state
    >>> rules = load_rules("west-of-africa", 2)
    >>> s = new_state(rules, seed=1)
    >>> marks(rules, s, s, parse_action(rules, "p1 worker west la_gomera"))
    ['[data-ship="west"]', '[data-island="la_gomera"]']
    >>> marks(rules, s, s, parse_action(rules, "p1 end"))
    []
    """
    seat, verb, *args = action
    islands, n = rules.islands, len(rules.islands)
    out: list[str] = []

    def island(i: int) -> None:
        if 0 <= i < n:
            out.append(f'[data-island="{islands[i].id}"]')

    for kind, value in zip(VERBS[verb].args, args, strict=False):
        if kind == "island":
            island(value)
        elif kind == "location":
            if value < n:
                island(value)
            else:
                out.append(f'[data-ship="{rules.worker_ships[value - n]}"]')
        elif kind == "ships":
            out += [f'[data-ship="{rules.worker_ships[k]}"]' for k in sorted(set(value))]
        elif kind in ("field", "settlement_space"):  # the island, and the very space used
            where = rules.spaces[value].island
            island(where)
            out += [
                f'[data-space="{sp}"]'
                for sp in islands[where].spaces
                if after.crop[sp] != before.crop[sp] or after.settlement[sp] != before.settlement[sp]
            ]
        elif kind == "good" and not any(k == "island" for k in VERBS[verb].args):
            island(before.ship[seat])  # load, unload: where the ship is
        elif kind == "player":
            island(after.ship[seat])  # displace: the harbor the ship enters
    return list(dict.fromkeys(out))
