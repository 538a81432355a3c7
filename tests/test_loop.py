"""The one game loop (woa_core.kernel.loop): who chooses, who watches, and how a run ends."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from woa_core.bots import seated
from woa_core.check.runner import STUCK, play_checked, scenario_text, shrink
from woa_core.kernel import loop
from woa_core.kernel.loop import Choices, Count, Ending, Observer, StopGame, Transcript
from woa_core.packs.west_of_africa import Game, GameState
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.rules import load_rules
from woa_core.sim.runner import play_game


class _Finisher:
    """A bot that always ends as soon as it can, and remembers its game-over notices."""

    name = "finisher"

    def __init__(self) -> None:
        self.notices = 0

    def choose(self, view, legal: Sequence[tuple]) -> tuple:
        return next((a for a in legal if a[1] in ("end", "done")), legal[0])

    def game_over(self, view) -> None:
        self.notices += 1


def _stuck_rules() -> Rules:
    """Rules a ship can get stuck under: Lanzarote without moorings (validation refuses them;
    built here directly, to see what check does with such rules)."""
    rules = load_rules("west-of-africa", 2)
    i = rules.island_id("lanzarote")
    islands = list(rules.islands)
    islands[i] = dataclasses.replace(islands[i], moorings=0)
    return dataclasses.replace(rules, islands=tuple(islands))


def test_bots_get_game_over_once_and_observers_see_every_action() -> None:
    bots = [_Finisher(), _Finisher()]
    game = Game(load_rules("west-of-africa", 2), seed=4)
    count, transcript = Count(), Transcript()
    assert loop.run(game, seated.Bots(bots), [count, transcript]) is Ending.OVER
    assert game.over and [b.notices for b in bots] == [1, 1]
    assert count.actions == len(transcript.lines) > 0


def test_simulate_plays_through_the_loop_and_counts_what_it_saw() -> None:
    """A GameRecord's decisions equal the actions an extra observer counts on the same game."""
    rules = load_rules("west-of-africa", 3)
    record = play_game(rules, seed=9, bots=["random"] * 3)
    game = Game(rules, seed=9)
    count = Count()
    loop.run(game, seated.bots(["random"] * 3, 9), [count])
    assert record.decisions == count.actions and record.figures["vp"] == game.state.vp


def test_a_run_ends_stopped_at_its_step_limit_or_when_choices_run_out() -> None:
    rules = load_rules("west-of-africa", 2)
    assert loop.run(Game(rules, seed=1), Choices([0, 1, 2])) is Ending.STOPPED
    assert loop.run(Game(rules, seed=1), Choices(pick=lambda k: 0), max_steps=5) is Ending.STEP_LIMIT

    class Stopper(Observer):
        def after(self, game: Game, seat: int, action: tuple, prev: GameState | None) -> None:
            raise StopGame

    game = Game(rules, seed=1)
    assert loop.run(game, Choices(pick=lambda k: 0), [Stopper()]) is Ending.STOPPED
    assert sum(s is not None for s in game.state.selection) == 1  # one action, then stopped


def test_a_stuck_game_ends_stuck() -> None:
    """No legal action is an ending the loop reports, not an exception in a bot."""
    rules = _stuck_rules()
    endings = {loop.run(Game(rules, seed=s), seated.bots(["random", "random"], s)) for s in range(30)}
    assert Ending.STUCK in endings


def test_check_reports_and_shrinks_no_legal_action() -> None:
    """woa check: "no legal action" is the invariant has_legal_action; a stuck game is reported
    and shrunk like any other violation (it used to crash with KeyError while shrinking)."""
    rules = _stuck_rules()
    violation = next(v for v in (play_checked(rules, s)[0] for s in range(60)) if v is not None)
    assert violation.invariant == STUCK == "has_legal_action"
    small = shrink(rules, violation)
    assert small.invariant == STUCK and small.step <= violation.step
    again, game = play_checked(rules, small.seed, small.choices, only=STUCK)
    assert again is not None and again.invariant == STUCK and not game.legal_actions()
    assert "invariant 'has_legal_action' fails" in scenario_text(rules, "west-of-africa", small)


def test_replay_runs_the_log_through_the_loop(tmp_path) -> None:
    """woa replay reads a log's lines as the loop's chooser: a played-on game, a log that stops
    early and a refused line are each named at their line, and on_action sees every action."""
    from woa_core.cli import main
    from woa_core.errors import LogError
    from woa_core.report import gamelog

    folder = tmp_path / "logs"
    args = ["simulate", "--quiet", "--json", "--players", "2", "--games", "1", "--seed", "3", "--workers", "1"]
    assert main([*args, "--log-dir", str(folder)]) == 0
    log = folder / "game-000000.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines()
    seen: list[str] = []
    replayed = gamelog.replay(log, on_action=lambda game, text: seen.append(text))
    assert replayed.game.over and len(seen) == replayed.actions == len(lines) - 2

    def error(new_lines: list[str]) -> str:
        path = tmp_path / "edited.jsonl"
        path.write_text("\n".join(new_lines) + "\n", encoding="utf-8")
        try:
            gamelog.replay(path)
        except LogError as e:
            return str(e)
        raise AssertionError("replayed")

    n = len(lines)
    assert f":{n}: the game is already over, but the log goes on with" in error([*lines[:-1], lines[-2], lines[-1]])
    assert ":6: the log ends before the game does" in error([*lines[:5], lines[-1]])
    assert ":3: 'p1 fly' is refused: unknown verb 'fly'" in error([lines[0], lines[1], '["p1 fly", "x"]', *lines[3:]])


class _Cheat:
    """A bot that answers with an action that is not legal now, and records the views it got."""

    name = "cheat"
    uses_view = False

    def __init__(self) -> None:
        self.views: list[object] = []

    def choose(self, view, legal: Sequence[tuple]) -> tuple:
        self.views.append(view)
        return (legal[0][0], "sell", 3, 0)


def test_an_illegal_bot_action_is_refused_and_changes_nothing() -> None:
    """A bot's answer that is not among the legal actions goes through the checked ``apply``:
    refused with its reason, the state exactly as it was (the trusted path is only for legal ones)."""
    import pytest

    from woa_core.errors import IllegalAction

    game = Game(load_rules("west-of-africa", 2), seed=3)
    before = game.state.to_json()
    cheat = _Cheat()
    with pytest.raises(IllegalAction, match="selecting cards"):
        loop.run(game, seated.Bots([cheat, cheat]))
    assert game.state.to_json() == before
    assert cheat.views == [None]  # uses_view = False: no snapshot was made for it


def test_a_bot_that_uses_its_view_gets_a_snapshot_of_its_seat() -> None:
    seen: list[int] = []

    class Looker(_Finisher):
        def choose(self, view, legal: Sequence[tuple]) -> tuple:
            seen.append(view.player)
            return super().choose(view, legal)

    game = Game(load_rules("west-of-africa", 2), seed=3)
    loop.run(game, seated.Bots([Looker(), Looker()]), max_steps=6)
    assert seen and set(seen) <= {0, 1} and len(seen) == 6


def test_a_bot_that_peeks_reads_the_games_own_state_and_plays_the_same() -> None:
    """Issue 18: a bot declaring ``peeks`` gets ``Game.peek`` (no copy of the state), any other a
    snapshot; the heuristic peeks, and plays the very same game either way."""
    copied: list[bool] = []

    class Peeker(_Finisher):
        peeks = True

        def choose(self, view, legal: Sequence[tuple]) -> tuple:
            copied.append(view.gold is not game.state.gold)
            return super().choose(view, legal)

    class Looker(Peeker):
        peeks = False

    game = Game(load_rules("west-of-africa", 2), seed=3)
    loop.run(game, seated.Bots([Peeker(), Looker()]), max_steps=6)
    assert copied and len(set(copied)) == 2  # both kinds of view were made

    class Heuristic:  # the heuristic, peeking or not
        def __init__(self, seat: int, peeks: bool) -> None:
            from woa_core.packs.west_of_africa.bots.heuristic import HeuristicBot

            self.inner, self.peeks, self.name = HeuristicBot(seat, seat=seat, players=3), peeks, "heuristic"

        def choose(self, view, legal: Sequence[tuple]) -> tuple:
            return self.inner.choose(view, legal)

    def log(peeks: bool) -> list[str]:
        bots = [Heuristic(s, peeks) for s in range(3)]
        transcript = Transcript()
        loop.run(Game(load_rules("west-of-africa", 3), seed=9), seated.Bots(bots), [transcript])
        return transcript.lines

    assert log(True) == log(False)
