"""One legality definition per verb (issue 14): each verb's limits are declared once
(``woa_core.kernel.legality``), and the legal actions listed and the actions ``apply`` accepts
are the same set, position by position, over every argument a verb's kinds can take and some
that are no value of them at all."""

from __future__ import annotations

import itertools
import random

import pytest

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import Verb
from woa_core.kernel.contract import new_game
from woa_core.kernel.legality import Among, Legality, Limit, Part, Valid
from woa_core.packs.west_of_africa.actions import VERBS
from woa_core.rules import load_rules

NOT_VALUES = (-1, 99, "x", None)
"""Arguments that are no value of any kind: each verb's ``Valid`` entries refuse them."""


def _candidates(rules, verb: Verb) -> list[tuple]:
    """Every argument tuple of ``verb`` from its kinds' values, plus some that are no value."""
    spaces = []
    for kind in verb.args:
        values = list(rules.pack.arg_kinds[kind].values(rules))
        spaces.append(values + ([(), (1, 0), (0, 0, 0, 0, 0), "x"] if kind == "ships" else list(NOT_VALUES)))
    return list(itertools.product(*spaces))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_listed_actions_are_exactly_the_actions_apply_accepts(players: int) -> None:
    """At positions of random games, for every verb with a legality (every verb but select, done
    and end), an action is listed exactly when ``apply`` plays it; a refused one leaves the game
    as it was. Listing and checking are derived from one declaration, so they cannot drift
    apart: this holds them to it."""
    rules = load_rules("west-of-africa", players)
    verbs = [v for v in VERBS.values() if v.legality is not None]
    assert {v.name for v in verbs} == set(VERBS) - {"select", "done", "end"}
    candidates = {v.name: _candidates(rules, v) for v in verbs}
    rng = random.Random(players)
    checked = accepted = 0
    for seed in range(3):
        game = new_game(rules, seed)
        while not game.over:
            seat = game.deciders()[0]
            legal = game.legal_actions(seat)
            if game.state.step != "select" and rng.random() < 0.25:
                listed = set(legal)
                trials = [a for a in legal if a[1] in candidates]  # every listed one, and a sample of all
                for verb in verbs:
                    trials += [
                        (seat, verb.name, *args)
                        for args in rng.sample(candidates[verb.name], min(40, len(candidates[verb.name])))
                    ]
                for action in trials:
                    trial = game.copy()
                    try:
                        trial.apply(action)
                    except IllegalAction:
                        assert action not in listed, f"{action} is listed but refused"
                        assert trial.state == game.state
                    else:
                        assert action in listed, f"{action} is played but not listed"
                        accepted += 1
                    checked += 1
            game.apply_legal(rng.choice(legal))
    assert checked > 5000 and accepted > 50  # the positions offered both kinds


def test_a_refusal_names_the_first_limit_broken_and_the_listing_prunes_by_parts() -> None:
    """A tiny legality of a field within a region: the refusal reports its entries in their
    order; the listing walks the regions first and offers the fields their limits allow."""
    regions = {"north": (0, 1), "south": (2, 3)}
    taken = {1}

    def open_regions(game, p, fresh):
        return [name for name in regions if name != game["closed"]]

    def fields(game, p, fresh, region):
        return [f for f in regions[region] if f not in taken]

    rule = Legality(
        Valid(1, lambda game, f: f in range(4), lambda game, p, f: f"there is no field {f!r}"),
        Part(
            0, open_regions, lambda game, f: "north" if f < 2 else "south", lambda game, p, f: "that region is closed"
        ),
        Limit(0, lambda game, p, fresh: game["turns"] > 0, "no turns left"),
        Among(1, fields, lambda game, p, f: f"field {f} is taken"),
        Limit(2, lambda game, p, fresh, region, f: f != game["banned"], lambda game, p, f: f"field {f} is banned"),
    )
    game = {"closed": "south", "turns": 1, "banned": 0}
    assert rule.arity == 1
    assert rule.listing(game, 0, "plough") == []  # north: 0 banned, 1 taken; south closed
    assert [rule.refusal(game, 0, (f,)) for f in (7, 3, 1, 0)] == [
        "there is no field 7",
        "that region is closed",
        "field 1 is taken",
        "field 0 is banned",
    ]
    game = {"closed": "", "turns": 1, "banned": 0}
    assert rule.listing(game, 0, "plough") == [(0, "plough", 2), (0, "plough", 3)]
    assert rule.listing_at(game, 0, "plough", False, "south") == [(0, "plough", 2), (0, "plough", 3)]
    assert rule.refusal(game, 0, (3,)) is None
    assert rule.refusal({**game, "turns": 0}, 0, (3,)) == "no turns left"


def test_a_malformed_legality_is_refused_when_declared() -> None:
    choices = Among(0, lambda game, p, fresh: (), "no")
    with pytest.raises(ValueError, match="one Among or Part per level"):
        Legality(Among(1, lambda game, p, fresh, a: (), "no"))
    with pytest.raises(ValueError, match="just before the Among"):
        Legality(Part(0, lambda game, p, fresh: (), lambda game, a: a, "no"))
    with pytest.raises(ValueError, match="reads a level"):
        Legality(choices, Limit(2, lambda *a: True, "no"))
