"""The verdict: what a designer must know of a run, in a few sentences, from the declared figures.

``woa simulate`` and ``woa compare`` lead every output with it — the text report's first lines,
the ``verdict`` list of ``--json``, the top of the ``--html`` page — and all three render the one
list these functions compute (``simulate_verdict``, ``compare_verdict``). No figure is named
here: each finding follows from a figure's ``Kind`` (``woa_core.report.figures``), so every pack's
report says, in its own words,

- the seat advantages it declares (``WON``: the first player, the start player...), each against
  an even share with its 95% interval, and whether it is beyond noise;
- the spread between the seats' win rates (``WINS``), and between the bots when they differ;
- how long games last (a ``MEAN`` figure with a histogram) and how they end (``CATEGORY``);
- for compare, first the rows that changed beyond noise, in one line, then the same topics under
  both rulesets.

>>> from woa_core.report.figures import KERNEL_FIGURES
>>> stats = {"games": 100, "wins_by_seat": [
...     {"seat": "p1", "wins": 60, "estimate": 0.6, "ci_low": 0.52, "ci_high": 0.69},
...     {"seat": "p2", "wins": 40, "estimate": 0.4, "ci_low": 0.31, "ci_high": 0.48}]}
>>> report = {"manifest": {"players": 2, "bots": ["random", "random"], "rotate_seats": False}, "stats": stats}
>>> print(verdict_text(simulate_verdict(report, KERNEL_FIGURES)))
verdict:
- seats win from 40.0% (p2) to 60.0% (p1), a spread of 20.0 points; p1, p2 beyond noise of an even 50.0%
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from woa_core.report.figures import Figure, Kind, row_figure, seat_of_row
from woa_core.sim.stats import CI_HIGH, CI_LOW, ESTIMATE, estimate_fields


@dataclass(frozen=True, slots=True)
class Finding:
    """One sentence of a verdict: ``topic`` (a figure's name, or ``seats``, ``bots``, ``changed``),
    ``says`` (the sentence) and the numbers it rests on (``detail``, JSON-ready, under the reports'
    shared names)."""

    topic: str
    says: str
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The finding as ``--json`` prints it.

        >>> Finding("seats", "even", {"spread": 0.0}).to_json()
        {'topic': 'seats', 'says': 'even', 'spread': 0.0}
        """
        return {"topic": self.topic, "says": self.says, **self.detail}


# ------------------------------------------------------------------------------ words


def percent(rate: float) -> str:
    """A share as a percentage with one decimal.

    >>> percent(0.835)
    '83.5%'
    """
    return f"{100 * rate:.1f}%"


def interval(entry: dict[str, Any]) -> str:
    """An estimate's 95% interval as percentages (``entry``: a rate under the shared names).

    >>> interval({"estimate": 0.8, "ci_low": 0.777, "ci_high": 0.88})
    '[77.7–88.0]'
    """
    return f"[{100 * entry[CI_LOW]:.1f}–{100 * entry[CI_HIGH]:.1f}]"


def side_of(entry: dict[str, Any], even: float) -> str:
    """Where a rate's 95% interval lies against ``even``: ``above``, ``below`` or ``even`` (it holds it).

    >>> side_of({"ci_low": 0.55, "ci_high": 0.7}, 0.5), side_of({"ci_low": 0.45, "ci_high": 0.7}, 0.5)
    ('above', 'even')
    """
    if entry[CI_LOW] > even:
        return "above"
    if entry[CI_HIGH] < even:
        return "below"
    return "even"


def _words(key: str) -> str:
    return key.replace("_", " ")


def _change(row: dict[str, Any]) -> str:
    """A compare row's change: rates in percentage points, means as they are."""
    if row.get("kind") == "rate":
        return f"{100 * row[ESTIMATE]:+.1f} pp"
    return f"{row[ESTIMATE]:+.3g}"


def _change_with_interval(row: dict[str, Any]) -> str:
    if row.get("kind") == "rate":
        return f"{_change(row)} [{100 * row[CI_LOW]:+.1f}, {100 * row[CI_HIGH]:+.1f}]"
    return f"{_change(row)} [{row[CI_LOW]:+.3g}, {row[CI_HIGH]:+.3g}]"


def _noise(row: dict[str, Any]) -> str:
    return "beyond noise" if row.get("significant") else "within noise"


# ------------------------------------------------------------------------------ simulate


def simulate_verdict(report: dict[str, Any], figures: Sequence[Figure]) -> list[Finding]:
    """What a ``woa simulate`` report (``{"manifest", "stats"}``) says, in sentences: each
    declared seat advantage first, then the seats' spread, the bots', game length and game end.

    >>> from woa_core.report.figures import declared
    >>> from woa_core.rules import load_rules
    >>> figures = declared(load_rules("africa", 2))
    >>> stats = {"games": 200, "first_player": {"wins": 120, "estimate": 0.6, "ci_low": 0.53, "ci_high": 0.67,
    ...          "fair_share": 0.5}}
    >>> manifest = {"players": 2, "bots": ["random", "random"]}
    >>> simulate_verdict({"manifest": manifest, "stats": stats}, figures)[0].says
    'the start player wins 60.0% [53.0–67.0] of games against an even 50.0%: an advantage beyond noise'
    """
    m, s = report["manifest"], report["stats"]
    mixed = len(set(m.get("bots", []))) > 1
    found: list[Finding] = []
    for f in figures:
        if f.kind is Kind.WON and f.key in s:
            found.append(advantage(f, s[f.key], mixed))
    for f in figures:
        if f.kind is Kind.WINS and f.key in s:
            found.append(seat_spread(s[f.key], m))
            if mixed and f"{f.name}_by_bot" in s:
                found.append(bot_spread(s[f"{f.name}_by_bot"]))
    for f in figures:
        if f.kind is Kind.MEAN and f.histogram and not f.seat and f.key in s:
            found.append(length(f, s[f.key]))
    for f in figures:
        if f.kind is Kind.CATEGORY and f.key in s:
            found.append(end_mix(f, s[f.key], s["games"]))
    return found


JUDGEMENT = {
    "above": "an advantage beyond noise",
    "below": "a disadvantage beyond noise",
    "even": "within noise of an even share",
}


def advantage(f: Figure, entry: dict[str, Any], mixed: bool) -> Finding:
    """A ``WON`` figure (the first player wins) against an even share, with its interval.

    >>> from woa_core.report.figures import first_player_wins
    >>> entry = {"wins": 167, "estimate": 0.835, "ci_low": 0.777, "ci_high": 0.88, "fair_share": 0.5}
    >>> advantage(first_player_wins(lambda g, w: 0, "first in round-1 order"), entry, False).says
    'first in round-1 order wins 83.5% [77.7–88.0] of games against an even 50.0%: an advantage beyond noise'
    """
    even = entry["fair_share"]
    side = side_of(entry, even)
    says = f"{f.label} wins {percent(entry[ESTIMATE])} {interval(entry)} of games against an even {percent(even)}"
    says += f": {JUDGEMENT[side]}"
    if mixed and f.note_if_bots_differ:
        says += f" ({f.note_if_bots_differ})"
    detail = estimate_fields(entry[ESTIMATE], entry[CI_LOW], entry[CI_HIGH]) | {"even": even, "side": side}
    return Finding(f.name, says, detail)


def seat_spread(seats: list[dict[str, Any]], manifest: dict[str, Any]) -> Finding:
    """The seats' win rates: the lowest and the highest, their spread, the seats beyond noise of
    an even share (and that the seats hold different bots, when they do and are not rotated).

    >>> even = [{"seat": f"p{k}", "estimate": 0.5, "ci_low": 0.3, "ci_high": 0.7} for k in (1, 2)]
    >>> seat_spread(even, {"bots": ["random", "random"]}).says
    'every seat wins 50.0%; no seat beyond noise of an even 50.0%'
    """
    even = 1 / max(len(seats), 1)
    low = min(seats, key=lambda e: e[ESTIMATE])
    high = max(seats, key=lambda e: e[ESTIMATE])
    spread = high[ESTIMATE] - low[ESTIMATE]
    beyond = [e["seat"] for e in seats if side_of(e, even) != "even"]
    if spread:
        says = (
            f"seats win from {percent(low[ESTIMATE])} ({low['seat']}) to {percent(high[ESTIMATE])} ({high['seat']}), "
            f"a spread of {100 * spread:.1f} points; "
        )
    else:
        says = f"every seat wins {percent(low[ESTIMATE])}; "
    says += (f"{', '.join(beyond)} beyond noise" if beyond else "no seat beyond noise") + f" of an even {percent(even)}"
    if len(set(manifest.get("bots", []))) > 1 and not manifest.get("rotate_seats"):
        says += " (the seats hold different bots: this is the bots' difference as much as the seats')"
    return Finding("seats", says, {"spread": round(spread, 4), "even": round(even, 4), "beyond_noise": beyond})


def bot_spread(by_bot: dict[str, dict[str, Any]]) -> Finding:
    """Each bot's win rate per seat it held, with its interval (when the seats' bots differ).

    >>> bot_spread({"random": {"games": 10, "wins": 2, "estimate": 0.2, "ci_low": 0.06, "ci_high": 0.51}}).says
    'bots win random 20.0% [6.0–51.0]'
    """
    says = "bots win " + ", ".join(f"{bot} {percent(e[ESTIMATE])} {interval(e)}" for bot, e in by_bot.items())
    return Finding("bots", says, {"bots": {bot: e[ESTIMATE] for bot, e in by_bot.items()}})


def length(f: Figure, entry: dict[str, Any]) -> Finding:
    """How long games last: the mean and sd of a figure with a histogram, and its range.

    >>> from woa_core.report.figures import length_and_end
    >>> rounds = length_and_end(lambda g, w: 0, "rounds", lambda g, w: None)[0]
    >>> length(rounds, {"mean": 6.38, "sd": 0.49, "histogram": {"6": 125, "7": 75}}).says
    'game length: mean 6.38 rounds (sd 0.49), from 6 to 7'
    """
    says = f"{f.label}: mean {entry['mean']:.2f} {f.unit} (sd {entry['sd']:.2f})".replace("  ", " ")
    seen = [float(k) for k in entry.get("histogram", {})]
    if seen:
        says += f", from {min(seen):g} to {max(seen):g}"
    return Finding(f.name, says, {"mean": entry["mean"], "sd": entry["sd"]})


def end_mix(f: Figure, counts: dict[str, int], games: int) -> Finding:
    """How games end: each reason's share of the games, the most common first.

    >>> from woa_core.report.figures import length_and_end
    >>> ends = length_and_end(lambda g, w: 0, "turns", lambda g, w: None)[1]
    >>> end_mix(ends, {"bonus": 46, "max_turns": 4}, 50).says
    'game end: bonus 92.0% of games, max turns 8.0%'
    """
    shares = {k: v / max(games, 1) for k, v in sorted(counts.items(), key=lambda kv: -kv[1])}
    parts = [f"{_words(k)} {percent(v)}" for k, v in shares.items()]
    if parts:
        parts[0] += " of games"
    return Finding(f.name, f"{f.label}: " + ", ".join(parts), {"shares": {k: round(v, 4) for k, v in shares.items()}})


# ------------------------------------------------------------------------------ compare


def compare_verdict(report: dict[str, Any], figures: Sequence[Figure]) -> list[Finding]:
    """What a ``woa compare`` report (``{"manifest", "method", "rows"}``) says, in sentences: the
    rows that changed beyond noise in one line, then each seat advantage under both rulesets,
    the seats' spread, game length and game end.

    >>> from woa_core.report.figures import KERNEL_FIGURES
    >>> rows = [{"figure": "p1_wins", "kind": "rate", "base": 0.5, "variant": 0.7, "estimate": 0.2,
    ...          "ci_low": 0.1, "ci_high": 0.3, "significant": True},
    ...         {"figure": "p2_wins", "kind": "rate", "base": 0.5, "variant": 0.3, "estimate": -0.2,
    ...          "ci_low": -0.3, "ci_high": -0.1, "significant": True}]
    >>> report = {"manifest": {"players": 2, "games": 100}, "method": {"alpha": 0.05, "correction": "holm"},
    ...           "rows": rows}
    >>> print(verdict_text(compare_verdict(report, KERNEL_FIGURES)))
    verdict:
    - 2 of 2 rows changed beyond noise (adjusted p below 0.05, Holm): p1 wins +20.0 pp, p2 wins -20.0 pp
    - seats' win rates spread 0.0 points under the base, 40.0 under the variant; p1, p2 changed beyond noise
    """
    rows, method = report["rows"], report["method"]
    found = [changed(rows, method, report["manifest"].get("games", 0))]
    by_name = {r["figure"]: r for r in rows}
    players = int(report["manifest"].get("players") or 1)
    for f in figures:
        if f.kind is Kind.WON and f.name in by_name:
            found.append(advantage_change(f, by_name[f.name], 1 / players))
    for f in figures:
        seats = [r for r in rows if f.kind is Kind.WINS and seat_of_row(r["figure"], f) is not None]
        if seats:
            found.append(seat_spread_change(seats))
    for f in figures:
        if f.kind is Kind.MEAN and f.histogram and not f.seat and f.name in by_name:
            found.append(length_change(f, by_name[f.name]))
    for f in figures:
        ends = [r for r in rows if f.kind is Kind.CATEGORY and row_figure(figures, r["figure"]) is f]
        if ends:
            found.append(end_mix_change(f, ends))
    return found


CORRECTED_BY = {"holm": "Holm", "bh": "Benjamini–Hochberg"}


def changed(rows: Sequence[dict[str, Any]], method: dict[str, Any], games: int) -> Finding:
    """The one-line summary of a comparison: how many rows changed beyond noise, and which, with
    each one's change.

    >>> rows = [{"figure": "rounds", "kind": "mean", "estimate": -0.48, "significant": True},
    ...         {"figure": "p1_wins", "kind": "rate", "estimate": 0.01, "significant": False}]
    >>> changed(rows, {"alpha": 0.05, "correction": "holm"}, 150).says
    '1 of 2 rows changed beyond noise (adjusted p below 0.05, Holm): rounds -0.48'
    """
    flagged = [r for r in rows if r.get("significant")]
    how = f"adjusted p below {method['alpha']}, {CORRECTED_BY.get(method['correction'], method['correction'])}"
    if flagged:
        says = f"{len(flagged)} of {len(rows)} rows changed beyond noise ({how}): " + ", ".join(
            f"{_words(r['figure'])} {_change(r)}" for r in flagged
        )
    else:
        says = f"no row of {len(rows)} changed beyond noise ({how}) in {games} game pairs"
    return Finding("changed", says, {"of_rows": len(rows), "changed": [r["figure"] for r in flagged]})


def advantage_change(f: Figure, row: dict[str, Any], even: float) -> Finding:
    """A ``WON`` figure under both rulesets against an even share, and its change.

    >>> from woa_core.report.figures import first_player_wins
    >>> row = {"figure": "first_player_wins", "kind": "rate", "base": 0.08, "variant": 0.107,
    ...        "estimate": 0.027, "ci_low": -0.005, "ci_high": 0.059, "significant": False}
    >>> print(advantage_change(first_player_wins(lambda g, w: 0, "the start player"), row, 1 / 3).says)
    the start player wins 8.0% under the base, 10.7% under the variant (even 33.3%): +2.7 pp [-0.5, +5.9], within noise
    """
    says = (
        f"{f.label} wins {percent(row['base'])} under the base, {percent(row['variant'])} under the variant "
        f"(even {percent(even)}): {_change_with_interval(row)}, {_noise(row)}"
    )
    detail = {"base": row["base"], "variant": row["variant"], "even": round(even, 4)}
    return Finding(f.name, says, detail | _estimate(row))


def seat_spread_change(seats: Sequence[dict[str, Any]]) -> Finding:
    """The spread between the seats' win rates under each ruleset, and the seats whose rate
    changed beyond noise."""
    spread = {side: max(r[side] for r in seats) - min(r[side] for r in seats) for side in ("base", "variant")}
    moved = [r["figure"].split("_", 1)[0] for r in seats if r.get("significant")]
    says = (
        f"seats' win rates spread {100 * spread['base']:.1f} points under the base, "
        f"{100 * spread['variant']:.1f} under the variant; "
        + (f"{', '.join(moved)} changed beyond noise" if moved else "no seat's changed beyond noise")
    )
    return Finding(
        "seats", says, {"spread_base": round(spread["base"], 4), "spread_variant": round(spread["variant"], 4)}
    )


def length_change(f: Figure, row: dict[str, Any]) -> Finding:
    """Game length under both rulesets, and its change with its interval."""
    says = (
        f"{f.label}: {row['base']:.2f} {f.unit} under the base, {row['variant']:.2f} under the variant: "
        f"{_change_with_interval(row)}, {_noise(row)}"
    )
    return Finding(f.name, says, {"base": row["base"], "variant": row["variant"]} | _estimate(row))


def end_mix_change(f: Figure, rows: Sequence[dict[str, Any]]) -> Finding:
    """How games end under both rulesets: each reason's share, base to variant, flagged ones said."""
    parts = []
    for r in rows:
        reason = _words(r["figure"][len(f.prefix) + 1 :])
        parts.append(
            f"{reason} {percent(r['base'])} → {percent(r['variant'])}"
            + (" (beyond noise)" if r.get("significant") else "")
        )
    shares = {r["figure"][len(f.prefix) + 1 :]: {"base": r["base"], "variant": r["variant"]} for r in rows}
    return Finding(f.name, f"{f.label}, base → variant: " + ", ".join(parts), {"shares": shares})


def _estimate(row: dict[str, Any]) -> dict[str, Any]:
    return {ESTIMATE: row[ESTIMATE], CI_LOW: row[CI_LOW], CI_HIGH: row[CI_HIGH]}


# ------------------------------------------------------------------------------ rendering


def verdict_text(findings: Sequence[Finding] | Sequence[dict[str, Any]]) -> str:
    """The verdict as the text reports lead with it: a heading, then a line per finding
    (``findings``: ``Finding`` objects or their ``to_json``).

    >>> print(verdict_text([Finding("seats", "even seats")]))
    verdict:
    - even seats
    """
    return "\n".join(["verdict:", *(f"- {says_of(f)}" for f in findings)])


def says_of(finding: Finding | dict[str, Any]) -> str:
    """A finding's sentence, from a ``Finding`` or its JSON."""
    return finding.says if isinstance(finding, Finding) else str(finding["says"])


def with_verdict(report: dict[str, Any], findings: Sequence[Finding]) -> dict[str, Any]:
    """``report`` led by its verdict (``verdict``: each finding's JSON), as ``--json`` prints it.

    >>> list(with_verdict({"manifest": {}}, [Finding("seats", "even")]))
    ['verdict', 'manifest']
    """
    return {"verdict": [f.to_json() for f in findings], **report}
