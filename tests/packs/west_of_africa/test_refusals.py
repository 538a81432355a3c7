"""issue 43.7, West of Africa: every entry of every verb's legality (``woa_core.kernel.legality``,
declared in ``woa_core.packs.west_of_africa.actions``) is shown failing first in a hand-made
position, and the step is refused with that entry's own sentence, the state unchanged and the step
not listed. Each case cites the rulebook section and ruling (docs/rulings.md) of its condition.

The random walk of ``tests/check/test_refusals_walk.py`` meets most entries; these cases meet
every one. An argument no word can name (an island that does not exist, ships out of order) is
given as the action's tuple, as a log or the Python API may give it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

import pytest

from tests.check.test_refusals_walk import _as_started, playable  # the action started, as run_step starts it
from woa_core.errors import IllegalAction
from woa_core.kernel.contract import new_game
from woa_core.kernel.legality import Legality
from woa_core.kernel.notation import parse_action
from woa_core.packs.west_of_africa import Game
from woa_core.packs.west_of_africa.scenario import setup
from woa_core.rules import load_rules

RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings.md"

UNPLACED = ("turn.first_round.place_ships=false",)
"""Rules under which round 1 starts with the ships off the board (5.II "First game turn", R11)."""


class Case(NamedTuple):
    """A position (rules overrides, players, ``setup``, steps from it) and the step refused there:
    ``action`` in words, with argument ``k`` replaced by ``value`` when ``swap`` is ``(k, value)``."""

    cites: str
    setup: dict[str, Any]
    steps: list[str]
    action: str
    swap: tuple[int, Any] | None = None
    players: int = 2
    overrides: tuple[str, ...] = ()


ROUND_2 = {"round": 2, "gold_order": ["p1", "p2"], "ships": {"p1": "la_palma", "p2": "lanzarote"}}
"""Round 2 (no first-round limits, R11), p1 on La Palma, p2 on Lanzarote; p1 before p2 on ties."""

LATE = "p2 select lanzarote fuerteventura gran_canaria"
"""p2's cards: a sum of 20, so p1 acts first (R8)."""


def _round_2(cards: str, **more: Any) -> tuple[dict[str, Any], list[str]]:
    """Round 2 with p1 having selected ``cards`` and on turn, ``more`` added to the setup."""
    return {**ROUND_2, **more}, [f"p1 select {cards}", LATE]


WORKERS = _round_2("move_workers")
SHIP = _round_2("move_ship", warehouses={"la_palma": {"p1": {"sugar_cane": 4}}})
HELP = _round_2("cultivate la_palma", workers={"p1": {"la_palma": 1, "west": 1, "east": 1}})
HELP_2 = _round_2("cultivate la_palma", workers={"p1": {"la_palma": 2, "east": 1}})
HELP_4 = _round_2("cultivate la_palma", workers={"p1": {"la_palma": 4}})  # more than the 3 handed out
CULTIVATE = _round_2("cultivate la_palma")
SELL = _round_2("sell la_palma", warehouses={"la_palma": {"p1": {"sugar_cane": 1}}})
FOUND = _round_2("found tenerife", alcaldes={"tenerife": "p1"})
# round 1: p1 (cards 2) places its ship first, at La Palma, and ends its turn; then p2 (cards 20) places
PLACE = ({"gold_order": ["p1", "p2"]}, ["p1 select move_ship", LATE, "p1 place la_palma", "p1 end"])
# 3 players: p2 and p3 moored at La Gomera (one mooring: a hand-made overfull harbor); p1 sails in
FULL = (
    {"round": 2, "gold_order": ["p1", "p2", "p3"], "ships": {"p1": "la_palma", "p2": "la_gomera", "p3": "la_gomera"}},
    ["p1 select move_ship", LATE, "p3 select lanzarote fuerteventura gran_canaria", "p1 sail la_gomera", "p1 done"],
)
# the rulebook's fork (tests/scenarios/rule-displacement-fork-la-gomera.yaml): p2 must make way west
FORK = (
    {"round": 2, "gold_order": ["p1", "p2"], "ships": {"p1": "gran_canaria", "p2": "la_gomera"}},
    ["p1 select move_ship", LATE, "p1 sail tenerife", "p1 sail la_gomera", "p1 done"],
)

MOVE_WORKERS, MOVE_SHIP = "5. Action: Move Workers", "5. Action: Move Ship"
CULTIVATE_GOODS, SELL_GOODS, FOUND_SETTLEMENT = (
    "5. Action: Cultivate Goods",
    "5. Action: Sell Goods",
    "5. Action: Found Settlement",
)

CASES: dict[tuple[str, int], Case] = {
    # (verb, index of the legality entry that fails first): the case
    ("worker", 0): Case(f"{MOVE_WORKERS}, R4: from a place", *WORKERS, "p1 worker west la_gomera", (0, 99)),
    ("worker", 1): Case(f"{MOVE_WORKERS}, R4: to an island", *WORKERS, "p1 worker west la_gomera", (1, 99)),
    ("worker", 2): Case(
        f"{MOVE_WORKERS}, R4: one action point a step",
        WORKERS[0],
        [
            *WORKERS[1],
            "p1 worker west la_gomera",
            "p1 worker west la_gomera",
            "p1 worker la_gomera tenerife",
            "p1 worker tenerife gran_canaria",
        ],
        "p1 worker east fuerteventura",
    ),
    ("worker", 3): Case(f"{MOVE_WORKERS}, R4: a worker of the player's", *WORKERS, "p1 worker la_palma la_gomera"),
    ("worker", 4): Case(
        f"{MOVE_WORKERS}, R4: a ship's workers step onto its island", *WORKERS, "p1 worker west la_palma"
    ),
    ("sail", 0): Case(f"{MOVE_SHIP}, R1: to a harbor", *SHIP, "p1 sail la_gomera", (0, 99)),
    ("sail", 1): Case(
        f"{MOVE_SHIP}, R11, R29: a ship not yet placed",
        {"gold_order": ["p1", "p2"]},
        ["p1 select move_ship", LATE],
        "p1 sail la_gomera",
        overrides=UNPLACED,
    ),
    ("sail", 2): Case(
        f"{MOVE_SHIP}, R1: up to three harbors",
        SHIP[0],
        [*SHIP[1], "p1 sail la_gomera", "p1 sail tenerife", "p1 sail gran_canaria"],
        "p1 sail fuerteventura",
    ),
    ("sail", 3): Case(f"{MOVE_SHIP}, R1: along a sea link", *SHIP, "p1 sail tenerife"),
    ("load", 0): Case(f"{MOVE_SHIP}, R2: a good", *SHIP, "p1 load sugar_cane", (0, 99)),
    ("load", 1): Case(
        f"{MOVE_SHIP}, R11, R29: a ship not yet placed",
        {"gold_order": ["p1", "p2"]},
        ["p1 select move_ship", LATE],
        "p1 load sugar_cane",
        overrides=UNPLACED,
    ),
    ("load", 2): Case(
        f"{MOVE_SHIP}, R2: three goods a move",
        SHIP[0],
        [*SHIP[1], "p1 load sugar_cane", "p1 load sugar_cane", "p1 load sugar_cane"],
        "p1 load sugar_cane",
    ),
    ("load", 3): Case(f"{MOVE_SHIP}, R2: from the player's warehouse there", *SHIP, "p1 load wine"),
    ("unload", 0): Case(
        f"{MOVE_SHIP}, R2: a good", SHIP[0], [*SHIP[1], "p1 load sugar_cane"], "p1 unload sugar_cane", (0, 99)
    ),
    ("unload", 1): Case(f"{MOVE_SHIP}, R2: a good aboard", SHIP[0], [*SHIP[1], "p1 load sugar_cane"], "p1 unload wine"),
    ("displace", 0): Case(f"{MOVE_SHIP}, R3: a ship at the full harbor", *FULL, "p1 displace p1", players=3),
    ("retreat", 0): Case(f"{MOVE_SHIP}, R3: to a harbor", *FORK, "p2 retreat el_hierro", (0, 99)),
    ("retreat", 1): Case(f"{MOVE_SHIP}, R3: onward in the direction of the move", *FORK, "p2 retreat tenerife"),
    ("help", 0): Case(f"{CULTIVATE_GOODS}, R5: on an island", *HELP, "p1 help la_palma west", (0, 99)),
    ("help", 1): Case(f"{CULTIVATE_GOODS}, R12: an island selected", *HELP, "p1 help la_gomera west"),
    ("help", 2): Case(f"{CULTIVATE_GOODS}, R5: helpers go to worker ships", *HELP, "p1 help la_palma west", (1, ())),
    ("help", 3): Case(
        f"{CULTIVATE_GOODS}, R21: helpers once, before planting",
        HELP[0],
        [*HELP[1], "p1 cultivate la_palma wine"],
        "p1 help la_palma west",
    ),
    ("help", 4): Case(f"{CULTIVATE_GOODS}, R5: workers on the island", *HELP, "p1 help la_palma west east"),
    ("help", 5): Case(
        f"{CULTIVATE_GOODS}, R5: a helper lowers the cost by 1 gold", *HELP_4, "p1 help la_palma west west west west"
    ),
    ("help", 6): Case(
        f"{CULTIVATE_GOODS}, R5: helpers lower the cost of a good planted",
        HELP[0] | {"supply": {"p1": {"sugar_cane": 0, "wine": 0}}},
        HELP[1],
        "p1 help la_palma west",
    ),
    ("help", 7): Case(
        f"{CULTIVATE_GOODS}, R5: a good costs 3 gold less 1 a helper",
        HELP[0] | {"gold": {"p1": 1}},
        HELP[1],
        "p1 help la_palma west",
    ),
    # with goods costing 5, a fourth helper would lower the cost, but every player has 3 workers
    ("help", 8): Case(
        f"{CULTIVATE_GOODS}, R5, R17: no more helpers than the workers handed out",
        *HELP_4,
        "p1 help la_palma west west west west",
        overrides=("economy.cultivation.cost=5",),
    ),
    ("help", 9): Case(
        f"{CULTIVATE_GOODS}, R5: helpers go to worker ships", *HELP_2, "p1 help la_palma west east", (1, (1, 0))
    ),
    ("cultivate", 0): Case(f"{CULTIVATE_GOODS}, R20: a field", *CULTIVATE, "p1 cultivate la_palma wine", (0, 99)),
    ("cultivate", 1): Case(f"{CULTIVATE_GOODS}, R12: an island selected", *CULTIVATE, "p1 cultivate la_gomera wine"),
    ("cultivate", 2): Case(
        f"{CULTIVATE_GOODS}, R20: a free field of the good",
        CULTIVATE[0]
        | {
            "crops": [
                {"island": "la_palma", "space": 1, "player": "p2"},
                {"island": "la_palma", "space": 2, "player": "p2"},
            ]
        },
        CULTIVATE[1],
        "p1 cultivate la_palma wine",
    ),
    ("cultivate", 3): Case(
        f"{CULTIVATE_GOODS}, R5: a goods marker from the supply",
        CULTIVATE[0] | {"supply": {"p1": {"wine": 0}}},
        CULTIVATE[1],
        "p1 cultivate la_palma wine",
    ),
    ("cultivate", 4): Case(
        f"{CULTIVATE_GOODS}, R5: 3 gold a good",
        CULTIVATE[0] | {"gold": {"p1": 2}},
        CULTIVATE[1],
        "p1 cultivate la_palma wine",
    ),
    ("sell", 0): Case(f"{SELL_GOODS}, R10: at an island", *SELL, "p1 sell la_palma sugar_cane", (0, 99)),
    ("sell", 1): Case(f"{SELL_GOODS}, R12: an island selected", *SELL, "p1 sell la_gomera sugar_cane"),
    ("sell", 2): Case(f"{SELL_GOODS}, R10: a good", *SELL, "p1 sell la_palma sugar_cane", (1, 99)),
    ("sell", 3): Case(f"{SELL_GOODS}, R10: from the player's warehouse there", *SELL, "p1 sell la_palma wine"),
    ("found", 0): Case(f"{FOUND_SETTLEMENT}, R15: a settlement space", *FOUND, "p1 found tenerife 9", (0, 0)),
    ("found", 1): Case(f"{FOUND_SETTLEMENT}, R12: an island selected", *FOUND, "p1 found gran_canaria 9"),
    ("found", 2): Case(
        f"{FOUND_SETTLEMENT}, R14, R15: only the Alcalde",
        FOUND[0] | {"alcaldes": {"tenerife": "p2"}},
        FOUND[1],
        "p1 found tenerife 9",
    ),
    ("found", 3): Case(
        f"{FOUND_SETTLEMENT}, R15: from the settlement track", FOUND[0] | {"track": 0}, FOUND[1], "p1 found tenerife 9"
    ),
    ("found", 4): Case(
        f"{FOUND_SETTLEMENT}, R15, R20: a free space of that cost",
        FOUND[0] | {"settlements": [{"island": "tenerife", "space": 5, "player": "p2"}]},
        FOUND[1],
        "p1 found tenerife 9",
    ),
    ("found", 5): Case(
        f"{FOUND_SETTLEMENT}, R15: pay its cost", FOUND[0] | {"gold": {"p1": 8}}, FOUND[1], "p1 found tenerife 9"
    ),
    ("place", 0): Case("5.II First game turn, R11: at a harbor", *PLACE, "p2 place la_gomera", (0, 99)),
    ("place", 1): Case("5.II First game turn, R11: a free mooring", *PLACE, "p2 place la_palma"),
}


SAYS: dict[tuple[str, int], str] = {
    # what each case's refusal says (a part of it): the condition named, in the case's words
    ("worker", 0): "there is no place 99 to move a worker from",
    ("worker", 1): "there is no island 99",
    ("worker", 2): "no action points left",
    ("worker", 3): "you have no worker at la_palma",
    ("worker", 4): "workers from the west ship enter at La Gomera, not La Palma",
    ("sail", 0): "there is no island 99",
    ("sail", 1): "your ship is not on the board",
    ("sail", 2): "your ship has sailed its 3 harbors",
    ("sail", 3): "no sea link from La Palma to Tenerife",
    ("load", 0): "there is no good 99",
    ("load", 1): "your ship is not on the board",
    ("load", 2): "a ship carries at most 3 goods per move",
    ("load", 3): "you have no wine in the La Palma warehouse",
    ("unload", 0): "there is no good 99",
    ("unload", 1): "your ship carries no wine",
    ("displace", 0): "p1's ship is not one that can make way (choose p2, p3)",
    ("retreat", 0): "there is no island 99",
    ("retreat", 1): "cannot go to Tenerife (choose La Palma, El Hierro)",
    ("help", 0): "there is no island 99",
    ("help", 1): "you did not select the La Gomera card",
    ("help", 2): "name one ship per helper",
    ("help", 3): "must be chosen once, before cultivating there (R21)",
    ("help", 4): "you have 1 worker(s) on La Palma, not 2",
    ("help", 5): "only 3 helper(s) can lower the cost of 3 gold (R5)",
    ("help", 6): "you have no goods marker for a free field on La Palma",
    ("help", 7): "you have 1 gold, a good on La Palma costs 2 even with helpers",
    ("help", 8): "each player has 3 workers in all: 4 cannot help (R17)",
    ("help", 9): "name the helpers' ships in ship order (west, east)",
    ("cultivate", 0): "there is no field 99",
    ("cultivate", 1): "you did not select the La Gomera card",
    ("cultivate", 2): "La Palma has no free wine field",
    ("cultivate", 3): "you have no wine marker in your supply",
    ("cultivate", 4): "you have 2 gold, cultivating here costs 3",
    ("sell", 0): "there is no island 99",
    ("sell", 1): "you did not select the La Gomera card",
    ("sell", 2): "there is no good 99",
    ("sell", 3): "you have no wine in the La Palma warehouse",
    ("found", 0): "there is no settlement space 0",
    ("found", 1): "you did not select the Gran Canaria card",
    ("found", 2): "only the Alcalde of Tenerife may found settlements there",
    ("found", 3): "the settlement track is empty this round",
    ("found", 4): "Tenerife has no free settlement space costing 9",
    ("found", 5): "you have 8 gold, this settlement costs 9",
    ("place", 0): "there is no island 99",
    ("place", 1): "La Palma has no free mooring",
}


def _fail(path: tuple[Any, ...], message: str) -> NoReturn:
    raise AssertionError(f"setup {path}: {message}")


def _legality(game: Game, verb: str) -> Legality:
    legality = game.verbs[verb].legality
    assert isinstance(legality, Legality)
    return legality


def _position(case: Case) -> tuple[Game, tuple[Any, ...]]:
    """The case's game, its steps played, and the action it refuses (as a tuple)."""
    game = new_game(load_rules("west-of-africa", case.players, case.overrides), seed=1)
    assert isinstance(game, Game)
    setup(game, case.setup, _fail)
    for text in case.steps:
        game.apply(parse_action(game.rules, text))
    action = list(parse_action(game.rules, case.action))
    if case.swap is not None:
        k, value = case.swap
        action[2 + k] = value
    return game, tuple(action)


def _sentence(game: Game, verb: str, index: int, action: tuple[Any, ...]) -> str:
    says = _legality(game, verb).entries[index].says
    return says if isinstance(says, str) else says(game, action[0], *action[2:])


def test_every_entry_of_every_verb_has_a_case() -> None:
    """issue 43.7: the cases below cover every legality entry of every West of Africa verb the
    bundled rules can play (an action declared for a variant's card is tested with its variant)."""
    rules = load_rules("west-of-africa", 2)
    declared = {
        (name, i)
        for name, verb in rules.pack.verbs.items()
        if isinstance(verb.legality, Legality) and playable(rules, name)
        for i in range(len(verb.legality.entries))
    }
    assert declared == set(CASES) == set(SAYS)
    assert len(declared) == 45


def test_every_case_cites_its_rule() -> None:
    """issue 43.7: each case names a rulebook section and rulings that docs/rulings.md states."""
    rulings = set(re.findall(r"\*\*(R\d+)\b", RULINGS.read_text(encoding="utf-8")))
    for key, case in CASES.items():
        cited = re.findall(r"\bR\d+\b", case.cites)
        assert case.cites.startswith("5."), key
        assert cited, key
        assert set(cited) <= rulings, (key, set(cited) - rulings)


@pytest.mark.parametrize(("verb", "index"), sorted(CASES), ids=[f"{v}-{i}" for v, i in sorted(CASES)])
def test_the_refusal_names_the_first_failing_entry(verb: str, index: int) -> None:
    """issue 43.7: with every earlier entry met and this one not, the step is refused with this
    entry's sentence, the state unchanged, and it is not listed."""
    case = CASES[(verb, index)]
    game, action = _position(case)
    assert action[1] == verb
    started = _as_started(game, verb)
    assert _legality(game, verb).failing(started, action[0], action[2:]) == index
    expected = _sentence(started, verb, index, action)
    before = game.state.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert str(refused.value) == expected
    assert SAYS[(verb, index)] in expected
    assert game.state.to_json() == before
    assert action not in {tuple(a) for a in game.legal_actions()}


@pytest.mark.parametrize(("verb", "index"), sorted(CASES), ids=[f"{v}-{i}" for v, i in sorted(CASES)])
def test_the_sentence_is_the_entry_s_own(verb: str, index: int) -> None:
    """issue 43.7: the sentence of the failing entry is no other entry's of the same verb (said of
    the same step), so the refusal tells which condition failed."""
    game, action = _position(CASES[(verb, index)])
    started = _as_started(game, verb)
    mine = _sentence(started, verb, index, action)
    for other in range(len(_legality(game, verb).entries)):
        if other == index:
            continue
        try:
            theirs = _sentence(started, verb, other, action)
        except Exception:
            continue  # that entry's sentence cannot even be said of these arguments
        assert theirs != mine, (verb, index, other, mine)
