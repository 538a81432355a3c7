"""Pure Python against the compiled build, in CPU time: what compiling the hot path buys (issue 18).

Run it with the Python of an installation of woa (``pip install .``): it measures both builds of
that one installation, the pure one with ``WOA_PURE=1``, each measurement in a fresh process
(``time.process_time`` of the child, so a busy machine slows it less than wall time), pure and
compiled interleaved, best of ``--repeats``. Per bundled ruleset (one per pack):

- ``random`` at 2 to 5 players: decisions per CPU-second (games played as ``woa simulate`` plays
  them: figures watched, the garbage collector's long-lived objects frozen once the rules are
  compiled, ``runner.settle``);
- ``heuristic`` (the pack's scripted bot, where it has one) at 4 players;
- ``mcts`` at its default budget in seat 1 against the scripted bot: CPU seconds per card
  selection and per searched turn decision, apart (its unsearched decisions and forced moves are
  left out);
- OpenSpiel's C++ chess and backgammon, driven by random choices from Python, as anchors (when
  ``open_spiel`` is installed; skipped otherwise).

    python benchmarks/compiled.py                       # everything (several minutes)
    python benchmarks/compiled.py --quick               # fewer games: a look, not a measurement
    python benchmarks/compiled.py --only random --json
    python benchmarks/compiled.py --ruleset africa --players 4 --repeats 5

The issue's targets (4 players): random >= 2.5x pure and >= 250,000 decisions per CPU-second on
the issue's machine (about 1.04x OpenSpiel's C++ chess: where ``open_spiel`` is installed, each
random row measures chess in the same rotation and prints the ratio); heuristic >= 2x; mcts <=
0.15 s CPU per card selection and per searched turn decision. Where woa runs pure Python (a source
tree, or an install without a C compiler) there is one build to measure, and the script says so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

CHESS_ON_THE_ISSUES_MACHINE = 240_000
"""OpenSpiel's C++ chess from Python where issue 18 measured (woa's 120,000 was 0.5x of it)."""
TARGETS = {
    "random_ratio": 2.5,
    "random_decisions": 250_000,
    "random_vs_chess": 250_000 / CHESS_ON_THE_ISSUES_MACHINE,
    "heuristic_ratio": 2.0,
    "mcts_seconds": 0.15,
}
"""``random_vs_chess``: the decisions per CPU-second target as a multiple of OpenSpiel's C++ chess
driven from Python, which does not depend on the machine. Issue 18 measured woa's random 4p play
at about 120,000 decisions per CPU-second and called that 0.5x OpenSpiel's C++ chess from the same
loop (so chess ran at about 240,000 there): 250,000 is about 1.04x chess. On a slower machine
(the project's 2-core machine of 2026-11-28 ran chess at about 104,000) only this ratio tells
whether the target is met."""


# ----------------------------------------------------------------- in the child


def _random_or_scripted(ruleset: str, bots: str, players: int, games: int, seed: int) -> dict[str, Any]:
    from woa_core.rules import read_rules
    from woa_core.sim.runner import play_game, settle

    rules = read_rules(ruleset).compile(players)
    settle()  # as ``woa simulate`` does once its rules are compiled (the collector's long-lived objects frozen)
    play_game(rules, seed, [bots] * players)  # warm: caches, imports
    started = time.process_time()
    decisions = 0
    for i in range(games):
        decisions += play_game(rules, seed + 1 + i, [bots] * players).decisions
    cpu = time.process_time() - started
    return {"cpu": cpu, "games": games, "decisions": decisions}


def _mcts(ruleset: str, bots: str, players: int, games: int, seed: int) -> dict[str, Any]:
    from woa_core.bots import make_bots
    from woa_core.kernel.contract import new_game
    from woa_core.rules import read_rules
    from woa_core.sim.runner import settle

    rules = read_rules(ruleset).compile(players)
    pack = rules.pack
    settle()  # as ``woa simulate`` does
    times: dict[str, list[float]] = {"selection": [], "searched": [], "policy": []}
    for g in range(games):
        specs = [bots.split(",")[0], *bots.split(",")[1:]]
        specs += [specs[-1]] * (players - len(specs))
        game = new_game(rules, seed + g)
        seated = make_bots(specs, seed + g, pack=pack)
        search = seated[0]
        hooks = pack.search
        searched = hooks.steps.get(search.steps) if hooks is not None and search.steps != "all" else None
        while not game.over:
            seat = game.deciders()[0]
            legal = game.legal_actions(seat)
            view = game.observation(seat)
            if seat != 0:
                game.apply(seated[seat].choose(view, legal))
                continue
            started = time.process_time()
            action = search.choose(view, legal)
            cpu = time.process_time() - started
            if len(legal) > 1:
                kind = (
                    "selection"
                    if legal[0][1] == "select"
                    else "searched"
                    if searched is None or searched(view, legal)
                    else "policy"
                )
                times[kind].append(cpu)
            game.apply(action)
    return {kind: {"n": len(ts), "mean": sum(ts) / len(ts) if ts else None} for kind, ts in times.items()}


def chess(seconds: float) -> dict[str, Any]:
    """OpenSpiel's C++ chess driven by random choices from Python for ``seconds`` of CPU: the
    anchor measured beside each random row, interleaved with it."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("chess")
    rng = random.Random(1)
    decisions, games = 0, 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    return {"build": "open_spiel", "cpu": time.process_time() - started, "games": games, "decisions": decisions}


def _child(task: dict[str, Any]) -> dict[str, Any]:
    from woa_core.build import build

    kind = task["kind"]
    if kind == "anchor":
        return chess(task["seconds"])
    args = (task["ruleset"], task["bots"], task["players"], task["games"], task["seed"])
    result = _mcts(*args) if kind == "mcts" else _random_or_scripted(*args)
    return {"build": build(), **result}


# ---------------------------------------------------------------- in the parent


def _run(task: dict[str, Any], pure: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "WOA_PURE"}
    if pure:
        env["WOA_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-P", __file__, "--child", json.dumps(task)], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"benchmark child failed: {done.stderr.strip()}")
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _best(task: dict[str, Any], repeats: int, builds: list[bool], anchor: bool = False) -> dict[Any, dict[str, Any]]:
    """Each build's best run of ``task`` (interleaved: pure, compiled, pure, ...); with ``anchor``,
    OpenSpiel's C++ chess in the same rotation (key ``"anchor"``), run about as long as the
    compiled build's run before it. The CPU of this machine was seen to run the same loop in 110
    to 200 ms within a minute (a shared host): only runs close in time compare."""
    best: dict[Any, dict[str, Any]] = {}
    for _ in range(repeats):
        for pure in builds:
            got = _run(task, pure)
            if anchor and not pure:
                chess = _run({"kind": "anchor", "seconds": max(0.5, got.get("cpu", 2.0))}, False)
                if "anchor" not in best or chess["decisions"] / chess["cpu"] > _rate(best["anchor"]):
                    best["anchor"] = chess
            if task["kind"] == "mcts":
                old = best.get(pure)
                if old is None:
                    best[pure] = got
                else:  # per kind of decision, the lower mean
                    for k, v in got.items():
                        if (
                            isinstance(v, dict)
                            and v["mean"] is not None
                            and (old[k]["mean"] is None or v["mean"] < old[k]["mean"])
                        ):
                            old[k] = v
            elif pure not in best or got["cpu"] < best[pure]["cpu"]:
                best[pure] = got
    return best


def _rate(got: dict[str, Any]) -> float:
    return float(got["decisions"] / got["cpu"])


def has_open_spiel() -> bool:
    import importlib.util

    return importlib.util.find_spec("pyspiel") is not None


def _anchors(seconds: float) -> list[dict[str, Any]]:
    """OpenSpiel's C++ games driven by random choices from Python: decisions per CPU-second."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return []
    out = []
    rng = random.Random(1)
    for name in ("chess", "backgammon"):
        game = pyspiel.load_game(name)
        decisions, games = 0, 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            games += 1
        cpu = time.process_time() - started
        out.append({"game": f"open_spiel {name} (C++)", "decisions_per_cpu_second": decisions / cpu, "games": games})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer games and one repeat")
    parser.add_argument("--repeats", type=int, default=3, help="runs per build and row; the best counts")
    parser.add_argument("--only", choices=("random", "heuristic", "mcts", "anchors"), action="append")
    parser.add_argument("--players", type=int, action="append", help="random games at these counts only (repeatable)")
    parser.add_argument("--ruleset", action="append", help="these bundled rulesets only (repeatable)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(json.loads(args.child))))
        return 0

    probe = _run(
        {"kind": "random", "ruleset": "west-of-africa", "bots": "random", "players": 2, "games": 1, "seed": 1}, False
    )
    compiled = probe["build"] == "compiled"
    builds = [True, False] if compiled else [True]
    if not compiled:
        print(f"woa runs {probe['build']} here: measuring pure Python only (install with a C compiler to compare)")
    repeats = 1 if args.quick else args.repeats
    only = set(args.only or ("random", "heuristic", "mcts", "anchors"))
    interleave = "anchors" in only and has_open_spiel()
    from woa_core.rules import read_rules
    from woa_core.rules.resolve import bundled_rulesets

    rows: list[dict[str, Any]] = []
    for ruleset in args.ruleset or bundled_rulesets():
        source = read_rules(ruleset)
        scripted = "heuristic" if "heuristic" in source.pack.bots else None
        tasks = []
        if "random" in only:
            for n in [c for c in source.counts if not args.players or c in args.players]:
                games = (60 if args.quick else 300) if n == 4 else (30 if args.quick else 150)
                tasks.append({"kind": "random", "bots": "random", "players": n, "games": games})
        if "heuristic" in only and scripted:
            tasks.append({"kind": "scripted", "bots": scripted, "players": 4, "games": 6 if args.quick else 30})
        if "mcts" in only:
            other = scripted or "random"
            tasks.append({"kind": "mcts", "bots": f"mcts,{other}", "players": 4, "games": 1 if args.quick else 3})
        for task in tasks:
            task |= {"ruleset": ruleset, "seed": 100}
            best = _best(task, repeats, builds, anchor=interleave and task["kind"] in ("random", "mcts"))
            row = {"ruleset": ruleset, **{k: task[k] for k in ("kind", "bots", "players", "games")}}
            if "anchor" in best:
                row["anchor"] = best.pop("anchor")
            for pure, got in best.items():
                row["pure" if pure else "compiled"] = got
            rows.append(row)
            if not args.json:
                print(_line(row), flush=True)
    anchors = _anchors(2.0 if args.quick else 5.0) if "anchors" in only else []
    if not args.json:
        for a in anchors:
            print(f"anchor  {a['game']:<30} {a['decisions_per_cpu_second']:>12,.0f} decisions/CPU-s")
        if "anchors" in only and not anchors:
            print("anchor  open_spiel is not installed: no anchors")
    else:
        print(json.dumps({"rows": rows, "anchors": anchors, "targets": TARGETS}, indent=2))
    return 0


def _line(row: dict[str, Any]) -> str:
    head = f"{row['ruleset']:<16} {row['bots']:<22} {row['players']}p"
    if row["kind"] == "mcts":
        parts = []
        for kind in ("selection", "searched"):
            cells = []
            for build in ("pure", "compiled"):
                got = row.get(build, {}).get(kind)
                if got and got["mean"] is not None:
                    cells.append(f"{build} {got['mean']:.3f} s")
            n = (row.get("compiled") or row["pure"])[kind]["n"]
            parts.append(f"{kind} (n={n}): {', '.join(cells)}")
        line = f"{head}  CPU per decision: " + "; ".join(parts) + f"  (target <= {TARGETS['mcts_seconds']} s)"
        if "anchor" in row:  # the seconds this machine took, as the issue's machine (chess at 240,000) would
            scale = _rate(row["anchor"]) / CHESS_ON_THE_ISSUES_MACHINE
            got = row.get("compiled") or row["pure"]
            scaled = [
                f"{kind} {got[kind]['mean'] * scale:.3f} s" for kind in ("selection", "searched") if got[kind]["mean"]
            ]
            line += f"; C++ chess {_rate(row['anchor']):,.0f} beside it: as at chess 240,000, " + ", ".join(scaled)
        return line
    cells = []
    for build in ("pure", "compiled"):
        got = row.get(build)
        if got:
            cells.append(
                f"{build} {got['decisions'] / got['cpu']:>9,.0f} dec/CPU-s ({got['games'] / got['cpu']:.1f} games)"
            )
    ratio = ""
    if "pure" in row and "compiled" in row:
        r = (row["compiled"]["decisions"] / row["compiled"]["cpu"]) / (row["pure"]["decisions"] / row["pure"]["cpu"])
        ratio = f"  {r:.2f}x"
    if "anchor" in row and "compiled" in row:
        chess = _rate(row["compiled"]) / _rate(row["anchor"])
        ratio += f"  {chess:.2f}x chess (C++ chess {_rate(row['anchor']):,.0f} beside it)"
    return f"{head}  " + "  ".join(cells) + ratio


if __name__ == "__main__":
    raise SystemExit(main())
