"""The simulation report: a table a designer can read, and the same as JSON."""

from __future__ import annotations

from typing import Any


def _pct(rate: float) -> str:
    return f"{100 * rate:5.1f}%"


def _ci(figure: dict[str, Any]) -> str:
    return f"[{100 * figure['ci_low']:.1f}–{100 * figure['ci_high']:.1f}]"


def format_table(report: dict[str, Any]) -> str:
    """The human-readable report of ``woa simulate``."""
    m, s = report["manifest"], report["stats"]
    lines = [
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
    r = s["rounds"]
    hist = " ".join(f"{k}:{v}" for k, v in r["histogram"].items())
    ends = ", ".join(f"{k} {v}" for k, v in s["end_reasons"].items())
    lines += [
        "",
        f"rounds per game: mean {r['mean']:.2f}, sd {r['sd']:.2f}   ({hist})",
        f"game end: {ends}",
        "",
    ]
    lines.append("wins by bot              games   wins   rate    95% CI")
    for bot, w in s["wins_by_bot"].items():
        lines.append(f"  {bot:<20} {w['games']:>7} {w['wins']:>6} {_pct(w['estimate'])}  {_ci(w)}")
    fp = s["first_player"]
    mixed = len(set(m["bots"])) > 1
    lines.append(
        f"first in round-1 order wins {_pct(fp['estimate'])} {_ci(fp)} (an even share is {_pct(fp['fair_share'])})"
        + ("; bots differ, so not a seat effect" if mixed else "")
    )
    if "gold_track_top" in s:
        gt = s["gold_track_top"]
        lines.append(
            f"top of the starting gold track wins {_pct(gt['estimate'])} {_ci(gt)} (the tie-break cube, R9: "
            "a different advantage from turn order)"
        )
    lines += [
        "",
        "per seat        wins   rate    95% CI          VP  settle  alcalde  gold-maj  final-gold  gold",
    ]
    for seat, w in zip(s["per_seat"], s["wins_by_seat"], strict=True):
        src = seat["vp_by_source"]
        lines.append(
            f"  {seat['seat']:<10} {w['wins']:>6} {_pct(w['estimate'])}  {_ci(w):<14}"
            f"{seat['vp']['mean']:>6.1f} {src['settlements']:>7.1f} {src['alcalde']:>8.1f} "
            f"{src['gold_majority']:>9.1f} {src['final_gold']:>11.1f} {seat['final_gold']['mean']:>5.1f}"
        )
    regions = list(s["per_seat"][0]["goods_sold_by_region"]) if s["per_seat"] else []
    actions = list(s["per_seat"][0]["actions_used"]) if s["per_seat"] else []
    lines += [
        "",
        "per seat, per game   goods sold by region: " + ", ".join(regions) + "   actions used: " + ", ".join(actions),
    ]
    for seat in s["per_seat"]:
        sold = " ".join(f"{v:5.2f}" for v in seat["goods_sold_by_region"].values())
        used = " ".join(f"{v:5.2f}" for v in seat["actions_used"].values())
        lines.append(f"  {seat['seat']:<10} sold {sold}   used {used}   settlements {seat['settlements']:.2f}")
    for warning in m.get("warnings", []):
        lines += ["", f"warning: {warning}"]
    return "\n".join(lines)
