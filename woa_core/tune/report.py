"""``woa tune``'s report: the JSON (``DIR/report.json``, ``--json``), the text and the HTML page.

The report holds the tune file's settings, every trial (its setting, state, games, the targets'
estimates and violations), the parameters' importance as Optuna measures it, the confirmation run
and the winner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from woa_core import __version__
from woa_core.tune.confirm import Confirmed, confirmation_json
from woa_core.tune.search import finished
from woa_core.tune.targets import MET, describe_band
from woa_core.tune.tune_file import TuneFile


def importance(study: Any, multi: bool) -> dict[str, float]:
    """Each parameter's importance (Optuna's default evaluator, on the summed violations when
    there are several targets); empty when the trials cannot say (too few, or one setting)."""
    from woa_core.tune.search import require_optuna

    optuna = require_optuna()
    try:
        target = (lambda t: sum(t.values)) if multi else None
        found = optuna.importance.get_param_importances(study, target=target)
    except (ValueError, RuntimeError, ZeroDivisionError):
        return {}
    return {k: round(float(v), 4) for k, v in found.items() if math.isfinite(v)}


def trials_json(study: Any) -> list[dict[str, Any]]:
    """Every finished trial, in order."""
    out = []
    for t in finished(study):
        values = (
            t.values
            if t.values is not None
            else ([t.intermediate_values[t.last_step]] if t.last_step is not None else [])
        )
        out.append(
            {
                "trial": t.number,
                "state": t.state.name.lower(),
                "setting": t.user_attrs.get("setting"),
                "games": t.user_attrs.get("games"),
                "reused_from": t.user_attrs.get("reused_from"),
                "stopped_after": t.user_attrs.get("stopped_after"),
                "violations": [round(v, 4) for v in values],
                "estimates": t.user_attrs.get("estimates"),
            }
        )
    return out


def build_report(
    tune: TuneFile,
    study: Any,
    confirmed: list[Confirmed],
    looked_at: int,
    variant: str | None,
    games_played: int,
    seconds: float,
) -> dict[str, Any]:
    """The whole report as JSON-ready data."""
    trials = trials_json(study)
    winner = confirmed[0] if confirmed else None
    return {
        "manifest": {
            "engine": __version__,
            "tune_file": tune.file,
            "name": tune.name,
            "rules": tune.rules_spec,
            "overrides": list(tune.base_overrides),
            "players": list(tune.players),
            "bots": {str(p): list(b) for p, b in tune.bots.items()},
            "games_per_trial": tune.games,
            "round_games": tune.round_games,
            "trials": tune.trials,
            "in_flight": tune.in_flight,
            "seed": tune.seed,
            "sampler": "TPE (multi-objective)" if len(tune.targets) > 1 else "TPE",
            "seconds": round(seconds, 1),
        },
        "targets": [
            {
                "name": t.name,
                "figure": t.figure,
                "stat": t.stat,
                "weight": t.weight,
                "band": {str(p): describe_band(t.band(p)) for p in tune.players},
            }
            for t in tune.targets
        ],
        "search": {
            "trials": trials,
            "pruned_or_stopped": sum(t["state"] == "pruned" or t["stopped_after"] is not None for t in trials),
            "games_played": sum(t["games"] or 0 for t in trials if t["reused_from"] is None),
            "reused": sum(t["reused_from"] is not None for t in trials),
            "importance": importance(study, len(tune.targets) > 1),
        },
        "confirmation": confirmation_json(confirmed, looked_at, tune),
        "winner": None
        if winner is None
        else {
            "trial": winner.trial,
            "setting": winner.setting,
            "variant": variant,
            "meets_all_with_confidence": winner.count(MET) == len(winner.results),
            "meets_all_on_estimate": all(r["verdict"] != "missed" for r in winner.results),
        },
        "games_played_now": games_played,
    }


def format_summary(report: dict[str, Any]) -> str:
    """The report in words."""
    m, s, c, w = report["manifest"], report["search"], report["confirmation"], report["winner"]
    lines = [
        f"woa tune {m['name']}: {m['rules']}, {'/'.join(map(str, m['players']))} players, {m['sampler']}",
        f"search: {len(s['trials'])} trials, {s['pruned_or_stopped']} stopped early, {s['games_played']} games "
        f"({m['games_per_trial']} per trial at most, the same seeds for every trial"
        + (f"; {s['reused']} trials of a setting already tried took its result" if s["reused"] else "")
        + ")",
    ]
    if s["importance"]:
        lines.append("importance: " + ", ".join(f"{k} {v:.2f}" for k, v in s["importance"].items()))
    lines.append(
        f"confirmation: {c['games_per_count']} fresh games per candidate (from game {c['first_game']}), intervals "
        f"corrected for {c['settings_looked_at']} settings looked at (z = {c['z']})"
    )
    for cand in c["candidates"]:
        mark = "  * " if w and cand["trial"] == w["trial"] else "    "
        setting = ", ".join(f"{k}={v}" for k, v in cand["setting"].items())
        lines.append(f"{mark}trial {cand['trial']}: {setting}")
        for r in cand["results"]:
            low, high = _shown(r["ci_low"]), _shown(r["ci_high"])
            lines.append(
                f"        {r['target']} ({r['players']}p): {_shown(r['estimate'])} [{low}, {high}] "
                f"wanted {r['band']}: {r['verdict']}"
            )
    if w is None:
        lines.append("no trial finished with all its games: no winner (more trials, or wider targets)")
    else:
        how = (
            "meets every target with confidence"
            if w["meets_all_with_confidence"]
            else (
                "meets every target on the point estimate (not all with confidence)"
                if w["meets_all_on_estimate"]
                else "misses some targets"
            )
        )
        lines.append(f"winner: trial {w['trial']}, {how}; variant written to {w['variant']}")
    return "\n".join(lines)


def _shown(x: float | None) -> str:
    return "-inf/inf" if x is None else f"{x:g}"


def tune_html(report: dict[str, Any], text: str) -> str:
    """A self-contained page: the violations over the trials, and the report as text."""
    from woa_core.draw.report_html import _page, figure_svg

    sections: list[tuple[str, str, str]] = []
    trials = report["search"]["trials"]
    if trials:
        sections.append(
            (
                "The targets over the trials",
                figure_svg(lambda fig: _trials_plot(fig, trials, [t["name"] for t in report["targets"]]), "trials"),
                "each target's violation (0: in its band) at each trial",
            )
        )
    return _page(f"woa tune: {report['manifest']['name']}", report["manifest"], sections, text)


def _trials_plot(fig: Any, trials: Sequence[dict[str, Any]], names: list[str]) -> None:
    ax = fig.add_subplot()
    for k, name in enumerate(names):
        xs = [t["trial"] for t in trials if len(t["violations"]) > k]
        ys = [t["violations"][k] for t in trials if len(t["violations"]) > k]
        ax.plot(xs, ys, "o", label=name, alpha=0.8)
    ax.set_xlabel("trial")
    ax.set_ylabel("violation (band widths)")
    ax.legend(fontsize="small")
