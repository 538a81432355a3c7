"""Race to the well's pictures and words (``woa_core.api.Drawing``), for ``woa board``,
``woa replay --svg/--html/--at`` and ``woa play``: the places in columns by their distance from the
camp, the paths between them, each runner a numbered disc. race.py reads it (``runpy``), so the
pack stays one short file of rules and one of pictures; docs/rule-packs.md walks through both."""

from html import escape
from typing import Any

from woa_core.api import Drawing, Viewer

COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e")  # p1..p4
STEP, ROW, MARGIN = 120, 64, 50  # pixels between columns, rows; the border


def _places(rules: Any) -> dict[int, tuple[int, int]]:
    """Each place's centre: its column is its distance from the camp, its row its rank there."""
    by_column: dict[int, list[int]] = {}
    for q in range(len(rules.places)):
        by_column.setdefault(rules.distance[rules.start][q], []).append(q)
    return {q: (MARGIN + c * STEP, MARGIN + 30 + r * ROW) for c, qs in by_column.items() for r, q in enumerate(qs)}


def _document(rules: Any, board: str, pieces: str) -> str:
    at = _places(rules).values()
    width, height = max(x for x, _ in at) + MARGIN, max(y for _, y in at) + MARGIN
    title = escape(f"Race to the well · rules {rules.name} ({rules.content_hash}) · {rules.players} players")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="{title}"><title>{title}</title>'
        f'<text x="10" y="20" font-size="13">{title}</text><g id="board">{board}</g><g id="pieces">{pieces}</g></svg>\n'
    )


def _board(rules: Any) -> str:
    at, names = _places(rules), {name: q for q, name in enumerate(rules.places)}
    paths = [(names[a], names[b]) for a, ends in rules.document["board"]["paths"].items() for b in ends]
    lines = "".join(
        f'<line x1="{at[a][0]}" y1="{at[a][1]}" x2="{at[b][0]}" y2="{at[b][1]}" stroke="#999"/>' for a, b in paths
    )
    spots = "".join(
        f'<circle cx="{x}" cy="{y}" r="18" fill="{"#aed6f1" if q == rules.goal else "#f9e79f"}" stroke="#555"/>'
        f'<text x="{x}" y="{y + 32}" font-size="11" text-anchor="middle">{escape(rules.places[q])}</text>'
        for q, (x, y) in at.items()
    )
    return lines + spots


def _runners(rules: Any, state: Any) -> str:
    at = _places(rules)
    return "".join(
        f'<g class="runner"><circle cx="{at[q][0] - 9 + 6 * p}" cy="{at[q][1] - 4 + 3 * p}" r="7" '
        f'fill="{COLOURS[p % len(COLOURS)]}" stroke="#fff"/><text x="{at[q][0] - 9 + 6 * p}" '
        f'y="{at[q][1] + 3 * p}" font-size="9" fill="#fff" text-anchor="middle">{p + 1}</text></g>'
        for p, q in enumerate(state.at)
    )


def _text(game: Any, seat: int | None) -> str:
    """Where the runners stand and how far each is from the well; a seat sees its own hand."""
    r, s = game.rules, game.state
    lines = [f"turn {s.turn + 1} · {len(s.deck)} cards face down · played: {' '.join(map(str, s.played)) or 'none'}"]
    for p, q in enumerate(s.at):
        hand = f" · hand {' '.join(map(str, s.hands[p]))}" if seat == p else ""
        lines.append(f"  p{p + 1} at {r.places[q]}, {r.distance[q][r.goal]} paths from the well{hand}")
    return "\n".join(lines)


DRAWING = Drawing(
    board=lambda rules, state, seats, source: _document(rules, _board(rules), _runners(rules, state) if state else ""),
    viewer=lambda rules: Viewer(
        document=lambda pieces: _document(rules, _board(rules), pieces),
        parts=lambda state, seats: [_runners(rules, state)],
    ),
    text=_text,
    explain=lambda rules, before, after: None,  # no round ends: every action says what happened
    scores=lambda state: [0] * len(state.at),  # no score but the ranking
    unit="",
)
