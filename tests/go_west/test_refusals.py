"""Go West!'s refusals (woa_core/packs/go_west/refusals.py): the likely wrong actions are refused
with a sentence naming the rule (5.1-5.4, 6.0, G5, G7, G9, G12, G17, G26), the state unchanged;
any other illegal action gets the kernel's list of what is possible now, the state unchanged too."""

from __future__ import annotations

import random
from typing import Any, NoReturn

import pytest

from woa_core.errors import IllegalAction
from woa_core.kernel.contract import new_game
from woa_core.kernel.notation import parse_action
from woa_core.packs.go_west.game import Game
from woa_core.packs.go_west.refusals import refusal
from woa_core.packs.go_west.scenario import setup
from woa_core.rules import read_rules


def _fail(path: tuple[Any, ...], message: str) -> NoReturn:
    raise AssertionError(f"setup {path}: {message}")


def _position(given: dict[str, Any], steps: list[str], overrides: tuple[str, ...] = (), players: int = 2) -> Game:
    game = new_game(read_rules("go-west", overrides).compile(players), seed=1)
    assert isinstance(game, Game)
    setup(game, given, _fail)
    for text in steps:
        game.apply(parse_action(game.rules, text))
    return game


SINGLE = {"token": {"R": "spent"}}
A51 = {**SINGLE, "hands": {"R": ["A51"]}, "supply": {"R": 2}}  # West "+1", 3 wagons, cost 5
A10 = {**SINGLE, "hands": {"R": ["A10", "A01"]}}  # East "+1", 1 wagon, cost 3
A55 = {**SINGLE, "hands": {"R": ["A55", "A01"]}, "wagons": [10, 5, 3, 1, 1]}  # no region, 3 wagons
SHORT = ("turn.vp_payment=shortfall",)
REQUIRED = ("turn.double_second_action=required",)

CASES: dict[str, tuple[dict[str, Any], list[str], str, str, tuple[str, ...]]] = {
    # name: (setup, steps before, the action refused, its sentence, overrides)
    "wrong step, at the declaration (6.0)": (
        {},
        [],
        "p1 score",
        "'score' is not possible now: p1's turn begins with the double-move decision: double or single (6.0, G17)",
        (),
    ),
    "wrong step, steps due (5.1, G7)": (
        A55,
        ["p1 play A55"],
        "p1 sell A01",
        "'sell' is not possible now: p1 has 3 wagon step(s) of A55 to make: step REGION (5.1, G7)",
        (),
    ),
    "wrong step, a payment due (G9)": (
        A51,
        ["p1 play A51"],
        "p1 step NE",
        "'step' is not possible now: p1 is to choose the VP part of the cost 5: pay 3 to pay 5 (5.4, G9)",
        (),
    ),
    "wrong step, the +1 disc due (G5)": (
        A10,
        ["p1 play A10"],
        "p1 step NE",
        "'step' is not possible now: p1 is to place the +1 card's second disc: also REGION (5.1, G5)",
        (),
    ),
    "wrong step, an action due (5.0)": (
        SINGLE,
        [],
        "p1 also GP",
        "'also' is not possible now: p1 is to take an action: play, sell or score (5.0)",
        (),
    ),
    "a card not in hand (5.1)": (
        {**SINGLE, "hands": {"R": ["A01", "A02", "A03", "A04", "A05", "A06", "A07"]}},
        [],
        "p1 play A34",
        "p1 holds no card like A34 (hand: A01, A02, A03, A04, A05, A06, A07; 5.1)",
        (),
    ),
    "a card not in hand, sold (5.3)": (
        {**SINGLE, "hands": {"R": ["A01", "A02", "A03", "A04", "A05", "A06", "A07"]}},
        [],
        "p1 sell A52",
        "p1 holds no card like A52 (hand: A01, A02, A03, A04, A05, A06, A07; 5.3)",
        (),
    ),
    "a card dearer than discs and VP (5.4)": (
        {**A51, "vp": {"R": 2}},
        [],
        "p1 play A51",
        "A51 costs 5: p1 has 2 discs and 2 VP (5.4)",
        (),
    ),
    "a scoring dearer than discs and VP (5.4)": (
        {**SINGLE, "used": {"R": 3}, "supply": {"R": 4}, "vp": {"R": 5}},
        [],
        "p1 score",
        "p1's scoring card 4 costs 10: p1 has 4 discs and 5 VP (5.4)",
        (),
    ),
    "no scoring card left (G12)": (
        {**SINGLE, "used": {"R": 6}},
        [],
        "p1 score",
        "p1 has used all 6 scoring cards: no scoring is left to trigger (G12)",
        (),
    ),
    "pay less VP than the discs leave (G9)": (
        {**A51, "vp": {"R": 10}},
        ["p1 play A51"],
        "p1 pay 2",
        "p1's 2 discs cannot pay 3 of the cost 5: at least 3 in VP (G9)",
        (),
    ),
    "pay more VP than held (5.4)": (
        {**A51, "vp": {"R": 4}},
        ["p1 play A51"],
        "p1 pay 5",
        "p1 has 4 VP, fewer than 5: VP never go below 0 (5.4, G9)",
        (),
    ),
    "pay more VP than the cost (G9)": (
        {**A51, "vp": {"R": 10}},
        ["p1 play A51"],
        "p1 pay 6",
        "the cost is 5: at most 5 of it in VP (G9)",
        (),
    ),
    "pay when the discs paid (G9)": (
        {**A55, "vp": {"R": 10}},
        ["p1 play A55"],
        "p1 pay 2",
        "VP pay only the part of a cost the discs in supply cannot (5.4, G9): p1 has 3 wagon step(s) of A55 to make: "
        "step REGION (5.1, G7)",
        (),
    ),
    "pay under shortfall (G9)": (
        {**A51, "vp": {"R": 10}},
        ["p1 play A51"],
        "p1 pay 5",
        "under vp_payment: shortfall the payment is no choice: every disc, then the rest in VP (G9)",
        SHORT,
    ),
    "the +1 disc into the printed block (G5)": (
        A10,
        ["p1 play A10"],
        "p1 also E",
        "the +1 card's second disc goes into a block other than the printed E (5.1, G5)",
        (),
    ),
    "a step east of the last (G26)": (
        A55,
        ["p1 play A55", "p1 step E"],
        "p1 step NE",
        "NE lies east of the last step's E: the steps go east to west (G26)",
        (),
    ),
    "a step from an empty region (G7)": (
        {**SINGLE, "hands": {"R": ["A55"]}},
        ["p1 play A55"],
        "p1 step E",
        "E holds no wagon (5.1, G7)",
        (),
    ),
    "a step the remaining steps cannot follow (G7, G26)": (
        A55,
        ["p1 play A55"],
        "p1 step W",
        "the wagons from W west can take only 1 step, not the 3 still due (5.1, G7, G26)",
        (),
    ),
    "stop under required (G17)": (
        {"hands": {"R": ["A01"]}},
        ["p1 double", "p1 sell A01"],
        "p1 stop",
        "under double_second_action: required a declared turn has two actions: no stop (G17)",
        REQUIRED,
    ),
    "stop without a declaration (G17)": (
        {},
        ["p1 single"],
        "p1 stop",
        "stop ends a double move after its first action: p1 has declared none (G17)",
        (),
    ),
    "stop before the first action (G17)": (
        {},
        ["p1 double"],
        "p1 stop",
        "stop comes after the double move's first action, not before it (G17)",
        (),
    ),
    "double with a spent token (6.0, G17)": (
        SINGLE,
        [],
        "p1 double",
        "p1's double-move token is spent: all come back when no player holds one (6.0, G17)",
        (),
    ),
    "double after the first action (6.0, G17)": (
        {"hands": {"R": ["A01"]}},
        ["p1 double", "p1 sell A01"],
        "p1 double",
        "a double move is declared only as the first decision of a turn (6.0, G17): p1 is to take an action: play, "
        "sell or score, or stop (5.0)",
        (),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_each_refusal_names_the_rule_and_changes_nothing(name: str) -> None:
    given, steps, text, sentence, overrides = CASES[name]
    game = _position(given, steps, overrides)
    action = parse_action(game.rules, text)
    assert action not in game.legal_actions()
    assert refusal(game, action) == sentence
    before = game.state.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert str(refused.value) == sentence
    assert game.state.to_json() == before


def test_anything_else_is_the_kernels() -> None:
    """Another seat's action, or any action once the game is over: None, and the kernel says why."""
    game = _position({}, [])
    assert refusal(game, (1, "single")) is None
    with pytest.raises(IllegalAction, match="it is p1's decision, not p2's"):
        game.apply((1, "single"))
    over = _position({**SINGLE, "wagons": [0, 1, 0, 0, 19], "hands": {"R": ["A53"]}}, ["p1 play A53", "p1 step E"])
    assert over.over and refusal(over, (1, "single")) is None


def _every_action(game: Game, seat: int) -> list[tuple[object, ...]]:
    """Every action of ``seat`` the notation can write (each verb with each of its values)."""
    r = game.rules
    out: list[tuple[object, ...]] = []
    for verb in game.rules.pack.verbs.values():
        kinds = [r.pack.arg_kinds[k].values(r) for k in verb.args]
        out += [(seat, verb.name, v) for v in kinds[0]] if kinds else [(seat, verb.name)]
    return out


def test_every_illegal_action_is_refused_with_a_sentence_and_no_change() -> None:
    """Along a random game, every action the decider may write and not take is refused, by a
    sentence (the pack's or the kernel's), and leaves the state as it was (G26)."""
    rng = random.Random(3)
    game = _position({}, [], players=3)
    for _ in range(120):
        if game.over:
            break
        seat = game.deciders()[0]
        legal = set(game.legal_actions())
        before = game.state.to_json()
        for action in _every_action(game, seat):
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as refused:
                game.apply(action)
            assert str(refused.value).strip()
            assert game.state.to_json() == before, action
        game.apply(rng.choice(sorted(legal)))
