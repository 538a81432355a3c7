"""Run a sweep: every point plays the same games (game i has the same seed at every point),
points are saved to the output folder as they finish, and with racing the points whose interval
shows them worse than the best stop early.

Racing plays the points in rounds of ``race_games`` games. After each round, every point still
racing is scored on its games so far, with intervals widened (Bonferroni) for the number of
points racing; a point whose whole interval lies above (worse than) the best point's interval is
dropped. Decisions depend only on the games, so a resumed sweep makes the same ones.

A point's file is ``DIR/points/ID.json``, written atomically after each round it finishes; a
sweep stopped by Ctrl-C resumes (``resume=True``) from those files without replaying them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from woa_core import __version__
from woa_core.errors import Problem, RulesError, SweepError, UsageError
from woa_core.files import write_atomic
from woa_core.jsontext import JsonProblem, read_json
from woa_core.report.figures import Figure, declared
from woa_core.sim.backends import Backend
from woa_core.sim.runner import RunSpec, run_games
from woa_core.sim.sweep_figures import Objective, bonferroni_z, game_figures, summarize
from woa_core.sim.sweep_space import Point, Space

RACING, DONE, DROPPED = "racing", "done", "dropped"


@dataclass(slots=True)
class PointState:
    """A point's games so far (each game's figures, in game order) and whether it still plays."""

    point: Point
    rules_hash: str = ""
    games: list[dict[str, float]] = field(default_factory=list)
    status: str = RACING
    dropped_after: int | None = None  # the number of games after which racing dropped it

    def to_json(self) -> dict[str, Any]:
        """What ``DIR/points/ID.json`` holds."""
        return {
            "id": self.point.id,
            "values": self.point.values,
            "overrides": list(self.point.overrides),
            "rules_hash": self.rules_hash,
            "status": self.status,
            "dropped_after": self.dropped_after,
            "games": self.games,
        }


@dataclass(slots=True)
class SweepRun:
    """What a sweep did: the points, and the games it played now and in earlier (resumed) runs."""

    space: Space
    states: list[PointState]
    race_games: int | None
    figures: tuple[Figure, ...] = ()  # the game's declared figures (``woa_core.report.figures``)
    played_now: int = 0
    resumed_points: int = 0
    interrupted: bool = False

    @property
    def played(self) -> int:
        """Games played over all runs of this sweep."""
        return sum(len(s.games) for s in self.states)

    @property
    def full_grid(self) -> int:
        """Games the sweep plays without racing."""
        return len(self.states) * self.space.games


def space_figures(space: Space) -> tuple[Figure, ...]:
    """The figures a sweep of ``space`` measures: those its game declares."""
    return declared(space.base_rules().compile(space.players))


class SweepStore:
    """The output folder: ``sweep.json`` (which space and settings) and one file per point."""

    def __init__(self, out: Path, space: Space, race_games: int | None, resume: bool) -> None:
        self.out = out
        self.points_dir = out / "points"
        head = {"space": space.file, "space_digest": space.digest, "race_games": race_games, "engine": __version__}
        marker = out / "sweep.json"
        if marker.exists():
            old = _saved_json(marker)
            if not resume:
                raise UsageError(f"{out} already holds a sweep: add --resume to continue it, or choose another --out")
            if old.get("space_digest") != space.digest:
                raise UsageError(
                    f"{out} holds a sweep of another space ({space.file}, --set or --games changed since): "
                    "resume it with the same file, --set and --games, or choose another --out"
                )
            if old.get("race_games") != race_games:
                raise UsageError(f"{out} was swept with other racing settings ({old.get('race_games')}): give the same")
        self.points_dir.mkdir(parents=True, exist_ok=True)
        write_atomic(marker, json.dumps(head, indent=2) + "\n")

    def load(self, point: Point) -> PointState | None:
        """A point saved by an earlier run of the same sweep (None if none, or saved for other
        values); a ``UsageError`` naming the file if it is not one woa wrote (woa writes them
        whole, so an unreadable one was changed since: its games are not trusted, nor silently
        played again)."""
        path = self.points_dir / f"{point.id}.json"
        if not path.exists():
            return None
        data = _saved_json(path)
        if data.get("values") != point.values:
            return None
        return _saved_point(point, data, path)

    def save(self, state: PointState) -> None:
        """Write a point's file (atomically)."""
        write_atomic(self.points_dir / f"{state.point.id}.json", json.dumps(state.to_json()) + "\n")


def _saved_json(path: Path) -> dict[str, Any]:
    """The JSON object a sweep saved at ``path``, read by the one bounded JSON reader; a
    ``UsageError`` saying where it is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"{path}: cannot read the saved sweep: {getattr(e, 'strerror', None) or e}") from None
    try:
        data = read_json(text, str(path))
    except JsonProblem as e:
        raise UsageError(f"{e}: {_NOT_SAVED_BY_WOA}") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path}:1:1: not a JSON object: {_NOT_SAVED_BY_WOA}")
    return data


_NOT_SAVED_BY_WOA = "not a file a sweep saved (delete it to play its games again, or choose another --out)"


def _saved_point(point: Point, data: dict[str, Any], path: Path) -> PointState:
    """The ``PointState`` of a point file's ``data`` (``PointState.to_json``); a ``UsageError``
    naming the first field that does not hold what a sweep writes."""
    games = data.get("games")
    dropped = data.get("dropped_after")
    checks = {
        "rules_hash": isinstance(data.get("rules_hash"), str),
        "status": data.get("status") in (RACING, DONE, DROPPED),
        "dropped_after": dropped is None or (type(dropped) is int and dropped >= 0),
        "games": isinstance(games, list) and all(_is_game_figures(g) for g in games),
    }
    for key, good in checks.items():
        if not good:
            raise UsageError(f"{path}: its '{key}' is not what a sweep writes: {_NOT_SAVED_BY_WOA}")
    return PointState(point, data["rules_hash"], data["games"], data["status"], dropped)


def _is_game_figures(game: Any) -> bool:
    """A game's figures as a point file holds them: names and numbers.

    >>> _is_game_figures({"rounds": 9, "p1_wins": 1.0}), _is_game_figures({"rounds": True}), _is_game_figures([])
    (True, False, False)
    """
    return isinstance(game, dict) and all(type(v) in (int, float) for v in game.values())


def run_sweep(
    space: Space,
    objective: Objective,
    backend: Backend,
    store: SweepStore,
    race_games: int | None = None,
    on_progress: Callable[[SweepRun, PointState], None] | None = None,
) -> SweepRun:
    """Play every point (racing if ``race_games``), saving each as it finishes a round.

    Ctrl-C ends the run with ``interrupted`` set; what was saved is kept for ``--resume``."""
    points = space.points()
    states: list[PointState] = []
    run = SweepRun(space, states, race_games, space_figures(space))
    for point in points:
        saved = store.load(point)
        if saved is not None and saved.games:
            run.resumed_points += saved.status != RACING
        states.append(saved or PointState(point))
    step = race_games or space.games
    boundaries = [*range(step, space.games, step), space.games]
    try:
        for b in boundaries:
            for state in states:
                if _racing_at(state, b) and len(state.games) < b:
                    _play(run, state, b, backend, store, on_progress)
            if race_games and b < space.games:
                for state in _dropped_at(states, b, objective, run.figures):
                    state.status, state.dropped_after = DROPPED, b
                    store.save(state)
    except KeyboardInterrupt:
        run.interrupted = True
    return run


def _racing_at(state: PointState, games: int) -> bool:
    """Still racing when the round ending at ``games`` is played (not dropped before it)."""
    return state.status != DROPPED or (state.dropped_after or 0) >= games


def _play(
    run: SweepRun,
    state: PointState,
    until: int,
    backend: Backend,
    store: SweepStore,
    on_progress: Callable[[SweepRun, PointState], None] | None,
) -> None:
    space = run.space
    try:
        source = space.point_rules(state.point)
    except RulesError as e:  # each value was checked alone; together they may still break the rules
        where = f"{space.file}: point {state.point.id} ({', '.join(state.point.overrides)})"
        raise SweepError([Problem(where, 0, 0, str(p)) for p in e.problems]) from None
    state.rules_hash = source.content_hash
    start = len(state.games)
    spec = RunSpec(source, space.players, space.bots, space.seed, space.rotate_seats)
    for record in run_games(spec, until - start, backend=backend, start=start):
        state.games.append(game_figures(run.figures, record))
        run.played_now += 1
        if on_progress:
            on_progress(run, state)
    if len(state.games) >= space.games:
        state.status = DONE
    store.save(state)  # only a whole round is saved: an interrupted one is played again on --resume


def _dropped_at(
    states: list[PointState], games: int, objective: Objective, figures: tuple[Figure, ...]
) -> list[PointState]:
    """The points racing up to ``games`` whose interval is worse than the best point's."""
    racing = [s for s in states if _racing_at(s, games) and len(s.games) >= games]
    if len(racing) < 2:
        return []
    z = bonferroni_z(len(racing))
    names = {k for s in racing for row in s.games[:games] for k in row}
    scores = {s.point.id: objective.score(summarize(s.games[:games], figures, names), z) for s in racing}
    best = min(racing, key=lambda s: scores[s.point.id][0])
    best_high = scores[best.point.id][2]
    return [s for s in racing if s.status == RACING and scores[s.point.id][1] > best_high]
