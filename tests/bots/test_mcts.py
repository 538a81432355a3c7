"""The search bot (search issue 9.2): plays from its own view only, reproducibly by iterations,
with parameters from ``--bots``. Small budgets keep these fast."""

from __future__ import annotations

import pytest

from woa_core.bots import make_bots, seat_bots
from woa_core.bots.mcts import MctsBot
from woa_core.errors import UsageError
from woa_core.kernel.notation import parse_action
from woa_core.packs.west_of_africa.bots.search import evaluate
from woa_core.packs.west_of_africa.game import Game
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game


def _game(players: int, *lines: str) -> Game:
    game = Game(load_rules("west-of-africa", players), seed=2)
    for line in lines:
        game.apply(parse_action(game.rules, line))
    return game


def test_r18_search_sees_only_the_view() -> None:
    """R18: in two games differing only in p2's hidden selection (same announced sum), the bot
    deciding for p1 makes the same choice, with the same random state: it cannot use the secret."""
    a = _game(2, "p2 select sell tenerife", "p1 select move_workers cultivate la_palma")
    b = _game(2, "p2 select found la_gomera move_workers", "p1 select move_workers cultivate la_palma")
    assert a.state.selection[1] != b.state.selection[1]
    a.apply(parse_action(a.rules, "p1 place la_gomera"))
    b.apply(parse_action(b.rules, "p1 place la_gomera"))
    choices = []
    for game in (a, b):
        bot = MctsBot(5, seat=0, players=2, iterations=12, steps="all")
        choices.append(bot.choose(game.observation(0), game.legal_actions(0)))
    assert choices[0] == choices[1]


def test_same_seed_and_budget_same_choice() -> None:
    game = _game(3)
    picks = {MctsBot(9, 0, 3, iterations=10).choose(game.observation(0), game.legal_actions(0)) for _ in range(2)}
    assert len(picks) == 1 and next(iter(picks)) in game.legal_actions(0)


def test_candidate_selections_are_whole_plans() -> None:
    """Its selection candidates are distinct, legal plans (an island action always with an island card)."""
    game = _game(4)
    bot = MctsBot(1, 0, 4, candidates=5)
    legal = game.legal_actions(0)
    candidates = bot.candidate_actions(game.observation(0), legal)
    assert 2 <= len(candidates) <= 5 and len(set(candidates)) == len(candidates)
    r = game.rules
    for action in candidates:
        counts = action[2]
        assert action in legal
        if counts[r.card_id("cultivate")]:
            assert any(counts[c] for c in r.island_cards)


def test_parameters_from_the_command_line() -> None:
    specs = seat_bots("mcts:iterations=3,c=1.4,rollout=random,horizon=0,heuristic", 2)
    bot = make_bots(specs, seed=1)[0]
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.c, bot.horizon) == (3, 1.4, 0)
    with pytest.raises(UsageError, match="rollout must be one of heuristic, heuristic-fast, random, not 'smart'"):
        seat_bots("mcts:rollout=smart", 2)
    with pytest.raises(UsageError, match="has no parameter 'depth'"):
        seat_bots("mcts:depth=3", 2)


def test_plays_a_whole_game() -> None:
    record = play_game(load_rules("west-of-africa", 2), seed=4, bots=["mcts:iterations=3,rollout=random", "random"])
    assert record.winner in (0, 1) and record.decisions > 50


def test_evaluation_of_a_finished_game_is_the_result() -> None:
    game = _game(2)
    game.state.step = "over"
    game.state.winner = 1
    assert (evaluate(game, 0), evaluate(game, 1)) == (0.0, 1.0)
