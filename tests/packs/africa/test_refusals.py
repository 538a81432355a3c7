"""issue 43.7: every Africa verb's refusal names the first condition the action fails, as the
verb's legality declares its conditions (``Listed.needs`` in ``woa_core.packs.africa.game``)."""

from __future__ import annotations

import random
from typing import Any, NoReturn

import pytest

from woa_core.errors import IllegalAction
from woa_core.kernel.contract import new_game
from woa_core.kernel.legality import Listed
from woa_core.kernel.notation import format_action, parse_action
from woa_core.packs.africa.game import STEP_VERBS, VERBS, Game
from woa_core.packs.africa.scenario import setup
from woa_core.rules import load_rules

AT_C = {"explorers": {"p1": "h02_06"}}
"""p1's explorer on C (h02_06): C+E is h02_07, C+2E h02_08, C+SE h03_06; D (h08_04) is far."""

WALKED = ["p1 walk h02_06"]

CASES: dict[tuple[str, int], tuple[dict[str, Any], list[str], str]] = {
    # (verb, index of the condition that fails first): (setup, steps before, the action refused)
    ("start", 0): ({}, ["p1 start tangier"], "p2 start tangier"),
    ("relocate", 0): (AT_C, [], "p1 relocate h02_06"),
    ("relocate", 1): (AT_C, [], "p1 relocate h03_06"),
    ("relocate", 2): ({"explorers": {"p1": "h02_06", "p2": "h02_07"}}, [], "p1 relocate h02_07"),
    ("walk", 0): (AT_C, [], "p1 walk h03_06"),
    ("walk", 1): ({"explorers": {"p1": "h02_06", "p2": "h02_07"}}, [], "p1 walk h02_07"),
    ("walk", 2): ({**AT_C, "fields": {"h08_04": "empty"}}, [], "p1 walk h08_04"),
    ("reveal", 0): (AT_C, WALKED, "p1 reveal h08_04"),
    ("reveal", 1): ({**AT_C, "fields": {"h02_07": "empty"}}, WALKED, "p1 reveal h02_07"),
    ("animal", 0): (AT_C, WALKED, "p1 animal h02_07 h08_04"),
    ("animal", 1): ({**AT_C, "fields": {"h08_03": "elephant", "h08_04": "empty"}}, WALKED, "p1 animal h08_03 h08_04"),
    ("animal", 2): ({**AT_C, "fields": {"h02_07": "elephant"}}, WALKED, "p1 animal h02_07 h02_08"),
    ("animal", 3): ({**AT_C, "fields": {"h02_07": "elephant", "h02_08": "empty"}}, WALKED, "p1 animal h02_07 h02_08"),
    ("nomad", 0): ({**AT_C, "fields": {"h02_07": "elephant"}}, WALKED, "p1 nomad h02_07 h08_04"),
    ("nomad", 1): ({**AT_C, "fields": {"h08_03": "nomad", "h08_04": "empty"}}, WALKED, "p1 nomad h08_03 h08_04"),
    ("nomad", 2): ({**AT_C, "fields": {"h02_07": "nomad"}}, WALKED, "p1 nomad h02_07 h02_08"),
    ("nomad", 3): (
        {**AT_C, "fields": {"h02_07": "nomad", "h02_08": "empty", "h01_07": "empty"}},
        WALKED,
        "p1 nomad h02_07 h02_08",
    ),
    # the case of issue 43.7: the field holds a tile and the player has camps
    ("camp", 0): ({**AT_C, "fields": {"h02_06": "gold_1"}}, WALKED, "p1 camp research"),
    ("camp", 1): ({**AT_C, "complete": True, "camps": {"p1": 0}}, WALKED, "p1 camp mine"),
    ("place", 0): (
        {**AT_C, "fields": {"h02_07": "down elephant", "h02_08": "elephant"}},
        [*WALKED, "p1 reveal h02_07"],
        "p1 place h03_06",
    ),
    ("place", 1): (
        {**AT_C, "fields": {"h02_07": "down elephant", "h02_08": "elephant", "h08_04": "empty"}},
        [*WALKED, "p1 reveal h02_07"],
        "p1 place h08_04",
    ),
}
SWAP = {**AT_C, "complete": True, "fields": {"h02_07": "down statue"}, "displays": {"p2": {"mask": 1, "clothing": 2}}}
for i, action in enumerate(("p1 swap p1 mask", "p1 swap p2 statue", "p1 swap p2 kettle", "p1 swap p2 clothing")):
    CASES[("swap", i)] = (SWAP, [*WALKED, "p1 reveal h02_07"], action)


def _fail(path: tuple[Any, ...], message: str) -> NoReturn:
    raise AssertionError(f"setup {path}: {message}")


def _position(given: dict[str, Any], steps: list[str]) -> Game:
    game = new_game(load_rules("africa", 2), seed=1)
    assert isinstance(game, Game)
    setup(game, given, _fail)
    for text in steps:
        game.apply(parse_action(game.rules, text))
    return game


def test_every_condition_of_every_verb_has_a_case() -> None:
    """issue 43.7: the walk below covers every declared condition of every verb."""
    declared = {(name, i) for name, verb in VERBS.items() for i in range(len(_listed(name).needs))}
    assert declared == set(CASES)
    assert all(_listed(name).needs for name in VERBS if name not in ("skip", "stay", "keep"))


def _listed(name: str) -> Listed:
    legality = VERBS[name].legality
    assert isinstance(legality, Listed)
    return legality


@pytest.mark.parametrize(("verb", "index"), sorted(CASES), ids=[f"{v}-{i}" for v, i in sorted(CASES)])
def test_the_refusal_names_the_first_failing_condition(verb: str, index: int) -> None:
    """issue 43.7: with every earlier condition met and this one not, the action is refused with
    this condition's sentence, the state unchanged, and it is not listed."""
    given, steps, text = CASES[(verb, index)]
    game = _position(given, steps)
    action = parse_action(game.rules, text)
    legality = _listed(verb)
    assert legality.failing(game, action[0], action[2:]) == index
    says = legality.needs[index].says
    expected = says if isinstance(says, str) else says(game, action[0], *action[2:])
    before = game.state.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert str(refused.value) == f"'{text}' is not possible now: {expected}"
    assert game.state.to_json() == before
    assert text not in {format_action(game.rules, a) for a in game.legal_actions()}


def test_camp_on_a_field_with_a_tile_names_the_field() -> None:
    """issue 43.7: the case of the issue: a tile on the field, camps in hand: the refusal says the
    field is not empty (A20), not that the player has no camp."""
    game = _position(*CASES[("camp", 0)][:2])
    with pytest.raises(IllegalAction) as refused:
        game.apply(parse_action(game.rules, "p1 camp research"))
    assert "h02_06, which is not empty: it holds a gold_1" in str(refused.value)
    assert "no camp" not in str(refused.value)


def _candidates(game: Game, rng: random.Random, name: str) -> list[tuple]:
    """The verb's listed actions, each with one argument changed at random, and a few at random."""
    p = game.deciders()[0]
    listed = [tuple(a) for a in _listed(name).legal(game, p)]
    kinds = VERBS[name].args
    sizes = {"field": len(game.rules.fields), "city": len(game.rules.cities), "purpose": 2}
    sizes |= {"player": game.state.players, "good": len(game.rules.goods)}
    out = list(listed)
    for action in listed[:10]:
        for k in range(len(kinds)):
            args = list(action[2:])
            args[k] = rng.randrange(sizes[kinds[k]])
            out.append((p, name, *args))
    for _ in range(10):
        out.append((p, name, *(rng.randrange(sizes[k]) for k in kinds)))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_conditions_hold_exactly_for_the_listed_actions(seed: int) -> None:
    """issue 43.7: in random games, an action meets every condition of its verb exactly when its
    verb lists it (so the first failing condition is the reason, and a listed action has none)."""
    rng = random.Random(seed)
    game = new_game(load_rules("africa", 3), seed=seed)
    assert isinstance(game, Game)
    checked = 0
    while not game.over and checked < 4000:
        names = [name for name in VERBS if _listed(name).legal in STEP_VERBS[game.state.step]]
        for name in names:
            listed = {tuple(a) for a in _listed(name).legal(game, game.deciders()[0])}
            for action in _candidates(game, rng, name):
                meets = _listed(name).failing(game, action[0], action[2:]) is None
                assert meets == (action in listed), (format_action(game.rules, action), game.state.step)
                checked += 1
        game.apply(rng.choice(list(game.legal_actions())))
    assert checked > 500
