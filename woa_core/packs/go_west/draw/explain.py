"""What an action of Go West! did that its line does not say, in words (``Drawing.explain``): what
was paid (G9), the discs placed and pushed out (G4, G6), taken back from the lid (5.3), a scoring's
VP region by region as recorded (G28), the draw (the card itself only to whom may see it) and a
reshuffle (G15), the tokens coming back (6.0), the end by name, the final scoring and the ranking
(G19, G21, G27), and each pass's standings. Found by comparing the two positions as the seat
looking sees them; a region's VP are the pack's own ``scoring.score_block``, nothing restated.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.go_west.game import Game
>>> game = Game(load_rules("go-west", 2), seed=1)
>>> game.apply((0, "single"))
>>> before = game.state.copy()
>>> game.apply((0, "score"))
>>> told = explain_between(game.rules, before, game.state)
>>> told[0], told[1][1][:2]
(('pay', ['p1 pays 1: 1 disc into the lid']), ['p1 uses scoring card 1', 'East: 0 wagons, 0 discs: nobody scores'])
"""

from __future__ import annotations

from collections import Counter

from woa_core.packs.go_west.compiled import ONE, PLUS_ONE, TWO, Rules
from woa_core.packs.go_west.draw.look import HIDDEN, card_words, plural
from woa_core.packs.go_west.draw.words import ended_words
from woa_core.packs.go_west.scoring import score_block, winners
from woa_core.packs.go_west.state import State
from woa_core.packs.go_west.steps import ACTION, ALSO, OVER, PAY
from woa_core.report.drawing import Explanation


def region_scores(rules: Rules, s: State) -> list[str]:
    """Each block region's VP in a scoring of ``s``, east to west (5.2, G13, G28)."""
    lines = []
    for b, r in enumerate(rules.block_region):
        gains = score_block(s.blocks[b], s.wagons[r], s.players)
        won = ", ".join(f"p{p + 1} +{g}" for p, g in enumerate(gains) if g) or "nobody scores"
        capped = " (capped: the largest holdings first)" if 0 < s.wagons[r] < len(s.blocks[b]) else ""
        counts = f"{plural(s.wagons[r], 'wagon')}, {plural(len(s.blocks[b]), 'disc')}"
        lines.append(f"{rules.region_names[r]}: {counts}{capped}: {won}")
    return lines


def _played(before: State, after: State) -> int:
    """The action card this action played, if known (-1 if none)."""
    if after.card >= 0:
        return after.card
    if before.card >= 0:
        return before.card
    grew = len(after.cards.discard) > len(before.cards.discard) and after.cards.reshuffles == before.cards.reshuffles
    return after.cards.discard[-1] if grew else -1


def placed(rules: Rules, before: State, after: State, p: int) -> list[str]:
    """The discs ``p`` placed, block by block, those they pushed out (G4), and those of the card
    omitted for want of a disc (G6)."""
    lines, done = [], 0
    for b, r in enumerate(rules.block_region):
        out = after.pushed[b] - before.pushed[b]
        new = len(after.blocks[b]) - len(before.blocks[b]) + out
        done += new
        if new:
            line = f"p{p + 1} places {plural(new, 'disc')} in the {rules.region_names[r]}"
            if out:
                whose = " and ".join(f"p{q + 1}'s" + (" own" if q == p else "") for q in before.blocks[b][:out])
                line += f", pushing out the oldest: {whose}, back to the supply, usable at once (G4)"
            lines.append(line)
    card = _played(before, after)
    if card >= 0 and before.step in (ACTION, PAY) and after.step != PAY and not after.supply[p]:
        symbol = rules.shapes[rules.card_shape[card]][1]
        want = {ONE: 1, TWO: 2, PLUS_ONE: 1 if after.step == ALSO else 2}.get(symbol, 0)
        if done < want:
            lines.append(f"p{p + 1} has no disc left: {plural(want - done, 'disc')} of the card omitted (G6)")
    return lines


def explain_action(rules: Rules, before: State, after: State) -> Explanation:
    """What one action did that its line does not say."""
    p = before.order[before.turn]
    out: Explanation = []
    scoring = (sum(after.used) > sum(before.used) and after.step != PAY) or (before.step == PAY and before.card < 0)
    gains = sum(after.scored[p]) - sum(before.scored[p])
    paid_discs = after.lid[p] - before.lid[p]
    paid_vp = before.vp[p] - after.vp[p] + gains
    if paid_discs > 0 or paid_vp > 0:
        parts = [plural(paid_discs, "disc") + " into the lid"] if paid_discs > 0 else []
        parts += [f"{paid_vp} VP (5.4)"] if paid_vp > 0 else []
        out.append(("pay", [f"p{p + 1} pays {max(paid_discs, 0) + paid_vp}: " + " and ".join(parts)]))
    card = _played(before, after)
    cost = rules.shapes[rules.card_shape[card]][3] if card >= 0 else 0
    sold = before.step == ACTION and after.card < 0 and cost > 0 and paid_discs == paid_vp == 0 and not scoring
    if paid_discs < 0 or sold:  # a sale: the card's cost back from the lid, as far as the lid holds it
        line = f"p{p + 1} takes {plural(-paid_discs, 'disc')} back from the lid (5.3)"
        out.append(("sell", [line + (f"; {cost + paid_discs} forfeited (G11)" if cost > -paid_discs else "")]))
    discs = placed(rules, before, after, p)
    if discs:
        out.append(("discs", discs))
    if scoring:
        out.append(("scoring", [f"p{p + 1} uses scoring card {after.used[p]}", *region_scores(rules, after)]))
    if len(after.cards.pile) < len(before.cards.pile) or after.cards.reshuffles > before.cards.reshuffles:
        new = list((Counter(after.cards.hands[p]) - Counter(before.cards.hands[p])).elements())
        drawn = [c for c in new if c != HIDDEN]
        line = f"p{p + 1} draws {card_words(rules, drawn[0])}" if drawn else f"p{p + 1} draws a card"
        out.append(("draw", [line]))
        if after.cards.reshuffles > before.cards.reshuffles:
            pile = plural(len(after.cards.pile), "card")
            line = f"the draw pile ran out: the {pile} of the discard pile are shuffled into a new draw pile (5.5, G15)"
            out.append(("reshuffle", [line]))
    if after.doubled and not before.doubled and all(after.token) and before.token.count(True) == 1:
        out.append(("tokens", ["nobody holds a double-move token now: every token comes back (6.0, G17)"]))
    return out


def final(rules: Rules, before: State, after: State) -> Explanation:
    """The end by name, the final scoring region by region (not after the 50 VP end, G18) and
    the ranking with the winners (G21, G27)."""
    out: Explanation = [("game_end", [f"the game ends: {ended_words(rules, after)}"])]
    if after.ended != "vp50":
        out.append(("final_scoring", region_scores(rules, after)))
    won = winners(after)
    ranking = ", ".join(f"p{p + 1} {after.vp[p]} VP (supply {after.supply[p]})" for p in after.ranking)
    verdict = f"p{won[0] + 1} wins" if len(won) == 1 else " and ".join(f"p{p + 1}" for p in won) + " share the win"
    out.append(("final_ranking", [f"{ranking}; {verdict}"]))
    return out


def explain_between(rules: Rules, before: State, after: State) -> Explanation | None:
    """What happened between two positions one action apart (``Drawing.explain``): the action's
    effects in words, the end and the final scoring, the standings when a pass around the table
    ends; None when the action's line says it all."""
    out = explain_action(rules, before, after) if before.step != OVER else []
    if after.step == OVER and before.step != OVER:
        out += final(rules, before, after)
    elif after.round != before.round and before.round > 0:
        order = sorted(range(after.players), key=lambda q: (-after.vp[q], q))
        out.append(("standings", [", ".join(f"p{q + 1} {after.vp[q]} VP" for q in order)]))
    return out or None
