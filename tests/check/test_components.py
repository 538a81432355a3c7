"""The kernel's hidden cards and chance stream (``woa_core.kernel.hidden``) and its invariants about
its components (``woa_core.check.components``), on a table of no game: a card component, a stream,
a card set aside, and a flow with named ends."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from woa_core.check.components import (
    cards_conserved,
    chance_never_seen,
    component_invariants,
    ended_by_name,
    hands_full,
)
from woa_core.kernel.cards import Cards
from woa_core.kernel.chance import is_stream, new_stream
from woa_core.kernel.flow import End
from woa_core.kernel.hidden import CardsAndChance


@dataclass
class Table:
    players: int
    cards: Cards
    chance: list[int]
    aside: int = -1  # a card being played by seat 0: out of its hand, not yet discarded
    step: str = "play"
    ended: str = ""
    ranking: list[int] = field(default_factory=list)

    def copy(self) -> Table:
        s = self
        return Table(s.players, s.cards.copy(), s.chance[:], s.aside, s.step, s.ended, s.ranking[:])


HIDDEN: CardsAndChance[Table, object] = CardsAndChance(
    lambda rules: 12, lambda s: ((s.aside, 0),) if s.aside >= 0 else ()
)
FLOW = SimpleNamespace(ends=(End("race", "action", bool, print),), over="over")


def _game(leak: bool = False) -> SimpleNamespace:
    state = Table(2, Cards.dealt(12, 2, 3, new_stream(4)), new_stream(4))
    rules = SimpleNamespace(players=2, flow=FLOW, pack=SimpleNamespace(resample_hidden=HIDDEN))
    game = SimpleNamespace(rules=rules, state=state)
    view = {"hand": state.cards.hands[0], **({"seed": state.chance[0]} if leak else {})}
    game.observation = lambda seat: SimpleNamespace(to_json=lambda: view)
    return game


def _play_one(game: SimpleNamespace) -> None:
    s = game.state
    s.aside = s.cards.hands[0].pop()


def test_a_declared_component_gets_its_invariants_and_nothing_else() -> None:
    game = _game()
    assert list(component_invariants(game.rules)) == ["cards_conserved", "chance_never_seen", "ended_by_name"]
    assert component_invariants(SimpleNamespace(pack=SimpleNamespace(resample_hidden=None))) == {}
    assert [check(game, None) for check in component_invariants(game.rules).values()] == [None] * 3


def test_the_card_set_aside_is_counted_once_and_only_once() -> None:
    game = _game()
    _play_one(game)
    assert cards_conserved(game, None) is None
    game.state.cards.hands[0].append(game.state.aside)
    assert cards_conserved(game, None) == (
        f"the cards in play are 13 of 12 (more than once or unknown: [{game.state.aside}]) (§5 R-CARDS)"
    )


def test_a_view_that_shows_the_stream_is_caught() -> None:
    assert chance_never_seen(_game(leak=True), None) == "p1: the view shows the chance stream at 'seed' (§5 R-CHANCE)"


def test_the_game_is_over_exactly_when_a_named_end_fired_and_ranked() -> None:
    game = _game()
    game.state.step, game.state.ended, game.state.ranking = "over", "race", [1, 0]
    assert ended_by_name(game, None) is None
    game.state.ended = "sudden_death"
    assert ended_by_name(game, None) == (
        "the game is over, ended by 'sudden_death' of ['race'], ranked [1, 0] (§5 R-ENDS)"
    )


def test_resampling_keeps_what_the_seat_sees_and_the_card_aside() -> None:
    """The seat's hand, every hand's size, the pile's size and the card set aside stay; the others'
    hands and the stream are drawn anew; a determinized copy of the view's state alike."""
    game = _game()
    _play_one(game)
    samples = [HIDDEN(game, 0, random.Random(k)) for k in range(20)]
    s = game.state
    for other in samples:
        assert other.cards.public(0) == s.cards.public(0) and other.aside == s.aside
        assert HIDDEN.problem(None, other) is None and s.aside not in other.cards.hands[1]
        assert other.chance[1] == s.chance[1] and other.chance[0] != s.chance[0]
    assert len({tuple(other.cards.hands[1]) for other in samples}) > 5
    again = HIDDEN.determinized(s.copy(), s.cards.public(1), 1, None, random.Random(0))
    assert again.cards.hands[1] == s.cards.hands[1] and HIDDEN.problem(None, again) is None


def test_a_stream_is_two_whole_numbers_as_json_gives_them() -> None:
    assert is_stream(new_stream(5)) and is_stream([0, 0])
    assert not any(is_stream(v) for v in ([1, 2, 3], [1.0, 0], [1, -2], [False, 0], (1, 0), {"seed": 1}))


FULL: CardsAndChance[Table, object] = CardsAndChance(
    lambda rules: 12, lambda s: ((s.aside, 0),) if s.aside >= 0 else (), hand_size=lambda rules: 3
)


def _full_hands_game() -> SimpleNamespace:
    game = _game()
    game.rules.pack = SimpleNamespace(resample_hidden=FULL)
    game.over = False
    return game


def test_declared_full_hands_get_hands_full_which_counts_the_card_set_aside() -> None:
    game = _full_hands_game()
    assert list(component_invariants(game.rules)) == [
        "cards_conserved",
        "chance_never_seen",
        "hands_full",
        "ended_by_name",
    ]
    assert hands_full(game, None) is None
    _play_one(game)  # seat 0 holds 2 of 3, the third set aside: still full
    assert hands_full(game, None) is None
    game.state.cards.hands[0].append(game.state.cards.pile.pop())  # and a card drawn too soon
    assert hands_full(game, None) == "p1 holds 3 cards, not the 3 of a full hand less the 1 set aside (§5 R-CARDS)"


def test_a_short_hand_is_a_fault_only_while_cards_are_left_to_draw() -> None:
    game = _full_hands_game()
    s = game.state
    s.cards.discard_card(s.cards.hands[1].pop(), 1)
    assert hands_full(game, None) == "p2 holds 2 cards, not the 3 of a full hand, with cards left to draw (§5 R-CARDS)"
    s.cards.pile.clear()
    s.cards.discard.clear()
    s.cards.discarded_by.clear()
    assert hands_full(game, None) is None  # nothing to draw: a short hand is all there is
    game.over = True
    s.cards.hands[0].clear()
    assert hands_full(game, None) is None  # a finished game is not checked


def test_a_hand_lists_each_kind_once_and_lifts_its_first_card_of_a_kind() -> None:
    cards = Cards([[1, 4, 6], [0]], [2, 3], [5], [1])
    kind_of = (0, 2, 1, 1, 2, 0, 1)  # cards 1 and 4 alike, so are 2, 3 and 6
    assert cards.kinds_held(0, kind_of) == [1, 2]
    assert cards.lift(0, kind_of, 2) == 1 and cards.hands[0] == [4, 6]
    with pytest.raises(ValueError, match="p2 holds no card of kind 1"):
        cards.lift(1, kind_of, 1)
    assert cards.hands[1] == [0]  # refused: the hand as it was
