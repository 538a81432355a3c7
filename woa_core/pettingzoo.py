"""West of Africa as a PettingZoo AEC environment, for learning agents (extra ``pettingzoo``).

``env(players=4)`` is an ``AECEnv`` whose agents ``player_0``..``player_{N-1}`` are the seats.
Each agent observes a dict:

- ``observation``: a fixed-size ``float32`` vector of what that player may see (R18, R23: the
  view, never another player's hidden selection; see ``encode_view``);
- ``action_mask``: an ``int8`` vector over the fixed action space, 1 for each legal action.

The action space is ``Discrete(len(action_table(rules)))``: every action the compiled rules
allow anyone at any time, enumerated once from the verbs' declared argument kinds, without the
player (``("sell", 3, 1)``); the mask says which are legal now. The simultaneous card selection
is played in seat order, each player seeing the others only as "chosen" (as in the engine). At
the end the winner gets reward +1 and everyone else -1.

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
from itertools import combinations_with_replacement, product
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
from woa_core.packs.west_of_africa import Game
from woa_core.packs.west_of_africa.actions import ACTIONS, VERBS
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.game import Action
from woa_core.packs.west_of_africa.selection import selections
from woa_core.packs.west_of_africa.state import VP_SOURCES
from woa_core.packs.west_of_africa.view import PlayerView
from woa_core.rules import load_rules

Key = tuple[Any, ...]
"""An action without its player: ``(verb, *args)``."""

STEPS = ("select", "place", "main", *ACTIONS, "displace", "retreat", "over")
"""Every kind of pending decision (``Game.step``), for the one-hot step in observations."""

LOW, HIGH = -10_000.0, 10_000.0
"""Observation bounds, far beyond any count, VP or card sum (a sum with the minus card can be
negative); -1 marks nobody or unknown, -2 a neutral settlement."""


# ------------------------------------------------------------------ the action space


def _domain(rules: Rules, kind: str) -> list[Any]:
    """Every value an argument of ``kind`` can take under ``rules``."""
    n_islands = len(rules.islands)
    if kind == "cards":
        most = tuple(rules.players if c in rules.passing_cards else 1 for c in range(len(rules.cards)))
        return list(selections(most, rules.min_cards, rules.max_cards))
    if kind == "island":
        return list(range(n_islands))
    if kind == "location":
        return list(range(n_islands + len(rules.worker_ships)))
    if kind == "good":
        return list(range(len(rules.goods)))
    if kind == "player":
        return list(range(rules.players))
    if kind == "ships":
        ships = range(len(rules.worker_ships))
        return [c for n in range(1, sum(rules.start_workers) + 1) for c in combinations_with_replacement(ships, n)]
    if kind == "field":
        return [g for g, s in enumerate(rules.spaces) if s.group == g and s.good >= 0]
    if kind == "settlement_space":
        return [g for g, s in enumerate(rules.spaces) if s.group == g and s.cost >= 0]
    raise ValueError(f"no action space for argument kind '{kind}'")


_TABLES: dict[tuple[str, int], tuple[tuple[Key, ...], dict[Key, int]]] = {}


def _table(rules: Rules) -> tuple[tuple[Key, ...], dict[Key, int]]:
    key = (rules.content_hash, rules.players)
    if key not in _TABLES:
        table: list[Key] = []
        for name, verb in VERBS.items():
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

_FIXED = (
    "round",
    "last_round",
    "turn",
    "gold",
    "gold_time",
    "vp",
    "hand",
    "supply",
    "crop",
    "settlement",
    "warehouse",
    "workers",
    "ship",
    "alcalde",
    "track",
    "reserve",
    "points",
    "ship_from",
    "loaded",
    "cargo",
    "helpers",
    "planted",
    "displaced",
    "winner",
)
"""View fields of fixed shape, flattened as they are."""


def _flat(value: Any, out: list[float]) -> None:
    if isinstance(value, list | tuple):
        for v in value:
            _flat(v, out)
    elif value is None:
        out.append(-1.0)
    else:
        out.append(float(value))


def encode_view(view: PlayerView) -> np.ndarray:
    """A player's view as a fixed-size vector: the public state's numbers, then who the player
    is, the step, the actions used and under way, the round's order, others' selections where
    revealed (with flags for chosen-but-hidden), the announced card sums, the final ranking.

    >>> v = encode_view(Game(load_rules("west-of-africa", 3), seed=1).observation(0))
    >>> v.shape == (observation_size(load_rules("west-of-africa", 3)),), v.dtype
    (True, dtype('float32'))
    """
    rules = view.rules
    n = view.players
    out: list[float] = []
    for name in _FIXED:
        _flat(getattr(view, name), out)
    for per_player in view.vp_from:
        out += [float(per_player.get(source, 0)) for source in VP_SOURCES]
    out += [1.0 if p == view.player else 0.0 for p in range(n)]
    out += [1.0 if view.step == s else 0.0 for s in STEPS]
    out += [1.0 if a in view.used else 0.0 for a in ACTIONS]
    under_way = getattr(view, "action", "")
    out += [1.0 if a == under_way else 0.0 for a in ACTIONS]
    out += [float(p) for p in view.order] + [-1.0] * (n - len(view.order))
    out += [float(p) for p in view.ranking] + [-1.0] * (n - len(view.ranking))
    options = set(view.options)
    out += [1.0 if i in options else 0.0 for i in range(max(n, len(rules.islands)))]
    for ships in getattr(view, "helper_ships", [[] for _ in rules.islands]):
        out += [float(sum(1 for s in ships if s == w)) for w in range(len(rules.worker_ships))]
    for p in range(n):
        selection = view.selection(p)
        chosen = selection is not None
        visible = isinstance(selection, list | tuple)
        out += [1.0 if chosen else 0.0, 1.0 if chosen and not visible else 0.0]
        out += [float(c) for c in selection] if visible else [0.0] * len(rules.cards)  # type: ignore[union-attr]
        total = view.card_sum(p)
        out.append(float(total) if total is not None else -1.0)
    return np.asarray(out, dtype=np.float32)


def observation_size(rules: Rules) -> int:
    """The length of ``encode_view``'s vector under ``rules``."""
    return len(encode_view(Game(rules, seed=0).observation(0)))


# ------------------------------------------------------------------ the environment


def env(players: int = 4, rules: str = DEFAULT_RULES, render_mode: str | None = None) -> AECEnv:
    """The environment with PettingZoo's usual checks wrapped around it (order enforcing)."""
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
        self.game = Game(self.rules, seed=0)

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
        self.game = Game(self.rules, seed=self._rng.randrange(2**48))
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
            winner = self.game.state.winner
            self.rewards = {a: 1.0 if i == winner else -1.0 for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.agents[self.game.deciders()[0]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        from woa_core.packs.west_of_africa.draw.render import render

        return render(self.game, self.possible_agents.index(self.agent_selection))

    def close(self) -> None:
        """Nothing to release."""


# ------------------------------------------------------------------ a policy as a bot


def policy_bot(policy: Callable[[dict[str, np.ndarray]], int], name: str = "policy") -> type:
    """A woa bot class playing ``policy`` (observation dict -> action index), e.g. a trained network.

    >>> Greedy = policy_bot(lambda obs: int(obs["action_mask"].argmax()))
    >>> game = Game(load_rules("west-of-africa", 2), seed=1)
    >>> Greedy(seed=1).choose(game.observation(0), game.legal_actions(0)) in game.legal_actions(0)
    True
    """

    class PolicyBot:
        kind = "learned"

        def __init__(self, seed: int, seat: int = 0, players: int = 2) -> None:
            self.name = name

        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            obs = {"observation": encode_view(view), "action_mask": legal_mask(view.rules, legal)}
            key = action_table(view.rules)[int(policy(obs))]
            for action in legal:
                if tuple(action[1:]) == key:
                    return action
            raise ValueError(f"the policy chose {key!r}, which is not legal now")

    PolicyBot.__name__ = PolicyBot.__qualname__ = f"PolicyBot_{name}"
    return PolicyBot
