"""Every command's default bot comes from one place (``woa_core.defaults.DEFAULT_BOTS``) and its
``--help`` says which and why (issue 17): the commands whose figures a designer acts on play the
heuristic, ``woa check`` plays random."""

from __future__ import annotations

import argparse

import pytest

from woa_core.cli import build_parser
from woa_core.defaults import CHECK_BOT, DEFAULT_BOTS, DESIGN_BOT
from woa_core.sim.sweep_space import DEFAULTS


def _subparser(name: str) -> argparse.ArgumentParser:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name]


@pytest.mark.parametrize("command", ["simulate", "compare", "play", "value", "check"])
def test_the_default_bot_is_the_declared_one_and_the_help_says_why(command: str) -> None:
    p = _subparser(command)
    option = next(a for a in p._actions if a.dest in ("bots", "bot"))
    assert option.default == DEFAULT_BOTS[command]
    assert f"(default: {DEFAULT_BOTS[command]}: " in " ".join((option.help or "").split())


def test_designers_figures_come_from_the_heuristic_and_check_from_random() -> None:
    assert DESIGN_BOT == "heuristic" and CHECK_BOT == "random"
    assert {c: b for c, b in DEFAULT_BOTS.items() if b != DESIGN_BOT} == {"check": "random"}
    assert DEFAULTS["bots"] == DEFAULT_BOTS["sweep"]  # a space file without bots


def test_simulate_without_bots_plays_the_heuristic(capsys: pytest.CaptureFixture[str]) -> None:
    from woa_core.cli import main

    assert main(["simulate", "--players", "2", "--games", "1", "--quiet", "--workers", "1"]) == 0
    assert "bots: heuristic (scripted), heuristic (scripted)" in capsys.readouterr().out
