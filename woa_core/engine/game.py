"""The interpreter: legal actions and their effects, for any compiled rules.

A game is a sequence of small decisions. ``Game.step`` says which kind is pending:

- ``select``: every player who has not yet chosen picks 1-5 cards, secretly (5.I, R6, R18);
- ``place``: in round 1, the active player places its ship (R11);
- ``main``: the active player starts one of its selected actions or ends its turn (5.II, R12);
- ``move_workers`` / ``move_ship`` / ``cultivate`` / ``sell`` / ``found``: the steps of the
  action under way, until ``done``; the first step of an action also starts it;
- ``displace``: the active player picks which ship makes way (R3);
- ``retreat``: the displaced ship's owner picks where it goes at a fork (R3);
- ``over``: the game has ended.

Actions are tuples ``(player, verb, *args)`` (see ``woa_core.engine.actions``); the notation
module turns them into text and back. ``apply`` checks an action completely before changing
anything, so a refused action leaves the state exactly as it was.

>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> game.deciders()
[0, 1]
>>> game.apply((0, "select", game.card_counts("move_workers", "move_ship")))
>>> game.deciders()
[1]
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from woa_core.engine.round_end import add_vp, end_round, finish
from woa_core.engine.selection import selection_actions
from woa_core.engine.state import NOBODY, GameState, new_state
from woa_core.errors import IllegalAction
from woa_core.rules import Rules

Action = tuple

STEP_OF_VERB = {
    "worker": "move_workers",
    "sail": "move_ship",
    "load": "move_ship",
    "unload": "move_ship",
    "help": "cultivate",
    "cultivate": "cultivate",
    "sell": "sell",
    "found": "found",
}
"""Which action each step verb belongs to; a step verb played from ``main`` starts its action."""

ACTIONS = ("move_workers", "move_ship", "cultivate", "sell", "found")
"""The engine's action mechanisms; action cards name one each (``cards.yaml``)."""

ISLAND_ACTIONS = frozenset({"cultivate", "sell", "found"})
"""Actions that need at least one island card and act only on the chosen islands (R12)."""


class Game:
    """One game: compiled ``rules`` plus a ``GameState`` that ``apply`` advances."""

    __slots__ = ("rules", "state", "_n_islands", "_good_names", "_help_options")

    def __init__(self, rules: Rules, seed: int = 0, state: GameState | None = None) -> None:
        self.rules = rules
        self.state = state if state is not None else new_state(rules, seed)
        self._n_islands = len(rules.islands)
        goods_doc = rules.document["board"]["goods"]
        self._good_names = tuple(goods_doc[g].get("name", g) for g in rules.goods)
        ships = range(len(rules.worker_ships))
        self._help_options = [
            list(combinations_with_replacement(ships, k)) for k in range(sum(rules.start_workers) + 1)
        ]

    # ----------------------------------------------------------------- queries

    @property
    def step(self) -> str:
        return self.state.step

    @property
    def over(self) -> bool:
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

    def selected(self, player: int, action: str) -> bool:
        """Whether ``player`` selected the card of ``action`` this round."""
        sel = self.state.selection[player]
        card = self.rules.action_card.get(action, NOBODY)
        return sel is not None and card != NOBODY and sel[card] > 0

    def island_selected(self, player: int, island: int) -> bool:
        """Whether ``player`` selected the card of ``island`` this round."""
        sel = self.state.selection[player]
        card = self.rules.island_card[island]
        return sel is not None and card != NOBODY and sel[card] > 0

    def card_sum(self, player: int) -> int:
        """The sum of the player's selected card values (the minus card lowers it, 5.I)."""
        sel = self.state.selection[player] or ()
        return sum(n * c.value for n, c in zip(sel, self.rules.cards))

    def available_actions(self, player: int) -> list[str]:
        """Actions ``player`` may still start this turn: selected, unused, allowed this round."""
        return [a for a in ACTIONS if self._start_problem(player, a) is None]

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action ``player`` (default: ``decider()``) may take now; empty if none."""
        s = self.state
        if player is None:
            player = self.decider()
        if player not in self.deciders():
            return []
        step = s.step
        if step == "select":
            return list(self._selection_actions(player))
        if step == "main":
            acts: list[Action] = [(player, "end")]
            for a in ACTIONS:
                if self._start_problem(player, a) is None:
                    acts += self._step_actions(player, a, fresh=True)
            return acts
        if step in ACTIONS:
            steps = self._step_actions(player, step, fresh=False)
            return steps if step == "move_ship" and any(s.cargo) else [(player, "done"), *steps]
        if step == "place":
            return [(player, "place", i) for i in range(self._n_islands) if self._free_moorings(i) > 0]
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

    def _step_actions(self, p: int, action: str, fresh: bool) -> list[Action]:
        r, s = self.rules, self.state
        out: list[Action] = []
        if action == "move_workers":
            if (r.action_points if fresh else s.points) <= 0:
                return out
            workers = s.workers[p]
            n = self._n_islands
            for loc, count in enumerate(workers):
                if not count:
                    continue
                if loc < n:
                    out += [(p, "worker", loc, to) for to in r.islands[loc].neighbors]
                else:
                    out.append((p, "worker", loc, r.ship_entry[loc - n]))
        elif action == "move_ship":
            here = s.ship[p]
            if here == NOBODY:
                return out
            if (r.ship_range if fresh else s.points) > 0:
                out += [(p, "sail", to) for to in r.islands[here].neighbors]
            if (0 if fresh else s.loaded) < r.ship_capacity:
                stock = s.warehouse[here][p]
                out += [(p, "load", g) for g in range(len(stock)) if stock[g]]
            if not fresh:
                out += [(p, "unload", g) for g, n in enumerate(s.cargo) if n]
        elif action == "cultivate":
            gold = s.gold[p]
            for i in range(self._n_islands):
                if not self.island_selected(p, i):
                    continue
                declared = -1 if fresh else s.helpers[i]
                if declared < 0 and (fresh or not s.planted[i]):
                    for k in range(1, s.workers[p][i] + 1):
                        out += [(p, "help", i, ships) for ships in self._help_options[k]]
                cost = max(0, r.cultivation_cost - r.worker_discount * max(declared, 0))
                if cost > gold:
                    continue
                supply = s.supply[p]
                for group in self._free_groups(i, cultivate=True):
                    if supply[r.spaces[group].good] > 0:
                        out.append((p, "cultivate", group))
        elif action == "sell":
            for i in range(self._n_islands):
                if self.island_selected(p, i):
                    stock = s.warehouse[i][p]
                    out += [(p, "sell", i, g) for g in range(len(stock)) if stock[g]]
        elif action == "found":
            if s.track <= 0:
                return out
            gold = s.gold[p]
            for i in range(self._n_islands):
                if s.alcalde[i] == p and self.island_selected(p, i):
                    out += [
                        (p, "found", group)
                        for group in self._free_groups(i, cultivate=False)
                        if r.spaces[group].cost <= gold
                    ]
        return out

    def _free_groups(self, island: int, cultivate: bool) -> list[int]:
        """The groups of interchangeable spaces on ``island`` with a free space (R15, R19)."""
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

    def _free_moorings(self, island: int, ignore: int = NOBODY) -> int:
        s = self.state
        taken = sum(1 for q in range(s.players) if s.ship[q] == island and q != ignore)
        return self.rules.islands[island].moorings - taken

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> None:
        """Play ``action``; raise ``IllegalAction`` (state unchanged) if it is not allowed now."""
        if not isinstance(action, tuple) or len(action) < 2:
            raise IllegalAction(f"not an action: {action!r}")
        p, verb = action[0], action[1]
        s = self.state
        if s.step == "over":
            raise IllegalAction("the game is over")
        if not isinstance(p, int) or not 0 <= p < s.players:
            raise IllegalAction(f"there is no player {p!r} in a {s.players}-player game")
        deciders = self.deciders()
        if p not in deciders:
            raise IllegalAction(self._not_your_turn(p, deciders))
        handler = _HANDLERS.get(verb)
        if handler is None:
            raise IllegalAction(f"unknown action '{verb}'")
        if len(action) - 2 != _ARITY[verb]:
            raise IllegalAction(f"'{verb}' takes {_ARITY[verb]} argument(s), not {len(action) - 2}")
        handler(self, p, *action[2:])

    def _not_your_turn(self, p: int, deciders: list[int]) -> str:
        s = self.state
        if s.step == "select":
            return f"p{p + 1} has already selected cards this round"
        who = ", ".join(f"p{d + 1}" for d in deciders)
        return f"it is {who}'s decision, not p{p + 1}'s"

    def _require(self, problem: str | None) -> None:
        if problem:
            raise IllegalAction(problem)

    def _expect_step(self, *steps: str) -> None:
        if self.state.step not in steps:
            raise IllegalAction(f"that is not possible now: {self._pending()}")

    def _pending(self) -> str:
        return {
            "select": "players are selecting cards",
            "place": "place your ship first (round 1)",
            "main": "start an action or end the turn",
            "displace": "choose which ship makes way",
            "retreat": "choose where the displaced ship goes",
        }.get(self.state.step, f"finish {self._action_name(self.state.step)} first (or say done)")

    def _action_name(self, action: str) -> str:
        card = self.rules.action_card.get(action)
        return self.rules.cards[card].name if card is not None else action

    def _island(self, i: object) -> str:
        if not isinstance(i, int) or not 0 <= i < self._n_islands:
            raise IllegalAction(f"there is no island {i!r}")
        return self.rules.islands[i].name

    def _good(self, g: object) -> str:
        if not isinstance(g, int) or not 0 <= g < len(self.rules.goods):
            raise IllegalAction(f"there is no good {g!r}")
        return self._good_names[g]

    # -- selection (5.I, R6)

    def _do_select(self, p: int, counts: tuple) -> None:
        self._expect_step("select")
        self._require(self._selection_problem(p, counts))
        s = self.state
        s.selection[p] = list(counts)
        if all(sel is not None for sel in s.selection):
            rank = s.gold_rank()
            s.order = sorted(range(s.players), key=lambda q: (self.card_sum(q), rank.index(q)))
            s.turn = 0
            self._start_turn()

    def _selection_problem(self, p: int, counts: object) -> str | None:
        r, s = self.rules, self.state
        if not isinstance(counts, tuple) or len(counts) != len(r.cards):
            return "a selection names cards"
        hand = s.hand[p]
        for card, (n, held) in enumerate(zip(counts, hand)):
            if not isinstance(n, int) or n < 0:
                return "a selection names cards"
            if n > held:
                name = r.cards[card].name
                return f"you hold {held} {name} card{'s' if held != 1 else ''}, not {n}"
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
        fee = max(0, sum(s.selection[p]) - r.free_cards) * r.extra_card_cost
        self._change_gold(p, -min(fee, s.gold[p]))  # paid at the start of the turn (R6)
        s.used = []
        first_round = s.round == 1 and r.place_ships_first_round and s.ship[p] == NOBODY
        s.step = "place" if first_round else "main"

    # -- gold (R9, R10)

    def _change_gold(self, p: int, delta: int) -> None:
        s = self.state
        new = min(s.gold[p] + delta, self.rules.gold_cap) if delta > 0 else s.gold[p] + delta
        if new != s.gold[p]:
            s.gold[p] = new
            s.gold_time[p] = s.clock
            s.clock += 1

    # -- round 1 ship placement (R11)

    def _do_place(self, p: int, island: int) -> None:
        self._expect_step("place")
        name = self._island(island)
        if self._free_moorings(island) <= 0:
            raise IllegalAction(f"{name} has no free mooring")
        self.state.ship[p] = island
        self.state.step = "main"

    # -- starting and finishing actions (R12)

    def _start_problem(self, p: int, action: str) -> str | None:
        """Why ``p`` cannot start ``action`` now (None if it can). On the hot path: the
        common, legal case builds no strings."""
        s, r = self.state, self.rules
        card = r.action_card.get(action)
        if card is None:
            return f"these rules have no {action} card"
        sel = s.selection[p]
        if sel is None or not sel[card]:
            return f"you did not select {self._action_name(action)}"
        if action in s.used:
            return f"you already used {self._action_name(action)} this turn"
        if s.round == 1 and action in r.first_round_forbidden:
            return f"{self._action_name(action)} is not allowed in round 1"
        if action in ISLAND_ACTIONS and not any(sel[c] for c in r.island_card if c >= 0):
            return f"{self._action_name(action)} needs an island card"
        return None

    def _enter(self, p: int, verb: str) -> None:
        """Check that ``verb`` may be played now, starting its action from ``main``."""
        s = self.state
        action = STEP_OF_VERB[verb]
        if s.step == "main":
            self._require(self._start_problem(p, action))
            s.step = action
            s.points = {"move_workers": self.rules.action_points, "move_ship": self.rules.ship_range}.get(action, 0)
        elif s.step != action:
            self._expect_step(action)

    def _leave_if_unstarted(self, started_here: bool) -> None:
        if started_here:
            self._reset_action()
            self.state.step = "main"

    def _reset_action(self) -> None:
        s = self.state
        s.points = 0
        s.ship_from = NOBODY
        s.loaded = 0
        s.cargo = [0] * len(self.rules.goods)
        s.helpers = [-1] * self._n_islands
        s.planted = [False] * self._n_islands

    def _step(self, p: int, verb: str, check, do) -> None:  # noqa: ANN001 - two closures
        """Enter the action of ``verb`` if needed, check, then act; undo the entering if refused."""
        started_here = self.state.step == "main"
        self._enter(p, verb)
        try:
            self._require(check())
        except BaseException:
            self._leave_if_unstarted(started_here)
            raise
        do()

    def _do_done(self, p: int) -> None:
        s = self.state
        if s.step not in ACTIONS:
            raise IllegalAction("there is no action under way to finish" if s.step == "main" else self._pending())
        action = s.step
        if action == "move_ship" and any(s.cargo):
            raise IllegalAction("goods never stay aboard: unload them first (R2)")
        if action == "move_ship" and s.ship_from != NOBODY:
            here = s.ship[p]
            others = [q for q in range(s.players) if q != p and s.ship[q] == here]
            if others and len(others) >= self.rules.islands[here].moorings:
                s.used.append(action)
                self._reset_action_keep_direction()
                if len(others) > 1:
                    s.step = "displace"
                    s.options = others
                else:
                    self._displace(others[0])
                return
            if not others and self.rules.islands[here].moorings <= 0:
                raise IllegalAction(f"{self.rules.islands[here].name} has no mooring to end at")
        s.used.append(action)
        self._reset_action()
        s.step = "main"

    def _reset_action_keep_direction(self) -> None:
        came_from = self.state.ship_from
        self._reset_action()
        self.state.ship_from = came_from

    def _do_end(self, p: int) -> None:
        self._expect_step("main")
        r, s = self.rules, self.state
        left = (p + 1) % s.players  # R7, R18: the left neighbour is the next seat
        for card in r.passing_cards:
            n = s.selection[p][card]
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

    # -- Move Workers (R4)

    def _do_worker(self, p: int, source: int, to: int) -> None:
        r, s = self.rules, self.state
        n = self._n_islands

        def check() -> str | None:
            if not isinstance(source, int) or not 0 <= source < n + len(r.worker_ships):
                return f"there is no place {source!r} to move a worker from"
            dest = self._island(to)
            where = r.location_name(source)
            if s.points <= 0:
                return "no action points left"
            if s.workers[p][source] <= 0:
                return f"you have no worker at {where}"
            if source >= n:
                entry = r.ship_entry[source - n]
                if to != entry:
                    return f"workers from the {where} ship enter at {r.islands[entry].name}, not {dest}"
            elif to not in r.islands[source].neighbors:
                return f"no sea link from {r.islands[source].name} to {dest}"
            return None

        def do() -> None:
            s.workers[p][source] -= 1
            s.workers[p][to] += 1
            s.points -= 1

        self._step(p, "worker", check, do)

    # -- Move Ship (R1, R2, R3)

    def _do_sail(self, p: int, to: int) -> None:
        r, s = self.rules, self.state

        def check() -> str | None:
            dest = self._island(to)
            here = s.ship[p]
            if s.points <= 0:
                return f"your ship has sailed its {r.ship_range} harbors"
            if to not in r.islands[here].neighbors:
                return f"no sea link from {r.islands[here].name} to {dest}"
            return None

        def do() -> None:
            s.ship_from = s.ship[p]
            s.ship[p] = to
            s.points -= 1

        self._step(p, "sail", check, do)

    def _do_load(self, p: int, good: int) -> None:
        r, s = self.rules, self.state

        def check() -> str | None:
            name = self._good(good)
            here = s.ship[p]
            if here == NOBODY:
                return "your ship is not on the board"
            if s.loaded >= r.ship_capacity:
                return f"a ship carries at most {r.ship_capacity} goods per move"
            if s.warehouse[here][p][good] <= 0:
                return f"you have no {name} in the {r.islands[here].name} warehouse"
            return None

        def do() -> None:
            s.warehouse[s.ship[p]][p][good] -= 1
            s.cargo[good] += 1
            s.loaded += 1

        self._step(p, "load", check, do)

    def _do_unload(self, p: int, good: int) -> None:
        s = self.state

        def check() -> str | None:
            name = self._good(good)
            return None if s.cargo[good] > 0 else f"your ship carries no {name}"

        def do() -> None:
            s.cargo[good] -= 1
            s.warehouse[s.ship[p]][p][good] += 1

        self._step(p, "unload", check, do)

    def _do_displace(self, p: int, victim: int) -> None:
        self._expect_step("displace")
        if victim not in self.state.options:
            ships = ", ".join(f"p{q + 1}" for q in self.state.options)
            raise IllegalAction(f"p{victim + 1 if isinstance(victim, int) else victim}'s ship is not one that can make way (choose {ships})")
        self._displace(victim)

    def _displace(self, victim: int) -> None:
        s = self.state
        options = self.retreat_options(s.ship[victim], s.ship_from, victim)
        s.displaced = victim
        if len(options) == 1:
            self._retreat_to(options[0])
        else:
            s.options = options
            s.step = "retreat"

    def retreat_options(self, harbor: int, came_from: int, victim: int) -> list[int]:
        """Where a ship displaced from ``harbor`` may go (R3, R19): onward in the direction of
        the active ship's last step to the first harbor with a free mooring, its owner choosing
        at a fork; if no way onward has one, the nearest harbors with a free mooring."""
        r = self.rules
        x = r.islands[harbor].at[0]
        direction = x - r.islands[came_from].at[0]
        found: list[int] = []
        frontier = [harbor]
        seen = {harbor}
        while frontier and direction:
            nxt = []
            for here in frontier:
                hx = r.islands[here].at[0]
                for n in r.islands[here].neighbors:
                    if n in seen or (r.islands[n].at[0] - hx) * direction <= 0:
                        continue
                    seen.add(n)
                    if self._free_moorings(n, ignore=victim) > 0:
                        found.append(n)
                    else:
                        nxt.append(n)
            frontier = nxt
        if found:
            return sorted(found)
        free = [i for i in range(self._n_islands) if i != harbor and self._free_moorings(i, ignore=victim) > 0]
        if not free:
            return [harbor]
        near = min(r.distance[harbor][i] for i in free)
        return [i for i in free if r.distance[harbor][i] == near]

    def _do_retreat(self, p: int, island: int) -> None:
        self._expect_step("retreat")
        name = self._island(island)
        if island not in self.state.options:
            allowed = ", ".join(self.rules.islands[i].name for i in self.state.options)
            raise IllegalAction(f"the displaced ship cannot go to {name} (choose {allowed})")
        self._retreat_to(island)

    def _retreat_to(self, island: int) -> None:
        s = self.state
        s.ship[s.displaced] = island
        s.displaced = NOBODY
        s.options = []
        s.ship_from = NOBODY
        s.step = "main"

    # -- Cultivate Goods (R5)

    def _needs_island(self, p: int, island: int) -> str | None:
        name = self._island(island)
        if not self.island_selected(p, island):
            return f"you did not select the {name} card"
        return None

    def _do_help(self, p: int, island: int, ships: tuple) -> None:
        r, s = self.rules, self.state

        def check() -> str | None:
            problem = self._needs_island(p, island)
            if problem:
                return problem
            name = r.islands[island].name
            if not isinstance(ships, tuple) or not ships or not all(
                isinstance(x, int) and 0 <= x < len(r.worker_ships) for x in ships
            ):
                return "helpers go to worker ships: name one ship per helper"
            if s.helpers[island] >= 0 or s.planted[island]:
                return f"helpers on {name} must be chosen once, before cultivating there (R5)"
            if len(ships) > s.workers[p][island]:
                return f"you have {s.workers[p][island]} worker(s) on {name}, not {len(ships)}"
            return None

        def do() -> None:
            s.helpers[island] = len(ships)
            s.workers[p][island] -= len(ships)
            for ship in ships:
                s.workers[p][self._n_islands + ship] += 1

        self._step(p, "help", check, do)

    def _do_cultivate(self, p: int, group: int) -> None:
        r, s = self.rules, self.state

        def check() -> str | None:
            if not _is_group(r, group) or r.spaces[group].good < 0:
                return f"there is no field {group!r}"
            info = r.spaces[group]
            problem = self._needs_island(p, info.island)
            if problem:
                return problem
            name, good = r.islands[info.island].name, self._good_names[info.good]
            if group not in self._free_groups(info.island, cultivate=True):
                return f"{name} has no free {good.lower()} field"
            if s.supply[p][info.good] <= 0:
                return f"you have no {good.lower()} marker in your supply"
            cost = self.cultivation_cost(p, info.island)
            if cost > s.gold[p]:
                return f"you have {s.gold[p]} gold, cultivating here costs {cost}"
            return None

        def do() -> None:
            info = r.spaces[group]
            self._change_gold(p, -self.cultivation_cost(p, info.island))
            s.crop[self.free_space(group)] = p
            s.supply[p][info.good] -= 1
            s.planted[info.island] = True

        self._step(p, "cultivate", check, do)

    def cultivation_cost(self, p: int, island: int) -> int:
        """What one good costs ``p`` on ``island`` now, after its declared helpers (R5)."""
        r = self.rules
        helpers = max(self.state.helpers[island], 0) if self.state.step == "cultivate" else 0
        return max(0, r.cultivation_cost - r.worker_discount * helpers)

    # -- Sell Goods

    def _do_sell(self, p: int, island: int, good: int) -> None:
        r, s = self.rules, self.state

        def check() -> str | None:
            problem = self._needs_island(p, island)
            if problem:
                return problem
            name = self._good(good)
            if s.warehouse[island][p][good] <= 0:
                return f"you have no {name.lower()} in the {r.islands[island].name} warehouse"
            return None

        def do() -> None:
            s.warehouse[island][p][good] -= 1
            s.supply[p][good] += 1
            self._change_gold(p, r.islands[island].price)

        self._step(p, "sell", check, do)

    # -- Found Settlement (R15)

    def _do_found(self, p: int, group: int) -> None:
        r, s = self.rules, self.state

        def check() -> str | None:
            if not _is_group(r, group) or r.spaces[group].cost < 0:
                return f"there is no settlement space {group!r}"
            info = r.spaces[group]
            problem = self._needs_island(p, info.island)
            if problem:
                return problem
            name = r.islands[info.island].name
            if s.alcalde[info.island] != p:
                return f"only the Alcalde of {name} may found settlements there"
            if s.track <= 0:
                return "the settlement track is empty this round"
            if group not in self._free_groups(info.island, cultivate=False):
                return f"{name} has no free settlement space costing {info.cost}"
            if info.cost > s.gold[p]:
                return f"you have {s.gold[p]} gold, this settlement costs {info.cost}"
            return None

        def do() -> None:
            info = r.spaces[group]
            self._change_gold(p, -info.cost)
            s.settlement[self.free_space(group)] = p
            s.track -= 1
            add_vp(s, p, r.settlement_vp, "settlements")

        self._step(p, "found", check, do)

    # ------------------------------------------------------------ observation

    def observation(self, player: int) -> dict:
        """What ``player`` may see (R18): everything public, its own cards and selection; of the
        others' selections only whether they have chosen, then the sums, then the cards once
        their turn has started."""
        s = self.state
        data = s.to_json()
        revealed = set(s.order[: s.turn + 1]) if s.step not in ("select",) else set()
        if s.step == "over":
            revealed = set(range(s.players))
        selections = []
        for q in range(s.players):
            if q == player or q in revealed:
                selections.append(s.selection[q])
            else:
                selections.append("hidden" if s.selection[q] is not None else None)
        data["selection"] = selections
        data["card_sums"] = [self.card_sum(q) for q in range(s.players)] if s.step != "select" else None
        data["player"] = player
        return data


def _is_group(rules: Rules, group: object) -> bool:
    return isinstance(group, int) and 0 <= group < len(rules.spaces) and rules.spaces[group].group == group


def finish_now(game: Game) -> None:
    """End the game at once with final scoring (used by scenario tooling)."""
    finish(game.rules, game.state)


_ARITY = {"select": 1, "place": 1, "worker": 2, "sail": 1, "load": 1, "unload": 1, "displace": 1,
          "retreat": 1, "help": 2, "cultivate": 1, "sell": 2, "found": 1, "done": 0, "end": 0}

_HANDLERS = {
    "select": Game._do_select,
    "place": Game._do_place,
    "worker": Game._do_worker,
    "sail": Game._do_sail,
    "load": Game._do_load,
    "unload": Game._do_unload,
    "displace": Game._do_displace,
    "retreat": Game._do_retreat,
    "help": Game._do_help,
    "cultivate": Game._do_cultivate,
    "sell": Game._do_sell,
    "found": Game._do_found,
    "done": Game._do_done,
    "end": Game._do_end,
}
