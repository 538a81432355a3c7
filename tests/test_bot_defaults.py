"""Every command's default bots come from one place, the rule pack's declaration
(``Pack.default_bots``; ``Pack.check_bots`` for ``woa check``, issue 42.5), and its ``--help``
says so and why (issue 17): the bundled games declare their heuristic, which the commands whose
figures a designer acts on play, and ``woa check`` plays random."""

from __future__ import annotations

import argparse

import pytest

from woa_core.bots import declared_bots
from woa_core.cli import build_parser
from woa_core.kernel.pack import load_pack
from woa_core.sim.sweep_space import DEFAULTS


def _subparser(name: str) -> argparse.ArgumentParser:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name]


@pytest.mark.parametrize("command", ["simulate", "compare", "play", "value", "check"])
def test_no_command_assumes_a_bot_and_the_help_says_whose_declaration_it_plays(command: str) -> None:
    p = _subparser(command)
    option = next(a for a in p._actions if a.dest in ("bots", "bot"))
    assert option.default is None  # resolved from the rules' pack once they are read
    said = " ".join((option.help or "").split())
    assert f"(default: the rule pack's {'check_bots' if command == 'check' else 'default_bots'}" in said


def test_the_bundled_games_declare_their_heuristic_and_check_plays_random() -> None:
    for name in ("west_of_africa", "africa"):
        pack = load_pack(name)
        assert pack.default_bots == "heuristic" and pack.check_bots == "random"
        assert declared_bots(pack, 3) == ("heuristic",) * 3 and declared_bots(pack, 2, check=True) == ("random",) * 2
    assert DEFAULTS["bots"] is None  # a space file without bots: the pack's


def test_simulate_without_bots_plays_the_heuristic(capsys: pytest.CaptureFixture[str]) -> None:
    from woa_core.cli import main

    assert main(["simulate", "--players", "2", "--games", "1", "--quiet", "--workers", "1"]) == 0
    assert "bots: heuristic (scripted), heuristic (scripted)" in capsys.readouterr().out
