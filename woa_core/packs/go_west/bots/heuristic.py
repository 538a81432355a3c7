"""Go West!'s heuristic bot: the ``greedy`` policy of go-west-rulings §2.3, from its view alone.

- **Score** when a scoring now gains it more than it costs (a disc paid weighs ``DISC`` VP, a VP
  paid 1) and at least as much as any rival gains; a scoring that ends the game (G18) only when it
  then wins alone, and then always.
- Else **play** the cheapest card with discs its supply pays for (no VP), while its supply
  exceeds ``KEEP`` discs; among cards of that cost, the one whose discs and wagons make its points
  in a scoring now the highest.
- Else **sell** the dearest card (5.3).
- The **wagon steps** and the **"+1" block** make its own points in a scoring now the highest,
  fewer wagons out of play breaking ties; a result that ends the game (G19) is taken only when it
  then wins alone (and then before any other); if every result ends it, the best final margin.
- It **pays** the fewest VP (G9), **doubles** when it holds a token with chance ``double`` (default: always) and always
  takes the second action (G17).

It reads only its view (``view.observe``: the public board and its own hand), never the hidden
hands or the pile. The distinct movement results come from ``weights.results``.

>>> from woa_core.packs.go_west.game import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("go-west", 2), seed=1)
>>> bot = HeuristicBot(3, seat=0, players=2)
>>> bot.choose(game.observation(0), game.legal_actions(0))
(0, 'double')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from woa_core.kernel.actions import Action
from woa_core.packs.go_west.bots.weights import results
from woa_core.packs.go_west.compiled import PLUS_ONE, TWO
from woa_core.packs.go_west.steps import ALSO, DECLARE, PAY, STEP

DISC: Final = 0.5
"""What a disc paid for a scoring weighs against a VP (§2.3 ``greedy``)."""
KEEP: Final = 2
"""It plays cards with discs only while its supply exceeds this (§2.3 ``greedy``)."""
DOUBLE: Final = 1.0
"""The chance it declares a double move when it holds a token (seeded; 0.5 as §2.3's ``uniform``)."""


def award_order(queue: Sequence[int]) -> list[int]:
    """The owners of a block's discs in the order a scoring awards their VP (G13): the largest
    holdings first, tied holdings disc by disc in age order; a region of ``W`` wagons awards the
    first ``W``.

    >>> award_order([2, 0, 0, 0, 2, 1, 2])  # T5: G, R, R, R, G, then B
    [2, 0, 0, 0, 2, 2, 1]
    """
    counts = Counter(queue)
    order: list[int] = []
    for held in sorted(set(counts.values()), reverse=True):
        order.extend(o for o in queue if counts[o] == held)
    return order


class Board:
    """What a scoring now would give each seat, from the blocks and the wagons it is given: per
    block and seat, the VP for each wagon count (``points[b][p][w]``, ``w`` up to the discs)."""

    __slots__ = ("points", "regions")

    def __init__(self, blocks: Sequence[Sequence[int]], regions: Sequence[int], players: int) -> None:
        self.regions = regions
        self.points = []
        for queue in blocks:
            order = award_order(queue)
            per = []
            for p in range(players):
                run = [0]
                for owner in order:
                    run.append(run[-1] + (owner == p))
                per.append(run)
            self.points.append(per)

    def gains(self, wagons: Sequence[int], p: int) -> int:
        """Seat ``p``'s VP from a scoring with ``wagons`` in the regions."""
        total = 0
        for b, per in enumerate(self.points):
            run = per[p]
            w = wagons[self.regions[b]]
            total += run[w if w < len(run) else -1]
        return total


class HeuristicBot:
    """The greedy policy of go-west-rulings §2.3 (see the module docstring)."""

    name: ClassVar[str] = "heuristic"
    kind: ClassVar[str] = "scripted"

    limits: ClassVar[dict[str, tuple[float, float]]] = {"double": (0, 1), "disc": (0, 10)}

    def __init__(self, seed: int, seat: int = 0, players: int = 2, double: float = DOUBLE, disc: float = DISC) -> None:
        self.seat, self.double, self.disc = seat, double, disc
        self._rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        """Restart its random choices from ``seed`` (search replays the same luck)."""
        self._rng.seed(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """The legal action the policy picks (see the module docstring)."""
        if len(legal) == 1:
            return legal[0]
        step = view.step
        if step == DECLARE:
            double = self.double >= 1 or (self.double > 0 and self._rng.random() < self.double)
            return next(a for a in legal if a[1] == ("double" if double else "single"))
        if step == PAY:
            return min(legal, key=lambda a: a[2])  # type: ignore[no-any-return]
        look = Look(view)
        if step == STEP:
            first = look.best_move(look.board, view.wagons, view.supply[look.me], view.floor, view.left)[1]
            return next(a for a in legal if a[2] == first)
        if step == ALSO:
            moves = look.rules.shapes[look.rules.card_shape[view.card]][2]
            blocks, supply = [q[:] for q in view.blocks], view.supply[look.me]
            return max(legal, key=lambda a: look.also_value(blocks, supply, a[2], moves))
        return self.action(look, legal)

    def action(self, look: Look, legal: Sequence[Action]) -> Action:
        """Score, else play the cheapest card with discs, else sell the dearest (§2.3)."""
        verbs = {a[1] for a in legal}
        if "score" in verbs and look.scoring_pays(self.disc):
            return next(a for a in legal if a[1] == "score")
        shapes, me = look.rules.shapes, look.me
        supply = look.supply[me]
        if supply > KEEP:
            plays = [a for a in legal if a[1] == "play" and shapes[a[2]][0] >= 0 and shapes[a[2]][3] <= supply]
            if plays:
                cheapest = min(shapes[a[2]][3] for a in plays)
                plays = [a for a in plays if shapes[a[2]][3] == cheapest]
                return plays[0] if len(plays) == 1 else max(plays, key=lambda a: look.card_value(a[2]))
        sells = [a for a in legal if a[1] == "sell"]
        if sells:
            return max(sells, key=lambda a: shapes[a[2]][3])
        return next(a for a in legal if a[1] != "stop")


class Look:
    """One decision's reading of the view: the seats' standing and what a scoring now gives."""

    __slots__ = ("blocks", "board", "exit", "me", "players", "rules", "supply", "view", "vp")

    def __init__(self, view: Any) -> None:
        self.view = view
        self.rules = view.rules
        self.me = view.player
        self.players = len(view.vp)
        self.vp, self.supply, self.blocks = view.vp, view.supply, view.blocks
        self.exit = self.rules.exit
        self.board = Board(self.blocks, self.rules.block_region, self.players)

    # ------------------------------------------------------------------ scoring

    def scoring_pays(self, disc: float) -> bool:
        """Whether a scoring now gains more than it costs and at least what any rival gains; one
        that ends the game, exactly when it then wins alone (G18)."""
        rules, me, view = self.rules, self.me, self.view
        gains = [self.board.gains(view.wagons, p) for p in range(self.players)]
        cost = rules.scoring_costs[view.used[me]]
        discs = min(cost, self.supply[me])
        after = [v + g for v, g in zip(self.vp, gains, strict=True)]
        after[me] -= cost - discs
        if max(after) >= rules.vp_threshold:
            supply = self.supply[:]
            supply[me] -= discs
            return self.alone(after, supply)
        return gains[me] > disc * discs + (cost - discs) and gains[me] >= max(gains)

    def alone(self, vp: Sequence[int], supply: Sequence[int]) -> bool:
        """Whether it would be the sole winner with these VP and supplies (G20, G27)."""
        me = self.me
        return all((vp[me], supply[me]) > (vp[p], supply[p]) for p in range(self.players) if p != me)

    # ------------------------------------------------------------------ moving

    def best_move(
        self, board: Board, wagons: Sequence[int], supply: int, floor: int, left: int
    ) -> tuple[tuple[float, ...], int]:
        """The best result of ``left`` steps from ``floor`` on with ``board``'s blocks, and the
        region its first step leaves: (its key, that region). A result that ends the game and
        makes it the sole winner comes first, then any that does not end it, by its points in a
        scoring now and then fewer wagons out, then one that ends it, by its final margin."""
        exit_, me, gone = self.exit, self.me, self.rules.gone_from
        best: tuple[float, ...] = (-1.0,)
        first = floor
        full = list(wagons)
        for counts, region in results(wagons[:exit_], floor, left):
            full[:exit_] = counts
            on_board = sum(counts)
            if any(full[r] for r in gone):
                key: tuple[float, ...] = (1.0, board.gains(full, me), on_board)
            else:
                final = [v + board.gains(full, p) for p, v in enumerate(self.vp)]
                supplies = list(self.supply)
                supplies[me] = supply
                if self.alone(final, supplies):
                    key = (2.0, final[me], on_board)
                else:
                    key = (0.0, final[me] - max(v for p, v in enumerate(final) if p != me), on_board)
            if key > best:
                best, first = key, region
        return best, first

    def card_value(self, shape: int) -> tuple[float, ...]:
        """The best result of playing a card of ``shape`` now: its payment, its discs (the "+1"
        disc into the best block) and its steps (``best_move``)."""
        block, symbol, moves, cost = self.rules.shapes[shape]
        supply = self.supply[self.me]
        supply -= min(cost, supply)  # the rest in VP (G9)
        if block < 0:
            return self.move_with(self.blocks, supply, moves)
        blocks, supply = self.place(self.blocks, block, supply)
        if symbol == TWO:
            blocks, supply = self.place(blocks, block, supply)
        if symbol == PLUS_ONE and supply > 0:
            return max(self.also_value(blocks, supply, b, moves) for b in range(len(blocks)) if b != block)
        return self.move_with(blocks, supply, moves)

    def also_value(self, blocks: list[list[int]], supply: int, block: int, moves: int) -> tuple[float, ...]:
        """The best result after the "+1" disc goes into ``block``."""
        blocks, supply = self.place(blocks, block, supply)
        return self.move_with(blocks, supply, moves)

    def move_with(self, blocks: list[list[int]], supply: int, moves: int) -> tuple[float, ...]:
        """The best result of ``moves`` steps with these blocks (no steps: the blocks as they are)."""
        board = Board(blocks, self.rules.block_region, self.players)
        if not moves:
            return (1.0, board.gains(self.view.wagons, self.me), 0.0)
        return self.best_move(board, self.view.wagons, supply, 0, moves)[0]

    def place(self, blocks: list[list[int]], block: int, supply: int) -> tuple[list[list[int]], int]:
        """One of its discs into ``block`` if its supply has one (G6): a full block's oldest disc
        goes back, to its supply if it is its own (5.1, G4)."""
        if supply <= 0:
            return blocks, supply
        blocks = [q[:] for q in blocks]
        queue = blocks[block]
        if len(queue) == self.rules.capacity and queue.pop(0) == self.me:
            supply += 1
        queue.append(self.me)
        return blocks, supply - 1


__all__ = ["HeuristicBot", "award_order"]
