"""The machinery every action uses: the game's state queries, names for messages, gold, how
one step of an action is checked against its verb's legality and played, and the legality
entries the actions share (``an_island``, ``islands_acting``, ...) and of starting an action
(``START``).

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
from typing import Any, ClassVar, Final, TypeGuard

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.flow import Flow
from woa_core.kernel.legality import Among, Legality, Limit, Part, Valid
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.selection import card_sum
from woa_core.packs.west_of_africa.state import NOBODY, GameState, new_state
from woa_core.packs.west_of_africa.steps import DISPLACE, MAIN, OVER, PLACE, RETREAT, SELECT


class GameCore:
    """One game: compiled ``rules`` plus a ``GameState``; see ``woa_core.packs.west_of_africa.game.Game``."""

    __slots__ = ("flow", "not_active", "rules", "state", "trusted")

    actions: ClassVar[Mapping[str, ActionDecl]] = {}
    """The actions cards name, by id (bound by ``Game``)."""
    verbs: ClassVar[Mapping[str, Verb]] = {}
    """Every verb of the notation (bound by ``Game``)."""
    step_of_verb: ClassVar[Mapping[str, str]] = {}
    """Which action each step verb belongs to (bound by ``Game``)."""

    def __init__(self, rules: Rules, seed: int = 0, state: GameState | None = None) -> None:
        self.rules = rules
        self.flow: Flow = rules.flow  # the rules' flow, kept at hand: asked at every decision
        self.not_active: frozenset[str] = self.flow.not_active  # the steps ``deciders`` asks the flow about
        self.trusted = False  # True only inside ``Game.apply_legal``: checks are skipped
        if state is None:
            self.state = new_state(rules, seed)
            self.flow.begin(self)  # a new game: the flow's first phase
        else:
            self.state = state

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
        the active player; nobody once the game is over. Asked for every decision: the active
        player at a step where the flow's answer is the active seat (``Flow.not_active``),
        without asking it."""
        s = self.state
        if s.step in self.not_active:
            return self.flow.deciders(self)
        return [s.order[s.turn]]

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

    def card_sum(self, player: int) -> int:
        """The sum of the player's selected card values (the minus card lowers it, 5.I)."""
        return card_sum(self.rules, self.state.selection[player])

    def free_groups(self, island: int, cultivate: bool) -> list[int]:
        """The groups of interchangeable spaces on ``island`` with a free space (R15, R20), in
        the board order of their first free space."""
        s = self.state
        crop, settlement = s.crop, s.settlement
        info = self.rules.islands[island]
        out: list[int] = []
        for space, group in info.fields if cultivate else info.sites:
            if crop[space] == NOBODY and settlement[space] == NOBODY and group not in out:
                out.append(group)
        return out

    def free_space(self, group: int) -> int:
        """The first free space of a group of interchangeable spaces, or -1."""
        r, s = self.rules, self.state
        for space in r.islands[r.spaces[group].island].spaces:
            if r.spaces[space].group == group and s.crop[space] == NOBODY and s.settlement[space] == NOBODY:
                return space
        return NOBODY

    def is_group(self, group: object) -> TypeGuard[int]:
        """Whether ``group`` names a group of interchangeable spaces (its first space)."""
        spaces = self.rules.spaces
        return isinstance(group, int) and 0 <= group < len(spaces) and spaces[group].group == group

    def free_moorings(self, island: int, ignore: int = NOBODY) -> int:
        """Usable moorings of ``island`` not taken by a ship (other than ``ignore``'s)."""
        ship = self.state.ship
        taken = ship.count(island) - (ignore != NOBODY and ship[ignore] == island)
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

    def is_island(self, i: object) -> TypeGuard[int]:
        """Whether ``i`` names an island."""
        return isinstance(i, int) and 0 <= i < len(self.rules.islands)

    def is_good(self, g: object) -> TypeGuard[int]:
        """Whether ``g`` names a good."""
        return isinstance(g, int) and 0 <= g < len(self.rules.goods)

    def island_name(self, i: object) -> str:
        """An island's display name; ``IllegalAction`` if ``i`` is no island."""
        if not self.is_island(i):
            raise IllegalAction(f"there is no island {i!r}")
        return self.rules.islands[i].name

    def good_name(self, g: object) -> str:
        """A good's display name; ``IllegalAction`` if ``g`` is no good."""
        if not self.is_good(g):
            raise IllegalAction(f"there is no good {g!r}")
        return self.rules.good_names[g]

    def acting_islands(self, p: int, action: str) -> list[int]:
        """The islands ``action`` of ``p`` may act on: those whose card ``p`` selected this
        round, or every island if the rules do not restrict ``action`` to selected islands
        (``turn.island_actions``, R12)."""
        r = self.rules
        if action not in r.island_actions:
            return list(range(len(r.islands)))
        sel = self.state.selection[p]
        out: list[int] = []
        if sel is not None:
            for i, card in _island_cards(r):
                if sel[card] > 0:
                    out.append(i)
        return out

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
        """Why ``p`` cannot start ``action`` now (None if it can: ``START``)."""
        return START.refusal(self, p, (action,))

    def startable(self, p: int) -> list[str]:
        """The actions ``p`` may start now, in the order they are declared (``START``)."""
        return START.allowed(self, p)

    def card_actions(self) -> list[str]:
        """The declared actions that have a card in these rules, in the order they are declared."""
        derived = self.rules.derived
        found = derived.get("card_actions")
        if found is None:
            found = derived["card_actions"] = [a for a in self.actions if a in self.rules.action_card]
        return found  # type: ignore[no-any-return]

    def run_step(self, p: int, verb: str, args: tuple[Any, ...], do: Callable[[], None]) -> str:
        """Play one step of an action: start the action if at ``main``, check ``args`` against
        the verb's legality (``woa_core.kernel.legality``), then ``do``. Returns the step the turn
        goes on at: the action's own, for the flow to set (issue 42.1).

        If the check refuses, an action started here is unstarted again, so nothing changes."""
        s = self.state
        action = self.step_of_verb[verb]
        started_here = s.step == MAIN
        if started_here:
            problem = None if self.trusted else self.start_problem(p, action)
            if problem:
                raise IllegalAction(problem)
            start_points = self.actions[action].start_points
            s.points = start_points(self) if start_points else 0
        elif s.step != action:
            self.expect_step(action)
        if self.trusted:  # an action from legal_actions(): checked when it was listed
            do()
            return action
        legality = self.verbs[verb].legality
        try:
            problem = legality.refusal(self, p, args) if legality is not None else None
        except BaseException:
            if started_here:
                self.reset_action()
            raise
        if problem:
            if started_here:
                self.reset_action()
            raise IllegalAction(problem)
        do()
        return action

    def refuse(self, p: int, verb: str, args: tuple[Any, ...]) -> None:
        """Refuse with ``IllegalAction`` unless the verb's legality accepts ``args`` (a verb that
        is no step of an action: place, displace, retreat)."""
        if self.trusted:  # an action from legal_actions(): checked when it was listed
            return
        legality = self.verbs[verb].legality
        problem = legality.refusal(self, p, args) if legality is not None else None
        if problem:
            raise IllegalAction(problem)

    def reset_action(self, keep_direction: bool = False) -> None:
        """Nothing under way any more (the ship's direction kept if asked, R3); the verb that calls
        it returns the step the turn goes on at (``main``)."""
        s = self.state
        n_islands = len(self.rules.islands)
        s.points = 0
        s.loaded = 0
        s.cargo = [0] * len(self.rules.goods)
        s.helpers = [-1] * n_islands
        s.helper_ships = [[] for _ in range(n_islands)]
        s.planted = [False] * n_islands
        if not keep_direction:
            s.ship_from = NOBODY


# ------------------------------------------- legality entries the actions share (R12)


def an_island(arg: int) -> Valid:
    """Argument ``arg`` names an island (``woa_core.kernel.legality.Valid``)."""
    return Valid(arg, GameCore.is_island, lambda game, p, *args: f"there is no island {args[arg]!r}")


def a_good(arg: int) -> Valid:
    """Argument ``arg`` names a good."""
    return Valid(arg, GameCore.is_good, lambda game, p, *args: f"there is no good {args[arg]!r}")


def _not_selected(game: GameCore, island: int) -> str:
    return f"you did not select the {game.rules.islands[island].name} card"


def _acting(action: str) -> Callable[[GameCore, int, bool], list[int]]:
    def islands(game: GameCore, p: int, fresh: bool) -> list[int]:
        return game.acting_islands(p, action)

    return islands


def islands_acting(action: str) -> Among:
    """The first argument is an island ``action`` may act on: its card selected (R12), unless the
    rules do not restrict ``action`` to selected islands (``turn.island_actions``)."""
    return Among(0, _acting(action), lambda game, p, island, *rest: _not_selected(game, island))


def _island_of(game: GameCore, group: int) -> int:
    return game.rules.spaces[group].island


def island_acting(action: str) -> Part:
    """The first argument is a space (a field, a settlement space) on an island ``action`` may act
    on (R12): level 0 is that island, level 1 the space."""
    return Part(
        0,
        _acting(action),
        _island_of,
        lambda game, p, group: _not_selected(game, game.rules.spaces[group].island),
    )


# ---------------------------------------- starting an action (5.II, R12, R22, R29)


def _card_pairs(card_of: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(index, card)`` for each index of ``card_of`` that has a card (not -1), in order: what a
    selection is read against on the hot path.

    >>> _card_pairs((3, -1, 0))
    ((0, 3), (2, 0))
    """
    return tuple((i, card) for i, card in enumerate(card_of) if card != NOBODY)


def _island_cards(rules: Rules) -> tuple[tuple[int, int], ...]:
    """``(island, card)`` for each island that has a card, in island order (on ``rules.derived``)."""
    found = rules.derived.get("island_cards")
    if found is None:
        found = rules.derived["island_cards"] = _card_pairs(rules.island_card)
    return found  # type: ignore[no-any-return]


def _action_cards(game: GameCore) -> tuple[tuple[str, int], ...]:
    """``(action, card)`` for each declared action that has a card, in declared order."""
    derived = game.rules.derived
    found = derived.get("action_cards")
    if found is None:
        cards = game.rules.action_card
        found = derived["action_cards"] = tuple((a, cards[a]) for a in game.card_actions())
    return found  # type: ignore[no-any-return]


def _selected(game: GameCore, p: int, fresh: bool) -> list[str]:
    """The declared actions whose card ``p`` selected this round."""
    sel, out = game.state.selection[p], []
    if sel is not None:
        for action, card in _action_cards(game):
            if sel[card]:
                out.append(action)
    return out


def _island_card_selected(game: GameCore, p: int, fresh: bool, action: str) -> bool:
    if action not in game.rules.island_actions:
        return True
    sel = game.state.selection[p]
    if sel is None:
        return False
    for card in game.rules.island_cards:  # noqa: SIM110 (any() of a generator: a frame per card, on the hot path)
        if sel[card]:
            return True
    return False


def _unused(game: GameCore, p: int, fresh: bool, action: str) -> bool:
    return action not in game.state.used


def _allowed_this_round(game: GameCore, p: int, fresh: bool, action: str) -> bool:
    return game.state.round != 1 or action not in game.rules.first_round_forbidden


START: Final = Legality(
    Valid(
        0,
        lambda game, action: action in game.rules.action_card,
        lambda game, p, action: f"these rules have no {action} card",
    ),
    Among(0, _selected, lambda game, p, action: f"you did not select {game.action_name(action)}"),
    Limit(
        1,
        _unused,
        lambda game, p, action: f"you already used {game.action_name(action)} this turn",
    ),
    Limit(
        1,
        _allowed_this_round,
        lambda game, p, action: f"{game.action_name(action)} is not allowed in round 1",
    ),
    Limit(1, _island_card_selected, lambda game, p, action: f"{game.action_name(action)} needs an island card"),
)
"""What starting an action must meet: its card selected this round and not yet used this
turn, not forbidden in round 1, an island card beside it for an island action (R12)."""
