"""The example outputs of the README and the site's pages, made by running their commands: they cannot
drift from what woa prints.

In README.md and every page under docs/ an example is a marker naming one or more commands, then the
block the script writes, then an end marker::

    <!-- example
    woa validate --set economy.gold.cap=0
    -->
    ```text
    $ woa validate --set economy.gold.cap=0
    ... what the command printed (stdout and stderr, in order) ...
    (exit status 1)
    ```
    <!-- /example -->

``python docs/readme_examples.py`` runs every command and rewrites the blocks; ``--check`` only
compares and lists the examples that differ (exit status 1), as ``tests/test_readme.py`` (the
README) and ``tests/test_docs.py`` (the site's pages) do.
Timings, speeds and worker counts differ from run to run and machine to machine, so they are
masked before comparing (``mask``); every other character must match. The commands run in a
scratch folder holding a copy of ``rules/`` (so that ``--out`` folders land there, and paths read
as in a checkout), against this checkout's ``woa_core``.

    python docs/readme_examples.py           # rewrite README.md and the pages
    python docs/readme_examples.py --check   # exit 1 and name the examples that differ
    python docs/readme_examples.py --page docs/guide/compare.md   # one page only

A balance table (the ``balance-table`` flag) starts with a caption naming the engine and the rules
(content hash) its runs were made with; ``tests/test_docs.py`` fails when today's rules differ from
those, unless the marker says ``predates`` (a table too costly to remake, kept and labelled so).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def pages() -> list[Path]:
    """The README and every page of the site that holds an example, the README first."""
    site = sorted(path for path in DOCS.rglob("*.md") if "<!-- example" in path.read_text(encoding="utf-8"))
    return [README, *site]


EXAMPLE = re.compile(r"<!-- example(?P<flags>[^\n]*)\n(?P<commands>.*?)-->\n(?P<block>.*?)<!-- /example -->", re.S)

FLAGS = {
    "balance-table": "a table row per command from its --json report (balance_row), not its text",
    "slow": "minutes of games: checked only with --slow (the tests' -m slow)",
    "costly": "tens of CPU-minutes (mcts): made only when --only names it, never checked by the tests",
    "predates": "a balance table made under earlier rules than today's (its caption names them), kept and labelled",
}
"""What may follow ``<!-- example`` on its line."""

VOLATILE = [
    (re.compile(r"\b\d+(?:\.\d+)? s\b"), "_ s"),  # "in 2.2 s", "(15 s, 2 worker(s))"
    (re.compile(r"\b\d+ worker\(s\)"), "_ worker(s)"),  # --workers defaults to all cores
    (re.compile(r"\b\d+(?:\.\d+)? (games|decisions)/s\b"), r"_ \1/s"),
]
"""What differs between two runs of the same command: times, speeds, the number of cores."""

Runner = Callable[[str, Path], tuple[int, str]]


@dataclass(frozen=True, slots=True)
class Example:
    """One example: its commands, where its block stands in the README, and the block."""

    commands: tuple[str, ...]
    start: int  # of the block (after the marker)
    end: int
    block: str
    flags: frozenset[str] = frozenset()


def examples(text: str) -> list[Example]:
    """Every example of a README text.

    >>> text = "x\\n<!-- example\\nwoa validate\\n-->\\n```text\\nold\\n```\\n<!-- /example -->\\n"
    >>> [(e.commands, e.block) for e in examples(text)]
    [(('woa validate',), '```text\\nold\\n```\\n')]
    """
    out = []
    for m in EXAMPLE.finditer(text):
        flags = frozenset(m["flags"].split())
        if flags - set(FLAGS):
            raise ValueError(f"README example flags {sorted(flags - set(FLAGS))}: not one of {sorted(FLAGS)}")
        commands = tuple(line.strip() for line in m["commands"].splitlines() if line.strip())
        out.append(Example(commands, m.start("block"), m.end("block"), m["block"], flags))
    return out


def mask(text: str) -> str:
    """``text`` with what differs between runs (times, speeds, worker counts) masked.

    >>> mask("200 games in 2.2 s with 2 worker(s): 89.8 games/s, 12802 decisions/s")
    '200 games in _ s with _ worker(s): _ games/s, _ decisions/s'
    """
    for pattern, replacement in VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def render(example: Example, run: Runner, folder: Path) -> str:
    """The block of ``example``: each command after ``$``, what it printed, a non-zero exit status
    (a ``balance-table``: its table)."""
    if "balance-table" in example.flags:
        return balance_table(example, run, folder)
    lines = ["```text"]
    for command in example.commands:
        status, output = run(command, folder)
        lines.append(f"$ {command}")
        lines += output.rstrip("\n").splitlines()
        if status:
            lines.append(f"(exit status {status})")
    return "\n".join([*lines, "```"]) + "\n"


BALANCE_HEADER = (
    "| players | games | first in round-1 order wins | even share | top of the gold track wins | VP per player "
    "| settlements | Alcalde | gold majority | final gold |\n|---|---|---|---|---|---|---|---|---|---|\n"
)


CAPTION = re.compile(r"^Made with woa (?P<engine>\S+), rules (?P<rules>\S+) \((?P<hash>[0-9a-f]{16})\)\.$", re.M)
"""The first line of a balance table's block: what its runs were made with."""


def balance_table(example: Example, run: Runner, folder: Path) -> str:
    """A table with a row per command (``woa simulate ... --json``) of the balance figures, after a
    caption naming the engine and the rules (content hash) of the runs."""
    rows, made_with = [], set()
    for command in example.commands:
        status, output = run(command, folder)
        if status:
            raise RuntimeError(f"{command} failed ({status}): {output[-500:]}")
        report = json.loads(output)
        made_with.add(caption(report["manifest"]))
        rows.append(balance_row(report))
    if len(made_with) != 1:
        raise RuntimeError(f"one balance table mixes runs of different rules or engines: {sorted(made_with)}")
    return made_with.pop() + "\n\n" + BALANCE_HEADER + "".join(rows)


def caption(manifest: dict) -> str:
    """The caption of a balance table from one run's manifest.

    >>> caption({"engine": "0.1.0", "rules": "west-of-africa", "rules_hash": "1e8fb1698bc9b606"})
    'Made with woa 0.1.0, rules west-of-africa (1e8fb1698bc9b606).'
    >>> CAPTION.match(_)["hash"]
    '1e8fb1698bc9b606'
    """
    return f"Made with woa {manifest['engine']}, rules {manifest['rules']} ({manifest['rules_hash']})."


def balance_row(report: dict) -> str:
    """One row of a balance table from a ``woa simulate --json`` report: the win rates of the
    first player in round-1 order and of the top of the gold track with their 95% Wilson
    intervals, the even share, and the VP per player (all, then by source) as mean ± 1.96
    standard errors, a game counted once (its players' VP are not independent of each other).

    >>> stats = {"games": 2, "first_player": {"estimate": 0.5, "ci_low": 0.1, "ci_high": 0.9, "fair_share": 0.5},
    ...          "gold_track_top": {"estimate": 0.0, "ci_low": 0.0, "ci_high": 0.66, "fair_share": 0.5},
    ...          "per_player": {k: {"mean": 10.0, "sd": 2.0} for k in
    ...                         ("vp", "vp_settlements", "vp_alcalde", "vp_gold_majority", "vp_final_gold")}}
    >>> balance_row({"manifest": {"players": 2}, "stats": stats})
    '| 2 | 2 | 50% [10–90] | 50% | 0% [0–66] | 10.0 ± 2.8 | 10.0 ± 2.8 | 10.0 ± 2.8 | 10.0 ± 2.8 | 10.0 ± 2.8 |\\n'
    """
    players, stats = report["manifest"]["players"], report["stats"]

    def rate(figure: dict) -> str:
        return f"{100 * figure['estimate']:.0f}% [{100 * figure['ci_low']:.0f}–{100 * figure['ci_high']:.0f}]"

    def mean(name: str) -> str:
        figure = stats["per_player"][name]
        return f"{figure['mean']:.1f} ± {1.96 * figure['sd'] / math.sqrt(stats['games']):.1f}"

    cells = [
        str(players),
        str(stats["games"]),
        rate(stats["first_player"]),
        f"{100 * stats['first_player']['fair_share']:.0f}%",
        rate(stats["gold_track_top"]),
        *map(mean, ("vp", "vp_settlements", "vp_alcalde", "vp_gold_majority", "vp_final_gold")),
    ]
    return "| " + " | ".join(cells) + " |\n"


def run_command(command: str, folder: Path) -> tuple[int, str]:
    """Run ``woa ...`` from this checkout in ``folder``; its exit status and its output (stdout and
    stderr interleaved as printed)."""
    argv = shlex.split(command)
    if argv[0] != "woa":
        raise ValueError(f"an example runs woa, not {argv[0]}: {command}")
    env = os.environ | {"PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "woa_core.cli", *argv[1:]],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=1800,
    )
    return done.returncode, done.stdout


def scratch() -> tempfile.TemporaryDirectory[str]:
    """A scratch folder holding a copy of the checkout's ``rules/`` (variants, sweeps, the game)."""
    folder = tempfile.TemporaryDirectory(prefix="woa-readme-")
    shutil.copytree(ROOT / "rules", Path(folder.name) / "rules")
    return folder


def update(text: str, run: Runner = run_command, only: Callable[[Example], bool] = lambda e: True) -> str:
    """``text`` with the blocks of the chosen examples made again by running their commands."""
    out, at = [], 0
    with scratch() as folder:
        for example in examples(text):
            block = render(example, run, Path(folder)) if only(example) else example.block
            out += [text[at : example.start], block]
            at = example.end
    return "".join(out) + text[at:]


def differences(
    text: str, run: Runner = run_command, slow: bool = False, only: Callable[[Example], bool] = lambda e: True
) -> list[str]:
    """The examples (of those ``only`` chooses) whose block differs from what their commands print
    now (times masked), each as its commands and the first differing line; the ``slow`` ones too
    if asked, never the ``costly`` ones."""
    found = []
    with scratch() as folder:
        for example in examples(text):
            if "costly" in example.flags or ("slow" in example.flags and not slow) or not only(example):
                continue
            fresh = render(example, run, Path(folder))
            old_lines, new_lines = mask(example.block).splitlines(), mask(fresh).splitlines()
            if old_lines != new_lines:
                first = next(
                    (i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=False)) if a != b),
                    min(len(old_lines), len(new_lines)),
                )
                shown = old_lines[first] if first < len(old_lines) else "(nothing)"
                printed = new_lines[first] if first < len(new_lines) else "(nothing)"
                found.append(f"{' / '.join(example.commands)}:\n  README: {shown}\n  now:    {printed}")
    return found


def main(argv: list[str] | None = None) -> int:
    """Rewrite the examples of the README and the pages, or with ``--check`` list those that differ."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if an example differs")
    parser.add_argument("--only", metavar="TEXT", help="only the examples whose commands contain TEXT")
    parser.add_argument("--slow", action="store_true", help="with --check, the slow examples too")
    parser.add_argument("--page", metavar="FILE", action="append", help="only this page (README.md, docs/...)")
    args = parser.parse_args(argv)
    chosen_pages = [ROOT / page for page in args.page] if args.page else pages()
    if args.check:
        differing = 0
        for page in chosen_pages:
            text = page.read_text(encoding="utf-8")
            found = differences(text, slow=args.slow)
            for difference in found:
                print(f"{page.relative_to(ROOT)}: {difference}")
            differing += len(found)
            print(f"{page.relative_to(ROOT)}: {len(found)} of {len(examples(text))} examples differ")
        return 1 if differing else 0
    only = args.only
    chosen: Callable[[Example], bool] = (  # a costly example is made only when --only names it
        (lambda e: any(only in c for c in e.commands)) if only else (lambda e: "costly" not in e.flags)
    )
    for page in chosen_pages:
        text = page.read_text(encoding="utf-8")
        page.write_text(update(text, only=chosen), encoding="utf-8")
        print(f"{page.relative_to(ROOT)}: {sum(map(chosen, examples(text)))} example(s) made from their commands")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
