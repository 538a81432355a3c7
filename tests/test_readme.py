"""The README's Python example runs and prints what it says, and every example output is what its
command prints (``docs/readme_examples.py``)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_example_runs() -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    printed = out.getvalue().splitlines()
    assert printed == [
        "[0] ['p1 place la_palma', 'p1 place el_hierro', 'p1 place la_gomera']",
        "that is not possible now: place your ship first (round 1)",
    ]


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
    assert len(module.examples(text)) >= 9
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


@pytest.mark.slow
def test_the_slow_examples_are_what_their_commands_print(request: pytest.FixtureRequest) -> None:
    """The balance table of heuristic play (1,600 games, a few CPU-minutes): run with
    ``pytest tests/test_readme.py -m slow`` or ``python docs/readme_examples.py --check --slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("minutes of games: run it with 'pytest tests/test_readme.py -m slow'")
    module = _examples_module()
    text = README.read_text(encoding="utf-8")
    slow = [e for e in module.examples(text) if "slow" in e.flags]
    assert slow
    found = module.differences(text, slow=True, only=lambda e: "slow" in e.flags)
    assert not found, "README examples differ from their commands:\n" + "\n".join(found)


def test_every_balance_table_is_made_by_the_script_and_the_costly_say_what_they_cost() -> None:
    """Issue 17: no figure table of the README is typed by hand. A table the tests cannot afford
    to rerun (mcts play, tens of CPU-minutes) is still made by the script (``--only mcts``) from
    the commands in its marker, and the README says what it cost."""
    module = _examples_module()
    text = README.read_text(encoding="utf-8")
    inside = [(e.start, e.end) for e in module.examples(text)]
    tables = [m.start() for m in re.finditer(r"^\| players \| games \|", text, re.M)]
    assert tables and all(any(start <= t < end for start, end in inside) for t in tables)
    costly = [e for e in module.examples(text) if "costly" in e.flags]
    for example in costly:
        assert all("mcts" in c for c in example.commands)
        after = text[example.end : example.end + 3000]
        assert "CPU-seconds" in after  # the prose after it says what the run cost
