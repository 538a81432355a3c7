"""The bot interface (search issue 9.1): bots get their seat, the player count, parameters from
``--bots name:key=value`` and a notice at the end of the game; the view is a snapshot."""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Sequence
from typing import ClassVar

import pytest

from woa_core.bots import bot_factory, make_bots, parse_spec, seat_bots, split_bots
from woa_core.bots.mcts import MctsBot
from woa_core.bots.random_bot import RandomBot
from woa_core.errors import UsageError
from woa_core.packs.west_of_africa.bots.heuristic import HeuristicBot
from woa_core.packs.west_of_africa.game import Action, Game
from woa_core.packs.west_of_africa.view import PlayerView
from woa_core.rules import load_rules
from woa_core.sim.runner import RunSpec, describe, play_game


class ParamBot:
    """A plug-in bot with parameters that records what the game told it."""

    name = "param"
    seen: ClassVar[list[ParamBot]] = []

    def __init__(self, seed: int, seat: int = 0, players: int = 2, depth: int = 1, greedy: bool = False) -> None:
        self.seat, self.players, self.depth, self.greedy = seat, players, depth, greedy
        self.final: PlayerView | None = None
        self.views: list[PlayerView] = []
        ParamBot.seen.append(self)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        return legal[0]

    def game_over(self, view: PlayerView) -> None:
        assert self.final is None, "game_over is called once"
        self.final = view


class OldBot:
    """A plug-in written for the one-argument interface."""

    name = "old"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[-1]


@pytest.fixture(autouse=True)
def _plugin_module() -> None:
    module = types.ModuleType("woa_test_plugins")
    module.ParamBot = ParamBot  # type: ignore[attr-defined]
    module.OldBot = OldBot  # type: ignore[attr-defined]
    sys.modules["woa_test_plugins"] = module
    ParamBot.seen.clear()


def test_bots_value_with_parameters_splits_per_bot() -> None:
    text = "mcts:iterations=400,c=1.4,heuristic,woa_test_plugins:ParamBot:depth=3,greedy=yes"
    plugin = "woa_test_plugins:ParamBot:depth=3,greedy=yes"
    assert split_bots(text) == ["mcts:iterations=400,c=1.4", "heuristic", plugin]
    assert parse_spec("woa_test_plugins:ParamBot:depth=3,greedy=yes") == (
        "woa_test_plugins:ParamBot",
        {"depth": "3", "greedy": "yes"},
    )


def test_parameters_reach_the_bot_with_seat_and_player_count() -> None:
    specs = seat_bots("random,woa_test_plugins:ParamBot:depth=3,greedy=true,woa_test_plugins:OldBot", 3)
    bots = make_bots(specs, seed=4)
    param = bots[1]
    assert isinstance(param, ParamBot)
    assert (param.seat, param.players, param.depth, param.greedy) == (1, 3, 3, True)
    assert isinstance(bots[2], OldBot) and bots[2].seed == 4 * 8 + 3


def test_a_name_is_the_kernels_bot_then_the_packs_own() -> None:
    """Issue 14: ``random`` and ``mcts`` play any pack; ``heuristic`` is West of Africa's and is
    found through its pack (or, before the rules are known, through the bundled packs); another
    pack's names are its own, and it cannot take over a kernel bot's name."""
    woa = load_rules("west-of-africa", 2).pack
    other = dataclasses.replace(
        woa, name="other", bots={"greedy": "woa_test_plugins:ParamBot", "random": "woa_test_plugins:OldBot"}
    )
    assert bot_factory("heuristic") is bot_factory("heuristic", woa) is HeuristicBot
    assert bot_factory("random", other) is RandomBot and bot_factory("mcts", other) is MctsBot
    assert bot_factory("greedy", other) is ParamBot
    (bot,) = make_bots(["greedy:depth=4"], seed=1, pack=other)
    assert isinstance(bot, ParamBot) and bot.depth == 4
    assert seat_bots("greedy:depth=2", 2, other) == ("greedy:depth=2",) * 2
    with pytest.raises(UsageError, match=r"unknown bot 'heuristic' \(bundled: random, greedy, mcts; or give"):
        bot_factory("heuristic", other)
    with pytest.raises(UsageError, match=r"unknown bot 'greedy' \(bundled: random, heuristic, heuristic-v1, mcts;"):
        seat_bots("greedy", 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nope", "unknown bot 'nope'"),
        ("woa_test_plugins:ParamBot:width=2", r"has no parameter 'width' \(it has depth=1, greedy=False\)"),
        ("woa_test_plugins:ParamBot:depth=deep", "depth=deep is not a valid int"),
        ("woa_test_plugins:ParamBot:greedy=maybe", "greedy=maybe is not a valid bool"),
        ("depth=2,random", "a parameter without a bot"),
        ("random,depth=2", "a parameter without a bot"),
        ("woa_test_plugins:ParamBot:depth=1,depth=2", "given twice"),
        ("random,random,random", "3 bots for 2 seats"),
    ],
)
def test_bad_bots_values_are_sentences(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        seat_bots(text, 2)


def test_game_over_notice_and_snapshot_views() -> None:
    """Each bot hears once that the game is over; every view it got is a snapshot of its own
    seat that later moves do not change."""
    rules = load_rules("west-of-africa", 2)
    record = play_game(rules, seed=3, bots=["woa_test_plugins:ParamBot", "random"])
    (bot,) = ParamBot.seen
    assert bot.final is not None and bot.final.step == "over" and bot.final.winner == record.winner
    first = bot.views[0]
    assert first.round == 1 and first.step == "select" and first.player == 0
    assert all(v.player == 0 for v in bot.views)


def test_manifest_records_bot_parameters() -> None:
    spec = RunSpec("west-of-africa", 2, seat_bots("woa_test_plugins:ParamBot:depth=2,random", 2), 1)
    assert describe(spec, load_rules("west-of-africa", 2))["bots"] == ["woa_test_plugins:ParamBot:depth=2", "random"]


def test_view_says_hidden_apart_from_not_chosen_and_round_trips() -> None:
    """R18: a selection made but not shown is 'hidden', one not made yet is None; the view's
    JSON form reads back to the same view."""
    rules = load_rules("west-of-africa", 3)
    game = Game(rules, seed=1)
    game.apply((2, "select", game.card_counts("sell", "lanzarote")))
    view = game.observation(0)
    assert view.selection(2) == "hidden" and view.selection(1) is None
    assert view.card_sum(2) is None
    again = PlayerView.from_json(rules, view.to_json())
    assert again.to_json() == view.to_json()
    assert again.selection(2) == "hidden"
    assert "lanzarote" not in str(view.to_json()) and view.visible_state().selection[2] is None
