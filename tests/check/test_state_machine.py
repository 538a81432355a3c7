"""Every invariant after every action, for every player count and for perturbed variants:
a hypothesis state machine (woa_core/check/invariants.py lists the invariants)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from woa_core.check import strategies as ws
from woa_core.check.invariants import violations
from woa_core.errors import IllegalAction
from woa_core.packs.west_of_africa import Game, GameState
from woa_core.rules import load_rules


class GameMachine(RuleBasedStateMachine):
    """Plays legal actions chosen by hypothesis; tries junk actions, which must be refused."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.prev = None

    @initialize(
        players=ws.player_counts(),
        perturb=st.booleans(),
        seed=st.integers(0, 2**31),
        data=st.data(),
    )
    def start(self, players: int, perturb: bool, seed: int, data: st.DataObject) -> None:
        rules = data.draw(ws.rule_variants(players=players)) if perturb else load_rules("west-of-africa", players)
        self.game = Game(rules, seed=seed)

    @precondition(lambda self: self.game is not None and not self.game.over)
    @rule(choice=st.integers(0, 2**16))
    def play(self, choice: int) -> None:
        legal = self.game.legal_actions()
        assert legal, f"no legal action at step {self.game.step}"
        self.prev = self.game.state.copy()
        self.game.apply(legal[choice % len(legal)])

    @precondition(lambda self: self.game is not None and not self.game.over)
    @rule(
        player=st.integers(-1, 6),
        verb=st.sampled_from(
            [
                "select",
                "place",
                "worker",
                "sail",
                "load",
                "unload",
                "displace",
                "retreat",
                "help",
                "cultivate",
                "sell",
                "found",
                "done",
                "end",
                "fly",
            ]
        ),
        args=st.lists(st.one_of(st.integers(-2, 40), st.tuples(st.integers(0, 2))), max_size=3),
    )
    def junk(self, player: int, verb: str, args: list) -> None:
        action = (player, verb, *args)
        if action in self.game.legal_actions(player if 0 <= player < self.game.state.players else None):
            return
        before = self.game.state.to_json()
        try:
            self.game.apply(action)
        except IllegalAction:
            assert self.game.state.to_json() == before, "a refused action changed the state"
        else:
            raise AssertionError(f"{action} is not legal but was accepted")

    @rule()
    def round_trip(self) -> None:
        """The state serialises to JSON and back exactly (engine issue, item 1)."""
        if self.game is not None:
            data = json.loads(json.dumps(self.game.state.to_json()))
            assert GameState.from_json(data) == self.game.state

    @invariant()
    def invariants_hold(self) -> None:
        if self.game is not None:
            assert violations(self.game.rules, self.game.state, self.prev) == []


GameMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestGameMachine = GameMachine.TestCase
