"""The kernel's declared flow (woa_core/kernel/flow.py): the optional setup phases run once before
the first round, and ``end_if`` ends a game at once, after any action or between two turns, with
its final scoring (issue 15, for Africa: start cities chosen in turns; the last monument ends the
game in the middle of a turn). A game without them runs as before (West of Africa's golden corpus
covers that)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from woa_core.kernel.flow import Flow, Kind, Phase


@dataclass
class Ctx:
    players: int = 3
    round: int = -1
    step: str = ""
    order: list[int] = field(default_factory=list)
    turn: int = 0
    log: list[str] = field(default_factory=list)
    chosen: list[int | None] = field(default_factory=lambda: [None] * 3)
    stop: bool = False


def _game() -> SimpleNamespace:
    return SimpleNamespace(state=Ctx())


def _start_turn(game: SimpleNamespace) -> None:
    game.state.step = "move"
    game.state.log.append(f"turn p{game.state.order[game.state.turn] + 1}")


def _flow(**more) -> Flow:
    return Flow(
        phases=(Phase("play", Kind.TURNS, order=lambda game: [2, 0, 1]),),
        turn_steps=("move",),
        start_turn=_start_turn,
        end_round=lambda game: game.state.log.append("round end"),
        new_round=lambda game: game.state.log.append("new round"),
        **more,
    )


def test_a_flow_without_setup_begins_with_round_one() -> None:
    game, flow = _game(), _flow()
    flow.begin(game)
    assert (game.state.round, game.state.step, game.state.order, flow.deciders(game)) == (1, "move", [2, 0, 1], [2])
    assert flow.after_action(game) is False and flow.steps == ("move", "over")


def test_setup_phases_run_once_in_turns_then_simultaneously_before_round_one() -> None:
    """A setup phase of turns gives each seat one decision at the phase's step, in its order; a
    simultaneous one waits for every seat; then round 1 begins, and setup never comes back."""
    flow = _flow(
        setup=(
            Phase("city", Kind.TURNS, order=lambda game: [1, 2, 0]),
            Phase("bid", Kind.SIMULTANEOUS, waiting=lambda g: [p for p, c in enumerate(g.state.chosen) if c is None]),
        )
    )
    game = _game()
    flow.begin(game)
    seen = []
    while game.state.step == "city":
        assert game.state.round == 0
        (seat,) = flow.deciders(game)
        seen.append(seat)
        flow.end_turn(game)
    assert seen == [1, 2, 0] and game.state.step == "bid" and flow.deciders(game) == [0, 1, 2]
    for seat in (2, 0, 1):
        game.state.chosen[seat] = 1
        flow.decided(game)
    assert (game.state.round, game.state.step, flow.deciders(game)) == (1, "move", [2])
    for _ in range(3):
        flow.end_turn(game)
    assert game.state.round == 2 and game.state.step == "move"
    assert game.state.log == ["turn p3", "turn p1", "turn p2", "round end", "new round", "turn p3"]
    assert flow.steps == ("city", "bid", "move", "over")


def test_end_if_ends_the_game_at_once_after_an_action() -> None:
    """The kernel checks ``end_if`` after every action: the game ends in the middle of a turn, the
    final scoring runs once, nobody decides any more."""
    finished = []
    flow = _flow(end_if=lambda game: game.state.stop, finish=lambda game: finished.append(game.state.step))
    game = _game()
    flow.begin(game)
    assert flow.after_action(game) is False
    game.state.stop = True
    assert flow.after_action(game) is True
    assert (game.state.step, finished, flow.deciders(game)) == ("over", ["move"], [])
    assert flow.after_action(game) is False and finished == ["move"]


def test_end_if_is_checked_before_the_next_turn_starts() -> None:
    """A condition that becomes true at the end of a turn (a turn cap) ends the game before the
    next seat's turn begins or the round ends."""
    flow = _flow(end_if=lambda game: len(game.state.log) >= 2)
    game = _game()
    flow.begin(game)
    flow.end_turn(game)
    assert game.state.log == ["turn p3", "turn p1"]
    flow.end_turn(game)
    assert game.state.step == "over" and game.state.log == ["turn p3", "turn p1"] and game.state.turn == 1
