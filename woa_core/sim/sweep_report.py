"""A sweep's results: the long table (one row per point and figure), the ranking, the summary.

The CSV has the columns ``point``, one per parameter, ``figure``, ``estimate`` (the mean over the
point's games), ``ci_low``, ``ci_high``, ``n`` — tidy, for a spreadsheet or a data-frame library,
in the reports' shared names (``woa_core.sim.stats.VOCABULARY``). Intervals are 95% (Wilson for
rates); a figure of a single game has no interval (empty cells).
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import Any

from woa_core import __version__
from woa_core.build import build
from woa_core.files import write_atomic
from woa_core.sim.stats import CI_HIGH, CI_LOW, ESTIMATE, estimate_fields
from woa_core.sim.sweep import DROPPED, SweepRun
from woa_core.sim.sweep_figures import Objective, Summary, summarize


def point_figures(run: SweepRun) -> dict[str, dict[str, Summary]]:
    """Every point's figures (a figure absent at a point, e.g. an end reason, counts 0 there)."""
    names = {k for s in run.states for row in s.games for k in row}
    return {s.point.id: summarize(s.games, run.figures, names) for s in run.states if s.games}


def table_rows(run: SweepRun) -> list[dict[str, Any]]:
    """The long table: one row per point and figure."""
    rows = []
    by_id = {s.point.id: s for s in run.states}
    for point_id, figures in point_figures(run).items():
        values = by_id[point_id].point.values
        for name, f in figures.items():
            low, high = f.interval()
            rows.append({"point": point_id, **values, "figure": name, **estimate_fields(f.mean, low, high), "n": f.n})
    return rows


def ranking(run: SweepRun, objective: Objective) -> list[dict[str, Any]]:
    """Points by score, best first; points dropped by racing come after those that finished."""
    figures = point_figures(run)
    out = []
    for s in run.states:
        if s.point.id not in figures:
            continue
        score, low, high = objective.score(figures[s.point.id])
        shown = (-score, -high, -low) if objective.kind == "max" else (score, low, high)
        out.append(
            {
                "point": s.point.id,
                "values": s.point.values,
                "rank_key": score if math.isfinite(score) else math.inf,
                **estimate_fields(*shown),
                "games": len(s.games),
                "status": s.status,
                "rules_hash": s.rules_hash,
            }
        )
    out.sort(key=lambda r: (r["status"] == DROPPED, r.pop("rank_key")))
    return out


def manifest(run: SweepRun, objective: Objective, backend: str, seconds: float) -> dict[str, Any]:
    """What produced the sweep, and how many games it played."""
    space = run.space
    base = space.base_rules()
    return {
        "engine": __version__,
        "build": build(),
        "space": space.file,
        "space_digest": space.digest,
        **base.describe(),
        "players": space.players,
        "games_per_point": space.games,
        "seed": space.seed,
        "bots": list(space.bots),
        "rotate_seats": space.rotate_seats,
        "parameters": [p.path for p in space.parameters],
        "points": len(run.states),
        "sample": space.sample,
        "objective": objective.text,
        "race_games": run.race_games,
        "games_played": run.played,
        "games_played_now": run.played_now,
        "games_full_grid": run.full_grid,
        "games_saved": run.full_grid - run.played,
        "resumed_points": run.resumed_points,
        "interrupted": run.interrupted,
        "backend": backend,
        "seconds": round(seconds, 3),
    }


def write_results(out: Path, report: dict[str, Any], rows: list[dict[str, Any]], columns: list[str]) -> None:
    """``DIR/results.csv`` (the long table) and ``DIR/results.json`` (manifest, ranking, rows)."""
    import json

    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_atomic(out / "results.csv", buffer.getvalue())
    write_atomic(out / "results.json", json.dumps(report, indent=2) + "\n")


def format_summary(report: dict[str, Any], objective: Objective, out: Path, top: int = 10) -> str:
    """The printed summary: what ran, the ranking's top, what racing saved, where the files are."""
    m = report["manifest"]
    params = m["parameters"]
    lines = [
        f"woa {m['engine']} · sweep {m['space']} · {m['points']} points × {m['games_per_point']} games · "
        f"{m['players']} players · seed {m['seed']}",
        f"rules {m['rules']} ({m['rules_hash']}) · bots {', '.join(m['bots'])}"
        + (" (seats rotated)" if m["rotate_seats"] else ""),
        f"objective {objective.text}: {objective.describe()}",
    ]
    played = f"played {m['games_played_now']} games in {m['seconds']:.1f} s ({m['backend']})"
    if m["resumed_points"]:
        played += f"; {m['resumed_points']} point(s) were already finished and not replayed"
    lines.append(played)
    if m["race_games"]:
        dropped = sum(r["status"] == DROPPED for r in report["ranking"])
        lines.append(
            f"racing in rounds of {m['race_games']} games: {dropped} of {m['points']} points dropped; "
            f"{m['games_played']} of {m['games_full_grid']} games played ({m['games_saved']} saved)"
        )
    if m["interrupted"]:
        lines.append("INTERRUPTED: the ranking covers the games finished so far")
    widths = [max(len(p), 6) for p in params]
    head = "  rank  point  " + "  ".join(f"{p:>{w}}" for p, w in zip(params, widths, strict=True))
    lines += ["", head + "      score   95% interval       games"]
    best = report["ranking"][0] if report["ranking"] else None
    for rank, r in enumerate(report["ranking"][:top], start=1):
        values = "  ".join(f"{_show(r['values'][p]):>{w}}" for p, w in zip(params, widths, strict=True))
        interval = f"[{_show(r['ci_low'])}, {_show(r['ci_high'])}]"
        note = "  dropped" if r["status"] == DROPPED else ""
        score = _show(r["estimate"])
        lines.append(f"  {rank:>4}  {r['point']:<5}  {values}  {score:>9}   {interval:<18} {r['games']:>5}{note}")
    if len(report["ranking"]) > top:
        lines.append(f"  ... {len(report['ranking']) - top} more in {out / 'results.json'}")
    if best is not None and None not in (best["ci_low"], best["ci_high"]):
        higher = objective.kind == "max"  # scores shown as the figure itself: higher is better
        ties = [
            r["point"]
            for r in report["ranking"][1:]
            if r["status"] != DROPPED
            and None not in (r["ci_low"], r["ci_high"])
            and (r["ci_high"] >= best["ci_low"] if higher else r["ci_low"] <= best["ci_high"])
        ]
        if ties:
            lines.append(
                f"\n{len(ties)} point(s) have intervals reaching the best one's: at this number of games they "
                f"are not shown worse than {best['point']} (play more games to tell them apart)"
            )
    lines.append(f"\nwrote {out / 'results.csv'} ({len(report['rows'])} rows) and {out / 'results.json'}")
    return "\n".join(lines)


def _show(x: Any) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.3f}" if not x.is_integer() or abs(x) < 1000 else f"{x:g}"
    return str(x)


def build_report(run: SweepRun, objective: Objective, backend: str, seconds: float) -> dict[str, Any]:
    """Everything a sweep found, JSON-ready (``rows`` is the long table)."""
    return {
        "manifest": manifest(run, objective, backend, seconds),
        "ranking": ranking(run, objective),
        "rows": table_rows(run),
    }


def table_columns(run: SweepRun) -> list[str]:
    """The CSV's columns."""
    return ["point", *(p.path for p in run.space.parameters), "figure", ESTIMATE, CI_LOW, CI_HIGH, "n"]
