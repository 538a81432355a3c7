"""``benchmarks/eval_ranking.py``: the decision-level test of the search's evaluation (issue 15).

Its figures decide what the pack's evaluation is, so its choice rule, its saved rollouts and its
refusals are tested here; the figures themselves are in its docstring.
"""

from __future__ import annotations

import json
import math
import sys
from io import StringIO
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import eval_ranking
import fuzz_inputs as fuzz


def _main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    monkeypatch.setattr(sys, "argv", ["eval_ranking.py", *args])
    eval_ranking.main()
    return capsys.readouterr().out


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Two decisions of six worlds each, saved, and the report printed when they were played."""
    path = tmp_path_factory.mktemp("rank") / "tiny.json"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "argv", ["eval_ranking.py", "--positions", "2", "--worlds", "6", "--json", "--save", str(path)])
        out = StringIO()
        mp.setattr(sys, "stdout", out)
        eval_ranking.main()
    return path, out.getvalue()


def test_the_first_candidate_stands_unless_another_beats_it_by_a_standard_error() -> None:
    """``mcts:trust=1``'s rule: the heuristic's choice (candidate 0) is kept against a better mean
    within one standard error of the paired differences, and given up beyond it."""
    first = [0.0, 0.0, 0.0, 0.0]
    assert eval_ranking.choose([first, [0.2, 0.3, 0.2, 0.3]], [0, 1, 2, 3]) == 1
    noisy = [1.0, -0.9, 1.0, -0.9]  # mean 0.05, standard error 0.55
    assert eval_ranking.choose([first, noisy], [0, 1, 2, 3]) == 0
    assert eval_ranking.choose([first, noisy], [0, 1, 2, 3], trust=0.05) == 1
    assert eval_ranking.choose([first, [-0.1] * 4], [0, 1, 2, 3]) == 0


def test_saved_rollouts_give_the_same_report_again(
    saved: tuple[Path, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, played = saved
    report = json.loads(played)
    assert report["positions"] == 2 and report["worlds"] == 6
    assert {"round/softmax", "round/softmax+reach1", "end"} <= set(report["rules"])
    assert report["rules"]["round/softmax"]["gain_vs"] == 0.0
    assert _main(monkeypatch, capsys, "--load", str(path), "--json") == played


def test_features_out_of_step_with_the_pack_are_a_sentence_not_a_hang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check against the pack's own evaluation runs in the pool's workers: its failure must
    come back to ``main`` as a sentence (``SystemExit`` raised in a worker left ``pool.map``
    waiting for ever)."""
    monkeypatch.setattr(eval_ranking, "_softmax", lambda scale, **weights: lambda f, seat: -1.0)
    with pytest.raises(SystemExit, match=r"the features give -1\.0000 where the pack's evaluation gives .*SEAT"):
        _main(monkeypatch, capsys, "--positions", "2", "--worlds", "4", "--workers", "2")


@pytest.mark.parametrize(
    "args",
    [
        ["--positions", "1"],
        ["--worlds", "5"],
        ["--worlds", "2"],
        ["--workers", "0"],
        ["--workers", "9999"],
        ["--evals", "softmax,nope"],
    ],
)
def test_arguments_it_cannot_use_are_refused(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        _main(monkeypatch, capsys, *args)
    assert stop.value.code == 2 and args[0] in capsys.readouterr().err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    ops=st.lists(
        st.builds(fuzz.DataOp, st.sampled_from(fuzz.DATA_OPS), st.floats(0, 1), st.sampled_from(fuzz.VALUES)),
        min_size=1,
        max_size=3,
    ),
    cut=st.floats(0, 1),
)
def test_a_mangled_save_gets_a_sentence_or_a_report(
    saved: tuple[Path, str],
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    ops: list[fuzz.DataOp],
    cut: float,
) -> None:
    """A --save file mutated as ``benchmarks/fuzz_inputs.py`` mutates data (and, for half the
    cases, cut short): a report, or one line that names the file, never a traceback."""
    text = json.dumps(fuzz.mutate_data(json.loads(saved[0].read_text(encoding="utf-8")), ops))
    if cut < 0.5:
        text = text[: int(cut * 2 * len(text))]
    path = tmp_path_factory.mktemp("mangled") / "rollouts.json"
    path.write_text(text, encoding="utf-8")
    phased = cut > 0.75  # a quarter of the cases split by phase
    try:
        out = json.loads(_main(monkeypatch, capsys, "--load", str(path), "--json", *(["--phases", "0.5"] * phased)))
        assert out["phases" if phased else "rules"]
    except SystemExit as e:
        assert isinstance(e.code, str) and "\n" not in e.code and e.code.startswith(f"{path}: not the rollouts")


def test_a_budget_chooses_from_fewer_worlds(
    saved: tuple[Path, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--budgets``: every rule again choosing from N of its half's worlds; at the whole half (3 of
    6) it is the rule itself; a budget above the half is left out."""
    path, played = saved
    rules = json.loads(
        _main(monkeypatch, capsys, "--load", str(path), "--json", "--evals", "softmax", "--budgets", "2,3,9")
    )["rules"]
    every = ["end", *(f"{cut}/softmax" for cut in eval_ranking.CUTS)]
    assert {key for key in rules if "@" in key} == {f"{r}@{n}" for r in every for n in (2, 3)}
    for rule in ("end", "round/softmax"):
        assert {k: v for k, v in rules[rule].items() if k != "corr_limit"} == json.loads(played)["rules"][rule]
        assert rules[f"{rule}@3"] == {k: v for k, v in rules[rule].items() if k != "corr_limit"}
        assert "corr_limit" in rules[rule]
    with pytest.raises(SystemExit):
        _main(monkeypatch, capsys, "--load", str(path), "--budgets", "2,x")
    assert "--budgets" in capsys.readouterr().err


def test_the_limit_of_corr_undoes_the_noise_of_few_worlds() -> None:
    """Noise of variance s/N on differences of variance v scales ``corr`` by sqrt(v / (v + s/N)):
    from ``corr`` at a few N the limit recovers the noiseless one, and says NaN where the model
    cannot hold."""
    for truth, ratio in ((0.6, 2.0), (0.9, 31.0), (0.3, 0.1)):
        seen = {n: truth / math.sqrt(1 + ratio / n) for n in (10, 20, 30)}
        assert eval_ranking.limit(seen) == pytest.approx(truth)
    assert math.isnan(eval_ranking.limit({10: 0.5}))
    assert math.isnan(eval_ranking.limit({10: 0.5, 20: -0.1}))
    assert math.isnan(eval_ranking.limit({10: 0.9, 30: 0.1}))  # falling with more worlds: no limit


def test_phases_report_each_part_of_the_game_apart(
    saved: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--phases P``: the decisions with less than P of the game behind them (the pack's search
    progress, saved with the rollouts) and the rest, each reported as the whole would be; a
    phase of one decision is too few to compare; a save without the progress is refused."""
    path, played = saved
    progress = json.loads(path.read_text(encoding="utf-8"))["progress"]
    assert len(progress) == 2 and all(0 <= x < 1 for x in progress)
    low, high = sorted(progress)
    split = json.loads(_main(monkeypatch, capsys, "--load", str(path), "--json", "--phases", f"{high:.6f}"))
    if low < high:  # one decision each side: too few to compare
        assert [(p["positions"], p["rules"]) for p in split["phases"]] == [(1, None), (1, None)]
    together = json.loads(_main(monkeypatch, capsys, "--load", str(path), "--json", "--phases", "0.99"))["phases"]
    assert [p["positions"] for p in together] == [2, 0]
    assert together[0]["rules"] == json.loads(played)["rules"]
    bare = tmp_path / "old.json"
    bare.write_text(json.dumps({k: v for k, v in json.loads(path.read_text()).items() if k != "progress"}))
    with pytest.raises(SystemExit, match="progress"):
        _main(monkeypatch, capsys, "--load", str(bare), "--phases", "0.5")
    for bad in (["--phases", "0.7,0.5"], ["--phases", "1.2"], ["--after", "1"]):
        with pytest.raises(SystemExit) as stop:
            _main(monkeypatch, capsys, *bad)
        assert stop.value.code == 2 and bad[0] in capsys.readouterr().err


def test_by_phase_puts_every_decision_in_one_phase() -> None:
    assert eval_ranking.by_phase([0.0, 0.5, 1.0, 0.49], [0.5]) == [(0.0, 0.5, [0, 3]), (0.5, 1.0, [1, 2])]
