"""Random games of Africa at 2-5 players, full and simple (hypothesis): while a game is not over a
seat decides and has a legal action; ``apply`` and ``apply_legal`` play a listed action alike; the
state round-trips through JSON and copies faithfully; tiles are conserved (africa-rulings §2, §4),
VP never decrease (A29), face-down tiles only fall (A11) and camps are conserved (A17, A20). The
turn cap is lowered so that games end by the cap (A31) or by the bonus (A24) within the drawn
choices. Swapping two face-down tiles never changes a view or a legal action (T20)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from woa_core.packs.africa.compiled import ANIMAL, NOMAD
from woa_core.packs.africa.game import Game, animal_targets, legal_relocate, nomad_targets, targets
from woa_core.packs.africa.invariants import INVARIANTS
from woa_core.packs.africa.state import State
from woa_core.rules import load_rules

SPECS = ("africa", "rules/variants/africa-simple.yaml")


@settings(max_examples=30)
@given(
    players=st.integers(2, 5),
    simple=st.booleans(),
    seed=st.integers(0, 2**32),
    cap=st.integers(5, 80),
    choices=st.lists(st.integers(0, 10**6), min_size=20, max_size=300),
)
def test_random_games_keep_every_invariant(players: int, simple: bool, seed: int, cap: int, choices: list[int]) -> None:
    rules = load_rules(SPECS[simple], players, overrides=[f"turn.max_turns={cap}"])
    game = Game(rules, seed=seed)
    prev = None
    for choice in choices:
        if game.over:
            assert game.deciders() == [] and game.legal_actions() == [] and game.state.ranking
            assert game.state.ended in ("bonus", "max_turns") and game.state.turns <= cap + 1
            break
        (seat,) = game.deciders()
        legal = game.legal_actions(seat)
        assert legal, f"no legal action at {rules.pack.where(game)}"
        down = [f for f, h in enumerate(game.state.hidden) if h >= 0]
        if len(down) > 1:  # T20: which unseen tile lies where changes no view and no legal action
            other = game.copy()
            a, b = down[choice % len(down)], down[(choice // 7) % len(down)]
            other.state.hidden[a], other.state.hidden[b] = other.state.hidden[b], other.state.hidden[a]
            assert other.legal_actions(seat) == legal
            assert other.observation(seat).to_json() == game.observation(seat).to_json()
        action = legal[choice % len(legal)]
        assert game.is_legal(action)
        twin = game.copy()
        twin.apply(action)
        prev = game.state.copy()
        game.apply_legal(action)
        assert twin.state == game.state
        data = json.loads(json.dumps(game.state.to_json()))
        assert State.from_json(data) == game.state and game.state.copy() == game.state
        for name, check in INVARIANTS.items():
            assert check(rules, game.state, prev) is None, name


@settings(max_examples=15)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 10**6), min_size=300, max_size=600),
)
def test_remembered_targets_are_the_boards(players: int, seed: int, choices: list[int]) -> None:
    """``targets`` remembers where animals and nomads may go until the board changes: at every
    step of a random game, a game that remembers lists what a fresh copy (which remembers
    nothing) lists, and each face-up animal's and nomad's targets are the pure functions'."""
    rules = load_rules("africa", players)
    game = Game(rules, seed=seed)
    for choice in choices:
        if game.over:
            break
        (seat,) = game.deciders()
        legal = game.legal_actions(seat)
        assert legal == game.copy().legal_actions(seat)
        tile = game.state.tile
        for f, face in enumerate(tile):
            if face >= 0 and rules.face_kind[face] in (ANIMAL, NOMAD):
                find = animal_targets if rules.face_kind[face] == ANIMAL else nomad_targets
                assert targets(game, f) == find(rules, tile, f)[1]
        game.apply_legal(legal[choice % len(legal)])


@settings(max_examples=15)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 10**6), min_size=300, max_size=600),
)
def test_remembered_relocations_are_the_rules(players: int, seed: int, choices: list[int]) -> None:
    """4.A, A6: ``legal_relocate`` keeps each seat's listing until the next reveal; at every step
    of a random game, for every seat, it lists exactly the start cities and then the revealed
    fields in the order of the reveals, less those an explorer stands on."""
    rules = load_rules("africa", players)
    game = Game(rules, seed=seed)
    for choice in choices:
        if game.over:
            break
        s = game.state
        for p in range(players):
            if min(s.at) >= 0:  # every explorer on the board (after the start cities are chosen)
                expected = [(p, "relocate", f) for f in (*rules.cities, *s.revealed) if f not in s.at]
                assert legal_relocate(game, p) == expected
        (seat,) = game.deciders()
        legal = game.legal_actions(seat)
        game.apply_legal(legal[choice % len(legal)])
