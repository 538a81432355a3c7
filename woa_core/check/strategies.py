"""Hypothesis strategies for rule checkers of any rule pack: player counts, rule variants, games.

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

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import RulesError
from woa_core.kernel import loop
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.contract import Game, new_game
from woa_core.kernel.loop import Choices
from woa_core.kernel.pack import Pack
from woa_core.rules import load_rules
from woa_core.rules.digest import content_hash
from woa_core.rules.resolve import for_players, resolve
from woa_core.rules.source import Located
from woa_core.rules.validate import schema_problems, schema_validator, semantic_problems

DEFAULT = DEFAULT_RULES

NOT_TUNED = ("ruleset", "players")
"""Sections of every ruleset that hold no number a designer tunes (names, player counts)."""


def tunables(spec: str = DEFAULT) -> tuple[tuple[str, ...], ...]:
    """The numbers a designer tunes in the rules ``spec`` names, as paths into the resolved
    document: the pack's ``Pack.tunables``, or else every integer of its rules files outside
    lists (and outside ``ruleset.yaml`` and ``players.yaml``).

    >>> tunables()[:2]
    (('economy', 'gold', 'start'), ('economy', 'gold', 'cap'))
    """
    doc = resolve(spec)
    if doc.pack.tunables:
        return doc.pack.tunables
    found: list[tuple[str, ...]] = []

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, int) and not isinstance(node, bool):
            found.append(path)

    for section, node in doc.located.data.items():
        if section not in NOT_TUNED:
            walk(node, (section,))
    return tuple(found)


def schema_range(path: tuple[str, ...], value: int, pack: Pack | None = None) -> tuple[int, int]:
    """The range to draw a tunable number from: its schema's minimum (and maximum, if any),
    else up to twice its bundled value (``pack``: the rules' pack, default the bundled game's).

    >>> schema_range(("economy", "gold", "cap"), 45)
    (1, 90)
    """
    node = schema_validator(path[0], pack or resolve(DEFAULT).pack).schema
    root = node
    for key in path[1:]:
        node = _deref(root, node)
        node = node.get("properties", {}).get(key) or node.get("additionalProperties") or {}
    node = _deref(root, node)
    low = node.get("minimum", 0)
    high = node.get("maximum", max(low + 5, 2 * value))
    return low, high


def _deref(root: dict, node: dict) -> dict:
    while "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def player_counts(spec: str = DEFAULT) -> st.SearchStrategy[int]:
    """The player counts the rules support."""
    return st.sampled_from(list(resolve(spec).located.data["players"]["counts"]))


@st.composite
def rule_variants(draw: st.DrawFn, spec: str = DEFAULT, players: int | None = None) -> CompiledRules:
    """Compiled rules (of any pack) with some of their ``tunables`` drawn within their schema's
    ranges (only variants that pass every check are kept)."""
    doc = resolve(spec)
    pack = doc.pack
    data = copy.deepcopy(doc.located.data)
    paths = draw(st.lists(st.sampled_from(tunables(spec)), max_size=6, unique=True))
    for path in paths:
        node: Any = data
        for key in path[:-1]:
            node = node.get(key, {})
        if isinstance(node.get(path[-1]), int):
            low, high = schema_range(path, node[path[-1]], pack)
            node[path[-1]] = draw(st.integers(low, high))
    n = players if players is not None else draw(st.sampled_from(data["players"]["counts"]))
    located = Located(data, doc.located.positions, doc.located.key_positions)
    assume(not schema_problems(located, pack) and not semantic_problems(located, pack))
    doc.located = located
    try:
        resolved = for_players(doc, n)
    except RulesError:
        assume(False)
    assume(not semantic_problems(resolved, pack, n))
    return pack.compile(f"{doc.name}~perturbed", resolved.data, n, content_hash(data))


def choices(max_size: int = 400) -> st.SearchStrategy[list[int]]:
    """Choice lists: each picks one legal action (modulo their number)."""
    return st.lists(st.integers(min_value=0, max_value=2**16), max_size=max_size)


@st.composite
def games(
    draw: st.DrawFn,
    spec: str = DEFAULT,
    rules: st.SearchStrategy[CompiledRules] | None = None,
    max_actions: int = 400,
) -> Game:
    """A game (of any pack) played from its start by drawn choices (not necessarily to its end)."""
    compiled = draw(rules) if rules is not None else load_rules(spec, draw(player_counts(spec)))
    game = new_game(compiled, seed=draw(st.integers(0, 2**31)))
    loop.run(game, Choices(draw(choices(max_actions))))
    return game
