"""Go West! as a PettingZoo environment (go-west-rulings §4, G23): PettingZoo's own API test at 2
and 4 players, masks that are exactly the legal actions, winners (several for a shared win, G21)
paid +1, and observations that never tell another hand, the pile's order or the chance stream."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from woa_core.kernel.features import feature_count
from woa_core.packs.go_west.hidden import resample_hidden
from woa_core.pettingzoo import action_table, encode_view, env
from woa_core.rules import load_rules


@pytest.mark.parametrize("players", [2, 4])
def test_go_west_passes_pettingzoos_api_test(players: int) -> None:
    e = env(players=players, rules="go-west")
    for agent in e.possible_agents:
        e.action_space(agent).seed(players)  # the test's random actions, reproducibly
    api_test(e, num_cycles=300)
    size = feature_count(load_rules("go-west", players))
    assert e.unwrapped.observation_space("player_0")["observation"].shape == (size,) == ({2: 323, 4: 399}[players],)


def test_a_whole_game_masks_exactly_the_legal_actions_and_pays_the_winners() -> None:
    """G26: the mask is the legal actions at every decision; G27: the winners get +1, the rest -1."""
    e = env(players=3, rules="go-west")
    e.reset(seed=4)
    rng = random.Random(4)
    game = e.unwrapped.game
    table = action_table(game.rules)
    steps, paid = 0, {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        assert e.observation_space(agent).contains(obs)
        if terminated or truncated:
            paid[agent] = reward
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        assert [seat] == game.deciders()
        legal = {tuple(a[1:]) for a in game.legal_actions(seat)}
        assert {table[i] for i in np.flatnonzero(obs["action_mask"])} == legal
        e.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
        steps += 1
    assert game.over and steps > 100 and game.state.ended
    won = set(game.rules.pack.winners(game))
    assert paid == {a: (1.0 if i in won else -1.0) for i, a in enumerate(e.possible_agents)}


def test_observations_never_tell_what_a_seat_may_not_see() -> None:
    """§4: the other hands and the pile dealt anew, the chance stream redrawn: each seat's
    observation is the same; two seats' observations differ (each sees its own hand)."""
    e = env(players=3, rules="go-west").unwrapped
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(150):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(list(np.flatnonzero(mask)))))
    game = e.game
    assert game.state.cards.reshuffles >= 1  # past the reshuffle boundary too
    for seat in range(3):
        other = type(game)(game.rules, state=resample_hidden(game, seat, random.Random(seat)))
        assert other.state.cards.hands != game.state.cards.hands and other.state.chance != game.state.chance
        assert np.array_equal(encode_view(game.observation(seat)), encode_view(other.observation(seat)))
    assert not np.array_equal(encode_view(game.observation(0)), encode_view(game.observation(1)))
