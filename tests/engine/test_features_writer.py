"""The kernel's features writer (``woa_core.kernel.features``), without Go West!: each part is of
the width its arguments fix, whatever the view holds, and ``feature_count`` counts what a pack's
encoder writes (here the tiny pack of docs/rule-packs/race)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from woa_core.kernel.cards import Cards
from woa_core.kernel.contract import new_game
from woa_core.kernel.features import Features, feature_count
from woa_core.rules import read_rules

RACE = Path(__file__).resolve().parents[2] / "docs" / "rule-packs" / "race"


@pytest.mark.parametrize("index", [-1, 0, 3, 4, 99])
def test_one_hot_is_as_wide_as_its_choices_and_marks_at_most_one(index: int) -> None:
    out = Features()
    out.one_hot(index, 4)
    assert len(out.numbers) == 4 and sum(out.numbers) == (1.0 if 0 <= index < 4 else 0.0)


def test_counts_and_padding_keep_their_width() -> None:
    out = Features()
    out.counts([], kind_of=(0, 1), kinds=3)
    out.counts([1, 1, 0], kind_of=(2, 0), kinds=3)
    out.padded([], 2)
    out.padded([5, 6], 2, fill=0.0)
    assert out.numbers == [0.0, 0.0, 0.0, 2.0, 0.0, 1.0, -1.0, -1.0, 5.0, 6.0]
    with pytest.raises(ValueError, match="3 values do not fit in 2 features"):
        out.padded([1, 2, 3], 2)


def test_cards_counts_what_a_seat_sees_by_kind_then_the_pile_and_reshuffles() -> None:
    """Six cards of kinds 0, 1, 2, 0, 1, 2: seat 1 sees its hand and the discard pile; a card shown
    face up (``also_seen``) is seen too, -1 is no card; seat 0's hand and the pile are unseen."""
    cards = Cards(hands=[[0, 1], [2, 5]], pile=[3], discard=[4], reshuffles=2, pool=[1, 3, 4])
    kind_of = (0, 1, 2, 0, 1, 2)
    out = Features()
    out.cards(cards.public(1), kind_of, kinds=3, deck_size=6)
    assert out.numbers == [0, 0, 2] + [0, 1, 0] + [1, 2, 0] + [2, 1, 0] + [1, 2]
    shown = Features()
    shown.cards(cards.public(1), kind_of, kinds=3, deck_size=6, also_seen=(0, -1))
    assert shown.numbers[9:12] == [1, 1, 0] and len(shown.numbers) == len(out.numbers)


def test_feature_count_is_what_a_packs_encoder_writes_for_every_view() -> None:
    rules = read_rules(str(RACE)).compile(3)
    count = feature_count(rules)
    game, rng = new_game(rules, seed=5), random.Random(5)
    while not game.over:
        assert {len(rules.pack.features(game.observation(p))) for p in range(3)} == {count}
        game.apply(rng.choice(list(game.legal_actions())))
