"""Play games with bots: one game (``play_game``) or many, in parallel, in a fixed order.

Each game's seed comes from the master seed and the game's index alone (``game_seed``), and
results are consumed in index order, so statistics are identical for any number of workers.
"""

from __future__ import annotations

import gc
import hashlib
import os
import re
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from woa_core.bots import seated
from woa_core.errors import UsageError
from woa_core.files import OutputError, check_output, reason, write_atomic
from woa_core.kernel import loop
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.contract import Game, new_game
from woa_core.kernel.loop import Observer, Transcript
from woa_core.report import gamelog
from woa_core.report.figures import DECISIONS, WINS, Watching, winners
from woa_core.report.figures import declared as figures_of
from woa_core.rules import RulesSource, read_rules
from woa_core.sim.backends import Backend, LazyTasks, LocalPool


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``master`` (independent of workers).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"woa:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True, slots=True)
class RunSpec:
    """What a simulation plays: picklable, so worker processes can rebuild everything from it.

    ``rules`` may be given as a spec (a bundled name, directory or variant file) with
    ``overrides``; it is read and validated when the ``RunSpec`` is made, once, and travels to the
    workers as a ``RulesSource`` (the resolved document, not a path), so every game of a run plays
    the same rules even if a file changes meanwhile.

    >>> spec = RunSpec("west-of-africa", 2, ("random", "random"), seed=1, overrides=("economy.gold.cap=60",))
    >>> spec.rules.overrides, spec.rules_spec, spec.compiled().document["economy"]["gold"]["cap"]
    (('economy.gold.cap=60',), 'west-of-africa', 60)
    """

    rules: RulesSource | str
    players: int
    bots: tuple[str, ...]  # one per seat (before rotation)
    seed: int
    rotate_seats: bool = False
    log_dir: str | None = None
    overrides: tuple[str, ...] = ()  # only read when ``rules`` is given as a spec

    def __post_init__(self) -> None:
        if not isinstance(self.rules, RulesSource):
            object.__setattr__(self, "rules", read_rules(self.rules, self.overrides))
        object.__setattr__(self, "overrides", self.source.overrides)

    @property
    def source(self) -> RulesSource:
        """The rules of the run, as read at its start."""
        assert isinstance(self.rules, RulesSource)
        return self.rules

    @property
    def rules_spec(self) -> str:
        """How the rules were named (a bundled name or a relative path)."""
        return self.source.spec

    def compiled(self) -> CompiledRules:
        """The compiled rules for this run's player count (compiled once per process)."""
        return self.source.compile(self.players)

    def seat_bots(self, index: int) -> tuple[str, ...]:
        """The bot in each seat for game ``index`` (rotated by one seat per game if asked)."""
        if not self.rotate_seats:
            return self.bots
        shift = index % self.players
        return self.bots[shift:] + self.bots[:shift]


@dataclass(slots=True)
class GameRecord:
    """One finished game, as statistics need it (small and picklable): who played, how it
    ranked, and the value of every declared figure (``woa_core.report.figures``) by name."""

    index: int
    seed: int
    bots: tuple[str, ...]
    ranking: list[int]  # seats, best first
    winners: tuple[int, ...]  # the seats in first place (several when the ranking ties at the top)
    decisions: int
    figures: dict[str, Any] = field(default_factory=dict)
    log: str | None = None  # the game's log, to be saved by the consumer (see ``run_games``)

    @property
    def winner(self) -> int:
        """The winner (the first of the winners when several share the win)."""
        return self.winners[0]

    def wins_of(self, bot: str) -> int | float:
        """The share of the win of the seats ``bot`` held (1 for a sole winner's bot, 1/k of a
        win shared by k seats; the kernel's ``WINS`` figure).

        >>> record = GameRecord(0, 1, ("a", "b"), [1, 0], (1,), 9, {"wins": [0, 1]})
        >>> record.wins_of("b"), record.wins_of("a")
        (1, 0)
        """
        shares = self.figures[WINS.name]
        return sum(share for seat, share in enumerate(shares) if self.bots[seat] == bot)


def play_game(
    rules: CompiledRules,
    seed: int,
    bots: Sequence[str],
    index: int = 0,
    on_action: Callable[[str], None] | None = None,
) -> GameRecord:
    """Play one game to its end; ``on_action`` receives each action's notation (for logs).

    >>> from woa_core.rules import load_rules
    >>> record = play_game(load_rules("west-of-africa", 3), seed=5, bots=["random"] * 3)
    >>> record.figures["rounds"] > 1 and record.winner in (0, 1, 2)
    True
    """
    return _play(rules, seed, bots, index, on_action)[0]


def _play(
    rules: CompiledRules,
    seed: int,
    bots: Sequence[str],
    index: int,
    on_action: Callable[[str], None] | None,
    watching: Sequence[Observer] = (),
) -> tuple[GameRecord, Game]:
    game = new_game(rules, seed)
    figures = figures_of(rules)
    watched = Watching(figures, rules)
    observers: list[Observer] = [*watched.observers, *watching]
    if on_action is not None:
        observers.append(Transcript(on_action))
    loop.run(game, seated.bots(bots, seed, rules.pack), observers)
    values = watched.values(game)
    record = GameRecord(
        index=index,
        seed=seed,
        bots=tuple(bots),
        ranking=list(game.state.ranking),
        winners=tuple(winners(game)),
        decisions=values[DECISIONS.name],
        figures=values,
    )
    return record, game


def run_one(spec: RunSpec, index: int, write_log: bool = True) -> GameRecord:
    """Play game ``index`` of a run (in this process). With ``spec.log_dir``, its log is written
    there, or with ``write_log=False`` carried in ``record.log`` for ``save_log``."""
    rules = spec.compiled()
    seed = game_seed(spec.seed, index)
    bots = spec.seat_bots(index)
    if spec.log_dir is None:
        return play_game(rules, seed, bots, index)
    log = gamelog.LogRecorder(gamelog.header(rules, seed, spec.source, bots))
    record, _ = _play(rules, seed, bots, index, on_action=None, watching=[log])
    record.log = log.text()
    if write_log:
        save_log(spec, record)
    return record


def log_path(spec: RunSpec, index: int) -> Path:
    """Where the log of game ``index`` of a run goes."""
    return Path(spec.log_dir or ".") / f"game-{index:06d}.jsonl"


_RUN_FILE = re.compile(r"\.?game-\d+\.jsonl(\.[^/]*\.tmp)?")
"""A game log of a run (or the temporary file of one cut short by SIGKILL)."""


def prepare_log_dir(folder: str, overwrite: bool = False) -> None:
    """Make ``folder`` ready for the logs of one run, before its first game: a log folder holds
    one run, so a folder that holds anything is refused (``UsageError``), unless ``overwrite``
    and it holds only the game logs of an earlier run, which are then removed. The folder is
    created if need be; one that cannot be written is an ``OutputError``.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "logs"
    >>> prepare_log_dir(str(folder)); (folder / "game-000000.jsonl").write_text("{}")
    2
    >>> try:
    ...     prepare_log_dir(str(folder))
    ... except UsageError as e:
    ...     print(str(e).replace(str(folder), "logs")[:58])
    --log-dir logs already holds 1 file (game-000000.jsonl); a
    >>> prepare_log_dir(str(folder), overwrite=True); list(folder.iterdir())
    []
    """
    check_output(folder, folder=True)
    path = Path(folder)
    names = sorted(p.name for p in path.iterdir()) if path.is_dir() else []
    if names:
        logs = [n for n in names if _RUN_FILE.fullmatch(n)]
        others = [n for n in names if n not in logs]
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        held = f"{len(names)} file{'s' if len(names) > 1 else ''} ({shown})"
        if not overwrite:
            raise UsageError(
                f"--log-dir {folder} already holds {held}; a log folder holds one run: name a new or empty "
                "folder, or add --overwrite to replace the game logs in it"
            )
        if others:
            shown = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
            raise UsageError(
                f"--log-dir {folder} holds files that are not game logs ({shown}); --overwrite replaces game "
                "logs only: name a new or empty folder"
            )
        for name in logs:
            try:
                (path / name).unlink()
            except OSError as e:
                raise OutputError(path / name, reason(e)) from None
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(folder, reason(e)) from None


def save_log(spec: RunSpec, record: GameRecord) -> None:
    """Write the log a record carries (atomically: the whole file or none)."""
    if spec.log_dir is not None and record.log is not None:
        write_atomic(log_path(spec, record.index), record.log)
        record.log = None


_settled = False


def settle() -> None:
    """Set aside what this process holds for good, once it has compiled its rules: the first
    time, what the garbage collector tracks so far (the modules, the compiled rules) is frozen
    (``gc.freeze``), so the collections that games trigger no longer walk it (2% of a random
    game's instructions). Once per process: a worker forked later inherits it.

    >>> import woa_core.sim.runner as runner
    >>> runner.settle(); runner._settled  # (not the frozen count: it falls as frozen objects are freed)
    True
    """
    global _settled
    if not _settled:
        _settled = True
        gc.collect()  # what is garbage now is not frozen with the rest
        gc.freeze()


def _run_chunk(args: tuple[RunSpec, int, int]) -> list[GameRecord]:
    spec, start, stop = args
    spec.compiled()
    settle()
    return [run_one(spec, i, write_log=False) for i in range(start, stop)]


def games_per_task(games: int, workers: int, bots: Sequence[str], most: int = 50, per_worker: int = 8) -> int:
    """How many games one task of a pool plays. One where a single process plays them all, or
    where a bot searches (its games take seconds to minutes): a stop (Ctrl-C) then loses only the
    games under way, and the progress bar moves every game. Otherwise about ``per_worker`` tasks a
    worker, at most ``most`` games each, so that sending cheap games to the workers costs little.

    >>> games_per_task(1000, 2, ["random", "heuristic"]), games_per_task(1000, 1, ["random"])
    (50, 1)
    >>> games_per_task(1000, 2, ["mcts:iterations=400", "heuristic"]), games_per_task(40, 2, ["random"])
    (1, 2)
    """
    from woa_core.eval.kinds import bot_kind

    if workers == 1 or any(bot_kind(b) == "search" for b in bots):
        return 1
    return max(1, min(most, games // (workers * per_worker) or 1))


def run_games(
    spec: RunSpec, games: int, workers: int = 1, chunk: int = 0, backend: Backend | None = None, start: int = 0
) -> Generator[GameRecord, None, None]:
    """Yield the records of games ``start``..``start+games-1`` in index order, played by ``workers``
    processes (or by ``backend``, e.g. a Dask cluster: see ``woa_core.sim.backends``). Game ``i``
    is the same game whatever ``start``, ``games``, ``workers`` or the backend.

    With ``spec.log_dir``, each record carries its game's log: the consumer saves it with
    ``save_log`` along with the rest of the game (so a stopped run has exactly the logs of the
    games it reports; ``woa simulate`` does this)."""
    if spec.log_dir:
        os.makedirs(spec.log_dir, exist_ok=True)
    spec.compiled()  # fail here, with a clear error, not in a worker (forked workers inherit it)
    settle()
    owned = backend is None
    pool = LocalPool(min(workers, games)) if backend is None else backend
    chunk = chunk or games_per_task(games, pool.workers, spec.bots)
    stop = start + games
    # made one at a time as the backend asks (a run of 10^8 games holds no list of 10^8 tasks)
    tasks = LazyTasks(range(start, stop, chunk), lambda first: (spec, first, min(first + chunk, stop)))
    try:
        for records in pool.map(_run_chunk, tasks):
            yield from records
    finally:
        if owned:
            pool.close()


def run_several(runs: Sequence[tuple[RunSpec, int, int]], backend: Backend | None = None) -> list[list[GameRecord]]:
    """The records of several runs, each ``(spec, start, games)``, played through one map of the
    backend so its workers share them all (``woa tune``'s trials in flight). Run ``k`` gives the
    records ``run_games(spec, games, start=start)`` gives, in index order.

    >>> spec = RunSpec("west-of-africa", 2, ("random", "random"), seed=3)
    >>> a, b = run_several([(spec, 0, 2), (spec, 1, 1)])
    >>> len(a), len(b), a[1].ranking == b[0].ranking
    (2, 1, True)
    """
    for spec, _, _ in runs:
        spec.compiled()  # fail here, with a clear error, not in a worker
    settle()
    pool = backend or LocalPool(1)
    total = sum(games for _, _, games in runs)
    bots = tuple(b for spec, _, _ in runs for b in spec.bots)
    chunk = games_per_task(total, pool.workers, bots)
    tasks = [
        (k, (spec, first, min(first + chunk, start + games)))
        for k, (spec, start, games) in enumerate(runs)
        for first in range(start, start + games, chunk)
    ]
    out: list[list[GameRecord]] = [[] for _ in runs]
    try:
        for (k, _), records in zip(tasks, pool.map(_run_chunk, [task for _, task in tasks]), strict=True):
            out[k].extend(records)
    finally:
        if backend is None:
            pool.close()
    return out


def describe(spec: RunSpec, rules: CompiledRules) -> dict[str, Any]:
    """The manifest part that says what produced a run."""
    from woa_core import __version__
    from woa_core.build import build
    from woa_core.eval.kinds import bot_kind, strength_warnings

    return {
        "engine": __version__,
        "build": build(),
        **spec.source.describe(),
        "players": spec.players,
        "bots": list(spec.bots),
        "bot_kinds": {b: bot_kind(b, rules.pack) for b in dict.fromkeys(spec.bots)},
        "warnings": strength_warnings(spec.bots, spec.rotate_seats),
        "rotate_seats": spec.rotate_seats,
        "seed": spec.seed,
    }
