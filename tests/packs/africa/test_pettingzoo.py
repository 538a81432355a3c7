"""Africa as a PettingZoo environment (issue 15, item 5; extra ``pettingzoo``): PettingZoo's own
API test at 2 and 4 players, masks that are exactly the legal actions, winners (several for a
shared win, A28) paid +1, observations that never tell a face-down tile (A23)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from woa_core.packs.africa.features import size
from woa_core.packs.africa.state import DOWN
from woa_core.pettingzoo import action_table, encode_view, env
from woa_core.rules import load_rules


@pytest.mark.parametrize("players", [2, 4])
def test_africa_passes_pettingzoos_api_test(players: int) -> None:
    e = env(players=players, rules="africa")
    for agent in e.possible_agents:
        e.action_space(agent).seed(players)  # the test's random actions, reproducibly
    api_test(e, num_cycles=300)
    assert e.unwrapped.observation_space("player_0")["observation"].shape == (size(load_rules("africa", players)),)


def test_a_whole_game_masks_exactly_the_legal_actions_and_pays_the_winners() -> None:
    e = env(players=2, rules="africa")
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
    assert game.over and steps > 100
    won = set(game.rules.pack.winners(game))
    assert paid == {a: (1.0 if i in won else -1.0) for i, a in enumerate(e.possible_agents)}


def test_observations_never_tell_a_face_down_tile() -> None:
    """The faces under the face-down tiles dealt anew: every seat's observation is the same."""
    e = env(players=3, rules="africa").unwrapped
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(60):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(list(np.flatnonzero(mask)))))
    game = e.game
    other = game.copy()
    down = [f for f, t in enumerate(other.state.tile) if t == DOWN]
    faces = [other.state.hidden[f] for f in down]
    random.Random(3).shuffle(faces)
    for f, face in zip(down, faces, strict=True):
        other.state.hidden[f] = face
    assert other.state.hidden != game.state.hidden
    for seat in range(3):
        assert np.array_equal(encode_view(game.observation(seat)), encode_view(other.observation(seat)))
    assert not np.array_equal(encode_view(game.observation(0)), encode_view(game.observation(1)))


def test_render_shows_the_map_as_text() -> None:
    e = env(players=2, rules="africa", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text.startswith("Africa · Setup: p1 chooses a city") and "░░░" in text and "Your decision (p1)" in text
