"""The search bot on the kernel's contract alone (issue 14, item 4): ``mcts`` plays a game it has
never heard of, a take-away game declared in this file, with and without the pack's search hooks
(``woa_core.kernel.search.SearchHooks``)."""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from woa_core.bots import make_bots, seat_bots, seated
from woa_core.bots.mcts import MctsBot
from woa_core.errors import UsageError
from woa_core.kernel import loop
from woa_core.kernel.actions import Action
from woa_core.kernel.pack import Pack
from woa_core.kernel.search import SearchHooks


@dataclass
class State:
    """A pile, whose turn it is, and (once the pile is empty) the ranking, best first."""

    pile: int
    turn: int = 0
    ranking: list[int] = field(default_factory=list)

    def copy(self) -> State:
        return State(self.pile, self.turn, self.ranking[:])

    def to_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "ranking": self.ranking}


@dataclass(frozen=True)
class View:
    """What a seat sees: everything (the game hides nothing), a snapshot."""

    rules: Rules
    player: int
    pile: int
    turn: int


class TakeAway:
    """Two players take 1-3 from a pile in turn; who takes the last wins (from a pile of ``4k + r``
    the first player wins by taking ``r``)."""

    def __init__(self, rules: Rules, seed: int = 0, state: State | None = None) -> None:
        self.rules, self.state = rules, state or State(rules.pile)

    @property
    def over(self) -> bool:
        return self.state.pile == 0

    def deciders(self) -> list[int]:
        return [] if self.over else [self.state.turn]

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        p = self.state.turn if player is None else player
        if p not in self.deciders():
            return []
        return [Action(p, "take", n) for n in range(1, min(3, self.state.pile) + 1)]

    def apply(self, action: tuple) -> None:
        assert action in self.legal_actions(action[0])
        self.apply_legal(action)

    def apply_legal(self, action: tuple) -> None:
        s = self.state
        s.pile -= action[2]
        if s.pile == 0:
            s.ranking = [s.turn, 1 - s.turn]
        s.turn = 1 - s.turn

    def is_legal(self, action: tuple) -> bool:
        return action in self.legal_actions(action[0])

    def observation(self, player: int) -> View:
        return View(self.rules, player, self.state.pile, self.state.turn)

    def copy(self) -> TakeAway:
        return TakeAway(self.rules, state=self.state.copy())

    @classmethod
    def determinize(cls, view: View, rng: random.Random, model: Any = None) -> TakeAway:
        if model is not None:
            model.append(view.pile)  # the tests' opponent model records what it was asked
        return cls(view.rules, state=State(view.pile, view.turn))


class Greedy:
    """Always takes the most it may."""

    name = "greedy"

    def __init__(self, seed: int, seat: int = 0, players: int = 2) -> None:
        self.reseeded = 0

    def reseed(self, seed: int) -> None:
        self.reseeded += 1

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[-1]


PACK = Pack(name="take_away", sections=(), schema_dir=Path("."), compile=lambda *a: None, game=TakeAway)


@dataclass(frozen=True)
class Rules:
    pile: int
    pack: Pack = PACK
    players: int = 2


@pytest.fixture(autouse=True)
def _bots_module() -> Iterator[None]:
    module = types.ModuleType("woa_test_take_away")
    module.Greedy = Greedy  # type: ignore[attr-defined]
    sys.modules["woa_test_take_away"] = module
    yield
    del sys.modules["woa_test_take_away"]


def _decide(pile: int, pack: Pack = PACK, **params: Any) -> tuple[MctsBot, Action]:
    game = TakeAway(Rules(pile, pack))
    bot = MctsBot(3, seat=0, players=2, **params)
    return bot, bot.choose(game.observation(0), game.legal_actions(0))


@pytest.mark.parametrize(("pile", "take"), [(3, 3), (5, 1), (6, 2), (7, 3)])
def test_without_hooks_it_finds_the_winning_take(pile: int, take: int) -> None:
    """No hooks: every legal action compared, random rollouts to the end, the ranking scored."""
    _, action = _decide(pile, iterations=400)
    assert action == (0, "take", take)


def test_without_hooks_it_plays_whole_games_and_beats_random() -> None:
    wins = 0
    for seed in range(20):
        game = TakeAway(Rules(9 + seed % 4))
        players = make_bots(["mcts:iterations=60", "random"], seed, pack=PACK)
        assert loop.run(game, seated.Bots(players), []) is loop.Ending.OVER
        wins += game.state.ranking[0] == 0
    assert wins >= 17  # random play wins about half of these


def test_hooks_choose_candidates_rollouts_horizon_evaluation_and_opponent_model() -> None:
    """Each hook is used for what it says: the candidates kept are the only ones compared, the
    rollouts are the named bot (reseeded for each trial), a rollout stops at the horizon and is
    scored by the hook, and the opponent model reaches ``determinize``."""
    made: list[int] = []
    asked: list[int] = []
    scored: list[int] = []

    def evaluate(game: TakeAway, seat: int) -> float:
        scored.append(game.state.pile)
        return 1.0 if game.state.pile == 5 else 0.0  # prefers leaving 5 after one rollout move

    def model(view: View) -> list[int]:
        made.append(view.pile)
        return asked

    def horizon(game: TakeAway, rounds: int) -> Callable[[TakeAway], bool]:
        stop = game.state.pile - rounds  # ``rounds`` counts counters taken, in this game
        return lambda g: g.state.pile <= stop

    hooks = SearchHooks(
        rollouts={"greedy": "greedy"},
        candidates=lambda view, legal, k, policy: list(legal[:k]),
        horizon=horizon,
        evaluate=evaluate,
        opponent_model=model,
    )
    pack = replace(PACK, bots={"greedy": "woa_test_take_away:Greedy"}, search=hooks)
    bot, action = _decide(10, pack, iterations=30, rollout="greedy", horizon=2, candidates=2)
    assert action == (0, "take", 2)  # take 2 (8 left), greedy takes 3 (5 left): scored 1
    assert set(scored) == {6, 5} and len(scored) == 30  # candidates 1 and 2 only, each cut after 3
    assert made == [10] and asked == [10] * 30  # one model per decision, in every determinization
    assert all(isinstance(b, Greedy) and b.reseeded == 30 for b in bot._rollout)


def test_trust_keeps_the_policys_choice_unless_another_is_clearly_better() -> None:
    """``trust=Z``: the first candidate (here the losing take 3 of a pile of 5) stays unless the
    search's choice beat it by more than Z standard errors over the same worlds; the winning take
    1 beats it by several (random rollouts, 400 trials), not by ten."""
    pack = replace(PACK, search=SearchHooks(candidates=lambda view, legal, k, policy: list(reversed(legal))))
    assert _decide(5, pack, iterations=400)[1] == (0, "take", 1)
    assert _decide(5, pack, iterations=400, trust=1)[1] == (0, "take", 1)
    assert _decide(5, pack, iterations=400, trust=10)[1] == (0, "take", 3)


def test_trials_give_each_decision_a_budget_per_candidate_up_to_iterations() -> None:
    """``trials=T``: a decision among ``k`` candidates gets ``T * k`` iterations, at most
    ``iterations``; without it, every decision gets ``iterations``."""

    def tried(pack: Pack, **params: Any) -> int:
        game = TakeAway(Rules(10, pack))
        return sum(e.trials for e in MctsBot(3, **params).estimates(game.observation(0), game.legal_actions(0)))

    two = replace(PACK, search=SearchHooks(candidates=lambda view, legal, k, policy: list(legal[:2])))
    assert tried(two, iterations=100, trials=7) == 14
    assert tried(two, iterations=10, trials=7) == 10
    assert tried(two, iterations=100) == 100
    assert tried(PACK, iterations=100, trials=7) == 21  # three candidates


def test_early_and_late_decisions_get_their_own_trials_and_horizon() -> None:
    """``early=P,early_trials=T``: a decision with less than P of the game behind it (the pack's
    ``progress``) gets T trials a candidate; ``late=P,late_trials=T,late_horizon=H``: one with P
    or more behind it gets T and rolls out H rounds; the rest get ``trials`` and ``horizon``.
    Without the hook every decision is the middle of the game."""
    horizons: list[int] = []

    def horizon(game: TakeAway, rounds: int) -> Callable[[TakeAway], bool]:
        horizons.append(rounds)
        return lambda g: True

    def tried(pile: int, hooks: SearchHooks) -> tuple[int, set[int]]:
        horizons.clear()
        game = TakeAway(Rules(pile, replace(PACK, search=hooks)))
        params = {"trials": 7, "early": 0.3, "early_trials": 2, "late": 0.6, "late_trials": 4, "late_horizon": 3}
        found = MctsBot(3, iterations=100, **params).estimates(game.observation(0), game.legal_actions(0))
        return sum(e.trials for e in found), set(horizons)

    hooks = SearchHooks(horizon=horizon, progress=lambda view: 1 - view.pile / 10)
    assert tried(10, hooks) == (6, {1})  # 0 behind: early, 3 candidates at 2 trials
    assert tried(6, hooks) == (21, {1})  # 0.4: the middle
    assert tried(4, hooks) == (12, {3})  # 0.6: late
    assert tried(10, replace(hooks, progress=None)) == (21, {1})
    assert tried(10, replace(hooks, progress=lambda view: 0.1)) == (6, {1})  # what the pack says, not the pile


def test_steps_the_pack_names_leave_the_rest_to_its_policy() -> None:
    hooks = SearchHooks(policy="greedy", steps={"main": lambda view, legal: view.pile > 5})
    pack = replace(PACK, bots={"greedy": "woa_test_take_away:Greedy"}, search=hooks)
    assert _decide(5, pack, iterations=50)[1] == (0, "take", 3)  # not searched: greedy
    assert _decide(5, pack, iterations=50, steps="all")[1] == (0, "take", 1)  # searched


def test_rollout_and_steps_names_are_the_packs() -> None:
    """``--bots`` checks ``rollout``/``steps`` against the pack's hooks (before the rules are
    known: the bundled packs'); a bot made for another pack's names refuses this one."""
    pack = replace(PACK, search=SearchHooks(rollouts={"greedy": "woa_test_take_away:Greedy"}))
    assert MctsBot.param_choices(pack) == {"rollout": ("heuristic", "greedy", "random"), "steps": ("main", "all")}
    assert MctsBot.param_choices(PACK)["rollout"] == ("heuristic", "random")
    assert seat_bots("mcts:rollout=greedy", 2, pack) == ("mcts:rollout=greedy",) * 2
    with pytest.raises(UsageError, match="rollout must be one of heuristic, heuristic-fast, random, not 'greedy'"):
        seat_bots("mcts:rollout=greedy", 2)
    with pytest.raises(ValueError, match="steps must be one of main, all, not 'select'"):
        _decide(5, iterations=4, steps="select")


RACE = Path(__file__).resolve().parents[2] / "docs" / "rule-packs" / "race"


def _race(players: int) -> Any:
    from woa_core.rules import read_rules

    return read_rules(str(RACE)).compile(players)


@pytest.mark.parametrize(("players", "least"), [(2, 16), (3, 12)])
def test_it_beats_random_in_the_tiny_pack_with_hidden_hands_and_a_face_down_deck(players: int, least: int) -> None:
    """The tiny pack of docs/rule-packs.md, no hooks: its determinize deals the unseen cards anew;
    one mcts against random bots wins far more than its share (10 and 7 of 20)."""
    from woa_core.kernel.contract import new_game

    rules, wins = _race(players), 0
    for seed in range(20):
        seat = seed % players
        specs = ["random"] * players
        specs[seat] = "mcts:iterations=40"
        game = new_game(rules, seed)
        assert loop.run(game, seated.Bots(make_bots(specs, seed, pack=rules.pack)), []) is loop.Ending.OVER
        wins += seat in rules.pack.winners(game)
    assert wins >= least


def test_in_the_tiny_pack_it_cannot_see_the_others_hand_or_the_deck() -> None:
    """Two games that differ only in cards p1 cannot see (p2's hand and the deck's order) look the
    same to p1, and its search chooses the same with the same seed."""
    from woa_core.kernel.contract import new_game

    rules = _race(2)
    a = new_game(rules, 5)
    b = a.copy()
    hand, deck = b.state.hands[1], b.state.deck
    swap = next(i for i, card in enumerate(deck) if card not in hand)
    hand[0], deck[swap] = deck[swap], hand[0]
    deck.reverse()
    hand.sort()
    assert a.state.hands[1] != b.state.hands[1]
    assert a.observation(0).to_json() == b.observation(0).to_json() and len(a.legal_actions(0)) > 1
    picks = [MctsBot(7, 0, 2, iterations=60).choose(g.observation(0), g.legal_actions(0)) for g in (a, b)]
    assert picks[0] == picks[1]
