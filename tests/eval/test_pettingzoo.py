"""The PettingZoo environment (extra ``pettingzoo``): PettingZoo's own API test, a fixed action
space covering every legal action, observations that never show a hidden selection (R18)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from woa_core.errors import IllegalAction
from woa_core.packs.west_of_africa import Game
from woa_core.pettingzoo import action_table, encode_view, env, policy_bot
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game


@pytest.mark.parametrize("players", [2, 4])
def test_the_environment_passes_pettingzoos_api_test(players: int) -> None:
    e = env(players=players)
    for agent in e.possible_agents:
        e.action_space(agent).seed(players)  # the test's random actions, reproducibly
    api_test(e, num_cycles=300)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_a_whole_game_masks_exactly_the_legal_actions_and_pays_the_winner(players: int, seed: int) -> None:
    e = env(players=players)
    e.reset(seed=seed)
    rng = random.Random(seed)
    game = e.unwrapped.game
    table = action_table(game.rules)
    size = e.observation_space("player_0")["observation"].shape
    steps = 0
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _ = e.last()
        assert obs["observation"].shape == size
        assert e.observation_space(agent).contains(obs)
        if terminated or truncated:
            e.step(None)
            continue
        legal = {tuple(a[1:]) for a in game.legal_actions(e.possible_agents.index(agent))}
        assert {table[i] for i in np.flatnonzero(obs["action_mask"])} == legal
        e.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert game.over and steps > 50
    winner = f"player_{game.state.winner}"
    assert winner in e.possible_agents


def test_the_winner_gets_plus_one_and_the_others_minus_one() -> None:
    e = env(players=3).unwrapped
    e.reset(seed=5)
    rng = random.Random(5)
    while not e.game.over:
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(list(np.flatnonzero(mask)))))
    winner = e.game.state.winner
    assert e.rewards == {a: (1.0 if i == winner else -1.0) for i, a in enumerate(e.possible_agents)}
    assert all(e.terminations.values())


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env(players=2).unwrapped
    e.reset(seed=1)
    before = e.game.state.to_json()
    sell = action_table(e.rules).index(("sell", 3, 1))
    with pytest.raises(IllegalAction):
        e.step(sell)
    assert e.game.state.to_json() == before


def test_observations_never_show_a_hidden_selection() -> None:
    """R18: what p1 sees is the same whatever p2 has secretly selected."""
    rules = load_rules("west-of-africa", 3)
    seen = set()
    for cards in (("sell", "tenerife"), ("found", "minus"), ("move_ship",)):
        game = Game(rules, seed=4)
        game.apply((1, "select", game.card_counts(*cards)))
        seen.add(encode_view(game.observation(0)).tobytes())
    assert len(seen) == 1
    # ... but the player's own selection shows
    game = Game(rules, seed=4)
    before = encode_view(game.observation(1))
    game.apply((1, "select", game.card_counts("sell")))
    assert not np.array_equal(before, encode_view(game.observation(1)))


def test_a_policy_plays_as_a_bot_in_simulations() -> None:
    first_legal = policy_bot(lambda obs: int(np.flatnonzero(obs["action_mask"])[0]), name="first")
    import sys
    import types

    module = types.ModuleType("woa_test_policy")
    module.FirstLegal = first_legal  # type: ignore[attr-defined]
    sys.modules["woa_test_policy"] = module
    record = play_game(load_rules("west-of-africa", 2), seed=3, bots=["woa_test_policy:FirstLegal", "random"])
    assert record.figures["rounds"] >= 1 and record.winner in (0, 1)


def test_the_readme_random_agent_plays_a_game_to_the_end() -> None:
    import contextlib
    import io
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)  # the README's examples, moved to the site
    random_agent = next(b for b in blocks if "agent_iter" in b)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(random_agent, "docs/python.md", "exec"), {})
    assert re.fullmatch(r"winner: [012]\n", out.getvalue())
    policy = next(b for b in blocks if "policy_bot" in b)
    namespace: dict = {}
    exec(compile(policy, "docs/python.md", "exec"), namespace)
    record = play_game(load_rules("west-of-africa", 2), seed=1, bots=["random", "random"])
    assert record.winner in (0, 1)
    bot = namespace["TrainedBot"](seed=1)
    game = Game(load_rules("west-of-africa", 3), seed=2)
    assert bot.choose(game.observation(0), game.legal_actions(0)) in game.legal_actions(0)
