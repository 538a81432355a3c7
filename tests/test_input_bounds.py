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
    """Fail (rather than hang the suite) if the block takes more than ``seconds`` of CPU time (not
    wall-clock time: the machine may be shared); the inputs below took minutes to forever before,
    and each takes well under a second now."""

    def expired(signum, frame):
        raise AssertionError(f"took more than {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def run(capsys, *argv: str) -> tuple[int, str]:
    """``woa ARGV``'s exit status and what it printed (stderr, argparse errors included, then stdout)."""
    with within(10):
        try:
            status = main(list(argv))
        except SystemExit as e:  # argparse refuses an option with exit status 2
            status = int(e.code or 0)
    printed = capsys.readouterr()
    return status, printed.err + printed.out


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
        (["simulate", "--first-game", "-1"], "argument --first-game: '-1' is not a whole number of at least 0"),
        (["sweep", str(SWEEP_SPACE), "--out", "x", "--top", "-5"], "argument --top: '-5' is not a whole number"),
        (["sweep", str(SWEEP_SPACE), "--out", "x", "--race", "--race-games", "0"], "argument --race-games: '0'"),
        (["sweep", str(SWEEP_SPACE), "--out", "x", "--workers", "0"], "argument --workers: '0' is not a whole"),
        (["sweep", str(SWEEP_SPACE), "--out", "x", "--games", "0"], "argument --games: '0' is not a whole number"),
    ],
)
def test_counts_below_their_least_are_refused(capsys, argv, sentence):
    status, err = run(capsys, *argv)
    assert status == 2
    assert sentence in err


HUGE = "999999999999999999999999999999"


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["simulate", "--players", HUGE, "--games", "1"], "'99999999999999999999...' is not a number of players"),
        (["simulate", "--players", "-1", "--games", "1"], "'-1' is not a number of players from 1 to 8"),
        (["compare", "--players", "9"], "argument --players: '9' is not a number of players from 1 to 8"),
        (["check", "--players", "2", "--players", HUGE], "argument --players: '99999999999999999999...' is not"),
        (["validate", "--players", "0"], "argument --players: '0' is not a number of players from 1 to 8"),
        (["rules", "show", "--players", HUGE], "argument --players: '99999999999999999999...' is not"),
        (["play", "--players", HUGE], "argument --players: '99999999999999999999...' is not"),
        (["value", "--players", HUGE], "argument --players: '99999999999999999999...' is not"),
        (["simulate", "--games", HUGE], "argument --games: '99999999999999999999...' is more than 1000000000000"),
        (["simulate", "--first-game", HUGE], "argument --first-game: '99999999999999999999...' is more than"),
        (["compare", "--games", "1000000000001"], "'1000000000001' is more than 1000000000000 (10^12)"),
    ],
)
def test_huge_counts_are_refused_when_parsed(capsys, argv, sentence):
    """issue 37.8: `woa simulate --players 999999999999999999999999999999 --games 1` printed an
    OverflowError traceback (the bots of one seat repeated for every seat); every player count
    is bounded by the most any rules may support, and every other count by 10^12, when parsed."""
    status, printed = run(capsys, *argv)
    assert status == 2 and sentence in printed and "Traceback" not in printed


def test_the_most_players_is_what_every_pack_schema_allows():
    """issue 37.8: ``MOST_PLAYERS`` is the bound the schemas put on ``players.counts``."""
    import json

    from woa_core.options import MOST_PLAYERS

    schemas = sorted((Path(__file__).resolve().parents[1] / "schema").rglob("players.schema.json"))
    bounds = {json.loads(p.read_text())["properties"]["counts"]["items"]["maximum"] for p in schemas}
    assert len(schemas) >= 2 and bounds == {MOST_PLAYERS}


@pytest.mark.parametrize("objective", ["vp=nan", "vp=inf", "length=-inf"])
def test_an_objective_target_must_be_finite(capsys, tmp_path, objective):
    status, err = run(capsys, "sweep", str(SWEEP_SPACE), "--out", str(tmp_path / "o"), "--objective", objective)
    assert status == 2
    assert f"--objective '{objective}': the target" in err and "is not a finite number" in err
    assert not (tmp_path / "o").exists()  # refused before anything was written


# ------------------------------------------------------------------------------------ rules paths

DEEP = "economy" + ".a" * 999  # 1,000 keys: a RecursionError in content_hash before; 3,000 took 17 s


def test_a_deep_set_path_is_a_sentence(capsys):
    status, err = run(capsys, "simulate", "--games", "1", "--set", DEEP + "=1")
    assert status == 1
    assert err.strip().endswith("the rules path has 1,000 keys, more than the 64 a rules file may nest")
    assert len(err.strip().splitlines()) == 1


def test_a_deep_set_value_counts_with_its_path(capsys):
    status, err = run(capsys, "validate", "--set", "players.overlays" + ".a" * 40 + "=" + "[" * 30 + "]" * 30)
    assert status == 1
    assert "the path (42 keys) and its value nest 72 levels deep, more than the 64 a rules file may" in err


def test_a_deep_path_in_a_scenario_is_located_at_its_line(capsys, tmp_path):
    scenario = tmp_path / "deep.yaml"
    scenario.write_text(f"players: 2\noverrides:\n  - economy.gold.cap=40\n  - {DEEP}=1\n", encoding="utf-8")
    status, out = run(capsys, "scenario", str(scenario))
    assert status == 1
    assert "deep.yaml:4:5: the rules path has 1,000 keys, more than the 64 a rules file may nest" in out


def test_a_deep_sweep_parameter_is_located_at_its_key(capsys, tmp_path):
    space = tmp_path / "space.yaml"
    space.write_text(f"players: 2\ngames: 1\nparameters:\n  ? {DEEP}\n  : [1, 2]\n", encoding="utf-8")
    status, err = run(capsys, "sweep", str(space), "--out", str(tmp_path / "o"))
    assert status == 1
    assert "space.yaml:4:5: the rules path has 1,000 keys, more than the 64 a rules file may nest" in err


# ------------------------------------------------------------------------------------ sweep spaces


def _space(tmp_path: Path, parameters: str, extra: str = "") -> Path:
    path = tmp_path / "space.yaml"
    path.write_text(f"players: 2\ngames: 1\nbots: random\n{extra}parameters:\n{parameters}", encoding="utf-8")
    return path


def test_a_range_of_too_many_values_is_a_sentence(capsys, tmp_path):
    """1e308 / 1e-300 overflowed a float to int conversion (an OverflowError traceback)."""
    space = _space(tmp_path, "  economy.gold.cap: {min: 0, max: 1.0e+308, step: 1.0e-300}\n")
    status, err = run(capsys, "sweep", str(space), "--out", str(tmp_path / "o"))
    assert status == 1
    assert "space.yaml:5:51: step 1e-300 makes more than 10^18 values; a range may have at most 100,000" in err


def test_a_range_too_wide_to_sample_is_a_sentence(capsys, tmp_path):
    space = _space(tmp_path, "  economy.gold.cap: {min: -1.0e+308, max: 1.0e+308}\n", "sample: 2\n")
    status, err = run(capsys, "sweep", str(space), "--out", str(tmp_path / "o"))
    assert status == 1
    assert "the range from -1e+308 to 1e+308 is too wide to compute with" in err


def test_too_many_parameters_are_a_sentence(capsys, tmp_path):
    paths = "".join(f"  players.overlays.{n}.economy.gold.cap: [40]\n" for n in range(11))
    status, err = run(capsys, "sweep", str(_space(tmp_path, paths)), "--out", str(tmp_path / "o"))
    assert status == 1
    assert "space.yaml:5:3: 11 parameters are more than the 10 one sweep may vary: split the sweep" in err


@pytest.mark.parametrize("high", [17, 99_999])
def test_checking_a_space_reads_the_rules_as_often_whatever_its_size(monkeypatch, tmp_path, high):
    """Each value cost a full read of the rules (~30 ms): a 99,985-value range with sample: 1 spent
    40 minutes before its first game. Now the ends and one value between are read, at any size."""
    import woa_core.sim.sweep_space as sweep_space

    reads: list[tuple[str, ...]] = []
    real = sweep_space.read_rules
    monkeypatch.setattr(sweep_space, "read_rules", lambda spec, o=(): reads.append(tuple(o)) or real(spec, o))
    space = _space(tmp_path, f"  economy.gold.cap: {{min: 15, max: {high}, step: 1}}\n", "sample: 1\n")
    with within(10):
        loaded = sweep_space.load_space(space)
    assert reads == [
        (),
        ("economy.gold.cap=15",),
        (f"economy.gold.cap={(15 + high) // 2}",),
        (f"economy.gold.cap={high}",),
    ]
    assert len(loaded.points()) == 1


def test_a_value_not_checked_on_loading_is_refused_before_its_point_plays(capsys, tmp_path):
    """A refused value between the checked ones stops the sweep at its point, with a sentence."""
    space = _space(tmp_path, "  economy.gold.start: [0, 1, 2, 90, 3, 4]\n")
    status, err = run(capsys, "sweep", str(space), "--out", str(tmp_path / "o"), "--workers", "1", "--quiet")
    assert status == 1
    assert "space.yaml: point p4 (economy.gold.start=90): " in err
    assert "starting gold 90 is above the gold cap" in err
    assert sorted(p.name for p in (tmp_path / "o" / "points").iterdir()) == ["p1.json", "p2.json", "p3.json"]


def test_a_sample_of_a_huge_grid_is_drawn_without_listing_it(tmp_path):
    from woa_core.sim.sweep_space import load_space

    ranges = "".join(
        f"  players.overlays.{n}.economy.gold.cap: {{min: 20, max: 99999, step: 1}}\n" for n in (2, 3, 4, 5)
    )
    space = load_space(_space(tmp_path, ranges, "sample: 3\n"))  # 99,980^4 = 10^20 points
    with within(5):
        points = space.points()
    assert len({tuple(p.values.values()) for p in points}) == 3


def test_a_sampled_grid_draws_the_points_it_always_drew(tmp_path):
    """Drawing grid indices instead of listing the grid keeps the sample of a saved sweep."""
    import itertools
    import random

    from woa_core.sim.sweep_space import load_space

    ranges = "  economy.gold.cap: [40, 45, 50, 60]\n  economy.game_end.vp_threshold: {min: 20, max: 30, step: 2}\n"
    space = load_space(_space(tmp_path, ranges, "sample: 5\nseed: 7\n"))
    grid = list(itertools.product(*(p.values for p in space.parameters)))
    rng = random.Random("woa-sweep:7")  # what points() did before
    before = [grid[i] for i in sorted(rng.sample(range(len(grid)), 5))]
    assert [tuple(p.values.values()) for p in space.points()] == before


# -------------------------------------------------------------------------------------------- bots

PLUGIN = """
import random


class Quitter:
    name = "quitter"

    def __init__(self, seed, seat=0, players=2):
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        raise SystemExit(3)


class LateQuitter(Quitter):
    name = "late"

    def choose(self, view, legal):
        return self.rng.choice(list(legal))

    def game_over(self, view):
        raise SystemExit("bye")
"""


@pytest.mark.parametrize(
    ("bots", "sentence"),
    [
        (".x:Y", "woa: cannot load bot '.x:Y': name its module in full (my.module:Class), not relative to a package"),
        (".:", "woa: cannot load bot '.:': name its module in full"),
        ("builtins:exit", "woa: bot 'builtins:exit' tried to end the program (SystemExit("),
        ("plugin_quits:Quitter", "woa: bot 'quitter' (seat 1) tried to end the program (SystemExit(3))"),
        ("plugin_quits:LateQuitter", "woa: bot 'late' (seat 1) tried to end the program (SystemExit('bye'))"),
        (
            "mcts:iterations=100000000000000000000000",
            "woa: bot 'mcts': iterations must be between 1 and 10,000, not 100,000,000,000,000,000,000,000",
        ),
        ("mcts:seconds=1e9", "woa: bot 'mcts': seconds must be between 0 and 60, not 1e+09"),
        ("mcts:candidates=0", "woa: bot 'mcts': candidates must be between 1 and 50, not 0"),
        ("mcts:trust=11", "woa: bot 'mcts': trust must be between 0 and 10, not 11"),
        ("mcts:trust=-0.5", "woa: bot 'mcts': trust must be between 0 and 10, not -0.5"),
        ("mcts:trust=nan", "woa: bot 'mcts': trust=nan is not a valid float"),
        ("mcts:trust=lots", "woa: bot 'mcts': trust=lots is not a valid float"),
        ("mcts:trials=10001", "woa: bot 'mcts': trials must be between 0 and 10,000, not 10,001"),
        ("mcts:trials=-1", "woa: bot 'mcts': trials must be between 0 and 10,000, not -1"),
    ],
)
def test_bots_that_cannot_play_are_sentences(capsys, monkeypatch, tmp_path, bots, sentence):
    (tmp_path / "plugin_quits.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["simulate", "--players", "2", "--games", "1", "--workers", "1", "--quiet", "--bots", bots]
    status, err = run(capsys, *argv)
    assert status == 2
    assert err.startswith(sentence)
    assert len(err.strip().splitlines()) == 1


def test_a_bot_checks_its_declared_limits_when_made_in_code():
    from woa_core.bots.mcts import MctsBot

    with pytest.raises(ValueError, match="iterations must be between 1 and 10,000, not 0"):
        MctsBot(1, iterations=0)


# ------------------------------------------------------------------------------- scenarios, variants

ISLANDS = ("la_palma", "el_hierro", "la_gomera", "tenerife", "gran_canaria", "fuerteventura", "lanzarote")


def test_a_scenario_hand_too_big_to_choose_from_is_a_sentence(capsys, tmp_path):
    """99 cards of each island hung ``woa scenario``: every selection of the hand was enumerated.
    The hand is bounded by the rule files' bound on selections (rules.validate.selection_bound)."""
    hand = ", ".join(f"{island}: 99" for island in ISLANDS)
    (tmp_path / "huge.yaml").write_text(
        f"players: 2\nsetup:\n  hands:\n    p1: {{{hand}}}\nexpect:\n  decider: p1\n", encoding="utf-8"
    )
    (tmp_path / "fine.yaml").write_text("players: 2\nexpect:\n  decider: p1\n", encoding="utf-8")
    status, out = run(capsys, "scenario", str(tmp_path))  # a whole directory: the others still run
    assert status == 1
    assert (  # 699 cards: the six action cards dealt and 99 of each island
        "huge.yaml:4: p1 holds too many cards to choose among: a hand of 699 cards has more than 262,144 "
        "combinations of cards to enumerate; the engine supports at most 262,144"
    ) in out
    assert "1 passed, 1 failed" in out


def test_a_scenario_hand_the_engine_can_list_still_plays(capsys, tmp_path):
    (tmp_path / "s.yaml").write_text(
        "players: 2\nsetup:\n  hands:\n    p1: {la_palma: 3, tenerife: 2}\nexpect:\n  decider: p1\n", encoding="utf-8"
    )
    status, out = run(capsys, "scenario", str(tmp_path / "s.yaml"))
    assert status == 0, out


def test_extending_a_folder_without_rule_files_is_one_error_at_the_extends_line(capsys, tmp_path):
    (tmp_path / "v.yaml").write_text("extends: .\neconomy: {gold: {cap: 30}}\n", encoding="utf-8")
    status, err = run(capsys, "validate", str(tmp_path / "v.yaml"))
    assert status == 1
    first, summary = err.strip().splitlines()
    assert first.endswith(
        "v.yaml:1:10: cannot extend '.': a folder without rule files (ruleset.yaml, players.yaml, "
        "and its pack's) (at extends)"
    )
    assert summary.endswith("v.yaml: 1 problem(s)")


# ------------------------------------------------------------------- what the notes left


def test_workers_beyond_four_per_core_are_refused(capsys):
    """--workers 100000 would fork a storm of processes: refused with a sentence, exit 2."""
    status, err = run(capsys, "simulate", "--games", "2", "--workers", "100000", "--quiet")
    assert status == 2
    assert "'100000' workers: at most" in err and "per core" in err and "Traceback" not in err


class _Broken:
    """A plug-in bot with a bug: it divides by zero when it chooses."""

    name = "broken"

    def __init__(self, seed: int, seat: int = 0, players: int = 2) -> None:
        self.seat = seat

    def choose(self, view, legal):
        return legal[0] if self.seat else legal[len(legal) // 0]


def test_a_plug_in_bot_that_fails_is_a_sentence_naming_it(capsys):
    status, err = run(
        capsys,
        "simulate",
        "--games",
        "1",
        "--players",
        "2",
        "--workers",
        "1",
        "--quiet",
        "--bots",
        "tests.test_input_bounds:_Broken",
    )
    assert status != 0 and "Traceback" not in err
    assert "bot 'broken' (seat 1) failed while choosing: ZeroDivisionError" in err
