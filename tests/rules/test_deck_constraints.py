"""A deck's constraints checked by the kernel from a pack's table (``woa_core.rules.deck_constraints``),
on a deck of no game: each kind of constraint, each only when given, and the declared size, every
problem located at its place in the file; and the located board helpers of ``woa_core.rules.checks``
(``each_its_own``, ``misflagged``, ``references``)."""

from __future__ import annotations

import pytest

from woa_core.rules.checks import Checks, Found, each_its_own, first_index, misflagged, references
from woa_core.rules.deck_constraints import (
    AtLeast,
    AtMost,
    Constraints,
    Deck,
    EachExists,
    GroupsAlike,
    NoneMatch,
    deck_size,
    in_words,
    matches,
    unique_ids,
)
from woa_core.rules.source import Located, parse_yaml

TABLE = Constraints(
    {
        "most_gold": AtMost("gold", "pays", "pay", "R1", reached_by="at_most_gold"),
        "blanks": AtLeast({"gold": 0}, "pay nothing", "R2"),
        "needed": EachExists("R3"),
        "no_dud": NoneMatch({"gold": 0, "suit": None}, "pays nothing and has no suit", "R4"),
        "suits_alike": GroupsAlike("suit", "R5"),
    },
    named="deck_rules",
)

DECK = """\
deck:
  - {id: C1, suit: cups, gold: 0}
  - {id: C2, suit: cups, gold: 2, count: 2}
  - {id: C4, suit: coins, gold: 0}
  - {id: C5, suit: coins, gold: 2, count: 2}
  - {id: C7, suit: null, gold: 1}
"""


def problems(rules: str, deck: str = DECK, groups: dict | None = None) -> list[tuple[int, int, str]]:
    """The (line, column, message) of each problem of ``deck`` under the constraints ``rules``."""
    checks = Checks()

    @checks.add
    def _deck(located: Located, d: dict) -> Found:
        at = Deck(d["deck"], ("deck",), groups=groups or {})
        yield from unique_ids(at)
        yield from TABLE.check(at, d.get("deck_rules", {}))

    text = f"deck_rules: {rules}\n{deck}" if rules else deck
    return [(p.line, p.column, p.message) for p in checks.run(parse_yaml(text, "x.yaml"), None)]


def test_a_deck_meeting_its_constraints_has_no_problem() -> None:
    rules = "{most_gold: 2, at_most_gold: 4, blanks: 2, needed: [{gold: 1}], no_dud: true, suits_alike: false}"
    assert problems(rules) == []


def test_a_constraint_left_out_is_not_asked() -> None:
    """Neither given nor false: a deck breaking every constraint but unique ids is clean."""
    assert problems("") == problems("{no_dud: false, suits_alike: false}") == []


def test_at_most_names_each_entry_beyond_and_counts_those_at_the_top() -> None:
    assert problems("{most_gold: 1}") == [
        (4, 32, "C2 pays 2, more than deck_rules.most_gold, 1 (R1)"),  # at its gold
        (6, 33, "C5 pays 2, more than deck_rules.most_gold, 1 (R1)"),
    ]
    assert problems("{most_gold: 3}") == [(3, 3, "0 card(s) pay deck_rules.most_gold, 3, but R1 asks for at least 1")]
    assert problems("{most_gold: 2, at_most_gold: 5}") == [
        (3, 3, "4 card(s) pay deck_rules.most_gold, 2, but R1 asks for at least 5")
    ]


def test_at_least_counts_cards_with_count_written_out() -> None:
    assert problems("{blanks: 2}") == []
    assert problems("{blanks: 3}") == [(3, 3, "2 card(s) pay nothing, fewer than deck_rules.blanks, 3 (R2)")]


def test_each_exists_names_each_pattern_no_card_matches() -> None:
    assert problems("{needed: [{gold: 1}, {suit: swords}, {suit: cups, gold: 1}]}") == [
        (3, 3, "no card shows suit swords, which deck_rules.needed asks for (R3)"),
        (3, 3, "no card shows suit cups, gold 1, which deck_rules.needed asks for (R3)"),
    ]


def test_none_match_names_each_entry_matching() -> None:
    deck = DECK.replace("{id: C7, suit: null, gold: 1}", "{id: C7, suit: null, gold: 0}")
    assert problems("{no_dud: true}", deck) == [(7, 5, "C7 pays nothing and has no suit (R4)")]


def test_groups_alike_names_the_group_that_differs_at_its_card_too_many() -> None:
    """By the values found (C7's null suit a group of its own), or by the groups the pack names."""
    deck = DECK.replace("- {id: C4, suit: coins, gold: 0}", "- {id: C4, suit: coins, gold: 1}")
    groups = {"suit": {"cups": "Cups", "coins": "Coins"}}
    assert problems("{suits_alike: true}", deck, groups) == [
        (5, 5, "the Coins cards differ from those of Cups: 1 more gold 1; 1 fewer gold 0 (R5)")
    ]
    assert problems("{suits_alike: true}", DECK, groups) == []
    assert problems("{suits_alike: true}") == [
        (7, 5, "the None cards differ from those of cups: 1 more gold 1; 1 fewer gold 0; 2 fewer gold 2 (R5)")
    ]


def test_groups_alike_names_an_empty_group_at_the_deck() -> None:
    groups = {"suit": {"cups": "Cups", "coins": "Coins", "wands": "Wands"}}
    said = "the Wands cards differ from those of Cups: 1 fewer gold 0; 2 fewer gold 2 (R5)"
    assert problems("{suits_alike: true}", DECK, groups) == [(3, 3, said)]


def test_ids_are_each_a_cards_own_once_count_is_written_out() -> None:
    deck = DECK.replace("{id: C5,", "{id: C3,")
    said = "two cards have the id C3 (C3 with count 2 is C3-C4): each card needs its own"
    assert problems("", deck) == [(5, 10, said)]  # at its id


def test_deck_size_counts_the_cards_with_count_written_out() -> None:
    """Seven cards as five entries: the size declared is met, else the deck is named at its list."""
    checks = Checks()

    @checks.add
    def _size(located: Located, d: dict) -> Found:
        return deck_size(Deck(d["deck"], ("deck",)), d["size"], "R6", cards="playing cards")

    def said(size: int) -> list[tuple[int, int, str]]:
        return [(p.line, p.column, p.message) for p in checks.run(parse_yaml(f"size: {size}\n{DECK}", "x.yaml"), None)]

    assert said(7) == []
    assert said(5) == [(3, 3, "the deck holds 7 playing cards, but deck_size is 5 (R6)")]
    assert list(deck_size(Deck([], ("deck",)), 1, "R6")) == [
        (("deck",), "the deck holds 0 cards, but deck_size is 1 (R6)")
    ]


@pytest.mark.parametrize(
    ("card", "pattern", "found"),
    [
        ({"gold": 0, "suit": None}, {"suit": None}, True),
        ({"gold": 0}, {"suit": None}, False),  # a field the card lacks is no match, even for null
        ({"gold": 0, "suit": "cups"}, {}, True),
    ],
)
def test_a_card_matches_a_pattern_by_each_of_its_fields(card, pattern, found) -> None:
    assert matches(card, pattern) is found


def test_a_card_is_said_by_its_fields_unless_the_deck_says_otherwise() -> None:
    assert in_words({"suit": "cups", "gold": 2}) == "suit cups, gold 2"
    said = Deck([{"id": "C1", "gold": 2}], ("deck",), describe=lambda card: f"{card['gold']} gold")
    assert list(TABLE.check(said, {"needed": [{"gold": 3}]})) == [
        (("deck",), "no card shows 3 gold, which deck_rules.needed asks for (R3)")
    ]


def test_each_its_own_and_references_locate_their_problems() -> None:
    text = "places:\n  - {key: well, name: Well}\n  - {key: well, name: Dune}\n  - {key: gate, name: Gate}\n"
    text += "start: [gate, wel, well]\n"
    checks = Checks()

    @checks.add
    def _places(located: Located, d: dict) -> Found:
        places = d["places"]
        yield from each_its_own(places, ("places",), {"key": "key"})
        exit_ = {"gate": "Gate is the exit"}
        yield from references(d["start"], ("start",), first_index(places, "key"), "place", "start on a place", exit_)

    assert [(p.line, p.message) for p in checks.run(parse_yaml(text, "x.yaml"), None)] == [
        (3, "Dune: 'well' is already Well's key: each its own"),
        (5, "Gate is the exit: start on a place"),
        (5, "'wel' is no place: did you mean 'well'?: start on a place"),
    ]


def test_misflagged_names_a_flag_astray_and_one_missing() -> None:
    """A track whose goal is the last space: one marked before it, none on it."""
    track = [{"key": "a"}, {"key": "b", "goal": True}, {"key": "c", "goal": False}]
    assert list(misflagged(track, "goal", lambda i: i == len(track) - 1)) == [(1, True), (2, False)]
    assert list(misflagged(track, "key", lambda i: True)) == []
