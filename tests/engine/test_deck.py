"""The kernel's deck as rules data (``woa_core.kernel.deck``), without any game: ``count: k``
entries count their ids on, keeping the digits' width, and cards sort into kinds by a key in the
order first seen, each kind named by its first card."""

from __future__ import annotations

import pytest

from woa_core.kernel.deck import Kinds, card_ids, expand


@pytest.mark.parametrize(
    ("entry", "ids"),
    [
        ({"id": "A01"}, ["A01"]),
        ({"id": "A01", "count": 1}, ["A01"]),
        ({"id": "A09", "count": 3}, ["A09", "A10", "A11"]),
        ({"id": "B099", "count": 2}, ["B099", "B100"]),
        ({"id": "9", "count": 2}, ["9", "10"]),  # one digit, then two: the width is at least the entry's
        ({"id": "card-7", "count": 2}, ["card-7", "card-8"]),
        ({"id": "X2Y3", "count": 2}, ["X2Y3", "X2Y4"]),  # only the last number counts on
    ],
)
def test_a_count_entry_stands_for_ids_counting_on_from_its_own(entry: dict[str, object], ids: list[str]) -> None:
    assert card_ids(entry) == ids


def test_an_id_without_a_number_to_count_on_from_is_refused() -> None:
    with pytest.raises(ValueError, match="ends in a number"):
        card_ids({"id": "joker"})


def test_expand_writes_one_entry_per_card_in_deck_order_and_leaves_the_entries_as_they_were() -> None:
    entries = [{"id": "C1", "suit": "cups", "count": 3}, {"id": "C4", "suit": "coins"}]
    deck = expand(entries)
    assert [(card["id"], card["suit"]) for card in deck] == [
        ("C1", "cups"),
        ("C2", "cups"),
        ("C3", "cups"),
        ("C4", "coins"),
    ]
    assert entries[0]["id"] == "C1" and len(expand([])) == 0


def test_kinds_are_numbered_in_first_seen_order_and_named_by_their_first_card() -> None:
    deck = expand(
        [
            {"id": "K01", "suit": "cups", "value": 2, "count": 2},
            {"id": "K03", "suit": "coins", "value": 2},
            {"id": "K04", "suit": "cups", "value": 5},
            {"id": "K05", "suit": "cups", "value": 2},
            {"id": "K06", "suit": "coins", "value": 2},
        ]
    )
    kinds = Kinds.of(deck, key=lambda card: (card["suit"], card["value"]))
    assert kinds.kind == (0, 0, 1, 2, 0, 1)
    assert kinds.keys == (("cups", 2), ("coins", 2), ("cups", 5))
    assert kinds.first_id == ("K01", "K03", "K04")
    by_value = Kinds.of(deck, key=lambda card: card["value"])  # another key, other kinds of the same cards
    assert by_value.kind == (0, 0, 0, 1, 0, 0) and by_value.first_id == ("K01", "K04")


def test_every_card_of_a_kind_has_its_key_and_a_deck_of_none_has_no_kinds() -> None:
    deck = expand([{"id": f"D{n:02d}", "rank": n % 3, "count": 1} for n in range(1, 13)])
    kinds = Kinds.of(deck, key=lambda card: card["rank"])
    assert all(kinds.keys[k] == card["rank"] for k, card in zip(kinds.kind, deck, strict=True))
    assert [deck[kinds.kind.index(k)]["id"] for k in range(len(kinds.keys))] == list(kinds.first_id)
    assert Kinds.of([], key=lambda card: card["rank"]) == Kinds((), (), ())
