"""The simulation report: a table a designer can read, and the same as JSON.

Its lines come from the declared figures (``woa_core.report.figures``): the verdict first
(``woa_core.sim.verdict``), then each figure of a whole game on a line (run totals, game length,
how games end, win rates), the wins by bot, a table of each seat's wins and means, then one table
per figure by key (VP by source, goods sold...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from woa_core.report.figures import UNFOLDING, Figure, Kind, game_order, seat_figures
from woa_core.sim.verdict import simulate_verdict, verdict_text


def _pct(rate: float) -> str:
    return f"{100 * rate:5.1f}%"


def _ci(figure: dict[str, Any]) -> str:
    return f"[{100 * figure['ci_low']:.1f}–{100 * figure['ci_high']:.1f}]"


def _game_lines(f: Figure, s: dict[str, Any], m: dict[str, Any]) -> list[str]:
    """The lines of a figure of a whole game (none when the report does not hold it)."""
    entry = s.get(f.key)
    if entry is None:
        return []
    if f.kind is Kind.MEAN:
        unit = f" ({f.unit})" if f.unit else ""
        hist = entry.get("histogram")
        shown = f"   ({' '.join(f'{k}:{v}' for k, v in hist.items())})" if hist else ""
        return [f"{f.label}{unit}: mean {entry['mean']:.2f}, sd {entry['sd']:.2f}{shown}"]
    if f.kind is Kind.CATEGORY:
        return [f"{f.label}: " + ", ".join(f"{k} {v}" for k, v in entry.items())]
    if f.kind is Kind.TOTAL:
        per_game = entry / max(s["games"], 1)
        return [f"{f.label}: {entry} in all, {per_game:.1f} per game"]
    if f.kind is Kind.WINS:
        lines = ["", f"{f.label} by bot              games   {f.name:>4}   rate    95% CI"]
        for bot, w in s[f"{f.name}_by_bot"].items():
            lines.append(f"  {bot:<20} {w['games']:>7} {w[f.name]:>6g} {_pct(w['estimate'])}  {_ci(w)}")
        return lines
    mixed = len(set(m["bots"])) > 1
    if f.kind is Kind.WON:
        note = f"; {f.note}" if f.note else ""
        even = _pct(entry["fair_share"])
        line = f"{f.label} wins {_pct(entry['estimate'])} {_ci(entry)} (an even share is {even}{note})"
    else:
        line = f"{f.label} {_pct(entry['estimate'])} {_ci(entry)}" + (f" ({f.note})" if f.note else "")
    return [line + (f"; {f.note_if_bots_differ}" if mixed and f.note_if_bots_differ else "")]


def _table(title: str, columns: Sequence[str], rows: list[tuple[str, list[str]]]) -> list[str]:
    """A table: ``title`` above the seats, a right-aligned column per heading."""
    widths = [max(len(h), *(len(cells[k]) for _, cells in rows), 5) for k, h in enumerate(columns)]
    first = max(len(title), 12)
    out = [f"{title:<{first}}" + "".join(f"  {h:>{w}}" for h, w in zip(columns, widths, strict=True))]
    for name, cells in rows:
        out.append(f"  {name:<{first - 2}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths, strict=True)))
    return out


SERIES_COLUMNS = 12
"""At most this many rounds (or turns) in the text report's table of a series."""


def _series_table(f: Figure, seats: list[dict[str, Any]], games: int) -> list[str]:
    """A series' medians by seat, after each round reached by at least half of the games (at
    most ``SERIES_COLUMNS`` of them, evenly spread)."""
    reached = [k for k, entry in enumerate(seats[0][f.key]) if 2 * entry["games"] >= games]
    if len(reached) > SERIES_COLUMNS:
        step = (len(reached) - 1) / (SERIES_COLUMNS - 1)
        reached = [reached[round(i * step)] for i in range(SERIES_COLUMNS)]
    rows = [(seat["seat"], [f"{seat[f.key][k]['median']:g}" for k in reached]) for seat in seats]
    return _table(f"{f.label} (median)", [str(k + 1) for k in reached], rows)


def _mean(entry: Any) -> float:
    return float(entry["mean"] if isinstance(entry, dict) else entry)


def format_table(report: dict[str, Any], figures: Sequence[Figure]) -> str:
    """The human-readable report of ``woa simulate`` (``figures``: those the report holds), led by
    its verdict (the report's ``verdict``, else ``simulate_verdict``)."""
    m, s = report["manifest"], report["stats"]
    verdict = report.get("verdict") or simulate_verdict(report, figures)
    lines = [
        verdict_text(verdict),
        "",
        f"woa {m['engine']} · rules {m['rules']} ({m['rules_hash']})"
        + (f" · variant {m['variant']}" if m.get("variant") else "")
        + f" · {m['players']} players · seed {m['seed']}",
        "bots: "
        + ", ".join(f"{b} ({m['bot_kinds'][b]})" if "bot_kinds" in m else b for b in m["bots"])
        + (" (seats rotated each game)" if m["rotate_seats"] else ""),
        f"{s['games']} games in {m['seconds']:.1f} s with {m['workers']} worker(s): "
        f"{m['games_per_second']:.1f} games/s, {m['decisions_per_second']:.0f} decisions/s",
    ]
    if m.get("interrupted"):
        lines.append("INTERRUPTED: the figures cover the games finished before Ctrl-C")
    lines.append("")
    whole = game_order(figures)
    group = ""
    for f in [f for f in whole if f.kind is Kind.TOTAL] + [f for f in whole if f.kind is not Kind.TOTAL]:
        shown = _game_lines(f, s, m)
        if shown and f.group == UNFOLDING and group != UNFOLDING:
            lines += ["", f"{UNFOLDING}:"]
        group = f.group if shown else group
        lines += shown
    wins = next((f for f in figures if f.kind is Kind.WINS), None)
    seats = s["per_seat"]
    if wins is not None and seats:
        means = [f for f in seat_figures(figures, Kind.MEAN) if not f.keyed]
        lines += [
            "",
            f"per seat     {wins.name:>7}   rate    95% CI      "
            + "".join(f"  {f.label:>{max(len(f.label), 5)}}" for f in means),
        ]
        for seat, w in zip(seats, s[wins.key], strict=True):
            lines.append(
                f"  {seat['seat']:<10} {w[wins.name]:>6g} {_pct(w['estimate'])}  {_ci(w):<14}"
                + "".join(f"  {_mean(seat[f.key]):>{max(len(f.label), 5)}.1f}" for f in means)
            )
    for f in seat_figures(figures, Kind.MEAN, Kind.COUNT):
        if not f.by_key or not seats:
            continue
        digits = 2 if f.kind is Kind.COUNT else 1
        per = ", per game" if f.kind is Kind.COUNT else ""
        rows = [(seat["seat"], [f"{_mean(v):.{digits}f}" for v in seat[f.key].values()]) for seat in seats]
        lines += ["", *_table(f"{f.label}{per}", list(seats[0][f.key]), rows)]
    for f in seat_figures(figures, Kind.SERIES):
        if seats:
            lines += ["", *_series_table(f, seats, s["games"])]
    for warning in m.get("warnings", []):
        lines += ["", f"warning: {warning}"]
    return "\n".join(lines)
