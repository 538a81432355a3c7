"""Search support (search issue 9.1): determinizations from a view alone (R18, R23), the trusted
apply path, cheap legal-membership tests, and copies that share nothing."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from woa_core.errors import IllegalAction
from woa_core.kernel.notation import parse_action
from woa_core.packs.west_of_africa.determinize import consistent_selections, determinize, selection_hand
from woa_core.packs.west_of_africa.game import Game
from woa_core.packs.west_of_africa.selection import card_sum
from woa_core.packs.west_of_africa.state import GameState
from woa_core.packs.west_of_africa.view import PlayerView
from woa_core.rules import load_rules


def _game(players: int, *lines: str, seed: int = 1) -> Game:
    game = Game(load_rules("west-of-africa", players), seed=seed)
    for line in lines:
        game.apply(parse_action(game.rules, line))
    return game


def test_r18_determinize_never_reveals_a_hidden_selection() -> None:
    """R18: two games that differ only in p3's hidden selection (same announced sum) look the
    same to p1, and every determinization built from p1's view is the same for both."""
    opening = ("p1 select move_workers", "p2 select move_ship")
    a = _game(3, *opening, "p3 select sell tenerife")  # sum 9
    b = _game(3, *opening, "p3 select found la_gomera move_workers")  # sum 9 too
    assert a.state.selection[2] != b.state.selection[2]
    view_a, view_b = a.observation(0), b.observation(0)
    assert view_a.to_json() == view_b.to_json()
    assert view_a.selection(2) == "hidden" and view_a.card_sum(2) == 9
    for seed in range(20):
        da = determinize(view_a, random.Random(seed))
        db = determinize(view_b, random.Random(seed))
        assert da == db
        assert card_sum(a.rules, da.selection[2]) == 9
        assert da.selection[0] == a.state.selection[0] and da.order == a.state.order
    samples = {tuple(determinize(view_a, random.Random(s)).selection[2]) for s in range(40)}
    assert len(samples) > 5  # sampled, not the truth


def test_determinized_games_play_on() -> None:
    """A determinization is a full game: play it to the end with random legal actions."""
    game = _game(4, "p1 select move_workers", "p2 select move_ship", "p3 select cultivate la_palma", "p4 select minus")
    rng = random.Random(2)
    copy = Game.determinize(game.observation(1), rng)
    while not copy.over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert copy.state.winner >= 0


def test_r7_hidden_selection_comes_from_the_hand_held_when_choosing() -> None:
    """R7, R23: a minus card passed to p2 this round was not in its hand when it chose."""
    game = _game(2, "p1 select minus move_workers", "p2 select sell tenerife")
    game.apply(parse_action(game.rules, "p1 place la_palma"))
    game.apply(parse_action(game.rules, "p1 end"))  # p1's minus card goes to p2
    minus = game.rules.card_id("minus")
    assert game.state.hand[1][minus] == 2
    view = game.observation(0)
    assert view.hidden(1) is False  # p2's turn has started: revealed
    before_turn = _game(2, "p1 select minus move_workers", "p2 select sell tenerife")
    hidden_view = before_turn.observation(0)
    assert selection_hand(hidden_view, 1)[minus] == 1
    assert all(c[minus] <= 1 for c in consistent_selections(hidden_view, 1))


def test_view_seeds_a_game_through_json() -> None:
    """A view written as JSON reads back and determinizes like the original."""
    game = _game(3, "p1 select move_workers", "p2 select move_ship")
    view = game.observation(0)
    again = PlayerView.from_json(game.rules, view.to_json())
    assert determinize(view, random.Random(1)) == determinize(again, random.Random(1))
    with pytest.raises(ValueError, match="not a woa player view"):
        PlayerView.from_json(game.rules, {"gold": [1]})


def test_a_peek_shows_what_an_observation_shows_and_hides_the_same() -> None:
    """Issue 18: search rollouts hand bots a view of the game's own state (``Game.peek``, no
    copy): it shows what a snapshot shows, hides the same selections, and determinizes alike."""
    game = _game(3, "p1 select move_workers", "p2 select move_ship")
    peek, snapshot = game.peek(2), game.observation(2)
    assert peek.to_json() == snapshot.to_json() and peek.selection(0) == "hidden"
    assert peek.visible_state() == snapshot.visible_state() and peek.visible_state().selection[0] is None
    assert determinize(peek, random.Random(4)) == determinize(snapshot, random.Random(4))
    assert peek.public_key() == snapshot.public_key()


def test_apply_legal_plays_exactly_like_apply() -> None:
    """The trusted path changes the state exactly as the checked one, for every action of
    random games at every player count."""
    for players in (2, 3, 4, 5):
        rng = random.Random(players)
        checked = Game(load_rules("west-of-africa", players), seed=players)
        trusted = checked.copy()
        while not checked.over:
            action = rng.choice(checked.legal_actions())
            checked.apply(action)
            trusted.apply_legal(action)
            assert trusted.state == checked.state
        assert not trusted.trusted


def test_checked_apply_still_refuses_after_trusted_play() -> None:
    game = _game(2)
    game.apply_legal(game.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="already selected"):
        game.apply((0, "select", game.card_counts("sell")))


def test_is_legal_agrees_with_the_legal_list() -> None:
    rng = random.Random(5)
    game = Game(load_rules("west-of-africa", 3), seed=5)
    cards = len(game.rules.cards)
    while not game.over:
        legal = game.legal_actions()
        p = legal[0][0]
        assert all(game.is_legal(a) for a in rng.sample(list(legal), min(5, len(legal))))
        odd = [(p, "select", tuple(rng.randint(0, 2) for _ in range(cards))), (p, "end"), (p, "done"), ("x",)]
        for action in odd:
            assert game.is_legal(action) == (action in legal)
        game.apply(rng.choice(legal))


def test_copy_shares_nothing() -> None:
    """A copy equals its original and changing any list in it leaves the original alone."""
    rng = random.Random(3)
    game = Game(load_rules("west-of-africa", 4), seed=3)
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions()))
    original = GameState.from_json(game.state.to_json())
    copy = game.state.copy()
    assert copy == game.state
    for f in fields(GameState):
        value = getattr(copy, f.name)
        _scribble(value)
    assert game.state == original


def _scribble(value: object) -> None:
    if isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, list | dict):
                _scribble(item)
            else:
                value[i] = 99
    elif isinstance(value, dict):
        for key in value:
            value[key] = 99
