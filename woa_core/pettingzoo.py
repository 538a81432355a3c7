"""Any woa game as a PettingZoo AEC environment, for learning agents (extra ``pettingzoo``).

``env(players=4, rules="west-of-africa")`` is an ``AECEnv`` whose agents ``player_0``..
``player_{N-1}`` are the seats. Each agent observes a dict:

- ``observation``: a fixed-size ``float32`` vector of what that player may see: its pack's
  ``features`` of the player's view (West of Africa: R18, R23, never another player's hidden
  selection; Africa: never the face of a face-down tile, A23; see ``encode_view``);
- ``action_mask``: an ``int8`` vector over the fixed action space, 1 for each legal action.

The action space is ``Discrete(len(action_table(rules)))``: every action the compiled rules
allow anyone at any time, enumerated once from the pack's verbs and the values of their argument
kinds (``ArgKind.values``), without the player (``("sell", 3, 1)``); the mask says which are legal
now. Seats that choose at the same time (West of Africa's card selection) are played in seat
order, each seeing the others only as the game shows them. At the end the winners get reward +1
and everyone else -1.

>>> e = env(players=2)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) == len(e.unwrapped.game.legal_actions())
True
>>> e.step(int(obs["action_mask"].argmax()))

``policy_bot`` turns a policy (observation dict -> action index) into a woa bot, so a trained
agent plays in ``woa simulate`` and ``woa tournament`` like any other bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any, ClassVar

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "woa_core.pettingzoo needs the optional PettingZoo extra: pip install 'woa[pettingzoo]' "
        "(from a checkout: pip install '.[pettingzoo]')"
    ) from missing

from woa_core.defaults import DEFAULT_RULES
from woa_core.kernel.actions import Action
from woa_core.kernel.compiled import CompiledRules as Rules
from woa_core.kernel.contract import new_game
from woa_core.rules import load_rules

Key = tuple[Any, ...]
"""An action without its player: ``(verb, *args)``."""

LOW, HIGH = -10_000.0, 10_000.0
"""Observation bounds, far beyond any count, score or sum a game's features hold."""


# ------------------------------------------------------------------ the action space


def _domain(rules: Rules, kind: str) -> Sequence[Any]:
    """Every value an argument of ``kind`` can take under ``rules`` (``ArgKind.values``)."""
    values = rules.pack.arg_kinds[kind].values
    if values is None:
        raise ValueError(f"no action space for argument kind '{kind}': its ArgKind lists no values")
    return values(rules)


_TABLES: dict[tuple[str, int], tuple[tuple[Key, ...], dict[Key, int]]] = {}


def _table(rules: Rules) -> tuple[tuple[Key, ...], dict[Key, int]]:
    key = (rules.content_hash, rules.players)
    if key not in _TABLES:
        table: list[Key] = []
        for name, verb in rules.pack.verbs.items():
            table += [(name, *args) for args in product(*(_domain(rules, kind) for kind in verb.args))]
        _TABLES[key] = (tuple(table), {k: i for i, k in enumerate(table)})
    return _TABLES[key]


def action_table(rules: Rules) -> tuple[Key, ...]:
    """Every action of ``rules`` without its player, in a fixed order (the action space);
    computed once per ruleset and player count.

    >>> table = action_table(load_rules("west-of-africa", 4))
    >>> table[-2:], ("sell", 3, 1) in table
    ((('done',), ('end',)), True)
    """
    return _table(rules)[0]


def action_index(rules: Rules) -> dict[Key, int]:
    """The position of each action in ``action_table``."""
    return _table(rules)[1]


def legal_mask(rules: Rules, legal: Sequence[Action]) -> np.ndarray:
    """The action mask of a list of legal actions."""
    index = action_index(rules)
    mask = np.zeros(len(index), dtype=np.int8)
    for action in legal:
        i = index.get(tuple(action[1:]))
        if i is None:
            raise ValueError(f"legal action {tuple(action)!r} is missing from the action table")
        mask[i] = 1
    return mask


# ------------------------------------------------------------------ observations


def encode_view(view: Any) -> np.ndarray:
    """A player's view as a fixed-size vector: its pack's ``features`` (``Pack.features``).

    >>> v = encode_view(new_game(load_rules("west-of-africa", 3), seed=1).observation(0))
    >>> v.shape == (observation_size(load_rules("west-of-africa", 3)),), v.dtype
    (True, dtype('float32'))
    """
    features = view.rules.pack.features
    if features is None:
        raise ValueError(f"the rule pack {view.rules.pack.name} declares no features (Pack.features)")
    return np.asarray(features(view), dtype=np.float32)


def observation_size(rules: Rules) -> int:
    """The length of ``encode_view``'s vector under ``rules``."""
    return len(encode_view(new_game(rules, seed=0).observation(0)))


# ------------------------------------------------------------------ the environment


def env(players: int = 4, rules: str = DEFAULT_RULES, render_mode: str | None = None) -> AECEnv:
    """The environment with PettingZoo's usual checks wrapped around it (order enforcing); ``rules``
    as ``--rules`` takes them (a bundled name, a rules directory of any pack, a variant file)."""
    return wrappers.OrderEnforcingWrapper(raw_env(players, rules, render_mode))


class raw_env(AECEnv):
    """The unwrapped environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "woa_v0", "is_parallelizable": False}

    def __init__(self, players: int = 4, rules: str = DEFAULT_RULES, render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = load_rules(rules, players)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size, actions = observation_size(self.rules), len(action_table(self.rules))
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(LOW, HIGH, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.game = new_game(self.rules, seed=0)

    def observation_space(self, agent: str) -> spaces.Space:
        """The same space object for an agent every time."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete`` over the action table."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` makes the sequence of games reproducible."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = new_game(self.rules, seed=self._rng.randrange(2**48))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.game.deciders()[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation and, if it is to act, its action mask (else all zeros)."""
        seat = self.possible_agents.index(agent)
        deciding = not self.game.over and seat in self.game.deciders()
        legal = self.game.legal_actions(seat) if deciding else ()
        return {
            "observation": encode_view(self.game.observation(seat)),
            "action_mask": legal_mask(self.rules, legal),
        }

    def step(self, action: int | None) -> None:
        """Play action number ``action`` for the selected agent (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        key = action_table(self.rules)[int(action)]  # type: ignore[arg-type]
        self.game.apply((seat, *key))  # an illegal action is refused with the reason, state unchanged
        self._cumulative_rewards[agent] = 0.0
        if self.game.over:
            winners = set(self.rules.pack.winners(self.game))
            self.rewards = {a: 1.0 if i in winners else -1.0 for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.agents[self.game.deciders()[0]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game as text as the selected agent sees it (``render_mode="ansi"``: its pack's
        ``Drawing.text``, else where the game stands)."""
        if self.render_mode != "ansi":
            return None
        pack = self.rules.pack
        if pack.drawing is None:
            return pack.where(self.game)
        return pack.drawing.text(self.game, self.possible_agents.index(self.agent_selection))

    def close(self) -> None:
        """Nothing to release."""


# ------------------------------------------------------------------ a policy as a bot


def policy_bot(policy: Callable[[dict[str, np.ndarray]], int], name: str = "policy") -> type:
    """A woa bot class playing ``policy`` (observation dict -> action index), e.g. a trained network.

    >>> Greedy = policy_bot(lambda obs: int(obs["action_mask"].argmax()))
    >>> game = new_game(load_rules("west-of-africa", 2), seed=1)
    >>> Greedy(seed=1).choose(game.observation(0), game.legal_actions(0)) in game.legal_actions(0)
    True
    """

    class PolicyBot:
        kind = "learned"

        def __init__(self, seed: int, seat: int = 0, players: int = 2) -> None:
            self.name = name

        def choose(self, view: Any, legal: Sequence[Action]) -> Action:
            obs = {"observation": encode_view(view), "action_mask": legal_mask(view.rules, legal)}
            key = action_table(view.rules)[int(policy(obs))]
            for action in legal:
                if tuple(action[1:]) == key:
                    return action
            raise ValueError(f"the policy chose {key!r}, which is not legal now")

    PolicyBot.__name__ = PolicyBot.__qualname__ = f"PolicyBot_{name}"
    return PolicyBot
