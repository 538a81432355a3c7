"""The machinery every action uses: the game's state queries, names for messages, gold, and how
one step of an action is checked and played.

``GameCore`` is written against action *declarations* (``GameCore.actions``), not against the
action modules, so those modules can use it without importing the game that lists them: the
import graph stays a tree (``woa_core.packs.west_of_africa.game.Game`` binds the declarations).

>>> from woa_core.packs.west_of_africa import Game
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> game.free_moorings(game.rules.island_id("lanzarote"))
5
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.flow import Flow
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.selection import card_sum
from woa_core.packs.west_of_africa.state import NOBODY, GameState, new_state
from woa_core.packs.west_of_africa.steps import DISPLACE, MAIN, OVER, PLACE, RETREAT, SELECT


class GameCore:
    """One game: compiled ``rules`` plus a ``GameState``; see ``woa_core.packs.west_of_africa.game.Game``."""

    __slots__ = ("rules", "state", "trusted")

    actions: ClassVar[Mapping[str, ActionDecl]] = {}
    """The actions cards name, by id (bound by ``Game``)."""
    verbs: ClassVar[Mapping[str, Verb]] = {}
    """Every verb of the notation (bound by ``Game``)."""
    step_of_verb: ClassVar[Mapping[str, str]] = {}
    """Which action each step verb belongs to (bound by ``Game``)."""
    flow: ClassVar[Flow]
    """The turn flow (5. Sequence of Play), advanced by the kernel (bound by ``Game``)."""

    def __init__(self, rules: Rules, seed: int = 0, state: GameState | None = None) -> None:
        self.rules = rules
        self.state = state if state is not None else new_state(rules, seed)
        self.trusted = False  # True only inside ``Game.apply_legal``: checks are skipped

    # ----------------------------------------------------------------- queries

    @property
    def step(self) -> str:
        """The kind of decision pending (see ``woa_core.packs.west_of_africa.game``)."""
        return self.state.step

    @property
    def over(self) -> bool:
        """Whether the game has ended (final scoring done)."""
        return self.state.step == OVER

    def deciders(self) -> list[int]:
        """The players who may act now (the flow says): all who have not selected yet during
        selection (simultaneous, R18), the displaced ship's owner while it retreats (R3), else
        the active player; nobody once the game is over."""
        return self.flow.deciders(self)

    def decider(self) -> int:
        """The first of ``deciders()`` (-1 when the game is over)."""
        d = self.deciders()
        return d[0] if d else NOBODY

    def card_counts(self, *card_ids: str) -> tuple[int, ...]:
        """A selection as card counts, from card ids (a card may repeat).

        >>> from woa_core.packs.west_of_africa import Game
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

    # ------------------------------------------------------- names for messages

    def expect_step(self, *steps: str) -> None:
        """Refuse with what is pending unless the game is at one of ``steps``."""
        if self.state.step not in steps:
            raise IllegalAction(f"that is not possible now: {self._pending()}")

    def _pending(self) -> str:
        return {
            SELECT: "players are selecting cards",
            PLACE: "place your ship first (round 1)",
            MAIN: "start an action or end the turn",
            DISPLACE: "choose which ship makes way",
            RETREAT: "choose where the displaced ship goes",
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

    # -------------------------------------------- starting and playing steps (R12, R22)

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
        action = self.step_of_verb[verb]
        started_here = s.step == MAIN
        if started_here:
            problem = self.start_problem(p, action)
            if problem:
                raise IllegalAction(problem)
            s.step = action
            start_points = self.actions[action].start_points
            s.points = start_points(self) if start_points else 0
        elif s.step != action:
            self.expect_step(action)
        if self.trusted:  # an action from legal_actions(): checked when it was listed
            do()
            return
        try:
            problem = check()
        except BaseException:
            if started_here:
                self.reset_action()
            raise
        if problem:
            if started_here:
                self.reset_action()
            raise IllegalAction(problem)
        do()

    def reset_action(self, keep_direction: bool = False) -> None:
        """Back to ``main`` with nothing under way (the ship's direction kept if asked, R3)."""
        s = self.state
        n_islands = len(self.rules.islands)
        s.step = MAIN
        s.points = 0
        s.loaded = 0
        s.cargo = [0] * len(self.rules.goods)
        s.helpers = [-1] * n_islands
        s.helper_ships = [[] for _ in range(n_islands)]
        s.planted = [False] * n_islands
        if not keep_direction:
            s.ship_from = NOBODY
