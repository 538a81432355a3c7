"""What an action of Africa did that its line does not say, in words (``Drawing.explain``).

``p1 reveal h02_07`` does not say what the tile showed, nor ``p1 place h08_04`` what it scored:
the words say which face came up and what followed (VP and why, a camp from the supply, the bonus),
what a move of an animal or nomads scored, what a camp researched or mined, what a swap exchanged.
At the end of each pass around the table (the kernel's round), the standings; at the end of the
game, why it ended and the final scoring (goods sets, the gold and gem majorities, who wins; tied
leaders share the win, A28). Everything is found by comparing the two positions, so nothing here
repeats a rule: it reads what the game did.

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.africa.game import Game
>>> game = Game(load_rules("africa", 2), seed=1)
>>> for action in [(0, "start", 0), (1, "start", 1), (0, "walk", 0)]:
...     game.apply(action)
>>> before = game.state.copy()
>>> game.apply((0, "reveal", game.rules.field("h01_04")))
>>> explain_between(game.rules, before, game.state)
[('reveal', ['p1 reveals a zebra at h01_04: it may stay or move to an empty field with more zebras around'])]
>>> before = game.state.copy()
>>> game.apply((0, "stay"))
>>> explain_between(game.rules, before, game.state)
[('score', ['the zebra stays at h01_04: +1 VP for p1 (1 for itself, 0 zebras next to it)'])]
"""

from __future__ import annotations

from woa_core.packs.africa.compiled import ANIMAL, GEM, GOLD, MONUMENT, Rules
from woa_core.packs.africa.draw.look import a_name, name
from woa_core.packs.africa.scoring import amounts, goods_vp
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, NOBODY, State
from woa_core.packs.africa.steps import ACT, OVER, PLACE, SWAP
from woa_core.report.drawing import Explanation

# ------------------------------------------------------------------ one action


def _gained(before: State, after: State, p: int, source: str) -> int:
    return after.vp_from[p][source] - before.vp_from[p][source]


def _vp(n: int) -> str:
    return f"+{n} VP" if n >= 0 else f"{n} VP"


def _reveal(rules: Rules, before: State, after: State) -> list[str]:
    """A face-down tile turned up: which face, and what followed at once."""
    f = after.revealed[-1]
    here = rules.fields[f]
    p = before.order[before.turn]
    face = after.tile[f]
    if face < 0:  # a trade good: into the finder's display (A13)
        face = next(g for g in rules.goods_face if after.display[p][g] > before.display[p][g])
        return [
            f"p{p + 1} reveals a trade good, {name(rules, face)}, at {here} and takes it: keep or swap it next (A13)"
        ]
    kind = rules.face_kind[face]
    what = f"p{p + 1} reveals {a_name(rules, face)} at {here}"
    if kind in (GOLD, GEM):
        return [f"{what}: {_vp(after.vp[p] - before.vp[p])} (the {'nuggets' if kind == GOLD else 'gems'} shown)"]
    if kind == MONUMENT:
        if after.bonus == p and before.bonus == NOBODY:
            return [f"{what}: the supply is empty, p{p + 1} takes the +{rules.bonus_vp} bonus and the game ends"]
        left = f"{after.supply} left" if after.supply else "none left: the next monument takes the bonus"
        return [f"{what}: p{p + 1} takes a camp from the supply ({left})"]
    if kind == ANIMAL:
        return [f"{what}: it may stay or move to an empty field with more {name(rules, face)}s around"]
    return [f"{what}: they may stay or move to a field with more empty fields around"]


def _placed(rules: Rules, before: State, after: State, p: int) -> list[str]:
    """A revealed animal or nomad people left or placed: where, and what it scored."""
    f = before.pending
    g = f if after.tile[f] != EMPTY else next(x for x, t in enumerate(after.tile) if x != f and t != before.tile[x])
    face = after.tile[g]
    where = "stays at" if g == f else "is placed at"
    if rules.face_kind[face] == ANIMAL:
        gained = _gained(before, after, p, "animals")
        alike = _count(gained - rules.animal_itself, name(rules, face))
        return [
            f"the {name(rules, face)} {where} {rules.fields[g]}: {_vp(gained)} for p{p + 1} "
            f"({rules.animal_itself} for itself, {alike} next to it)"
        ]
    gained = _gained(before, after, p, "nomads")
    where = "stay at" if g == f else "are placed at"
    empty = _count(gained - rules.nomad_itself, "empty field")
    return [f"the nomads {where} {rules.fields[g]}: {_vp(gained)} for p{p + 1} ({empty} next to them)"]


def _count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless 1: ``2 elephants``, ``1 gem``.

    >>> _count(2, "elephant"), _count(1, "empty field"), _count(0, "gem")
    ('2 elephants', '1 empty field', '0 gems')
    """
    return f"{n} {word}" + ("" if n == 1 else "s")


def _moved(rules: Rules, before: State, after: State, p: int) -> list[str]:
    """An animal or nomad people moved (4.B2, 4.B3): the gain in what it has around."""
    changed = [f for f in range(len(after.tile)) if after.tile[f] != before.tile[f]]
    to = next(f for f in changed if after.tile[f] >= 0)
    source = next(f for f in changed if f != to)
    face = after.tile[to]
    if rules.face_kind[face] == ANIMAL:
        gained = _gained(before, after, p, "animals")
        what, more, near = f"the {name(rules, face)}", f"more {name(rules, face)}", "it"
    else:
        gained = _gained(before, after, p, "nomads")
        what, more, near = "the nomads", "more empty field", "them"
    return [
        f"p{p + 1} moves {what} from {rules.fields[source]} to {rules.fields[to]}: {_vp(gained)} "
        f"({_count(gained, more)} next to {near})"
    ]


def _camp(rules: Rules, before: State, after: State, p: int) -> list[str]:
    """A camp built: what it researched, or what it mined (4.B4, 4.B5)."""
    f = next(x for x in range(len(after.tile)) if after.tile[x] == CAMP and before.tile[x] != CAMP)
    here = f"p{p + 1} builds a camp at {rules.fields[f]}"
    taken = [
        f"{n} × {name(rules, face)}"
        for face in range(len(rules.face_names))
        if (n := after.display[p][face] - before.display[p][face]) > 0
    ]
    if taken:
        return [f"{here} and mines: takes {', '.join(taken)}"]
    research = _gained(before, after, p, "research")
    if research or after.vp[p] != before.vp[p]:
        return [f"{here} and researches: {_vp(research)} (face-up animals, nomads and monuments next to it)"]
    return [f"{here}: nothing next to it to research or mine"]


def _swap(rules: Rules, before: State, after: State, p: int) -> list[str]:
    """A swap (A13): what went each way."""
    q = next(x for x in range(after.players) if x != p and after.display[x] != before.display[x])
    mine = [after.display[p][face] - before.display[p][face] for face in rules.goods_face]
    gave = [g for g, d in enumerate(mine) if d < 0]
    took = [g for g, d in enumerate(mine) if d > 0]
    if not gave or not took:
        return []
    n = mine[took[0]]
    return [f"p{p + 1} gives p{q + 1} {n} {rules.goods[gave[0]]} for their {n} {rules.goods[took[0]]}"]


def explain_action(rules: Rules, before: State, after: State) -> Explanation:
    """What one action did that its line does not say (nothing for a walk, a relocation, a
    start city, a skip or a kept good). Only what the action changes is read, never what the
    final scoring that may follow it adds."""
    if len(after.revealed) > len(before.revealed):
        return [("reveal", _reveal(rules, before, after))]
    p = before.order[before.turn]
    if before.step == PLACE:
        return [("score", _placed(rules, before, after, p))]
    if after.camp.count(p) > before.camp.count(p):
        return [("camp", _camp(rules, before, after, p))]
    if before.step == ACT and after.tile != before.tile:
        return [("move", _moved(rules, before, after, p))]
    if before.step == SWAP and any(after.display[q] != before.display[q] for q in range(after.players) if q != p):
        return [("swap", _swap(rules, before, after, p))]
    return []


# ------------------------------------------------------------------ a pass, the end


def standings(rules: Rules, s: State) -> list[str]:
    """Each seat's VP now, best first, and what is left (a pass's end)."""
    order = sorted(range(s.players), key=lambda p: (-s.vp[p], p))
    down = s.tile.count(DOWN)
    supply = "the bonus" if s.supply == 0 else f"{s.supply} camps, then the bonus"
    return [
        ", ".join(f"p{p + 1} {s.vp[p]} VP" for p in order),
        f"{down} face-down tiles left · supply: {supply}",
    ]


def final_scoring(rules: Rules, before: State, after: State) -> Explanation:
    """Why the game ended, then the final scoring (7.): each seat's goods sets, the gold and gem
    majorities, the ranking and who wins (A28: tied leaders share the win)."""
    if after.ended == "bonus":
        why = [f"p{after.bonus + 1} took the bonus: the game ends at once (7.)"]
    else:
        why = [f"{rules.max_turns} turns played without the bonus: the game ends by the turn cap, no bonus (A31)"]
    goods = []
    for p in range(after.players):
        held = after.display[p]
        sets = ", ".join(
            f"{held[face]} {rules.goods[g]} {rules.goods_vp[held[face]]}"
            for g, face in enumerate(rules.goods_face)
            if held[face]
        )
        goods.append(f"p{p + 1} {_vp(goods_vp(rules, after, p))}" + (f" ({sets})" if sets else " (no goods)"))
    out: Explanation = [("game_end", why), ("goods", goods)]
    for faces, source, unit in ((rules.gold_faces, "gold", "nugget"), (rules.gem_faces, "gems", "gem")):
        held = amounts(rules, after, faces)
        lines = [
            f"p{p + 1} {_count(held[p], unit)}: {_vp(_gained(before, after, p, source))}"
            for p in sorted(range(after.players), key=lambda p: (-held[p], p))
        ]
        out.append((source, lines))
    best = max(after.vp)
    won = [p for p in after.ranking if after.vp[p] == best]
    ranking = ", ".join(f"p{p + 1} {after.vp[p]} VP" for p in after.ranking)
    if len(won) == 1:
        verdict = f"p{won[0] + 1} wins"
    else:
        verdict = " and ".join(f"p{p + 1}" for p in won) + " share the win (A28)"
    out.append(("final_ranking", [f"{ranking}; {verdict}"]))
    return out


def explain_between(rules: Rules, before: State, after: State) -> Explanation | None:
    """What happened between two positions one action apart (``Drawing.explain``): the action's
    effect in words, the standings when a pass around the table ends, the end and the final
    scoring; None when the action's line says it all."""
    out = explain_action(rules, before, after)
    if after.step == OVER and before.step != OVER:
        out += final_scoring(rules, before, after)
    elif after.round != before.round and before.round > 0:
        out.append(("standings", standings(rules, after)))
    return out or None


__all__ = ["explain_action", "explain_between", "final_scoring", "standings"]
