"""The README's two commands stand as they are, and every example output in it is what its command
prints (``docs/readme_examples.py``; the site's pages: ``tests/test_docs.py``)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


TWO_COMMANDS = [
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/woa simulate --players 4 --games 1000 "
    "--bots heuristic,random,random,random --rotate-seats",
    "python3 -m venv .venv && .venv/bin/pip install '.[test,dask,report,pettingzoo,serve,tune]' && .venv/bin/pytest -q",
]
"""The README's two commands, word for word (``.ci/run`` runs the second)."""


def test_the_two_commands_stand_in_the_readme_word_for_word() -> None:
    """issue 41.1: the short README keeps both commands exactly, and CI runs the test command's install."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)\n```", text, re.S | re.M)
    assert blocks[:2] == TWO_COMMANDS
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install --quiet '.[test,dask,report,pettingzoo,serve,tune]' && .venv/bin/pytest -q" in ci


def _examples_module():
    """``docs/readme_examples.py``, the script that makes the README's example outputs."""
    import importlib.util
    import sys

    if "readme_examples" in sys.modules:
        return sys.modules["readme_examples"]
    path = README.parent / "docs" / "readme_examples.py"
    spec = importlib.util.spec_from_file_location("readme_examples", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_every_example_output_in_the_readme_is_what_its_command_prints() -> None:
    """Issue 17: README examples cannot drift. Each example's commands are run (small sizes, fixed
    seeds; about 45 s of CPU) and must print what the README shows, times and core counts aside.
    To fix a failure: python docs/readme_examples.py, then reread the prose around the example."""
    module = _examples_module()
    text = README.read_text(encoding="utf-8")
    assert len(module.examples(text)) >= 2  # the quickstart's; the rest are the site's (tests/test_docs.py)
    found = module.differences(text)
    assert not found, "README examples differ from their commands:\n" + "\n".join(found)


def test_every_output_block_of_the_readme_is_made_by_the_script() -> None:
    """An output block outside the script's markers could drift unnoticed: there is none. Blocks
    of commands (sh), rules (yaml) and code (python, checked above) are what remains."""
    module = _examples_module()
    text = README.read_text(encoding="utf-8")
    inside = [(e.start, e.end) for e in module.examples(text)]
    for m in re.finditer(r"^```(\w*)\n.*?^```$", text, re.S | re.M):
        if not any(start <= m.start() < end for start, end in inside):
            assert m.group(1) in ("sh", "yaml", "python"), f"an unmade output block at: {m.group(0)[:80]!r}"


def test_the_example_check_finds_a_changed_figure_and_ignores_timings(tmp_path: Path) -> None:
    module = _examples_module()
    printed = {"woa simulate": (0, "200 games in 2.2 s with 2 worker(s): 89.8 games/s\nheuristic 100.0%\n")}

    def run(command: str, folder: Path) -> tuple[int, str]:
        return printed[command]

    text = "intro\n<!-- example\nwoa simulate\n-->\n```text\nold\n```\n<!-- /example -->\noutro\n"
    made = module.update(text, run)
    assert made.startswith("intro\n") and made.endswith("<!-- /example -->\noutro\n")
    assert "$ woa simulate\n200 games in 2.2 s with 2 worker(s)" in made
    assert module.differences(made, run) == []
    printed["woa simulate"] = (0, "200 games in 9.1 s with 8 worker(s): 21.9 games/s\nheuristic 100.0%\n")
    assert module.differences(made, run) == []  # another machine, another speed: the same output
    printed["woa simulate"] = (0, "200 games in 2.2 s with 2 worker(s): 89.8 games/s\nheuristic 99.5%\n")
    (difference,) = module.differences(made, run)
    assert "README: heuristic 100.0%" in difference and "now:    heuristic 99.5%" in difference
    printed["woa simulate"] = (1, "200 games in 2.2 s with 2 worker(s): 89.8 games/s\nheuristic 100.0%\n")
    assert module.differences(made, run)  # an exit status is part of the output
