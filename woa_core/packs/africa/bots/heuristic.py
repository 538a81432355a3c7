"""Africa's heuristic bot: a careful beginner, and the rollout policy of the search bot.

It is greedy on what an action earns now plus what it adds to the final scoring, weighed from its
view alone (``woa_core.packs.africa.bots.estimate``):

- a reveal is worth its expectation over the unseen tiles (africa-rulings §4): gold and gems
  their symbols, an animal or a nomad what it scores where it lies or at the best empty field,
  a trade good its step up the goods table or the best swap (what it gains, plus part of what it
  takes from the other player), a monument a camp; once the general supply is empty a monument
  ends the game (A24), which it wants only when the final scoring would make it the winner, so it
  stops revealing while behind;
- relocating an animal or a nomad is worth its points; a camp is worth its research points or
  the change in the gold and gem majorities it mines, less what an unbuilt camp will still earn
  (much early, nothing near the end: it researches and mines when that pays);
- a walk is worth the best action from where it ends, plus a share of the best one a second
  step could reach; when nothing worth doing is in reach it relocates to where the most is.

Every number of the game comes from the rules; its own judgement is the weights below. A little
seeded noise breaks ties, so the bot is reproducible from its seed.

>>> from woa_core.packs.africa.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("africa", 2), seed=1)
>>> bot = HeuristicBot(3, seat=0, players=2)
>>> bot.choose(game.observation(0), game.legal_actions(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from woa_core.kernel.actions import Action
from woa_core.kernel.native import mypyc_attr
from woa_core.packs.africa.bots.estimate import (
    Outlook,
    equities,
    final_scores,
    gold_and_gems,
    majority_outlook,
    win_chance,
)
from woa_core.packs.africa.compiled import ANIMAL, GEM, GOLD, GOODS, MONUMENT, NOMAD, TILE_OFFSET, Rules
from woa_core.packs.africa.game import RESEARCH, count_next_to, walkable
from woa_core.packs.africa.state import DOWN, EMPTY
from woa_core.packs.africa.steps import ACT, CITY, PLACE, SWAP, TURN
from woa_core.packs.africa.view import View

OTHERS: Final = 0.5
"""How much a VP of another seat's equity counts against its own (swaps, mining)."""
SECOND_STEP: Final = 0.5
"""Share of the best action a second step could reach that a first walk counts."""
END_STAKE: Final = 30.0
"""What winning is worth in VP when it weighs ending the game (A24) against playing on."""
STUCK: Final = 1.0
"""Below this value of its best walk it considers relocating (4.A)."""
RELOCATE: Final = 0.6
"""Share of the best action near a relocation target that relocating counts (the turn is lost
and the others may take it first)."""
OPEN: Final = 0.05
"""Worth of each face-down tile next to a walk's end (the next actions' choice)."""
NOISE: Final = 0.01
"""Up to this much seeded noise on every value, to break ties."""


@mypyc_attr(allow_interpreted_subclasses=True)  # an outside bot may extend it (issue 42.7)
class HeuristicBot:
    """A careful beginner (see the module docstring); ``fast`` skips the second-step look-ahead
    (the search bot's cheap rollout policy)."""

    name: ClassVar[str] = "heuristic"
    kind: ClassVar[str] = "scripted"

    def __init__(
        self,
        seed: int,
        seat: int = 0,
        players: int = 2,
        noise: float = NOISE,
        end_stake: float = END_STAKE,
        fast: bool = False,
    ) -> None:
        self._rng = random.Random(seed)
        self._noise = noise
        self.end_stake = end_stake
        self._fast = fast
        self._look: Look | None = None
        self._look_key: tuple[Any, ...] = ()

    def reseed(self, seed: int) -> None:
        """Restart its random choices from ``seed`` (search replays the same luck)."""
        self._rng.seed(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """The legal action of the highest value (see the module docstring)."""
        if len(legal) == 1:
            return legal[0]
        seen: View = view  # typed: compiled, its fields are read directly
        state = seen.seen
        step = state.step
        if step == CITY:
            return self._best(legal, lambda a: start_value(seen, a[2]))
        look = self._look_at(seen)
        if step == PLACE:
            return self._best(legal, look.placement)
        if step == SWAP:
            return self._best(legal, look.swap)
        if step == ACT:
            return self._best(legal, look.action)
        more = state.stage + 1 < seen.rules.steps and not self._fast
        walk = self._best([a for a in legal if a[1] == "walk"], lambda a: look.walk(a[2], more))
        if step == TURN and look.walk(walk[2], more) < STUCK:
            spots = [a for a in legal if a[1] == "relocate"]
            if spots:
                there = self._best(spots, lambda a: look.spot(a[2]))
                if RELOCATE * look.spot(there[2]) > look.walk(walk[2], more) + STUCK:
                    return there
        return walk

    def _look_at(self, view: View) -> Look:
        """The decision's ``Look``: the one of an earlier decision when nothing it reads has changed
        since but where its own explorer stands (the two walks and the action of one turn: what it
        worked out about the board still holds, so a turn costs little more than its first
        decision), else a new one."""
        state, me = view.seen, view.player
        at = state.at[:]
        at[me] = EMPTY
        key = (
            me,
            state.turns,
            state.supply,
            tuple(state.tile),
            tuple(at),
            tuple(state.vp),
            tuple(state.camps),
            tuple([tuple(d) for d in state.display]),
        )
        look = self._look
        if look is None or key != self._look_key:
            look = self._look = Look(view, self.end_stake)
            self._look_key = key
        else:
            look.moved(view)
        return look

    def _best(self, legal: Sequence[Action], value: Callable[[Action], float]) -> Action:
        noise, rand = self._noise, self._rng.random
        best, top = legal[0], float("-inf")
        for action in legal:
            v = value(action) + rand() * noise
            if v > top:
                best, top = action, v
        return best


def start_value(view: View, city: int) -> float:
    """A start city's worth (2. Setup, A30): the fields within three steps, less those another
    explorer is as near to (a seat's own corner to explore)."""
    rules = view.rules
    here = rules.cities[city]
    mine = _within(rules, here, 3)
    taken: set[int] = set()
    for f in view.seen.at:
        if f != EMPTY:
            taken |= _within(rules, f, 3)
    return len(mine) - 1.5 * len(mine & taken)


def _within(rules: Rules, f: int, steps: int) -> set[int]:
    seen, edge = {f}, [f]
    for _ in range(steps):
        edge = [g for x in edge for g in rules.neighbours[x] if g not in seen]
        seen.update(edge)
    return seen


class Look:
    """One decision's view of the board, with what it has worked out so far (each reveal's
    expectation, each move's best gain, each field's best action)."""

    def __init__(self, view: View, end_stake: float = END_STAKE) -> None:
        rules = view.rules
        state = view.seen
        self.rules = rules
        self.me = me = view.player
        self.tile: list[int] = state.tile
        self.at: list[int] = state.at
        self.display: list[list[int]] = state.display
        self.camps: int = state.camps[me]
        self.pending: int = state.pending
        self.view = view
        self.state = state
        self.end_stake = end_stake
        # the rules' tables the hot helpers read, once (compiled, a field of the rules is a generic lookup)
        self.around = rules.around
        self.nbrs = rules.neighbours
        self.closed = rules.closed
        self.tile_kind = rules.tile_kind
        self.face_kind = rules.face_kind
        self._outlook: Outlook | None = None
        self._reveal: dict[int, float] = {}
        self._mining: dict[tuple[int, int], float] = {}
        self._move: dict[int, float] = {}
        self._act: dict[int, float] = {}
        self._walk: dict[tuple[int, bool], float] = {}
        self._alike: dict[int, tuple[int, list[int]]] | None = None
        self._empties: tuple[int, list[int]] | None = None
        self._shared: tuple[float, dict[int, tuple[float, int]], tuple[float, int]] | None = None
        self._monument: float | None = None
        self._majority: tuple[list[int], list[int], list[float]] | None = None

    def moved(self, view: View) -> None:
        """Look from ``view`` on: the same board, displays and scores (``HeuristicBot._look_at``
        checks), its own explorer perhaps elsewhere and the state perhaps a copy."""
        state = view.seen
        self.view, self.state = view, state
        self.tile, self.at, self.display = state.tile, state.at, state.display
        self.pending = state.pending

    @property
    def outlook(self) -> Outlook:
        """How far the end is (``estimate.Outlook``), worked out when first needed."""
        if self._outlook is None:
            self._outlook = Outlook.of(self.rules, self.state, self.view.unseen)
        return self._outlook

    # ------------------------------------------------------------- decisions

    def value(self, a: Action, more: bool = False) -> float:
        """The value of any legal action (``more``: a walk with a further step to come); a
        relocation counts what it prepares less ``STUCK`` (it is chosen over the best walk only
        when that is below ``STUCK`` and worth less)."""
        verb = a[1]
        if verb == "walk":
            return self.walk(a[2], more)
        if verb == "relocate":
            return RELOCATE * self.spot(a[2]) - STUCK
        if verb == "stay" or verb == "place":
            return self.placement(a)
        if verb == "keep" or verb == "swap":
            return self.swap(a)
        if verb == "start":
            return start_value(self.view, a[2])
        return self.action(a)

    def action(self, a: Action) -> float:
        """The value of one action at ``act``."""
        verb = a[1]
        if verb == "reveal":
            return self.reveal(a[2])
        if verb == "camp":
            return self.camp(self.at[self.me], a[2])
        if verb == "animal" or verb == "nomad":
            return float(self.gain(a[2], a[3]))
        return 0.0  # skip

    def walk(self, f: int, more: bool) -> float:
        """The value of walking to ``f``: its best action, a share of the best a further step
        could reach (``more``), and a little for the face-down tiles around it."""
        found = self._walk.get((f, more))
        if found is None:
            found = self.best_at(f) + OPEN * count_next_to(self.nbrs[f], self.tile, DOWN)
            if more:
                best = float("-inf")  # the first of the highest, as max() (a loop: no generic call compiled)
                for g in self.reach(f):
                    v = self.best_at(g)
                    if v > best:
                        best = v
                found += SECOND_STEP * best
            self._walk[f, more] = found
        return found

    def spot(self, f: int) -> float:
        """What relocating to ``f`` prepares: the best action a walk from there reaches."""
        best = float("-inf")
        for g in self.reach(f):
            v = self.best_at(g)
            if v > best:
                best = v
        return best

    def placement(self, a: Action) -> float:
        """The VP a revealed animal or nomad scores staying (``stay``) or placed (``place G``)."""
        rules, tile, f = self.rules, self.tile, self.pending
        face = tile[f]
        g: int = f if a[1] == "stay" else a[2]
        moved = g != f and g in rules.adjacent[f]
        animal = self.face_kind[face] == ANIMAL
        n = count_next_to(self.nbrs[g], tile, face if animal else EMPTY)
        if animal:
            return rules.animal_itself + n - moved
        return rules.nomad_itself + n + moved

    def swap(self, a: Action) -> float:
        """``keep`` (0) or ``swap P GOOD``: its change to the goods scores (A13)."""
        if a[1] == "keep":
            return 0.0
        good = self.pending
        held = self.display[self.me][self.rules.goods_face[good]]
        return self._swap_value(good, held, a[2], a[3])

    # ---------------------------------------------------------- the pieces

    def reach(self, f: int) -> list[int]:
        """Where a walk from ``f`` ends (its own explorer moved there)."""
        at = self.at
        if at[self.me] != f:
            at = at[:]
            at[self.me] = f
        return walkable(self.rules, self.tile, at, f)

    def best_at(self, f: int) -> float:
        """The best action from ``f`` (skipping: 0)."""
        found = self._act.get(f)
        if found is not None:
            return found
        tile, kind = self.tile, self.tile_kind
        best = 0.0
        for g in self.closed[f]:
            t = tile[g]
            if t == DOWN:
                value = self.reveal(g)
            elif kind[t + TILE_OFFSET] in (ANIMAL, NOMAD):
                value = self.move(g)
            else:
                continue
            if value > best:
                best = value
        if tile[f] == EMPTY and self.camps > 0:
            research, mine = self.camps_at(f)  # as max(): the first of the highest
            if research > best:
                best = research
            if mine > best:
                best = mine
        self._act[f] = best
        return best

    def reveal(self, g: int) -> float:
        """The expected value of revealing the face-down tile on ``g``: each unseen face's value
        there, weighed by its chance (``shared``; an animal or a nomad scores more on ``g`` where
        more of its species, or more empty fields, lie around ``g`` than around the best empty
        field, A14, A16)."""
        found = self._reveal.get(g)
        if found is not None:
            return found
        total, species, nomad = self._shared or self.shared()
        around = self.around[g](self.tile)
        for t in around:
            if t in species:
                chance, best = species[t]
                n = around.count(t)
                if n > best:
                    total += chance * (n - best) / n  # once per tile of the species around g
        chance, best = nomad
        n = around.count(EMPTY)
        if n > best:
            total += chance * (n - best)
        self._reveal[g] = total
        return total

    def shared(self) -> tuple[float, dict[int, tuple[float, int]], tuple[float, int]]:
        """What every reveal shares: its expectation over the unseen faces (their chances, africa-
        rulings §4) with each animal or nomad placed at the best empty field; and for each species
        (by face) and the nomads their chance and that field's count (``reveal`` adds the rest)."""
        if self._shared is None:
            rules, outlook = self.rules, self.outlook
            kind, down = rules.face_kind, outlook.down or 1
            alike = self.best_alike()
            total = 0.0
            species: dict[int, tuple[float, int]] = {}
            nomad = (0.0, 0)
            for face, n in enumerate(outlook.unseen):
                if not n:
                    continue
                k, chance = kind[face], n / down
                if k == ANIMAL:
                    best = alike.get(face, 0)
                    species[face] = (chance, best)
                    total += chance * (rules.animal_itself + best)
                elif k == NOMAD:
                    nomad = (chance, self.best_empties())
                    total += chance * (rules.nomad_itself + nomad[1])
                elif k == GOODS:
                    total += chance * self.goods(face)
                elif k == MONUMENT:
                    total += chance * self.monument()
                else:  # gold and gems: their symbols at once (A12)
                    total += chance * rules.face_value[face]
            self._shared = (total, species, nomad)
        return self._shared

    def best_alike(self) -> dict[int, int]:
        """For each species face up, the most animals of it around any empty field (where one
        more could be placed, A14)."""
        return {face: most for face, (most, _) in self.alike().items()}

    def alike(self) -> dict[int, tuple[int, list[int]]]:
        """For each species face up (by face), the most animals of it around an empty field next
        to one, and the fields that have that many (in board order, perhaps repeated)."""
        if self._alike is None:
            tile, kind, nbrs = self.tile, self.tile_kind, self.nbrs
            found: dict[int, tuple[int, list[int]]] = {}
            for x, t in enumerate(tile):
                if kind[t + TILE_OFFSET] == ANIMAL:
                    for g in nbrs[x]:
                        if tile[g] == EMPTY:
                            n = count_next_to(nbrs[g], tile, t)
                            held = found.get(t)
                            if held is None or n > held[0]:
                                found[t] = (n, [g])
                            elif n == held[0]:
                                held[1].append(g)
            self._alike = found
        return self._alike

    def best_empties(self) -> int:
        """The most empty fields around any empty field (a nomad's placement, A16)."""
        most = self.empties()[0]
        return most if most > 0 else 0

    def empties(self) -> tuple[int, list[int]]:
        """The most empty fields around an empty field (-1 when none is empty), and the empty
        fields that have that many."""
        if self._empties is None:
            tile, nbrs = self.tile, self.nbrs
            most, fields = -1, []
            for g, t in enumerate(tile):
                if t == EMPTY:
                    n = count_next_to(nbrs[g], tile, EMPTY)
                    if n > most:
                        most, fields = n, [g]
                    elif n == most:
                        fields.append(g)
            self._empties = (most, fields)
        return self._empties

    def goods(self, face: int) -> float:
        """A revealed good: one more of it, or the best swap it allows (A13)."""
        rules, display = self.rules, self.display
        good = rules.face_sub[face]
        held = display[self.me][face] + 1
        table = rules.goods_vp
        keep = float(table[held] - table[held - 1])
        best = keep
        for q in range(len(display)):
            if q == self.me:
                continue
            for y in range(len(rules.goods)):
                if y != good and 1 <= display[q][rules.goods_face[y]] <= held:
                    best = max(best, keep + self._swap_value(good, held, q, y))
        return best

    def _swap_value(self, good: int, held: int, q: int, y: int) -> float:
        """What swapping ``held`` tiles of ``good`` (the revealed one among them) for all of
        ``q``'s ``y`` changes: its goods score, less ``OTHERS`` of the change to ``q``'s."""
        rules, display = self.rules, self.display
        table, fx, fy = rules.goods_vp, rules.goods_face[good], rules.goods_face[y]
        mine, theirs = display[self.me], display[q]
        k = theirs[fy]
        gain = table[held - k] - table[held] + table[mine[fy] + k] - table[mine[fy]]
        loss = table[theirs[fx] + k] - table[theirs[fx]] + table[0] - table[k]
        return gain - OTHERS * loss

    def monument(self) -> float:
        """A monument: a camp from the supply; once the supply is empty, the bonus and the end
        (A17, A24), weighed by whether the final scoring would make it a winner."""
        if self._monument is None:
            state, rules = self.state, self.rules
            if state.supply > 0:
                self._monument = self.outlook.camp
            else:
                final = final_scores(rules, state)
                final[self.me] += rules.bonus_vp
                best = max(final)
                share = 1.0 / final.count(best) if final[self.me] == best else 0.0
                now = self.majority()[2]
                lead = now[self.me] - max(e for q, e in enumerate(now) if q != self.me)
                self._monument = rules.bonus_vp + self.end_stake * (share - win_chance(lead))
        return self._monument

    def move(self, f: int) -> float:
        """The best gain of relocating the animal or nomad on ``f`` (4.B2, 4.B3), 0 when it may
        not move: the best ``gain`` over its targets (``animal_targets``, ``nomad_targets``),
        which are exactly the empty fields where it gains. Worked out from the fields where the
        most of its species (``alike``) or of empty fields (``empties``) lie around, since a
        move's gain differs from that count only by whether the target is next to ``f``; so no
        search of targets for every animal and nomad in reach."""
        found = self._move.get(f)
        if found is None:
            tile, face = self.tile, self.tile[f]
            near = self.rules.adjacent[f]
            if self.face_kind[face] == ANIMAL:
                most, fields = self.alike().get(face, (0, []))
                # its own field no longer counts around a target next to it: one less, unless a
                # field with the most lies elsewhere
                for g in fields:
                    if g not in near:
                        break
                else:
                    most -= 1
                top = most - count_next_to(self.nbrs[f], tile, face)
            else:
                most, fields = self.empties()
                # its own field, then empty, counts around a target next to it: one more
                for g in fields:
                    if g in near:
                        most += 1
                        break
                top = most - count_next_to(self.nbrs[f], tile, EMPTY)
            found = self._move[f] = float(top) if top > 0 else 0.0
        return found

    def gain(self, f: int, g: int) -> int:
        """The VP of moving the animal or nomad on ``f`` to ``g`` (A15, A18, A19)."""
        tile, nbrs = self.tile, self.nbrs
        face, near = tile[f], g in self.rules.adjacent[f]
        animal = self.face_kind[face] == ANIMAL
        alike = face if animal else EMPTY  # what counts around: its species, or empty fields
        there, here = count_next_to(nbrs[g], tile, alike), count_next_to(nbrs[f], tile, alike)
        if animal:
            return there - near - here
        return there + near - here

    def majority(self) -> tuple[list[int], list[int], list[float]]:
        """Gold and gems held by each seat, and each seat's equity now (``estimate.equities``)."""
        if self._majority is None:
            gold, gem = gold_and_gems(self.rules, self.display)
            self._majority = (gold, gem, equities(self.rules, self.state, self.outlook))
        return self._majority

    def camp(self, f: int, purpose: int) -> float:
        """A camp on ``f``: research points (A21), or what mining the gold and gems around gives
        (A22, ``mining``); less what the camp would still earn unbuilt."""
        research, mine = self.camps_at(f)
        return research if purpose == RESEARCH else mine

    def camps_at(self, f: int) -> tuple[float, float]:
        """A research camp's and a mining camp's value on ``f`` (``camp``), from one look around."""
        rules, kind = self.rules, self.face_kind
        research, value, mine = rules.research, rules.face_value, rules.mine
        points = gold = gem = 0
        for t in self.around[f](self.tile):
            if t >= 0:
                if research[t]:
                    points += 1
                if mine[t]:
                    if kind[t] == GOLD:
                        gold += value[t]
                    elif kind[t] == GEM:
                        gem += value[t]
        unbuilt = self.outlook.camp
        return points - unbuilt, (self.mining(gold, gem) if gold or gem else 0.0) - unbuilt

    def mining(self, gold: int, gem: int) -> float:
        """The change in the majorities from taking ``gold`` nuggets and ``gem`` gems: its own,
        less ``OTHERS`` of the mean change to the others'."""
        found = self._mining.get((gold, gem))
        if found is None:
            rules, outlook, me = self.rules, self.outlook, self.me
            held_gold, held_gem, _ = self.majority()
            change = [0.0] * len(held_gold)
            for amount, more, left in ((held_gold, gold, outlook.gold_left), (held_gem, gem, outlook.gem_left)):
                if more:
                    after = amount[:]
                    after[me] += more
                    before = majority_outlook(rules, amount, left)
                    for p, x in enumerate(majority_outlook(rules, after, left - more)):
                        change[p] += x - before[p]
            mine = change[me]
            found = self._mining[gold, gem] = mine - OTHERS * (sum(change) - mine) / max(1, len(change) - 1)
        return found


__all__ = ["HeuristicBot", "start_value"]
