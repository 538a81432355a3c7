"""T20 (G14, G15, G30, go-west-rulings §4, §5 R-CARDS, R-CHANCE): the cards and the chance stream of
Go West! in play, and the kernel's card component (``woa_core.kernel.cards``) and chance stream
(``woa_core.kernel.chance``) at their edges."""

from __future__ import annotations

import json
from collections import Counter
from random import Random

import pytest

from woa_core.kernel import chance
from woa_core.kernel.cards import Cards, sample
from woa_core.packs.go_west.game import Game
from woa_core.packs.go_west.state import State
from woa_core.packs.go_west.steps import ACTION, DECLARE
from woa_core.rules import load_rules

RULES = load_rules("go-west", 4)
DECK = len(RULES.card_id)
B = 1  # Blue, the second seat


def played(rules=RULES, seed: int = 0):
    """A seeded random game, as (state before each action, the action), to the end."""
    game, rng = Game(rules, seed=seed), Random(seed)
    while not game.over:
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        yield game, action
        game.apply(action)


def in_play(s: State) -> Counter:
    """Every card in a hand, the draw pile, the discard pile or being played."""
    return Counter(s.cards.pile + s.cards.discard + [c for h in s.cards.hands for c in h] + [s.card] * (s.card >= 0))


# ----------------------------------------------------------------------- T20 in a full game


def test_after_every_action_every_card_is_once_in_play_and_every_hand_full() -> None:
    """T20, §5 R-CARDS, G14: hands + pile + discard pile (+ the card being played) are the 56 cards
    once each after every action of a full game; every hand holds 7 at the start of every action."""
    starts = reshuffles = 0
    for game, _ in played(seed=3):
        s = game.state
        assert in_play(s) == Counter(range(DECK))
        if s.step in (DECLARE, ACTION):
            assert [len(h) for h in s.cards.hands] == [RULES.hand] * 4
            starts += 1
        reshuffles = s.cards.reshuffles
    assert game.over and in_play(game.state) == Counter(range(DECK))
    assert starts > 100 and reshuffles >= 2  # the reshuffle boundary crossed more than once


def reshuffle_by_b() -> tuple[int, list, int, list[int]]:
    """A seeded game in which B draws the pile's last card (G15): its seed, its actions through that
    reshuffle, the index of the action at whose start B was to act with one card left (every action
    from there is B's), and the new pile."""
    for seed in range(200):
        game, rng = Game(RULES, seed=seed), Random(seed)
        actions: list = []
        start = None
        while not game.over:
            s = game.state
            if s.step in (DECLARE, ACTION) and len(s.cards.pile) == 1:
                start = len(actions) if s.order[s.turn] == B else None
            legal = game.legal_actions()
            actions.append(legal[rng.randrange(len(legal))])
            game.apply(actions[-1])
            if game.state.cards.reshuffles:
                if start is not None and all(a[0] == B for a in actions[start:]):
                    return seed, actions, start, game.state.cards.pile[:]
                break
    raise AssertionError("no seeded game has B draw the pile's last card")


def test_a_state_saved_one_card_before_a_reshuffle_reshuffles_the_same() -> None:
    """T20, R-CHANCE: the state saved as JSON one card before the reshuffle, loaded and played on
    with the same actions, gives the same new pile, and the same game to its end, byte for byte."""
    seed, actions, start, pile = reshuffle_by_b()
    game = Game(RULES, seed=seed)
    for action in actions[:start]:
        game.apply(action)
    assert len(game.state.cards.pile) == 1 and game.state.cards.reshuffles == 0
    saved = json.dumps(game.state.to_json())
    loaded = Game(RULES, state=State.from_json(json.loads(saved)))
    for action in actions[start:]:
        loaded.apply(action)
    assert loaded.state.cards.reshuffles == 1 and loaded.state.cards.pile == pile
    whole = [a for _, a in played(seed=seed)]
    assert whole[: len(actions)] == actions
    original, again = Game(RULES, seed=seed), Game(RULES, state=State.from_json(json.loads(saved)))
    for action in whole:
        original.apply(action)
    for action in whole[start:]:
        again.apply(action)
    assert original.over and json.dumps(again.state.to_json()) == json.dumps(original.state.to_json())


def test_determinizations_redraw_the_reshuffle_and_never_see_the_seed() -> None:
    """T20, §4, R-CHANCE: two determinizations of that state for B, with different search seeds,
    give different new piles after the same actions through the reshuffle, neither the true one;
    B's view holds no seed or stream of the state, and neither determinization has its seed."""
    seed, actions, start, true_pile = reshuffle_by_b()
    game = Game(RULES, seed=seed)
    for action in actions[:start]:
        game.apply(action)
    view = game.observation(B)
    assert chance.hidden_from(view.to_json(), game.state.chance) is None
    piles = []
    for search_seed in (1, 2):
        sampled = Game.determinize(view, Random(search_seed))
        assert sampled.state.chance[0] != game.state.chance[0]
        assert sampled.observation(B).to_json() == view.to_json()
        for action in actions[start:]:
            sampled.apply(action)  # B's own actions: its hand is the true one
        assert sampled.state.cards.reshuffles == 1
        piles.append(sampled.state.cards.pile)
    assert sorted(piles[0]) == sorted(piles[1]) == sorted(true_pile)  # the same discards, shuffled in
    assert piles[0] != piles[1] and true_pile not in piles


def test_a_sold_card_lies_face_up_in_every_view() -> None:
    """G30, G11, G23: a sold card is on top of the discard pile, its seller named, in every seat's view."""
    for game, action in played(seed=5):
        if action[1] == "sell" and len(game.state.cards.pile) > 1:  # no reshuffle takes it at once
            seller = action[0]
            hand = game.state.cards.hands[seller][:]
            game.apply(action)
            (sold,) = Counter(hand) - Counter(game.state.cards.hands[seller])
            assert RULES.card_shape[sold] == action[2]
            for seat in range(4):
                seen = game.observation(seat).cards
                assert (seen["discard"][-1], seen["discarded_by"][-1]) == (sold, seller)
            return
    raise AssertionError("nobody sold a card")


def test_the_determinizer_respects_the_reshuffle_boundary() -> None:
    """§4 (the sampler after a reshuffle): at every position after one, for every seat, a sampled
    pile holds only cards shuffled in then that the seat has not drawn; the others' sampled hands
    hold every card they must (in their hands at the reshuffle and not discarded since), and each
    other seat's discards since are among its sampled hand then or its draws; every seat of the
    sample sees the game as it did."""
    positions = 0
    for game, _ in played(seed=7):
        s = game.state
        if not s.cards.reshuffles or positions > 400:
            continue
        aside = ((s.card, s.order[s.turn]),) if s.card >= 0 else ()
        for seat in range(4):
            seen = s.cards.public(seat)
            dealt = sample(seen, seat, 4, DECK, Random(positions), aside)
            assert dealt.public(seat) == seen
            assert set(dealt.pile) <= set(seen["pool"]) - set(seen["drawn"])
            others = [p for p in range(4) if p != seat]
            must = set(range(DECK)) - set(seen["held"]) - set(seen["pool"]) - set(seen["discard"])
            must -= {c for c, _ in aside}
            assert must <= {c for p in others for c in dealt.hands[p]}
            for p in others:
                gone = {c for c, by in zip(seen["discard"], seen["discarded_by"], strict=True) if by == p}
                assert gone <= set(dealt.held[p]) | set(dealt.drawn[p])
                assert len(dealt.held[p]) == RULES.hand and len(dealt.drawn[p]) == seen["draws"][p]
            for q in range(4):  # the sampled world is one every seat could see
                sample(dealt.public(q), q, 4, DECK, Random(0), aside)
            positions += 1
    assert positions > 400


def test_the_sampled_pile_is_any_card_it_may_hold() -> None:
    """§4: after a reshuffle, every card shuffled in that the seat has not drawn, and that no other
    seat must have drawn (one it discarded since), reaches the pile's top in some sample, and no
    other card ever does."""
    for game, _ in played(seed=7):
        s = game.state
        discarded_by_others = [c for c, by in zip(s.cards.discard, s.cards.discarded_by, strict=True) if by != 0]
        if s.cards.reshuffles and s.card < 0 and any(c in s.cards.pool for c in discarded_by_others):
            break
    else:
        raise AssertionError("no position with a card another seat drew since the reshuffle and discarded")
    seen = s.cards.public(0)
    may = set(seen["pool"]) - set(seen["drawn"]) - set(discarded_by_others)
    tops = Counter(sample(seen, 0, 4, DECK, Random(k)).pile[-1] for k in range(3000))
    assert set(tops) == may
    assert max(tops.values()) < 3 * min(tops.values())  # roughly uniform


# ----------------------------------------------------------------------- the card component


def test_a_draw_of_the_last_card_reshuffles_at_once() -> None:
    """G15, 5.5: the draw that takes the pile's last card shuffles the discard pile into the new
    pile at that moment (not at the next draw); the hands then and the draws since are kept."""
    cards = Cards([[0, 1], [2, 3]], [4], discard=[5, 6, 7], discarded_by=[0, 1, 0])
    stream = [9, 0]
    cards.draw(1, stream)
    assert cards.hands[1] == [2, 3, 4] and cards.discard == [] and cards.discarded_by == []
    assert sorted(cards.pile) == [5, 6, 7] and cards.pool == [5, 6, 7] and cards.reshuffles == 1
    assert cards.held == [[0, 1], [2, 3, 4]] and cards.drawn == [[], []] and stream == [9, 1]
    assert cards.pile == chance.shuffled([9, 0], [5, 6, 7])  # the stream's first draw
    top = cards.pile[-1]
    cards.draw(0, stream)
    assert cards.drawn == [[top], []] and top in cards.hands[0] and len(cards.pile) == 2


def test_a_draw_from_an_empty_pile_with_an_empty_discard_draws_nothing() -> None:
    """G15: no card anywhere to draw: the hand, the piles and the stream stay as they were."""
    cards = Cards([[0], [1]], [])
    stream = [3, 5]
    cards.draw(0, stream)
    assert cards.to_json() == Cards([[0], [1]], []).to_json() and stream == [3, 5]


def test_the_last_card_drawn_with_an_empty_discard_reshuffles_nothing() -> None:
    """G15: a last card drawn with nothing discarded leaves the pile empty and counts no reshuffle;
    a later draw, after a discard, reshuffles first and then draws."""
    cards = Cards([[0], [1]], [2])
    stream = [3, 0]
    cards.draw(0, stream)
    assert cards.pile == [] and cards.reshuffles == 0 and stream == [3, 0]
    cards.take(0, 0)
    cards.draw(1, stream)
    assert cards.hands[1] == [0, 1] and cards.pile == [] and cards.reshuffles == 1 and cards.problem(3) is None


def test_cards_read_back_only_from_their_own_shape() -> None:
    """A card component's JSON reads back as itself; any other shape is a ValueError saying what is wrong."""
    cards = Cards.dealt(deck_size=12, players=3, hand=2, stream=[4, 0])
    assert Cards.from_json(json.loads(json.dumps(cards.to_json()))) == cards
    bad = {
        "not a card component": [],
        "not a card component (hands": {"pile": []},
        "not a card component (hands,": {"hands": [], "pile": [], "deck": []},
        "hands is not a list of card lists": {"hands": "x", "pile": []},
        "hands is not a list of card lists, one per seat": {"hands": [[1.5]], "pile": []},
        "pile is not a list of cards": {"hands": [[1]], "pile": [-1]},
        "hands is not a list": {"hands": [[True]], "pile": []},
        "reshuffles is not a whole number": {"hands": [[1]], "pile": [], "reshuffles": "2"},
        "held has 2 seats, its hands 1": {"hands": [[1]], "pile": [2], "held": [[1], [2]]},
        "discard pile and who discarded each card differ": {"hands": [[1]], "pile": [], "discard": [3]},
    }
    for said, data in bad.items():
        with pytest.raises(ValueError, match=said.replace("(", r"\(")):
            Cards.from_json(data)


def test_problem_names_missing_and_doubled_cards() -> None:
    """§5 R-CARDS: the conservation check says which cards are missing and which are there twice."""
    cards = Cards([[0, 1], [1, 2]], [3])
    assert cards.problem(5) == "the cards in play are 5 of 5 (missing: [4]) (more than once or unknown: [1])"
    assert Cards([[0], [1]], [2, 9]).problem(3) == "the cards in play are 4 of 3 (more than once or unknown: [9])"


def test_a_go_west_state_reads_back_only_from_its_own_shape() -> None:
    """A state's JSON round-trips; a document that is not one is a ValueError, never a traceback."""
    state = Game(RULES, seed=1).state
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
    for data in ([], {"players": 4}, {**state.to_json(), "extra": 1}, {**state.to_json(), "cards": {"pile": []}}):
        with pytest.raises(ValueError, match=r"not a Go West! game state|not a card component"):
            State.from_json(data)


# ----------------------------------------------------------------------- the chance stream


def test_the_stream_replays_from_its_two_numbers() -> None:
    """R-CHANCE: the n-th draw depends on the seed and n alone: a stream saved between draws (as
    JSON) continues with the same draws; another game's seed gives other draws."""
    stream = chance.new_stream(11)
    first = chance.shuffled(stream, list(range(20)))
    saved = json.loads(json.dumps(stream))
    second = chance.shuffled(stream, list(range(20)))
    assert chance.shuffled(saved, list(range(20))) == second != first and saved == stream == [stream[0], 2]
    assert chance.new_stream(11) == chance.new_stream(11) != chance.new_stream(12)
    assert chance.draw([stream[0], 0]).random() == chance.draw([stream[0], 0]).random()


def test_a_redrawn_stream_keeps_only_its_count() -> None:
    """R-CHANCE, §4: a determinized stream has a seed of the search's drawing, the same count of
    draws; two searches' seeds differ, the same search's are the same."""
    stream = [chance.new_stream(5)[0], 3]
    one, two = chance.redrawn(stream, Random(1)), chance.redrawn(stream, Random(2))
    assert one[1] == two[1] == 3 and len({one[0], two[0], stream[0]}) == 3
    assert chance.redrawn(stream, Random(1)) == one
    assert chance.shuffled(one[:], list(range(20))) != chance.shuffled(stream[:], list(range(20)))


def test_hidden_from_finds_the_seed_anywhere_and_nothing_else() -> None:
    """R-CHANCE: the seed as a number at any depth, or a key naming the stream, is found with its
    place; counts, booleans and other numbers are not."""
    stream = chance.new_stream(2)
    assert chance.hidden_from({"a": [1, True, 3.0, {"b": [stream[1], 60]}]}, stream) is None
    assert (
        chance.hidden_from({"a": [{"b": (0, stream[0])}]}, stream) == "the view shows the chance stream at 'a[0].b[1]'"
    )
    assert chance.hidden_from({"seed": 1}, stream) == "the view shows the chance stream at 'seed'"
    assert chance.hidden_from(stream[0], stream) == "the view shows the chance stream at '.'"
    assert chance.hidden_from({"on": True}, [1, 0]) is None  # a boolean is no number here


def test_a_state_with_a_broken_chance_stream_is_refused_with_a_sentence() -> None:
    """R-CHANCE: a saved state's stream is two whole numbers; another shape is refused when the
    state is read, not at the next reshuffle."""
    import pytest

    from woa_core.packs.go_west.state import State

    for bad in ([1], [1, -2], "seed", [1, 2, 3]):
        with pytest.raises(ValueError, match="chance stream is not two whole numbers"):
            State.from_json({"players": 2, "cards": {"hands": [[], []], "pile": []}, "chance": bad})
