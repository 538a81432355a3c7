"""Go West! in words: where the game stands, each seat's figures (the table beside the board,
``panel``), the game as text for a terminal (``render``: ``woa play``, ``woa replay --at``), and
what a person at ``woa serve`` is told of the notation's words and the ruleset (``words``,
``key_numbers``). All of it reads a state as the seat looking may see it: a hand it may not see
is a list of ``HIDDEN`` cards, told by its size only.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.go_west.game import Game
>>> rules = load_rules("go-west", 2)
>>> game = Game(rules, seed=1)
>>> situation(rules, game.state), wagons_words(rules, game.state)
('Turn 1: p1 chooses a double move or a single action', 'wagons in New England and East: 20 (the game ends \
at 0) · out of play in California: 0')
>>> panel(rules, game.state, ["human", "random"]).rows[1]
('p2 random', '10', '30', '0', '0', '0 of 6', '1', 'held', '7 cards')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from woa_core.packs.go_west.compiled import Rules
from woa_core.packs.go_west.draw.look import HIDDEN, card_words, plural, seen
from woa_core.packs.go_west.scoring import winners
from woa_core.packs.go_west.state import State
from woa_core.packs.go_west.steps import ALSO, DECLARE, OVER, PAY, STEP
from woa_core.report.drawing import Panel, Sentence, told

COLUMNS = ("player", "VP", "discs in supply", "in the lid", "in blocks", "scorings used", "next costs", "token", "hand")
"""The table's headings, one value each (short, so that a seat's panel beside the board holds each
value on one line): a seat's VP, its discs (in its supply, in the box lid, in the blocks, G10),
its scoring cards (how many used, what the next costs, 5.2), its double-move token and its hand."""


def ended_words(rules: Rules, s: State) -> str:
    """Why the game ended, by the end's name (7.0, G18, G19, G22)."""
    if s.ended == "vp50":
        return f"{rules.vp_threshold} VP reached at the end of a scoring (7.0, G18): no final scoring"
    if s.ended == "wagons":
        gone = " and ".join(rules.region_names[r] for r in rules.gone_from)
        return f"{gone} hold no wagon (7.0, G19): the free final scoring"
    return f"the safety cap of {rules.max_turns} turns (G22): the free final scoring, flagged capped"


def situation(rules: Rules, s: State) -> str:
    """Where the game stands, in a few words (the first line of the text and of the table)."""
    if s.step == OVER:
        return f"Game over after {s.turns} turns: {ended_words(rules, s)}"
    who = f"p{s.order[s.turn] + 1}"
    if s.step == DECLARE:
        doing = "chooses a double move or a single action"
    elif s.step == PAY:
        doing = f"pays a cost of {s.cost}: how much of it in VP (5.4)"
    elif s.step == ALSO:
        doing = f"plays {rules.card_id[s.card]}: its +1 disc into another block"
    elif s.step == STEP:
        doing = f"plays {rules.card_id[s.card]}: {plural(s.left, 'wagon step')} left"
    else:
        doing = "takes an action" + (f" (double move: action {s.acts + 1} of 2)" if s.doubled else "")
    return f"Turn {s.turns + 1}: {who} {doing}"


def piles_words(rules: Rules, s: State) -> str:
    """The draw pile, the discard pile and its top card, the reshuffles so far (G15, G30)."""
    top = f", top {card_words(rules, s.cards.discard[-1])}" if s.cards.discard else ""
    return (
        f"draw pile {len(s.cards.pile)} · discard pile {len(s.cards.discard)}{top} · "
        f"{plural(s.cards.reshuffles, 'reshuffle')}"
    )


def wagons_words(rules: Rules, s: State) -> str:
    """The wagons whose going ends the game (G19), and those out of play."""
    gone = " and ".join(rules.region_names[r] for r in rules.gone_from)
    left = sum(s.wagons[r] for r in rules.gone_from)
    return (
        f"wagons in {gone}: {left} (the game ends at 0) · out of play in "
        f"{rules.region_names[rules.exit]}: {s.wagons[rules.exit]}"
    )


def seat_row(rules: Rules, s: State, p: int, who: str) -> tuple[str, ...]:
    """Seat ``p``'s cells under ``COLUMNS``; whether it won once the game is over (G21, G27)."""
    won, used = winners(s), s.used[p]
    name = (
        f"p{p + 1}"
        + (f" {who}" if who else "")
        + ("" if p not in won else " · wins" if len(won) == 1 else " · shares the win")
    )
    costs = rules.scoring_costs
    token = ("held" if s.token[p] else "spent") if rules.tokens else "–"
    discs = (str(s.supply[p]), str(s.lid[p]), str(s.discs_placed(p)))
    scoring = (f"{used} of {len(costs)}", str(costs[used]) if used < len(costs) else "–")
    return (name, str(s.vp[p]), *discs, *scoring, token, plural(len(s.cards.hands[p]), "card"))


def panel(rules: Rules, s: State, seats: Sequence[str]) -> Panel:
    """The position in words (``Viewer.panel``): where the game stands, the piles, the wagons that
    end it, and a row per seat."""
    rows = tuple(seat_row(rules, s, p, seats[p] if p < len(seats) else "") for p in range(s.players))
    return Panel((situation(rules, s), piles_words(rules, s), wagons_words(rules, s)), COLUMNS, rows)


def hand_words(rules: Rules, s: State, p: int) -> list[str]:
    """Seat ``p``'s hand, three cards a line; a hidden hand by its size."""
    hand = s.cards.hands[p]
    if any(c == HIDDEN for c in hand):
        return [f"  p{p + 1}: {plural(len(hand), 'card')} (hidden)"]
    said = [card_words(rules, c) for c in hand]
    rows = [" | ".join(said[k : k + 3]) for k in range(0, len(said), 3)] or ["no cards"]
    return [f"  p{p + 1}: {rows[0]}", *(f"      {row}" for row in rows[1:])]


def text_of(rules: Rules, s: State, viewer: int | None) -> str:
    """The state ``s`` as text (the viewer's own view, or everything for ``viewer=None``)."""
    lines = [f"Go West! · {situation(rules, s)}", piles_words(rules, s), wagons_words(rules, s), ""]
    lines.append("Regions from east to west (a step moves a wagon one line down):")
    for r, short in enumerate(rules.regions):
        b = rules.region_block[r]
        where = f"{short:<3}{rules.region_names[r]:<14}{plural(s.wagons[r], 'wagon'):<10}"
        queue = " ".join(f"p{p + 1}" for p in s.blocks[b]) or "empty"
        divider = s.pushed[b] % rules.circles
        block = (
            f" · block [{queue}] ({len(s.blocks[b])} of {rules.capacity}, divider in circle {divider})"
            if b >= 0
            else ""
        )
        lines.append(("  " + where + block).rstrip() + (" (out of play)" if r == rules.exit else ""))
    if s.card >= 0:
        lines.append(f"Being played by p{s.order[s.turn] + 1}: {card_words(rules, s.card)}")
    lines += ["", "Players (discs: supply · lid · blocks):"]
    for p in range(s.players):
        _, vp, supply, lid, blocks, used, cost, token, cards = seat_row(rules, s, p, "")
        scoring = f"{used} used" + (f" · next costs {cost}" if cost != "–" else "")
        discs = f"{supply} · {lid} · {blocks}"
        lines.append(f"  p{p + 1}: {vp} VP · discs {discs} · scoring cards {scoring} · token {token} · {cards}")
    seats = range(s.players) if viewer is None else (viewer,)
    lines.append("Hands:" if viewer is None else f"Your (p{viewer + 1}) hand:")
    for p in seats:
        lines += hand_words(rules, s, p)
    if viewer is not None and s.step != OVER and s.order[s.turn] == viewer:
        lines.append(f"Your decision (p{viewer + 1}): type ? for your legal actions")
    return "\n".join(lines)


def words(rules: Rules) -> dict[str, str]:
    """Each word of the notation a person picks, in words: a region (``step NE``, ``also GP``)
    and a card (by its shape's word, G26).

    >>> from woa_core.rules import load_rules
    >>> said = words(load_rules("go-west", 2))
    >>> said["NE"], said["A04"]
    ('New England: where every wagon starts', 'E 2 · 1 wagon · cost 2 (2 cards alike)')
    """
    out: dict[str, str] = {}
    for r, short in enumerate(rules.regions):
        b = rules.region_block[r]
        what = f"a scoring block of {rules.capacity} discs, scored {b + 1} of {len(rules.block_region)}"
        what = "where every wagon starts" if r == 0 else "a wagon there is out of play" if r == rules.exit else what
        out[short] = f"{rules.region_names[r]}: {what}"
    for k, word in enumerate(rules.shape_word):
        alike = rules.card_shape.count(k)
        out[word] = card_words(rules, rules.card_index[word]).split(" ", 1)[1] + (
            f" ({alike} cards alike)" if alike > 1 else ""
        )
    return out


def said(rules: Rules, text: str) -> str | None:
    """An action written in the notation told as a sentence (``Drawing.said``), a card by its
    face from the rules (``card_words``), a region by its name; None for a text it does not know.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("go-west", 2)
    >>> said(rules, "p1 play A19"), said(rules, "p2 step GP")
    ('p1 plays A19 (GP 2 · 2 wagons · cost 3)', 'p2 moves a wagon one region west: Great Plains to Midwest')
    >>> said(rules, "p1 pay 2"), said(rules, "p1 dance")
    ('p1 pays 2 VP of the cost, the rest in discs', None)
    """
    return told(text, lambda who, verb, rest: SENTENCES[verb](rules, who, rest))


def _card(rules: Rules, word: str) -> str:
    """A card's id and its face (``card_words``): ``A19 (GP 2 · 2 wagons · cost 3)``."""
    return f"{word} ({card_words(rules, rules.card_index[word]).split(' ', 1)[1]})"


def _region(rules: Rules, word: str, west: int = 0) -> str:
    """A region's name from its word, or (``west``) that of the region so many further west."""
    return rules.region_names[rules.regions.index(word) + west]


SENTENCES: Mapping[str, Sentence[Rules]] = MappingProxyType(
    {
        "double": lambda r, who, rest: f"{who} declares a double move: two actions this turn",
        "single": lambda r, who, rest: f"{who} takes a single action this turn",
        "play": lambda r, who, rest: f"{who} plays {_card(r, rest[0])}",
        "sell": lambda r, who, rest: f"{who} sells {_card(r, rest[0])}",
        "score": lambda r, who, rest: f"{who} triggers a scoring with the next scoring card",
        "stop": lambda r, who, rest: f"{who} ends the double move after its first action",
        "pay": lambda r, who, rest: f"{who} pays {int(rest[0])} VP of the cost, the rest in discs",
        "also": lambda r, who, rest: f"{who} puts the second disc into the {_region(r, rest[0])} block",
        "step": lambda r, who, rest: (
            f"{who} moves a wagon one region west: {_region(r, rest[0])} to {_region(r, rest[0], 1)}"
        ),
    }
)
"""Each verb's sentence in the move log (``Drawing.said``): one entry per verb of the notation
(``tests/serve/test_move_log.py`` holds the two to the same verbs)."""


def key_numbers(rules: Rules) -> list[str]:
    """The ruleset's key numbers, in a few lines (a variant shows its own).

    >>> from woa_core.rules import load_rules
    >>> key_numbers(load_rules("go-west", 3))[:2]
    ['3 players · 56 action cards (44 kinds, reconstructed) · 7 in each hand', '20 wagons start in New England; \
each block holds 7 discs']
    """
    r = rules
    gone = " and ".join(r.region_names[k] for k in r.gone_from)
    return [
        f"{r.players} players · {len(r.card_id)} action cards ({len(r.shapes)} kinds"
        + (", reconstructed" if r.reconstructed else "")
        + f") · {r.hand} in each hand",
        f"{r.wagons} wagons start in {r.region_names[0]}; each block holds {r.capacity} discs",
        f"each player: {r.start_vp} VP, {r.discs} discs" + (", a double-move token" if r.tokens else ""),
        "scoring cards cost " + ", ".join(map(str, r.scoring_costs)),
        f"the end: {r.vp_threshold} VP after a scoring, or {gone} without wagons",
        "VP pay what discs cannot: " + ("any split (G9)" if r.free_split else "the shortfall only (G9)"),
    ]


def render(game: Any, viewer: int | None) -> str:
    """The game as text (``Drawing.text``), as ``viewer`` may see it: its own hand and every
    other hand's size; everything, every hand included, for ``viewer=None`` (a replay)."""
    s = game.state if viewer is None else seen(game, viewer)
    return text_of(game.rules, s, viewer)
