"""The kernel's scenario support, without a game (``woa_core.kernel.scenario``,
``woa_core.kernel.card_scenario``): seats by ``pN``, mark or colour; values per seat in a setup and
an expectation; the plain fields and per-seat lists a pack declares on its ``ScenarioHooks``, read
by the scenario runner; every way to finish a step; and a card component placed as a setup names
it, each card once, with every failure at its path."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType, SimpleNamespace
from typing import NoReturn

import pytest

from woa_core.check.scenario import Failure, observed
from woa_core.kernel.card_scenario import CARD_EXPECT, CardWords, card_expect, place_cards
from woa_core.kernel.cards import Cards
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.pack import ScenarioHooks
from woa_core.kernel.scenario import (
    by_seat,
    colour_marks,
    declared_expect,
    every_finish,
    seat_reader,
    seat_values,
    set_fields,
    set_seat_fields,
)

IDS = [f"C{n:02d}" for n in range(20)]
"""A deck of 20 cards, ``C00``..``C19``."""


class Failed(Exception):
    """A setup's ``fail(path, message)``, caught by the tests."""


def fail(path: tuple[object, ...], message: str) -> NoReturn:
    raise Failed(path, message)


COLOURS = ("red", "blue", "green", "yellow")


def _rules(players: int = 3) -> SimpleNamespace:
    return SimpleNamespace(players=players, colours=COLOURS)


def _seat(text: str, *path: object) -> int:
    rules = CompiledRules("tiny", 3, "", None, MappingProxyType({}))  # compiled, parse_player takes no other
    return seat_reader(rules, fail, colour_marks(_rules()), COLOURS)(text, *path)


def test_a_seat_is_pn_its_mark_or_its_colour() -> None:
    assert [_seat(t) for t in ("p1", "B", "green", "p3")] == [0, 1, 2, 2]
    with pytest.raises(Failed) as caught:
        _seat("Y", "vp", "Y")  # the fourth colour, in a game of three
    assert caught.value.args == (("vp", "Y"), "'Y' is not a player: write p1 to p3")


def test_values_per_seat_in_a_setup_and_an_expectation() -> None:
    state = SimpleNamespace(vp=[0, 0, 0], turns=0, acts=1)
    setup = {"vp": {"R": 4, "p3": 9}, "turns": 12}
    assert seat_values(setup, "vp", _seat) == {0: 4, 2: 9} and seat_values(setup, "lid", _seat) == {}
    set_seat_fields(state, setup, ("vp", "used"), _seat)  # a list it does not name: left alone
    set_fields(state, setup, ("turns", "acts"))
    assert (state.vp, state.turns, state.acts) == ([4, 0, 9], 12, 1)
    assert by_seat([4, 0, 9], ("R", "B", "G")) == {"p1": 4, "p2": 0, "p3": 9, "R": 4, "B": 0, "G": 9}
    assert by_seat([4, 0]) == {"p1": 4, "p2": 0}


def test_shared_letters_mark_the_seats_pn() -> None:
    assert colour_marks(SimpleNamespace(players=2, colours=("blue", "black"))) == ("p1", "p2")


def _declaring() -> tuple[ScenarioHooks, SimpleNamespace]:
    def expect(game: object, key: str) -> object:
        return {"own": "the pack's"}[key]

    hooks = ScenarioHooks(
        setup=lambda game, setup, fail: None,
        expect=expect,
        fields=frozenset({"turns"}),
        seat_fields=frozenset({"vp"}),
        seat_marks=colour_marks,
    )
    rules = SimpleNamespace(**vars(_rules(2)), pack=SimpleNamespace(scenario=hooks))
    return hooks, SimpleNamespace(rules=rules, state=SimpleNamespace(turns=5, vp=(3, 7), step="turn"))


def test_the_runner_reads_the_keys_a_pack_declares() -> None:
    hooks, game = _declaring()
    assert declared_expect(hooks, game, "turns") == observed(game, "turns") == 5
    assert observed(game, "vp") == {"p1": 3, "p2": 7, "R": 3, "B": 7}
    assert observed(game, "own") == "the pack's"
    with pytest.raises(KeyError):
        declared_expect(hooks, game, "step")  # a field it does not declare
    with pytest.raises(Failure, match="unknown expectation 'step'"):
        observed(game, "step")


class _Path:
    """Three decisions, each taking one of the letters left: every order of ``abc``."""

    def __init__(self, taken: str = "") -> None:
        self.taken = taken

    def copy(self) -> _Path:
        return _Path(self.taken)

    def legal_actions(self) -> list[tuple[object, ...]]:
        return [(c,) for c in "abc" if c not in self.taken]

    def apply_legal(self, action: tuple[object, ...]) -> None:
        self.taken += str(action[0])


def test_every_finish_walks_each_way_and_counts_the_distinct_results() -> None:
    game = _Path()
    orders = every_finish(game, lambda g: len(g.taken) < 3, lambda g: g.taken)
    assert orders == {"paths": 6, "distinct": 6, "results": ["abc", "acb", "bac", "bca", "cab", "cba"]}
    firsts = every_finish(game, lambda g: len(g.taken) < 3, lambda g: g.taken[0])
    assert (firsts["paths"], firsts["distinct"], game.taken) == (6, 3, "")  # the game itself unchanged
    assert every_finish(game, lambda g: False, lambda g: g.taken)["paths"] == 0  # nothing to finish


PLAIN = CardWords()
"""The kernel's own words: no rule cited."""


def _dealt() -> Cards:
    return Cards.dealt(deck_size=len(IDS), players=3, hand=4, stream=[5, 0])


def _placed(setup: dict[str, object], words: CardWords = PLAIN) -> Cards:
    cards = _dealt()
    place_cards(cards, IDS, 4, setup, fail, _seat, words)
    return cards


def test_the_named_cards_lie_where_the_setup_says_and_every_card_once() -> None:
    cards = _placed({"hands": {"B": ["C00", "C01"]}, "pile": ["C02", "C03"], "discard": 5})
    assert cards.problem(len(IDS)) is None
    assert {"C00", "C01"} <= set(card_expect(cards, IDS, "hands")["p2"])
    assert [IDS[x] for x in cards.pile[-2:]] == ["C02", "C03"]  # on top, the last the top
    sizes = {key: card_expect(cards, IDS, key) for key in ("hand_sizes", "pile_size", "discard_size", "reshuffles")}
    assert sizes == {"hand_sizes": {"p1": 4, "p2": 4, "p3": 4}, "pile_size": 3, "discard_size": 5, "reshuffles": 0}
    assert cards.discarded_by == [0, 1, 2, 0, 1] and cards.drawn == [[], [], []]


def test_a_hand_keeps_what_its_seat_was_dealt_where_it_can() -> None:
    dealt = _dealt()
    cards = _placed({"hands": {"p1": [IDS[dealt.hands[1][0]]]}})
    assert set(dealt.hands[2]) == set(cards.hands[2])  # p3: untouched
    assert set(dealt.hands[0]) - set(cards.hands[0]) and len(cards.hands[0]) == 4  # p1: 3 of its own, 1 named


def test_a_setup_without_cards_keeps_the_deal() -> None:
    assert _placed({"vp": {"p1": 3}}) == _dealt()


def test_the_expect_keys_read_ids_and_each_seats_view() -> None:
    cards = _placed({"discard": ["C07", "C04"]})
    assert card_expect(cards, IDS, "discard") == ["C07", "C04"]
    seen = card_expect(cards, IDS, "seen_discard", ("R", "B", "G"))
    assert seen == {p: ["C07", "C04"] for p in ("p1", "p2", "p3", "R", "B", "G")}
    blind = card_expect(cards, IDS, "seen_discard", (), lambda seat: {**cards.public(seat), "discard": []})
    assert blind == {"p1": [], "p2": [], "p3": []}
    assert set(CARD_EXPECT) >= {"hands", "pile_size", "seen_discard"}
    with pytest.raises(KeyError):
        card_expect(cards, IDS, "vp")


WORDS = CardWords("a step card (e.g. C00)", "R1", "R2", "R3")


@pytest.mark.parametrize(
    ("setup", "path", "message"),
    [
        ({"hands": {"p1": ["C99"]}}, ("hands", "p1", 0), "'C99' is not a step card (e.g. C00)"),
        ({"hands": {"R": ["C01"]}, "discard": ["C01"]}, ("discard", 0), "C01 is placed twice (hands R): a card "),
        ({"hands": {"p2": ["C01", "C01"]}}, ("hands", "p2", 1), "lies in one place (R1)"),
        ({"hands": {"p3": IDS[:5]}}, ("hands",), "p3 holds 5 cards, not 4 (R2)"),
        ({"pile": 9}, ("pile",), "8 cards are left for the piles, not 9 in the pile (the deck - hands - named)"),
        ({"pile": 2, "discard": 2}, ("pile",), "8 cards are left for the piles, not 2 in the pile and 2 in the"),
        ({"pile": 0}, ("pile",), "an empty draw pile: the discard pile is reshuffled the moment it empties (R3)"),
    ],
)
def test_a_position_no_game_reaches_fails_at_its_path(setup: dict[str, object], path: tuple, message: str) -> None:
    with pytest.raises(Failed) as caught:
        _placed(setup, WORDS)
    assert caught.value.args[0] == path and message in caught.value.args[1], caught.value.args


def test_the_messages_cite_no_rule_unless_the_pack_gives_one() -> None:
    with pytest.raises(Failed) as caught:
        _placed({"hands": {"p3": IDS[:5]}})
    assert caught.value.args[1] == "p3 holds 5 cards, not 4"


def test_every_card_is_placed_once_whatever_the_setup_names() -> None:
    for k in range(8):  # 8 would leave no draw pile
        cards = _placed({"hands": {"p2": IDS[k : k + 3]}, "discard": k})
        assert Counter(cards.pile + cards.discard + [c for h in cards.hands for c in h]) == Counter(range(len(IDS)))
        assert len(cards.discard) == k and all(len(h) == 4 for h in cards.hands)
