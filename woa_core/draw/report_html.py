"""HTML reports with plots for ``woa simulate --html`` and ``woa compare --html``.

One self-contained file: the verdict first (``woa_core.sim.verdict``: what a designer must know,
in words), figures drawn by matplotlib as inline SVG (no script, nothing fetched), then how the
run was made, in words, and the plain-text report. matplotlib is the optional extra ``report``
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
from woa_core.report.drawing import SEAT_COLOURS
from woa_core.report.figures import UNFOLDING, Figure, Kind, game_order, row_figure, seat_figures, seat_of_row
from woa_core.sim.compare import PER_PLAYER
from woa_core.sim.verdict import Finding, compare_verdict, says_of, simulate_verdict

INSTALL = "pip install 'woa[report]' (from a checkout: pip install '.[report]')"
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

    >>> draw = partial(histogram, histograms=[("games", {"6": 3, "7": 1})])
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


def histogram(fig: Any, histograms: Sequence[tuple[str, dict[str, int]]], unit: str = "", title: str = "") -> None:
    """Games by a figure's value (by number of rounds, say), in ``unit``; side by side when comparing."""
    ax = fig.add_subplot()
    rounds = sorted({int(k) for _, h in histograms for k in h})
    width = 0.8 / len(histograms)
    for k, (label, hist) in enumerate(histograms):
        total = max(sum(hist.values()), 1)
        xs = [r + (k - (len(histograms) - 1) / 2) * width for r in rounds]
        ax.bar(xs, [100 * hist.get(str(r), 0) / total for r in rounds], width=width, label=label)
    ax.set_xticks(rounds)
    ax.set_xlabel(unit)
    ax.set_ylabel("% of games")
    ax.set_title(title)
    if len(histograms) > 1:
        ax.legend()


def _rate_bars(ax: Any, labels: list[str], entries: list[dict[str, Any]], colours: Sequence[str]) -> None:
    rates = [100 * e["estimate"] for e in entries]
    low = [100 * (e["estimate"] - e["ci_low"]) for e in entries]
    high = [100 * (e["ci_high"] - e["estimate"]) for e in entries]
    ax.bar(labels, rates, yerr=[low, high], capsize=4, color=colours[: len(labels)] or None, ecolor="#333")
    ax.set_ylabel("win rate, % (95% interval)")


def win_rates(fig: Any, stats: dict[str, Any], wins: Figure) -> None:
    """Win rate by seat and by bot, with 95% Wilson intervals and the even share."""
    seats = stats[wins.key]
    bots = stats[f"{wins.name}_by_bot"]
    a = fig.add_subplot(1, 2, 1)
    _rate_bars(a, [s["seat"] for s in seats], seats, SEAT_COLOURS)
    a.axhline(100 / max(len(seats), 1), color="#555", linestyle="--", linewidth=1, label="even share")
    a.set_title("Wins by seat")
    a.legend(loc="lower right")
    b = fig.add_subplot(1, 2, 2, sharey=a)
    _rate_bars(b, list(bots), list(bots.values()), ("#7f7f7f", "#bcbd22", "#17becf", "#9467bd", "#8c564b"))
    b.set_title("Wins by bot")


def stacked_by_key(fig: Any, stats: dict[str, Any], figure: Figure, total: Figure | None) -> None:
    """Mean per seat of a figure by key (VP by source), stacked; the whisker on each stack is the
    95% interval of the seat's mean of ``total`` (the figure the keys add up to), if any."""
    ax = fig.add_subplot()
    seats = stats["per_seat"]
    labels = [s["seat"] for s in seats]
    keys = list(seats[0][figure.key]) if seats else []
    bottom = [0.0] * len(seats)
    for k, key in enumerate(keys):
        values = [_mean(s[figure.key][key]) for s in seats]
        ax.bar(labels, values, bottom=bottom, label=key.replace("_", " "), color=SOURCE_COLOURS[k % 6])
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    if total is not None and total.spread:
        games = max(int(stats.get("games", 0)), 1)
        half = [1.96 * s[total.key]["sd"] / math.sqrt(games) for s in seats]
        totals = [s[total.key]["mean"] for s in seats]
        ax.errorbar(labels, totals, yerr=half, fmt="none", ecolor="#222", capsize=4, label="95% interval of the total")
    ax.set_ylabel(f"mean {figure.unit} per game".replace("  ", " "))
    ax.set_title(f"{figure.label}, per seat")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _mean(entry: Any) -> float:
    return float(entry["mean"] if isinstance(entry, dict) else entry)


LEAST_REACHED = 0.1
"""A round (or turn) reached by fewer than this share of the games is left out of the score
chart: its median would describe a handful of long games."""


def score_over_time(fig: Any, stats: dict[str, Any], figure: Figure) -> None:
    """Each seat's score after each round (or turn) of a ``SERIES`` figure: the median over the
    games that reached it as a line, the band between the quartiles (half of those games) shaded."""
    ax = fig.add_subplot()
    games = max(int(stats.get("games", 0)), 1)
    for p, seat in enumerate(stats["per_seat"]):
        points = [e for e in seat[figure.key] if e["games"] >= LEAST_REACHED * games]
        xs = [e[figure.after] for e in points]
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        low, high = [e["lower_quartile"] for e in points], [e["upper_quartile"] for e in points]
        ax.fill_between(xs, low, high, color=colour, alpha=0.15, linewidth=0)
        ax.plot(xs, [e["median"] for e in points], "o-", color=colour, markersize=3, label=seat["seat"])
    ax.set_xlabel(figure.after)
    ax.set_ylabel(f"{figure.unit} (median, quartiles shaded)")
    ax.set_title(_heading(figure.label))
    ax.legend(loc="upper left")


def unfolding_words(stats: dict[str, Any], figures: Sequence[Figure]) -> str:
    """The figures of how the game unfolds, in one sentence for a caption.

    >>> from woa_core.report.figures import LEAD_CHANGES
    >>> unfolding_words({"lead_changes": {"mean": 1.5, "sd": 1.0}}, [LEAD_CHANGES])
    'Lead changes: mean 1.50 per game.'
    """
    words = []
    for f in game_order(figures):
        entry = stats.get(f.key)
        if f.group != UNFOLDING or entry is None:
            continue
        if f.kind is Kind.RATE:
            low, high = 100 * entry["ci_low"], 100 * entry["ci_high"]
            words.append(f"{_heading(f.label)}: {100 * entry['estimate']:.1f}% of games [{low:.1f}–{high:.1f}]")
        else:
            words.append(f"{_heading(f.label)}: mean {entry['mean']:.2f} {f.unit}")
    return "; ".join(words) + "." if words else ""


def per_seat_counts(fig: Any, stats: dict[str, Any], key: str, title: str) -> None:
    """Grouped bars: a per-game count (goods sold by region, actions used) for each seat."""
    ax = fig.add_subplot()
    seats = stats["per_seat"]
    kinds = sorted({k for s in seats for k in s[key]})
    width = 0.8 / max(len(seats), 1)
    for p, seat in enumerate(seats):
        xs = [x + (p - (len(seats) - 1) / 2) * width for x in range(len(kinds))]
        ax.bar(xs, [seat[key].get(k, 0) for k in kinds], width=width, label=seat["seat"], color=SEAT_COLOURS[p % 8])
    ax.set_xticks(range(len(kinds)))
    ax.set_xticklabels([k.replace("_", " ") for k in kinds])
    ax.set_ylabel("per seat per game")
    ax.set_title(title)
    ax.legend(ncols=min(len(seats), 5), fontsize=8)


def change_groups(rows: Sequence[dict[str, Any]], figures: Sequence[Figure]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The compared rows in groups of like figures (each group one panel), every row once: a
    figure's declared group, its seats' own values apart (``LABEL per seat``).

    >>> from woa_core.report.figures import KERNEL_FIGURES
    >>> [g for g, _ in change_groups([{"figure": "p1_wins"}, {"figure": "new"}], KERNEL_FIGURES)]
    ['who wins', 'other figures']
    """
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        figure = row_figure(figures, r["figure"], PER_PLAYER)
        if figure is None:
            title = "other figures"
        elif figure.kind is not Kind.WINS and seat_of_row(r["figure"], figure) is not None:
            title = f"{figure.label} per seat"
        else:
            title = figure.group or figure.label
        groups.setdefault(title, []).append(r)
    other = groups.pop("other figures", None)
    return [*groups.items(), *([("other figures", other)] if other else [])]


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


def side_by_side(
    fig: Any, rows: Sequence[dict[str, Any]], prefix: str, title: str, names: tuple[str, str], unit: str = ""
) -> None:
    """Base and variant means of ``rows`` (named ``PREFIX_KEY``), as paired bars."""
    ax = fig.add_subplot()
    xs = range(len(rows))
    for k, (side, colour) in enumerate((("base", "#7f9fbf"), ("variant", "#e08040"))):
        ax.bar([x + (k - 0.5) * 0.4 for x in xs], [r[side] for r in rows], width=0.4, label=names[k], color=colour)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([r["figure"][len(prefix) :].replace("_", " ") for r in rows])
    ax.set_ylabel(f"{unit} per player per game".strip())
    ax.set_title(title)
    ax.legend()


def seat_rates(fig: Any, rows: Sequence[dict[str, Any]], names: tuple[str, str], wins: Figure) -> None:
    """Win rate by seat under each ruleset, with 95% Wilson intervals."""
    from woa_core.sim.stats import wilson

    ax = fig.add_subplot()
    mine = [r for r in rows if seat_of_row(r["figure"], wins) is not None]
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
    ax.set_xticklabels([r["figure"][: -len(wins.name) - 1] for r in mine])
    ax.set_ylabel("win rate, % (95% interval)")
    ax.set_title("Wins by seat")
    ax.legend()


# ------------------------------------------------------------------------------- pages


STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:1100px;padding:0 16px 40px;
color:#222}h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
ul.verdict{font-size:15px;line-height:1.45;padding-left:20px}
table.manifest td{padding:1px 10px 1px 0;font-size:13px;vertical-align:top}table.manifest td:first-child{color:#555}
figure{margin:8px 0}figure svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#444}
pre{background:#f6f6f6;padding:8px;overflow:auto;font-size:12px}
.note{font-size:13px;color:#444}
.warning{background:#fff4d6;border-left:4px solid #d9a400;padding:6px 10px;font-size:14px}
"""


def _page(
    title: str,
    manifest: dict[str, Any],
    sections: list[tuple[str, str, str]],
    text: str,
    verdict: Sequence[Finding | dict[str, Any]] = (),
) -> str:
    """A report page: its title, the verdict (``woa_core.sim.verdict``) and the manifest's warnings
    first, then each section (heading, figure, caption), then how the run was made, in words
    (``manifest_words``), and the plain report as text."""
    rows = "".join(f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>" for k, v in manifest_words(manifest))
    body = "".join(
        f'<h2>{escape(h)}</h2><figure class="plot">{svg}<figcaption>{escape(caption)}</figcaption></figure>'
        for h, svg, caption in sections
    )
    said = "".join(f"<li>{escape(says_of(f))}</li>" for f in verdict)
    lead = f'<h2>Verdict</h2><ul class="verdict">{said}</ul>' if said else ""
    warnings = manifest.get("warnings") or []
    notes = "".join(f'<p class="warning">{escape(str(w))}</p>' for w in warnings)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1>{lead}{notes}{body}"
        f'<h2>How this was run</h2><table class="manifest">{rows}</table>'
        f"<h2>The report as text</h2><pre>{escape(text)}</pre></body></html>\n"
    )


MANIFEST_WORDS = {
    "engine": "woa version",
    "build": "build (compiled or pure Python)",
    "rules_spec": "rules read from",
    "overrides": "changed by --set",
    "rules_hash": "content hash of the rules",
    "bots": "bots, by seat",
    "bot_kinds": "kind of each bot",
    "rotate_seats": "seats",
    "seed": "master seed",
    "first_game": "index of the first game",
    "workers": "worker processes",
    "backend": "where the games ran",
    "seconds": "time taken, seconds",
    "games_per_second": "games per second",
    "decisions_per_second": "decisions per second",
    "alpha": "alpha (a row is flagged below it)",
    "confidence": "confidence of the intervals",
    "pairing_gain": "how much narrower pairing made the intervals",
    "space_digest": "content hash of the space",
    "games_per_point": "games per point",
}
"""The manifest's keys in words (any other key: its name with spaces)."""

SEATS_WORDS = {True: "rotated each game: every bot plays every seat in turn", False: "fixed: each bot keeps its seat"}

LEFT_OUT = frozenset({"warnings"})
"""Manifest keys the page says elsewhere (the warnings lead it)."""


def manifest_words(manifest: dict[str, Any]) -> list[tuple[str, str]]:
    """The manifest as rows of words: each key said as a phrase, each value as a person reads it
    (yes or no, none, lists joined), never as a Python value.

    >>> for row in manifest_words({"variant": None, "rotate_seats": False, "overrides": [], "interrupted": False}):
    ...     print(*row, sep=": ")
    variant: none
    seats: fixed: each bot keeps its seat
    changed by --set: none
    interrupted: no
    """
    return [(_key_words(k), _value_words(k, v)) for k, v in manifest.items() if k not in LEFT_OUT]


def _key_words(key: str) -> str:
    return MANIFEST_WORDS.get(key, key.replace("_", " "))


def _value_words(key: str, value: Any) -> str:
    if key == "rotate_seats" and isinstance(value, bool):
        return SEATS_WORDS[value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == [] or value == {}:
        return "none"
    if isinstance(value, dict):
        return "; ".join(f"{_key_words(k)}: {_value_words(k, v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_value_words(key, v) for v in value)
    return str(value)


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(map(_show, value))
    return str(value)


def _heading(words: str) -> str:
    return words[:1].upper() + words[1:]


def simulate_html(report: dict[str, Any], text: str, figures: Sequence[Figure]) -> str:
    """The ``woa simulate`` report (``{"manifest", "stats"}``) as a page with plots: each
    histogram, who wins, and each per-seat figure by key (``figures``: those it holds)."""
    m, s = report["manifest"], report["stats"]
    bots = ", ".join(m.get("bots", []))
    ends = [f for f in figures if f.kind is Kind.CATEGORY and f.key in s]
    sections = []
    for f in game_order(figures):
        entry = s.get(f.key)
        if entry is None:
            continue
        if f.kind is Kind.MEAN and f.histogram:
            ended = " ".join(f"{_heading(e.label)}: {_show(s[e.key])}." for e in ends)
            sections.append(
                (
                    _heading(f.label),
                    figure_svg(
                        partial(
                            histogram, histograms=[("games", entry["histogram"])], unit=f.unit, title=_heading(f.label)
                        ),
                        f.name,
                    ),
                    f"{s['games']} games; mean {entry['mean']:.2f} {f.unit}, sd {entry['sd']:.2f}. {ended}".strip(),
                )
            )
        elif f.kind is Kind.WINS:
            sections.append(
                (
                    "Win rates",
                    figure_svg(partial(win_rates, stats=s, wins=f), "wins", 7.5, 3.4),
                    "Bars are win rates, whiskers their 95% Wilson intervals; the dashed line is an even share. "
                    f"Bots: {bots}" + (" (seats rotated each game)." if m.get("rotate_seats") else "."),
                )
            )
    for f in seat_figures(figures, Kind.SERIES):
        sections.append(
            (
                _heading(f.label),
                figure_svg(partial(score_over_time, stats=s, figure=f), f.name, 7.0, 3.6),
                f"Each seat's {f.label}: the median over the games that reached that {f.after} (line), and the band "
                f"between the quartiles, where half of those games lie (shaded); a {f.after} fewer than "
                f"{LEAST_REACHED:.0%} of the games reached is left out. " + unfolding_words(s, figures),
            )
        )
    by_name = {f.name: f for f in figures}
    for f in seat_figures(figures, Kind.MEAN, Kind.COUNT):
        if not f.by_key:
            continue
        if f.kind is Kind.COUNT:
            draw = partial(per_seat_counts, stats=s, key=f.key, title=_heading(f.label))
            caption = f"Each seat's {f.label} per game" + (f" ({f.unit})." if f.unit else ".")
        else:
            total = by_name.get(f.parts_of)
            draw = partial(stacked_by_key, stats=s, figure=f, total=total)
            caption = f"Mean {f.label} of each seat" + (
                f", stacked; whiskers: the 95% interval of the seat's mean {total.label}." if total else "."
            )
        sections.append((_heading(f.label), figure_svg(draw, f.name, 7.0, 3.4), caption))
    title = f"woa simulate · {m.get('rules')} · {m.get('players')} players · {s['games']} games"
    return _page(title, m, sections, text, report.get("verdict") or simulate_verdict(report, figures))


def compare_html(report: dict[str, Any], text: str, figures: Sequence[Figure]) -> str:
    """The ``woa compare`` report (``{"manifest", "method", "rows"}``): every figure's change with
    its interval, grouped, and the two rulesets side by side (``figures``: those it compares)."""
    m, rows = report["manifest"], report["rows"]
    names = (str(m["base"].get("rules", "base")), str(m["variant"].get("rules", "variant")))
    if names[0] == names[1]:
        names = ("base", "variant")
    method = report.get("method", {})
    how = ", ".join(f"{k} {v}" for k, v in method.items())
    sections = []
    for k, (title, mine) in enumerate(change_groups(rows, figures)):
        height = 0.8 + 0.28 * len(mine)
        sections.append(
            (
                f"Change: {title}",
                figure_svg(partial(changes, title=title, rows=mine), f"change-{k}", 8.5, height, tight=False),
                f"Variant − base with its 95% interval ({how}). A filled red dot is a flagged row: its "
                "corrected p is below alpha, a change beyond noise at this number of games.",
            )
        )
    for f in figures:
        if f.kind is Kind.WINS:
            sections.append(
                (
                    f"{_heading(f.label)} by seat, side by side",
                    figure_svg(partial(seat_rates, rows=rows, names=names, wins=f), "seats"),
                    "Win rate of each seat under each ruleset; whiskers are 95% Wilson intervals, dashed an "
                    "even share.",
                )
            )
    for f in seat_figures(figures, Kind.MEAN, Kind.COUNT):
        mine = [r for r in rows if f.by_key and row_figure(figures, r["figure"], PER_PLAYER) is f]
        if mine:
            prefix = f"{PER_PLAYER}{f.prefix}_"
            sections.append(
                (
                    f"{_heading(f.label)}, side by side",
                    figure_svg(
                        partial(
                            side_by_side, rows=mine, prefix=prefix, title=_heading(f.label), names=names, unit=f.unit
                        ),
                        f.name,
                    ),
                    f"Mean {f.label} per player per game under each ruleset.",
                )
            )
    title = f"woa compare · {names[0]} vs {names[1]} · {m.get('players')} players · {m.get('games')} game pairs"
    verdict = report.get("verdict") or compare_verdict(report, figures)
    return _page(title, m | {"method": method}, sections, text, verdict)


def sweep_figures(figures: Sequence[Figure]) -> list[str]:
    """The figures a sweep report plots against its parameters (besides the objective's score):
    every compared figure with one value per game (not by key, not each seat's); one that no
    game had (``shown_if_any``) has no rows, so no plot.

    >>> from woa_core.report.figures import KERNEL_FIGURES
    >>> sweep_figures(KERNEL_FIGURES)
    ['shared_wins']
    """
    shown = (Kind.MEAN, Kind.WON, Kind.RATE)
    return [f.name for f in figures if f.compared and f.kind in shown and not f.by_key]


def _axis_values(values: list[Any]) -> list[Any]:
    unique = list(dict.fromkeys(values))
    try:
        return sorted(unique)
    except TypeError:
        return unique


def sweep_series(report: dict[str, Any], shown: Sequence[str]) -> dict[str, dict[str, tuple[float, float, float]]]:
    """Per figure of ``shown`` (and ``score``), per point: mean and 95% interval, from a sweep's report.

    >>> rows = [{"point": "a", "figure": "rounds", "estimate": 6.0, "ci_low": 5.5, "ci_high": 6.5}]
    >>> ranking = [{"point": "a", "estimate": 1.0, "ci_low": 0.5, "ci_high": None}]
    >>> sweep_series({"rows": rows, "ranking": ranking}, ["rounds"])
    {'score': {'a': (1.0, 0.5, 1.0)}, 'rounds': {'a': (6.0, 5.5, 6.5)}}
    """
    out: dict[str, dict[str, tuple[float, float, float]]] = {"score": {}}
    for r in report.get("ranking", []):
        if r.get("estimate") is not None:
            out["score"][r["point"]] = _span(r)
    for row in report.get("rows", []):
        if row["figure"] in shown and row["estimate"] is not None:
            out.setdefault(row["figure"], {})[row["point"]] = _span(row)
    return out


def _span(figure: dict[str, Any]) -> tuple[float, float, float]:
    """An estimate and its interval's ends (the estimate itself where there is no interval)."""
    estimate = figure["estimate"]
    low, high = figure["ci_low"], figure["ci_high"]
    return (estimate, estimate if low is None else low, estimate if high is None else high)


def sweep_plot(fig: Any, report: dict[str, Any], figure: str, title: str, shown: Sequence[str] = ()) -> None:
    """One figure against the parameters: a line with interval bars for one parameter, a
    heat-map (cells annotated with the mean and interval) for two, else one scatter per parameter."""
    params = report["manifest"]["parameters"]
    values = {r["point"]: r["values"] for r in report.get("ranking", [])}
    series = sweep_series(report, shown or [figure])[figure]
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


def sweep_html(report: dict[str, Any], text: str, figures: Sequence[Figure]) -> str:
    """The ``woa sweep`` report: the objective's score and the main figures (``sweep_figures``)
    against the parameters (a heat-map for two), each with its 95% interval, and the ranking."""
    m = report["manifest"]
    shown = sweep_figures(figures)
    series = sweep_series(report, shown)
    names = {"score": f"objective score ({m.get('objective')}; lower is better)"} | {
        f: f.replace("_", " ") for f in shown
    }
    sections = []
    wide = len(m["parameters"]) != 2
    for key, title in names.items():
        if series.get(key):
            sections.append(
                (
                    title[0].upper() + title[1:],
                    figure_svg(
                        partial(sweep_plot, report=report, figure=key, title=title, shown=shown),
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
