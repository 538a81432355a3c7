"""The lazy listing of card selections (``SelectionActions``, issue 18) is the old tuple of
``selection_actions``, action for action: the same order (every game stays the same), the same
length, and ``in`` says yes exactly to its members."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from woa_core.packs.west_of_africa import Game
from woa_core.packs.west_of_africa.selection import SelectionActions, selection_actions, selections
from woa_core.rules import load_rules

HANDS = st.lists(st.integers(0, 4), min_size=0, max_size=13).map(tuple)
LIMITS = st.tuples(st.integers(0, 4), st.integers(-1, 7))


@settings(max_examples=300, deadline=None)
@given(player=st.integers(0, 4), hand=HANDS, limits=LIMITS)
def test_the_lazy_listing_is_the_old_tuple(player: int, hand: tuple[int, ...], limits: tuple[int, int]) -> None:
    fewest, most = limits
    old = selection_actions(player, hand, fewest, most)
    lazy = SelectionActions(player, hand, fewest, most)
    assert len(lazy) == len(old) == len(selections(hand, fewest, most))
    assert [lazy[k] for k in range(len(lazy))] == list(old)
    assert all(type(lazy[k]) is type(old[k]) for k in range(min(3, len(old))))
    assert [lazy[-k] for k in range(1, len(lazy) + 1)] == [old[-k] for k in range(1, len(old) + 1)]
    assert lazy[1:7] == old[1:7] and lazy[::-3] == old[::-3] and lazy[-4:] == old[-4:]
    assert tuple(lazy) == old and lazy == old and bool(lazy) == bool(old)
    assert all(a in lazy for a in old)


@settings(max_examples=200, deadline=None)
@given(player=st.integers(0, 4), hand=HANDS, limits=LIMITS, data=st.data())
def test_in_says_yes_only_to_members(
    player: int, hand: tuple[int, ...], limits: tuple[int, int], data: st.DataObject
) -> None:
    fewest, most = limits
    members = set(selection_actions(player, hand, fewest, most))
    lazy = SelectionActions(player, hand, fewest, most)
    counts = tuple(data.draw(st.lists(st.integers(-1, 5), min_size=len(hand), max_size=len(hand))))
    for item in [
        (player, "select", counts),
        (player + 1, "select", counts),
        (player, "sell", counts),
        (player, "select", counts, 0),
        (player, "select", counts[:-1]),
        (player, "select", (*counts, 0)),
    ]:
        assert (item in lazy) == (item in members), item


def test_items_of_the_wrong_shape_are_not_in_it() -> None:
    lazy = SelectionActions(0, (1, 1, 1), 1, 2)
    assert (0, "select", (1, 0, 1)) in lazy
    for item in [
        (0, "select", [1, 0, 1]),  # a list is not a selection (nor hashable: the old set refused it)
        (0, "select", (1.5, 0, 0)),
        (0, "select", ("1", 0, 0)),
        (0, "select", (1, 1, 1)),  # three cards: more than max_cards
        (0, "select", (0, 0, 0)),  # none: fewer than min_cards
        (0, "select", (2, 0, 0)),  # more than the hand holds
        (0, "select"),
        "select",
        None,
    ]:
        assert item not in lazy, item


def test_indices_out_of_range_raise_index_error_as_a_tuple_does() -> None:
    lazy = SelectionActions(0, (1, 1), 1, 1)
    assert len(lazy) == 2 and lazy[-2] == lazy[0] == (0, "select", (0, 1))
    for k in (2, -3, 10**6):
        try:
            lazy[k]
        except IndexError:
            continue
        raise AssertionError(f"index {k} did not raise")


def test_no_selection_at_all() -> None:
    """An empty hand, or limits nothing meets: an empty listing, which is false."""
    for hand, fewest, most in [((0, 0), 1, 5), ((2, 2), 5, 5), ((1,), 1, -1), ((), 1, 5)]:
        lazy = SelectionActions(0, hand, fewest, most)
        assert len(lazy) == 0 and not lazy and lazy == () and list(lazy) == [], (hand, fewest, most)


def test_a_game_offers_the_lazy_listing_and_plays_from_it() -> None:
    """The full hand of 13 cards at 1 to 5 cards: 2,379 selections, the last card-by-card."""
    game = Game(load_rules("west-of-africa", 4), seed=3)
    legal = game.legal_actions(0)
    assert isinstance(legal, SelectionActions)
    hand = tuple(game.state.hand[0])
    old = selection_actions(0, hand, game.rules.min_cards, game.rules.max_cards)
    assert len(legal) == len(old) == 2379 and legal[2378] == old[2378] and legal[1234] == old[1234]
    game.apply_legal(legal[-1])
    chosen = game.state.selection[0]
    assert chosen is not None and tuple(chosen) == old[-1][2]


@settings(max_examples=200, deadline=None)
@given(player=st.integers(0, 4), hand=HANDS, limits=LIMITS, data=st.data())
def test_index_finds_each_selection_where_the_tuple_has_it(
    player: int, hand: tuple[int, ...], limits: tuple[int, int], data: st.DataObject
) -> None:
    """issue 41.6b: ``index`` is the tuple's own (the game loop asks it of the action a bot chose),
    counted without listing the selections, and refuses what is not there with ``ValueError``."""
    fewest, most = limits
    old = selection_actions(player, hand, fewest, most)
    lazy = SelectionActions(player, hand, fewest, most)
    assert "index" in type(lazy).__dict__  # its own, not the Sequence mixin's scan of every item
    assert [lazy.index(a) for a in old] == list(range(len(old)))
    counts = tuple(data.draw(st.lists(st.integers(-1, 5), min_size=len(hand), max_size=len(hand))))
    for item in [(player, "select", counts), (player + 1, "select", counts), (player, "select", counts[:-1])]:
        if item in old:
            assert lazy.index(item) == old.index(item)
        else:
            try:
                lazy.index(item)
            except ValueError:
                continue
            raise AssertionError(f"index found {item!r}, which is not a selection")
    if old:
        last = len(old) - 1
        assert lazy.index(old[last], last) == last
        try:
            lazy.index(old[0], 1)
        except ValueError:
            pass
        else:
            raise AssertionError("index ignored its start")
