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

Each action is declared once, in a module of ``woa_core.packs.west_of_africa.actions`` (its verbs, argument
kinds and hooks); the machinery the actions share is ``woa_core.packs.west_of_africa.core.GameCore``; this
module binds the declarations and answers the two questions of a turn: what is legal, and play
this. Actions are ``Action`` tuples ``(player, verb, *args)`` (plain tuples are accepted too);
``woa_core.kernel.notation`` turns them into text and back. ``apply`` checks an action completely before
changing anything, so a refused action leaves the state exactly as it was.

>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("west-of-africa", 2), seed=1)
>>> game.deciders()
[0, 1]
>>> game.apply((0, "select", game.card_counts("move_workers", "move_ship")))
>>> game.deciders()
[1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING, ClassVar, Final

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.legality import steps_of
from woa_core.packs.west_of_africa.actions import ACTIONS, STEP_OF_VERB, VERBS, Action, make_action
from woa_core.packs.west_of_africa.actions.turn import selection_problem
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.selection import SelectionActions
from woa_core.packs.west_of_africa.state import NOBODY
from woa_core.packs.west_of_africa.steps import DISPLACE, MAIN, OVER, PLACE, RETREAT, SELECT
from woa_core.packs.west_of_africa.view import PlayerView

if TYPE_CHECKING:
    from woa_core.packs.west_of_africa.determinize import Sampler

__all__ = ["ACTIONS", "STEP_OF_VERB", "VERBS", "Action", "Game"]

_STEPS: Final = {name: steps_of(d) for name, d in ACTIONS.items()}
_DONE_PROBLEM: Final = {name: d.done_problem for name, d in ACTIONS.items()}
_PLAY: Final = {name: (v.arity, v.play) for name, v in VERBS.items()}
_TURN_VERBS: Final = {PLACE: "place", DISPLACE: "displace", RETREAT: "retreat"}
_END: Final[dict[int, Action]] = {}
_DONE: Final[dict[int, Action]] = {}


def _one(made: dict[int, Action], player: int, verb: str) -> Action:
    """``player``'s action of a verb without arguments (``end``, ``done``), made once: listed at
    most decisions, it is found by the player's number (``make_action`` hashes the tuple)."""
    found = made.get(player)
    if found is None:
        found = made[player] = make_action((player, verb))
    return found


class Game(GameCore):
    """One game: compiled ``rules`` plus a ``GameState`` that ``apply`` advances."""

    __slots__ = ()

    actions: ClassVar[Mapping[str, ActionDecl]] = ACTIONS
    verbs: ClassVar[Mapping[str, Verb]] = VERBS
    step_of_verb: ClassVar[Mapping[str, str]] = STEP_OF_VERB

    def copy(self) -> Game:
        """An independent game at the same state."""
        return Game(self.rules, state=self.state.copy())

    def available_actions(self, player: int) -> list[str]:
        """Actions ``player`` may still start this turn: selected, unused, allowed this round."""
        return self.startable(player)

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every action ``player`` (default: ``decider()``) may take now; empty if none.

        During selection this is a read-only sequence that makes each selection when asked
        (``SelectionActions``): its ``in`` checks an action without listing them.

        >>> from woa_core.rules import load_rules
        >>> from woa_core.kernel.notation import format_action
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> len(game.legal_actions(0))  # every selection of 1 to 5 of the 13 cards
        2379
        >>> format_action(game.rules, game.legal_actions(0)[0])
        'p1 select minus'
        """
        s = self.state
        step = s.step
        if step == SELECT:
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
        if step == MAIN:
            acts: list[Action] = [_one(_END, player, "end")]
            for name in self.startable(player):
                acts += _STEPS[name](self, player, True)
            return acts
        if step in _STEPS:
            found = _STEPS[step](self, player, False)
            done_problem = _DONE_PROBLEM[step]
            if done_problem and done_problem(self, player):
                return found
            return [_one(_DONE, player, "done"), *found]
        if step in _TURN_VERBS:  # place, displace, retreat: one verb each, listed from its legality
            verb = _TURN_VERBS[step]
            return VERBS[verb].legality.listing(self, player, verb)  # type: ignore[union-attr]
        return []

    def _selection_actions(self, player: int) -> SelectionActions:
        """The card selections of ``player``, made on demand (``SelectionActions``: a hand has up
        to 2,379 of them, of which a bot plays one)."""
        r, s = self.rules, self.state
        affordable = r.max_cards
        if r.extra_card_cost > 0:
            affordable = min(r.max_cards, r.free_cards + s.gold[player] // r.extra_card_cost)
        return SelectionActions(player, tuple(s.hand[player]), r.min_cards, affordable)

    # ------------------------------------------------------------------- apply

    def apply(self, action: object) -> None:
        """Play ``action``; raise ``IllegalAction`` (state unchanged) if it is not allowed now (any
        object: a list is refused as not an action in both builds, issue 42.7).

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
        if s.step == OVER:
            raise IllegalAction("the game is over")
        if not isinstance(p, int) or not 0 <= p < s.players:
            raise IllegalAction(f"there is no player {p!r} in a {s.players}-player game")
        may_act = s.selection[p] is None if s.step == SELECT else p in self.deciders()
        if not may_act:
            raise IllegalAction(self._not_your_turn(p, self.deciders()))
        entry = _PLAY.get(verb) if isinstance(verb, str) else None
        if entry is None:
            raise IllegalAction(f"unknown action '{verb}'")
        arity, play = entry
        if len(action) - 2 != arity:
            raise IllegalAction(f"'{verb}' takes {arity} argument(s), not {len(action) - 2}")
        self.flow.advance(self, play(self, p, *action[2:]))

    def apply_legal(self, action: tuple) -> None:
        """Play ``action``, which must come from ``legal_actions()`` of this very state, without
        checking it again (search plays millions of them). Anything else goes to ``apply``.

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> game.apply_legal(game.legal_actions(0)[5])
        >>> game.deciders()
        [1]
        """
        self.trusted = True
        try:
            arity, play = _PLAY[action[1]]
            if arity == 0:  # the common arities called directly: no argument tuple built
                outcome = play(self, action[0])
            elif arity == 1:
                outcome = play(self, action[0], action[2])
            elif arity == 2:
                outcome = play(self, action[0], action[2], action[3])
            else:
                outcome = play(self, action[0], *action[2:])
            self.flow.advance(self, outcome)  # the kernel moves the flow on (issue 42.1)
        finally:
            self.trusted = False

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is one of ``legal_actions()`` now, without listing selections.

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> game.is_legal((0, "select", game.card_counts("sell", "minus"))), game.is_legal((0, "end"))
        (True, False)
        """
        if not isinstance(action, tuple) or len(action) < 2:
            return False
        s = self.state
        if s.step == SELECT:
            p = action[0]
            return (
                action[1] == "select"
                and len(action) == 3
                and isinstance(p, int)
                and 0 <= p < s.players
                and s.selection[p] is None
                and selection_problem(self, p, action[2]) is None
            )
        return action in self.legal_actions(action[0] if isinstance(action[0], int) else None)

    @classmethod
    def determinize(cls, view: PlayerView, rng: Random, sampler: Sampler | None = None) -> Game:
        """A full game consistent with exactly what ``view`` shows, the hidden selections sampled
        (``woa_core.packs.west_of_africa.determinize``)."""
        from woa_core.packs.west_of_africa.determinize import determinize

        return cls(view.rules, state=determinize(view, rng, sampler))

    def _not_your_turn(self, p: int, deciders: list[int]) -> str:
        if self.state.step == SELECT:
            return f"p{p + 1} has already selected cards this round"
        who = ", ".join(f"p{d + 1}" for d in deciders)
        return f"it is {who}'s decision, not p{p + 1}'s"

    # ------------------------------------------------------------ observation

    def observation(self, player: int) -> PlayerView:
        """What ``player`` may see (R18): a snapshot with everything public, its own cards and
        selection; of the others' selections only whether they have chosen, then the sums, then
        the cards once their turn has started (``woa_core.packs.west_of_africa.view``).

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
        >>> game.observation(0).to_json()["selection"]
        [None, 'hidden']
        """
        return PlayerView(self, player)

    def peek(self, player: int) -> PlayerView:
        """What ``observation`` shows, without copying the state: valid only until the game
        changes (the loop and search rollouts hand it to a bot that declares ``peeks``: it reads
        its view only while it chooses).

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("west-of-africa", 2), seed=1)
        >>> game.apply((1, "select", game.card_counts("sell", "tenerife")))
        >>> game.peek(0).to_json() == game.observation(0).to_json()
        True
        """
        return PlayerView(self, player, snapshot=False)
