"""``woa --version`` and ``woa --help`` load the parser's registrations only, never a command's
own modules (issue 41.6a: they cost 0.24 CPU-s when building the parser imported every command's
modules; ``benchmarks/tool_speed.py`` measures them). Not timed: the modules loaded are counted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

HEAVY = ("yaml", "jsonschema", "multiprocessing", "woa_core.rules", "woa_core.kernel", "woa_core.sim.backends")
"""What no start-up may load: the rules, the kernel, the process pool and what they need."""

COMMANDS: tuple[str, ...] = ("validate", "rules", "simulate", "replay", "compare", "play", "check", "scenario")
COMMANDS += ("board", "tournament", "value", "sweep", "tune", "serve")


def _loaded_after(argv: list[str]) -> tuple[str, list[str]]:
    """The output of ``woa ARGV`` in a fresh process, and the modules loaded by its end."""
    code = (
        "import io, json, sys, contextlib\n"
        "from woa_core.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    try: main({argv!r})\n"
        "    except SystemExit: pass\n"
        "print(json.dumps([out.getvalue(), sorted(sys.modules)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    text, modules = json.loads(done.stdout)
    return text, modules


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_start_up_loads_no_command_module(argv: list[str]) -> None:
    """issue 41.6a: the parser is built from light registrations; what a command needs loads when it runs."""
    text, modules = _loaded_after(argv)
    heavy = [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert heavy == []
    assert text.startswith("woa ") if argv == ["--version"] else "commands:" in text


def test_the_help_still_lists_every_command() -> None:
    """issue 41.6a: ``woa --help`` names every command, and each command's own help is complete."""
    text, _ = _loaded_after(["--help"])
    listed = text.split("commands:")[1]
    assert all(f"    {name} " in listed or f"    {name}\n" in listed for name in COMMANDS), listed
    check, modules = _loaded_after(["check", "--help"])
    assert "--exhaustive" in check and "--dask ADDRESS" in check
    sweep, _ = _loaded_after(["sweep", "--help"])
    assert "seat-balance" in sweep  # the objectives, from the options module
    assert "woa_core.sim.sweep_figures" not in modules
