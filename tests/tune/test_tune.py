"""woa tune (issue 39): tune files, the search, the confirmation, the variant and the faults."""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path

import pytest

from tests.tune.stopping import stop_then_resume
from woa_core.cli import main
from woa_core.errors import TuneError
from woa_core.rules.source import parse_yaml
from woa_core.sim.sweep_figures import bonferroni_z
from woa_core.tune.tune_file import load_tune, tune_from_located

ROOT = Path(__file__).resolve().parents[2]
optuna = pytest.importorskip("optuna")

SMALL = """\
rules: west-of-africa
players: 2
bots: [random]
games: 6
round_games: 3
trials: 3
confirm_games: 6
candidates: 2
seed: 2
parameters:
  economy.game_end.vp_threshold: {min: 15, max: 30, step: 5}
targets:
%s"""
ONE_TARGET = "  - {figure: length, between: [1, 100]}\n"


def _file(tmp_path: Path, targets: str = ONE_TARGET, name: str = "t.yaml") -> Path:
    path = tmp_path / name
    path.write_text(SMALL % targets, encoding="utf-8")
    return path


def _tune(tmp_path: Path, *args: str, targets: str = ONE_TARGET) -> int:
    return main(["tune", str(_file(tmp_path, targets)), "--workers", "1", "--quiet", *args])


def test_the_tune_schema_takes_the_sweep_space_parameter_forms():
    """issue 39.1: a tune file's parameters are a sweep space's (the same schema, not a copy that drifts)."""
    tune = json.loads((ROOT / "schema/tune.schema.json").read_text())
    sweep = json.loads((ROOT / "schema/sweep.schema.json").read_text())
    assert tune["properties"]["parameters"] == sweep["properties"]["parameters"]
    assert tune["properties"]["rules"] == sweep["properties"]["rules"]


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("{figure: no_such_row, at_most: 1}", "t.yaml:5:14: no figure 'no_such_row' in a 2-player game"),
        ("{figure: rounds, at_most: 1, between: [1, 2]}", "give exactly one band"),
        ("{figure: rounds, between: [9, 3]}", "the band [9, 3] is empty"),
        ("{figure: seat-spread, stat: median, at_most: 0.1}", "seat-spread has no median"),
        ("{figure: rounds, of: 3}", "'of' is the centre of a 'within' band"),
        ("{figure: rounds, within: 3}", "a 'within' band needs its centre"),
        ("{figure: rounds, at_most: oops}", "t.yaml:5:"),
    ],
)
def test_a_bad_target_is_a_located_sentence(target, said):
    """issue 39.1: a target the game has no figure for, or with a wrong band, is refused at FILE:LINE:COL."""
    text = f"players: 2\nparameters:\n  economy.gold.cap: [40, 60]\ntargets:\n  - {target}\n"
    with pytest.raises(TuneError) as e:
        tune_from_located(parse_yaml(text, "t.yaml"), "t.yaml")
    assert said in str(e.value)


def test_a_bad_parameter_value_is_located_like_a_sweep_space(tmp_path):
    """issue 39.1: the sweep space's checker reads the parameters: a value the rules refuse is located."""
    path = tmp_path / "t.yaml"
    path.write_text(
        "players: 2\nparameters:\n  economy.gold.cap: [40, -5]\ntargets:\n  - {figure: rounds, at_most: 9}\n",
        encoding="utf-8",
    )
    with pytest.raises(TuneError) as e:
        load_tune(path)
    assert "t.yaml:3:" in str(e.value) and "economy.gold.cap=-5" in str(e.value)


def test_bad_tune_files_get_a_sentence_from_the_command(tmp_path, capsys):
    """issue 39 (done when): bad YAML and a schema error are sentences with exit 1, never a traceback."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [2\n", encoding="utf-8")
    assert main(["tune", str(bad), "--out", str(tmp_path / "o")]) == 1
    schema = tmp_path / "schema.yaml"
    schema.write_text("players: 2\nparameters: {economy.gold.cap: [40]}\ntargets: []\n", encoding="utf-8")
    assert main(["tune", str(schema), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:" in err and "schema.yaml:3:" in err and "Traceback" not in err


def test_a_target_of_even_takes_the_player_count():
    """issue 39.1: 'within: 0.03, of: even' is an even share plus or minus 3 points at each count."""
    text = "players: [2, 4]\nparameters: {economy.gold.cap: [40, 60]}\ntargets:\n"
    text += "  - {figure: first_player_wins, within: 0.03, of: even}\n"
    tune = tune_from_located(parse_yaml(text, "t.yaml"), "t.yaml")
    assert [tune.targets[0].band(p) for p in tune.players] == [(0.47, 0.53), (0.22, 0.28)]


def test_a_tune_writes_a_variant_that_validates_and_a_report(tmp_path, capsys):
    """issue 39.3: the study, report.json and variant.yaml are written; the variant validates as it is;
    the confirmation plays games no trial played, with intervals corrected for the settings looked at."""
    out = tmp_path / "o"
    assert _tune(tmp_path, "--out", str(out), "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert (out / "study.db").is_file() and json.loads((out / "report.json").read_text()) == report
    assert len(report["search"]["trials"]) == 3
    c = report["confirmation"]
    assert c["first_game"] == 6 and c["z"] == round(bonferroni_z(max(c["settings_looked_at"], len(c["candidates"]))), 4)
    assert report["winner"]["meets_all_on_estimate"]
    assert main(["validate", str(out / "variant.yaml")]) == 0
    assert "valid for" in capsys.readouterr().out


def test_a_trial_that_cannot_meet_a_target_is_pruned(tmp_path, capsys):
    """issue 39.2: a target no setting can meet (games of 1000 rounds) prunes every trial after its first round."""
    out = tmp_path / "o"
    assert _tune(tmp_path, "--out", str(out), "--json", targets="  - {figure: rounds, between: [1000, 2000]}\n") == 0
    trials = json.loads(capsys.readouterr().out)["search"]["trials"]
    assert [t["state"] for t in trials] == ["pruned"] * 3
    assert all(t["games"] == 3 and t["stopped_after"] == 3 for t in trials)


def test_several_targets_stop_a_hopeless_trial_early(tmp_path, capsys):
    """issue 39.2: with several targets (a multi-objective study) a hopeless trial ends on its first round."""
    targets = "  - {figure: rounds, between: [1000, 2000]}\n  - {figure: seat-spread, at_most: 1}\n"
    assert _tune(tmp_path, "--out", str(tmp_path / "o"), "--json", targets=targets) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["manifest"]["sampler"] == "TPE (multi-objective)"
    assert all(t["stopped_after"] == 3 and t["games"] == 3 for t in report["search"]["trials"])


def test_trials_play_the_same_seeds(tmp_path):
    """issue 39.2: every trial plays games 0..games-1 of the master seed: one setting twice gives the same games."""
    from woa_core.tune.search import Games

    games = Games(load_tune(_file(tmp_path)))
    first = games.play(("economy.game_end.vp_threshold=20",), 2, 0, 4)
    assert games.play(("economy.game_end.vp_threshold=20",), 2, 0, 4) == first
    assert games.play(("economy.game_end.vp_threshold=20",), 2, 4, 4) != first


def test_resume_continues_the_study(tmp_path, capsys):
    """issue 39.2: --resume keeps the finished trials and plays up to --trials; without it, no overwrite."""
    out = tmp_path / "o"
    assert _tune(tmp_path, "--out", str(out), "--trials", "2") == 0
    assert _tune(tmp_path, "--out", str(out)) == 2
    assert "already holds a study: add --resume" in capsys.readouterr().err
    assert _tune(tmp_path, "--out", str(out), "--resume", "--trials", "3", "--json") == 0
    assert [t["trial"] for t in json.loads(capsys.readouterr().out)["search"]["trials"]] == [0, 1, 2]


def test_a_corrupt_study_file_is_a_sentence(tmp_path, capsys):
    """issue 39 (done when): a study.db that is not a study gets a sentence, not a traceback."""
    out = tmp_path / "o"
    out.mkdir()
    (out / "study.db").write_bytes(b"this is not SQLite at all" * 100)
    assert _tune(tmp_path, "--out", str(out), "--resume") == 2
    err = capsys.readouterr().err
    assert "study.db: not a study woa tune can read" in err and "Traceback" not in err


def test_an_unwritable_out_is_a_sentence(tmp_path, capsys):
    """issue 39 (done when): --out under a file is refused with a sentence before any game."""
    (tmp_path / "file").write_text("x", encoding="utf-8")
    status = _tune(tmp_path, "--out", str(tmp_path / "file" / "o"))
    err = capsys.readouterr().err
    assert status != 0 and "woa:" in err and "Traceback" not in err


def test_without_optuna_the_command_names_the_extra(tmp_path, capsys, monkeypatch):
    """issue 39 (done when): without Optuna, woa tune says which extra to install; nothing else needs it."""
    monkeypatch.setitem(sys.modules, "optuna", None)
    assert _tune(tmp_path, "--out", str(tmp_path / "o")) == 2
    assert "install the 'tune' extra" in capsys.readouterr().err


def test_a_stop_keeps_the_finished_trials(tmp_path, monkeypatch):
    """issue 39.5: Ctrl-C in a trial keeps the finished trials (the cut one fails) and the study resumes."""
    states, finished = stop_then_resume(load_tune(_file(tmp_path)), tmp_path, monkeypatch)
    assert states == ["COMPLETE", "FAIL"] and finished == 3


def test_a_path_into_a_list_writes_the_whole_list(tmp_path):
    """issue 39.3: the variant of a setting of vp_by_rank[0] holds the whole list, as a variant file must."""
    from woa_core.tune.confirm import variant_document

    tune = load_tune(_file(tmp_path))
    doc = variant_document(tune, {"economy.gold_majority.vp_by_rank[0]": 3}, tmp_path)
    assert doc["extends"] == "west-of-africa" and doc["economy"]["gold_majority"]["vp_by_rank"] == [3, 1]


def test_the_html_report_is_written(tmp_path, capsys):
    """issue 39.3: --html writes a self-contained page with the targets over the trials."""
    pytest.importorskip("matplotlib")
    page = tmp_path / "r.html"
    assert _tune(tmp_path, "--out", str(tmp_path / "o"), "--html", str(page)) == 0
    html = page.read_text(encoding="utf-8")
    assert "The targets over the trials" in html and "<svg" in html


def test_the_benchmark_meets_a_bad_argument_with_a_sentence():
    """issue 39.4: benchmarks/tune_vs_grid.py refuses --reps 0 as the CLI would, never with a traceback."""
    import subprocess

    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/tune_vs_grid.py"), "--reps", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 2 and "'0' is not a whole number of at least 1" in done.stderr
    assert "Traceback" not in done.stderr


def test_workers_play_the_same_trials(tmp_path, capsys):
    """issue 39.2: --workers 2 plays each trial's games in two processes and finds the same trials."""
    assert _tune(tmp_path, "--out", str(tmp_path / "one"), "--json") == 0
    one = json.loads(capsys.readouterr().out)["search"]["trials"]
    path = _file(tmp_path)
    assert main(["tune", str(path), "--out", str(tmp_path / "two"), "--workers", "2", "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["search"]["trials"] == one


def test_a_study_of_other_settings_is_not_resumed(tmp_path, capsys):
    """issue 39.2: --resume with another --set is refused: its trials were played under other rules."""
    out = tmp_path / "o"
    assert _tune(tmp_path, "--out", str(out), "--trials", "1") == 0
    assert _tune(tmp_path, "--out", str(out), "--resume", "--set", "economy.gold.cap=50") == 2
    assert "holds a study of another tune file" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(("sig", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_signal_in_the_middle_keeps_the_finished_trials(tmp_path, sig, status):
    """issue 39.5: Ctrl-C (or SIGTERM) mid-search: a sentence, exit 130 (143), the finished trials kept for --resume."""
    import os
    import signal
    import sqlite3
    import subprocess
    import time

    out = tmp_path / "o"
    args = [sys.executable, "-m", "woa_core.cli", "tune", str(_file(tmp_path)), "--out", str(out)]
    proc = subprocess.Popen(
        [*args, "--trials", "5000", "--workers", "1", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline, done = time.monotonic() + 120, 0
        while time.monotonic() < deadline and done < 2:
            time.sleep(0.2)
            if (out / "study.db").exists():
                with contextlib.suppress(sqlite3.Error), sqlite3.connect(out / "study.db") as db:
                    done = db.execute("select count(*) from trials where state = 'COMPLETE'").fetchone()[0]
        assert proc.poll() is None, proc.communicate()
        os.kill(proc.pid, getattr(signal, sig))
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == status and "Traceback" not in err, err
    assert "trials finished and kept in" in err and "--resume" in err
    kept = int(err.split("interrupted; ")[1].split(" of ")[0])
    assert kept >= 2
    again = subprocess.run(
        [*args, "--resume", "--trials", str(kept + 1), "--quiet", "--workers", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert len(json.loads(again.stdout)["search"]["trials"]) == kept + 1


def test_a_trial_stopped_early_is_no_candidate(tmp_path):
    """issue 39.3: with several targets, a trial stopped early (known to miss) is not confirmed, even
    when its violations on its few games put it on the Pareto front."""
    from woa_core.tune.confirm import candidates

    tune = load_tune(_file(tmp_path, ONE_TARGET + "  - {figure: seat-spread, at_most: 1}\n"))
    study = optuna.create_study(directions=["minimize", "minimize"])
    dist = {"economy.game_end.vp_threshold": optuna.distributions.IntDistribution(15, 30, step=5)}
    for value, violations, stopped in ((15, [0.5, 0.0], 3), (20, [1.0, 0.0], None)):
        attrs = {"setting": {"economy.game_end.vp_threshold": value}, "stopped_after": stopped}
        trial = optuna.trial.create_trial(
            params={"economy.game_end.vp_threshold": value}, distributions=dist, values=violations, user_attrs=attrs
        )
        study.add_trial(trial)
    assert [t.user_attrs["setting"]["economy.game_end.vp_threshold"] for t in candidates(study, tune)] == [20]
