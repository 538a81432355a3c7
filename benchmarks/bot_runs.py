"""One bot's win share in ``woa simulate --csv`` runs, and the paired difference between two runs of
the same games: how the search bot's settings are compared (issue 15: ``mcts`` against three
heuristic bots). A script, not a test.

Each run is a CSV that ``woa simulate --csv`` wrote (or one ``--trim`` wrote from it). In every
game the bot named by ``--bot`` (a prefix of its spec, ``mcts`` by default) holds one seat; its
share of the win is 1, 1/k for a win shared by k (A28), or 0. Two runs played from the same master
seed with ``--rotate-seats`` play the same deals with the bot in the same seat, so their games pair
up (same game number and seed) and the difference of the two shares game by game has a far smaller
spread than the difference of two independent runs: the paired interval is the one to read.

    python benchmarks/bot_runs.py benchmarks/results/africa-mcts/*.csv
    python benchmarks/bot_runs.py new.csv --against benchmarks/results/africa-mcts/trust2-320.csv
    python benchmarks/bot_runs.py games.csv --trim benchmarks/results/africa-mcts/NAME.csv

``--trim`` keeps what this script reads and the final VP (not the score after every turn), so a
run of 200 games is kept in the repository at about 30 KB.

``--table MANIFEST`` prints the table of a set of kept runs in Markdown: a YAML manifest lists the
rows (each one setting over some games: CSV files beside it, pooled, or the figures of a run that
was not kept), the notes and the reference run every row is paired with; the figures come from the
files, so each is stated once. Issue 15's runs::

    python benchmarks/bot_runs.py --table benchmarks/results/africa-mcts/runs.yaml \\
        > benchmarks/results/africa-mcts/README.md
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from woa_core.sim.stats import t_critical, wilson

REPOSITORY = Path(__file__).resolve().parents[1]
Shares = dict[tuple[int, int], float]
"""A bot's share of the win in each game of a run, by (game number, game seed)."""


def shares(path: Path, bot: str) -> Shares:
    """The bot's share of the win in each game of a run, by (game, seed)."""
    return _read(path, bot)[0]


def _read(path: Path, bot: str) -> tuple[Shares, set[str]]:
    """The bot's shares, and the specs it played with (one, unless runs of two settings were joined)."""
    out: Shares = {}
    played: set[str] = set()
    try:
        with path.open(newline="") as f:
            for line, row in enumerate(csv.DictReader(f), start=2):
                seats = [
                    k[1:-4] for k in row if k.startswith("p") and k.endswith("_bot") and (row[k] or "").startswith(bot)
                ]
                if len(seats) != 1:
                    raise SystemExit(f"{path}:{line}: {len(seats)} seats played by {bot!r}, not 1")
                played.add(row[f"p{seats[0]}_bot"])
                winners = row["winner"].split()
                out[int(row["game"]), int(row["seed"])] = 1 / len(winners) if f"p{seats[0]}" in winners else 0.0
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise SystemExit(f"{path}: cannot be read: {e}") from None
    except (KeyError, ValueError, AttributeError) as e:
        raise SystemExit(f"{path}: not a woa simulate --csv file ({type(e).__name__}: {e})") from None
    if not out:
        raise SystemExit(f"{path}: no games")
    return out, played


def paired(a: Shares, b: Shares) -> tuple[int, float, float]:
    """Over the games both runs played: their number, the mean of a - b and its 95% half-width
    (Student's t, as ``woa compare`` gives its paired differences)."""
    both = sorted(a.keys() & b.keys())
    diffs = [a[g] - b[g] for g in both]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return n, mean, t_critical(max(n - 1, 1)) * sd / math.sqrt(n)


def trim(source: Path, target: Path) -> None:
    """Copy a ``woa simulate --csv`` file without the score after every turn."""
    with source.open(newline="") as f:
        reader = csv.DictReader(f)
        fields = [k for k in reader.fieldnames or [] if not k.endswith("_score_by_turn")]
        rows = [{k: row[k] for k in fields} for row in reader]
    with target.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


ROW_KEYS = {"runs", "bots", "build", "cpu", "note"}
RECORDED_KEYS = {"first", "games", "percent"}


def table(manifest: Path, bot: str = "mcts") -> str:
    """The Markdown table of the runs a manifest lists (``--table``; the module docstring)."""
    try:
        data = yaml.safe_load(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError, RecursionError) as e:
        # ValueError: an integer of over 4,300 digits; RecursionError: nesting too deep
        raise SystemExit(f"{manifest}: cannot be read: {' '.join(str(e).split())}") from None
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list) or not data["rows"]:
        raise SystemExit(f"{manifest}: needs 'rows', a list of runs")
    here = manifest.parent
    shown = manifest.resolve().relative_to(REPOSITORY) if manifest.resolve().is_relative_to(REPOSITORY) else manifest
    reference_files = _files(manifest, "reference", data.get("reference"))
    read: dict[str, tuple[Shares, set[str]]] = {}

    def load(name: str) -> tuple[Shares, set[str]]:
        if name not in read:
            read[name] = _read(here / name, bot)
        return read[name]

    reference: Shares = {}
    for name in reference_files:
        reference.update(load(name)[0])
    reference_specs = set().union(*(load(name)[1] for name in reference_files))
    lines = [
        f"# `{bot}` against three heuristic bots: the kept runs",
        "",
        f"Made by `python benchmarks/bot_runs.py --table {shown.as_posix()}` from `{manifest.name}` "
        "and the CSV files beside it: change those, not this file.",
        "",
        f"The bot's share of the win (a shared win counted 1/k, A28), Wilson 95%; paired: the "
        f"difference from the reference, {', '.join(f'`{s}`' for s in sorted(reference_specs))} "
        f"({', '.join(reference_files)}), game by game over the games both played, Student's t 95%, "
        "in points. A row of figures with no file is a run that was not kept, as recorded.",
        "",
        *([" ".join(str(data["about"]).split()), ""] if isinstance(data.get("about"), str) else []),
        "| # | `--bots` | games | wins | paired, points | CPU s / decision | played by |",
        "|---|---|---|---|---|---|---|",
    ]
    notes: list[str] = []
    for number, row in enumerate(data["rows"], start=1):
        where = f"{manifest}: row {number}"
        if not isinstance(row, dict) or not row.keys() <= ROW_KEYS or "runs" not in row:
            raise SystemExit(f"{where}: needs 'runs', and only {', '.join(sorted(ROW_KEYS))}")
        texts = {k: v for k, v in row.items() if k != "runs"}
        if not all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in texts.values()):
            raise SystemExit(f"{where}: bots, build, cpu and note are text, not lists or mappings")
        got: Shares = {}
        recorded: list[tuple[int, int, float]] = []
        played: set[str] = set()
        files = []
        for run in row["runs"] if isinstance(row["runs"], list) else [None]:
            if isinstance(run, str):
                files.append(run)
                got.update(load(run)[0])
                played |= load(run)[1]
            elif isinstance(run, dict) and run.keys() == RECORDED_KEYS and _recorded(run):
                recorded.append((run["first"], run["games"], float(run["percent"])))
            else:
                raise SystemExit(
                    f"{where}: a run is a CSV file's name or {{first: GAME >= 0, games: N >= 1, percent: 0 to 100}}, "
                    f"not {run!r}"
                )
        if not files and not recorded:
            raise SystemExit(f"{where}: no games")
        if "bots" in row:
            played.add(str(row["bots"]))
        if len(played) != 1:
            raise SystemExit(f"{where}: {len(played)} settings ({', '.join(sorted(played))}), not 1")
        games = sorted(g for g, _ in got) + [g for first, n, _ in recorded for g in range(first, first + n)]
        wins = sum(got.values()) + sum(n * percent / 100 for _, n, percent in recorded)
        low, high = wilson(wins, len(games))
        versus = ""
        if files and set(files) <= set(reference_files):
            versus = "reference" if set(files) == set(reference_files) else "(part of the reference)"
        elif got:
            m, mean, half = paired(got, reference)
            versus = f"{100 * mean:+.1f} ± {100 * half:.1f}" + (f" ({m} games)" if m != len(got) else "")
        if row.get("note"):
            notes.append(f"{number}. {' '.join(str(row['note']).split())}")
        cells = [
            str(number),
            f"`{played.pop()}`",
            _ranges(games),
            f"{100 * wins / len(games):.1f}% [{100 * low:.1f}, {100 * high:.1f}]",
            versus,
            str(row.get("cpu", "")),
            str(row.get("build", "")),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join([*lines, "", "Notes, by row:", "", *notes, ""])


def _recorded(run: dict[str, Any]) -> bool:
    """Whether a run not kept is stated as whole numbers of games and a share in percent."""
    first, games, percent = run["first"], run["games"], run["percent"]
    whole = all(isinstance(v, int) and not isinstance(v, bool) for v in (first, games))
    share = isinstance(percent, int | float) and not isinstance(percent, bool) and 0 <= percent <= 100
    return whole and share and first >= 0 and 1 <= games <= 1_000_000


def _files(manifest: Path, key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise SystemExit(f"{manifest}: '{key}' must be a list of CSV files beside it")
    return value


def _ranges(games: list[int]) -> str:
    """Game numbers as ranges: ``0-199, 400-599``."""
    out: list[str] = []
    ordered = sorted(set(games))
    start = prev = ordered[0]
    for g in [*ordered[1:], None]:
        if g is not None and g == prev + 1:
            prev = g
            continue
        out.append(f"{start}-{prev}" if prev != start else str(start))
        if g is not None:
            start = prev = g
    return ", ".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="*", type=Path, help="woa simulate --csv files")
    parser.add_argument("--bot", default="mcts", help="the bot whose share is counted (a prefix of its spec)")
    parser.add_argument("--against", type=Path, help="a run to pair every other with, game by game")
    parser.add_argument("--trim", type=Path, help="write the one run given, trimmed, here")
    parser.add_argument("--table", type=Path, metavar="MANIFEST", help="print the table of the runs a manifest lists")
    args = parser.parse_args()
    if args.table:
        if args.runs or args.against or args.trim:
            parser.error("--table takes no runs, --against or --trim: the manifest names them")
        sys.stdout.write(table(args.table, args.bot))
        return
    if not args.runs:
        parser.error("give one or more runs (woa simulate --csv files), or --table MANIFEST")
    if args.trim:
        if len(args.runs) != 1:
            parser.error("--trim takes one run")
        trim(args.runs[0], args.trim)
        return
    base = shares(args.against, args.bot) if args.against else None
    for path in args.runs:
        got = shares(path, args.bot)
        n, wins = len(got), sum(got.values())
        low, high = wilson(wins, n)
        line = (
            f"{path}: {n} games, {args.bot} won {wins:.1f} = {100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        )
        if base is not None and path != args.against:
            if not got.keys() & base.keys():
                print(line + f"; no game in common with {args.against.name}")
                continue
            m, mean, half = paired(got, base)
            line += f"; against {args.against.name} on the {m} games both played:"
            line += f" {100 * mean:+.1f} ± {100 * half:.1f} points"
        print(line)


if __name__ == "__main__":
    main()
