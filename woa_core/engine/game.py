"""The interpreter: legal actions and their effects, for any compiled rules.

A game is a sequence of small decisions. ``Game.step`` says which kind is pending:

- ``select``: every player who has not yet chosen picks 1-5 cards, secretly (5.I, R6, R18);
- ``place``: in round 1, the active player places its ship (R11);
- ``main``: the active player starts one of its selected actions or ends its turn (5.II, R12);
- ``move_workers`` / ``move_ship`` / ``cultivate`` / ``sell`` / ``found``: the steps of the
  action under way, until ``done``; the first step of an action also starts it (R22);
- ``displace``: the active player picks which ship makes way (R3);
- ``retreat``: the displaced ship's owner picks where it goes at a fork (R3);
- ``over``: the game has ended.

This module holds the turn flow; each action's steps live in a module of their own
(``workers``, ``shipping``, ``cultivation``, ``selling``, ``founding``), the round end in
``round_end``. Actions are tuples ``(player, verb, *args)``; ``woa_core.notation`` turns them into
text and back. ``apply`` checks an action completely before changing anything, so a refused
action leaves the state exactly as it was.

>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> game.deciders()
[0, 1]
>>> game.apply((0, "select", game.card_counts("move_workers", "move_ship")))
>>> game.deciders()
[1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from woa_core.engine import cultivation, founding, selling, shipping, workers
from woa_core.engine.round_end import end_round
from woa_core.engine.selection import card_sum, selection_actions
from woa_core.engine.state import NOBODY, GameState, new_state
from woa_core.errors import IllegalAction
from woa_core.rules import Rules

if TYPE_CHECKING:
    from woa_core.engine.view import PlayerView

Action = tuple

MECHANISMS = {m.ACTION: m for m in (workers, shipping, cultivation, selling, founding)}
"""The engine's action mechanisms by name; action cards name one each (``cards.yaml``)."""

ACTIONS = tuple(MECHANISMS)

# The optional hooks of each mechanism, looked up once rather than on every decision.
_START_POINTS = {name: getattr(m, "start_points", None) for name, m in MECHANISMS.items()}
_DONE_PROBLEM = {name: getattr(m, "done_problem", None) for name, m in MECHANISMS.items()}
_ON_DONE = {name: getattr(m, "on_done", None) for name, m in MECHANISMS.items()}

STEP_OF_VERB = {v: m.ACTION for m in MECHANISMS.values() for v in getattr(m, "STEP_VERBS", m.HANDLERS)}
"""Which action each step verb belongs to; a step verb played from ``main`` starts its action."""


class Game:
    """One game: compiled ``rules`` plus a ``GameState`` that ``apply`` advances."""

    __slots__ = ("rules", "state")

    def __init__(self, rules: Rules, seed: int = 0, state: GameState | None = None) -> None:
        self.rules = rules
        self.state = state if state is not None else new_state(rules, seed)

    # ----------------------------------------------------------------- queries

    @property
    def step(self) -> str:
        """The kind of decision pending (see the module docstring)."""
        return self.state.step

    @property
    def over(self) -> bool:
        """Whether the game has ended (final scoring done)."""
        return self.state.step == "over"

    def deciders(self) -> list[int]:
        """The players who may act now: all who have not selected yet during selection
        (simultaneous, R18), the displaced ship's owner while it retreats (R3), else the
        active player; nobody once the game is over."""
        s = self.state
        if s.step == "select":
            return [p for p in range(s.players) if s.selection[p] is None]
        if s.step == "retreat":
            return [s.displaced]
        if s.step == "over":
            return []
        return [s.order[s.turn]]

    def decider(self) -> int:
        """The first of ``deciders()`` (-1 when the game is over)."""
        d = self.deciders()
        return d[0] if d else NOBODY

    def copy(self) -> Game:
        """An independent game at the same state."""
        return Game(self.rules, state=self.state.copy())

    def card_counts(self, *card_ids: str) -> tuple[int, ...]:
        """A selection as card counts, from card ids (a card may repeat).

        >>> from woa_core.rules import load_rules
        >>> Game(load_rules()).card_counts("minus", "sell")[-3:]
        (1, 0, 1)
        """
        counts = [0] * len(self.rules.cards)
        for card in card_ids:
            counts[self.rules.card_id(card)] += 1
        return tuple(counts)

    def island_selected(self, player: int, island: int) -> bool:
        """Whether ``player`` selected the card of ``island`` this round."""
        sel = self.state.selection[player]
        card = self.rules.island_card[island]
        return sel is not None and card != NOBODY and sel[card] > 0

    def card_sum(self, player: int) -> int:
        """The sum of the player's selected card values (the minus card lowers it, 5.I)."""
        return card_sum(self.rules, self.state.selection[player])

    def available_actions(self, player: int) -> list[str]:
        """Actions ``player`` may still start this turn: selected, unused, allowed this round."""
        return [a for a in ACTIONS if self.start_problem(player, a) is None]

    def free_groups(self, island: int, cultivate: bool) -> list[int]:
        """The groups of interchangeable spaces on ``island`` with a free space (R15, R20)."""
        r, s = self.rules, self.state
        out: list[int] = []
        for space in r.islands[island].spaces:
            info = r.spaces[space]
            if (info.good if cultivate else info.cost) < 0 or info.group in out:
                continue
            if s.crop[space] == NOBODY and s.settlement[space] == NOBODY:
                out.append(info.group)
        return out

    def free_space(self, group: int) -> int:
        """The first free space of a group of interchangeable spaces, or -1."""
        r, s = self.rules, self.state
        for space in r.islands[r.spaces[group].island].spaces:
            if r.spaces[space].group == group and s.crop[space] == NOBODY and s.settlement[space] == NOBODY:
                return space
        return NOBODY

    def is_group(self, group: object) -> bool:
        """Whether ``group`` names a group of interchangeable spaces (its first space)."""
        spaces = self.rules.spaces
        return isinstance(group, int) and 0 <= group < len(spaces) and spaces[group].group == group

    def free_moorings(self, island: int, ignore: int = NOBODY) -> int:
        """Usable moorings of ``island`` not taken by a ship (other than ``ignore``'s)."""
        s = self.state
        taken = sum(1 for q in range(s.players) if s.ship[q] == island and q != ignore)
        return self.rules.islands[island].moorings - taken

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every action ``player`` (default: ``decider()``) may take now; empty if none.

        During selection this is a shared, cached tuple: do not change it.

        >>> from woa_core.rules import load_rules
        >>> from woa_core.notation import format_action
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> len(game.legal_actions(0))  # every selection of 1 to 5 of the 13 cards
        2379
        >>> format_action(game.rules, game.legal_actions(0)[0])
        'p1 select minus'
        """
        s = self.state
        step = s.step
        if step == "select":
            if player is None:
                player = self.decider()
            if player < 0 or s.selection[player] is not None:
                return ()
            return self._selection_actions(player)
        deciders = self.deciders()
        if player is None:
            player = deciders[0] if deciders else NOBODY
        if player not in deciders:
            return []
        if step == "main":
            acts: list[Action] = [(player, "end")]
            for name, mechanism in MECHANISMS.items():
                if self.start_problem(player, name) is None:
                    acts += mechanism.steps(self, player, True)
            return acts
        if step in MECHANISMS:
            steps = MECHANISMS[step].steps(self, player, False)
            done_problem = _DONE_PROBLEM[step]
            if done_problem and done_problem(self, player):
                return steps
            return [(player, "done"), *steps]
        if step == "place":
            return [(player, "place", i) for i in range(len(self.rules.islands)) if self.free_moorings(i) > 0]
        if step == "displace":
            return [(player, "displace", q) for q in s.options]
        if step == "retreat":
            return [(player, "retreat", i) for i in s.options]
        return []

    def _selection_actions(self, player: int) -> tuple[Action, ...]:
        r, s = self.rules, self.state
        affordable = r.max_cards
        if r.extra_card_cost > 0:
            affordable = min(r.max_cards, r.free_cards + s.gold[player] // r.extra_card_cost)
        return selection_actions(player, tuple(s.hand[player]), r.min_cards, affordable)

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> None:
        """Play ``action``; raise ``IllegalAction`` (state unchanged) if it is not allowed now.

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> game.apply((0, "sell", 3, 0))
        Traceback (most recent call last):
        woa_core.errors.IllegalAction: that is not possible now: players are selecting cards
        """
        if not isinstance(action, tuple) or len(action) < 2:
            raise IllegalAction(f"not an action: {action!r}")
        p, verb = action[0], action[1]
        s = self.state
        if s.step == "over":
            raise IllegalAction("the game is over")
        if not isinstance(p, int) or not 0 <= p < s.players:
            raise IllegalAction(f"there is no player {p!r} in a {s.players}-player game")
        may_act = s.selection[p] is None if s.step == "select" else p in self.deciders()
        if not may_act:
            raise IllegalAction(self._not_your_turn(p, self.deciders()))
        if verb not in HANDLERS:
            raise IllegalAction(f"unknown action '{verb}'")
        arity, handler = HANDLERS[verb]
        if len(action) - 2 != arity:
            raise IllegalAction(f"'{verb}' takes {arity} argument(s), not {len(action) - 2}")
        handler(self, p, *action[2:])

    def _not_your_turn(self, p: int, deciders: list[int]) -> str:
        if self.state.step == "select":
            return f"p{p + 1} has already selected cards this round"
        who = ", ".join(f"p{d + 1}" for d in deciders)
        return f"it is {who}'s decision, not p{p + 1}'s"

    def expect_step(self, *steps: str) -> None:
        """Refuse with what is pending unless the game is at one of ``steps``."""
        if self.state.step not in steps:
            raise IllegalAction(f"that is not possible now: {self._pending()}")

    def _pending(self) -> str:
        return {
            "select": "players are selecting cards",
            "place": "place your ship first (round 1)",
            "main": "start an action or end the turn",
            "displace": "choose which ship makes way",
            "retreat": "choose where the displaced ship goes",
        }.get(self.state.step, f"finish {self.action_name(self.state.step)} first (or say done)")

    def action_name(self, action: str) -> str:
        """An action's display name: its card's name (``Sell Goods``)."""
        card = self.rules.action_card.get(action)
        return self.rules.cards[card].name if card is not None else action

    def island_name(self, i: object) -> str:
        """An island's display name; ``IllegalAction`` if ``i`` is no island."""
        if not isinstance(i, int) or not 0 <= i < len(self.rules.islands):
            raise IllegalAction(f"there is no island {i!r}")
        return self.rules.islands[i].name

    def good_name(self, g: object) -> str:
        """A good's display name; ``IllegalAction`` if ``g`` is no good."""
        if not isinstance(g, int) or not 0 <= g < len(self.rules.goods):
            raise IllegalAction(f"there is no good {g!r}")
        return self.rules.good_names[g]

    def acts_on(self, p: int, island: int, action: str) -> bool:
        """Whether ``action`` of ``p`` may act on ``island``: its card was selected, or the
        rules do not restrict the action to selected islands (``turn.island_actions``, R12)."""
        return action not in self.rules.island_actions or self.island_selected(p, island)

    def island_card_problem(self, p: int, island: int, action: str) -> str | None:
        """Why ``action`` of ``p`` may not act on ``island`` (its card not selected, R12)."""
        name = self.island_name(island)
        return None if self.acts_on(p, island, action) else f"you did not select the {name} card"

    # -- gold (R9, R10)

    def change_gold(self, p: int, delta: int) -> None:
        """Add ``delta`` gold (gains capped, R10); any change is a new arrival on the track (R9)."""
        s = self.state
        new = min(s.gold[p] + delta, self.rules.gold_cap) if delta > 0 else s.gold[p] + delta
        if new != s.gold[p]:
            s.gold[p] = new
            s.gold_time[p] = s.clock
            s.clock += 1

    # -- selection (5.I, R6)

    def _do_select(self, p: int, counts: tuple) -> None:
        self.expect_step("select")
        problem = self._selection_problem(p, counts)
        if problem:
            raise IllegalAction(problem)
        s = self.state
        s.selection[p] = list(counts)
        if all(sel is not None for sel in s.selection):
            rank = s.gold_rank()
            s.order = sorted(range(s.players), key=lambda q: (self.card_sum(q), rank.index(q)))  # R8
            s.turn = 0
            self._start_turn()

    def _selection_problem(self, p: int, counts: object) -> str | None:
        r, s = self.rules, self.state
        if not isinstance(counts, tuple) or len(counts) != len(r.cards):
            return "a selection names cards"
        for card, (n, held) in enumerate(zip(counts, s.hand[p], strict=True)):
            if not isinstance(n, int) or n < 0:
                return "a selection names cards"
            if n > held:
                return f"you hold {held} {r.cards[card].name} card{'s' if held != 1 else ''}, not {n}"
        total = sum(counts)
        if not r.min_cards <= total <= r.max_cards:
            return f"select between {r.min_cards} and {r.max_cards} cards, not {total}"
        fee = max(0, total - r.free_cards) * r.extra_card_cost
        if fee > s.gold[p]:
            return f"{total} cards cost {fee} gold; you have {s.gold[p]}"
        return None

    def _start_turn(self) -> None:
        r, s = self.rules, self.state
        p = s.order[s.turn]
        fee = max(0, sum(s.selection[p] or ()) - r.free_cards) * r.extra_card_cost
        self.change_gold(p, -min(fee, s.gold[p]))  # paid at the start of the turn (R6, R26)
        s.used = []
        first_round = s.round == 1 and r.place_ships_first_round and s.ship[p] == NOBODY
        s.step = "place" if first_round else "main"

    # -- round 1 ship placement (R11)

    def _do_place(self, p: int, island: int) -> None:
        self.expect_step("place")
        name = self.island_name(island)
        if self.free_moorings(island) <= 0:
            raise IllegalAction(f"{name} has no free mooring")
        self.state.ship[p] = island
        self.state.step = "main"

    # -- starting and finishing actions (R12, R22)

    def start_problem(self, p: int, action: str) -> str | None:
        """Why ``p`` cannot start ``action`` now (None if it can). On the hot path: the
        common, legal case builds no strings."""
        s, r = self.state, self.rules
        card = r.action_card.get(action)
        if card is None:
            return f"these rules have no {action} card"
        sel = s.selection[p]
        if sel is None or not sel[card]:
            return f"you did not select {self.action_name(action)}"
        if action in s.used:
            return f"you already used {self.action_name(action)} this turn"
        if s.round == 1 and action in r.first_round_forbidden:
            return f"{self.action_name(action)} is not allowed in round 1"
        if action in r.island_actions and not any(sel[c] for c in r.island_cards):
            return f"{self.action_name(action)} needs an island card"
        return None

    def run_step(self, p: int, verb: str, check: Callable[[], str | None], do: Callable[[], None]) -> None:
        """Play one step of an action: start the action if at ``main``, ``check``, then ``do``.

        If ``check`` refuses, an action started here is unstarted again, so nothing changes."""
        s = self.state
        action = STEP_OF_VERB[verb]
        started_here = s.step == "main"
        if started_here:
            problem = self.start_problem(p, action)
            if problem:
                raise IllegalAction(problem)
            s.step = action
            start_points = _START_POINTS[action]
            s.points = start_points(self) if start_points else 0
        elif s.step != action:
            self.expect_step(action)
        try:
            problem = check()
        except BaseException:
            if started_here:
                self._reset_action()
            raise
        if problem:
            if started_here:
                self._reset_action()
            raise IllegalAction(problem)
        do()

    def _reset_action(self, keep_direction: bool = False) -> None:
        s = self.state
        s.step = "main"
        s.points = 0
        s.loaded = 0
        s.cargo = [0] * len(self.rules.goods)
        s.helpers = [-1] * len(self.rules.islands)
        s.planted = [False] * len(self.rules.islands)
        if not keep_direction:
            s.ship_from = NOBODY

    def _do_done(self, p: int) -> None:
        s = self.state
        if s.step not in MECHANISMS:
            raise IllegalAction("there is no action under way to finish" if s.step == "main" else self._pending())
        done_problem = _DONE_PROBLEM[s.step]
        problem = done_problem(self, p) if done_problem else None
        if problem:
            raise IllegalAction(problem)
        s.used.append(s.step)
        on_done = _ON_DONE[s.step]
        next_step = on_done(self, p) if on_done else "main"
        self._reset_action(keep_direction=next_step != "main")
        s.step = next_step

    def _do_end(self, p: int) -> None:
        self.expect_step("main")
        r, s = self.rules, self.state
        left = (p + 1) % s.players  # R7, R18: the left neighbour is the next seat
        chosen = s.selection[p] or [0] * len(r.cards)
        for card in r.passing_cards:
            n = chosen[card]
            if n:
                s.hand[p][card] -= n
                s.hand[left][card] += n
        s.used = []
        s.turn += 1
        if s.turn < s.players:
            self._start_turn()
            return
        end_round(r, s)
        if s.step != "over":
            s.round += 1
            s.turn = 0
            s.order = []
            s.selection = [None] * s.players
            s.step = "select"

    # ------------------------------------------------------------ observation

    def observation(self, player: int) -> PlayerView:
        """What ``player`` may see (R18): a snapshot with everything public, its own cards and
        selection; of the others' selections only whether they have chosen, then the sums, then
        the cards once their turn has started (``woa_core.engine.view``).

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
        >>> game.observation(0).to_json()["selection"]
        [None, 'hidden']
        """
        from woa_core.engine.view import PlayerView

        return PlayerView(self, player)


HANDLERS: dict[str, tuple[int, Callable[..., None]]] = {
    "select": (1, Game._do_select),
    "place": (1, Game._do_place),
    "done": (0, Game._do_done),
    "end": (0, Game._do_end),
}
"""Every verb: how many arguments it takes and what plays it."""
for _mechanism in MECHANISMS.values():
    HANDLERS |= _mechanism.HANDLERS
