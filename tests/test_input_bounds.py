"""Every input bounded (issue 17.2): each hostile input found by the issue's probes gives one
sentence and exit status 1 or 2, quickly, never a traceback or a hang. One test per input, each
asserting the sentence it must print."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from woa_core.cli import main

SWEEP_SPACE = Path(__file__).resolve().parents[1] / "rules" / "sweeps" / "gold-cap-and-threshold.yaml"


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail (rather than hang the suite) if the block takes longer than ``seconds``; the bound is
    generous for a shared machine: the inputs below took minutes to forever before."""

    def expired(signum, frame):
        raise AssertionError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run(capsys, *argv: str) -> tuple[int, str]:
    """``woa ARGV``'s exit status and what it printed on stderr (argparse errors included)."""
    with within(10):
        try:
            status = main(list(argv))
        except SystemExit as e:  # argparse refuses an option with exit status 2
            status = int(e.code or 0)
    return status, capsys.readouterr().err


# ------------------------------------------------------------------------ counts on the command line


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["simulate", "--workers", "0"], "argument --workers: '0' is not a whole number of at least 1"),
        (["simulate", "--workers", "-1"], "argument --workers: '-1' is not a whole number of at least 1"),
        (["simulate", "--games", "0"], "argument --games: '0' is not a whole number of at least 1"),
        (["compare", "--workers", "0"], "argument --workers: '0' is not a whole number of at least 1"),
        (["check", "--workers", "0"], "argument --workers: '0' is not a whole number of at least 1"),
        (["tournament", "random", "heuristic", "--workers", "0"], "argument --workers: '0' is not a whole"),
        (["value", "--workers", "-1"], "argument --workers: '-1' is not a whole number of at least 1"),
        (["tournament", "random", "heuristic", "--resamples", "-1"], "'-1' is not a whole number of at least 0"),
        (["simulate", "--first-game", "-1"], "argument --first-game: '-1' is not a whole number of at least 0"),
        (["sweep", str(SWEEP_SPACE), "--out", "x", "--top", "-5"], "argument --top: '-5' is not a whole number"),
        (["sweep", str(SWEEP_SPACE), "--out", "x", "--race", "--race-games", "0"], "argument --race-games: '0'"),
        (["sweep", str(SWEEP_SPACE), "--out", "x", "--workers", "0"], "argument --workers: '0' is not a whole"),
    ],
)
def test_counts_below_their_least_are_refused(capsys, argv, sentence):
    status, err = run(capsys, *argv)
    assert status == 2
    assert sentence in err


@pytest.mark.parametrize("objective", ["vp=nan", "vp=inf", "length=-inf"])
def test_an_objective_target_must_be_finite(capsys, tmp_path, objective):
    status, err = run(capsys, "sweep", str(SWEEP_SPACE), "--out", str(tmp_path / "o"), "--objective", objective)
    assert status == 2
    assert f"--objective '{objective}': the target" in err and "is not a finite number" in err
    assert not (tmp_path / "o").exists()  # refused before anything was written
