"""The search: an Optuna study over a tune file's space, its trials playing games.

Optuna (the ``tune`` extra) does the modelling: TPE for one target, its multi-objective TPE
for several (one objective per target, each the target's weighted violation,
``woa_core.tune.targets.violation``). Every trial plays games ``0..games-1`` of the file's
master seed at each player count (common seeds: trials differ by their rules, not their luck),
in rounds of ``round_games``. After each round but the last, a trial whose interval for some
target lies wholly outside the band cannot meet the targets and is stopped: with one objective
through Optuna's pruner interface (``CannotMeetPruner``, the trial is ``PRUNED``), with several
(Optuna prunes only single-objective trials) by ending the trial on the games so far, noted in
its ``stopped_after`` attribute. Those looks use intervals corrected (Bonferroni) for every
look a trial may take, so a good setting is rarely stopped by chance.

Trials fly ``in_flight`` at a time (the tune file's key, or ``--in-flight``; 1 by default):
that many are asked, their games played side by side round by round, each round's games of
them all sent to the backend as one batch (so ``--workers`` or ``--dask`` share them), then
told: those played in the order asked, then those that take an earlier result. The trials found
depend on the seed and ``in_flight`` alone, not on the workers or the backend (each game's seed
is its index's; asks and tells come in a fixed order). With more in flight the sampler proposes
each batch knowing only the batches before it (its ``constant_liar`` makes one batch less likely
to pile onto one setting). A trial whose setting an earlier finished trial (or one of its batch)
tried takes that trial's result without replaying its games (``reuse``): the same seeds would
give the same games, so the study is what replaying would make, for no games.

The study lives in ``DIR/study.db`` (SQLite through Optuna's storage); each tell is held whole
against Ctrl-C (``StopRequests.saving``), so a stopped run keeps every finished trial (the
trials of the batch cut short fail) and ``--resume`` continues up to ``trials``.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from woa_core.errors import UsageError
from woa_core.report.figures import Figure
from woa_core.sim.backends import Backend
from woa_core.sim.runner import RunSpec, run_several
from woa_core.sim.sweep_figures import Z95, bonferroni_z
from woa_core.sim.sweep_space import Parameter, Point
from woa_core.tune.targets import Estimate, cannot_meet, game_values, measure, violation
from woa_core.tune.tune_file import TuneFile

STUDY_FILE = "study.db"
STUDY_NAME = "woa-tune"
EXTRA_SENTENCE = "woa tune needs Optuna: install the 'tune' extra (pip install 'woa[tune]')"


def require_optuna() -> Any:
    """The ``optuna`` module, or a ``UsageError`` naming the extra that brings it."""
    try:
        import optuna
    except ImportError:
        raise UsageError(EXTRA_SENTENCE) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", module="optuna")
    return optuna


# ------------------------------------------------------------------------------ playing games


class Games:
    """Plays a setting's games: ``play(overrides, players, start, count)`` gives each game's values
    (``targets.game_values``) for games ``start..start+count-1`` of the master seed."""

    def __init__(self, tune: TuneFile, backend: Backend | None = None) -> None:
        self.tune = tune
        self.backend = backend
        self.played = 0
        self._figures: dict[int, tuple[Figure, ...]] = {}

    def figures(self, players: int) -> tuple[Figure, ...]:
        """The game's figures at ``players`` players (read once)."""
        if players not in self._figures:
            self._figures[players] = self.tune.figures(players)
        return self._figures[players]

    def play(self, overrides: tuple[str, ...], players: int, start: int, count: int) -> list[dict[str, float]]:
        """The values of ``count`` games from index ``start`` with the setting ``overrides``."""
        return self.play_many([(overrides, players, start, count)])[0]

    def play_many(self, requests: Sequence[tuple[tuple[str, ...], int, int, int]]) -> list[list[dict[str, float]]]:
        """``play`` for each ``(overrides, players, start, count)``, their games all sent to the
        backend at once (the trials in flight share its workers)."""
        specs = [
            (RunSpec(self.tune.rules(o), p, self.tune.bots[p], self.tune.seed, self.tune.rotate_seats), start, count)
            for o, p, start, count in requests
        ]
        out = []
        for (_, players, _, _), records in zip(requests, run_several(specs, self.backend), strict=True):
            figures = self.figures(players)
            out.append([game_values(figures, r) for r in records])
            self.played += len(records)
        return out


# ------------------------------------------------------------------------------ one trial


@dataclass(slots=True)
class TrialGames:
    """A trial's games so far, by player count."""

    by_count: dict[int, list[dict[str, float]]] = field(default_factory=dict)

    def total(self) -> int:
        """Games played over all player counts."""
        return sum(len(g) for g in self.by_count.values())


def estimates(
    tune: TuneFile, played: TrialGames, figures: Callable[[int], Sequence[Figure]], z: float = Z95
) -> list[tuple[int, Estimate]]:
    """Every (player count, target) estimate, targets fastest."""
    return [(p, measure(t, played.by_count[p], p, z, figures(p))) for p in tune.players for t in tune.targets]


def target_violations(tune: TuneFile, found: list[tuple[int, Estimate]], end: str = "value") -> list[float]:
    """Each target's weighted violation, the worst over player counts; ``end="nearest"`` measures
    it from the interval's end nearest the band (0 unless the whole interval misses the band)."""
    out = [0.0] * len(tune.targets)
    for i, (players, e) in enumerate(found):
        k = i % len(tune.targets)
        band = tune.targets[k].band(players)
        value = e.value
        if end == "nearest":
            value = (
                e.high
                if e.high < band[0]
                else e.low
                if e.low > band[1]
                else band[0]
                if math.isfinite(band[0])
                else band[1]
            )
        out[k] = max(out[k], tune.targets[k].weight * violation(value, band))
    return out


def rounds(tune: TuneFile) -> list[int]:
    """The game counts after which a trial looks at its intervals, the last being ``games``.

    >>> from types import SimpleNamespace
    >>> rounds(SimpleNamespace(games=60, round_games=15))
    [15, 30, 45, 60]
    """
    return [*range(tune.round_games, tune.games, tune.round_games), tune.games]


@dataclass(slots=True)
class Outcome:
    """How a trial ended: its objective value(s), and whether it was pruned (one objective)."""

    values: float | list[float]
    pruned: bool = False


@dataclass(slots=True)
class InFlight:
    """A trial being played: Optuna's ``trial``, its setting's overrides, its games so far."""

    trial: Any
    overrides: tuple[str, ...]
    played: TrialGames
    ended: bool = False
    pruned: bool = False


def play_trials(
    tune: TuneFile,
    trials: Sequence[Any],
    games: Games,
    multi: bool,
    on_game: Callable[[int], None] | None = None,
    held: Callable[[], contextlib.AbstractContextManager[None]] = contextlib.nullcontext,
) -> list[Outcome]:
    """Play Optuna's ``trials`` (each with its ``setting`` attribute) side by side, round by round:
    each round's games of every trial still going go to the backend as one batch, so its workers
    share them; then each trial looks at its intervals (and may stop). ``on_game`` gets the
    games played so far over all of them. What writes to the study runs inside ``held()`` (the
    search's ``stop.saving``: a signal never leaves its database in the middle of a commit)."""
    flying = [InFlight(t, Point("trial", t.user_attrs["setting"]).overrides, _no_games(tune)) for t in trials]
    looks = rounds(tune)
    z_look = bonferroni_z(max(1, len(looks) - 1) * len(tune.players) * len(tune.targets))
    for step in looks:
        going = [f for f in flying if not f.ended]
        if not going:
            break
        wanted = [(f, p) for f in going for p in tune.players]
        requests = [(f.overrides, p, len(f.played.by_count[p]), step - len(f.played.by_count[p])) for f, p in wanted]
        for (f, p), values in zip(wanted, games.play_many(requests), strict=True):
            f.played.by_count[p] += values
        if on_game:
            on_game(sum(f.played.total() for f in flying))
        if step == tune.games:
            break
        for f in going:
            with held():
                _look(tune, f, games, multi, step, z_look)
    with held():
        return [_outcome(tune, f, games, multi) for f in flying]


def _no_games(tune: TuneFile) -> TrialGames:
    return TrialGames({p: [] for p in tune.players})


def _look(tune: TuneFile, f: InFlight, games: Games, multi: bool, step: int, z: float) -> None:
    """After a round: end a trial whose interval for some target lies wholly outside its band."""
    found = estimates(tune, f.played, games.figures, z)
    if not any(cannot_meet(e, tune.targets[i % len(tune.targets)].band(p)) for i, (p, e) in enumerate(found)):
        return
    if multi:  # Optuna prunes single-objective trials only: this one ends on its games so far
        f.trial.set_user_attr("stopped_after", step)
        f.ended = True
        return
    f.trial.report(sum(target_violations(tune, found, "nearest")), step)
    if f.trial.should_prune():
        f.trial.set_user_attr("stopped_after", step)
        f.ended = f.pruned = True


def _outcome(tune: TuneFile, f: InFlight, games: Games, multi: bool) -> Outcome:
    values = _record(f.trial, tune, f.played, games)
    return Outcome(values if multi else sum(values), f.pruned)


def setting_key(setting: dict[str, Any] | None) -> str:
    """A setting as a key: two trials of one setting play the same games (common seeds).

    >>> setting_key({"b": 2, "a": 1.5}) == setting_key({"a": 1.5, "b": 2})
    True
    """
    return json.dumps(setting, sort_keys=True)


def reuse(trial: Any, earlier: Any, multi: bool) -> Outcome:
    """Give Optuna's ``trial`` the result of the ``earlier`` finished trial of the same setting,
    instead of replaying its games (the same seeds would give the same games): its reports to the
    pruner, its attributes (``reused_from`` names it) and its value(s) or its pruning."""
    for step, value in sorted(earlier.intermediate_values.items()):
        trial.report(value, step)
    for key in ("games", "estimates", "stopped_after"):
        if key in earlier.user_attrs:
            trial.set_user_attr(key, earlier.user_attrs[key])
    trial.set_user_attr("reused_from", earlier.user_attrs.get("reused_from", earlier.number))
    if earlier.state.name == "PRUNED":
        return Outcome([], pruned=True)
    return Outcome(list(earlier.values) if multi else earlier.value)


def _record(trial: Any, tune: TuneFile, played: TrialGames, games: Games) -> list[float]:
    """Save a trial's estimates and games played as its attributes; give its violations."""
    found = estimates(tune, played, games.figures)
    trial.set_user_attr("games", played.total())
    trial.set_user_attr("estimates", [[p, e.value, _finite(e.low), _finite(e.high)] for p, e in found])
    return target_violations(tune, found)


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def suggest(trial: Any, parameters: Sequence[Parameter]) -> dict[str, Any]:
    """A value of each parameter from Optuna's ``trial``: an integer or float range (stepped when
    the space steps it), or one of a list's values."""
    out: dict[str, Any] = {}
    for p in parameters:
        if p.values is None:
            if p.integer:
                out[p.path] = trial.suggest_int(p.path, int(p.low), int(p.high))
            else:
                out[p.path] = round(trial.suggest_float(p.path, p.low, p.high), 6)
            continue
        step = _even_step(p.values)
        if step is not None and all(isinstance(v, int) for v in p.values):
            out[p.path] = trial.suggest_int(p.path, p.values[0], p.values[-1], step=int(step))
        elif step is not None:
            out[p.path] = round(trial.suggest_float(p.path, p.values[0], p.values[-1], step=step), 10)
        else:
            choices = [json.dumps(v) for v in p.values]
            out[p.path] = json.loads(trial.suggest_categorical(p.path, choices))
    return out


def _even_step(values: Sequence[Any]) -> float | None:
    """The step of an increasing run of numbers evenly spaced (at least 3), else None.

    >>> _even_step((20, 25, 30)), _even_step((40, 45, 60)), _even_step(("a", "b", "c"))
    (5, None, None)
    """
    if len(values) < 3 or not all(type(v) in (int, float) for v in values):
        return None
    step = values[1] - values[0]
    if step <= 0 or any(not math.isclose(b - a, step, rel_tol=1e-9) for a, b in itertools.pairwise(values)):
        return None
    return step


# ------------------------------------------------------------------------------ the study


def make_pruner() -> Any:
    """Optuna's pruner interface, pruning a trial whose reported value (the violation measured
    from the interval's nearest end) is above 0: its interval already misses a band."""
    optuna = require_optuna()

    class CannotMeetPruner(optuna.pruners.BasePruner):  # type: ignore[misc,name-defined]
        def prune(self, study: Any, trial: Any) -> bool:
            step = trial.last_step
            return step is not None and trial.intermediate_values[step] > 0

    return CannotMeetPruner()


def open_study(tune: TuneFile, out: Path, resume: bool) -> Any:
    """The study in ``out/study.db``: new, or (``resume``) the one there; a ``UsageError`` for a
    study of another tune file, a study without ``--resume``, or a file that is no study."""
    optuna = require_optuna()
    path = out / STUDY_FILE
    if path.exists() and not resume:
        raise UsageError(f"{out} already holds a study: add --resume to continue it, or choose another --out")
    if resume and not path.exists():
        raise UsageError(f"{out} holds no study to resume ({path} is missing): run without --resume")
    multi = len(tune.targets) > 1
    sampler = optuna.samplers.TPESampler(
        seed=tune.seed, n_startup_trials=max(3, min(10, tune.trials // 4)), constant_liar=tune.in_flight > 1
    )
    try:
        storage = optuna.storages.RDBStorage(f"sqlite:///{path.resolve()}")
        study = optuna.create_study(
            storage=storage,
            study_name=STUDY_NAME,
            sampler=sampler,
            pruner=None if multi else make_pruner(),
            load_if_exists=True,
            directions=["minimize"] * len(tune.targets) if multi else None,
            direction=None if multi else "minimize",
        )
    except Exception as e:  # sqlalchemy's and Optuna's errors for a file that is not a study
        raise UsageError(
            f"{path}: not a study woa tune can read ({_first_line(e)}): delete it or choose another --out"
        ) from None
    old = study.user_attrs.get("digest")
    if old is not None and old != tune.digest:
        raise UsageError(
            f"{out} holds a study of another tune file (or --set changed): give the same, or choose another --out"
        )
    study.set_user_attr("digest", tune.digest)
    return study


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return (text[0] if text else type(e).__name__)[:200]


def finished(study: Any) -> list[Any]:
    """The study's complete and pruned trials (a failed one, cut by Ctrl-C, does not count)."""
    optuna = require_optuna()
    states = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
    return [t for t in study.get_trials(deepcopy=False) if t.state in states]


@dataclass(slots=True)
class SearchRun:
    """What the search did in this run."""

    trials_now: int = 0
    """Trials finished in this run (reused ones included)."""
    resumed: int = 0
    reused: int = 0
    """Of ``trials_now``, those that took an earlier trial's result."""
    interrupted: bool = False


def run_search(
    tune: TuneFile,
    study: Any,
    games: Games,
    stop: Any,
    on_progress: Callable[[int, int, Any], None] | None = None,
) -> SearchRun:
    """Ask, play and tell trials, ``tune.in_flight`` at a time, until the study has
    ``tune.trials`` finished ones (or Ctrl-C: ``interrupted``, every finished trial kept). A
    trial whose setting an earlier one tried takes its result (``reuse``) without playing.
    ``on_progress(first trial number, games, study)`` is called as games finish."""
    optuna = require_optuna()
    multi = len(tune.targets) > 1
    run = SearchRun(resumed=len(finished(study)))
    pending: list[Any] = []
    try:
        while True:
            # every use of the study's database is held whole against Ctrl-C: a signal inside one
            # of its commits would leave a transaction open and the database locked for the tells
            # that keep the finished trials
            with stop.saving():
                left = tune.trials - len(finished(study))
                if left <= 0:
                    break
                pending = [study.ask() for _ in range(min(left, tune.in_flight))]
                for trial in pending:
                    trial.set_user_attr("setting", suggest(trial, tune.parameters))
                known = {setting_key(t.user_attrs.get("setting")): t for t in finished(study)}
            first = pending[0].number

            def on_game(done: int, first: int = first) -> None:
                if on_progress:
                    with stop.saving():
                        on_progress(first, done, study)

            to_play = _first_of_each_setting([t for t in pending if _key(t) not in known])
            played = play_trials(tune, to_play, games, multi, on_game, stop.saving)
            for trial, outcome in zip(to_play, played, strict=True):
                _tell(study, trial, outcome, stop, pending)
                run.trials_now += 1
            with stop.saving():
                known = {setting_key(t.user_attrs.get("setting")): t for t in finished(study)}
            for trial in list(pending):  # a setting tried before (or twice in this batch)
                with stop.saving():
                    outcome = reuse(trial, known[_key(trial)], multi)
                _tell(study, trial, outcome, stop, pending)
                run.trials_now += 1
                run.reused += 1
    except KeyboardInterrupt:
        run.interrupted = True
        for trial in pending:  # later signals are ignored: these tells are not cut short
            # (a study that cannot be written leaves the trial unfinished, which a resumed search
            # does not count either: the finished ones are kept)
            with contextlib.suppress(Exception):
                study.tell(trial, state=optuna.trial.TrialState.FAIL)
    return run


def _key(trial: Any) -> str:
    return setting_key(trial.user_attrs.get("setting"))


def _first_of_each_setting(trials: list[Any]) -> list[Any]:
    """The trials to play: one of each setting (a second of the same setting reuses the first)."""
    first: dict[str, Any] = {}
    for t in trials:
        first.setdefault(_key(t), t)
    return list(first.values())


def _tell(study: Any, trial: Any, outcome: Outcome, stop: Any, pending: list[Any]) -> None:
    """Tell Optuna how ``trial`` ended, held whole against Ctrl-C, and take it off ``pending``."""
    optuna = require_optuna()
    with stop.saving():
        if outcome.pruned:
            study.tell(trial, state=optuna.trial.TrialState.PRUNED)
        else:
            study.tell(trial, outcome.values)
        pending.remove(trial)
