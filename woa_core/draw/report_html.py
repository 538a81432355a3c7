"""HTML reports with plots for ``woa simulate --html`` and ``woa compare --html``.

One self-contained file: the manifest, the plain-text report, and figures drawn by matplotlib
as inline SVG (no script, nothing fetched). matplotlib is the optional extra ``report``
(``pip install '.[report]'``); without it ``--html`` says what to install, and the plain-text
reports need nothing extra. Every figure of a rate carries its 95% interval; a comparison shows
each change with its interval.

>>> has_matplotlib() in (True, False)
True
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from typing import Any

from woa_core.errors import UsageError

INSTALL = "pip install 'woa[report]' (from a checkout: pip install '.[report]')"
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
SOURCE_COLOURS = ("#8c6d31", "#bd9e39", "#6b6ecf", "#9c9ede", "#e7969c", "#7b4173")


def has_matplotlib() -> bool:
    """Whether the ``report`` extra is installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def require_report_extra() -> None:
    """``UsageError`` saying what to install when matplotlib is missing (checked before any game runs)."""
    if not has_matplotlib():
        raise UsageError(f"--html draws its plots with matplotlib, which is not installed: {INSTALL}")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams.update(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "woa",
            "font.size": 9,
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    import matplotlib.pyplot as plt

    return plt


def figure_svg(
    draw: Callable[[Any], None], name: str, width: float = 6.4, height: float = 3.2, tight: bool = True
) -> str:
    """Run ``draw(figure)`` and return the figure as an inline ``<svg>`` element (no XML header,
    no date: the same data give the same bytes). ``name`` seeds the element ids, so several
    figures in one page never share one.

    >>> draw = partial(game_length, histograms=[("games", {"6": 3, "7": 1})])
    >>> svg = figure_svg(draw, "length") if has_matplotlib() else '<svg id="length-figure_1"'
    >>> svg.startswith("<svg") and 'id="length-figure_1"' in svg
    True
    """
    plt = _pyplot()
    plt.rcParams["svg.hashsalt"] = name
    fig = plt.figure(figsize=(width, height))
    try:
        draw(fig)
        if tight:
            fig.tight_layout()
        out = io.StringIO()
        fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    finally:
        plt.close(fig)
    svg = out.getvalue()
    svg = svg[svg.index("<svg") :]
    prefix = re.sub(r"[^A-Za-z0-9_-]", "_", name)
    svg = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}-\1"', svg)
    return re.sub(r'(href="#|url\(#)([^")]+)', rf"\1{prefix}-\2", svg)


# ------------------------------------------------------------------------------ figures


def game_length(fig: Any, histograms: Sequence[tuple[str, dict[str, int]]]) -> None:
    """Games by number of rounds (side by side when comparing)."""
    ax = fig.add_subplot()
    rounds = sorted({int(k) for _, h in histograms for k in h})
    width = 0.8 / len(histograms)
    for k, (label, hist) in enumerate(histograms):
        total = max(sum(hist.values()), 1)
        xs = [r + (k - (len(histograms) - 1) / 2) * width for r in rounds]
        ax.bar(xs, [100 * hist.get(str(r), 0) / total for r in rounds], width=width, label=label)
    ax.set_xticks(rounds)
    ax.set_xlabel("rounds")
    ax.set_ylabel("% of games")
    ax.set_title("Game length")
    if len(histograms) > 1:
        ax.legend()


def _rate_bars(ax: Any, labels: list[str], entries: list[dict[str, Any]], colours: Sequence[str]) -> None:
    rates = [100 * e["estimate"] for e in entries]
    low = [100 * (e["estimate"] - e["ci_low"]) for e in entries]
    high = [100 * (e["ci_high"] - e["estimate"]) for e in entries]
    ax.bar(labels, rates, yerr=[low, high], capsize=4, color=colours[: len(labels)] or None, ecolor="#333")
    ax.set_ylabel("win rate, % (95% interval)")


def win_rates(fig: Any, stats: dict[str, Any]) -> None:
    """Win rate by seat and by bot, with 95% Wilson intervals and the even share."""
    seats = stats["wins_by_seat"]
    bots = stats["wins_by_bot"]
    a = fig.add_subplot(1, 2, 1)
    _rate_bars(a, [s["seat"] for s in seats], seats, PLAYER_COLOURS)
    a.axhline(100 / max(len(seats), 1), color="#555", linestyle="--", linewidth=1, label="even share")
    a.set_title("Wins by seat")
    a.legend(loc="lower right")
    b = fig.add_subplot(1, 2, 2, sharey=a)
    _rate_bars(b, list(bots), list(bots.values()), ("#7f7f7f", "#bcbd22", "#17becf", "#9467bd", "#8c564b"))
    b.set_title("Wins by bot")


def vp_by_source(fig: Any, stats: dict[str, Any]) -> None:
    """Mean final VP per seat, stacked by where the VP came from; the whisker on each stack is the
    95% interval of the seat's mean total VP."""
    ax = fig.add_subplot()
    seats = stats["per_seat"]
    labels = [s["seat"] for s in seats]
    sources = list(seats[0]["vp_by_source"]) if seats else []
    bottom = [0.0] * len(seats)
    for k, source in enumerate(sources):
        values = [s["vp_by_source"][source] for s in seats]
        ax.bar(labels, values, bottom=bottom, label=source.replace("_", " "), color=SOURCE_COLOURS[k % 6])
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    games = max(int(stats.get("games", 0)), 1)
    half = [1.96 * s["vp"]["sd"] / math.sqrt(games) for s in seats]
    totals = [s["vp"]["mean"] for s in seats]
    ax.errorbar(labels, totals, yerr=half, fmt="none", ecolor="#222", capsize=4, label="95% interval of the total")
    ax.set_ylabel("mean VP per game")
    ax.set_title("VP by source, per seat")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))


def per_seat_counts(fig: Any, stats: dict[str, Any], key: str, title: str) -> None:
    """Grouped bars: a per-game count (goods sold by region, actions used) for each seat."""
    ax = fig.add_subplot()
    seats = stats["per_seat"]
    kinds = sorted({k for s in seats for k in s[key]})
    width = 0.8 / max(len(seats), 1)
    for p, seat in enumerate(seats):
        xs = [x + (p - (len(seats) - 1) / 2) * width for x in range(len(kinds))]
        ax.bar(xs, [seat[key].get(k, 0) for k in kinds], width=width, label=seat["seat"], color=PLAYER_COLOURS[p % 8])
    ax.set_xticks(range(len(kinds)))
    ax.set_xticklabels([k.replace("_", " ") for k in kinds])
    ax.set_ylabel("per seat per game")
    ax.set_title(title)
    ax.legend(ncols=min(len(seats), 5), fontsize=8)


CHANGE_GROUPS = (
    ("game length and end", lambda f: f == "rounds" or f.startswith("ends_by_")),
    ("who wins", lambda f: f.endswith("_wins")),
    ("VP per player, by source", lambda f: f.startswith("per_player_vp")),
    ("gold and settlements per player", lambda f: f in ("per_player_final_gold", "per_player_settlements")),
    ("goods sold per player, by region", lambda f: f.startswith("per_player_sold_")),
    ("actions used per player", lambda f: f.startswith("per_player_used_")),
    ("VP per seat", lambda f: f.startswith("p") and f.endswith("_vp") and f[1:-3].isdigit()),
)


def change_groups(rows: Sequence[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The compared rows in groups of like figures (each group one panel), every row once.

    >>> [g for g, _ in change_groups([{"figure": "rounds"}, {"figure": "p1_vp"}, {"figure": "new"}])]
    ['game length and end', 'VP per seat', 'other figures']
    """
    groups: list[tuple[str, list[dict[str, Any]]]] = []
    left = list(rows)
    for title, belongs in CHANGE_GROUPS:
        mine = [r for r in left if belongs(r["figure"])]
        left = [r for r in left if not belongs(r["figure"])]
        if mine:
            groups.append((title, mine))
    if left:
        groups.append(("other figures", left))
    return groups


def changes(fig: Any, title: str, rows: Sequence[dict[str, Any]]) -> None:
    """Each figure's change (variant − base) with its 95% interval, rates in percentage points;
    a filled red dot where the row is flagged (its corrected p below alpha)."""
    ax = fig.add_subplot()
    fig.subplots_adjust(left=0.3, right=0.66, top=1 - 0.35 / fig.get_figheight(), bottom=0.45 / fig.get_figheight())
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows, strict=True):
        scale, unit = (100.0, " pp") if r.get("kind") == "rate" else (1.0, "")
        d, (lo, hi) = scale * r["estimate"], (scale * r["ci_low"], scale * r["ci_high"])
        flagged = bool(r.get("significant"))
        colour = "#c0392b" if flagged else "#555"
        ax.plot([lo, hi], [y, y], color=colour, linewidth=2)
        ax.plot([d], [y], "o", color=colour, markerfacecolor=colour if flagged else "white")
        p = r.get("p_adjusted")
        ax.text(
            1.03,
            y,
            f"{d:+.3g}{unit} [{lo:+.3g}, {hi:+.3g}]" + (f"  p adj {p:.2g}" if p is not None else "") + (" *" * flagged),
            transform=ax.get_yaxis_transform(),
            va="center",
            fontsize=8,
            color=colour,
        )
    ax.axvline(0, color="#999", linewidth=1)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_yticks(ys)
    ax.set_yticklabels([r["figure"].replace("_", " ") for r in rows])
    ax.set_title(f"change, variant − base: {title}", fontsize=9)


def side_by_side(fig: Any, rows: Sequence[dict[str, Any]], prefix: str, title: str, names: tuple[str, str]) -> None:
    """Base and variant means of the rows whose figure starts with ``prefix``, as paired bars."""
    ax = fig.add_subplot()
    mine = [r for r in rows if r["figure"].startswith(prefix)]
    xs = range(len(mine))
    for k, (side, colour) in enumerate((("base", "#7f9fbf"), ("variant", "#e08040"))):
        ax.bar([x + (k - 0.5) * 0.4 for x in xs], [r[side] for r in mine], width=0.4, label=names[k], color=colour)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([r["figure"][len(prefix) :].replace("_", " ") for r in mine])
    ax.set_ylabel("per player per game")
    ax.set_title(title)
    ax.legend()


def seat_rates(fig: Any, rows: Sequence[dict[str, Any]], names: tuple[str, str]) -> None:
    """Win rate by seat under each ruleset, with 95% Wilson intervals."""
    from woa_core.sim.stats import wilson

    ax = fig.add_subplot()
    mine = [r for r in rows if r["figure"].endswith("_wins") and r["figure"][1:-5].isdigit()]
    for k, (side, colour) in enumerate((("base", "#7f9fbf"), ("variant", "#e08040"))):
        rates, low, high = [], [], []
        for r in mine:
            n = int(r.get("n") or 0)
            lo, hi = wilson(round(r[side] * n), n)
            rates.append(100 * r[side])
            low.append(100 * max(r[side] - lo, 0))
            high.append(100 * max(hi - r[side], 0))
        xs = [x + (k - 0.5) * 0.4 for x in range(len(mine))]
        ax.bar(xs, rates, width=0.4, yerr=[low, high], capsize=3, label=names[k], color=colour, ecolor="#333")
    ax.axhline(100 / max(len(mine), 1), color="#555", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(mine)))
    ax.set_xticklabels([r["figure"][:-5] for r in mine])
    ax.set_ylabel("win rate, % (95% interval)")
    ax.set_title("Wins by seat")
    ax.legend()


# ------------------------------------------------------------------------------- pages


STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:1100px;padding:0 16px 40px;
color:#222}h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table.manifest td{padding:1px 10px 1px 0;font-size:13px;vertical-align:top}table.manifest td:first-child{color:#555}
figure{margin:8px 0}figure svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#444}
pre{background:#f6f6f6;padding:8px;overflow:auto;font-size:12px}
.note{font-size:13px;color:#444}
.warning{background:#fff4d6;border-left:4px solid #d9a400;padding:6px 10px;font-size:14px}
"""


def _page(title: str, manifest: dict[str, Any], sections: list[tuple[str, str, str]], text: str) -> str:
    rows = "".join(f"<tr><td>{escape(str(k))}</td><td>{escape(_show(v))}</td></tr>" for k, v in manifest.items())
    body = "".join(
        f'<h2>{escape(h)}</h2><figure class="plot">{svg}<figcaption>{escape(caption)}</figcaption></figure>'
        for h, svg, caption in sections
    )
    warnings = manifest.get("warnings") or []
    notes = "".join(f'<p class="warning">{escape(str(w))}</p>' for w in warnings)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f'<h1>{escape(title)}</h1>{notes}<h2>Manifest</h2><table class="manifest">{rows}</table>{body}'
        f"<h2>The report as text</h2><pre>{escape(text)}</pre></body></html>\n"
    )


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(map(_show, value))
    return str(value)


def simulate_html(report: dict[str, Any], text: str) -> str:
    """The ``woa simulate`` report (``{"manifest", "stats"}``) as a page with plots."""
    m, s = report["manifest"], report["stats"]
    bots = ", ".join(m.get("bots", []))
    sections = [
        (
            "Game length",
            figure_svg(lambda f: game_length(f, [("games", s["rounds"]["histogram"])]), "length"),
            f"{s['games']} games; mean {s['rounds']['mean']:.2f} rounds, sd {s['rounds']['sd']:.2f}. "
            f"Game end: {_show(s['end_reasons'])}.",
        ),
        (
            "Win rates",
            figure_svg(lambda f: win_rates(f, s), "wins", 7.5, 3.4),
            "Bars are win rates, whiskers their 95% Wilson intervals; the dashed line is an even share. "
            f"Bots: {bots}" + (" (seats rotated each game)." if m.get("rotate_seats") else "."),
        ),
        (
            "VP by source",
            figure_svg(lambda f: vp_by_source(f, s), "vp", 7.0, 3.4),
            "Mean final VP of each seat, split by where it came from; whiskers: the 95% interval of the "
            "seat's mean total.",
        ),
        (
            "Goods sold by region",
            figure_svg(lambda f: per_seat_counts(f, s, "goods_sold_by_region", "Goods sold by region"), "sold"),
            "Goods each seat sold per game, by the region of the island sold at.",
        ),
        (
            "Actions used",
            figure_svg(lambda f: per_seat_counts(f, s, "actions_used", "Actions used"), "actions"),
            "Actions each seat started per game.",
        ),
    ]
    title = f"woa simulate · {m.get('rules')} · {m.get('players')} players · {s['games']} games"
    return _page(title, m, sections, text)


def compare_html(report: dict[str, Any], text: str) -> str:
    """The ``woa compare`` report (``{"manifest", "method", "rows"}``): every figure's change with
    its interval, grouped, and the two rulesets side by side."""
    m, rows = report["manifest"], report["rows"]
    names = (str(m["base"].get("rules", "base")), str(m["variant"].get("rules", "variant")))
    if names[0] == names[1]:
        names = ("base", "variant")
    method = report.get("method", {})
    how = ", ".join(f"{k} {v}" for k, v in method.items())
    sections = []
    for k, (title, mine) in enumerate(change_groups(rows)):
        height = 0.8 + 0.28 * len(mine)
        sections.append(
            (
                f"Change: {title}",
                figure_svg(partial(changes, title=title, rows=mine), f"change-{k}", 8.5, height, tight=False),
                f"Variant − base with its 95% interval ({how}). A filled red dot is a flagged row: its "
                "corrected p is below alpha, a change beyond noise at this number of games.",
            )
        )
    sections += [
        (
            "Wins by seat, side by side",
            figure_svg(partial(seat_rates, rows=rows, names=names), "seats"),
            "Win rate of each seat under each ruleset; whiskers are 95% Wilson intervals, dashed an even share.",
        ),
        (
            "VP by source, side by side",
            figure_svg(
                partial(side_by_side, rows=rows, prefix="per_player_vp_", title="VP by source", names=names), "vp"
            ),
            "Mean VP per player per game from each source.",
        ),
        (
            "Goods sold by region, side by side",
            figure_svg(
                partial(side_by_side, rows=rows, prefix="per_player_sold_", title="Goods sold by region", names=names),
                "sold",
            ),
            "Goods sold per player per game, by region.",
        ),
        (
            "Actions used, side by side",
            figure_svg(
                partial(side_by_side, rows=rows, prefix="per_player_used_", title="Actions used", names=names),
                "actions",
            ),
            "Actions started per player per game.",
        ),
    ]
    title = f"woa compare · {names[0]} vs {names[1]} · {m.get('players')} players · {m.get('games')} game pairs"
    return _page(title, m | {"method": method}, sections, text)


SWEEP_FIGURES = ("rounds", "vp", "first_player_wins", "final_gold", "settlements")
"""The figures a sweep report plots against its parameters (besides the objective's score)."""


def _axis_values(values: list[Any]) -> list[Any]:
    unique = list(dict.fromkeys(values))
    try:
        return sorted(unique)
    except TypeError:
        return unique


def sweep_series(report: dict[str, Any]) -> dict[str, dict[str, tuple[float, float, float]]]:
    """Per figure (and ``score``), per point: mean and 95% interval, from a sweep's report.

    >>> rows = [{"point": "a", "figure": "rounds", "estimate": 6.0, "ci_low": 5.5, "ci_high": 6.5}]
    >>> sweep_series({"rows": rows, "ranking": [{"point": "a", "estimate": 1.0, "ci_low": 0.5, "ci_high": None}]})
    {'score': {'a': (1.0, 0.5, 1.0)}, 'rounds': {'a': (6.0, 5.5, 6.5)}}
    """
    out: dict[str, dict[str, tuple[float, float, float]]] = {"score": {}}
    for r in report.get("ranking", []):
        if r.get("estimate") is not None:
            out["score"][r["point"]] = _span(r)
    for row in report.get("rows", []):
        if row["figure"] in SWEEP_FIGURES and row["estimate"] is not None:
            out.setdefault(row["figure"], {})[row["point"]] = _span(row)
    return out


def _span(figure: dict[str, Any]) -> tuple[float, float, float]:
    """An estimate and its interval's ends (the estimate itself where there is no interval)."""
    estimate = figure["estimate"]
    low, high = figure["ci_low"], figure["ci_high"]
    return (estimate, estimate if low is None else low, estimate if high is None else high)


def sweep_plot(fig: Any, report: dict[str, Any], figure: str, title: str) -> None:
    """One figure against the parameters: a line with interval bars for one parameter, a
    heat-map (cells annotated with the mean and interval) for two, else one scatter per parameter."""
    params = report["manifest"]["parameters"]
    values = {r["point"]: r["values"] for r in report.get("ranking", [])}
    series = sweep_series(report)[figure]
    points = [p for p in values if p in series]
    if len(params) == 2 and not report["manifest"].get("sample"):
        xs = _axis_values([values[p][params[0]] for p in points])
        ys = _axis_values([values[p][params[1]] for p in points])
        grid = [[float("nan")] * len(xs) for _ in ys]
        ax = fig.add_subplot()
        for p in points:
            i, j = ys.index(values[p][params[1]]), xs.index(values[p][params[0]])
            centre, bottom, top = series[p]
            grid[i][j] = centre
            ax.text(j, i, f"{centre:.3g}\n[{bottom:.3g}, {top:.3g}]", ha="center", va="center", fontsize=7)
        import numpy as np  # matplotlib's own dependency

        edges_x, edges_y = np.arange(len(xs) + 1) - 0.5, np.arange(len(ys) + 1) - 0.5
        cells = np.ma.masked_invalid(np.array(grid))
        # pcolormesh, not imshow: vector cells, so the report holds no embedded raster image
        mesh = ax.pcolormesh(edges_x, edges_y, cells, cmap="viridis_r" if figure == "score" else "viridis", alpha=0.75)
        bar = fig.colorbar(mesh, ax=ax)
        bar.solids.set_rasterized(False)  # vector, like the rest (no embedded image)
        ax.set_xticks(range(len(xs)), [str(x) for x in xs])
        ax.set_yticks(range(len(ys)), [str(y) for y in ys])
        ax.set_xlabel(params[0])
        ax.set_ylabel(params[1])
        ax.spines[:].set_visible(False)
    else:
        for k, param in enumerate(params):
            ax = fig.add_subplot(1, len(params), k + 1)
            xs = [values[p][param] for p in points]
            order = sorted(range(len(points)), key=lambda n: (str(type(xs[n])), xs[n]))
            mean = [series[points[n]][0] for n in order]
            low = [mean[m] - series[points[n]][1] for m, n in enumerate(order)]
            high = [series[points[n]][2] - mean[m] for m, n in enumerate(order)]
            shown = [xs[n] for n in order]
            numeric = all(isinstance(x, int | float) and not isinstance(x, bool) for x in shown)
            at = shown if numeric else list(range(len(shown)))
            ax.errorbar(at, mean, yerr=[low, high], fmt="o-" if len(params) == 1 else "o", capsize=3)
            if not numeric:
                ax.set_xticks(at, [str(x) for x in shown])
            ax.set_xlabel(param)
            ax.set_ylabel(title if k == 0 else "")
    fig.suptitle(title, fontsize=10)


def sweep_html(report: dict[str, Any], text: str) -> str:
    """The ``woa sweep`` report: the objective's score and the main figures against the
    parameters (a heat-map for two), each with its 95% interval, and the ranking."""
    m = report["manifest"]
    series = sweep_series(report)
    names = {"score": f"objective score ({m.get('objective')}; lower is better)"} | {
        f: f.replace("_", " ") for f in SWEEP_FIGURES
    }
    sections = []
    wide = len(m["parameters"]) != 2
    for key, title in names.items():
        if series.get(key):
            sections.append(
                (
                    title[0].upper() + title[1:],
                    figure_svg(
                        partial(sweep_plot, report=report, figure=key, title=title),
                        f"sweep-{key}",
                        7.5 if wide else 6.8,
                        3.2 if wide else 4.2,
                    ),
                    "Each point's mean with its 95% interval"
                    + (" (in the cell)" if not wide else " (bars)")
                    + f"; {m.get('games_per_point')} games per point unless racing dropped it early.",
                )
            )
    title = f"woa sweep · {m.get('space')} · {m.get('points')} points · {', '.join(m['parameters'])}"
    return _page(title, m, sections, text)
