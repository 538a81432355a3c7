"""woa tune's trials in flight and reused settings (issue 39, the parts left open: items 2 and 3)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from tests.tune.stopping import stop_then_resume
from woa_core.cli import main
from woa_core.tune.tune_file import load_tune

optuna = pytest.importorskip("optuna")

TWO_VALUES = """\
rules: west-of-africa
players: 2
bots: [random]
games: 6
round_games: 3
trials: %d
confirm_games: 4
candidates: 1
seed: 2
parameters:
  economy.game_end.vp_threshold: %s
targets:
  - %s
"""
ANY_LENGTH = "{figure: length, between: [1, 100]}"
NO_LENGTH = "{figure: rounds, between: [1000, 2000]}"


def _file(tmp_path: Path, trials: int = 6, values: str = "[15, 30]", target: str = ANY_LENGTH) -> Path:
    path = tmp_path / "t.yaml"
    path.write_text(TWO_VALUES % (trials, values, target), encoding="utf-8")
    return path


def _search(tmp_path: Path, out: str, *args: str, **file: object) -> dict:
    path = _file(tmp_path, **file)  # type: ignore[arg-type]
    assert main(["tune", str(path), "--out", str(tmp_path / out), "--quiet", "--json", *args]) == 0
    return json.loads((tmp_path / out / "report.json").read_text(encoding="utf-8"))


def _trials(report: dict) -> list[tuple]:
    """What the search found, trial by trial (not where its games ran)."""
    return [(t["trial"], t["state"], json.dumps(t["setting"]), t["violations"]) for t in report["search"]["trials"]]


def test_a_setting_tried_before_takes_its_result_without_its_games(tmp_path, capsys):
    """issue 39.3 (left open): six trials over two settings play each setting's games once; a
    repeat names the trial it took its result from, which has its setting and its violations."""
    report = _search(tmp_path, "o", "--workers", "1")
    capsys.readouterr()
    trials = report["search"]["trials"]
    settings = {json.dumps(t["setting"]) for t in trials}
    assert len(trials) == 6 and len(settings) == 2
    assert report["search"]["games_played"] == 2 * 6  # not 6 trials x 6 games
    assert report["search"]["reused"] == 4
    assert report["games_played_now"] == 2 * 6 + 4  # the search's games and one candidate's confirmation
    by_number = {t["trial"]: t for t in trials}
    for t in trials:
        if t["reused_from"] is not None:
            earlier = by_number[t["reused_from"]]
            assert earlier["reused_from"] is None and earlier["trial"] < t["trial"]
            assert (earlier["setting"], earlier["violations"], earlier["games"]) == (
                t["setting"],
                t["violations"],
                t["games"],
            )
    assert "4 trials of a setting already tried took its result" in _resumed_summary(tmp_path)


def _resumed_summary(tmp_path: Path) -> str:
    """The text summary of a second, resumed run of the study in ``o`` (no new trials)."""
    import contextlib
    import io

    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        assert main(["tune", str(_file(tmp_path)), "--out", str(tmp_path / "o"), "--resume", "--quiet"]) == 0
    return text.getvalue()


def test_a_pruned_setting_tried_again_is_pruned_again_without_games(tmp_path, capsys):
    """issue 39.3 (left open): a repeat of a pruned setting is pruned as it was (same step, same
    report to the pruner) and plays nothing."""
    report = _search(tmp_path, "o", "--workers", "1", trials=4, target=NO_LENGTH)
    trials = report["search"]["trials"]
    assert [t["state"] for t in trials] == ["pruned"] * 4
    assert all(t["stopped_after"] == 3 for t in trials)
    assert report["search"]["games_played"] == 3 * len({json.dumps(t["setting"]) for t in trials})
    study = optuna.load_study(study_name="woa-tune", storage=f"sqlite:///{tmp_path / 'o' / 'study.db'}")
    for t in study.trials:
        if "reused_from" in t.user_attrs:
            assert t.intermediate_values == study.trials[t.user_attrs["reused_from"]].intermediate_values


def test_reusing_a_result_finds_the_trials_replaying_would(tmp_path, monkeypatch, capsys):
    """issue 39.3 (left open): the study with reuse is the study replaying every repeat makes
    (the same seeds give the same games), for fewer games."""
    from woa_core.tune import search

    reused = _search(tmp_path, "reused", "--workers", "1")
    fresh = itertools.count()
    monkeypatch.setattr(search, "setting_key", lambda setting: f"never the same {next(fresh)}")
    replayed = _search(tmp_path, "replayed", "--workers", "1")
    capsys.readouterr()
    assert replayed["search"]["reused"] == 0 and replayed["search"]["games_played"] == 6 * 6
    assert _trials(reused) == _trials(replayed)


def test_trials_in_flight_share_each_round_of_games(tmp_path, monkeypatch, capsys):
    """issue 39.2 (left open): with in_flight 3, each round's games of three trials go to the
    backend together (one batch per round), and three trials are asked before any is told."""
    from woa_core.tune import search

    batches: list[int] = []
    real = search.Games.play_many

    def counted(self, requests):
        batches.append(len({r[0] for r in requests}))
        return real(self, requests)

    monkeypatch.setattr(search.Games, "play_many", counted)
    report = _search(tmp_path, "o", "--workers", "1", "--in-flight", "3", trials=3, values="[15, 20, 25, 30, 35]")
    capsys.readouterr()
    assert report["manifest"]["in_flight"] == 3
    distinct = len({json.dumps(t["setting"]) for t in report["search"]["trials"]})
    assert batches[:2] == [distinct, distinct] and distinct >= 2  # two rounds of 3 games, every setting in each


def test_in_flight_is_read_from_the_tune_file(tmp_path):
    """issue 39.2 (left open): the tune file's in_flight key (default 1) sets the trials in flight."""
    path = _file(tmp_path)
    assert load_tune(path).in_flight == 1
    path.write_text(path.read_text(encoding="utf-8") + "in_flight: 4\n", encoding="utf-8")
    assert load_tune(path).in_flight == 4


def test_trials_in_flight_find_the_same_trials_on_one_worker_or_two(tmp_path, capsys):
    """issue 39.2 (left open): with several trials in flight, the trials found depend on the seed
    and in_flight, not on --workers."""
    args = ("--in-flight", "3")
    file = {"trials": 6, "values": "{min: 15, max: 35, step: 1}"}
    one = _search(tmp_path, "one", "--workers", "1", *args, **file)
    two = _search(tmp_path, "two", "--workers", "2", *args, **file)
    capsys.readouterr()
    assert _trials(one) == _trials(two) and len(_trials(one)) == 6


@pytest.mark.slow
def test_trials_in_flight_on_a_local_dask_cluster_match_the_local_pool(tmp_path, capsys):
    """issue 39.2 (left open): --dask local plays the trials in flight on a Dask cluster and finds
    the trials the local pool finds (as tests/sim/test_backends.py checks simulate)."""
    pytest.importorskip("dask.distributed")
    args = ("--in-flight", "2")
    file = {"trials": 4, "values": "{min: 15, max: 35, step: 1}"}
    local = _search(tmp_path, "local", "--workers", "1", *args, **file)
    dask = _search(tmp_path, "dask", "--workers", "2", "--dask", "local", *args, **file)
    capsys.readouterr()
    assert _trials(dask) == _trials(local)
    assert dask["confirmation"] == local["confirmation"]


def test_a_stop_fails_every_trial_of_the_batch_cut_short(tmp_path, monkeypatch):
    """issue 39.2 (left open): Ctrl-C in a batch of trials in flight keeps the finished batches
    and fails the trials of the cut one; the study resumes to its trials."""
    from dataclasses import replace

    tune = replace(load_tune(_file(tmp_path, trials=4, values="{min: 15, max: 35, step: 1}")), in_flight=2)
    states, finished = stop_then_resume(tune, tmp_path, monkeypatch)
    assert states == ["COMPLETE", "COMPLETE", "FAIL", "FAIL"] and finished == 4
