"""Hypothesis strategies for rule checkers: player counts, rule variants, games.

Needs ``hypothesis`` (the ``test`` extra). Examples::

    from hypothesis import given
    from woa_core.check import strategies as ws

    @given(ws.games())
    def test_gold_stays_in_range(game):
        assert all(0 <= g <= game.rules.gold_cap for g in game.state.gold)

A game is drawn as a player count, a seed and a list of choices (choice ``c`` plays legal action
``c % len(legal)``), so failing games shrink to few, early, simple choices.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from woa_core.engine import Game
from woa_core.errors import RulesError
from woa_core.rules import Rules, load_rules
from woa_core.rules.compile import compile_rules, content_hash
from woa_core.rules.resolve import for_players, resolve
from woa_core.rules.source import Located
from woa_core.rules.validate import schema_problems, semantic_problems

DEFAULT = "west-of-africa"

# Numbers a designer tunes, as paths into the resolved document, with a range to draw from
# (within what the schemas allow and what keeps a game playable).
TUNABLE: dict[tuple[str, ...], tuple[int, int]] = {
    ("economy", "gold", "start"): (0, 30),
    ("economy", "gold", "cap"): (20, 80),
    ("economy", "selection", "max_cards"): (2, 6),
    ("economy", "selection", "free_cards"): (1, 5),
    ("economy", "selection", "extra_card_cost"): (0, 8),
    ("economy", "cultivation", "cost"): (0, 6),
    ("economy", "cultivation", "worker_discount"): (0, 3),
    ("economy", "settlement", "vp"): (0, 6),
    ("economy", "workers", "action_points"): (0, 6),
    ("economy", "ship", "range"): (0, 5),
    ("economy", "ship", "capacity"): (0, 5),
    ("economy", "alcalde", "influence", "good"): (0, 3),
    ("economy", "alcalde", "influence", "worker"): (0, 4),
    ("economy", "alcalde", "influence", "ship"): (0, 4),
    ("economy", "alcalde", "vp"): (0, 3),
    ("economy", "game_end", "vp_threshold"): (5, 40),
    ("economy", "game_end", "extra_rounds"): (0, 2),
    ("economy", "final_scoring", "gold_per_vp"): (1, 20),
    ("board", "regions", "west", "price"): (0, 15),
    ("board", "regions", "center", "price"): (0, 15),
    ("board", "regions", "east", "price"): (0, 20),
}


def player_counts(spec: str = DEFAULT) -> st.SearchStrategy[int]:
    """The player counts the rules support."""
    return st.sampled_from(list(resolve(spec).located.data["players"]["counts"]))


@st.composite
def rule_variants(draw: st.DrawFn, spec: str = DEFAULT, players: int | None = None) -> Rules:
    """Compiled rules with some tunable numbers perturbed (only valid variants are kept)."""
    doc = resolve(spec)
    data = copy.deepcopy(doc.located.data)
    paths = draw(st.lists(st.sampled_from(sorted(TUNABLE)), max_size=6, unique=True))
    for path in paths:
        low, high = TUNABLE[path]
        node: Any = data
        for key in path[:-1]:
            node = node.get(key, {})
        if path[-1] in node:
            node[path[-1]] = draw(st.integers(low, high))
    n = players if players is not None else draw(st.sampled_from(data["players"]["counts"]))
    located = Located(data, doc.located.positions, doc.located.key_positions)
    assume(not schema_problems(located) and not semantic_problems(located))
    doc.located = located
    try:
        resolved = for_players(doc, n)
    except RulesError:
        assume(False)
    assume(not semantic_problems(resolved, n))
    return compile_rules(f"{doc.name}~perturbed", resolved.data, n, content_hash(data))


def choices(max_size: int = 400) -> st.SearchStrategy[list[int]]:
    """Choice lists: each picks one legal action (modulo their number)."""
    return st.lists(st.integers(min_value=0, max_value=2**16), max_size=max_size)


@st.composite
def games(
    draw: st.DrawFn,
    spec: str = DEFAULT,
    rules: st.SearchStrategy[Rules] | None = None,
    max_actions: int = 400,
) -> Game:
    """A game played from its start by drawn choices (not necessarily to its end)."""
    compiled = draw(rules) if rules is not None else load_rules(spec, draw(player_counts(spec)))
    game = Game(compiled, seed=draw(st.integers(0, 2**31)))
    for c in draw(choices(max_actions)):
        if game.over:
            break
        legal = game.legal_actions()
        game.apply(legal[c % len(legal)])
    return game
