"""The documentation site (issue 41, items 1, 2 and 7): a short README, pages whose example outputs are
made by running their commands (``docs/readme_examples.py``), every command shown parsed by
``woa``'s own parser, figure tables that name the rules they were made with, a CLI reference made
from the parser, and the examples that misled fixed."""

from __future__ import annotations

import contextlib
import doctest
import importlib.util
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from woa_core.bots import bot_factory
from woa_core.cli import build_parser
from woa_core.errors import UsageError
from woa_core.options import read_rules_from

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def _load(name: str, path: Path) -> ModuleType:
    """A module of ``docs/`` loaded by its path (``docs/`` is not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def _examples() -> ModuleType:
    return _load("readme_examples", DOCS / "readme_examples.py")


def _site_pages() -> list[Path]:
    """Every Markdown page the site builds (the race pack's folder is data, not a page)."""
    return sorted(p for p in DOCS.rglob("*.md") if "rule-packs/race" not in p.relative_to(DOCS).as_posix())


def _shown_commands(text: str) -> list[str]:
    """Every ``woa`` command a text shows: in ``sh`` blocks (each part of a ``&&`` chain, after any
    ``NAME=value`` words) and in example markers."""
    found = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M):
        for line in block.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
                    words = words[1:]
                if words and Path(words[0]).name == "woa":
                    found.append(shlex.join(["woa", *words[1:]]))
    found += [c for e in _examples().examples(text) for c in e.commands]
    return found


def test_the_readme_is_at_most_10_kb() -> None:
    """issue 41.1: the README was 87,721 bytes; it holds what woa is, the two commands, a designer's
    quickstart and links, at most 10 KB."""
    size = len(README.read_bytes())
    assert size <= 10_000, f"README.md is {size:,} bytes: move detail into a page under docs/"
    text = README.read_text(encoding="utf-8")
    assert "![" in text and "## Two commands" in text and "five minutes" in text
    for target in re.findall(r"\]\((docs/[^)#]+)", text):
        assert (ROOT / target).exists(), f"the README links to {target}, which does not exist"


def test_every_woa_command_shown_in_the_readme_and_the_site_parses() -> None:
    """issue 41.2: every command a reader may copy is one ``woa`` accepts (a renamed option, a
    placeholder such as ``--players N`` fails here). Parsing runs nothing."""
    shown = [(page, c) for page in [README, *_site_pages()] for c in _shown_commands(page.read_text(encoding="utf-8"))]
    assert len(shown) >= 60
    refused = []
    for page, command in shown:
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                build_parser().parse_args(shlex.split(command)[1:])
        except SystemExit as e:
            if e.code:
                refused.append(f"{page.relative_to(ROOT)}: {command}\n  {err.getvalue().strip().splitlines()[-1]}")
    assert not refused, "commands shown that woa refuses:\n" + "\n".join(refused)


def test_every_example_output_on_the_site_is_what_its_command_prints() -> None:
    """issue 41.2: the README's examples that moved to the site's pages are still made by running
    them and still checked (times and core counts aside). To fix a failure:
    python docs/readme_examples.py --page PAGE, then reread the prose around the example."""
    module = _examples()
    site = module.pages()[1:]
    assert sum(len(module.examples(p.read_text(encoding="utf-8"))) for p in site) >= 10
    found = []
    for page in site:
        found += [f"{page.relative_to(ROOT)}: {d}" for d in module.differences(page.read_text(encoding="utf-8"))]
    assert not found, "site examples differ from their commands:\n" + "\n".join(found)


def test_every_output_block_of_the_site_is_made_by_the_script() -> None:
    """issue 41.2: a ``text`` block on a page is an example output, made by the script; one outside
    its markers could drift unnoticed."""
    module = _examples()
    for page in _site_pages():
        text = page.read_text(encoding="utf-8")
        inside = [(e.start, e.end) for e in module.examples(text)]
        for m in re.finditer(r"^```text\n", text, re.M):
            assert any(start <= m.start() < end for start, end in inside), f"{page}: an unmade output block"


@pytest.mark.slow
def test_the_slow_examples_are_what_their_commands_print(request: pytest.FixtureRequest) -> None:
    """The balance table of heuristic play (1,600 games, a few CPU-minutes): run with
    ``pytest tests/test_docs.py -m slow`` or ``python docs/readme_examples.py --check --slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("minutes of games: run it with 'pytest tests/test_docs.py -m slow'")
    module = _examples()
    found, slow = [], 0
    for page in module.pages():
        text = page.read_text(encoding="utf-8")
        slow += sum("slow" in e.flags for e in module.examples(text))
        found += module.differences(text, slow=True, only=lambda e: "slow" in e.flags)
    assert slow and not found, "examples differ from their commands:\n" + "\n".join(found)


def _balance_tables() -> list[tuple[Path, str, Any]]:
    module = _examples()
    return [
        (page, text, example)
        for page in module.pages()
        for text in [page.read_text(encoding="utf-8")]
        for example in module.examples(text)
        if "balance-table" in example.flags
    ]


def test_every_balance_table_is_made_by_the_script_and_the_costly_say_what_they_cost() -> None:
    """Issue 17: no figure table is typed by hand. A table the tests cannot afford to rerun (mcts
    play, tens of CPU-minutes) is still made by the script (``--only mcts``) from the commands in
    its marker, and the page says what it cost."""
    module = _examples()
    tables = 0
    for page in module.pages():
        text = page.read_text(encoding="utf-8")
        inside = [(e.start, e.end) for e in module.examples(text)]
        starts = [m.start() for m in re.finditer(r"^\| players \| games \|", text, re.M)]
        assert all(any(start <= t < end for start, end in inside) for t in starts), page
        tables += len(starts)
        for example in (e for e in module.examples(text) if "costly" in e.flags):
            assert all("mcts" in c for c in example.commands)
            assert "CPU-seconds" in text[example.end : example.end + 3000]
    assert tables >= 2


def test_every_balance_table_names_the_rules_it_was_made_with_and_todays_rules_match() -> None:
    """issue 41.7: the mcts table named rules hash 922b76fbb0188bcc, which no longer exists, so a
    reader could not tell whether it still held. Each balance table now begins with the engine and
    the rules hash of its runs; when the rules its commands name have another hash today, the table
    must be remade, or be marked ``predates`` with the page saying so in words."""
    module = _examples()
    tables = _balance_tables()
    assert len(tables) >= 2
    for page, text, example in tables:
        caption = module.CAPTION.match(example.block)
        assert caption, f"{page}: a balance table without its caption ('Made with woa ..., rules ... (HASH).')"
        today = set()
        for command in example.commands:
            args = build_parser().parse_args(shlex.split(command)[1:])
            today.add(read_rules_from(args).content_hash)
        (now,) = today
        if "predates" in example.flags:
            assert caption["hash"] != now, f"{page}: marked predates, yet made under today's rules {now}: drop the flag"
            before = text[max(0, example.start - 1500) : example.start]
            assert "predate" in before and caption["hash"] in before, f"{page}: say in words that the table predates"
        else:
            assert caption["hash"] == now, (
                f"{page}: a table made under rules {caption['hash']}, today's are {now}: remake it "
                f"(python docs/readme_examples.py --page {page.relative_to(ROOT)} --only ...) or mark it predates"
            )


def test_the_python_page_example_runs_and_prints_what_it_says() -> None:
    """The README's Python example, moved to docs/python.md, runs and prints its comments."""
    text = (DOCS / "python.md").read_text(encoding="utf-8")
    found = re.search(r"```python\n(.*?)```", text, re.S)
    assert found, "docs/python.md has no python block"
    code = found.group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/python.md", "exec"), {})
    assert out.getvalue().splitlines() == [
        "[0] ['p1 place la_palma', 'p1 place el_hierro', 'p1 place la_gomera']",
        "that is not possible now: place your ship first (round 1)",
    ]


def test_a_bot_module_not_found_says_how_to_make_it_importable() -> None:
    """issue 41.7: 'cannot load bot' gave no hint that the working directory is not on the module
    path; when the module itself is missing it now asks whether its folder is on PYTHONPATH."""
    with pytest.raises(UsageError, match=r"No module named 'woa_no_such_agent': is its folder on PYTHONPATH\?"):
        bot_factory("woa_no_such_agent:Bot")


def test_the_tournament_example_works_as_written(tmp_path: Path) -> None:
    """issue 41.7: ``woa tournament heuristic my_agent:TrainedBot`` failed as written. The page now
    runs it with ``PYTHONPATH=.`` from the module's folder, which works; without it the error
    names the fix. (3 games instead of the page's 120.)"""
    pytest.importorskip("pettingzoo")
    text = (DOCS / "python.md").read_text(encoding="utf-8")
    module_code = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "# my_agent.py" in b)
    (tmp_path / "my_agent.py").write_text(module_code, encoding="utf-8")
    (line,) = [c for c in re.findall(r"^PYTHONPATH=\. (woa tournament .*)$", text, re.M)]
    argv = shlex.split(line.replace("--games 120", "--games 3"))[1:]

    def run(pythonpath: str) -> subprocess.CompletedProcess[str]:
        env = os.environ | {"PYTHONPATH": pythonpath}
        command = [sys.executable, "-P", "-m", "woa_core.cli", *argv]  # -P: no working directory, as the woa script
        return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)

    done = run(os.pathsep.join([".", str(ROOT)]))
    assert done.returncode == 0, done.stderr
    assert "my_agent:TrainedBot" in done.stdout and "ratings" in done.stdout
    refused = run(str(ROOT))
    assert refused.returncode == 2 and "is its folder on PYTHONPATH?" in refused.stderr


def test_the_africa_viewer_example_makes_an_africa_viewer(tmp_path: Path) -> None:
    """issue 41.7: ``woa replay logs/game-000000.jsonl --html africa.html``, run in order, replayed
    the West of Africa log of an earlier example. The page's commands now log Africa games first."""
    text = (DOCS / "africa.md").read_text(encoding="utf-8")
    commands = [c for c in _shown_commands(text) if "--log-dir" in c or "--html africa.html" in c]
    assert [shlex.split(c)[1] for c in commands] == ["simulate", "replay"]
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    for command in commands:
        argv = [*shlex.split(command)[1:], *(["--quiet"] if "simulate" in command else [])]
        done = subprocess.run(
            [sys.executable, "-m", "woa_core.cli", *argv], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
    html = (tmp_path / "africa.html").read_text(encoding="utf-8")
    assert "rules africa (" in html and "rules west-of-africa" not in html


def _hooks() -> ModuleType:
    return _load("woa_site", DOCS / "hooks" / "woa_site.py")


def test_the_cli_reference_is_made_from_the_parser_for_every_command() -> None:
    """issue 41.2: the CLI reference is generated while the site builds, never written by hand: the
    page holds only the marker, and the generated text has a section, with its usage, per command."""
    hooks = _hooks()
    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    assert hooks.MARKER in page and "usage:" not in page
    text = hooks.cli_reference(build_parser())
    names = [" ".join(words) for words, _ in hooks.commands(build_parser())]
    assert len(names) >= 15 and all(f"## {name}\n" in text for name in names)
    assert "## woa simulate\n" in text and "## woa rules show\n" in text and "--rotate-seats" in text


def test_the_site_hooks_doctests_pass() -> None:
    """The hooks live outside the test paths, so their examples run here."""
    modules = [_hooks()]
    if importlib.util.find_spec("griffe"):
        modules.append(_load("griffe_doctests", DOCS / "hooks" / "griffe_doctests.py"))
    for module in modules:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted and not result.failed, module.__name__


def test_a_link_to_a_missing_repository_file_is_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    """issue 41.2: ``mkdocs build --strict`` fails on a broken link, also one leaving the site."""
    hooks = _hooks()
    text = hooks.rewrite_repository_links("see [it](../../rules/no-such-file.yaml)", "guide/x.md", DOCS, None)
    assert text == "see [it](../../rules/no-such-file.yaml)"
    assert "not a file of the repository" in caplog.text
    assert hooks.rewrite_repository_links("[r](../../rules/)", "guide/x.md", DOCS, None) == "r (`rules/`)"


def test_every_page_of_the_site_is_in_its_navigation() -> None:
    """issue 41.2: a page missing from mkdocs.yml's nav could not be found from the site."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    missing = [
        p.relative_to(DOCS).as_posix() for p in _site_pages() if f" {p.relative_to(DOCS).as_posix()}\n" not in nav
    ]
    assert not missing, f"pages not in mkdocs.yml's nav: {missing}"
